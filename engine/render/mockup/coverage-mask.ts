/**
 * How much of each output pixel a layer covers: its warp mesh's outline, inside every clip path
 * of the layer and its groups (nonzero rule), antialiased by the 2D canvas's analytic coverage.
 * Drawn once per layer, output scale and rect (the GPU cache keeps the texture); the mesh is then
 * drawn without multisampling, widened by its skirt (mesh-outline.ts), and multiplied by this.
 *
 * Outlines and clip paths are filled as polygons, never as their triangles: the 2D canvas leaves
 * faint seams (a pixel at 97 %) where many triangles of one path meet inside a pixel.
 */
import type { PixelRect } from '../../gl/targets.ts';
import { context2d } from './output.ts';

type Loop = readonly (readonly [number, number])[];

/** One path of `loops` (view px) in the mask's px. */
function loopsPath(loops: readonly Loop[], sx: number, sy: number, rect: PixelRect): Path2D {
  const path = new Path2D();
  for (const loop of loops) {
    loop.forEach(([x, y], i) => {
      const px = x * sx - rect.x;
      const py = y * sy - rect.y;
      if (i === 0) path.moveTo(px, py);
      else path.lineTo(px, py);
    });
    path.closePath();
  }
  return path;
}

/**
 * The coverage of `rect` (output px; `sx`, `sy` output px per view px) by the mesh `outline`
 * and the triangles where it folds over itself (`folds`, mesh-outline.ts: there the outline's
 * winding can cancel out), within every one of `clips` (each its polygons), in the alpha channel
 * of a canvas the size of `rect`.
 */
export function drawCoverageMask(
  outline: readonly Loop[],
  clips: readonly (readonly Loop[])[],
  sx: number,
  sy: number,
  rect: PixelRect,
  folds: readonly Loop[] = [],
): OffscreenCanvas {
  const canvas = new OffscreenCanvas(rect.width, rect.height);
  const ctx = context2d(canvas);
  ctx.fillStyle = '#000';
  ctx.fill(loopsPath(outline, sx, sy, rect), 'nonzero');
  if (folds.length > 0) ctx.fill(loopsPath(folds, sx, sy, rect), 'nonzero');
  ctx.globalCompositeOperation = 'destination-in';
  for (const clip of clips) ctx.fill(loopsPath(clip, sx, sy, rect), 'nonzero');
  return canvas;
}
