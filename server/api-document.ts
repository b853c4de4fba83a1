/**
 * The OpenAPI document as the routes describe it, built from an app on a throwaway in-memory
 * database (the routes' schemas do not depend on data). `npm run openapi` writes it to
 * docs/api/openapi.json; a server test fails when that copy is out of date.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { createMailer } from './platform/mail';
import { createBlobStorage } from './platform/blob-storage';

export const API_DOCUMENT_PATH = 'docs/api/openapi.json';

/** The document as the file holds it: two-space JSON and a final newline. */
export function formatApiDocument(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export async function buildApiDocument(): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pod-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') });
  const database = await openDatabase({ databaseUrl: null, memory: true });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir, from: config.mailFrom, log: { info: () => {} } as never });
  const app = await buildApp({ config, database, db: database.db, mailer, blobs: createBlobStorage(config) }, { logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
