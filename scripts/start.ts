/**
 * `npm start`: build the client only when its sources changed since the last build (the
 * fingerprint the build leaves in dist/, tools/build/source-stamp.ts), quietly, then start the
 * server (server/main.ts) in this process.
 */
import path from 'node:path';
import { ensureClientBuilt } from '../tools/build/ensure-client';

const root = path.resolve(import.meta.dirname, '..');
const terminal = Boolean(process.stdout.isTTY);
const say = (line: string) => {
  if (terminal) console.log(line);
};

if (!ensureClientBuilt(root, say).ok) {
  console.error('  The client build failed (above); the server was not started.');
  process.exit(1);
}

await import('../server/main');
