/**
 * `npm run render -- --queue`: render nodes sharing one job list through the database's render
 * queue. Two nodes started together on the same jobs file render every good job exactly once
 * between them, the bad line fails for the batch, and a node started afterwards finds nothing left.
 * On PostgreSQL: TEST_DATABASE_URL's server (CI), else a throwaway one from scripts/pg-test-server.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { writeFixtureTemplate } from './fixtures';
import { buildEnginePackage } from './engine-package.ts';
import { createPostgresDatabase } from '../server/harness';

const run = promisify(execFile);
let dir = '';
let out = '';
let databaseUrl = '';
let cleanup: () => Promise<void> = async () => {};

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}
const render = (args: string[]): Promise<CliResult> =>
  run('npx', ['tsx', 'scripts/render.ts', ...args], { cwd: process.cwd(), timeout: 170_000 }).then(
    (r) => ({ code: 0, ...r }),
    (e: CliResult) => e,
  );

/** A fresh database on the test PostgreSQL, and how to drop it (and stop a server started here). */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  let base = process.env.TEST_DATABASE_URL ?? '';
  let pgDir = '';
  if (!base) {
    pgDir = await mkdtemp(path.join(tmpdir(), 'pod-render-pg-'));
    base = execFileSync('bash', ['scripts/pg-test-server.sh', 'start', pgDir], { env: { ...process.env, PG_TEST_PORT: '54373' } })
      .toString()
      .trim();
  }
  const database = await createPostgresDatabase(base);
  return {
    url: database.url,
    drop: async () => {
      await database.drop();
      if (pgDir) {
        execFileSync('bash', ['scripts/pg-test-server.sh', 'stop', pgDir]);
        await rm(pgDir, { recursive: true, force: true });
      }
    },
  };
}

const JOB_IDS = ['blue-1', 'green-1', 'blue-2', 'green-2', 'blue-3', 'green-3'];

beforeAll(async () => {
  await buildEnginePackage();
  const database = await freshDatabase();
  databaseUrl = database.url;
  cleanup = database.drop;
  dir = await mkdtemp(path.join(tmpdir(), 'pod-render-queue-'));
  out = path.join(dir, 'out');
  await sharp({ create: { width: 160, height: 160, channels: 3, background: '#ffffff' } })
    .png()
    .toFile(path.join(dir, 'photo.png'));
  await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0000ff' } })
    .png()
    .toFile(path.join(dir, 'blue.png'));
  await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00c000' } })
    .png()
    .toFile(path.join(dir, 'green.png'));
  await writeFixtureTemplate(path.join(dir, 'template.json'), 'photo.png');
  const jobs = [
    ...JOB_IDS.map((id) => JSON.stringify({ id, template: 'template.json', design: `${id.split('-')[0]}.png`, size: 160 })),
    '{"id": "broken", "size": 100}',
  ];
  await writeFile(path.join(dir, 'jobs.jsonl'), jobs.join('\n'));
}, 180_000);

afterAll(async () => {
  await cleanup();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run render -- --queue', () => {
  it('lets two nodes share one batch: every good job rendered once between them, the bad line failed for the batch', async () => {
    const args = [
      '--jobs',
      path.join(dir, 'jobs.jsonl'),
      '--out',
      out,
      '--concurrency',
      '1',
      '--queue',
      'sheet-1',
      '--database',
      databaseUrl,
    ];
    const [a, b] = await Promise.all([render(args), render(args)]);
    const logs = `${a.stdout}\n${b.stdout}`;
    for (const id of JOB_IDS) {
      const times = logs.match(new RegExp(`\\] ok ${id} `, 'g'))?.length ?? 0;
      expect(times, `${id} rendered ${times} times:\n${logs}`).toBe(1);
    }
    expect(logs.match(/\] FAILED broken: no "template"/g)?.length).toBe(1);
    // The file went into the batch once. Each node ends with the batch's account as it stands when
    // it stops: a node that stops while the other still renders its last job counts that job as
    // running elsewhere; the node that stops last sees the whole batch settled.
    expect(logs.match(/batch sheet-1: 7 job\(s\) added/g)?.length).toBe(1);
    const accounts = [a, b].map((r) => {
      const m = r.stdout.match(/batch sheet-1: (\d+) done, (\d+) failed, (\d+) queued, (\d+) running on other nodes/);
      expect(m, r.stdout).not.toBeNull();
      return (m as RegExpMatchArray).slice(1).map(Number);
    });
    for (const [done, failed, queued, running] of accounts) {
      expect(queued).toBe(0);
      expect((done as number) + (failed as number) + (running as number)).toBe(7);
    }
    expect(accounts).toContainEqual([6, 1, 0, 0]);
    for (const r of [a, b]) {
      expect(r.stderr).toMatch(/failed:\n {2}broken: no "template"/);
      expect(r.code).toBe(1);
    }
    expect((await readdir(out)).sort()).toEqual(JOB_IDS.map((id) => `${id}.jpg`).sort());
    const { data } = await sharp(path.join(out, 'green-3.jpg')).raw().toBuffer({ resolveWithObject: true });
    const centre = (80 * 160 + 80) * 3;
    expect([...data.subarray(centre, centre + 3)].every((v, i) => Math.abs(v - [0, 192, 0][i]!) <= 12)).toBe(true);
  }, 180_000);

  it('gives a node started later nothing to do, and tells it how the batch ended', async () => {
    const res = await render(['--jobs', path.join(dir, 'jobs.jsonl'), '--out', out, '--queue', 'sheet-1', '--database', databaseUrl]);
    expect(res.stdout).toContain('batch sheet-1: 0 job(s) added, 0 queued, 0 running, 6 done, 1 failed');
    expect(res.stdout).not.toMatch(/job\(s\) to render/);
    expect(res.code).toBe(1);
  }, 120_000);

  it('refuses a queue without a shared PostgreSQL', async () => {
    const res = await run('npx', ['tsx', 'scripts/render.ts', '--jobs', path.join(dir, 'jobs.jsonl'), '--out', out, '--queue', 'x'], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: '' },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: CliResult) => e,
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--queue needs the PostgreSQL every node shares');
  }, 60_000);
});
