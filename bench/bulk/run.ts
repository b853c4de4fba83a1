/**
 * npm run bench:bulk [-- --products N] [--runs R] [--keep-data]
 *
 * The app's own bulk design flow end to end, as a merchant runs it: the built client (rebuilt
 * first when its sources changed) served by the real server (`server/main.ts` in a child process,
 * embedded database, demo catalogue kept in .tmp/bench-bulk between runs) in headless Chromium.
 * Per run: N catalogue products are picked on /bulk-design, one design is uploaded, "Render N
 * products" renders every mockup through the app's render pool and uploads it, and "Save all"
 * saves them with batchAdd. Prints, per run and as medians: mockups, render + upload seconds,
 * mockups per second, each product's time to finish (p50, p95) and the save's seconds.
 *
 * Baseline, in the same browser against the same server: the same number of the same-sized JPEGs
 * uploaded through the same upload call at the same parallelism, so the table shows how much of
 * the flow is the upload and how much the rendering.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium, forwardPageErrors } from '../../scripts/engine-harness.ts';
import { ensureClientBuilt } from '../../tools/build/ensure-client.ts';
import { requiredStats as stats } from '../stats.ts';
import { DEMO_DATA_DIR, freePort, startAppServer } from '../app-server.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    runs: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('usage: npm run bench:bulk [-- --products N] [--runs R]');
  process.exit(0);
}
const PRODUCTS = Number(values.products ?? 12);
const RUNS = Number(values.runs ?? 2);
if (!(Number.isInteger(PRODUCTS) && PRODUCTS >= 1 && PRODUCTS <= 24) || !(Number.isInteger(RUNS) && RUNS >= 1 && RUNS <= 10)) {
  console.error('--products must be 1 to 24 (one catalogue page) and --runs 1 to 10');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = DEMO_DATA_DIR;
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

const design = () =>
  sharp({ create: { width: 800, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="800"><circle cx="400" cy="400" r="340" fill="#d11f5a"/><text x="400" y="430" font-size="110" text-anchor="middle" fill="#fff" font-family="DejaVu Sans">BULK</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

interface RunFigures {
  products: number;
  mockups: number;
  renderSeconds: number;
  productSeconds: number[];
  saveSeconds: number;
}

/** One run of the flow on a fresh page; the products picked start at catalogue position `offset`. */
async function runFlow(page: Page, base: string, offset: number, png: Buffer): Promise<RunFigures> {
  await page.goto(`${base}/bulk-design`);
  const boxes = page.getByRole('list', { name: 'Catalogue products' }).getByRole('checkbox');
  await boxes.first().waitFor({ timeout: 60_000 });
  const count = await boxes.count();
  for (let i = 0; i < PRODUCTS; i++) await boxes.nth((offset + i) % count).check();
  await page.getByLabel('Upload images').setInputFiles({ name: 'bench-logo.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('list', { name: 'Designs' }).getByRole('listitem').first().waitFor({ timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Product title' }).fill(`{design} {product} bench`);
  const status = page.getByRole('status').filter({ hasText: 'products ·' });

  const started = performance.now();
  await page.getByRole('button', { name: `Render ${PRODUCTS} product${PRODUCTS === 1 ? '' : 's'}` }).click();
  // Each product's time to finish, from the moment its tile turns rendered (polled every 50 ms).
  const productSeconds: number[] = [];
  let seen = 0;
  for (;;) {
    const rendered = await page.locator('.bulk-item.is-rendered').count();
    for (; seen < rendered; seen++) productSeconds.push((performance.now() - started) / 1000);
    const failed = page.locator('.bulk-item.is-failed');
    if ((await failed.count()) > 0) throw new Error(`a product failed to render: ${(await failed.first().textContent()) ?? ''}`);
    if (rendered >= PRODUCTS) break;
    if (performance.now() - started > 900_000) throw new Error('the render took over 15 minutes');
    await page.waitForTimeout(50);
  }
  const renderSeconds = (performance.now() - started) / 1000;
  const text = (await status.textContent()) ?? '';
  const mockups = Number(/(\d+) \/ \d+ mockups/.exec(text)?.[1] ?? NaN);

  const saveStarted = performance.now();
  await page.getByRole('button', { name: 'Save all and set prices' }).click();
  await page.waitForURL(/\/bulk-design\/price\?/, { timeout: 300_000 });
  const saveSeconds = (performance.now() - saveStarted) / 1000;
  return { products: PRODUCTS, mockups, renderSeconds, productSeconds, saveSeconds };
}

/**
 * The baseline: `count` uploads of a mockup-sized JPEG through the upload call the flow uses, from
 * the page (its session cookie), `lanes` at a time. Returns the seconds.
 */
async function uploadBaseline(page: Page, count: number, lanes: number, jpeg: Buffer): Promise<number> {
  return page.evaluate(
    async ({ b64, count, lanes }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const blob = new Blob([bytes], { type: 'image/jpeg' });
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          while (next < count) {
            next++;
            const body = new FormData();
            body.append('imgName', 'baseline.jpg');
            body.append('avatarfile', blob, 'baseline.jpg');
            const res = await fetch('/prod-api/api/uploadsImg/uploadCustomized', { method: 'POST', body });
            const json = (await res.json()) as { code: number; msg: string };
            if (json.code !== 200) throw new Error(`upload refused: ${json.msg}`);
          }
        }),
      );
      return (performance.now() - t0) / 1000;
    },
    { b64: jpeg.toString('base64'), count, lanes },
  );
}

if (!ensureClientBuilt(root, log).ok) {
  console.error('The client build failed (above).');
  process.exit(1);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
log(`starting the server on ${base} (first run generates the demo catalogue in ${path.relative(root, dataDir)})`);
const server = await startAppServer(port);
const browser = await launchChromium();
try {
  const login = (await (
    await fetch(`${base}/prod-api/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@example.com', password: 'demo1234' }),
    })
  ).json()) as { code: number; token?: string; msg: string };
  if (login.code !== 200 || !login.token) throw new Error(`demo login refused: ${login.msg}`);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies([
    { name: 'pod_token', value: login.token, url: base, httpOnly: true, sameSite: 'Lax' },
    { name: 'pod_login', value: '1', url: base, sameSite: 'Lax' },
  ]);
  const png = await design();
  const runs: RunFigures[] = [];
  for (let r = 0; r < RUNS; r++) {
    const page = await context.newPage();
    forwardPageErrors(page, 'app');
    // Each run picks other products, so nothing is served from the last run's work.
    runs.push(await runFlow(page, base, r * PRODUCTS, png));
    log(`run ${r + 1}: ${runs.at(-1)!.mockups} mockups in ${runs.at(-1)!.renderSeconds.toFixed(1)} s`);
    await page.close();
  }

  // A mockup as the flow makes them: the newest saved product's first view image.
  const page = await context.newPage();
  await page.goto(`${base}/my-products`);
  const jpeg = await page.evaluate(async () => {
    const list = (await (await fetch('/prod-api/api/Myexclusive/list?pageNum=1&pageSize=10&keyword=bench')).json()) as {
      rows?: { id: number }[];
      msg: string;
    };
    const first = list.rows?.[0];
    if (!first) throw new Error(`no saved product to take a mockup from: ${JSON.stringify(list).slice(0, 300)}`);
    const info = (await (await fetch(`/prod-api/api/Myexclusive/getInfo/${first.id}`)).json()) as {
      data?: { images?: { url: string }[] };
    };
    const url = info.data?.images?.[0]?.url;
    if (!url) throw new Error(`the saved product has no mockup: ${JSON.stringify(info).slice(0, 300)}`);
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  const sample = Buffer.from(jpeg, 'base64');
  const meta = await sharp(sample).metadata();
  const mockups = stats(runs.map((r) => r.mockups)).median;
  const lanes = Math.max(1, Math.min(8, availableParallelism()));
  const uploadSeconds: number[] = [];
  for (let r = 0; r < RUNS; r++) uploadSeconds.push(await uploadBaseline(page, mockups, lanes, sample));

  const render = stats(runs.map((r) => r.renderSeconds));
  const rate = stats(runs.map((r) => r.mockups / r.renderSeconds));
  const perProduct = stats(runs.flatMap((r) => r.productSeconds.map((t, i) => t - (r.productSeconds[i - 1] ?? 0))));
  const save = stats(runs.map((r) => r.saveSeconds));
  const endToEnd = stats(runs.map((r) => r.mockups / (r.renderSeconds + r.saveSeconds)));
  const upload = stats(uploadSeconds);
  const uploadRate = mockups / upload.median;

  const lines = [
    `POD Studio bulk flow benchmark ${new Date().toISOString()}: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), headless Chromium, built client, embedded database`,
    `${RUNS} run(s) of ${PRODUCTS} products, every view in the first colour, ${meta.width}x${meta.height} JPEG mockups (${(sample.length / 1024).toFixed(0)} kB)`,
    '',
    `${'row'.padEnd(44)} ${'median'.padStart(9)} ${'p95'.padStart(9)}`,
    `${'mockups per run'.padEnd(44)} ${mockups.toFixed(0).padStart(9)}`,
    `${'render + upload, s'.padEnd(44)} ${render.median.toFixed(2).padStart(9)} ${render.p95.toFixed(2).padStart(9)}`,
    `${'  mockups per second'.padEnd(44)} ${rate.median.toFixed(2).padStart(9)} ${rate.p95.toFixed(2).padStart(9)}`,
    `${'  one product to finish after the last, s'.padEnd(44)} ${perProduct.median.toFixed(2).padStart(9)} ${perProduct.p95.toFixed(2).padStart(9)}`,
    `${'save (batchAdd), s'.padEnd(44)} ${save.median.toFixed(2).padStart(9)} ${save.p95.toFixed(2).padStart(9)}`,
    `${'end to end, mockups per second'.padEnd(44)} ${endToEnd.median.toFixed(2).padStart(9)} ${endToEnd.p95.toFixed(2).padStart(9)}`,
    `${`baseline: ${mockups} uploads alone (${lanes} at a time), s`.padEnd(44)} ${upload.median.toFixed(2).padStart(9)} ${upload.p95.toFixed(2).padStart(9)}`,
    `${'  uploads per second'.padEnd(44)} ${uploadRate.toFixed(1).padStart(9)}`,
    '',
    `the uploads alone take ${((upload.median / render.median) * 100).toFixed(0)} % of the render + upload time; the flow runs at ${((rate.median / uploadRate) * 100).toFixed(1)} % of the upload rate`,
  ];
  console.log(lines.join('\n'));
  const out = path.join(root, 'bench', 'results', `bulk-${new Date().toISOString().slice(0, 10)}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify({ products: PRODUCTS, runs, uploadSeconds, mockupBytes: sample.length }, null, 2));
  log(`results written to ${path.relative(root, out)}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
