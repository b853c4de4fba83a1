/**
 * The real server for the benchmarks that drive the app or its catalogue: a free loopback port,
 * and `server/main.ts` started in a child process on the embedded database with the demo merchant
 * and catalogue, its data kept in `dataDir` between runs (the first start generates the catalogue).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The demo catalogue's data folder the app benchmarks share (generated once, then reused). */
export const DEMO_DATA_DIR = path.join(root, '.tmp', 'bench-bulk');

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the server on `port` with its data in `dataDir`; resolves once /health answers. */
export async function startAppServer(port: number, dataDir: string = DEMO_DATA_DIR): Promise<ChildProcess> {
  await mkdir(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
    },
  });
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/prod-api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error('the server did not start in 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}
