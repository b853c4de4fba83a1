/**
 * Relative colorimetric conversion between matrix/TRC profiles, as Photoshop applies it to placed
 * files: source curves into linear light, source matrix into D50 XYZ, black point compensation,
 * destination matrix inverse, destination curves inverted, rounded to the nearest 8-bit code.
 *
 * Per pixel that is three table reads, a 3x3 matrix with offset, and per output channel one read
 * of a table indexed by sqrt(linear) followed by at most a few comparisons against the exact
 * rounding thresholds, so the result is the float pipeline's nearest code, not the table's.
 */
import type { Raster } from '../pixels/raster';
import { D50, evalCurve, invert3, type IccProfile } from './icc';

export interface ColorTransform {
  /** Every 8-bit colour maps to itself: converting would not change a pixel. */
  readonly identity: boolean;
  /** Converts an RGBA pixel's R, G, B (alpha is straight and left alone). */
  convertPixel(r: number, g: number, b: number): [number, number, number];
}

interface Built extends ColorTransform {
  readonly inLut: readonly [Float64Array, Float64Array, Float64Array];
  /** Linear-out = m * linear-in + o (row-major m). */
  readonly m: Float64Array;
  readonly o: Float64Array;
  readonly outLut: readonly [Uint8Array, Uint8Array, Uint8Array];
  /** Linear values halfway between consecutive output codes: code k covers (t[k-1], t[k]]. */
  readonly thresholds: readonly [Float64Array, Float64Array, Float64Array];
}

/** Output table size: entries sample sqrt(linear), so dark tones (where gamma curves are steep) get their share. */
const OUT_SIZE = 4096;
const OUT_SCALE = OUT_SIZE - 1;

const cache = new WeakMap<IccProfile, WeakMap<IccProfile, Built>>();

/** The conversion from `src` to `dst` (built once per pair of profile objects). */
export function colorTransform(src: IccProfile, dst: IccProfile): ColorTransform {
  return built(src, dst);
}

function built(src: IccProfile, dst: IccProfile): Built {
  let inner = cache.get(src);
  if (!inner) {
    inner = new WeakMap();
    cache.set(src, inner);
  }
  let t = inner.get(dst);
  if (!t) {
    t = build(src, dst);
    inner.set(dst, t);
  }
  return t;
}

/**
 * The profile's black: XYZ of device (0, 0, 0), reduced to its lightness on the neutral axis, as
 * Adobe's black point compensation takes it for matrix profiles (the darker-colorant black point).
 */
function blackY(p: IccProfile): number {
  const k = p.curves.map((c) => Math.max(0, evalCurve(c, 0)));
  const y = p.matrix[3]! * k[0]! + p.matrix[4]! * k[1]! + p.matrix[5]! * k[2]!;
  return Math.min(Math.max(y, 0), 0.18418651851244414); // L* 50: a black point lighter than mid-grey is not one
}

function build(src: IccProfile, dst: IccProfile): Built {
  const inLut = src.curves.map((c) => {
    const lut = new Float64Array(256);
    for (let i = 0; i < 256; i++) lut[i] = evalCurve(c, i / 255);
    return lut;
  }) as unknown as [Float64Array, Float64Array, Float64Array];

  // PCS XYZ to destination linear: a gray destination keeps Y (its matrix is D50/3 per column, singular).
  const toDst = dst.colorSpace === 'GRAY' ? [0, 1, 0, 0, 1, 0, 0, 1, 0] : invert3(dst.matrix);
  if (!toDst) throw new Error('destination profile matrix is singular');

  // Black point compensation, Photoshop's default. XYZ' = a * XYZ + b per component, mapping the
  // source black to the destination black and keeping D50 white. With both blacks at zero, which
  // is every matrix profile whose curves start at 0 (sRGB, Adobe RGB, P3, ProPhoto...), a = 1 and
  // b = 0: nothing happens.
  const bs = blackY(src),
    bd = blackY(dst);
  const scale = [1, 1, 1],
    offset = [0, 0, 0];
  if (bs !== bd) {
    for (let i = 0; i < 3; i++) {
      const w = D50[i]!,
        bIn = w * bs,
        bOut = w * bd;
      scale[i] = (bOut - w) / (bIn - w);
      offset[i] = (-w * (bOut - bIn)) / (bIn - w);
    }
  }
  const m = new Float64Array(9),
    o = new Float64Array(3);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += toDst[r * 3 + k]! * scale[k]! * src.matrix[k * 3 + c]!;
      m[r * 3 + c] = s;
    }
    o[r] = toDst[r * 3]! * offset[0]! + toDst[r * 3 + 1]! * offset[1]! + toDst[r * 3 + 2]! * offset[2]!;
  }

  const thresholds = dst.curves.map((c) => {
    const t = new Float64Array(255);
    let prev = -Infinity;
    for (let k = 0; k < 255; k++) {
      // Running maximum: a table curve that dips is read as flat there rather than breaking the search.
      prev = Math.max(prev, evalCurve(c, (k + 0.5) / 255));
      t[k] = prev;
    }
    return t;
  }) as unknown as [Float64Array, Float64Array, Float64Array];
  const outLut = thresholds.map((t) => {
    const lut = new Uint8Array(OUT_SIZE);
    let k = 0;
    for (let i = 0; i < OUT_SIZE; i++) {
      const s = i / OUT_SCALE;
      const v = s * s;
      while (k < 255 && v > t[k]!) k++;
      lut[i] = k;
    }
    return lut;
  }) as unknown as [Uint8Array, Uint8Array, Uint8Array];

  const t: Built = {
    identity: false,
    inLut,
    m,
    o,
    outLut,
    thresholds,
    convertPixel(r, g, bl) {
      const px = new Uint8ClampedArray([r, g, bl, 255]);
      convertData(t, px);
      return [px[0]!, px[1]!, px[2]!];
    },
  };
  return { ...t, identity: isIdentity(t) };
}

/**
 * True when the matrix is the identity to float precision (same colorants) and each channel's
 * 256 codes come back as themselves (same curves, to 8-bit precision). Then no pixel can change.
 */
function isIdentity(t: Built): boolean {
  const eps = 1e-9;
  for (let r = 0; r < 3; r++) {
    if (Math.abs(t.o[r]!) > eps) return false;
    for (let c = 0; c < 3; c++) if (Math.abs(t.m[r * 3 + c]! - (r === c ? 1 : 0)) > eps) return false;
  }
  for (let ch = 0; ch < 3; ch++) {
    const lut = t.inLut[ch]!;
    for (let i = 0; i < 256; i++) if (encode(t, ch, lut[i]!) !== i) return false;
  }
  return true;
}

function encode(t: Built, ch: number, v: number): number {
  return quantize(v, t.outLut[ch]!, t.thresholds[ch]!);
}

/** Linear value to the nearest output code: the table's guess, then corrected against the exact thresholds. */
function quantize(v: number, lut: Uint8Array, th: Float64Array): number {
  v = v > 0 ? (v < 1 ? v : 1) : 0; // also maps NaN to 0
  let k = lut[(Math.sqrt(v) * OUT_SCALE + 0.5) | 0]!;
  while (k < 255 && v > th[k]!) k++;
  while (k > 0 && v <= th[k - 1]!) k--;
  return k;
}

function convertData(t: Built, d: Uint8ClampedArray): void {
  const [l0, l1, l2] = t.inLut;
  const [u0, u1, u2] = t.outLut;
  const [t0, t1, t2] = t.thresholds;
  const m = t.m;
  const m0 = m[0]!,
    m1 = m[1]!,
    m2 = m[2]!,
    m3 = m[3]!,
    m4 = m[4]!,
    m5 = m[5]!,
    m6 = m[6]!,
    m7 = m[7]!,
    m8 = m[8]!;
  const o0 = t.o[0]!,
    o1 = t.o[1]!,
    o2 = t.o[2]!;
  const n = d.length;
  for (let p = 0; p < n; p += 4) {
    const r = l0[d[p]!]!,
      g = l1[d[p + 1]!]!,
      b = l2[d[p + 2]!]!;
    d[p] = quantize(m0 * r + m1 * g + m2 * b + o0, u0, t0);
    d[p + 1] = quantize(m3 * r + m4 * g + m5 * b + o1, u1, t1);
    d[p + 2] = quantize(m6 * r + m7 * g + m8 * b + o2, u2, t2);
  }
}

/** Converts `img` in place from `src` to `dst`; returns false (pixels untouched) when the two are the same space. */
export function convertRaster(img: Raster, src: IccProfile, dst: IccProfile): boolean {
  if (sameProfile(src, dst)) return false;
  const t = built(src, dst);
  if (t.identity) return false;
  convertData(t, img.data);
  return true;
}

/** Same bytes from the tag table on (header dates, creators and IDs differ between identical copies). */
export function sameProfile(a: IccProfile, b: IccProfile): boolean {
  if (a === b) return true;
  if (!a.bytes || !b.bytes || a.bytes.length !== b.bytes.length) return false;
  for (let i = 128; i < a.bytes.length; i++) if (a.bytes[i] !== b.bytes[i]) return false;
  // Device class, colour space and PCS live in the header and decide what the tags mean.
  for (let i = 12; i < 24; i++) if (a.bytes[i] !== b.bytes[i]) return false;
  return true;
}
