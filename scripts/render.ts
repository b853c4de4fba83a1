/**
 * npm run render -- --jobs <jobs.jsonl> --out <dir> [--concurrency N] [--timeout <s>]
 *
 * Bulk mockups through the built engine package (engine/dist, `npm run build:engine`) in headless
 * Chromium: N pages, each with its own render worker, take jobs from one queue. N defaults to the
 * render pool's rule (poolSizeFor): one per core, up to 8. A job is one JSON
 * line: {"id"?, "template": "<template.json>", "design"?: "<image | SkuDesign .json>", "color"?,
 * "size"?, "view"?, "format"?: "jpeg" | "png", "out"?: "<file>"}; paths are relative to the jobs
 * file, the output to --out (default `<id>.jpg`, the id defaulting to the line number).
 * Outputs already there are skipped, so a run that stopped picks up where it was. Prints a line
 * per job and a summary; exits 1 when any job failed.
 *
 * With `--queue <batch>` the jobs go through the database's render queue (server/rendering):
 * every node started with the same jobs file, batch name and database (`--database <url>`, else
 * DATABASE_URL: a PostgreSQL every node reaches) loads the file into the batch (lines already
 * there are kept) and claims jobs one at a time until none is left, so several machines share one
 * job list. Paths stay relative to the jobs file and outputs to --out, which the nodes share (a
 * network folder, or each keeps its own). A node that dies gives its jobs back after ten minutes;
 * a job is tried three times. The summary then counts the whole batch, and the run fails when any
 * of its jobs failed.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { poolSizeFor } from '@pod-studio/engine/pool';
import { forwardPageErrors, launchChromium } from './engine-harness.ts';
import { serveStatic } from './static-server.ts';
import { openDatabase, type Database } from '../server/platform/db/client.ts';
import { batchCounts, claimJobs, enqueueBatch, failedJobs, failJob, finishJob } from '../server/rendering/queue.ts';

const usage =
  'usage: npm run render -- --jobs <jobs.jsonl> --out <dir> [--concurrency N] [--timeout <seconds>] [--queue <batch> [--database <postgres-url>]]';
const { values } = parseArgs({
  options: {
    jobs: { type: 'string' },
    out: { type: 'string' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
    queue: { type: 'string' },
    database: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help || !values.jobs || !values.out) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}
const concurrency = values.concurrency === undefined ? null : Number(values.concurrency);
const timeoutMs = Number(values.timeout ?? 120) * 1000;
if (concurrency !== null && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)) {
  console.error('--concurrency must be a whole number from 1 to 16');
  process.exit(2);
}
if (!(timeoutMs > 0)) {
  console.error('--timeout must be a positive number of seconds');
  process.exit(2);
}

const batch = values.queue;
const databaseUrl = values.database ?? process.env.DATABASE_URL ?? '';
if (batch !== undefined && !/^[\w.:-]{1,100}$/.test(batch)) {
  console.error('--queue names the batch: 1 to 100 letters, digits, or . _ : -');
  process.exit(2);
}
if (batch !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('--queue needs the PostgreSQL every node shares: --database postgres://… or DATABASE_URL');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'engine/dist');
if (!existsSync(path.join(dist, 'package.json'))) {
  console.error('engine/dist is not built: run `npm run build:engine` first');
  process.exit(2);
}

/** One line of the jobs file, as written. */
interface JobLine {
  id?: string;
  template?: string;
  design?: string;
  color?: string;
  size?: number;
  view?: string;
  format?: 'jpeg' | 'png';
  out?: string;
  quality?: number;
}

interface Job {
  readonly index: number;
  readonly id: string;
  /** The file it writes. */
  readonly out: string;
  /** Why the line cannot be rendered at all, found before any page sees it. */
  readonly invalid?: string;
  readonly line: JobLine;
  /** The line as written in the jobs file. */
  readonly text: string;
}

/** What window.podRender (tools/render-page/main.js) answers. */
interface Rendered {
  base64: string;
  width: number;
  height: number;
  viewId: string;
}

const jobsFile = path.resolve(values.jobs);
const jobsDir = path.dirname(jobsFile);
const outDir = path.resolve(values.out);
const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_');

function parseJob(text: string, index: number): Job {
  const fallbackId = `job-${String(index + 1).padStart(4, '0')}`;
  let line: JobLine;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
    line = parsed as JobLine;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return {
      index,
      id: fallbackId,
      out: path.join(outDir, `${fallbackId}.jpg`),
      invalid: `line ${index + 1}: ${reason}`,
      line: {},
      text,
    };
  }
  const id = typeof line.id === 'string' && line.id !== '' ? line.id : fallbackId;
  const format = line.format ?? (line.out && /\.png$/i.test(line.out) ? 'png' : 'jpeg');
  const out = path.resolve(outDir, line.out ?? `${safeName(id)}.${format === 'png' ? 'png' : 'jpg'}`);
  const problems = [
    typeof line.template !== 'string' ? 'no "template"' : null,
    format !== 'jpeg' && format !== 'png' ? `"format" must be jpeg or png` : null,
    line.size !== undefined && !(Number.isInteger(line.size) && line.size > 0 && line.size <= 16384)
      ? '"size" must be 1 to 16384 px'
      : null,
    !out.startsWith(outDir + path.sep) ? '"out" leaves the output folder' : null,
  ].filter((p) => p !== null);
  return { index, id, out, line: { ...line, format }, text, ...(problems.length ? { invalid: problems.join('; ') } : {}) };
}

const jobs = (await readFile(jobsFile, 'utf8'))
  .split('\n')
  .map((text, i) => ({ text: text.trim(), i }))
  .filter(({ text }) => text !== '' && !text.startsWith('//'))
  .map(({ text, i }) => parseJob(text, i));
/** The jobs by their line's index, as the queue knows them. */
const jobAt = new Map(jobs.map((j) => [j.index, j]));

/** The folders a job's files are served from: /__job/<index>/t/ (template) and /d/ (design). */
const folders = new Map<string, string>();
for (const job of jobs) {
  if (job.line.template) folders.set(`/__job/${job.index}/t/`, path.dirname(path.resolve(jobsDir, job.line.template)));
  if (job.line.design) folders.set(`/__job/${job.index}/d/`, path.dirname(path.resolve(jobsDir, job.line.design)));
}

// A job's template and design are served from their own folders only (the mounts refuse paths that climb out).
const server = await serveStatic({
  mounts: { '/engine/dist/': dist, '/render/': path.join(root, 'tools/render-page'), ...Object.fromEntries(folders) },
});

const started = Date.now();
let browser: Browser | null = null;
const failures: { id: string; reason: string }[] = [];
let rendered = 0;
let skipped = 0;
let done = 0;
const total = jobs.length;
const progress = (text: string) => console.log(batch === undefined ? `[${++done}/${total}] ${text}` : `[${++done}] ${text}`);

/**
 * Where the lanes take their jobs from: the jobs file's list, or the database's render queue,
 * claimed one at a time. `settle` reports a job's end to the queue (nothing to do for a file).
 */
interface JobSource {
  next(): Promise<Job | null>;
  settle(job: Job, outcome: { ok: true } | { ok: false; reason: string; final: boolean }): Promise<void>;
}

function listSource(list: readonly Job[]): JobSource {
  let next = 0;
  return { next: async () => list[next++] ?? null, settle: async () => {} };
}

function queueSource(database: Database, name: string): JobSource & { node: string } {
  const node = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const held = new Map<Job, number>();
  return {
    node,
    async next() {
      const [row] = await claimJobs(database.db, name, node, 1);
      if (!row) return null;
      const job = jobAt.get(row.position) ?? parseJob(String(row.job), row.position);
      held.set(job, row.id);
      return job;
    },
    async settle(job, outcome) {
      const id = held.get(job);
      held.delete(job);
      if (id === undefined) return;
      if (outcome.ok) await finishJob(database.db, id, node, path.relative(outDir, job.out));
      else await failJob(database.db, id, node, outcome.reason, outcome.final);
    },
  };
}

/** Opens the shared database; a node that finds the queue's table missing applies the migrations. */
async function openQueue(url: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: url });
  // Two nodes starting together may both migrate: the loser finds the work done on its second try.
  for (let attempt = 0; ; attempt++) {
    try {
      await database.migrate();
      return database;
    } catch (err) {
      if (attempt >= 2) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function openPage(b: Browser, lane: number): Promise<Page> {
  const page = await b.newPage();
  forwardPageErrors(page, `page ${lane}`);
  // A page whose modules fail to load never gets ready: its first error ends the wait.
  const failed = new Promise<never>((_, reject) => page.once('pageerror', (err) => reject(new Error(`render page: ${err.message}`))));
  await page.goto(`${server.origin}/render/index.html`);
  const ready = page.waitForFunction(() => (window as unknown as { podRenderReady?: boolean }).podRenderReady === true, undefined, {
    timeout: 60_000,
  });
  await Promise.race([ready, failed]);
  return page;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function renderJob(page: Page, job: Job): Promise<Rendered> {
  const { line } = job;
  const design = line.design
    ? {
        kind: /\.json$/i.test(line.design) ? 'json' : 'image',
        url: `/__job/${job.index}/d/${encodeURIComponent(path.basename(line.design))}`,
      }
    : undefined;
  const args = {
    template: { url: `/__job/${job.index}/t/${encodeURIComponent(path.basename(line.template!))}` },
    ...(design ? { design } : {}),
    ...(line.view ? { viewId: line.view } : {}),
    ...(line.color ? { color: line.color } : {}),
    ...(line.size ? { size: line.size } : {}),
    format: line.format ?? 'jpeg',
    ...(line.quality ? { quality: line.quality } : {}),
  };
  return page.evaluate((a) => (window as unknown as { podRender(job: typeof a): Promise<Rendered> }).podRender(a), args);
}

/** The first line of an error, without Playwright's and the page's prefixes ('page.evaluate: Error: …'). */
const reasonOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err))
    .split('\n')[0]!
    .replace(/^page\.evaluate: /, '')
    .replace(/^(?:Error|TypeError|DataError): /, '');
/** A path as the user would type it: relative to the working folder when inside it. */
const shown = (file: string) => {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
};

const database = batch === undefined ? null : await openQueue(databaseUrl);
let source: JobSource;
let pendingCount: number;
if (database && batch !== undefined) {
  // Every line goes into the batch as written (a bad line fails there, for every node to see).
  const added = await enqueueBatch(
    database.db,
    batch,
    jobs.map((j) => ({ position: j.index, job: j.text })),
  );
  const counts = await batchCounts(database.db, batch);
  pendingCount = counts.queued + counts.running;
  const q = queueSource(database, batch);
  source = q;
  console.log(
    `batch ${batch}: ${added} job(s) added, ${counts.queued} queued, ${counts.running} running, ${counts.done} done, ${counts.failed} failed (node ${q.node})`,
  );
} else {
  const pending: Job[] = [];
  for (const job of jobs) {
    if (job.invalid) {
      failures.push({ id: job.id, reason: job.invalid });
      progress(`FAILED ${job.id}: ${job.invalid}`);
    } else if ((await stat(job.out).catch(() => null))?.size) {
      skipped++;
      progress(`skipped ${job.id}: ${shown(job.out)} is already there`);
    } else pending.push(job);
  }
  source = listSource(pending);
  pendingCount = pending.length;
}

/** Renders one claimed job: a bad line or an output already there settles without a page. */
async function runJob(page: Page, job: Job): Promise<'ok' | 'failed' | 'skipped'> {
  if (job.invalid) {
    failures.push({ id: job.id, reason: job.invalid });
    progress(`FAILED ${job.id}: ${job.invalid}`);
    await source.settle(job, { ok: false, reason: job.invalid, final: true });
    return 'failed';
  }
  if (batch !== undefined && (await stat(job.out).catch(() => null))?.size) {
    skipped++;
    progress(`skipped ${job.id}: ${shown(job.out)} is already there`);
    await source.settle(job, { ok: true });
    return 'skipped';
  }
  const t0 = Date.now();
  try {
    const result = await withTimeout(renderJob(page, job), timeoutMs);
    await mkdir(path.dirname(job.out), { recursive: true });
    await writeFile(job.out, Buffer.from(result.base64, 'base64'));
    rendered++;
    progress(`ok ${job.id} → ${shown(job.out)} (${result.viewId}, ${result.width}x${result.height}, ${Date.now() - t0} ms)`);
    await source.settle(job, { ok: true });
    return 'ok';
  } catch (err) {
    failures.push({ id: job.id, reason: reasonOf(err) });
    progress(`FAILED ${job.id}: ${reasonOf(err)}`);
    await source.settle(job, { ok: false, reason: reasonOf(err), final: false });
    return 'failed';
  }
}

try {
  if (pendingCount > 0) {
    browser = await launchChromium();
    const b = browser;
    const first = await openPage(b, 0);
    // Every page's GL work goes to the browser's one GPU process; where that emulates WebGL on the
    // CPU it is said, since the pages then share the emulation's cores.
    const { softwareWebGL } = await first.evaluate(() =>
      (window as unknown as { podRenderInfo(): { softwareWebGL: boolean } }).podRenderInfo(),
    );
    const lanes = Math.min(concurrency ?? poolSizeFor(availableParallelism()), pendingCount);
    console.log(`${pendingCount} job(s) to render on ${lanes} page(s)${softwareWebGL ? ' (WebGL emulated on the CPU)' : ''}`);
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        let page = lane === 0 ? first : await openPage(b, lane);
        for (let job = await source.next(); job; job = await source.next()) {
          if ((await runJob(page, job)) === 'failed' && !job.invalid) {
            // A page that timed out or crashed may still be busy: the next job gets a fresh one.
            await page.close().catch(() => {});
            page = await openPage(b, lane);
          }
        }
        await page.close();
      }),
    );
  }
} finally {
  await browser?.close();
  await server.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (database && batch !== undefined) {
  console.log(`this node: ${rendered} rendered, ${skipped} skipped (already there), ${failures.length} failed attempt(s) in ${seconds} s`);
  const counts = await batchCounts(database.db, batch);
  console.log(
    `batch ${batch}: ${counts.done} done, ${counts.failed} failed, ${counts.queued} queued, ${counts.running} running on other nodes`,
  );
  const failed = await failedJobs(database.db, batch);
  if (failed.length > 0) {
    console.error('failed:');
    for (const f of failed) console.error(`  ${(jobAt.get(f.position) ?? parseJob(String(f.job), f.position)).id}: ${f.lastError ?? ''}`);
    process.exitCode = 1;
  }
  await database.close();
} else {
  console.log(`${total} job(s) in ${seconds} s: ${rendered} rendered, ${skipped} skipped (already there), ${failures.length} failed`);
  if (failures.length > 0) {
    console.error('failed:');
    for (const f of failures) console.error(`  ${f.id}: ${f.reason}`);
    process.exitCode = 1;
  }
}
