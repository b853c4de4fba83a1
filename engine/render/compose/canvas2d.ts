/**
 * The 2D canvas way of drawing a flat's plan: the same draw operations and matrices as the
 * pixi.js scene (scene.ts), drawn by the canvas's own raster. Bitmaps drawn at under half size
 * sample mipmaps ('medium' smoothing), as their GPU textures do; text rasters land on whole
 * output pixels, so they are copied unchanged, or painted in place where the plan is drawn once.
 */
import type { Mat2d, ReadonlyMat2d } from '../../geometry/index.ts';
import type { OutputSize } from './output.ts';
import type { FlatPlan } from './plan.ts';
import type { FlatSize } from './types.ts';

/** Largest side a 2D canvas may have in Chromium; larger outputs are composed in GPU tiles. */
export const CANVAS2D_MAX_SIDE = 32767;
/** See `place` in drawPlan2d. */
const EDGE_SKEW = 1e-7;

/** Largest area (pixels) of a 2D canvas in Chromium. */
const CANVAS2D_MAX_AREA = 268_435_456;

export function fitsCanvas2d(out: OutputSize): boolean {
  return out.width <= CANVAS2D_MAX_SIDE && out.height <= CANVAS2D_MAX_SIDE && out.width * out.height <= CANVAS2D_MAX_AREA;
}

/** Draws the plan into a canvas of the output size: a new one, or a cleared one the caller lends. */
export function drawPlan2d(
  plan: FlatPlan,
  flat: FlatSize,
  out: OutputSize,
  canvas: OffscreenCanvas = new OffscreenCanvas(out.width, out.height),
): OffscreenCanvas {
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('2D canvas is not available');
  // Drawn once: text is painted in place rather than through a raster canvas made for one use.
  drawOps2d(ctx, plan, flat, out, { textInPlace: true });
  return canvas;
}

/**
 * Draws the plan's background colour and ops onto `ctx` (its transform is left changed): the
 * whole canvas, or, clipped by the caller, part of it. `textInPlace`: paint full-resolution text
 * straight onto `ctx` instead of copying its raster canvas; right for a plan drawn once (a print
 * file: no print-sized text canvas to make and copy), wrong for ops drawn again and again (a
 * sketch's texts, whose raster is made once and then only copied).
 */
export function drawOps2d(
  ctx: OffscreenCanvasRenderingContext2D,
  plan: FlatPlan,
  flat: FlatSize,
  out: OutputSize,
  { textInPlace = false }: { textInPlace?: boolean } = {},
): void {
  const sx = out.width / flat.width;
  const sy = out.height / flat.height;
  // Flat px → output px after the op's own matrix (per-axis, as the GPU scene's root scale).
  // Chromium antialiases a drawn image's edges only when the transform turns or skews it; an
  // axis-aligned image would land with hard edges snapped to whole pixels, where the GPU's
  // multisampling gives an edge pixel its partial coverage. A skew of 1e-7 (a thousandth of a
  // pixel across 10,000 px) makes every image take the antialiased path, so the two backends
  // agree and both stay close to a supersampled drawing (measured in the composition tests).
  // An image that stays axis-aligned (scaled, flipped, moved) is drawn in two parts: the whole
  // output pixels inside it by Skia's scale-and-translate sampler, and only the ring of edge
  // pixels through the skewed, antialiased path. The skewed sampler's rounding leaves ±1 noise
  // across the whole image (6.6 M of the 97 M bytes of the benchmark's print file), which made
  // that PNG half again as large and as slow to encode, and the skewed draw itself was 1.5x slower.
  const place = (m: ReadonlyMat2d): Mat2d => [sx * m[0], sy * m[1], sx * m[2], sy * m[3], sx * m[4], sy * m[5]];
  if (plan.background !== null) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = plan.background;
    ctx.fillRect(0, 0, out.width, out.height);
  }
  ctx.imageSmoothingEnabled = true;
  for (const op of plan.ops) {
    if (op.kind === 'bitmap') {
      ctx.imageSmoothingQuality = op.minScale < 0.5 ? 'medium' : 'low';
      for (const m of op.matrices) drawBitmap2d(ctx, op.bitmap, place(m));
    } else {
      const { raster } = op;
      const k = raster.resolution;
      if (textInPlace && k === 1) {
        // Painted in place, clipped to the raster's box: the raster's own pixels, without making
        // the raster (source-over of fill, shadow and stroke is associative up to rounding).
        clippedTo(ctx, raster.x, raster.y, raster.width, raster.height, () => raster.paint(ctx, raster.x, raster.y));
        continue;
      }
      ctx.imageSmoothingQuality = 'low';
      ctx.setTransform(1 / k, 0, 0, 1 / k, raster.x, raster.y);
      ctx.drawImage(raster.canvas, 0, 0);
    }
  }
}

/** `bitmap` drawn with the matrix `t` (bitmap px → output px), its edges antialiased. */
function drawBitmap2d(ctx: OffscreenCanvasRenderingContext2D, bitmap: ImageBitmap, t: ReadonlyMat2d): void {
  const [a, b, c, d, e, f] = t;
  const skewed = () => {
    ctx.setTransform(a, b + EDGE_SKEW, c, d, e, f);
    ctx.drawImage(bitmap, 0, 0);
  };
  if (b !== 0 || c !== 0) {
    skewed();
    return;
  }
  const x0 = Math.min(e, e + a * bitmap.width);
  const x1 = Math.max(e, e + a * bitmap.width);
  const y0 = Math.min(f, f + d * bitmap.height);
  const y1 = Math.max(f, f + d * bitmap.height);
  // Whole pixels inside the image, and the pixel box around it.
  const ix0 = Math.ceil(x0);
  const ix1 = Math.floor(x1);
  const iy0 = Math.ceil(y0);
  const iy1 = Math.floor(y1);
  if (ix1 <= ix0 || iy1 <= iy0) {
    skewed();
    return;
  }
  const ox0 = Math.floor(x0);
  const ox1 = Math.ceil(x1);
  const oy0 = Math.floor(y0);
  const oy1 = Math.ceil(y1);
  clippedTo(ctx, ix0, iy0, ix1 - ix0, iy1 - iy0, () => {
    ctx.setTransform(a, 0, 0, d, e, f);
    ctx.drawImage(bitmap, 0, 0);
  });
  clippedTo(ctx, ox0, oy0, ox1 - ox0, iy0 - oy0, skewed);
  clippedTo(ctx, ox0, iy1, ox1 - ox0, oy1 - iy1, skewed);
  clippedTo(ctx, ox0, iy0, ix0 - ox0, iy1 - iy0, skewed);
  clippedTo(ctx, ix1, iy0, ox1 - ix1, iy1 - iy0, skewed);
}

/**
 * Runs `draw` clipped to the rectangle (untransformed output px), with the context's state
 * restored afterwards; an empty rectangle draws nothing.
 */
function clippedTo(ctx: OffscreenCanvasRenderingContext2D, x: number, y: number, w: number, h: number, draw: () => void): void {
  if (w <= 0 || h <= 0) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  draw();
  ctx.restore();
}
