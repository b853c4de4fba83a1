/**
 * A warped layer blended onto an opaque composite on the CPU, with the formulas of
 * shaders/blend.frag.glsl. Where WebGL runs on the CPU (SwiftShader) the blend pass is most of a
 * bulk mockup's cost: every pixel the layer covers samples the flat bilinearly, reads the backdrop,
 * the edge coverage and the maps, in an emulated pipeline. Everything in that pass except the
 * backdrop is the same in every colour of one design: the warped source, its edge coverage, the
 * shading and highlight maps and the photo's own lighting. `prepareCpuLayer` works those out once
 * per pixel (from what the GPU drew and sampled, read back), and `applyCpuLayer` blends them onto
 * each colour's tinted photo in one pass over the covered pixels.
 *
 * The GPU computes in single precision and this in double, so a channel can come out one level
 * apart where a value falls on a rounding edge; the maps are read back at 8 bits where the shader
 * reads them filtered, which moves a shaded channel by at most half a level before rounding.
 */
import type { BlendCode } from '../../model/index.ts';
import type { PixelRect } from '../../gl/targets.ts';

/**
 * Blend codes whose blend function works channel by channel (separable): all of them but lighter
 * (1, a clamped sum), color (2) and Photoshop's hue, saturation, luminosity, darker and lighter
 * colour (23-27), which the GPU keeps.
 */
export function cpuBlendsMode(mode: BlendCode): boolean {
  return mode >= 3 && mode <= 22;
}

/** What one layer brings to the blend, read back from the GPU over `rect` (tile px). */
export interface CpuLayerInput {
  /** The output's width in px: offsets number the output's pixels. */
  readonly outputWidth: number;
  /** The tile's rect in output px. */
  readonly tile: PixelRect;
  /** The layer's rect in tile px. */
  readonly rect: PixelRect;
  /** The warped layer over `rect`, premultiplied RGBA rows, as a layer buffer holds it. */
  readonly src: Uint8Array | Uint8ClampedArray;
  /** The layer's edge coverage (one byte per output px of `rect`, output px); nothing outside it. */
  readonly edges: { readonly alpha: Uint8Array; readonly rect: PixelRect };
  readonly mode: BlendCode;
  /** 0..1, applied to the source. */
  readonly opacity: number;
  /** The view's shading map sampled at each pixel of `rect` (premultiplied RGBA), or null. */
  readonly shading: Uint8Array | Uint8ClampedArray | null;
  /** The view's highlight map sampled at each pixel of `rect` (premultiplied RGBA), or null. */
  readonly highlight: Uint8Array | Uint8ClampedArray | null;
  /** The untinted photo sampled at each pixel of `rect` and its level range (0..1), or null. */
  readonly photoLight: { readonly pixels: Uint8Array | Uint8ClampedArray; readonly black: number; readonly white: number } | null;
  /**
   * The backdrop's alpha at every output pixel (one byte a pixel, rows of `outputWidth`), or
   * null when it is opaque everywhere. Pixels over a backdrop that is not opaque (a cut-out
   * photo's edge and surroundings) are blended by the whole formula, backdrop alpha included.
   */
  readonly backdropAlpha?: Uint8Array | null;
}

/** A layer's colour-independent terms at each pixel it changes. */
export interface CpuLayer {
  readonly mode: BlendCode;
  /** Output pixel index (y * output width + x) of each changed pixel, ascending. */
  readonly offsets: Uint32Array;
  /**
   * Under overlay, LINES numbers a pixel: for each channel the output level as a line in the
   * backdrop's level, slope and offset below 128 and from 128 up. Under the other modes linear in
   * the backdrop (LINEAR_HALVES), whose line is the same on both halves, LINE numbers a pixel: each
   * channel's slope and offset. Otherwise TERMS numbers a pixel: the source colour (straight, 3),
   * its alpha after coverage and opacity, the shading factor, the highlight (3), the photo
   * light's shade factor and lift.
   */
  readonly terms: Float32Array;
  /**
   * The changed pixels over a backdrop that is not opaque, apart: their output pixel indices and
   * TERMS each, whatever the mode. Null when there are none.
   */
  readonly translucent: { readonly offsets: Uint32Array; readonly terms: Float32Array } | null;
  /** Bytes held, for caches. */
  readonly bytes: number;
}

const TERMS = 10;
const LINES = 12;
const LINE = 6;
/** Overlay: the one linear mode whose line changes at the backdrop's middle. */
const OVERLAY = 5;
/**
 * Modes whose output, shading and lights included, is a line in the backdrop's level on 0..127
 * and on 128..255: normal, overlay (its branch is the backdrop's half), multiply, screen, hard
 * light and exclusion (their branch, if any, is the source's). One multiply-add a channel then
 * replaces the formula: measured 9-12 ns a pixel against 20-60 for the formula in JavaScript.
 */
const LINEAR_HALVES: ReadonlySet<BlendCode> = new Set<BlendCode>([5, 6, 7, 8, 10, 20]);
const LUM_R = 0.3;
const LUM_G = 0.59;
const LUM_B = 0.11;

/** The colour-independent terms of every pixel where the layer's source shows (alpha > 0). */
export function prepareCpuLayer(input: CpuLayerInput): CpuLayer {
  const { outputWidth, tile, rect, src, edges, opacity, shading, highlight, photoLight, mode } = input;
  const backdropAlpha = input.backdropAlpha ?? null;
  // The part of `rect` inside the edge coverage's rect (nothing shows outside it), in rect px.
  const x0 = Math.max(0, edges.rect.x - tile.x - rect.x);
  const y0 = Math.max(0, edges.rect.y - tile.y - rect.y);
  const x1 = Math.min(rect.width, edges.rect.x + edges.rect.width - tile.x - rect.x);
  const y1 = Math.min(rect.height, edges.rect.y + edges.rect.height - tile.y - rect.y);
  // Edge coverage index of rect px (x, y): edgeBase + y * edges' width + x. Every field the loops
  // read is a local: a loop reaching a field access it has no type feedback for (a map first met
  // after the loop was optimised) deoptimises, and these loops run a few times per worker.
  const edgeWidth = edges.rect.width;
  const edgeAlpha = edges.alpha;
  const edgeBase = (tile.y + rect.y - edges.rect.y) * edgeWidth + tile.x + rect.x - edges.rect.x;
  const width = rect.width;
  const offsetBase = (tile.y + rect.y) * outputWidth + tile.x + rect.x;
  const ph = photoLight ? photoLight.pixels : null;
  const black = photoLight ? photoLight.black : 0;
  const white = photoLight ? photoLight.white : 1;
  // Counted first, so the terms go straight into typed arrays: all, and those over a backdrop
  // that is not opaque.
  let n = 0;
  let nt = 0;
  if (opacity > 0) {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (src[(y * width + x) * 4 + 3] === 0 || edgeAlpha[edgeBase + y * edgeWidth + x] === 0) continue;
        n++;
        if (backdropAlpha && backdropAlpha[offsetBase + y * outputWidth + x] !== 255) nt++;
      }
    }
  }
  const linear = LINEAR_HALVES.has(mode);
  // Numbers a pixel: two lines a channel under overlay, one under the other linear modes.
  const stride = !linear ? TERMS : mode === OVERLAY ? LINES : LINE;
  // Normal and multiply without a photo light: their lines written inline.
  const plainLine = (mode === 7 || mode === 6) && !ph;
  const offsets = new Uint32Array(n - nt);
  const terms = new Float32Array((n - nt) * stride);
  const translucent = nt > 0 ? { offsets: new Uint32Array(nt), terms: new Float32Array(nt * TERMS) } : null;
  let j = 0;
  let jt = 0;
  for (let y = y0; y < y1 && j + jt < n; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4;
      const a8 = src[i + 3] as number;
      const e8 = edgeAlpha[edgeBase + y * edgeWidth + x] as number;
      if (a8 === 0 || e8 === 0) continue;
      // The source's coverage before opacity: the maps apply in proportion to it.
      const coverage = (a8 * e8) / 65025;
      const sa = coverage * opacity;
      const offset = offsetBase + y * outputWidth + x;
      // Transparent shading texels mean "no shade": k = (1 - a) + lum(premultiplied rgb).
      const k = shading ? 1 + (lumOf(shading, i) - (shading[i + 3] as number) / 255) * coverage : 1;
      let shade = 1;
      let lift = 0;
      if (ph) {
        const pa = ph[i + 3] as number;
        const l = pa > 0 ? lumOf(ph, i) / (pa / 255) : white;
        shade = 1 + (clamp01((l - black) / Math.max(white - black, 1e-3)) - 1) * coverage;
        lift = coverage * clamp01((l - white) / Math.max(1 - white, 1e-3));
      }
      const hr = highlight ? (coverage * (highlight[i] as number)) / 255 : 0;
      const hg = highlight ? (coverage * (highlight[i + 1] as number)) / 255 : 0;
      const hb = highlight ? (coverage * (highlight[i + 2] as number)) / 255 : 0;
      const r = (src[i] as number) / a8;
      const g = (src[i + 1] as number) / a8;
      const b = (src[i + 2] as number) / a8;
      if (translucent && backdropAlpha && backdropAlpha[offset] !== 255) {
        translucent.offsets[jt] = offset;
        writeTerms(translucent.terms, jt * TERMS, r, g, b, sa, k, hr, hg, hb, shade, lift);
        jt++;
        continue;
      }
      offsets[j] = offset;
      if (plainLine) {
        // writeLine's values with no photo light (shade 1, lift 0: m = k (1 - h), add = h), the
        // same operations in the same order, so the same floats.
        const t = j * LINE;
        const mr = k * (1 - hr);
        const mg = k * (1 - hg);
        const mb = k * (1 - hb);
        if (mode === 6) {
          terms[t] = (1 - sa + sa * r) * mr;
          terms[t + 2] = (1 - sa + sa * g) * mg;
          terms[t + 4] = (1 - sa + sa * b) * mb;
          terms[t + 1] = 255 * hr;
          terms[t + 3] = 255 * hg;
          terms[t + 5] = 255 * hb;
        } else {
          terms[t] = (1 - sa) * mr;
          terms[t + 2] = (1 - sa) * mg;
          terms[t + 4] = (1 - sa) * mb;
          terms[t + 1] = 255 * (sa * r * mr + hr);
          terms[t + 3] = 255 * (sa * g * mg + hg);
          terms[t + 5] = 255 * (sa * b * mb + hb);
        }
      } else if (linear) {
        const t = j * stride;
        const step = stride / 3;
        writeLine(mode, r, hr, sa, k, shade, lift, terms, t);
        writeLine(mode, g, hg, sa, k, shade, lift, terms, t + step);
        writeLine(mode, b, hb, sa, k, shade, lift, terms, t + 2 * step);
      } else writeTerms(terms, j * TERMS, r, g, b, sa, k, hr, hg, hb, shade, lift);
      j++;
    }
  }
  const bytes = offsets.byteLength + terms.byteLength + (translucent ? translucent.offsets.byteLength + translucent.terms.byteLength : 0);
  return { mode, offsets, terms, translucent, bytes };
}

/** One pixel's TERMS at `t`: see `CpuLayer.terms`. */
function writeTerms(
  out: Float32Array,
  t: number,
  r: number,
  g: number,
  b: number,
  sa: number,
  k: number,
  hr: number,
  hg: number,
  hb: number,
  shade: number,
  lift: number,
): void {
  out[t] = r;
  out[t + 1] = g;
  out[t + 2] = b;
  out[t + 3] = sa;
  out[t + 4] = k;
  out[t + 5] = hr;
  out[t + 6] = hg;
  out[t + 7] = hb;
  out[t + 8] = shade;
  out[t + 9] = lift;
}

/**
 * One channel's lines: the output level, shading and lights included, against the backdrop's
 * level; two under overlay (LINES: below 128, from 128 up), one under the other modes (LINE).
 * With the blend B = u cb + v on a half, x = cb (1 - as + as u) + as v, and the maps make it
 * x k (1 - h) shade (1 - lift) + h shade (1 - lift) + lift.
 */
function writeLine(
  mode: BlendCode,
  cs: number,
  h: number,
  sa: number,
  k: number,
  shade: number,
  lift: number,
  out: Float32Array,
  o: number,
): void {
  const m = k * (1 - h) * shade * (1 - lift);
  const add = h * shade * (1 - lift) + lift;
  // B's slope and offset in the backdrop (0..1), below 128 (lo) and from 128 up (hi).
  let uLo = 0;
  let vLo = cs;
  if (mode === 6) {
    uLo = cs;
    vLo = 0;
  } else if (mode === OVERLAY || (mode === 10 && cs < 0.50001)) {
    uLo = 2 * cs;
    vLo = 0;
  } else if (mode === 10) {
    uLo = 2 * (1 - cs);
    vLo = 2 * cs - 1;
  } else if (mode === 8) uLo = 1 - cs;
  else if (mode === 20) uLo = 1 - 2 * cs;
  out[o] = (1 - sa + sa * uLo) * m;
  out[o + 1] = 255 * (sa * vLo * m + add);
  if (mode !== OVERLAY) return;
  // Only overlay changes its line at the backdrop's middle.
  out[o + 2] = (1 - sa + sa * 2 * (1 - cs)) * m;
  out[o + 3] = 255 * (sa * (2 * cs - 1) * m + add);
}

/**
 * Blends `layer` onto `frame`, in place: premultiplied RGBA rows of the output it was made for,
 * whose first pixel is output pixel `first` (0 for the whole output, y * width for rows from y
 * on), and which hold every pixel the layer changes. o = d (1 - as) + as B(d, cs) where the
 * backdrop is opaque, the whole formula with its alpha where it is not (`CpuLayer.translucent`),
 * then the shading, highlight and photo light, rounded to 8 bits half to even as a GPU stores them
 * (Uint8ClampedArray's own rounding).
 */
export function applyCpuLayer(layer: CpuLayer, frame: Uint8ClampedArray, first = 0): void {
  const { offsets, mode, translucent } = layer;
  for (const o of translucent ? [offsets, translucent.offsets] : [offsets]) {
    const n = o.length;
    if (n > 0 && ((o[0] as number) < first || ((o[n - 1] as number) - first + 1) * 4 > frame.length)) {
      throw new Error('applyCpuLayer: the pixels do not hold every pixel the layer changes');
    }
  }
  applyOpaque(layer, frame, first);
  if (!translucent) return;
  const to = translucent.offsets;
  const tt = translucent.terms;
  for (let j = 0, t = 0; j < to.length; j++, t += TERMS) {
    const p = ((to[j] as number) - first) << 2;
    const ab = (frame[p + 3] as number) / 255;
    const sa = tt[t + 3] as number;
    const k = tt[t + 4] as number;
    const shade = tt[t + 8] as number;
    const lift = tt[t + 9] as number;
    // ao = as + ab - as ab; the maps then pull the colour towards it (shaders/blend.frag.glsl).
    const oa = sa + ab - sa * ab;
    for (let c = 0; c < 3; c++) {
      const d = (frame[p + c] as number) / 255;
      const cb = ab > 0 ? d / ab : 0;
      const cs = tt[t + c] as number;
      const b = blendChannel(mode, cb, cs);
      let o = sa * cs * (1 - ab) + d * (1 - sa) + sa * ab * (b < 0 ? 0 : b > 1 ? 1 : b);
      o *= k;
      const h = tt[t + 5 + c] as number;
      o += h * (oa - o);
      o *= shade;
      o += lift * (oa - o);
      frame[p + c] = o * 255;
    }
    frame[p + 3] = oa * 255;
  }
}

/** `applyCpuLayer` over the pixels whose backdrop is opaque. */
function applyOpaque(layer: CpuLayer, frame: Uint8ClampedArray, first: number): void {
  const { offsets, terms, mode } = layer;
  const n = offsets.length;
  if (mode === OVERLAY) {
    for (let j = 0, t = 0; j < n; j++, t += LINES) {
      const p = ((offsets[j] as number) - first) << 2;
      const r = frame[p] as number;
      const g = frame[p + 1] as number;
      const b = frame[p + 2] as number;
      frame[p] = r < 128 ? (terms[t] as number) * r + (terms[t + 1] as number) : (terms[t + 2] as number) * r + (terms[t + 3] as number);
      frame[p + 1] =
        g < 128 ? (terms[t + 4] as number) * g + (terms[t + 5] as number) : (terms[t + 6] as number) * g + (terms[t + 7] as number);
      frame[p + 2] =
        b < 128 ? (terms[t + 8] as number) * b + (terms[t + 9] as number) : (terms[t + 10] as number) * b + (terms[t + 11] as number);
    }
    return;
  }
  if (LINEAR_HALVES.has(mode)) {
    for (let j = 0, t = 0; j < n; j++, t += LINE) {
      const p = ((offsets[j] as number) - first) << 2;
      frame[p] = (terms[t] as number) * (frame[p] as number) + (terms[t + 1] as number);
      frame[p + 1] = (terms[t + 2] as number) * (frame[p + 1] as number) + (terms[t + 3] as number);
      frame[p + 2] = (terms[t + 4] as number) * (frame[p + 2] as number) + (terms[t + 5] as number);
    }
    return;
  }
  for (let j = 0, t = 0; j < n; j++, t += TERMS) {
    const p = ((offsets[j] as number) - first) << 2;
    const sa = terms[t + 3] as number;
    const k = terms[t + 4] as number;
    const shade = terms[t + 8] as number;
    const lift = terms[t + 9] as number;
    frame[p] = channel(mode, (frame[p] as number) / 255, terms[t] as number, sa, k, terms[t + 5] as number, shade, lift);
    frame[p + 1] = channel(mode, (frame[p + 1] as number) / 255, terms[t + 1] as number, sa, k, terms[t + 6] as number, shade, lift);
    frame[p + 2] = channel(mode, (frame[p + 2] as number) / 255, terms[t + 2] as number, sa, k, terms[t + 7] as number, shade, lift);
  }
}

/** One output channel in 0..255 (unrounded) from backdrop `cb` and source colour `cs` (0..1). */
function channel(mode: BlendCode, cb: number, cs: number, sa: number, k: number, h: number, shade: number, lift: number): number {
  const b = blendChannel(mode, cb, cs);
  let o = cb * (1 - sa) + sa * (b < 0 ? 0 : b > 1 ? 1 : b);
  o *= k;
  o += h * (1 - o);
  o *= shade;
  o += lift * (1 - o);
  return o * 255;
}

/** The separable blend function B(cb, cs) of shaders/blend.frag.glsl, unclamped. */
export function blendChannel(mode: BlendCode, cb: number, cs: number): number {
  switch (mode) {
    case 3:
      return Math.min(cb, cs);
    case 4:
      return Math.max(cb, cs);
    case 5:
      // HardLight with the layers swapped: the backdrop picks multiply or screen.
      return cb >= 0.5 ? 1 - 2 * (1 - cs) * (1 - cb) : 2 * cs * cb;
    case 6:
      return cb * cs;
    case 8:
      return cb + cs - cb * cs;
    case 9:
      return cs >= 0.50001 ? cb + (2 * cs - 1) * (Math.sqrt(cb) - cb) : cb - (1 - 2 * cs) * cb * (1 - cb);
    case 10:
      return cs >= 0.50001 ? 1 - 2 * (1 - cs) * (1 - cb) : 2 * cs * cb;
    case 11:
      return dodge(cb, cs);
    case 12:
      return burn(cb, cs);
    case 13:
      return Math.min(cb + cs, 1);
    case 14:
      return Math.max(cb + cs - 1, 0);
    case 15:
      return cs >= 0.50001 ? dodge(cb, 2 * cs - 1) : burn(cb, 2 * cs);
    case 16:
      return clamp01(cb + 2 * cs - 1);
    case 17:
      return cs >= 0.50001 ? Math.max(cb, 2 * cs - 1) : Math.min(cb, 2 * cs);
    case 18:
      // Every channel ends up 0 or 1; 8-bit pairs summing to exactly 255 count as 1.
      return cb + cs >= 1 - 1e-4 ? 1 : 0;
    case 19:
      return Math.abs(cb - cs);
    case 20:
      return cb + cs - 2 * cb * cs;
    case 21:
      return Math.max(cb - cs, 0);
    case 22:
      return cs <= 0 ? (cb >= 1e-6 ? 1 : 0) : Math.min(1, cb / Math.max(cs, 1e-6));
    default:
      // Normal (7): the source's own colour.
      return cs;
  }
}

/** A white backdrop stays white even under black; a black source otherwise burns to black. */
function burn(b: number, s: number): number {
  if (b >= 1) return 1;
  if (s <= 0) return 0;
  return 1 - Math.min(1, (1 - b) / Math.max(s, 1e-6));
}

function dodge(b: number, s: number): number {
  if (b <= 0) return 0;
  if (s >= 1) return 1;
  return Math.min(1, b / Math.max(1 - s, 1e-6));
}

function lumOf(rgba: Uint8Array | Uint8ClampedArray, i: number): number {
  return (LUM_R * (rgba[i] as number) + LUM_G * (rgba[i + 1] as number) + LUM_B * (rgba[i + 2] as number)) / 255;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
