/**
 * The engine benchmark's page (bench/engine/index.html), driven by bench/engine/run.ts through
 * the engine harness. Every case runs here or in workers started from here, on this machine's
 * headless Chromium; times are performance.now() deltas in ms. Node only prints and runs
 * ImageMagick, for which this page supplies the same inputs and geometry (imagemagickPlan).
 */
import * as Comlink from 'comlink';
import {
  Engine,
  MockupRenderer,
  createFetchImageLoader,
  printSize,
  type MockupRequest,
  composeBackend,
  buildLayerMesh,
  outputSizeFor,
  planViewLayers,
} from '@pod-studio/engine';
import type { SkuDesign, TemplateView } from '@pod-studio/engine/model';
import { elementMatrix, multiplyAffine, type Mat2d } from '@pod-studio/engine/geometry';
import { fabricShadow, layoutText, loadFont, resolveFontFace, textElementMatrix } from '@pod-studio/engine/layout';
import { startRenderWorker } from '../../workers/client.ts';
import { JobHistory, JobQueue, RenderPool, defaultPoolSize, keyedJob } from '../../workers/pool.ts';
import type { BaselineWorkerApi } from './baseline.worker.ts';
import { Canvas2DMockup, flatScaleFor } from './canvas2d.ts';
import { BlitFloor } from './floor.ts';
import { COLORS, buildScene, moved, type BenchScene } from './scene.ts';

export interface SampleOptions {
  warmup: number;
  iterations: number;
  minIterations: number;
  maxMs: number;
}
export interface Samples {
  samples: number[];
  notes: string[];
}
export interface BulkResult {
  workers: number;
  jobs: number;
  wallMs: number;
  samples: number[];
  bytes: number;
  notes: string[];
  /** The warm-up: each view's first job on its worker (a design's one-off costs), not in the row. */
  firstMs?: number[];
}

export interface ImElement {
  kind: 'image';
  name: string;
  /** Image px → composed-flat px, [a, b, c, d, e, f] as canvas setTransform. */
  matrix: Mat2d;
}
export interface ImText {
  kind: 'text';
  /** Repo-relative font file. */
  font: string;
  pointsize: number;
  kerning: number;
  fill: string;
  stroke: string | null;
  strokeWidth: number;
  shadow: { color: string; sigma: number; dx: number; dy: number } | null;
  /** Baseline starts in composed-flat px. */
  lines: { text: string; x: number; y: number }[];
}
/** Everything ImageMagick needs to do one mockup the way the engine does it. */
export interface ImPlan {
  photo: string;
  out: { width: number; height: number };
  flat: { width: number; height: number };
  elements: (ImElement | ImText)[];
  /** u,v (composed-flat px) → x,y (output px), from the engine's own mesh vertices. */
  controlPoints: number[];
  meshTriangles: number;
  /** SVG path data of the clip, output px. */
  clip: string | null;
  compose: string;
  opacity: number;
  tint: string | null;
}

/** Built by setup(); undefined after a reload until setup() runs again. */
let scene = undefined as unknown as BenchScene;
/** Thrown when the page lost its scene (Vite reloaded it); run.ts sets up again and retries. */
export const SCENE_LOST = 'bench scene lost (page reloaded)';
const nameOf = new Map<string, string>();

const toBase64 = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

const nextFrame = () => new Promise<void>((r) => setTimeout(r, 0));

async function sample(fn: (i: number) => Promise<void>, o: SampleOptions): Promise<number[]> {
  for (let i = 0; i < o.warmup; i++) await fn(i);
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < o.iterations; i++) {
    if (times.length >= o.minIterations && performance.now() - start > o.maxMs) break;
    const t0 = performance.now();
    await fn(o.warmup + i);
    times.push(performance.now() - t0);
    // Lets finished bitmaps and blobs be collected between frames, as an editor's frames would.
    await nextFrame();
  }
  return times;
}

const INTERACTIVE_VIEW = 'v-front';
const INTERACTIVE_SIZE = 800;
/** The design after drag step i of the 'art' element (a distinct position every step). */
const dragged = (i: number): SkuDesign => moved(scene.design, 'art', 6 * ((i % 21) - 10), 4 * ((i % 13) - 6));
const interactiveReq = (i: number): MockupRequest => ({
  template: scene.template,
  design: dragged(i),
  viewId: INTERACTIVE_VIEW,
  size: INTERACTIVE_SIZE,
});

function viewOf(viewId: string): TemplateView {
  return scene.template.viewList.find((v) => v.viewId === viewId)!;
}

function bulkJobs(): { viewId: string; color: string }[] {
  const jobs: { viewId: string; color: string }[] = [];
  for (const color of COLORS) for (const v of scene.template.viewList) jobs.push({ viewId: v.viewId, color });
  return jobs;
}

/**
 * Lanes over workers exactly like RenderPool.run: each idle worker takes the next job in the
 * pool's order (a view's jobs to the worker that did that view before; `history` remembers who
 * and how long jobs took across calls, as a pool does across runs).
 */
async function lanes<A>(
  apis: A[],
  jobs: { key: string; run: (api: A) => Promise<Blob> }[],
  history: JobHistory<A>,
): Promise<{ wallMs: number; samples: number[]; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  const queue = new JobQueue(
    jobs.map((j) => j.key),
    history,
    apis,
  );
  const t0 = performance.now();
  await Promise.all(
    apis.map(async (api) => {
      for (;;) {
        const index = queue.take(api);
        if (index === undefined) return;
        const s = performance.now();
        const blob = await jobs[index]!.run(api);
        const ms = performance.now() - s;
        samples.push(ms);
        queue.finished(api, index, ms);
        bytes += blob.size;
      }
    }),
  );
  return { wallMs: performance.now() - t0, samples, bytes };
}

let baselineWorkers: { api: Comlink.Remote<BaselineWorkerApi>; worker: Worker }[] = [];
function startBaselineWorkers(n: number) {
  while (baselineWorkers.length < n) {
    const worker = new Worker(new URL('./baseline.worker.ts', import.meta.url), { type: 'module', name: 'bench-baseline' });
    baselineWorkers.push({ api: Comlink.wrap<BaselineWorkerApi>(worker), worker });
  }
  return baselineWorkers.slice(0, n).map((w) => w.api);
}
function stopBaselineWorkers() {
  for (const w of baselineWorkers) w.worker.terminate();
  baselineWorkers = [];
}

async function meanAbsDiff(a: ImageBitmap, b: ImageBitmap): Promise<number> {
  const read = (bm: ImageBitmap) => {
    const c = new OffscreenCanvas(a.width, a.height);
    const ctx = c.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(bm, 0, 0, a.width, a.height);
    return ctx.getImageData(0, 0, a.width, a.height).data;
  };
  const x = read(a);
  const y = read(b);
  let sum = 0;
  for (let i = 0; i < x.length; i++) if ((i & 3) !== 3) sum += Math.abs(x[i]! - y[i]!);
  return sum / ((x.length / 4) * 3);
}

const engine = new Engine();
const canvas2d = new Canvas2DMockup();

/**
 * Waits until the bitmap's pixels exist: Chromium may hand out an ImageBitmap whose drawing is
 * still queued (2D canvas recordings, GPU work), so every interactive case reads one pixel back
 * before its clock stops, as showing the frame would.
 */
const probe = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;
function settle(bitmap: ImageBitmap): void {
  probe.drawImage(bitmap, bitmap.width >> 1, bitmap.height >> 1, 1, 1, 0, 0, 1, 1);
  probe.getImageData(0, 0, 1, 1);
  bitmap.close();
}

const cases: Record<string, (o: SampleOptions) => Promise<Samples>> = {
  async 'interactive.engine'(o) {
    const samples = await sample(async (i) => settle(await engine.renderMockup(interactiveReq(i))), o);
    return { samples, notes: [] };
  },
  async 'interactive.engine-worker'(o) {
    const w = startRenderWorker();
    try {
      const samples = await sample(async (i) => settle(await w.api.renderMockup(interactiveReq(i))), o);
      return { samples, notes: ['render worker over Comlink: design structured-cloned in, ImageBitmap transferred out'] };
    } finally {
      await w.api.dispose();
      w.terminate();
    }
  },
  /** The engine's two halves alone: flat composition (pixi.js or the 2D canvas) and warp + blend + readback (twgl.js). */
  async 'interactive.engine-compose'(o) {
    const view = viewOf(INTERACTIVE_VIEW);
    const scale = flatScaleFor(scene.template, view, 'front', INTERACTIVE_SIZE);
    const samples = await sample(
      async (i) => settle(await engine.composeFlat(scene.template, dragged(i), 'front', { scale, viewId: INTERACTIVE_VIEW })),
      o,
    );
    return { samples, notes: [`flat composed at ${Math.round(1000 * scale)}x${Math.round(1200 * scale)}`] };
  },
  /**
   * What composition would cost if the flat were sized by where the warp actually lands (mesh
   * bounds on the output x 1.25) instead of by OS (Engine.largestLayerSide): a what-if for the report.
   */
  async 'interactive.engine-compose-fit'(o) {
    const view = viewOf(INTERACTIVE_VIEW);
    const k = INTERACTIVE_SIZE / Math.max(view.viewData.width, view.viewData.height);
    const b = buildLayerMesh(planViewLayers(view.viewData.layers)[0]!.layer, k).bounds;
    const flat = scene.template.flatList.find((f) => f.flatId === 'front')!.flatData;
    const scale = Math.min(1, (Math.max(b.maxX - b.minX, b.maxY - b.minY) * k * 1.25) / Math.max(flat.width, flat.height));
    const samples = await sample(
      async (i) => settle(await engine.composeFlat(scene.template, dragged(i), 'front', { scale, viewId: INTERACTIVE_VIEW })),
      o,
    );
    return { samples, notes: [`flat composed at ${Math.round(flat.width * scale)}x${Math.round(flat.height * scale)}`] };
  },
  async 'interactive.engine-warp'(o) {
    const view = viewOf(INTERACTIVE_VIEW);
    const scale = flatScaleFor(scene.template, view, 'front', INTERACTIVE_SIZE);
    const flat = await engine.composeFlat(scene.template, scene.design, 'front', { scale });
    const renderer = new MockupRenderer(undefined, { loader: createFetchImageLoader() });
    try {
      const samples = await sample(
        async () => settle(await renderer.renderView({ view, flats: { front: flat }, size: INTERACTIVE_SIZE })),
        o,
      );
      return { samples, notes: ['same flat bitmap every frame: its texture stays cached, so no upload'] };
    } finally {
      await renderer.dispose();
      flat.close();
    }
  },
  /** As above with a new flat each frame (composed beforehand): adds the cross-context upload and mipmaps of a changed flat. */
  async 'interactive.engine-warp-newflat'(o) {
    const view = viewOf(INTERACTIVE_VIEW);
    const scale = flatScaleFor(scene.template, view, 'front', INTERACTIVE_SIZE);
    const flats: ImageBitmap[] = [];
    for (let i = 0; i < o.warmup + o.iterations; i++) flats.push(await engine.composeFlat(scene.template, dragged(i), 'front', { scale }));
    const renderer = new MockupRenderer(undefined, { loader: createFetchImageLoader() });
    try {
      const samples = await sample(
        async (i) => settle(await renderer.renderView({ view, flats: { front: flats[i]! }, size: INTERACTIVE_SIZE })),
        o,
      );
      return { samples, notes: [`flat bitmaps from composeFlat (${composeBackend()}), one new bitmap per frame`] };
    } finally {
      await renderer.dispose();
      for (const f of flats) f.close();
    }
  },
  async 'interactive.canvas2d'(o) {
    const samples = await sample(async (i) => settle(await createImageBitmap(await canvas2d.render(interactiveReq(i)))), o);
    return { samples, notes: [`${canvas2d.triangles} triangles`] };
  },
  async 'interactive.floor'(o) {
    const src = await engine.renderMockup(interactiveReq(0));
    const floor = new BlitFloor(INTERACTIVE_SIZE, INTERACTIVE_SIZE, src);
    const samples = await sample(async () => settle(await floor.frame(false)), o);
    return { samples, notes: [] };
  },
  async 'interactive.floor-upload'(o) {
    const src = await engine.renderMockup(interactiveReq(0));
    const floor = new BlitFloor(INTERACTIVE_SIZE, INTERACTIVE_SIZE, src);
    const samples = await sample(async () => settle(await floor.frame(true)), o);
    return { samples, notes: [] };
  },
  async 'print.engine'(o) {
    const samples = await sample(async () => void (await engine.exportPrintFile(scene.template, scene.design, 'front', 150)), o);
    return { samples, notes: [] };
  },
  async 'print.canvas2d'(o) {
    const flat = scene.template.flatList.find((f) => f.flatId === 'front')!;
    const print = printSize(flat.flatData, 150);
    const elements = scene.design.flatDesignList.find((f) => f.flatId === 'front')!.designList;
    const samples = await sample(async () => {
      const c = await canvas2d.composeFlat(elements, flat.flatData.width, flat.flatData.height, print.scale);
      await c.convertToBlob({ type: 'image/png' });
    }, o);
    return { samples, notes: [] };
  },
  async 'print.floor'(o) {
    // A canvas holding the print's pixels (the Canvas2D composition: the same picture as the
    // engine's, see check()), so the encoder sees the same content: only the PNG encode is timed.
    const flat = scene.template.flatList.find((f) => f.flatId === 'front')!;
    const print = printSize(flat.flatData, 150);
    const elements = scene.design.flatDesignList.find((f) => f.flatId === 'front')!.designList;
    const canvas = await canvas2d.composeFlat(elements, flat.flatData.width, flat.flatData.height, print.scale);
    const samples = await sample(async () => void (await canvas.convertToBlob({ type: 'image/png' })), o);
    return { samples, notes: [`${canvas.width}x${canvas.height}`] };
  },
};

/** The engine's bulk row through a RenderPool of `size` workers (default: the pool's own rule). */
async function bulkEngine(size?: number): Promise<BulkResult> {
  const pool = new RenderPool(size);
  try {
    // Every job says how many colours of the design the run renders, as the app's save does.
    const request = (viewId: string, color: string) => ({
      template: scene.template,
      design: scene.design,
      viewId,
      color,
      runColors: COLORS.length,
    });
    const firstMs: number[] = [];
    const warm = scene.template.viewList.map((v) =>
      keyedJob(v.viewId, async (api) => {
        const t0 = performance.now();
        await api.renderMockupJpeg(request(v.viewId, '#FFFFFF'));
        firstMs.push(performance.now() - t0);
      }),
    );
    await pool.run(warm);
    const samples: number[] = [];
    let bytes = 0;
    const jobs = bulkJobs().map(({ viewId, color }) =>
      keyedJob(viewId, async (api) => {
        const t0 = performance.now();
        const blob = await api.renderMockupJpeg(request(viewId, color));
        samples.push(performance.now() - t0);
        bytes += blob.size;
        return blob;
      }),
    );
    const t0 = performance.now();
    const results = await pool.run(jobs);
    const wallMs = performance.now() - t0;
    const failed = results.filter((r) => !r.ok);
    if (failed.length) throw new Error(`bulk engine: ${failed.length} jobs failed: ${failed.map((f) => (f.ok ? '' : f.error)).join('; ')}`);
    return {
      workers: pool.size,
      jobs: jobs.length,
      wallMs,
      samples,
      bytes,
      notes: ['RenderPool, Engine.renderMockupJpeg quality 0.92'],
      firstMs,
    };
  } finally {
    pool.terminate();
  }
}

const bulk: Record<string, () => Promise<BulkResult>> = {
  'bulk.engine': () => bulkEngine(),
  // What-if: one worker per core whatever the renderer, to show what the pool's rule chose against.
  'bulk.engine.perCore': () => bulkEngine(navigator.hardwareConcurrency),
  async 'bulk.canvas2d'() {
    const apis = startBaselineWorkers(defaultPoolSize());
    const req = (viewId: string, color: string): MockupRequest => ({ template: scene.template, design: scene.design, viewId, color });
    const history = new JobHistory<(typeof apis)[number]>();
    const first = await lanes(
      apis,
      scene.template.viewList.map((v) => ({ key: v.viewId, run: (api) => api.canvas2dJpeg(req(v.viewId, '#FFFFFF')) })),
      history,
    );
    const r = await lanes(
      apis,
      bulkJobs().map(({ viewId, color }) => ({ key: viewId, run: (api) => api.canvas2dJpeg(req(viewId, color)) })),
      history,
    );
    return {
      workers: apis.length,
      jobs: r.samples.length,
      ...r,
      notes: ['Canvas2D triangles in workers, convertToBlob JPEG 0.92'],
      firstMs: first.samples,
    };
  },
  async 'bulk.floor'() {
    const apis = startBaselineWorkers(defaultPoolSize());
    const photo = (viewId: string) => viewOf(viewId).viewData.imageUrl;
    const history = new JobHistory<(typeof apis)[number]>();
    await lanes(
      apis,
      scene.template.viewList.map((v) => ({ key: v.viewId, run: (api) => api.encodeJpeg(photo(v.viewId), 1200) })),
      history,
    );
    const r = await lanes(
      apis,
      bulkJobs().map(({ viewId }) => ({ key: viewId, run: (api) => api.encodeJpeg(photo(viewId), 1200) })),
      history,
    );
    stopBaselineWorkers();
    return { workers: apis.length, jobs: r.samples.length, ...r, notes: ['bare convertToBlob JPEG 0.92 of a 1200x1200 2D canvas'] };
  },
};

/** The flat's elements for ImageMagick at zx, zy output px per design px: the engine's matrices and text layout. */
async function imElements(design: SkuDesign, flatId: string, zx: number, zy: number): Promise<(ImElement | ImText)[]> {
  const toOut: Mat2d = [zx, 0, 0, zy, 0, 0];
  const elements: (ImElement | ImText)[] = [];
  for (const el of design.flatDesignList.find((f) => f.flatId === flatId)!.designList) {
    if (el.type === 'image') {
      const toBox: Mat2d = [el.width / el.originalWidth, 0, 0, el.height / el.originalHeight, 0, 0];
      elements.push({ kind: 'image', name: nameOf.get(el.url)!, matrix: multiplyAffine(multiplyAffine(toOut, elementMatrix(el)), toBox) });
      continue;
    }
    const font = await loadFont(el.fontFamily);
    const layout = layoutText(el, font);
    const m = multiplyAffine(toOut, textElementMatrix(el, layout));
    const shadow = el.shadow ? fabricShadow(el.shadow, [zx, zy], [el.scaleX, el.scaleY]) : null;
    elements.push({
      kind: 'text',
      font: `fonts/${resolveFontFace(el.fontFamily)!.file}`,
      pointsize: layout.fontSize * m[0],
      kerning: layout.letterSpacing * m[0],
      fill: el.fill,
      stroke: el.stroke,
      strokeWidth: el.strokeWidth * m[0],
      shadow: el.shadow && shadow ? { color: el.shadow.color, sigma: shadow.blur / 2, dx: shadow.offsetX, dy: shadow.offsetY } : null,
      lines: layout.lines
        .filter((l) => l.text)
        .map((l) => ({ text: l.text, x: m[0] * l.left + m[2] * l.baseline + m[4], y: m[1] * l.left + m[3] * l.baseline + m[5] })),
    });
  }
  return elements;
}

/** The ImageMagick plan of one mockup: same flat scale, element matrices, text layout, mesh vertices, clip. */
async function imagemagickPlan(viewId: string, color: string, size: number | undefined, design: SkuDesign): Promise<ImPlan> {
  const view = viewOf(viewId);
  const out = outputSizeFor(view.viewData, size);
  const sx = out.width / view.viewData.width;
  const sy = out.height / view.viewData.height;
  const planned = planViewLayers(view.viewData.layers)[0]!;
  const layer = planned.layer;
  if (layer.F.kind !== 'flat') throw new Error('bench scene layers show flats');
  const flatId = layer.F.flatId;
  const flat = scene.template.flatList.find((f) => f.flatId === flatId)!;
  const scale = flatScaleFor(scene.template, view, flatId, Math.max(out.width, out.height));
  const fw = Math.max(1, Math.round(flat.flatData.width * scale));
  const fh = Math.max(1, Math.round(flat.flatData.height * scale));
  const elements = await imElements(design, flatId, fw / flat.flatData.width, fh / flat.flatData.height);
  const mesh = buildLayerMesh(layer, Math.max(sx, sy));
  const controlPoints: number[] = [];
  for (let i = 0; i < mesh.positions.length / 2; i++) {
    controlPoints.push(mesh.uvq[3 * i]! * fw, mesh.uvq[3 * i + 1]! * fh, mesh.positions[2 * i]! * sx, mesh.positions[2 * i + 1]! * sy);
  }
  const clip = planned.clips[0];
  let d: string | null = null;
  if (clip) {
    const parts: string[] = [];
    for (let i = 0; i < clip.length; i++) {
      const c = clip[i]!;
      const p = (x: number, y: number) => `${(x * sx).toFixed(2)},${(y * sy).toFixed(2)}`;
      if (c.Type === 'Z') parts.push('Z');
      else if (c.Type !== 'C') parts.push(`${c.Type} ${p(c.X, c.Y)}`);
      else {
        const c2 = clip[i + 1]!;
        const c3 = clip[i + 2]!;
        parts.push(`C ${p(c.X, c.Y)} ${p(c2.X, c2.Y)} ${p(c3.X, c3.Y)}`);
        i += 2;
      }
    }
    d = parts.join(' ');
  }
  // The benchmark's templates use the product's codes 1-7; other codes draw as Over.
  const compose =
    ({ 1: 'Plus', 2: 'Colorize', 3: 'Darken', 4: 'Lighten', 5: 'Overlay', 6: 'Multiply', 7: 'Over' } as Record<number, string>)[
      layer.blend
    ] ?? 'Over';
  return {
    photo: nameOf.get(view.viewData.imageUrl)!,
    out,
    flat: { width: fw, height: fh },
    elements,
    controlPoints,
    meshTriangles: mesh.indices.length / 3,
    clip: d,
    compose,
    opacity: layer.opacity,
    tint: color.toUpperCase() === '#FFFFFF' ? null : color,
  };
}

async function info() {
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2')!;
  const dbg = gl.getExtension('WEBGL_debug_renderer_info');
  return {
    cores: navigator.hardwareConcurrency,
    userAgent: navigator.userAgent,
    webglRenderer: String(gl.getParameter(dbg ? dbg.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
    webglVendor: String(gl.getParameter(dbg ? dbg.UNMASKED_VENDOR_WEBGL : gl.VENDOR)),
    maxTextureSize: gl.getParameter(gl.MAX_TEXTURE_SIZE) as number,
    poolSize: defaultPoolSize(),
    composeBackend: composeBackend(),
  };
}

async function setup() {
  scene = await buildScene();
  for (const img of scene.images) nameOf.set(img.url, img.name);
  const view = viewOf(INTERACTIVE_VIEW);
  const outScale = INTERACTIVE_SIZE / Math.max(view.viewData.width, view.viewData.height);
  const mesh = buildLayerMesh(planViewLayers(view.viewData.layers)[0]!.layer, outScale);
  return {
    images: await Promise.all(
      scene.images.map(async (i) => ({ name: i.name, width: i.width, height: i.height, png: await toBase64(i.png) })),
    ),
    views: scene.template.viewList.map((v) => v.viewId),
    colors: [...COLORS],
    interactive: {
      view: INTERACTIVE_VIEW,
      size: INTERACTIVE_SIZE,
      triangles: mesh.indices.length / 3,
      flatScale: flatScaleFor(scene.template, view, 'front', INTERACTIVE_SIZE),
    },
    bulkJobs: bulkJobs().length,
    print: printSize(scene.template.flatList[0]!.flatData, 150),
  };
}

/** Engine and Canvas2D outputs of the same frame, to show the baseline draws the same picture. */
async function check() {
  const a = await engine.renderMockup(interactiveReq(3));
  const b = await createImageBitmap(await canvas2d.render(interactiveReq(3)));
  const mae = await meanAbsDiff(a, b);
  const png = async (bm: ImageBitmap) => {
    const c = new OffscreenCanvas(bm.width, bm.height);
    c.getContext('2d')!.drawImage(bm, 0, 0);
    return toBase64(await c.convertToBlob({ type: 'image/png' }));
  };
  const jpeg = await engine.renderMockupJpeg({ template: scene.template, design: scene.design, viewId: 'v-back', color: COLORS[2] });
  return { maeInteractive: mae, engine800: await png(a), canvas2d800: await png(b), engineBulkJpeg: await toBase64(jpeg) };
}

const api = {
  info,
  setup,
  check,
  measure: (name: string, o: SampleOptions) => {
    if (!scene) throw new Error(SCENE_LOST);
    const c = cases[name];
    if (!c) throw new Error(`no case ${name}`);
    return c(o);
  },
  bulk: (name: string) => {
    if (!scene) throw new Error(SCENE_LOST);
    const c = bulk[name];
    if (!c) throw new Error(`no bulk case ${name}`);
    return c();
  },
  imInteractivePlans: (count: number, warmup: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) => imagemagickPlan(INTERACTIVE_VIEW, '#FFFFFF', INTERACTIVE_SIZE, dragged(warmup + i))),
    ),
  imPrintPlan: async () => {
    const flat = scene.template.flatList.find((f) => f.flatId === 'front')!;
    const print = printSize(flat.flatData, 150);
    return {
      flat: { width: print.width, height: print.height },
      elements: await imElements(scene.design, 'front', print.scale, print.scale),
    };
  },
  imBulkPlans: () => Promise.all(bulkJobs().map((j) => imagemagickPlan(j.viewId, j.color, undefined, scene.design))),
};

export type BenchApi = typeof api;

declare global {
  interface Window {
    podBench: BenchApi;
    podBenchReady: boolean;
  }
}
window.podBench = api;
window.podBenchReady = true;
