/**
 * The smart filters a placed layer carries, run in document space on the layer's rendered pixels
 * (after its transform and warp), as Photoshop runs them.
 *
 * Order: ag-psd's `list` is the order stored in the file, taken as the order of application,
 * first entry first (the Layers panel lists smart filters newest on top, i.e. reversed). No
 * Photoshop file at hand with two order-sensitive filters confirms this.
 * Each filter's output is faded against its input by the filter's own opacity (and blend mode);
 * the filter mask then mixes the filtered result with the unfiltered layer.
 * Colour is blurred and mixed premultiplied by alpha, so transparent surroundings do not bleed
 * dark into edges.
 */
import type { BlendMode, Filter, PlacedLayer } from 'ag-psd';
import { applyAdjustment, applyLuts, composeLuts, curveLut, identityLut, type Adjustment, type Lut } from './adjustments';
import { boxBlurPlane, boxReach, gaussianBlurPlane, gaussianReach } from './gaussian';
import { contentBox, createRaster, type Raster } from './raster';

/** One byte per pixel, document space, the same size as the layer pixels: 255 = filters at full strength. */
export interface FilterMaskPlane {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface SmartFilterContext {
  warn: (message: string) => void;
  /** decoded displacement map files by name, when the PSD or caller has them */
  displacementMap?: (name: string) => Raster | null;
  /**
   * The smart filters' mask, when the caller has decoded it. Photoshop stores it with the
   * layer's pre-filter pixels in the document's filter-effects block (ag-psd:
   * `psd.filterEffectsMasks`, the entry whose id is the layer's `placedLayer.placed`, its
   * `extra` channel). Without it the filters apply everywhere, which is what Photoshop's default
   * (white) filter mask does.
   */
  filterMask?: FilterMaskPlane | null;
  /**
   * The colour the layer keeps under its transparent pixels (`layerPixels` with colour there;
   * see hidden.ts), for the Average filter, which reads every pixel's colour. Called at most once,
   * and only while the filter's input is still the layer's own pixels. Without it the colour the
   * raster stores is taken (0 in a render).
   */
  hiddenColour?: (layerPixels: Raster) => Raster | null;
}

/**
 * Applies the placed layer's enabled smart filters, in Photoshop's order, to the layer's rendered
 * pixels (document size, after its transform and warp). Returns a new raster (or the same one when
 * nothing applies). Unsupported filters are named in a warning and skipped, never silently dropped.
 */
export function applySmartFilters(filter: PlacedLayer['filter'] | undefined, layerPixels: Raster, ctx: SmartFilterContext): Raster {
  if (!filter || !filter.enabled || filter.list.length === 0) return layerPixels;
  let cur = layerPixels;
  for (const f of filter.list) {
    if (!f.enabled) continue;
    const out = runFilter(f, cur, ctx, cur === layerPixels);
    if (!out || out === cur) continue;
    cur = fade(cur, out, f, ctx);
  }
  if (cur !== layerPixels && filter.maskEnabled && ctx.filterMask) {
    const m = ctx.filterMask;
    if (m.width !== layerPixels.width || m.height !== layerPixels.height) {
      ctx.warn(`Smart filter mask is ${m.width}x${m.height}, the layer ${layerPixels.width}x${layerPixels.height}: mask ignored`);
    } else {
      cur = mixPremultiplied(layerPixels, cur, 1, m.data);
    }
  }
  return cur;
}

const filterLabel = (f: Filter): string => `"${f.name}" (${f.type})`;

/** The filter's own output, before its opacity; null when skipped (and warned). */
function runFilter(f: Filter, img: Raster, ctx: SmartFilterContext, ownPixels: boolean): Raster | null {
  switch (f.type) {
    case 'gaussian blur': {
      const radius = pixelsOf(f.filter.radius, f, ctx);
      return radius > 0 ? gaussianBlurRaster(img, radius) : img;
    }
    case 'box blur': {
      const radius = pixelsOf(f.filter.radius, f, ctx);
      return radius > 0 ? boxBlurRaster(img, radius) : img;
    }
    case 'average':
      return averageRaster(img, ownPixels ? ctx.hiddenColour?.(img) : null);
    case 'displace': {
      const o = f.filter;
      const name = o.displacementFile?.path ?? '';
      const map = ctx.displacementMap?.(name) ?? null;
      if (!map) {
        ctx.warn(`Smart filter ${filterLabel(f)}: displacement map "${name}" is missing (an external file); filter skipped`);
        return null;
      }
      return displaceRaster(img, map, {
        horizontalScale: o.horizontalScale,
        verticalScale: o.verticalScale,
        tile: o.displacementMap === 'tile',
        wrap: o.undefinedAreas === 'wrap around',
      });
    }
    case 'curves': {
      const luts = curvesFilterLuts(f.filter.adjustments);
      if (!luts) return img;
      const out = cloneRaster(img);
      applyLuts(out, luts[0], luts[1], luts[2]);
      return out;
    }
    case 'brightness/contrast':
      return adjusted(
        img,
        { type: 'brightness/contrast', brightness: f.filter.brightness, contrast: f.filter.contrast, useLegacy: f.filter.useLegacy },
        f,
        ctx,
      );
    case 'invert':
      return adjusted(img, { type: 'invert' }, f, ctx);
    default: {
      // ag-psd 31 drops Levels and Hue/Saturation smart filters when reading; should a reader hand
      // them over with the adjustment's own settings, they run through the adjustment code.
      const type: string = f.type;
      const payload = (f as { filter?: unknown }).filter;
      if ((type === 'levels' || type === 'hue/saturation') && payload && typeof payload === 'object') {
        return adjusted(img, { ...(payload as object), type } as Adjustment, f, ctx);
      }
      ctx.warn(`Smart filter ${filterLabel(f)} is not supported; skipped`);
      return null;
    }
  }
}

function adjusted(img: Raster, adj: Adjustment, f: Filter, ctx: SmartFilterContext): Raster | null {
  const out = cloneRaster(img);
  if (applyAdjustment(adj, out)) return out;
  ctx.warn(`Smart filter ${filterLabel(f)} is not supported; skipped`);
  return null;
}

function pixelsOf(v: { value: number; units: string } | undefined, f: Filter, ctx: SmartFilterContext): number {
  if (!v) return 0;
  if (v.units !== 'Pixels') ctx.warn(`Smart filter ${filterLabel(f)}: radius in ${v.units}, taken as pixels`);
  return v.value;
}

export function cloneRaster(img: Raster): Raster {
  return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data) };
}

// ---------------------------------------------------------------------------------------------
// Curves as a smart filter

type CurvesFilterAdjustments = Extract<Filter, { type: 'curves' }>['filter']['adjustments'];

/**
 * The curves filter's per-channel tables: each entry is a curve through points or a 256-value
 * mapping (Photoshop's pencil mode) for some channels; 'composite' applies after the channel's own.
 * Null when the filter holds no curve (Photoshop's default, the identity).
 */
export function curvesFilterLuts(adjustments: CurvesFilterAdjustments): [Lut, Lut, Lut] | null {
  if (!adjustments || adjustments.length === 0) return null;
  let comp: Lut | null = null;
  const own: (Lut | null)[] = [null, null, null];
  for (const a of adjustments) {
    let lut: Lut | null;
    if ('curve' in a) lut = curveLut(a.curve);
    else {
      lut = new Uint8Array(256);
      for (let i = 0; i < 256; i++) lut[i] = Math.max(0, Math.min(255, Math.round(a.values[i] ?? i)));
    }
    if (!lut) continue;
    for (const ch of a.channels) {
      if (ch === 'composite') comp = lut;
      else own[ch === 'red' ? 0 : ch === 'green' ? 1 : 2] = lut;
    }
  }
  const each = (l: Lut | null): Lut => (comp ? composeLuts(l ?? identityLut(), comp) : (l ?? identityLut()));
  return [each(own[0]!), each(own[1]!), each(own[2]!)];
}

// ---------------------------------------------------------------------------------------------
// Blurs

/**
 * Blurs alpha and alpha-premultiplied colour with the same kernel, then divides the colour back
 * out: an edge keeps its colour as it fades, and where no content reaches, alpha stays 0. Only the
 * content's bounding box grown by the kernel's reach is worked on. Beyond the document edge the
 * nearest pixel repeats (a layer running off the canvas usually continues there).
 */
function blurPremultiplied(
  img: Raster,
  reach: number,
  blur: (plane: Float32Array, w: number, h: number, scratch: Float32Array) => void,
): Raster {
  const box = contentBox(img, reach);
  if (!box) return img;
  const W = img.width,
    d = img.data;
  const w = box.x1 - box.x0 + 1,
    h = box.y1 - box.y0 + 1;
  const alpha = new Float32Array(w * h);
  const plane = new Float32Array(w * h);
  const scratch = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) alpha[y * w + x] = d[((y + box.y0) * W + x + box.x0) * 4 + 3]!;
  }
  const out = cloneRaster(img);
  const o = out.data;
  const a8 = new Uint8Array(w * h);
  // Alpha first: the colour channels are divided by it.
  const alphaIn = new Float32Array(alpha);
  blur(alpha, w, h, scratch);
  for (let i = 0; i < w * h; i++) a8[i] = Math.round(Math.min(255, Math.max(0, alpha[i]!)));
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const k = y * w + x;
        plane[k] = (d[((y + box.y0) * W + x + box.x0) * 4 + c]! * alphaIn[k]!) / 255;
      }
    }
    blur(plane, w, h, scratch);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const k = y * w + x;
        const p = ((y + box.y0) * W + x + box.x0) * 4 + c;
        o[p] = a8[k] === 0 ? 0 : Math.round(Math.min(255, Math.max(0, (plane[k]! * 255) / alpha[k]!)));
      }
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) o[((y + box.y0) * W + x + box.x0) * 4 + 3] = a8[y * w + x]!;
  }
  return out;
}

/** Photoshop's Gaussian Blur: radius is the standard deviation, in pixels (see gaussian.ts). */
export function gaussianBlurRaster(img: Raster, radius: number): Raster {
  return blurPremultiplied(img, gaussianReach(radius), (p, w, h, s) => gaussianBlurPlane(p, w, h, radius, s));
}

/** Box Blur: the mean over a (2 radius + 1)-pixel square. */
export function boxBlurRaster(img: Raster, radius: number): Raster {
  return blurPremultiplied(img, boxReach(radius), (p, w, h, s) => boxBlurPlane(p, w, h, radius, s));
}

// ---------------------------------------------------------------------------------------------
// Average

/**
 * Average: every pixel takes one colour, alpha kept. Photoshop averages the colour channels of
 * every pixel of the filter canvas (the whole document), transparent pixels included with the
 * colour they hide. Measured on its own pre-filter pixels of a placed PNG (the document's
 * filter-effects block): their plain mean over the 256x256 canvas, 138.04 / 129.44 / 132.53,
 * rounds to exactly the 138,129,133 it drew, where the alpha-weighted mean of the visible pixels
 * is 137.86 / 118.63 / 125.54 and the mean over the covered pixels 135.65 / 116.79 / 123.56.
 * There, pixels outside the layer's bounds (the box of its non-transparent pixels) hide white,
 * and transparent ones inside them the picture's own hidden colour, carried through the resampling
 * (the PNG stores black; Photoshop's pixels are 0-42 there, 10.7 on average). So: outside the box
 * white, inside it the colour the raster stores (0 for a premultiplied re-render), or under its
 * transparent pixels the colour `hidden` holds there (a raster of the same size; see hidden.ts).
 */
export function averageRaster(img: Raster, hidden?: Raster | null): Raster {
  const { width: w, height: h, data: d } = img;
  const box = contentBox(img, 0);
  if (!box) return img;
  const under = hidden && hidden.width === w && hidden.height === h ? hidden.data : d;
  let sr = 0,
    sg = 0,
    sb = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0, i = (y * w + box.x0) * 4; x <= box.x1; x++, i += 4) {
      const c = d[i + 3] === 0 ? under : d;
      sr += c[i]!;
      sg += c[i + 1]!;
      sb += c[i + 2]!;
    }
  }
  const white = 255 * (w * h - (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1));
  const n = w * h;
  const r = Math.round((sr + white) / n),
    g = Math.round((sg + white) / n),
    b = Math.round((sb + white) / n);
  const out = createRaster(w, h);
  const o = out.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]!;
    if (a === 0) continue;
    o[i] = r;
    o[i + 1] = g;
    o[i + 2] = b;
    o[i + 3] = a;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Displace

export interface DisplaceOptions {
  /** percent: at 100 a map value of 0 shifts by 128 pixels */
  horizontalScale: number;
  verticalScale: number;
  /** true: the map repeats from the top-left at its own size; false: stretched to the raster */
  tile: boolean;
  /** true: samples past an edge wrap to the other side; false: the edge pixels repeat */
  wrap: boolean;
}

/**
 * Displace: each output pixel takes the layer's colour from (x + dx, y + dy) with
 * dx = (map - 128) * horizontalScale / 100 (so 128 is no shift, black pulls from the left, i.e.
 * moves the picture right and down, white the other way, at most 128 pixels at 100 %), the map's
 * first channel (red) driving x and its second (green) driving y: a grey map drives both alike.
 * The map is stretched over, or tiled from the top-left of, the document raster. The layer is
 * sampled bilinearly, premultiplied.
 */
export function displaceRaster(img: Raster, map: Raster, o: DisplaceOptions): Raster {
  const { width: W, height: H, data: d } = img;
  const md = map.data,
    MW = map.width,
    MH = map.height;
  if (MW === 0 || MH === 0 || W === 0 || H === 0) return img;
  const out = createRaster(W, H);
  const od = out.data;
  const hs = o.horizontalScale / 100,
    vs = o.verticalScale / 100;
  // Where each output column and row reads the map: two map indices and the weight of the second
  // (stretch: pixel centres onto pixel centres, bilinear; tile: one index, repeating).
  const axis = (n: number, m: number) => {
    const i0 = new Int32Array(n),
      i1 = new Int32Array(n),
      f = new Float32Array(n);
    for (let x = 0; x < n; x++) {
      if (o.tile) {
        i0[x] = i1[x] = x % m;
        continue;
      }
      const u = Math.min(m - 1, Math.max(0, ((x + 0.5) * m) / n - 0.5));
      const u0 = Math.floor(u);
      i0[x] = u0;
      i1[x] = Math.min(m - 1, u0 + 1);
      f[x] = u - u0;
    }
    return { i0, i1, f };
  };
  const ax = axis(W, MW),
    ay = axis(H, MH);
  const fix = (v: number, n: number) => (o.wrap ? ((v % n) + n) % n : v < 0 ? 0 : v >= n ? n - 1 : v);
  for (let y = 0; y < H; y++) {
    const r0 = ay.i0[y]! * MW,
      r1 = ay.i1[y]! * MW,
      fv = ay.f[y]!;
    for (let x = 0; x < W; x++) {
      const u0 = ax.i0[x]!,
        u1 = ax.i1[x]!,
        fu = ax.f[x]!;
      const p00 = (r0 + u0) * 4,
        p01 = (r0 + u1) * 4,
        p10 = (r1 + u0) * 4,
        p11 = (r1 + u1) * 4;
      const mh = (md[p00]! * (1 - fu) + md[p01]! * fu) * (1 - fv) + (md[p10]! * (1 - fu) + md[p11]! * fu) * fv;
      const mv = (md[p00 + 1]! * (1 - fu) + md[p01 + 1]! * fu) * (1 - fv) + (md[p10 + 1]! * (1 - fu) + md[p11 + 1]! * fu) * fv;
      const sx = x + (mh - 128) * hs,
        sy = y + (mv - 128) * vs;
      const fx = Math.floor(sx),
        fy = Math.floor(sy);
      const tx = sx - fx,
        ty = sy - fy;
      const xa = fix(fx, W),
        xb = fix(fx + 1, W),
        ya = fix(fy, H) * W,
        yb = fix(fy + 1, H) * W;
      // Bilinear on premultiplied colour: the four neighbours' weights times their alpha.
      const qa = (ya + xa) * 4,
        qb = (ya + xb) * 4,
        qc = (yb + xa) * 4,
        qd = (yb + xb) * 4;
      const wa = (1 - tx) * (1 - ty) * d[qa + 3]!,
        wb = tx * (1 - ty) * d[qb + 3]!;
      const wc = (1 - tx) * ty * d[qc + 3]!,
        wd = tx * ty * d[qd + 3]!;
      const a = wa + wb + wc + wd;
      if (a < 0.5) continue;
      const q = (y * W + x) * 4;
      od[q] = Math.round((wa * d[qa]! + wb * d[qb]! + wc * d[qc]! + wd * d[qd]!) / a);
      od[q + 1] = Math.round((wa * d[qa + 1]! + wb * d[qb + 1]! + wc * d[qc + 1]! + wd * d[qd + 1]!) / a);
      od[q + 2] = Math.round((wa * d[qa + 2]! + wb * d[qb + 2]! + wc * d[qc + 2]! + wd * d[qd + 2]!) / a);
      od[q + 3] = Math.round(a);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fading a filter's result (its opacity and blend mode) and the filter mask

type Separable = (b: number, s: number) => number;

/** W3C compositing's separable blend functions, on 0..1 values (b: the unfiltered layer, s: the filter's output). */
const SEPARABLE: Partial<Record<BlendMode, Separable>> = {
  multiply: (b, s) => b * s,
  screen: (b, s) => b + s - b * s,
  darken: Math.min,
  lighten: Math.max,
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
  overlay: (b, s) => hardLight(s, b),
  'hard light': (b, s) => hardLight(b, s),
  'soft light': (b, s) => {
    if (s <= 0.5) return b - (1 - 2 * s) * b * (1 - b);
    const dd = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
    return b + (2 * s - 1) * (dd - b);
  },
  'color dodge': (b, s) => (b === 0 ? 0 : s >= 1 ? 1 : Math.min(1, b / (1 - s))),
  'color burn': (b, s) => (b >= 1 ? 1 : s <= 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
  'linear dodge': (b, s) => Math.min(1, b + s),
  'linear burn': (b, s) => Math.max(0, b + s - 1),
  subtract: (b, s) => Math.max(0, b - s),
  divide: (b, s) => (s <= 0 ? (b > 0 ? 1 : 0) : Math.min(1, b / s)),
};

function hardLight(b: number, s: number): number {
  return s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1);
}

/**
 * The filter's output blended onto its input by the filter's blend mode and opacity, as
 * Photoshop's smart-filter blending options do. Normal is a premultiplied mix by opacity (100 %
 * gives the output exactly, 0 % the input). The separable modes blend colours by the W3C formulas
 * where the input is present, keep the output's alpha, and then mix by opacity; other modes are
 * warned about and blended as normal.
 */
function fade(input: Raster, output: Raster, f: Filter, ctx: SmartFilterContext): Raster {
  const opacity = Math.min(1, Math.max(0, f.opacity ?? 1));
  const mode = f.blendMode ?? 'normal';
  let src = output;
  if (mode !== 'normal' && mode !== 'pass through') {
    const fn = SEPARABLE[mode];
    if (!fn) ctx.warn(`Smart filter ${filterLabel(f)}: blend mode "${mode}" is not supported; blended as normal`);
    else src = blendSeparable(input, output, fn);
  }
  return opacity >= 1 ? src : mixPremultiplied(input, src, opacity);
}

function blendSeparable(base: Raster, top: Raster, fn: Separable): Raster {
  const out = cloneRaster(top);
  const b = base.data,
    o = out.data;
  for (let i = 0; i < o.length; i += 4) {
    const ab = b[i + 3]! / 255;
    if (ab === 0 || o[i + 3] === 0) continue;
    for (let c = 0; c < 3; c++) {
      const cs = o[i + c]! / 255,
        cb = b[i + c]! / 255;
      o[i + c] = Math.round(((1 - ab) * cs + ab * fn(cb, cs)) * 255);
    }
  }
  return out;
}

/** (1 - t) a + t b on premultiplied colour and alpha; t = amount, times mask/255 per pixel when a mask is given. */
function mixPremultiplied(a: Raster, b: Raster, amount: number, mask?: Uint8Array | Uint8ClampedArray): Raster {
  const out = createRaster(a.width, a.height);
  const A = a.data,
    B = b.data,
    O = out.data;
  for (let i = 0, p = 0; i < O.length; i += 4, p++) {
    const t = mask ? (amount * mask[p]!) / 255 : amount;
    const aa = A[i + 3]!,
      ab = B[i + 3]!;
    const alpha = aa + (ab - aa) * t;
    if (alpha <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const pa = A[i + c]! * aa,
        pb = B[i + c]! * ab;
      O[i + c] = Math.round((pa + (pb - pa) * t) / alpha);
    }
    O[i + 3] = Math.round(alpha);
  }
  return out;
}
