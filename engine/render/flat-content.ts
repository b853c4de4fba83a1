/**
 * Where a composed flat can hold anything but transparent pixels: a coarse grid of cells over the
 * flat, marked under every drawing operation's box. A warped layer blended by its mesh leaves the
 * photo exactly as it was wherever the flat it samples is transparent (every blend mode keeps the
 * backdrop under a source of alpha 0), so its triangles that sample only unmarked cells need not be
 * drawn (mockup/content-cull.ts). A merchant's design rarely fills its print area: the benchmark's
 * four views drop 17-48 % of their triangles.
 *
 * Marks are conservative: a marked cell may still be transparent, an unmarked one never holds a
 * drawn pixel. Cells are square in the flat's output px, CONTENT_CELLS along its longer side.
 *
 * Pure (no GL, no DOM).
 */

/** A box in px of the picture the grid spans, x1 and y1 exclusive. */
export interface ContentBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface FlatContent {
  readonly columns: number;
  readonly rows: number;
  /** Px of the composed flat a cell spans, the same across and down. */
  readonly cell: number;
  /** The composed flat's size in px: the grid's uv 0..1. */
  readonly width: number;
  readonly height: number;
  /** One byte a cell, row by row: 1 where the flat may hold a drawn pixel. */
  readonly cells: Uint8Array;
}

/** Cells along the flat's longer side: fine enough to follow a design's outline, cheap to mark and query. */
export const CONTENT_CELLS = 64;

/** The grid over a `width` x `height` px picture with every box marked (null boxes draw nothing). */
export function contentOfBoxes(width: number, height: number, boxes: Iterable<ContentBox | null>): FlatContent {
  if (!(width > 0 && height > 0)) throw new Error('flat content: the picture needs a positive size');
  const cell = Math.max(width, height) / CONTENT_CELLS;
  const columns = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const cells = new Uint8Array(columns * rows);
  for (const box of boxes) {
    if (!box || !(box.x1 > box.x0 && box.y1 > box.y0)) continue;
    // A box wholly off the picture draws nothing on it.
    if (box.x1 <= 0 || box.y1 <= 0 || box.x0 >= width || box.y0 >= height) continue;
    const c0 = clampIndex(Math.floor(box.x0 / cell), columns);
    const c1 = clampIndex(Math.ceil(box.x1 / cell) - 1, columns);
    const r0 = clampIndex(Math.floor(box.y0 / cell), rows);
    const r1 = clampIndex(Math.ceil(box.y1 / cell) - 1, rows);
    for (let r = r0; r <= r1; r++) cells.fill(1, r * columns + c0, r * columns + c1 + 1);
  }
  return { columns, rows, cell, width, height, cells };
}

function clampIndex(i: number, n: number): number {
  return Math.min(n - 1, Math.max(0, i));
}

/**
 * Whether any marked cell meets the box [u0, u1] x [v0, v1] of the flat's uv. Uv past the flat
 * meets its edge cells: a texture sampled there repeats the edge texels (clamp to edge).
 */
export function contentMeets(content: FlatContent, u0: number, v0: number, u1: number, v1: number): boolean {
  if (!(u1 >= u0 && v1 >= v0)) return true;
  const { columns, rows, cell, cells } = content;
  const c0 = clampIndex(Math.floor((u0 * content.width) / cell), columns);
  const c1 = clampIndex(Math.floor((u1 * content.width) / cell), columns);
  const r0 = clampIndex(Math.floor((v0 * content.height) / cell), rows);
  const r1 = clampIndex(Math.floor((v1 * content.height) / cell), rows);
  for (let r = r0; r <= r1; r++) {
    const row = r * columns;
    for (let c = c0; c <= c1; c++) if (cells[row + c] !== 0) return true;
  }
  return false;
}

/** Whether two grids mark the same cells of the same flat: one can stand for the other. */
export function sameContent(a: FlatContent, b: FlatContent): boolean {
  if (a === b) return true;
  if (a.columns !== b.columns || a.rows !== b.rows || a.width !== b.width || a.height !== b.height) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
