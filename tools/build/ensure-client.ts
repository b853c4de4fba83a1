/**
 * Builds the client (dist/) when something it is built from changed since the last build (the
 * fingerprint the build leaves in dist/, ./source-stamp.ts), quietly: Vite's warnings and errors
 * only. Used by `npm start` and by the benchmarks that drive the built app.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readStamp, sourceStamp } from './source-stamp';

export function ensureClientBuilt(root: string, say: (line: string) => void = () => {}): { built: boolean; ok: boolean } {
  // Vite's outDir (vite.config.ts); the server serves CLIENT_DIR, which is this folder unless set.
  const outDir = path.join(root, 'dist');
  if (existsSync(path.join(outDir, 'index.html')) && readStamp(outDir) === sourceStamp(root)) {
    say('  Client: up to date (dist/)');
    return { built: false, ok: true };
  }
  say('  Client: sources changed, building…');
  const started = Date.now();
  // Vite's own CLI, through this Node (npx would start another npm): warnings and errors only.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) return { built: true, ok: false };
  say(`  Client: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { built: true, ok: true };
}
