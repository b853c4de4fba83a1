/**
 * Flat composition: the one code path that draws a flat's design for the editor preview, for
 * mockups (as the source the warp passes sample) and for print files. Only `scale` differs.
 */
import { acquireComposeRenderer, type ComposeRenderer } from './renderer.ts';
import { loadFlatAssets, type FlatAssets } from './assets.ts';
import { composeBackend } from './backend.ts';
import { CANVAS2D_MAX_SIDE, drawPlan2d, fitsCanvas2d } from './canvas2d.ts';
import { leaseCanvas } from './canvas-lease.ts';
import { checkpoint } from './errors.ts';
import { bitmapToCanvas, fitsOnePass, outputSize, renderSingle, renderTiled, type OutputSize } from './output.ts';
import { noteFlatContent, planContent } from './content.ts';
import { opBounds, planFlat, type FlatPlan, type PlanInput } from './plan.ts';
import { withPngDpi } from './png.ts';
import { buildScene } from './scene.ts';
import type { FlatSketch } from './flat-sketch.ts';
import type { ComposeFlatOptions, ComposePngOptions } from './types.ts';

/**
 * Default largest single pass. Bigger outputs are tiled even below the GPU limit: the
 * multisampled drawing buffer of a 4500×5400 print would hold about 400 MB per render worker,
 * a 2048² tile 64 MB, and under SwiftShader 2048² tiles measured as fast as one pass or faster.
 */
export const DEFAULT_TILE_SIZE = 2048;

/** Canvases above this many pixels are shrunk after use so an idle worker holds no print-sized buffer. */
const KEEP_CANVAS_PIXELS = 2048 * 2048;

function releaseLargeCanvas(cr: ComposeRenderer): void {
  if (cr.canvas.width * cr.canvas.height > KEEP_CANVAS_PIXELS) cr.renderer.resize(1, 1, 1);
}

interface Prepared {
  /** The GPU renderer, or null when this composition draws on a 2D canvas. */
  readonly cr: ComposeRenderer | null;
  readonly plan: FlatPlan;
  readonly out: OutputSize;
  readonly tileSize: number;
}

function assertOptions(options: ComposeFlatOptions): number {
  const { width, height } = options.flat;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    throw new Error('composeFlat: flat width and height must be positive');
  }
  const scale = options.scale ?? 1;
  if (!(scale > 0 && Number.isFinite(scale))) throw new Error('composeFlat: scale must be positive');
  return scale;
}

/** What planning needs of a composition: its design and background, loaded assets, output grid. */
function planInput(options: ComposeFlatOptions, assets: FlatAssets, out: OutputSize, maxTextureSize: number): PlanInput {
  return {
    flat: options.flat,
    designList: options.design.designList,
    background: options.background ?? null,
    images: assets.images,
    fonts: assets.fonts,
    outputScale: [out.width / options.flat.width, out.height / options.flat.height],
    maxTextureSize,
  };
}

async function prepare(options: ComposeFlatOptions): Promise<Prepared> {
  const scale = assertOptions(options);
  checkpoint(options);
  const out = outputSize(options.flat, scale);
  const gpu = composeBackend() === 'webgl' || !fitsCanvas2d(out);
  const [cr, assets] = await Promise.all([
    gpu ? acquireComposeRenderer() : null,
    loadFlatAssets(options.design.designList, options.images, options),
  ]);
  checkpoint(options);
  const maxTextureSize = cr?.maxTextureSize ?? CANVAS2D_MAX_SIDE;
  const plan = planFlat(planInput(options, assets, out, maxTextureSize));
  const tileSize = Math.max(1, Math.floor(Math.min(options.tileSize ?? DEFAULT_TILE_SIZE, maxTextureSize)));
  return { cr, plan, out, tileSize };
}

/**
 * Composes a flat into an ImageBitmap of round(width × scale) × round(height × scale) pixels,
 * premultiplied RGBA, transparent where nothing is drawn. Rejects with 'Error loading font'
 * (FontLoadError), 'Maximum 150 tiling' (TilingLimitError, code 1), 'stop render'
 * (StopRenderError) or the signal's reason.
 */
export async function composeFlat(options: ComposeFlatOptions): Promise<ImageBitmap> {
  const { cr, plan, out, tileSize } = await prepare(options);
  const scale = [out.width / options.flat.width, out.height / options.flat.height] as const;
  const content = planContent(
    plan.background,
    plan.ops.map((op) => opBounds(op, scale)),
    out,
  );
  if (cr === null) return noteFlatContent(drawPlan2d(plan, options.flat, out).transferToImageBitmap(), content);
  // Built and drawn in one synchronous stretch: no other composition can evict a cached
  // texture or draw on the shared renderer in between.
  const scene = buildScene(plan, cr.textures);
  try {
    if (fitsOnePass(out, tileSize)) return noteFlatContent(renderSingle(cr, scene, options.flat, out), content);
    return noteFlatContent(renderTiled(cr, scene, options.flat, out, tileSize).transferToImageBitmap(), content);
  } finally {
    scene.destroy();
    releaseLargeCanvas(cr);
  }
}

/**
 * `composeFlat` through a sketch of the same flat at the same size (flat-sketch.ts): only what
 * changed since the sketch's last picture is drawn again. Where flats compose on the GPU (or
 * the output is past the 2D canvas's limits) it composes whole. The same pixels either way.
 */
export async function composeFlatSketched(options: ComposeFlatOptions, sketch: FlatSketch): Promise<ImageBitmap> {
  const scale = assertOptions(options);
  checkpoint(options);
  const out = outputSize(options.flat, scale);
  if (composeBackend() === 'webgl' || !fitsCanvas2d(out)) return composeFlat(options);
  const assets = await loadFlatAssets(options.design.designList, options.images, options);
  checkpoint(options);
  const { canvas, content } = sketch.draw(planInput(options, assets, out, CANVAS2D_MAX_SIDE), out);
  // A copy taken now: the sketch's canvas changes with the next design.
  return noteFlatContent(await createImageBitmap(canvas), content);
}

/**
 * Composes a flat into a PNG print file, in tiles when it is larger than one GPU pass allows,
 * with its DPI recorded in the file when `dpi` is given.
 */
export async function composeFlatToPng(options: ComposePngOptions): Promise<Blob> {
  const { cr, plan, out, tileSize } = await prepare(options);
  const lease = leaseCanvas(out.width, out.height);
  let png: Blob;
  try {
    drawToCanvas(cr, plan, options, out, tileSize, lease.canvas);
    png = await lease.canvas.convertToBlob({ type: 'image/png' });
  } finally {
    lease.release();
  }
  checkpoint(options);
  return options.dpi === undefined ? png : withPngDpi(png, options.dpi);
}

/** The composed flat drawn into `target` to encode: drawn there directly, or rendered on the GPU and copied. */
function drawToCanvas(
  cr: ComposeRenderer | null,
  plan: FlatPlan,
  options: ComposePngOptions,
  out: OutputSize,
  tileSize: number,
  target: OffscreenCanvas,
): void {
  if (cr === null) {
    drawPlan2d(plan, options.flat, out, target);
    return;
  }
  const scene = buildScene(plan, cr.textures);
  try {
    if (fitsOnePass(out, tileSize)) bitmapToCanvas(renderSingle(cr, scene, options.flat, out), target);
    else renderTiled(cr, scene, options.flat, out, tileSize, target);
  } finally {
    scene.destroy();
    releaseLargeCanvas(cr);
  }
}
