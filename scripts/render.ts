/**
 * npm run render -- --jobs <jobs.jsonl> --out <dir> [--concurrency N] [--timeout <s>]
 *
 * Bulk mockups through the built engine package (engine/dist, `npm run build:engine`) in headless
 * Chromium: N pages, each with its own render worker, take jobs from one queue. N defaults to the
 * render pool's rule (poolSizeFor): one per core with a GPU, one where WebGL is emulated. A job is one JSON
 * line: {"id"?, "template": "<template.json>", "design"?: "<image | SkuDesign .json>", "color"?,
 * "size"?, "view"?, "format"?: "jpeg" | "png", "out"?: "<file>"}; paths are relative to the jobs
 * file, the output to --out (default `<id>.jpg`, the id defaulting to the line number).
 * Outputs already there are skipped, so a run that stopped picks up where it was. Prints a line
 * per job and a summary; exits 1 when any job failed.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { poolSizeFor } from '@pod-studio/engine/pool';
import { forwardPageErrors, launchChromium } from './engine-harness.ts';
import { serveStatic } from './static-server.ts';

const usage = 'usage: npm run render -- --jobs <jobs.jsonl> --out <dir> [--concurrency N] [--timeout <seconds>]';
const { values } = parseArgs({
  options: {
    jobs: { type: 'string' },
    out: { type: 'string' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
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
    return { index, id: fallbackId, out: path.join(outDir, `${fallbackId}.jpg`), invalid: `line ${index + 1}: ${reason}`, line: {} };
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
  return { index, id, out, line: { ...line, format }, ...(problems.length ? { invalid: problems.join('; ') } : {}) };
}

const jobs = (await readFile(jobsFile, 'utf8'))
  .split('\n')
  .map((text, i) => ({ text: text.trim(), i }))
  .filter(({ text }) => text !== '' && !text.startsWith('//'))
  .map(({ text, i }) => parseJob(text, i));

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
const progress = (text: string) => console.log(`[${++done}/${total}] ${text}`);

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

try {
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
  if (pending.length > 0) {
    browser = await launchChromium();
    const b = browser;
    const first = await openPage(b, 0);
    // Every page's GL work goes to the browser's one GPU process: where that emulates WebGL on the
    // CPU, more pages only compete for it (the render pool's own rule, measured there).
    const { softwareWebGL } = await first.evaluate(() =>
      (window as unknown as { podRenderInfo(): { softwareWebGL: boolean } }).podRenderInfo(),
    );
    const lanes = Math.min(concurrency ?? poolSizeFor(availableParallelism(), softwareWebGL), pending.length);
    console.log(`${pending.length} job(s) to render on ${lanes} page(s)${softwareWebGL ? ' (WebGL emulated on the CPU)' : ''}`);
    let next = 0;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        let page = lane === 0 ? first : await openPage(b, lane);
        for (let job = pending[next++]; job; job = pending[next++]) {
          const t0 = Date.now();
          try {
            const result = await withTimeout(renderJob(page, job), timeoutMs);
            await mkdir(path.dirname(job.out), { recursive: true });
            await writeFile(job.out, Buffer.from(result.base64, 'base64'));
            rendered++;
            progress(`ok ${job.id} → ${shown(job.out)} (${result.viewId}, ${result.width}x${result.height}, ${Date.now() - t0} ms)`);
          } catch (err) {
            failures.push({ id: job.id, reason: reasonOf(err) });
            progress(`FAILED ${job.id}: ${reasonOf(err)}`);
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
console.log(`${total} job(s) in ${seconds} s: ${rendered} rendered, ${skipped} skipped (already there), ${failures.length} failed`);
if (failures.length > 0) {
  console.error('failed:');
  for (const f of failures) console.error(`  ${f.id}: ${f.reason}`);
  process.exitCode = 1;
}
