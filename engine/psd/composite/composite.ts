/**
 * The pixel loops: one layer's straight-alpha RGBA drawn onto a straight-alpha 8-bit surface with
 * Photoshop's alpha compositing. With source alpha a_s (pixel alpha x opacity x fill x masks) and
 * backdrop alpha a_b:
 *   a_r = a_s + a_b - a_s a_b
 *   C_r = C_b + (a_s / a_r) ((1 - a_b) C_s + a_b B(C_b, C_s) - C_b)
 * so a blend mode acts only where there is a backdrop, and over transparency the layer is normal.
 */
import type { BlendMode } from 'ag-psd';
import { blendNonSeparable, isNonSeparable, separableLut, type NonSeparableMode } from './blend-modes';
import { type Coverage, type Rect, intersectRects, isEmptyRect } from './coverage';

/** Straight RGBA pixels placed in document space (a document canvas has left = top = 0). */
export interface Surface extends Rect {
  data: Uint8ClampedArray;
}

export function createSurface(rect: Rect): Surface {
  const width = Math.max(0, rect.width);
  const height = Math.max(0, rect.height);
  return { left: rect.left, top: rect.top, width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** The part of `s` inside `rect` (which lies within `s`) as a surface of its own. */
export function copySurface(s: Surface, rect: Rect): Surface {
  const out = createSurface(rect);
  for (let y = 0; y < out.height; y++) {
    const from = ((rect.top + y - s.top) * s.width + (rect.left - s.left)) * 4;
    out.data.set(s.data.subarray(from, from + out.width * 4), y * out.width * 4);
  }
  return out;
}

/** Writes `src` back into `dst` at its own place (it lies within `dst`). */
export function pasteInto(dst: Surface, src: Surface): void {
  for (let y = 0; y < src.height; y++) {
    const to = ((src.top + y - dst.top) * dst.width + (src.left - dst.left)) * 4;
    dst.data.set(src.data.subarray(y * src.width * 4, (y + 1) * src.width * 4), to);
  }
}

/** Area where drawing `src` through `cov` can change `dst`. */
function drawRect(dst: Rect, src: Rect, cov: Coverage | null): Rect {
  let r = intersectRects(dst, src);
  if (cov && cov.outside === 0) r = intersectRects(r, cov);
  return r;
}

/** Coverage values of document row y, columns x0..x0+n-1, into `out` (1 where there is no coverage). */
function coverageRow(cov: Coverage | null, y: number, x0: number, n: number, out: Float32Array): void {
  if (!cov) {
    out.fill(1, 0, n);
    return;
  }
  const cy = y - cov.top;
  if (cy < 0 || cy >= cov.height) {
    out.fill(cov.outside, 0, n);
    return;
  }
  const row = cy * cov.width;
  for (let i = 0; i < n; i++) {
    const cx = x0 + i - cov.left;
    out[i] = cx < 0 || cx >= cov.width ? cov.outside : cov.data[row + cx]!;
  }
}

/** A fixed pseudo-random threshold per document pixel for dissolve (Photoshop's own noise is not published). */
function dissolveThreshold(x: number, y: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 8) / 16777216;
}

export interface DrawParams {
  mode: BlendMode;
  /** Opacity x fill opacity. */
  alpha: number;
  /** Masks, clipping shape and the like; null covers everything. */
  coverage: Coverage | null;
}

/** Draws `src` onto `dst` in place. */
export function drawOnto(dst: Surface, src: Surface, p: DrawParams): void {
  if (!(p.alpha > 0)) return;
  const r = drawRect(dst, src, p.coverage);
  if (isEmptyRect(r)) return;
  const mode = p.mode;
  const normal = mode === 'normal' || mode === 'dissolve' || mode === 'pass through';
  const dissolve = mode === 'dissolve';
  const nonSep: NonSeparableMode | null = isNonSeparable(mode) ? mode : null;
  const lut = normal || nonSep ? null : separableLut(mode);
  const cov = new Float32Array(r.width);
  const rgb = new Float64Array(3);
  const d = dst.data;
  const s = src.data;
  const k = p.alpha / 255;
  for (let y = r.top; y < r.top + r.height; y++) {
    coverageRow(p.coverage, y, r.left, r.width, cov);
    let di = ((y - dst.top) * dst.width + (r.left - dst.left)) * 4;
    let si = ((y - src.top) * src.width + (r.left - src.left)) * 4;
    for (let i = 0; i < r.width; i++, di += 4, si += 4) {
      let as = s[si + 3]! * k * cov[i]!;
      if (!(as > 0)) continue;
      if (dissolve) {
        if (dissolveThreshold(r.left + i, y) >= as) continue;
        as = 1;
      }
      const ab = d[di + 3]! / 255;
      const ar = as + ab - as * ab;
      const t = as / ar;
      const sr = s[si]!;
      const sg = s[si + 1]!;
      const sb = s[si + 2]!;
      const br = d[di]!;
      const bg = d[di + 1]!;
      const bb = d[di + 2]!;
      let xr = sr;
      let xg = sg;
      let xb = sb;
      if (ab > 0 && !normal) {
        // The layer's colour where the backdrop is opaque is B(C_b, C_s); mixed by backdrop alpha.
        if (lut) {
          xr = sr + ab * (lut[br * 256 + sr]! - sr);
          xg = sg + ab * (lut[bg * 256 + sg]! - sg);
          xb = sb + ab * (lut[bb * 256 + sb]! - sb);
        } else {
          blendNonSeparable(nonSep!, br, bg, bb, sr, sg, sb, rgb);
          xr = sr + ab * (rgb[0]! - sr);
          xg = sg + ab * (rgb[1]! - sg);
          xb = sb + ab * (rgb[2]! - sb);
        }
      }
      d[di] = br + t * (xr - br);
      d[di + 1] = bg + t * (xg - bg);
      d[di + 2] = bb + t * (xb - bb);
      d[di + 3] = ar * 255;
    }
  }
}

/**
 * An adjustment's result drawn onto what it adjusted: colour moves towards B(C_b, adjusted) by
 * opacity x masks, alpha stays, since an adjustment layer has no pixels of its own.
 */
export function drawAdjusted(dst: Surface, adjusted: Surface, p: DrawParams): void {
  if (!(p.alpha > 0)) return;
  const r = drawRect(dst, adjusted, p.coverage);
  if (isEmptyRect(r)) return;
  const mode = p.mode === 'dissolve' || p.mode === 'pass through' ? 'normal' : p.mode;
  const nonSep: NonSeparableMode | null = isNonSeparable(mode) ? mode : null;
  const lut = mode === 'normal' || nonSep ? null : separableLut(mode);
  const cov = new Float32Array(r.width);
  const rgb = new Float64Array(3);
  const d = dst.data;
  const s = adjusted.data;
  for (let y = r.top; y < r.top + r.height; y++) {
    coverageRow(p.coverage, y, r.left, r.width, cov);
    let di = ((y - dst.top) * dst.width + (r.left - dst.left)) * 4;
    let si = ((y - adjusted.top) * adjusted.width + (r.left - adjusted.left)) * 4;
    for (let i = 0; i < r.width; i++, di += 4, si += 4) {
      const t = p.alpha * cov[i]!;
      if (!(t > 0) || d[di + 3] === 0) continue;
      const br = d[di]!;
      const bg = d[di + 1]!;
      const bb = d[di + 2]!;
      let xr = s[si]!;
      let xg = s[si + 1]!;
      let xb = s[si + 2]!;
      if (lut) {
        xr = lut[br * 256 + xr]!;
        xg = lut[bg * 256 + xg]!;
        xb = lut[bb * 256 + xb]!;
      } else if (nonSep) {
        blendNonSeparable(nonSep, br, bg, bb, xr, xg, xb, rgb);
        xr = rgb[0]!;
        xg = rgb[1]!;
        xb = rgb[2]!;
      }
      d[di] = br + t * (xr - br);
      d[di + 1] = bg + t * (xg - bg);
      d[di + 2] = bb + t * (xb - bb);
    }
  }
}

/**
 * dst = before + k (dst - before) in premultiplied terms, k = alpha x coverage: how a pass-through
 * group's opacity and masks fade what its children did to the backdrop.
 */
export function fadeTowards(dst: Surface, before: Uint8ClampedArray, alpha: number, coverage: Coverage | null): void {
  const cov = new Float32Array(dst.width);
  const d = dst.data;
  for (let y = dst.top; y < dst.top + dst.height; y++) {
    coverageRow(coverage, y, dst.left, dst.width, cov);
    let i = (y - dst.top) * dst.width * 4;
    for (let x = 0; x < dst.width; x++, i += 4) {
      const k = alpha * cov[x]!;
      if (k >= 1) continue;
      const a0 = before[i + 3]!;
      const a1 = d[i + 3]!;
      const a = a0 + k * (a1 - a0);
      if (!(a > 0)) {
        d[i] = 0;
        d[i + 1] = 0;
        d[i + 2] = 0;
        d[i + 3] = 0;
        continue;
      }
      const w0 = (a0 * (1 - k)) / a;
      const w1 = (a1 * k) / a;
      d[i] = before[i]! * w0 + d[i]! * w1;
      d[i + 1] = before[i + 1]! * w0 + d[i + 1]! * w1;
      d[i + 2] = before[i + 2]! * w0 + d[i + 2]! * w1;
      d[i + 3] = a;
    }
  }
}
