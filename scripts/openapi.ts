/** `npm run openapi`: writes the API document the routes describe to docs/api/openapi.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_DOCUMENT_PATH, buildApiDocument, formatApiDocument } from '../server/api-document';

const doc = await buildApiDocument();
mkdirSync(path.dirname(API_DOCUMENT_PATH), { recursive: true });
writeFileSync(API_DOCUMENT_PATH, formatApiDocument(doc));
console.log(`wrote ${API_DOCUMENT_PATH}`);
