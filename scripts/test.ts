/**
 * `npm test`: every suite in order: type-check, lint, format check, import cycles, unit, server on PGlite, the security probes, server on PostgreSQL (when
 * TEST_DATABASE_URL names a server, as .ci/run does), browser (Chromium), the CLIs, then the app is built and
 * the e2e suite runs against it. Ends with one "N passed, N failed" line over all suites.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

interface Step {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
  report?: string;
  kind?: 'vitest' | 'playwright';
}

const reports = path.resolve('.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = (project: string, name: string, env?: Record<string, string>): Step => ({
  name,
  env,
  kind: 'vitest',
  report: path.join(reports, `${name}.json`),
  cmd: [
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
});

const only = process.argv.slice(2);
const steps: Step[] = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  // Style and structure: ESLint, Prettier's formatting, and no import cycles (type imports count).
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'format', cmd: ['npm', 'run', '--silent', 'format:check'] },
  { name: 'cycles', cmd: ['npm', 'run', '--silent', 'cycles'] },
  vitest('unit', 'unit'),
  vitest('server', 'server-pglite', { TEST_DATABASE_URL: '' }),
  // The generated security probes over the whole route table (tests/security), on PGlite.
  vitest('security', 'security', { TEST_DATABASE_URL: '' }),
  ...(process.env.TEST_DATABASE_URL ? [vitest('server', 'server-postgres', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL })] : []),
  ...(hasTests('tests/browser') ? [vitest('browser', 'browser')] : []),
  vitest('cli', 'cli'),
  { name: 'build', cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  {
    name: 'e2e',
    kind: 'playwright' as const,
    report: path.join(reports, 'e2e.json'),
    cmd: ['npx', 'playwright', 'test', '--config', 'tests/e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
  },
].filter((s) => only.length === 0 || only.includes(s.name));

function hasTests(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true }).some((f) => /\.test\.tsx?$/.test(String(f)));
}

let passed = 0,
  failed = 0,
  skipped = 0;
const summary: string[] = [];
let exitCode = 0;
for (const step of steps) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}`);
  const res = spawnSync(step.cmd[0]!, step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.report && existsSync(step.report) ? readCounts(step) : null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  }
  const ok = res.status === 0;
  if (!ok) exitCode = 1;
  summary.push(
    `${ok ? '✔' : '✘'} ${step.name.padEnd(16)} ${seconds.padStart(6)} s${counts ? `  ${counts.passed} passed, ${counts.failed} failed` : ''}`,
  );
}

function readCounts(step: Step): { passed: number; failed: number; skipped: number } {
  const json = JSON.parse(readFileSync(step.report!, 'utf8'));
  if (step.kind === 'vitest') {
    return {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
  }
  const stats = json.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), skipped: stats.skipped ?? 0 };
}

console.log(`\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
