/**
 * Coverage maps: how much of a layer shows at each document pixel (0..1), kept to the rectangle
 * where they vary so that a mask on a small layer does not cost a document-size buffer.
 */

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Values for the pixels of `rect` (row-major), and `outside` for every other pixel. */
export interface Coverage extends Rect {
  data: Float32Array;
  outside: number;
}

export function intersectRects(a: Rect, b: Rect): Rect {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

export function unionRects(a: Rect, b: Rect): Rect {
  if (a.width <= 0 || a.height <= 0) return b;
  if (b.width <= 0 || b.height <= 0) return a;
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  const right = Math.max(a.left + a.width, b.left + b.width);
  const bottom = Math.max(a.top + a.height, b.top + b.height);
  return { left, top, width: right - left, height: bottom - top };
}

export const isEmptyRect = (r: Rect): boolean => r.width <= 0 || r.height <= 0;

export function createCoverage(rect: Rect, outside: number, fill = 0): Coverage {
  const w = Math.max(0, rect.width);
  const h = Math.max(0, rect.height);
  const data = new Float32Array(w * h);
  if (fill !== 0) data.fill(fill);
  return { left: rect.left, top: rect.top, width: w, height: h, data, outside };
}

/** The coverage value at document pixel (x, y). */
export function coverageAt(c: Coverage, x: number, y: number): number {
  const cx = x - c.left;
  const cy = y - c.top;
  if (cx < 0 || cy < 0 || cx >= c.width || cy >= c.height) return c.outside;
  return c.data[cy * c.width + cx]!;
}

/**
 * The pixelwise product of two coverages (null means "everything covered"). The result's rect is
 * where the product can differ from its outside value: inside every operand whose outside is 0,
 * or over both rects when neither is 0.
 */
export function multiplyCoverage(a: Coverage | null, b: Coverage | null): Coverage | null {
  if (!a) return b;
  if (!b) return a;
  let rect: Rect;
  if (a.outside === 0 && b.outside === 0) rect = intersectRects(a, b);
  else if (a.outside === 0) rect = a;
  else if (b.outside === 0) rect = b;
  else rect = unionRects(a, b);
  const out = createCoverage(rect, a.outside * b.outside);
  const { left, top, width, height } = out;
  for (let y = 0; y < height; y++) {
    const dy = top + y;
    for (let x = 0; x < width; x++) {
      const dx = left + x;
      out.data[y * width + x] = coverageAt(a, dx, dy) * coverageAt(b, dx, dy);
    }
  }
  return out;
}

/** Scales every value (inside and out) by k, as layer and group opacity do. */
export function scaleCoverage(c: Coverage, k: number): Coverage {
  const data = new Float32Array(c.data.length);
  for (let i = 0; i < data.length; i++) data[i] = c.data[i]! * k;
  return { ...c, data, outside: c.outside * k };
}

/** The same coverage re-cut to `rect` (values outside the old rect filled with `outside`). */
export function cropCoverage(c: Coverage, rect: Rect): Coverage {
  const out = createCoverage(rect, c.outside);
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) out.data[y * out.width + x] = coverageAt(c, out.left + x, out.top + y);
  }
  return out;
}
