/**
 * npm run bench:catalog [-- --views N] [--colours C] [--rounds R] [--edits E]
 *
 * Mockups of the demo catalogue's own views, as merchants see them: each a product cut out on
 * transparency with a sheen and part overlays and a displacement map (the engine benchmark's
 * scene has none of these). The real server (`server/main.ts`, embedded database, the demo
 * catalogue kept in .tmp/bench-bulk, shared with bench:bulk) serves the templates and pictures;
 * headless Chromium renders them with the engine in one page, and, as the baseline in the same
 * page, with the same engine doing every pass on the GPU (`cpuFrames` and `cpuBlend` off: what a
 * machine without a GPU did before the CPU took the frames and later colours). Rows, per way:
 * a design's first colour and its later colours at 1600 px (JPEG, as a product's save renders
 * them with `runColors`), the whole save (views x colours), and a design edit on an 800 px
 * on-screen mockup. Prints medians and p95 and the baseline's time over the engine's.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CustomTemplate } from '@pod-studio/engine/model';
import { openEngineHarness } from '../../scripts/engine-harness.ts';
import { freePort, startAppServer } from '../app-server.ts';
import { requiredStats as stats } from '../stats.ts';
import type { CatalogApi, CatalogSamples } from './page.ts';

const { values } = parseArgs({
  options: {
    views: { type: 'string' },
    colours: { type: 'string' },
    rounds: { type: 'string' },
    edits: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('usage: npm run bench:catalog [-- --views N] [--colours C] [--rounds R] [--edits E]');
  process.exit(0);
}
const VIEWS = Number(values.views ?? 4);
const COLOURS = Number(values.colours ?? 6);
const ROUNDS = Number(values.rounds ?? 3);
const EDITS = Number(values.edits ?? 8);
const whole = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi;
if (!whole(VIEWS, 1, 24) || !whole(COLOURS, 1, 12) || !whole(ROUNDS, 1, 10) || !whole(EDITS, 3, 50)) {
  console.error('--views 1-24, --colours 1-12, --rounds 1-10, --edits 3-50');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '../..');
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/** The first view of each of the first `n` catalogue products, as the designer gets them. */
async function catalogueTemplates(base: string, n: number): Promise<CustomTemplate[]> {
  const list = (await (await fetch(`${base}/prod-api/api/product/list?pageNum=1&pageSize=24`)).json()) as { rows: { id: number }[] };
  const templates: CustomTemplate[] = [];
  for (const { id } of list.rows.slice(0, n)) {
    const images = (await (await fetch(`${base}/prod-api/api/productImages/list?productid=${id}`)).json()) as {
      rows: { editZone: CustomTemplate }[];
    };
    const template = images.rows[0]?.editZone;
    if (template) templates.push(template);
  }
  if (templates.length === 0) throw new Error('the catalogue answered no templates');
  return templates;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
log(`starting the server on ${base} (its first start generates the demo catalogue)`);
const server = await startAppServer(port);
const harness = await openEngineHarness({ apiUrl: base });
try {
  const templates = await catalogueTemplates(base, VIEWS);
  const page = harness.page;
  await page.goto(new URL('/bench/catalog/index.html', page.url()).href);
  await page.waitForFunction(() => (window as unknown as { podCatalogReady?: boolean }).podCatalogReady === true, undefined, {
    timeout: 120_000,
  });
  log(`${templates.length} views x ${COLOURS} colours, ${ROUNDS} rounds; loading and warming each view first`);
  const t0 = Date.now();
  // The templates go as JSON text: their deep type is more than Playwright's argument typing unfolds.
  const samples = (await page.evaluate(
    ({ json, o }) => (window as unknown as { podCatalog: CatalogApi }).podCatalog.run(JSON.parse(json) as CustomTemplate[], o),
    { json: JSON.stringify(templates), o: { colours: COLOURS, rounds: ROUNDS, edits: EDITS } },
  )) as CatalogSamples;
  log(`measured in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const chromium = page.context().browser()?.version() ?? '?';
  const cpu = os.cpus()[0]?.model ?? '?';
  const rows: [string, keyof CatalogSamples, string][] = [
    ['first colour of a design, 1600 px JPEG', 'first', 'ms'],
    ['each later colour, 1600 px JPEG', 'later', 'ms'],
    [`save: ${templates.length} views x ${COLOURS} colours`, 'save', 'ms'],
    ['design edit, 800 px on-screen mockup', 'edit', 'ms'],
  ];
  const lines = [
    `POD Studio catalogue mockup benchmark ${new Date().toISOString()}: ${os.cpus().length} cores (${cpu}), headless Chromium ${chromium}`,
    `the demo catalogue's first ${templates.length} products, first view each (cut-out photo, sheen and parts, displacement map); ${ROUNDS} rounds`,
    '',
    `${'row'.padEnd(42)} ${'engine'.padStart(16)} ${'all on the GPU'.padStart(16)} ${'GPU / engine'.padStart(13)}`,
  ];
  const fmt = (s: ReturnType<typeof stats>) => `${s.median.toFixed(0)} / ${s.p95.toFixed(0)}`.padStart(16);
  const results: Record<string, unknown> = {};
  for (const [label, key] of rows) {
    const a = stats(samples[key].engine ?? []);
    const b = stats(samples[key].gpu ?? []);
    results[key] = { engine: a, gpu: b };
    lines.push(`${label.padEnd(42)} ${fmt(a)} ${fmt(b)} ${`${(b.median / a.median).toFixed(2)}x`.padStart(13)}`);
  }
  lines.push('', 'times in ms, median / p95; the baseline is the same engine in the same page with cpuFrames and cpuBlend off');
  console.log(lines.join('\n'));
  const out = path.join(root, 'bench', 'results', `catalog-${new Date().toISOString().slice(0, 10)}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    JSON.stringify({ views: templates.length, colours: COLOURS, rounds: ROUNDS, edits: EDITS, results, samples }, null, 2),
  );
  log(`results written to ${path.relative(root, out)}`);
} finally {
  await harness.close();
  server.kill('SIGTERM');
}
