/**
 * Photoshop's blend modes as colour functions B(backdrop, source): what a fully opaque source
 * pixel makes of a fully opaque backdrop pixel. Alpha compositing around them lives in
 * `composite.ts`. Separable modes work per channel on values in 0..1; the others (darker/lighter
 * colour and the HSL-style modes) need the whole pixel.
 */
import type { BlendMode } from 'ag-psd';

/** One channel: backdrop b and source s in 0..1, result in 0..1. */
export type ChannelBlend = (b: number, s: number) => number;

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

function colorBurn(b: number, s: number): number {
  // A white backdrop stays white even under black; a black source otherwise burns to black.
  if (b >= 1) return 1;
  if (s <= 0) return 0;
  return 1 - Math.min(1, (1 - b) / s);
}

function colorDodge(b: number, s: number): number {
  if (b <= 0) return 0;
  if (s >= 1) return 1;
  return Math.min(1, b / (1 - s));
}

const screen = (b: number, s: number): number => b + s - b * s;

function hardLight(b: number, s: number): number {
  return s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1);
}

/**
 * Photoshop's soft light: b² + 2bs(1 − b) style for dark sources and a square-root curve for light
 * ones. It differs from the W3C/PDF soft light, whose light branch uses a polynomial below b = 0.25.
 */
function softLight(b: number, s: number): number {
  return s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * (Math.sqrt(b) - b);
}

function vividLight(b: number, s: number): number {
  return s <= 0.5 ? colorBurn(b, 2 * s) : colorDodge(b, 2 * s - 1);
}

function pinLight(b: number, s: number): number {
  return s <= 0.5 ? Math.min(b, 2 * s) : Math.max(b, 2 * s - 1);
}

/** Tolerance for threshold tests, so that 8-bit pairs summing to exactly 255 count as 1. */
const EPS = 1e-9;

export const SEPARABLE_BLENDS: Readonly<Partial<Record<BlendMode, ChannelBlend>>> = {
  normal: (_b, s) => s,
  dissolve: (_b, s) => s,
  darken: (b, s) => Math.min(b, s),
  multiply: (b, s) => b * s,
  'color burn': colorBurn,
  'linear burn': (b, s) => clamp01(b + s - 1),
  lighten: (b, s) => Math.max(b, s),
  screen,
  'color dodge': colorDodge,
  'linear dodge': (b, s) => clamp01(b + s),
  overlay: (b, s) => hardLight(s, b),
  'soft light': softLight,
  'hard light': hardLight,
  'vivid light': vividLight,
  'linear light': (b, s) => clamp01(b + 2 * s - 1),
  'pin light': pinLight,
  // Hard mix thresholds the sum: every channel ends up 0 or 1.
  'hard mix': (b, s) => (b + s >= 1 - EPS ? 1 : 0),
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
  subtract: (b, s) => Math.max(0, b - s),
  divide: (b, s) => (s <= 0 ? (b <= 0 ? 0 : 1) : Math.min(1, b / s)),
};

export type NonSeparableMode = 'darker color' | 'lighter color' | 'hue' | 'saturation' | 'color' | 'luminosity';

const NON_SEPARABLE = new Set<string>(['darker color', 'lighter color', 'hue', 'saturation', 'color', 'luminosity']);

export function isNonSeparable(mode: string): mode is NonSeparableMode {
  return NON_SEPARABLE.has(mode);
}

/** Every mode this compositor draws exactly (dissolve's noise pattern aside). */
export function isSupportedBlendMode(mode: string): mode is BlendMode {
  return mode in SEPARABLE_BLENDS || NON_SEPARABLE.has(mode);
}

/**
 * Modes where Photoshop treats fill opacity differently from layer opacity (the "special eight"):
 * fill is applied inside the blend rather than as a cross-fade afterwards.
 */
export const FILL_SENSITIVE_MODES: ReadonlySet<string> = new Set([
  'color burn',
  'linear burn',
  'color dodge',
  'linear dodge',
  'vivid light',
  'linear light',
  'hard mix',
  'difference',
]);

const luts = new Map<string, Float32Array>();

/**
 * B(b, s) for every pair of 8-bit values, scaled to 0..255 and kept fractional so that the alpha
 * compositing after it rounds only once. Index: b * 256 + s.
 */
export function separableLut(mode: BlendMode): Float32Array {
  let lut = luts.get(mode);
  if (lut) return lut;
  const f = SEPARABLE_BLENDS[mode];
  if (!f) throw new Error(`blend mode '${mode}' is not separable`);
  lut = new Float32Array(65536);
  for (let b = 0; b < 256; b++) {
    for (let s = 0; s < 256; s++) lut[b * 256 + s] = f(b / 255, s / 255) * 255;
  }
  luts.set(mode, lut);
  return lut;
}

// ---------------------------------------------------------------------------
// Non-separable modes, in 0..255 floats. The luminosity weights are Photoshop's (Rec. 601),
// and "darker/lighter colour" compare by them too rather than by the channel sum that
// Photoshop's help describes.

const lum = (r: number, g: number, b: number): number => 0.3 * r + 0.59 * g + 0.11 * b;

/** Out-parameter for the non-separable functions: r, g, b in 0..255. */
export type Rgb = Float64Array;

const min3 = (a: number, b: number, c: number): number => (a < b ? (a < c ? a : c) : b < c ? b : c);
const max3 = (a: number, b: number, c: number): number => (a > b ? (a > c ? a : c) : b > c ? b : c);

/** SetLum then ClipColor (brings out-of-gamut channels back towards the luminosity), into `out`. */
function setLum(r: number, g: number, b: number, l: number, out: Rgb): void {
  const d = l - lum(r, g, b);
  r += d;
  g += d;
  b += d;
  const n = min3(r, g, b);
  const x = max3(r, g, b);
  if (n < 0) {
    const k = l - n > 0 ? l / (l - n) : 0;
    r = l + (r - l) * k;
    g = l + (g - l) * k;
    b = l + (b - l) * k;
  }
  if (x > 255) {
    const k = x - l > 0 ? (255 - l) / (x - l) : 0;
    r = l + (r - l) * k;
    g = l + (g - l) * k;
    b = l + (b - l) * k;
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

/** The colour (r, g, b) with saturation (max − min) set to s, keeping the channel order. */
function setSat(r: number, g: number, b: number, s: number, out: Rgb): void {
  const mn = min3(r, g, b);
  const range = max3(r, g, b) - mn;
  if (range <= 0) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    return;
  }
  const k = s / range;
  out[0] = (r - mn) * k;
  out[1] = (g - mn) * k;
  out[2] = (b - mn) * k;
}

const sat = (r: number, g: number, b: number): number => max3(r, g, b) - min3(r, g, b);

/** B(backdrop, source) for the whole pixel; channels in 0..255, result in `out`. */
export function blendNonSeparable(
  mode: NonSeparableMode,
  br: number,
  bg: number,
  bb: number,
  sr: number,
  sg: number,
  sb: number,
  out: Rgb,
): void {
  switch (mode) {
    case 'darker color':
      if (lum(sr, sg, sb) < lum(br, bg, bb)) {
        out[0] = sr;
        out[1] = sg;
        out[2] = sb;
      } else {
        out[0] = br;
        out[1] = bg;
        out[2] = bb;
      }
      return;
    case 'lighter color':
      if (lum(sr, sg, sb) > lum(br, bg, bb)) {
        out[0] = sr;
        out[1] = sg;
        out[2] = sb;
      } else {
        out[0] = br;
        out[1] = bg;
        out[2] = bb;
      }
      return;
    case 'hue':
      setSat(sr, sg, sb, sat(br, bg, bb), out);
      setLum(out[0]!, out[1]!, out[2]!, lum(br, bg, bb), out);
      return;
    case 'saturation':
      setSat(br, bg, bb, sat(sr, sg, sb), out);
      setLum(out[0]!, out[1]!, out[2]!, lum(br, bg, bb), out);
      return;
    case 'color':
      setLum(sr, sg, sb, lum(br, bg, bb), out);
      return;
    case 'luminosity':
      setLum(br, bg, bb, lum(sr, sg, sb), out);
      return;
  }
}
