/**
 * `npm start`: build the client only when its sources changed since the last build (the
 * fingerprint the build leaves in dist/, tools/build/source-stamp.ts), quietly, then start the
 * server (server/main.ts) in this process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readStamp, sourceStamp } from '../tools/build/source-stamp';

const root = path.resolve(import.meta.dirname, '..');
// Vite's outDir (vite.config.ts); the server serves CLIENT_DIR, which is this folder unless set.
const outDir = path.join(root, 'dist');
const terminal = Boolean(process.stdout.isTTY);
const say = (line: string) => {
  if (terminal) console.log(line);
};

const fresh = existsSync(path.join(outDir, 'index.html')) && readStamp(outDir) === sourceStamp(root);
if (fresh) {
  say('  Client: up to date (dist/)');
} else {
  say('  Client: sources changed, building…');
  const started = Date.now();
  // Vite's own CLI, through this Node (npx would start another npm): warnings and errors only.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('  The client build failed (above); the server was not started.');
    process.exit(built.status ?? 1);
  }
  say(`  Client: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await import('../server/main');
