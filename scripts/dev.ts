/**
 * `npm run dev`: the API server (restarted on change by tsx watch) and Vite with hot reload, which
 * proxies /prod-api to that server so the app behaves as it does after `npm start`.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code && code !== 0) {
      console.error(`a dev process exited with ${code}`);
      stop();
    }
  });
