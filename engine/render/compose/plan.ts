/**
 * Placement of everything on a flat, before any GPU work: which bitmap goes where, as a matrix
 * from the bitmap's own pixels to flat coordinates. Keeping this free of pixi makes the
 * fabric placement rules readable in one place and lets a too-large tiling be refused before a
 * texture is made.
 */
import { elementCenter, elementMatrix, layoutTiles, multiplyAffine, type Mat2d, type ReadonlyMat2d } from '../../geometry/index.ts';
import { imageAssetKey, type DesignElement, type ImageElement, type TextElement } from '../../model/index.ts';
import { layoutText, rasterizeText, textElementMatrix, type LoadedFont, type TextRaster } from '../../text/index.ts';
import { TilingLimitError } from './errors.ts';
import type { ComposeBackground, FlatSize } from './types.ts';

export type DrawOp =
  /** One bitmap drawn once or more (tiling); each matrix maps bitmap px → flat. */
  | { readonly kind: 'bitmap'; readonly bitmap: ImageBitmap; readonly matrices: readonly Mat2d[]; readonly minScale: number }
  | { readonly kind: 'text'; readonly raster: TextRaster; readonly matrix: Mat2d };

export interface PlanInput {
  readonly flat: FlatSize;
  readonly designList: readonly DesignElement[];
  readonly background: ComposeBackground | null;
  readonly images: ReadonlyMap<string, ImageBitmap>;
  readonly fonts: ReadonlyMap<string, LoadedFont>;
  /**
   * Output px per flat px along x and y: the requested scale after the output size was rounded
   * to whole pixels. Text is rasterised on this output grid.
   */
  readonly outputScale: readonly [number, number];
  readonly maxTextureSize: number;
}

const scaleMatrix = (sx: number, sy: number): Mat2d => [sx, 0, 0, sy, 0, 0];

/** How much the matrix shrinks (<1) or enlarges (>1) its source along the worse axis. */
function minAxisScale(m: ReadonlyMat2d): number {
  return Math.min(Math.hypot(m[0], m[1]), Math.hypot(m[2], m[3]));
}

export function hasText(el: Pick<TextElement, 'text' | 'textLines'>): boolean {
  return el.text !== '' || el.textLines.some((l) => l !== '');
}

function drawable(el: DesignElement): boolean {
  return (
    Number.isFinite(el.scaleX) &&
    Number.isFinite(el.scaleY) &&
    el.scaleX !== 0 &&
    el.scaleY !== 0 &&
    Number.isFinite(el.left) &&
    Number.isFinite(el.top)
  );
}

/**
 * Matrices (element local box → flat) of every copy of a tiled image element. The lattice is
 * anchored on the element's centre, so tile (0,0) is exactly the element as placed; every copy
 * keeps the element's size, angle and flips, and adds the tile's own (random scale and angle,
 * mirror flips). Only tiles that reach the flat count toward the 150 limit.
 */
export function tileElementMatrices(el: ImageElement, flat: FlatSize): Mat2d[] {
  const tiling = el.tiling;
  if (tiling === null) return [elementMatrix(el)];
  const spacing = Number.isFinite(tiling.spacing) ? tiling.spacing : 0;
  const result = layoutTiles({
    flatWidth: flat.width,
    flatHeight: flat.height,
    tileWidth: el.width * Math.abs(el.scaleX),
    tileHeight: el.height * Math.abs(el.scaleY),
    spacingX: spacing,
    spacingY: spacing,
    pattern: tiling.type,
    seed: tiling.seed,
    anchor: elementCenter(el),
    // Cells that do not touch the flat draw nothing, unless overlapping tiles (negative
    // spacing) reach in from the next ring.
    marginTiles: spacing < 0 ? 1 : 0,
  });
  if (!result.ok) throw new TilingLimitError();
  return result.tiles.map((t) =>
    elementMatrix({
      left: t.x,
      top: t.y,
      originX: 'center',
      originY: 'center',
      width: el.width,
      height: el.height,
      scaleX: el.scaleX * t.scale,
      scaleY: el.scaleY * t.scale,
      angle: el.angle + t.angle,
      flipX: el.flipX !== t.flipX,
      flipY: el.flipY !== t.flipY,
    }),
  );
}

function imageOp(el: ImageElement, input: PlanInput): DrawOp | null {
  // Keyed by URL and adjustment (model/adjust.ts): the map holds the adjusted picture.
  const bitmap = input.images.get(imageAssetKey(el));
  if (bitmap === undefined) throw new Error(`image ${el.url} was not loaded`);
  if (!(el.width > 0 && el.height > 0) || bitmap.width === 0 || bitmap.height === 0) return null;
  // The bitmap is stretched into the element's unscaled box (width × height), whatever its pixels.
  const toBox = scaleMatrix(el.width / bitmap.width, el.height / bitmap.height);
  const matrices = tileElementMatrices(el, input.flat).map((m) => multiplyAffine(m, toBox));
  const minScale = Math.min(...matrices.map(minAxisScale)) * Math.min(...input.outputScale);
  return { kind: 'bitmap', bitmap, matrices, minScale };
}

function textOp(el: TextElement, input: PlanInput): DrawOp | null {
  // Nothing to draw needs no font (loadFlatAssets does not load one for empty text).
  if (!hasText(el)) return null;
  const font = input.fonts.get(el.fontFamily);
  if (font === undefined) throw new Error(`font ${el.fontFamily} was not loaded`);
  const layout = layoutText(el, font);
  const [zx, zy] = input.outputScale;
  const toOutput = multiplyAffine(scaleMatrix(zx, zy), textElementMatrix(el, layout));
  const raster = rasterizeText(el, layout, {
    matrix: toOutput,
    outputScale: input.outputScale,
    elementScale: [el.scaleX, el.scaleY],
    maxSize: input.maxTextureSize,
  });
  if (raster === null) return null;
  // Raster px → output px (whole-pixel offset, 1:1 unless the raster had to shrink) → flat.
  const k = raster.resolution;
  const placed: Mat2d = [1 / (k * zx), 0, 0, 1 / (k * zy), raster.x / zx, raster.y / zy];
  return { kind: 'text', raster, matrix: placed };
}

function backgroundOps(bg: ComposeBackground | null, flat: FlatSize): DrawOp[] {
  if (bg === null || !bg.visible) return [];
  const ops: DrawOp[] = [];
  const img = bg.image;
  if (img && img.width > 0 && img.height > 0) {
    // Cover: the smallest uniform scale that fills the flat, centred.
    const s = Math.max(flat.width / img.width, flat.height / img.height);
    const m: Mat2d = [s, 0, 0, s, (flat.width - img.width * s) / 2, (flat.height - img.height * s) / 2];
    ops.push({ kind: 'bitmap', bitmap: img, matrices: [m], minScale: s });
  }
  return ops;
}

export interface FlatPlan {
  /** Colour under everything (the visible background's colour), null for transparent. */
  readonly background: string | null;
  /** Back to front. */
  readonly ops: readonly DrawOp[];
}

/** Throws TilingLimitError when a tiled image of `elements` has too many tiles on the flat. */
export function checkTilingLimits(elements: readonly DesignElement[], flat: FlatSize): void {
  for (const el of elements) {
    if (el.type === 'image' && el.tiling !== null && drawable(el)) tileElementMatrices(el, flat);
  }
}

/** What one element draws (null for nothing); `input.designList` is not read. */
export function planElement(el: DesignElement, input: PlanInput): DrawOp | null {
  if (!drawable(el)) return null;
  return el.type === 'image' ? imageOp(el, input) : textOp(el, input);
}

/** The background's own ops (a cover image) and the colour under everything. */
export function planBackground(input: Pick<PlanInput, 'background' | 'flat'>): { color: string | null; ops: DrawOp[] } {
  const bg = input.background;
  return { color: bg !== null && bg.visible && bg.color ? bg.color : null, ops: backgroundOps(bg, input.flat) };
}

/** Output px an op can touch (`scale`: output px per flat px), 1 px wider for antialiased edges. */
export function opBounds(op: DrawOp, scale: readonly [number, number]): { x0: number; y0: number; x1: number; y1: number } {
  const [sx, sy] = scale;
  if (op.kind === 'text') {
    const k = op.raster.resolution;
    return {
      x0: Math.floor(op.raster.x) - 1,
      y0: Math.floor(op.raster.y) - 1,
      x1: Math.ceil(op.raster.x + op.raster.width / k) + 1,
      y1: Math.ceil(op.raster.y + op.raster.height / k) + 1,
    };
  }
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const { width, height } = op.bitmap;
  for (const m of op.matrices) {
    for (const [u, v] of [
      [0, 0],
      [width, 0],
      [0, height],
      [width, height],
    ] as const) {
      const x = (m[0] * u + m[2] * v + m[4]) * sx;
      const y = (m[1] * u + m[3] * v + m[5]) * sy;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return { x0: Math.floor(x0) - 1, y0: Math.floor(y0) - 1, x1: Math.ceil(x1) + 1, y1: Math.ceil(y1) + 1 };
}

/** What to draw and where. Throws TilingLimitError before rasterising anything heavy. */
export function planFlat(input: PlanInput): FlatPlan {
  // Tiling limits first: a refused design should cost no text rasterising.
  checkTilingLimits(input.designList, input.flat);
  const { color, ops } = planBackground(input);
  for (const el of input.designList) {
    const op = planElement(el, input);
    if (op !== null) ops.push(op);
  }
  return { background: color, ops };
}
