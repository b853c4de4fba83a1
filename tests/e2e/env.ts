import path from 'node:path';
import { tmpdir } from 'node:os';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** One fresh data folder per run, wiped by the webServer command before the server starts. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), 'pod-e2e-data');
/** The built client the server serves: several checkouts can build and test side by side. */
export const E2E_CLIENT_DIR = process.env.E2E_CLIENT_DIR ?? 'dist';
/** The operator token the e2e server runs with (OPS_TOKEN): the commerce spec ships orders through the operator endpoint. */
export const E2E_OPS_TOKEN = process.env.E2E_OPS_TOKEN ?? 'e2e-operator-token-5c1f';
