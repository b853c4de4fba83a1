/**
 * Rendering a flat scene to pixels: in one GPU pass when the output fits the GPU's limits, or
 * in tiles stitched into a 2D canvas when it does not (print files past 8192 px a side).
 */
import type { ComposeRenderer } from './renderer.ts';
import type { FlatScene } from './scene.ts';
import type { FlatSize } from './types.ts';

export interface OutputSize {
  readonly width: number;
  readonly height: number;
}

/** Output pixels for a flat at a scale; at least 1 px a side. */
export function outputSize(flat: FlatSize, scale: number): OutputSize {
  return {
    width: Math.max(1, Math.round(flat.width * scale)),
    height: Math.max(1, Math.round(flat.height * scale)),
  };
}

/**
 * Renders the output region starting at (x, y) into the renderer's canvas (sized w × h) and
 * hands the drawing buffer out as an ImageBitmap. Synchronous on purpose: nothing else can draw
 * on the shared renderer in between.
 */
function renderRegion(
  cr: ComposeRenderer,
  scene: FlatScene,
  flat: FlatSize,
  out: OutputSize,
  x: number,
  y: number,
  w: number,
  h: number,
): ImageBitmap {
  const { renderer, canvas } = cr;
  if (canvas.width !== w || canvas.height !== h) renderer.resize(w, h, 1);
  // Per-axis scale so the rounded output size maps exactly onto the flat's edges; the offset is
  // a whole number of output pixels, so every tile samples the same pixel grid.
  scene.root.scale.set(out.width / flat.width, out.height / flat.height);
  scene.root.position.set(-x, -y);
  renderer.render({ container: scene.root, clear: true, clearColor: [...scene.clearColor] });
  return canvas.transferToImageBitmap();
}

/** Output fits one pass: the bitmap comes straight from the GPU canvas. */
export function renderSingle(cr: ComposeRenderer, scene: FlatScene, flat: FlatSize, out: OutputSize): ImageBitmap {
  return renderRegion(cr, scene, flat, out, 0, 0, out.width, out.height);
}

export function fitsOnePass(out: OutputSize, tileSize: number): boolean {
  return out.width <= tileSize && out.height <= tileSize;
}

/**
 * Renders in tiles of at most tileSize² and copies each into a 2D canvas of the full size.
 * drawImage of a bitmap at whole-pixel offsets without scaling is an exact copy (both hold
 * premultiplied pixels), so the stitched result equals a single pass.
 */
export function renderTiled(
  cr: ComposeRenderer,
  scene: FlatScene,
  flat: FlatSize,
  out: OutputSize,
  tileSize: number,
  target: OffscreenCanvas = new OffscreenCanvas(out.width, out.height),
): OffscreenCanvas {
  const ctx = target.getContext('2d');
  if (ctx === null) throw new Error('2D canvas is not available for stitching');
  ctx.imageSmoothingEnabled = false;
  const tw = Math.min(tileSize, out.width);
  const th = Math.min(tileSize, out.height);
  for (let y = 0; y < out.height; y += th) {
    for (let x = 0; x < out.width; x += tw) {
      // Every tile is rendered full size (one canvas size, no reallocation); edge tiles copy
      // only their part.
      const tile = renderRegion(cr, scene, flat, out, x, y, tw, th);
      const w = Math.min(tw, out.width - x);
      const h = Math.min(th, out.height - y);
      ctx.drawImage(tile, 0, 0, w, h, x, y, w, h);
      tile.close();
    }
  }
  return target;
}

/** Copies a bitmap into a (new or cleared) 2D canvas of its size, for encoding, closing the bitmap. */
export function bitmapToCanvas(
  bitmap: ImageBitmap,
  canvas: OffscreenCanvas = new OffscreenCanvas(bitmap.width, bitmap.height),
): OffscreenCanvas {
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('2D canvas is not available');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas;
}
