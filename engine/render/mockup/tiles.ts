/**
 * Splitting an output image into tiles that fit the GPU's target limits. A print-size mockup can
 * be larger than MAX_TEXTURE_SIZE (8192 here); each tile is rendered with the same passes,
 * offset by its origin, and the tiles are assembled on a 2D canvas.
 */
import type { PixelRect } from '../../gl/targets.ts';

/**
 * Row-major tiles covering width x height, each at most maxTile on a side. Tiles are equal-sized
 * as far as possible (rather than full tiles plus a thin remainder) so pooled targets get reused.
 */
export function planTiles(width: number, height: number, maxTile: number): PixelRect[] {
  if (!(width >= 1 && height >= 1 && maxTile >= 1)) {
    throw new Error(`cannot tile ${width}x${height} with tiles of ${maxTile}`);
  }
  const cols = Math.ceil(width / maxTile);
  const rows = Math.ceil(height / maxTile);
  const tileW = Math.ceil(width / cols);
  const tileH = Math.ceil(height / rows);
  const tiles: PixelRect[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = c * tileW;
      const y = r * tileH;
      tiles.push({ x, y, width: Math.min(tileW, width - x), height: Math.min(tileH, height - y) });
    }
  }
  return tiles;
}

/** Intersection of two rects, or null when they do not overlap. */
export function intersectRects(a: PixelRect, b: PixelRect): PixelRect | null {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** The smallest rect holding both (either may be null). */
export function unionRects(a: PixelRect | null, b: PixelRect | null): PixelRect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** The parts of `outer` outside `hole`: up to four rects (above, below, left, right of it). */
export function rectsAround(outer: PixelRect, hole: PixelRect): PixelRect[] {
  const inner = intersectRects(outer, hole);
  if (!inner) return [outer];
  const out: PixelRect[] = [];
  const push = (x: number, y: number, width: number, height: number) => {
    if (width > 0 && height > 0) out.push({ x, y, width, height });
  };
  push(outer.x, outer.y, outer.width, inner.y - outer.y);
  push(outer.x, inner.y + inner.height, outer.width, outer.y + outer.height - inner.y - inner.height);
  push(outer.x, inner.y, inner.x - outer.x, inner.height);
  push(inner.x + inner.width, inner.y, outer.x + outer.width - inner.x - inner.width, inner.height);
  return out;
}
