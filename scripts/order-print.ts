/**
 * npm run order:print -- <orderId> --out <dir> [--url <server>]
 *
 * Makes the print files of an order: asks the running server for the order's print jobs (the
 * operator endpoint GET /prod-api/ops/orders/:id/printJobs, with OPS_TOKEN) and draws each with
 * the real engine in headless Chromium, into --out:
 * - <orderNo>-<itemId>-<flatId>.png      the print file (its DPI in the PNG); for a temporary
 *                                        tattoo mirrored, paper white transparent, padded
 * - <orderNo>-<itemId>-<flatId>.cut.svg  a tattoo's cut line: one CutContour path in mm, the
 *                                        page the PNG's size at its DPI
 * - <orderNo>-print.json                 what was made: per file its line, size, DPI and cut
 * The server is --url, else PUBLIC_URL, else http://127.0.0.1:$PORT (8080).
 * Exit status: 0 made, 1 failed (the reason is printed), 2 bad arguments.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CustomTemplate, SkuDesign } from '@pod-studio/engine/model';
import type { TattooPrintJob } from '../contract/tattoo.ts';
import { openEngineHarness } from './engine-harness.ts';

const usage = 'usage: OPS_TOKEN=… npm run order:print -- <orderId> --out <dir> [--url <server>]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, url: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const orderId = Number(positionals[0]);
if (positionals.length !== 1 || !Number.isSafeInteger(orderId) || orderId < 1 || !values.out) {
  console.error(usage);
  process.exit(2);
}
const opsToken = process.env.OPS_TOKEN?.trim();
if (!opsToken) {
  console.error('OPS_TOKEN is not set: the print jobs come from the operator endpoint');
  process.exit(2);
}

interface PrintJobs {
  orderNo: string;
  status: string;
  lines: {
    orderItemId: number;
    title: string;
    variantTitle: string;
    quantity: number;
    template: CustomTemplate;
    design: SkuDesign;
    files: { flatId: string; flatName: string; dpi: number; fileBase: string; tattoo: TattooPrintJob | null }[];
  }[];
  skipped: { orderItemId: number; title: string; reason: string }[];
}

const base = (values.url ?? process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
let jobs: PrintJobs;
try {
  const res = await fetch(`${base}/prod-api/ops/orders/${orderId}/printJobs`, { headers: { authorization: `Bearer ${opsToken}` } });
  const body = (await res.json().catch(() => null)) as { code: number; msg: string; data?: PrintJobs } | null;
  if (!body || body.code !== 200 || !body.data) {
    console.error(body?.msg ?? `HTTP ${res.status}`);
    process.exit(1);
  }
  jobs = body.data;
} catch (err) {
  console.error(`Cannot reach ${base}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const out = path.resolve(values.out);
await mkdir(out, { recursive: true });
for (const s of jobs.skipped) console.log(`skip  line ${s.orderItemId} (${s.title}): ${s.reason}`);
const made: Record<string, unknown>[] = [];
let code = 0;
const harness = await openEngineHarness({ apiUrl: base });
try {
  for (const line of jobs.lines) {
    for (const file of line.files) {
      const started = Date.now();
      try {
        // Sent as JSON text: the template's deep type is more than Playwright's argument typing can unfold.
        const args = JSON.stringify({
          template: line.template,
          design: line.design,
          flatId: file.flatId,
          dpi: file.dpi,
          tattoo: file.tattoo ? { widthIn: file.tattoo.widthIn, cutOffsetMm: file.tattoo.cutOffsetMm } : null,
          serverOrigin: base,
        });
        const result = await harness.page.evaluate(
          (text) => window.podPrintFiles(JSON.parse(text) as Parameters<Window['podPrintFiles']>[0]),
          args,
        );
        const png = `${file.fileBase}.png`;
        await writeFile(path.join(out, png), Buffer.from(result.png, 'base64'));
        const svg = result.cutLineSvg === null ? null : `${file.fileBase}.cut.svg`;
        if (svg) await writeFile(path.join(out, svg), result.cutLineSvg!);
        made.push({
          orderItemId: line.orderItemId,
          title: line.title,
          variant: line.variantTitle,
          quantity: line.quantity,
          flatId: file.flatId,
          flatName: file.flatName,
          png,
          width: result.width,
          height: result.height,
          dpi: file.dpi,
          ...(file.tattoo ? { tattoo: { ...file.tattoo, cutLine: svg, pieces: result.pieces } } : {}),
        });
        const what = file.tattoo
          ? `tattoo ${file.tattoo.widthIn} x ${file.tattoo.heightIn} in, mirrored, cut ${file.tattoo.cutOffsetMm} mm → ${svg}`
          : 'as designed';
        console.log(`ok    ${png} (${result.width}x${result.height} px, ${file.dpi} dpi, ${what}, ${Date.now() - started} ms)`);
      } catch (err) {
        code = 1;
        console.error(`FAILED ${file.fileBase}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
} finally {
  await harness.close();
}
await writeFile(
  path.join(out, `${jobs.orderNo}-print.json`),
  `${JSON.stringify({ orderNo: jobs.orderNo, status: jobs.status, files: made, skipped: jobs.skipped }, null, 2)}\n`,
);
console.log(`${made.length} print file(s) for order ${jobs.orderNo} in ${out}`);
process.exit(code);
