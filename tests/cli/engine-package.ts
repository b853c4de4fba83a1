/** Builds the engine package once per test file (engine/dist), for the suites that run the built package. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function buildEnginePackage(): Promise<void> {
  await run('npm', ['run', '--silent', 'build:engine'], { cwd: process.cwd(), timeout: 120_000 });
}
