/**
 * The 2D canvas way of drawing a flat's plan: the same draw operations and matrices as the
 * pixi.js scene (scene.ts), drawn by the canvas's own raster. Bitmaps drawn at under half size
 * sample mipmaps ('medium' smoothing), as their GPU textures do; text rasters land on whole
 * output pixels, so they are copied unchanged.
 */
import type { ReadonlyMat2d } from '../../geometry/index.ts';
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
  drawOps2d(ctx, plan, flat, out);
  return canvas;
}

/**
 * Draws the plan's background colour and ops onto `ctx` (its transform is left changed): the
 * whole canvas, or, clipped by the caller, part of it.
 */
export function drawOps2d(ctx: OffscreenCanvasRenderingContext2D, plan: FlatPlan, flat: FlatSize, out: OutputSize): void {
  const sx = out.width / flat.width;
  const sy = out.height / flat.height;
  // Flat px → output px after the op's own matrix (per-axis, as the GPU scene's root scale).
  // Chromium antialiases a drawn image's edges only when the transform turns or skews it; an
  // axis-aligned image would land with hard edges snapped to whole pixels, where the GPU's
  // multisampling gives an edge pixel its partial coverage. A skew of 1e-7 (a thousandth of a
  // pixel across 10,000 px) makes every image take the antialiased path, so the two backends
  // agree and both stay close to a supersampled drawing (measured in the composition tests).
  const place = (m: ReadonlyMat2d) => ctx.setTransform(sx * m[0], sy * m[1] + EDGE_SKEW, sx * m[2], sy * m[3], sx * m[4], sy * m[5]);
  if (plan.background !== null) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = plan.background;
    ctx.fillRect(0, 0, out.width, out.height);
  }
  ctx.imageSmoothingEnabled = true;
  for (const op of plan.ops) {
    if (op.kind === 'bitmap') {
      ctx.imageSmoothingQuality = op.minScale < 0.5 ? 'medium' : 'low';
      for (const m of op.matrices) {
        place(m);
        ctx.drawImage(op.bitmap, 0, 0);
      }
    } else {
      // Straight from the raster's own placement (whole output pixels): an exact copy at k = 1.
      const { raster } = op;
      const k = raster.resolution;
      ctx.imageSmoothingQuality = 'low';
      ctx.setTransform(1 / k, 0, 0, 1 / k, raster.x, raster.y);
      ctx.drawImage(raster.canvas, 0, 0);
    }
  }
}
