/**
 * npm run bench:engine [-- --quick] [--install-imagemagick] [--no-imagemagick] [--imagemagick-print] [--only interactive|bulk|print] [--images <dir>] [--out <file.json>]
 *
 * The rendering engine against the classic Canvas2D approach, ImageMagick (where installed) and
 * the machine's floor, in headless Chromium on this machine (see bench/engine/page.ts for what
 * each case does). Prints median and p95 in ms and the ratios, checks the performance targets
 * (interactive median <= 1.3x the floor; bulk >= 60% of the bare JPEG-encode floor; print
 * <= 1.5x the bare PNG encode; each faster than Canvas2D without a GPU and >= 5x it with one;
 * PASS/MISS: reported, never a failing exit), and
 * writes the numbers to bench/results/engine-<date>.json.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { isSoftwareRenderer } from '@pod-studio/engine/pool';
import { openEngineHarness } from '../../scripts/engine-harness.ts';
import { findImageMagick, imArgs, imFlatArgs, installImageMagick, timeIm } from './imagemagick.ts';
import { descendantsCpuSeconds } from '../cpu.ts';
import { requiredStats as stats, type Stats } from '../stats.ts';
import type { BenchApi, BulkResult, SampleOptions, Samples } from './page.ts';

const run = promisify(execFile);

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    'install-imagemagick': { type: 'boolean' },
    'no-imagemagick': { type: 'boolean' },
    'imagemagick-print': { type: 'boolean' },
    only: { type: 'string' },
    images: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(
    'usage: npm run bench:engine [-- --quick] [--install-imagemagick] [--no-imagemagick] [--imagemagick-print] [--only interactive|bulk|print] [--images <dir>] [--out <file.json>]',
  );
  process.exit(0);
}
const quick = Boolean(values.quick);
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

// ---------------------------------------------------------------------------------------------
// Statistics

// ---------------------------------------------------------------------------------------------
// Table

type Row =
  { kind: 'head'; title: string } | { kind: 'time'; label: string; stats: Stats | null; ratio: string; rate?: string; note?: string };

function fmtMs(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  return v >= 100 ? v.toFixed(0) : v.toFixed(1);
}

function printTable(rows: Row[]): string {
  const header = ['', 'n', 'median ms', 'p95 ms', 'jobs/s', 'ratio'];
  const lines: string[][] = [];
  const out: string[] = [];
  for (const r of rows) {
    if (r.kind === 'time') {
      lines.push([
        r.label,
        r.stats ? String(r.stats.n) : '—',
        fmtMs(r.stats?.median),
        fmtMs(r.stats?.p95),
        r.rate ?? '',
        r.stats ? r.ratio : (r.note ?? 'n/a'),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  let k = 0;
  for (const r of rows) {
    if (r.kind === 'head') {
      out.push('', r.title, fmt(header), '-'.repeat(widths.reduce((a, b) => a + b + 2, -2)));
    } else {
      out.push(fmt(lines[k++]!));
    }
  }
  return out.join('\n');
}

const x = (v: number) => (v >= 10 ? `${v.toFixed(0)}x` : `${v.toFixed(2)}x`);
const faster = (baseline: Stats | null, engine: Stats | null) =>
  baseline && engine
    ? baseline.median >= engine.median
      ? `engine ${x(baseline.median / engine.median)} faster`
      : `engine ${x(engine.median / baseline.median)} slower`
    : '';

// ---------------------------------------------------------------------------------------------

let im = values['no-imagemagick'] ? null : findImageMagick();
if (!im && values['install-imagemagick'] && !values['no-imagemagick']) {
  installImageMagick();
  im = findImageMagick();
}
const imMissing = values['no-imagemagick'] ? 'n/a (--no-imagemagick)' : 'n/a (install imagemagick)';

const started = Date.now();
const loadStart = os.loadavg();
const harness = await openEngineHarness();
const workDir = await mkdtemp(path.join(os.tmpdir(), 'pod-bench-'));
try {
  const page = harness.page;
  const chromium = page.context().browser()?.version() ?? '?';
  await page.goto(new URL('/bench/engine/index.html', page.url()).href);
  const ready = () =>
    page.waitForFunction(() => (window as unknown as { podBenchReady?: boolean }).podBenchReady === true, undefined, { timeout: 120_000 });
  const evaluate = <K extends keyof BenchApi>(name: K, args: Parameters<BenchApi[K]>): Promise<Awaited<ReturnType<BenchApi[K]>>> =>
    page.evaluate(({ name, args }) => (window.podBench[name] as (...a: unknown[]) => unknown)(...args), { name, args }) as Promise<
      Awaited<ReturnType<BenchApi[K]>>
    >;
  // A reload (Vite re-optimizing dependencies) loses the page's scene: build it again (it is
  // deterministic) and retry the case once.
  const call = async <K extends keyof BenchApi>(name: K, ...args: Parameters<BenchApi[K]>): Promise<Awaited<ReturnType<BenchApi[K]>>> => {
    try {
      return await evaluate(name, args);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      if (name === 'setup' || !/bench scene lost|Execution context was destroyed|podBench/.test(msg)) throw err;
      log(`${String(name)}: the page reloaded; setting the scene up again and retrying`);
      await ready();
      await evaluate('setup', []);
      return evaluate(name, args);
    }
  };

  await ready();
  // Vite reloads the page when it re-optimizes dependencies; a reload loses the scene, so say so.
  page.on('console', (msg) => {
    if (msg.text().startsWith('[vite]') && !/connect/.test(msg.text())) log(`page: ${msg.text()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log(`page navigated: ${frame.url()}`);
  });
  const machine = await call('info');
  log(`${machine.cores} cores, Chromium ${chromium}, ${machine.webglRenderer}`);
  // The targets differ: with a GPU the engine must beat the CPU way many times over.
  const gpu = !isSoftwareRenderer(machine.webglRenderer);
  const scene = await call('setup');
  log(
    `scene: ${scene.images.length} images, ${scene.views.length} views x ${scene.colors.length} colours, interactive mesh ${scene.interactive.triangles} triangles`,
  );

  const opts = (warmup: number, iterations: number, minIterations: number, maxMs: number): SampleOptions =>
    quick
      ? { warmup: Math.min(warmup, 2), iterations: Math.min(iterations, 8), minIterations: Math.min(minIterations, 5), maxMs: maxMs / 3 }
      : { warmup, iterations, minIterations, maxMs };
  const measure = async (name: string, o: SampleOptions): Promise<Samples> => {
    const t0 = Date.now();
    const r = await call('measure', name, o);
    log(`${name}: ${r.samples.length} samples, median ${fmtMs(stats(r.samples).median)} ms (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    return r;
  };
  /** Cores the browser's processes kept busy during each bulk row (CPU seconds / wall seconds). */
  const busyCores: Record<string, number | null> = {};
  const bulk = async (name: string): Promise<BulkResult> => {
    const cpu0 = descendantsCpuSeconds();
    const t0 = performance.now();
    const r = await call('bulk', name);
    const cpu1 = descendantsCpuSeconds();
    busyCores[name] = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / ((performance.now() - t0) / 1000);
    log(
      `${name}: ${r.jobs} jobs on ${r.workers} worker(s) in ${(r.wallMs / 1000).toFixed(1)} s, ${busyCores[name]?.toFixed(2) ?? '?'} cores busy`,
    );
    return r;
  };
  const cores = (name: string) =>
    busyCores[name] === null || busyCores[name] === undefined ? '' : `${busyCores[name]!.toFixed(1)} of ${machine.cores} cores busy`;

  // Sanity check: the baseline draws the same picture as the engine.
  const check = await call('check');
  log(`engine vs Canvas2D on the same frame: mean abs difference ${check.maeInteractive.toFixed(2)} / 255`);

  // ImageMagick inputs: the same PNGs, pre-decoded to MPC (memory-mapped pixel cache) so each run
  // reads pixels rather than decoding PNG: the counterpart of the engine's decoded-bitmap cache.
  if (im) {
    for (const img of scene.images) {
      const file = path.join(workDir, `${img.name}.png`);
      await writeFile(file, Buffer.from(img.png, 'base64'));
      await run(im.bin, [file, path.join(workDir, `${img.name}.mpc`)]);
    }
    // The interactive photo at output size, like the engine's cached tinted base.
    await run(im.bin, [
      path.join(workDir, 'photo0.png'),
      '-resize',
      `${scene.interactive.size}x${scene.interactive.size}`,
      path.join(workDir, 'photo0-800.mpc'),
    ]);
  }

  const want = (section: string) => !values.only || values.only.split(',').includes(section);
  const S = (s: Samples | null | undefined) => (s && s.samples.length ? stats(s.samples) : null);
  const jps = (b: BulkResult | null | undefined) => (b ? (b.jobs / b.wallMs) * 1000 : 0);
  const pct = (part: Stats | null, whole: Stats | null) =>
    part && whole ? `${((100 * part.median) / whole.median).toFixed(0)}% of engine` : '';
  const rows: Row[] = [];
  const targets: { target: string; measured: string; pass: boolean }[] = [];
  const target = (name: string, measured: string, pass: boolean) => targets.push({ target: name, measured, pass });

  // 1. Interactive ------------------------------------------------------------------------------
  let interactive: Record<string, Samples | null> | null = null;
  if (want('interactive')) {
    interactive = {
      engine: await measure('interactive.engine', opts(5, 40, 15, 8000)),
      engineWorker: await measure('interactive.engine-worker', opts(5, 30, 10, 6000)),
      compose: await measure('interactive.engine-compose', opts(3, 25, 10, 4000)),
      composeFit: await measure('interactive.engine-compose-fit', opts(3, 25, 10, 4000)),
      warp: await measure('interactive.engine-warp', opts(3, 25, 10, 4000)),
      warpNewFlat: await measure('interactive.engine-warp-newflat', opts(3, 20, 10, 4000)),
      canvas2d: await measure('interactive.canvas2d', opts(3, 30, 10, 8000)),
      floor: await measure('interactive.floor', opts(5, 40, 15, 3000)),
      floorUpload: await measure('interactive.floor-upload', opts(5, 40, 15, 3000)),
      imagemagick: null,
    };
    if (im) {
      const warm = 1;
      const n = quick ? 3 : 8;
      const plans = await call('imInteractivePlans', warm + n, 0);
      const samples: number[] = [];
      const t0 = Date.now();
      for (const [i, plan] of plans.entries()) {
        const ms = await timeIm(
          im,
          imArgs(plan, workDir, path.join(workDir, 'photo0-800.mpc'), ['-depth', '8', `RGBA:${path.join(workDir, 'interactive.rgba')}`]),
        );
        if (i >= warm) samples.push(ms);
        if (i >= warm + 2 && Date.now() - t0 > 15_000) break;
      }
      interactive.imagemagick = { samples, notes: [`-distort Polynomial 3 through ${plans[0]!.controlPoints.length / 4} mesh vertices`] };
      log(`interactive.imagemagick: ${samples.length} samples, median ${fmtMs(stats(samples).median)} ms`);
    }
    const I = Object.fromEntries(Object.entries(interactive).map(([k, v]) => [k, S(v)])) as Record<string, Stats | null>;
    const e = I.engine!;
    rows.push(
      {
        kind: 'head',
        title: `1. Interactive update: design change -> ${scene.interactive.size}x${scene.interactive.size} mockup ImageBitmap (view ${scene.interactive.view}, flat ${Math.round(1000 * scene.interactive.flatScale)}x${Math.round(1200 * scene.interactive.flatScale)}, Bezier mesh ${scene.interactive.triangles} triangles, PPC clip, overlay 0.9)`,
      },
      { kind: 'time', label: 'engine  Engine.renderMockup({size: 800}) on the page', stats: e, ratio: '1.00x' },
      {
        kind: 'time',
        label: '  same, engine in a render worker (Comlink)',
        stats: I.engineWorker!,
        ratio: I.engineWorker ? `${x(I.engineWorker.median / e.median)} the page` : '',
      },
      {
        kind: 'time',
        label: `  part: composeFlat alone, ${machine.composeBackend} (${Math.round(1000 * scene.interactive.flatScale)}x${Math.round(1200 * scene.interactive.flatScale)})`,
        stats: I.compose!,
        ratio: pct(I.compose!, e),
      },
      {
        kind: 'time',
        label: `  what-if: composeFlat at the warp's on-screen size (${interactive.composeFit?.notes[0]?.replace('flat composed at ', '') ?? '?'})`,
        stats: I.composeFit!,
        ratio: pct(I.composeFit!, e),
      },
      { kind: 'time', label: '  part: warp+clip+blend+readback, same flat (cached)', stats: I.warp!, ratio: pct(I.warp!, e) },
      {
        kind: 'time',
        label: '  part: warp+clip+blend+readback, new flat each frame',
        stats: I.warpNewFlat!,
        ratio: pct(I.warpNewFlat!, e),
      },
      { kind: 'time', label: '(a) Canvas2D: flat + affine triangles + clip + overlay', stats: I.canvas2d!, ratio: faster(I.canvas2d!, e) },
      {
        kind: 'time',
        label: '(b) ImageMagick: compose + -distort Polynomial + Overlay',
        stats: I.imagemagick ?? null,
        ratio: faster(I.imagemagick ?? null, e),
        note: imMissing,
      },
      {
        kind: 'time',
        label: 'floor  WebGL2 blit 800x800 + readback -> ImageBitmap',
        stats: I.floor!,
        ratio: I.floor ? `engine = ${x(e.median / I.floor.median)} floor` : '',
      },
      {
        kind: 'time',
        label: '  floor with texture re-upload (new pixels each frame)',
        stats: I.floorUpload!,
        ratio: I.floorUpload ? `engine = ${x(e.median / I.floorUpload.median)} this` : '',
      },
    );
    target(
      'interactive median <= 1.3x floor',
      I.floor ? `${fmtMs(e.median)} ms = ${x(e.median / I.floor.median)} floor` : '—',
      !!I.floor && e.median <= 1.3 * I.floor.median,
    );
    const cpuRatio = I.canvas2d ? I.canvas2d.median / e.median : 0;
    if (gpu) target('interactive >= 5x Canvas2D (GPU)', I.canvas2d ? x(cpuRatio) : '—', cpuRatio >= 5);
    else target('interactive faster than Canvas2D', I.canvas2d ? x(cpuRatio) : '—', cpuRatio > 1);
  }

  // 2. Bulk -------------------------------------------------------------------------------------
  let bulkResults: Record<string, BulkResult | null> | null = null;
  if (want('bulk')) {
    bulkResults = {
      engine: await bulk('bulk.engine'),
      // Where the pool's rule runs fewer workers than cores (emulated WebGL), what one per core would do.
      perCore: machine.poolSize < machine.cores ? await bulk('bulk.engine.perCore') : null,
      canvas2d: await bulk('bulk.canvas2d'),
      floor: await bulk('bulk.floor'),
      imagemagick: null,
    };
    if (im) {
      const plans = await call('imBulkPlans');
      const jobs = quick ? plans.slice(0, 4) : plans;
      // convert takes seconds a job here: jobs start until the budget has passed (at least 2 per
      // lane), and jobs/s counts the jobs done over the time they took.
      const budgetMs = quick ? 8000 : 20_000;
      await timeIm(
        im,
        imArgs(jobs[0]!, workDir, path.join(workDir, `${jobs[0]!.photo}.mpc`), ['-quality', '92', path.join(workDir, 'warm.jpg')]),
      );
      const samples: number[] = [];
      let next = 0;
      const t0 = performance.now();
      // As many convert processes at a time as the pool has workers.
      await Promise.all(
        Array.from({ length: machine.poolSize }, async () => {
          for (;;) {
            if (next >= 2 * machine.poolSize && performance.now() - t0 > budgetMs) return;
            const i = next++;
            const plan = jobs[i];
            if (!plan) return;
            samples.push(
              await timeIm(
                im!,
                imArgs(plan, workDir, path.join(workDir, `${plan.photo}.mpc`), ['-quality', '92', path.join(workDir, `bulk-${i}.jpg`)]),
              ),
            );
          }
        }),
      );
      bulkResults.imagemagick = {
        workers: machine.poolSize,
        jobs: samples.length,
        wallMs: performance.now() - t0,
        samples,
        bytes: 0,
        notes: [`${samples.length} of ${jobs.length} jobs (time budget)`],
      };
      log(`bulk.imagemagick: ${samples.length} jobs in ${(bulkResults.imagemagick.wallMs / 1000).toFixed(1)} s`);
    }
    const {
      engine: be,
      perCore: bp,
      canvas2d: bc,
      floor: bf,
      imagemagick: bi,
    } = bulkResults as {
      engine: BulkResult;
      perCore: BulkResult | null;
      canvas2d: BulkResult;
      floor: BulkResult;
      imagemagick: BulkResult | null;
    };
    const bulkFaster = (b: BulkResult | null) => (b ? `engine ${x(jps(be) / jps(b))} the throughput` : '');
    // What the row leaves out: each view's first job on its worker, paid once per design.
    const firstJobs = (b: BulkResult) =>
      b.firstMs?.length
        ? [
            {
              kind: 'time' as const,
              label: "  warm-up: each view's first job, workers' start included",
              stats: stats(b.firstMs),
              rate: '',
              ratio: 'not in the row: once per design, view and worker',
            },
          ]
        : [];
    rows.push(
      {
        kind: 'head',
        title: `2. Bulk: ${be.jobs} mockups 1200x1200 JPEG q0.92 (${scene.views.length} views x ${scene.colors.length} colours) on ${be.workers} worker(s) (${machine.cores} cores)`,
      },
      {
        kind: 'time',
        label: 'engine  RenderPool -> renderMockupJpeg',
        stats: stats(be.samples),
        rate: jps(be).toFixed(2),
        ratio: ['1.00x', cores('bulk.engine')].filter(Boolean).join('; '),
      },
      ...firstJobs(be),
      ...(bp
        ? [
            {
              kind: 'time' as const,
              label: `  what-if: ${bp.workers} workers, one per core`,
              stats: stats(bp.samples),
              rate: jps(bp).toFixed(2),
              ratio: [`${x(jps(bp) / jps(be))} the pool's throughput`, cores('bulk.engine.perCore')].filter(Boolean).join('; '),
            },
          ]
        : []),
      {
        kind: 'time',
        label: '(a) Canvas2D triangles in workers -> convertToBlob',
        stats: stats(bc.samples),
        rate: jps(bc).toFixed(2),
        ratio: [bulkFaster(bc), cores('bulk.canvas2d')].filter(Boolean).join('; '),
      },
      ...firstJobs(bc),
      {
        kind: 'time',
        label: `(b) ImageMagick, ${machine.poolSize} convert at a time -> JPEG`,
        stats: bi ? stats(bi.samples) : null,
        rate: bi ? jps(bi).toFixed(2) : '',
        ratio: bulkFaster(bi),
        note: imMissing,
      },
      {
        kind: 'time',
        label: 'floor  bare JPEG encode of a 1200x1200 canvas',
        stats: stats(bf.samples),
        rate: jps(bf).toFixed(2),
        ratio: `engine = ${((100 * jps(be)) / jps(bf)).toFixed(0)}% of floor`,
      },
    );
    target(
      'bulk >= 60% of bare-JPEG-encode floor',
      `${((100 * jps(be)) / jps(bf)).toFixed(0)}% (${jps(be).toFixed(2)} vs ${jps(bf).toFixed(2)} jobs/s)`,
      jps(be) >= 0.6 * jps(bf),
    );
    if (gpu) target('bulk >= 5x Canvas2D (GPU)', x(jps(be) / jps(bc)), jps(be) >= 5 * jps(bc));
    else target('bulk faster than Canvas2D, same workers', x(jps(be) / jps(bc)), jps(be) > jps(bc));
  }

  // 3. Print file -------------------------------------------------------------------------------
  let print: Record<string, Samples | null> | null = null;
  if (want('print')) {
    print = {
      engine: await measure('print.engine', opts(1, 5, 3, 15000)),
      canvas2d: await measure('print.canvas2d', opts(1, 5, 3, 15000)),
      floor: await measure('print.floor', opts(1, 5, 3, 10000)),
      imagemagick: null,
    };
    if (im && values['imagemagick-print']) {
      // One run: over a minute here (Debian's policy.xml caps ImageMagick's memory at 256 MiB,
      // so the 4500x5400 Q16 images live in the disk pixel cache).
      const plan = await call('imPrintPlan');
      const ms = await timeIm(im, [
        ...imFlatArgs(plan.elements, plan.flat.width, plan.flat.height, workDir),
        '-depth',
        '8',
        path.join(workDir, 'print.png'),
      ]);
      print.imagemagick = { samples: [ms], notes: ['one run, no warm-up'] };
      log(`print.imagemagick: ${fmtMs(ms)} ms`);
    }
    const P = Object.fromEntries(Object.entries(print).map(([k, v]) => [k, S(v)])) as Record<string, Stats | null>;
    const e = P.engine!;
    rows.push(
      {
        kind: 'head',
        title: `3. Print file: ${scene.print.width}x${scene.print.height} PNG at ${scene.print.dpi} dpi (3 images + stroked, shadowed text)`,
      },
      { kind: 'time', label: 'engine  Engine.exportPrintFile (tiled composeFlatToPng)', stats: e, ratio: '1.00x' },
      { kind: 'time', label: '(a) Canvas2D draw at print size + PNG encode', stats: P.canvas2d!, ratio: faster(P.canvas2d!, e) },
      {
        kind: 'time',
        label: '(b) ImageMagick: -distort AffineProjection + -annotate -> PNG',
        stats: P.imagemagick ?? null,
        ratio: faster(P.imagemagick ?? null, e),
        note: im ? 'not run (over a minute a run here): --imagemagick-print' : imMissing,
      },
      {
        kind: 'time',
        label: 'floor  bare PNG encode of the same 4500x5400 pixels',
        stats: P.floor!,
        ratio: P.floor ? `engine = ${x(e.median / P.floor.median)} floor` : '',
      },
    );
    target('print <= 1.5x bare PNG encode', P.floor ? x(e.median / P.floor.median) : '—', !!P.floor && e.median <= 1.5 * P.floor.median);
    target('print faster than Canvas2D', P.canvas2d ? x(P.canvas2d.median / e.median) : '—', !!P.canvas2d && e.median < P.canvas2d.median);
  }

  // Report ---------------------------------------------------------------------------------------
  const loadEnd = os.loadavg();
  const date = new Date();
  const header = [
    `POD Studio engine benchmark  ${date.toISOString()}${quick ? '  (--quick)' : ''}`,
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${loadStart[0]!.toFixed(2)} at start, ${loadEnd[0]!.toFixed(2)} at end${Math.max(loadStart[0]!, loadEnd[0]!) > os.cpus().length / 2 ? ' (other work was running: times are noisy)' : ''}`,
    `Chromium ${chromium} headless, navigator.hardwareConcurrency ${machine.cores}; WebGL2: ${machine.webglRenderer}, MAX_TEXTURE_SIZE ${machine.maxTextureSize}; RenderPool default size ${machine.poolSize}; flats composed by ${machine.composeBackend}`,
    `ImageMagick: ${im ? `${im.version} (${im.bin})` : imMissing}`,
    `check: engine vs Canvas2D on the same 800x800 frame, mean abs difference ${check.maeInteractive.toFixed(2)}/255 per channel`,
  ];
  const targetLines = [
    '',
    'Targets (reported, not enforced)',
    ...targets.map((t) => `  ${t.target.padEnd(40)} ${t.measured.padEnd(34)} ${t.pass ? 'PASS' : 'MISS'}`),
  ];
  console.log([...header, printTable(rows), ...targetLines, '', `total ${((Date.now() - started) / 1000).toFixed(0)} s`].join('\n'));

  const results = path.resolve(
    values.out ??
      path.join(
        'bench',
        'results',
        `engine-${date
          .toISOString()
          .slice(0, 19)
          .replace(/[:T]/g, (c) => (c === 'T' ? '_' : '-'))}.json`,
      ),
  );
  await mkdir(path.dirname(results), { recursive: true });
  const withStats = (r: Record<string, Samples | null> | null) =>
    r && Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v ? { ...v, stats: S(v) } : null]));
  const json = {
    date: date.toISOString(),
    quick,
    only: values.only ?? null,
    loadavg: { start: loadStart, end: loadEnd },
    machine: { ...machine, chromium, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memGiB: os.totalmem() / 2 ** 30 },
    imagemagick: im,
    scene: { views: scene.views, colors: scene.colors, interactive: scene.interactive, bulkJobs: scene.bulkJobs, print: scene.print },
    check: { maeInteractive: check.maeInteractive },
    interactive: withStats(interactive),
    bulk:
      bulkResults &&
      Object.fromEntries(
        Object.entries(bulkResults).map(([k, v]) => [k, v ? { ...v, jobsPerSecond: jps(v), stats: stats(v.samples) } : null]),
      ),
    print: withStats(print),
    targets,
  };
  await writeFile(results, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), results)}`);

  if (values.images) {
    const dir = values.images;
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'interactive-engine.png'), Buffer.from(check.engine800, 'base64'));
    await writeFile(path.join(dir, 'interactive-canvas2d.png'), Buffer.from(check.canvas2d800, 'base64'));
    await writeFile(path.join(dir, 'bulk-engine-v-back.jpg'), Buffer.from(check.engineBulkJpeg, 'base64'));
    if (im) {
      const [plan] = await call('imInteractivePlans', 1, 3);
      await run(im.bin, imArgs(plan!, workDir, path.join(workDir, 'photo0-800.mpc'), [path.join(dir, 'interactive-imagemagick.png')]));
    }
    console.log(`wrote sample images to ${dir}`);
  }
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  await harness.close();
  await rm(workDir, { recursive: true, force: true });
}
