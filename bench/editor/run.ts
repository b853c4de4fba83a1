/**
 * npm run bench:editor [-- --quick] [--moves N] [--edits N] [--out <file.json>]
 *
 * The editor stage in headless Chromium: one element dragged across a 150-element and a
 * 1000-element stage, timed
 * from each pointer event to the stage worker's drawn frame (median, p95), beside the naive stage
 * that recomposes the whole flat every frame; and the time from an edit to the updated front
 * mockup, beside the same mockup with nothing changed. Prints a table with ratios, reports the
 * 60 fps target (and the edit -> mockup one, 16 ms at the median) as PASS/MISS (never a failing exit) and writes bench/results/editor-<date>.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium.ts';
import type { BenchResult } from './page.tsx';
import { stats, type Stats } from '../stats.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    moves: { type: 'string' },
    edits: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('usage: npm run bench:editor [-- --quick] [--moves N] [--edits N] [--out <file.json>]');
  process.exit(0);
}
const moves = Number(values.moves ?? (values.quick ? 30 : 120));
const edits = Number(values.edits ?? (values.quick ? 5 : 15));
/** Stage sizes dragged on: a busy design, and a very large one. */
const SIZES = [150, 1000];
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

const fmt = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const ratio = (a: Stats | null, b: Stats | null) => (a && b ? `${(b.median / a.median).toFixed(1)}x` : 'n/a');

async function main(): Promise<void> {
  log('starting Vite and headless Chromium');
  // React as merchants run it: its development build checks every element and prop on each
  // render, which roughly doubled the page's share of a frame. Set before Vite reads its config.
  process.env.NODE_ENV = 'production';
  const vite = await createServer({
    mode: 'production',
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    plugins: [react()],
    server: { port: 0, host: '127.0.0.1' },
    optimizeDeps: {
      include: ['comlink', 'twgl.js', 'pixi.js', 'pixi.js/unsafe-eval', 'gl-matrix', 'bezier-js', 'valtio', 'react', 'react-dom/client'],
    },
    worker: { format: 'es' },
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 760 } });
    page.on('console', (msg) => {
      if (msg.type() === 'error') console.error('[page]', msg.text());
    });
    await page.goto(`http://127.0.0.1:${port}/bench/editor/index.html`);
    await page.waitForFunction(() => (window as unknown as { podEditorBenchReady?: boolean }).podEditorBenchReady === true, undefined, {
      timeout: 120_000,
    });
    log(
      `dragging one of ${SIZES.join(' and then one of ')} elements: ${moves} pointer moves on the live stage, then on the baseline; ${edits} mockup edits`,
    );
    const result = await page.evaluate(
      (o) =>
        (
          window as unknown as { editorBench: { run(o: { moves: number; edits: number; sizes: number[] }): Promise<BenchResult> } }
        ).editorBench.run(o),
      { moves, edits, sizes: SIZES },
    );
    report(result);
  } finally {
    await browser.close();
    await vite.close();
  }
}

function report(r: BenchResult): void {
  const mock = stats(r.mockupAfterEdit);
  const floor = stats(r.mockupUnchanged);
  const rows: [string, Stats | null, string][] = [];
  const summary: Record<string, Stats | null> = { mock, floor };
  for (const s of r.stages) {
    const live = stats(s.stage.samples);
    const base = stats(s.baseline.samples);
    summary[`live${s.elements}`] = live;
    summary[`base${s.elements}`] = base;
    rows.push(
      [
        `${s.elements} elements: live stage (re-plans ${s.stage.replannedPerFrame.toFixed(1)} per frame)`,
        live,
        `${ratio(live, base)} faster than baseline`,
      ],
      [`${s.elements} elements: baseline, full flat recomposition per frame`, base, '1.0x'],
    );
  }
  rows.push(
    ['edit -> updated front mockup (800 px)', mock, floor && mock ? `${(mock.median / floor.median).toFixed(1)}x the floor` : 'n/a'],
    ['floor: same mockup, design unchanged', floor, '1.0x'],
  );
  const header = ['', 'n', 'median ms', 'p95 ms', 'ratio'];
  const lines = rows.map(([label, s, rt]) => [label, s ? String(s.n) : '—', fmt(s?.median), fmt(s?.p95), rt]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [
    '',
    'Editor stage: pointer event -> frame drawn (800x800 print area)',
    line(header),
    '-'.repeat(widths.reduce((a, b) => a + b + 2, -2)),
  ];
  for (const l of lines) out.push(line(l));
  out.push('');
  const med = (xs: number[]) => fmt(stats(xs)?.median);
  for (const s of r.stages) {
    const live = stats(s.stage.samples);
    // The 150-element stage is held to 60 fps at the median; the 1000-element one at the 95th percentile.
    const [what, value] = s.elements >= 1000 ? (['p95', live?.p95] as const) : (['median', live?.median] as const);
    const target = value === undefined ? 'n/a' : value <= 1000 / 60 ? 'PASS' : 'MISS';
    out.push(
      `target: ${s.elements} elements, live stage ${what} frame <= 16.7 ms (60 fps): ${target}${value === undefined ? '' : ` (${fmt(value)} ms)`}`,
    );
    out.push(
      `  where the median frame goes: pointer event -> frame sent to the worker ${med(s.stage.toSubmitMs)} ms (baseline ${med(s.baseline.toSubmitMs)}); in the worker: plan ${med(s.stage.prepareMs)} + draw ${med(s.stage.drawMs)} ms (baseline ${med(s.baseline.prepareMs)} + ${med(s.baseline.drawMs)}); page work left after sending (React overlay, while the worker draws) ${med(s.stage.afterSendMs)} ms`,
    );
    if (s.stage.skipped || s.baseline.skipped)
      out.push(`  pointer moves that changed nothing (skipped): live ${s.stage.skipped}, baseline ${s.baseline.skipped}`);
  }
  const edit = mock?.median;
  out.push(
    `target: edit -> updated front mockup median <= 16 ms: ${edit === undefined ? 'n/a' : edit <= 16 ? 'PASS' : 'MISS'}${edit === undefined ? '' : ` (${fmt(edit)} ms)`}`,
  );
  out.push(...r.notes.map((n) => `note: ${n}`), '');
  console.log(out.join('\n'));
  void save(r, summary);
}

async function save(r: BenchResult, summary: Record<string, Stats | null>): Promise<void> {
  const stamp = new Date()
    .toISOString()
    .replace(/[:T]/g, (c) => (c === 'T' ? '_' : '-'))
    .slice(0, 19);
  const file = values.out ?? path.join('bench', 'results', `editor-${stamp}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ date: new Date().toISOString(), moves, edits, summary, raw: r }, null, 2));
  log(`wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
