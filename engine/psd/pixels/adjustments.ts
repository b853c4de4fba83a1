/**
 * Photoshop's colour adjustments as pixel operations on a straight-alpha RGBA8 raster. They touch
 * R, G and B only: an adjustment never changes coverage.
 *
 * Tone adjustments (Curves, Levels, Brightness/Contrast, Exposure, Invert, Posterize, Channel
 * Mixer) become 256-entry tables per channel, so the per-pixel cost is three lookups. Colour
 * adjustments (Hue/Saturation, Vibrance, Threshold, Gradient Map) work per pixel with no
 * allocation.
 *
 * Luminosity, where an adjustment needs one (Threshold, Gradient Map), is Photoshop's
 * 0.30 R + 0.59 G + 0.11 B. Hue/Saturation works in HSL, whose lightness is (max + min) / 2: its
 * -100 saturation gives the same grey as Photoshop's Desaturate.
 */
import type {
  BrightnessAdjustment,
  ChannelMixerAdjustment,
  ChannelMixerChannel,
  Color,
  CurvesAdjustment,
  CurvesAdjustmentChannel,
  ExposureAdjustment,
  GradientMapAdjustment,
  HueSaturationAdjustment,
  HueSaturationAdjustmentChannel,
  Layer,
  LevelsAdjustment,
  LevelsAdjustmentChannel,
  PosterizeAdjustment,
  ThresholdAdjustment,
  VibranceAdjustment,
} from 'ag-psd';
import type { Raster } from './raster';

export type Adjustment = NonNullable<Layer['adjustment']>;

/** A 256-entry table from an 8-bit input to an 8-bit output. */
export type Lut = Uint8Array;

const clamp255 = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : v);
const round255 = (v: number): number => Math.round(clamp255(v));

export const luminosity = (r: number, g: number, b: number): number => 0.3 * r + 0.59 * g + 0.11 * b;

/**
 * Applies a Photoshop adjustment to the RGB of `img` in place (alpha untouched); false when this
 * kind is not supported (the caller warns).
 */
export function applyAdjustment(adjustment: NonNullable<Layer['adjustment']>, img: Raster): boolean {
  switch (adjustment.type) {
    case 'curves':
      return applyCurves(adjustment, img);
    case 'levels':
      return applyLevels(adjustment, img);
    case 'brightness/contrast':
      return applyBrightnessContrast(adjustment, img);
    case 'exposure':
      return applyExposure(adjustment, img);
    case 'invert':
      applyLuts(img, invertLut());
      return true;
    case 'posterize':
      return applyPosterize(adjustment, img);
    case 'threshold':
      return applyThreshold(adjustment, img);
    case 'hue/saturation':
      applyHueSaturation(adjustment, img);
      return true;
    case 'gradient map':
      return applyGradientMap(adjustment, img);
    case 'vibrance':
      applyVibrance(adjustment, img);
      return true;
    case 'channel mixer':
      return applyChannelMixer(adjustment, img);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Tables

export function identityLut(): Lut {
  const t = new Uint8Array(256);
  for (let i = 0; i < 256; i++) t[i] = i;
  return t;
}

const isIdentity = (t: Lut): boolean => t.every((v, i) => v === i);

/** `outer(inner(v))` as one table. */
export function composeLuts(inner: Lut, outer: Lut): Lut {
  const t = new Uint8Array(256);
  for (let i = 0; i < 256; i++) t[i] = outer[inner[i]!]!;
  return t;
}

/** Per-channel tables over the RGB of every pixel; alpha untouched. One table for all three when g and b are omitted. */
export function applyLuts(img: Raster, r: Lut, g: Lut = r, b: Lut = r): void {
  if (isIdentity(r) && isIdentity(g) && isIdentity(b)) return;
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    d[i] = r[d[i]!]!;
    d[i + 1] = g[d[i + 1]!]!;
    d[i + 2] = b[d[i + 2]!]!;
  }
}

/** A channel's own table followed by the composite (RGB) table, the order Photoshop applies them in. */
function channelThenComposite(channel: Lut | null, composite: Lut | null): Lut {
  const own = channel ?? identityLut();
  return composite ? composeLuts(own, composite) : own;
}

// ---------------------------------------------------------------------------------------------
// Curves

/**
 * Photoshop's curve through its points: a natural cubic spline (second derivative zero at both
 * ends) through the points sorted by input, flat beyond the first and last points, clamped to
 * 0..255. Two points give a straight line. Null for fewer than two points (no curve: identity).
 */
export function curveLut(points: readonly { x: number; y: number }[]): Lut | null {
  const sorted = points.map((p) => ({ x: Math.min(255, Math.max(0, p.x)), y: Math.min(255, Math.max(0, p.y)) })).sort((a, b) => a.x - b.x);
  // Two points at one input: the later one wins, as a curve can hold one output per input.
  const pts: { x: number; y: number }[] = [];
  for (const p of sorted) {
    const last = pts[pts.length - 1];
    if (last && last.x === p.x) last.y = p.y;
    else pts.push({ ...p });
  }
  const n = pts.length;
  if (n < 2) return null;
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const M = naturalSplineSecondDerivatives(xs, ys);
  const t = new Uint8Array(256);
  let seg = 0;
  for (let v = 0; v < 256; v++) {
    let y: number;
    if (v <= xs[0]!) y = ys[0]!;
    else if (v >= xs[n - 1]!) y = ys[n - 1]!;
    else {
      while (seg < n - 2 && v > xs[seg + 1]!) seg++;
      const x0 = xs[seg]!,
        x1 = xs[seg + 1]!,
        h = x1 - x0;
      const a = (x1 - v) / h,
        b = (v - x0) / h;
      y = a * ys[seg]! + b * ys[seg + 1]! + (((a * a * a - a) * M[seg]! + (b * b * b - b) * M[seg + 1]!) * h * h) / 6;
    }
    t[v] = round255(y);
  }
  return t;
}

/** Second derivatives of the natural cubic spline through (xs, ys): tridiagonal solve, zero at both ends. */
function naturalSplineSecondDerivatives(xs: readonly number[], ys: readonly number[]): Float64Array {
  const n = xs.length;
  const M = new Float64Array(n);
  if (n < 3) return M;
  const c = new Float64Array(n);
  const d = new Float64Array(n);
  for (let i = 1; i < n - 1; i++) {
    const h0 = xs[i]! - xs[i - 1]!,
      h1 = xs[i + 1]! - xs[i]!;
    const rhs = 6 * ((ys[i + 1]! - ys[i]!) / h1 - (ys[i]! - ys[i - 1]!) / h0);
    const diag = 2 * (h0 + h1) - h0 * c[i - 1]!;
    c[i] = h1 / diag;
    d[i] = (rhs - h0 * d[i - 1]!) / diag;
  }
  for (let i = n - 2; i >= 1; i--) M[i] = d[i]! - c[i]! * M[i + 1]!;
  return M;
}

const channelCurve = (c: CurvesAdjustmentChannel | undefined): Lut | null =>
  c ? curveLut(c.map((p) => ({ x: p.input, y: p.output }))) : null;

/** The per-channel tables of a Curves adjustment: each channel's curve, then the RGB curve. */
export function curvesLuts(adj: Pick<CurvesAdjustment, 'rgb' | 'red' | 'green' | 'blue'>): [Lut, Lut, Lut] {
  const comp = channelCurve(adj.rgb);
  return [
    channelThenComposite(channelCurve(adj.red), comp),
    channelThenComposite(channelCurve(adj.green), comp),
    channelThenComposite(channelCurve(adj.blue), comp),
  ];
}

function applyCurves(adj: CurvesAdjustment, img: Raster): boolean {
  const [r, g, b] = curvesLuts(adj);
  applyLuts(img, r, g, b);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Levels

/**
 * One Levels channel: input black/white stretch to 0..1, the midtone gamma as t^(1/gamma)
 * (gamma > 1 brightens, Photoshop's 0.01..9.99 slider), then output black/white. Null when it is
 * the identity.
 */
export function levelsLut(ch: LevelsAdjustmentChannel | undefined): Lut | null {
  if (!ch) return null;
  const inB = ch.shadowInput ?? 0,
    inW = ch.highlightInput ?? 255;
  const outB = ch.shadowOutput ?? 0,
    outW = ch.highlightOutput ?? 255;
  const gamma = ch.midtoneInput > 0 ? ch.midtoneInput : 1;
  if (inB === 0 && inW === 255 && outB === 0 && outW === 255 && gamma === 1) return null;
  const t = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    let x = inW === inB ? (v >= inW ? 1 : 0) : (v - inB) / (inW - inB);
    x = x <= 0 ? 0 : x >= 1 ? 1 : x;
    x = Math.pow(x, 1 / gamma);
    t[v] = round255(outB + x * (outW - outB));
  }
  return t;
}

function applyLevels(adj: LevelsAdjustment, img: Raster): boolean {
  const comp = levelsLut(adj.rgb);
  applyLuts(
    img,
    channelThenComposite(levelsLut(adj.red), comp),
    channelThenComposite(levelsLut(adj.green), comp),
    channelThenComposite(levelsLut(adj.blue), comp),
  );
  return true;
}

// ---------------------------------------------------------------------------------------------
// Brightness/Contrast

/**
 * Legacy Brightness/Contrast (the "Use Legacy" box, and every pre-CS3 file): brightness is a plain
 * offset of that many levels (clipping), then contrast scales about mid-grey, by 1 + c/100 below
 * zero (-100 gives flat grey) and by 1/(1 - c/100) above it (+100 is a threshold at mid-grey).
 *
 * Modern Brightness/Contrast keeps black and white fixed. There is no published formula; this
 * follows the model psd-tools fitted to Photoshop (psd_tools/composite/adjustments.py, MIT):
 * contrast is a natural cubic spline through (0,0), (63, 63 - 25c), (191, 191 + 25c), (255,255)
 * with c = contrast/100, and brightness b = brightness/150 pushes that curve along the
 * anti-diagonal by s(t) = b t (1 - t) h(t), h a fitted blend of powers of t.
 */
export function brightnessContrastLut(brightness: number, contrast: number, legacy: boolean): Lut {
  const t = new Uint8Array(256);
  if (legacy) {
    const k = contrast >= 100 ? Infinity : contrast > 0 ? 1 / (1 - contrast / 100) : 1 + contrast / 100;
    for (let v = 0; v < 256; v++) {
      const x = clamp255(v + brightness);
      const y = k === Infinity ? (x >= 127.5 ? 255 : 0) : (x - 127.5) * k + 127.5;
      t[v] = round255(y);
    }
    return t;
  }
  const c = contrast / 100;
  const b = brightness / 150;
  const ab = Math.abs(b);
  const cx = [0, 63, 191, 255];
  const cy = [0, 63 - 25 * c, 191 + 25 * c, 255];
  const M = naturalSplineSecondDerivatives(cx, cy);
  const spline = (x: number): number => {
    let i = 0;
    while (i < 2 && x > cx[i + 1]!) i++;
    const x0 = cx[i]!,
      x1 = cx[i + 1]!,
      h = x1 - x0;
    const A = (x1 - x) / h,
      B = (x - x0) / h;
    return A * cy[i]! + B * cy[i + 1]! + (((A * A * A - A) * M[i]! + (B * B * B - B) * M[i + 1]!) * h * h) / 6;
  };
  // The shifted curve, sampled finely in its own parameter, then read back at integer inputs.
  const N = 1024;
  const X = new Float64Array(N + 1);
  const Y = new Float64Array(N + 1);
  for (let i = 0; i <= N; i++) {
    const u = i / N;
    const h =
      0.5 * (ab * (1.65 * Math.pow(u, 0.35) - Math.pow(u, 10)) + (1 - ab) * (1.96 * Math.pow(u, 0.4) + Math.pow(u, 4)) + Math.pow(u, 1.25));
    const s = b * u * (1 - u) * h;
    X[i] = (u - s) * 255;
    Y[i] = spline(u * 255) + s * 255;
  }
  let j = 0;
  for (let v = 0; v < 256; v++) {
    while (j < N - 1 && X[j + 1]! < v) j++;
    const x0 = X[j]!,
      x1 = X[j + 1]!;
    const f = x1 > x0 ? Math.min(1, Math.max(0, (v - x0) / (x1 - x0))) : 0;
    t[v] = round255(Y[j]! + f * (Y[j + 1]! - Y[j]!));
  }
  return t;
}

function applyBrightnessContrast(adj: BrightnessAdjustment, img: Raster): boolean {
  const brightness = adj.brightness ?? 0,
    contrast = adj.contrast ?? 0;
  if (brightness === 0 && contrast === 0) return true;
  applyLuts(img, brightnessContrastLut(brightness, contrast, !!adj.useLegacy));
  return true;
}

// ---------------------------------------------------------------------------------------------
// Exposure, Invert, Posterize, Threshold

const srgbToLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
const linearToSrgb = (v: number): number => (v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055);

/**
 * Exposure works on linear light: the sRGB value is linearised (the document's profile is taken
 * to be sRGB), multiplied by 2^exposure, offset, raised to 1/gamma, and encoded back.
 */
export function exposureLut(exposure: number, offset: number, gamma: number): Lut {
  const t = new Uint8Array(256);
  const gain = Math.pow(2, exposure);
  const g = gamma > 0 ? gamma : 1;
  for (let v = 0; v < 256; v++) {
    let x = srgbToLinear(v / 255) * gain + offset;
    x = x <= 0 ? 0 : Math.pow(x, 1 / g);
    t[v] = round255(linearToSrgb(Math.min(1, x)) * 255);
  }
  return t;
}

function applyExposure(adj: ExposureAdjustment, img: Raster): boolean {
  applyLuts(img, exposureLut(adj.exposure ?? 0, adj.offset ?? 0, adj.gamma ?? 1));
  return true;
}

export function invertLut(): Lut {
  const t = new Uint8Array(256);
  for (let v = 0; v < 256; v++) t[v] = 255 - v;
  return t;
}

/** Posterize to n levels: band floor(v n / 256), spread evenly over 0..255. */
export function posterizeLut(levels: number): Lut {
  const n = Math.min(255, Math.max(2, Math.round(levels)));
  const t = new Uint8Array(256);
  for (let v = 0; v < 256; v++) t[v] = Math.round((Math.floor((v * n) / 256) * 255) / (n - 1));
  return t;
}

function applyPosterize(adj: PosterizeAdjustment, img: Raster): boolean {
  applyLuts(img, posterizeLut(adj.levels ?? 4));
  return true;
}

/** White where the rounded luminosity reaches the level, black below. */
function applyThreshold(adj: ThresholdAdjustment, img: Raster): boolean {
  const level = adj.level ?? 128;
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const v = Math.round(luminosity(d[i]!, d[i + 1]!, d[i + 2]!)) >= level ? 255 : 0;
    d[i] = v;
    d[i + 1] = v;
    d[i + 2] = v;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Channel Mixer

/**
 * Each output channel is a percentage mix of the input channels plus a constant (percent of
 * white); monochrome uses the grey mix for all three.
 */
function applyChannelMixer(adj: ChannelMixerAdjustment, img: Raster): boolean {
  const ident = (red: number, green: number, blue: number): ChannelMixerChannel => ({ red, green, blue, constant: 0 });
  const mr = adj.monochrome ? (adj.gray ?? ident(40, 40, 20)) : (adj.red ?? ident(100, 0, 0));
  const mg = adj.monochrome ? mr : (adj.green ?? ident(0, 100, 0));
  const mb = adj.monochrome ? mr : (adj.blue ?? ident(0, 0, 100));
  const d = img.data;
  const mix = (m: ChannelMixerChannel, r: number, g: number, b: number) =>
    round255((m.red * r + m.green * g + m.blue * b) / 100 + (m.constant * 255) / 100);
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i]!,
      g = d[i + 1]!,
      b = d[i + 2]!;
    d[i] = mix(mr, r, g, b);
    d[i + 1] = mix(mg, r, g, b);
    d[i + 2] = mix(mb, r, g, b);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Hue/Saturation

/** Scales an HSL saturation by a slider amount k in -1..1: towards grey below zero, towards full above. */
function saturate(s: number, k: number): number {
  if (k === 0) return s;
  if (k < 0) return s * (1 + k);
  if (k >= 1) return s > 0 ? 1 : 0;
  return Math.min(1, s / (1 - k));
}

/** Lightness slider k in -1..1: a mix towards black (below zero) or white (above). */
const lighten = (v: number, k: number): number => (k === 0 ? v : k > 0 ? v + (255 - v) * k : v * (1 + k));

/**
 * How much a colour range applies at hue h (degrees): 0 outside a..d, rising over a..b, 1 over
 * b..c, falling over c..d, all on the hue circle (the reds range wraps through 0).
 */
export function hueRangeWeight(h: number, ch: Pick<HueSaturationAdjustmentChannel, 'a' | 'b' | 'c' | 'd'>): number {
  const mod = (v: number) => ((v % 360) + 360) % 360;
  const x = mod(h - ch.a);
  const b = mod(ch.b - ch.a),
    c = mod(ch.c - ch.a),
    d = mod(ch.d - ch.a);
  if (x < b) return b > 0 ? x / b : 1;
  if (x <= c) return 1;
  if (x < d) return d > c ? (d - x) / (d - c) : 0;
  return 0;
}

/** RGB (0..255) to HSL: hue in degrees, saturation and lightness 0..1. Writes into out. */
function rgbToHsl(r: number, g: number, b: number, out: Float64Array): void {
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b);
  const l = (max + min) / 510;
  const delta = (max - min) / 255;
  let h = 0,
    s = 0;
  if (delta > 0) {
    s = l <= 0.5 ? delta / (2 * l) : delta / (2 - 2 * l);
    if (max === r) h = ((g - b) / (max - min)) * 60;
    else if (max === g) h = ((b - r) / (max - min)) * 60 + 120;
    else h = ((r - g) / (max - min)) * 60 + 240;
    if (h < 0) h += 360;
  }
  out[0] = h;
  out[1] = s;
  out[2] = l;
}

function hueChannel(p: number, q: number, t: number): number {
  if (t < 0) t += 1;
  if (t > 1) t -= 1;
  if (t < 1 / 6) return p + (q - p) * 6 * t;
  if (t < 1 / 2) return q;
  if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
  return p;
}

/** HSL (hue degrees, s and l 0..1) to RGB 0..255 floats, into out. */
function hslToRgb(h: number, s: number, l: number, out: Float64Array): void {
  if (s <= 0) {
    out[0] = out[1] = out[2] = l * 255;
    return;
  }
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hh = (((h % 360) + 360) % 360) / 360;
  out[0] = hueChannel(p, q, hh + 1 / 3) * 255;
  out[1] = hueChannel(p, q, hh) * 255;
  out[2] = hueChannel(p, q, hh - 1 / 3) * 255;
}

const RANGE_KEYS = ['reds', 'yellows', 'greens', 'cyans', 'blues', 'magentas'] as const;

/**
 * Hue/Saturation. ag-psd reads the 'hue2' block's colorize flag and colorize settings into
 * `master.a` (the flag byte, non-zero when colorizing) and `master.b/c/d` (hue, saturation,
 * lightness); `master.hue/saturation/lightness` are the master sliders.
 *
 * Normal mode, per pixel in HSL: the hue turns by the master hue plus each colour range's hue
 * times its weight at the pixel's hue; saturation goes through the master slider and then each
 * range's slider scaled by its weight; lightness (master plus weighted ranges) mixes towards white
 * or black first, as Photoshop does (lightness before the hue and saturation changes).
 * Colorize: the pixel takes the colorize hue and saturation at its own HSL lightness, then the
 * colorize lightness.
 */
export function applyHueSaturation(adj: HueSaturationAdjustment, img: Raster): void {
  const master = adj.master;
  const d = img.data;
  const hsl = new Float64Array(3);
  const rgb = new Float64Array(3);
  if (master && master.a !== 0) {
    const hue = master.b,
      sat = Math.min(1, Math.max(0, master.c / 100)),
      light = master.d / 100;
    for (let i = 0; i < d.length; i += 4) {
      rgbToHsl(d[i]!, d[i + 1]!, d[i + 2]!, hsl);
      hslToRgb(hue, sat, hsl[2]!, rgb);
      d[i] = round255(lighten(rgb[0]!, light));
      d[i + 1] = round255(lighten(rgb[1]!, light));
      d[i + 2] = round255(lighten(rgb[2]!, light));
    }
    return;
  }
  const mHue = master?.hue ?? 0,
    mSat = (master?.saturation ?? 0) / 100,
    mLight = (master?.lightness ?? 0) / 100;
  const ranges = RANGE_KEYS.map((k) => adj[k]).filter(
    (r): r is HueSaturationAdjustmentChannel => !!r && (r.hue !== 0 || r.saturation !== 0 || r.lightness !== 0),
  );
  if (mHue === 0 && mSat === 0 && mLight === 0 && ranges.length === 0) return;
  const weights = new Float64Array(ranges.length);
  for (let i = 0; i < d.length; i += 4) {
    const r0 = d[i]!,
      g0 = d[i + 1]!,
      b0 = d[i + 2]!;
    rgbToHsl(r0, g0, b0, hsl);
    const h0 = hsl[0]!;
    let hue = mHue,
      light = mLight;
    for (let k = 0; k < ranges.length; k++) {
      // Greys have no hue: colour ranges leave them alone.
      const w = hsl[1]! > 0 ? hueRangeWeight(h0, ranges[k]!) : 0;
      weights[k] = w;
      hue += w * ranges[k]!.hue;
      light += (w * ranges[k]!.lightness) / 100;
    }
    light = Math.min(1, Math.max(-1, light));
    rgbToHsl(lighten(r0, light), lighten(g0, light), lighten(b0, light), hsl);
    let s = saturate(hsl[1]!, mSat);
    for (let k = 0; k < ranges.length; k++) s = saturate(s, (weights[k]! * ranges[k]!.saturation) / 100);
    hslToRgb(hsl[0]! + hue, s, hsl[2]!, rgb);
    d[i] = round255(rgb[0]!);
    d[i + 1] = round255(rgb[1]!);
    d[i + 2] = round255(rgb[2]!);
  }
}

// ---------------------------------------------------------------------------------------------
// Vibrance

/**
 * Vibrance: an approximation (Photoshop's formula is unpublished). Vibrance raises saturation in
 * proportion to how unsaturated the pixel is, so saturated colours barely move; the Saturation
 * slider of this dialog is gentler than Hue/Saturation's and is taken at half strength.
 */
function applyVibrance(adj: VibranceAdjustment, img: Raster): void {
  const vib = (adj.vibrance ?? 0) / 100,
    sat = (adj.saturation ?? 0) / 100;
  if (vib === 0 && sat === 0) return;
  const d = img.data;
  const hsl = new Float64Array(3);
  const rgb = new Float64Array(3);
  for (let i = 0; i < d.length; i += 4) {
    rgbToHsl(d[i]!, d[i + 1]!, d[i + 2]!, hsl);
    let s = hsl[1]!;
    if (s === 0) continue;
    s = saturate(s, sat * 0.5);
    s = saturate(s, vib > 0 ? vib * (1 - s) * 0.5 : vib * 0.5);
    hslToRgb(hsl[0]!, s, hsl[2]!, rgb);
    d[i] = round255(rgb[0]!);
    d[i + 1] = round255(rgb[1]!);
    d[i + 2] = round255(rgb[2]!);
  }
}

// ---------------------------------------------------------------------------------------------
// Gradient Map

/** An ag-psd colour as RGB 0..255, or null for colour models an RGB document's gradient does not use (Lab, CMYK, grey). */
export function colorToRgb(c: Color): [number, number, number] | null {
  if ('r' in c) return [c.r, c.g, c.b];
  if ('fr' in c) return [c.fr * 255, c.fg * 255, c.fb * 255];
  if ('h' in c) {
    // ag-psd gives HSB as fractions from binary colour records and as degrees/percent from descriptors.
    const percent = c.s > 1 || c.b > 1;
    const h = percent ? c.h : c.h * 360;
    const s = percent ? c.s / 100 : c.s;
    const v = percent ? c.b / 100 : c.b;
    const f = (n: number) => {
      const k = (n + h / 60) % 6;
      return (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))) * 255;
    };
    return [f(5), f(3), f(1)];
  }
  return null;
}

/**
 * The gradient's 256 colours, one per luminosity level. Between two colour stops the mix follows
 * the midpoint (the fraction of the way at which the two colours are half and half; Photoshop
 * keeps it on the first stop of the pair) as a power curve t^(ln 0.5 / ln m), the shape CSS colour
 * hints use. Classic gradients with smoothness blend that towards a smoothstep between stops, in
 * proportion to the smoothness; Photoshop's exact smoothing curve is unpublished, so
 * smoothness > 0 is approximate. 'linear' interpolates in linear light; 'perceptual' and 'smooth'
 * are treated as classic. Null when a stop's colour cannot be converted to RGB.
 */
export function gradientMapTable(adj: GradientMapAdjustment): Uint8Array | null {
  const stops: { loc: number; mid: number; rgb: [number, number, number] }[] = [];
  for (const s of adj.colorStops ?? []) {
    const rgb = colorToRgb(s.color);
    if (!rgb) return null;
    stops.push({ loc: Math.min(1, Math.max(0, s.location / 4096)), mid: s.midpoint ?? 0.5, rgb });
  }
  if (stops.length === 0) return null;
  stops.sort((a, b) => a.loc - b.loc);
  const linear = adj.method === 'linear';
  const smooth = adj.method === 'linear' ? 0 : Math.min(1, Math.max(0, adj.smoothness ?? 0));
  const enc = (v: number) => (linear ? srgbToLinear(v / 255) : v);
  const dec = (v: number) => (linear ? linearToSrgb(v) * 255 : v);
  const table = new Uint8Array(256 * 3);
  for (let level = 0; level < 256; level++) {
    const p = (adj.reverse ? 255 - level : level) / 255;
    let rgb: [number, number, number];
    const first = stops[0]!,
      last = stops[stops.length - 1]!;
    if (p <= first.loc) rgb = first.rgb;
    else if (p >= last.loc) rgb = last.rgb;
    else {
      let k = 0;
      while (k < stops.length - 2 && p > stops[k + 1]!.loc) k++;
      const s0 = stops[k]!,
        s1 = stops[k + 1]!;
      const span = s1.loc - s0.loc;
      let t = span > 0 ? (p - s0.loc) / span : 1;
      const m = Math.min(0.999, Math.max(0.001, s0.mid));
      if (m !== 0.5) t = Math.pow(t, Math.log(0.5) / Math.log(m));
      if (smooth > 0) t += smooth * (t * t * (3 - 2 * t) - t);
      rgb = [0, 1, 2].map((c) => dec(enc(s0.rgb[c]!) + t * (enc(s1.rgb[c]!) - enc(s0.rgb[c]!)))) as [number, number, number];
    }
    table[level * 3] = round255(rgb[0]);
    table[level * 3 + 1] = round255(rgb[1]);
    table[level * 3 + 2] = round255(rgb[2]);
  }
  return table;
}

function applyGradientMap(adj: GradientMapAdjustment, img: Raster): boolean {
  if (adj.gradientType === 'noise') return false;
  const table = gradientMapTable(adj);
  if (!table) return false;
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const l = Math.round(luminosity(d[i]!, d[i + 1]!, d[i + 2]!)) * 3;
    d[i] = table[l]!;
    d[i + 1] = table[l + 1]!;
    d[i + 2] = table[l + 2]!;
  }
  return true;
}
