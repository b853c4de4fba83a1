/**
 * Separable Gaussian and box blurs of one float plane, edges extended (the nearest pixel repeats).
 *
 * Photoshop's Gaussian Blur "radius" is the Gaussian's standard deviation: sigma = radius, in
 * pixels. That is the relation ImageJ documents for its own Gaussian Blur ("Sigma is the radius
 * of decay to exp(-0.5) ~ 61%, i.e. the standard deviation of the Gaussian; this is the same as
 * in Photoshop").
 *
 * Two ways to get there, chosen by sigma:
 * - sigma <= EXACT_SIGMA_LIMIT: the sampled Gaussian, truncated at 4 sigma (the tail left out is
 *   under 0.01 % of the weight) and normalised, convolved along rows then columns (columns a
 *   whole row at a time, so memory is read in order).
 * - larger sigma: BOX_PASSES extended box filters (Gwosdek et al. 2011: a box with fractional end
 *   taps, so the passes' variances add up to sigma^2 exactly), whose cost does not grow with
 *   sigma. Three boxes, the usual shortcut, miss the true Gaussian by up to 2.5 levels (of 255)
 *   on a hard edge; eight stay within 0.9 levels (measured on a 0..255 step for sigma 3..30),
 *   which is why eight are used. Above sigma 3 the eight passes also cost less than the kernel.
 */

export const EXACT_SIGMA_LIMIT = 3;
export const BOX_PASSES = 8;

interface BoxPass {
  r: number;
  alpha: number;
}

/** One extended box with variance v: integer half-width r plus end taps of weight alpha. */
function extendedBox(v: number): BoxPass {
  const r = Math.max(0, Math.floor(0.5 * Math.sqrt(12 * v + 1) - 0.5));
  const L = 2 * r + 1;
  const alpha = (L * (v - (r * (r + 1)) / 3)) / (2 * ((r + 1) * (r + 1) - v));
  return { r, alpha: Math.max(0, alpha) };
}

/** The sampled, normalised Gaussian for sigma, half-width ceil(4 sigma). */
export function gaussianKernel(sigma: number): Float64Array {
  const R = Math.max(1, Math.ceil(4 * sigma));
  const k = new Float64Array(2 * R + 1);
  let total = 0;
  for (let i = -R; i <= R; i++) {
    const w = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i + R] = w;
    total += w;
  }
  for (let i = 0; i < k.length; i++) k[i]! /= total;
  return k;
}

/** How far (pixels) a blur of this sigma reaches: pixels further than this from any content stay empty. */
export function gaussianReach(sigma: number): number {
  if (!(sigma > 0)) return 0;
  if (sigma <= EXACT_SIGMA_LIMIT) return Math.max(1, Math.ceil(4 * sigma));
  const { r } = extendedBox((sigma * sigma) / BOX_PASSES);
  return BOX_PASSES * (r + 1);
}

/**
 * Copies the row at `o` into `pad` with `margin` copies of its end values on each side; false
 * when the row is flat, since empty or flat rows (most of a layer's transparent surroundings)
 * blur to themselves and can be skipped.
 */
function padRow(plane: Float32Array, o: number, w: number, pad: Float64Array, margin: number): boolean {
  const first = plane[o]!,
    last = plane[o + w - 1]!;
  let constant = true;
  for (let x = 0; x < w; x++) {
    const v = plane[o + x]!;
    pad[margin + x] = v;
    if (v !== first) constant = false;
  }
  if (constant) return false;
  for (let i = 0; i < margin; i++) {
    pad[i] = first;
    pad[w + margin + i] = last;
  }
  return true;
}

/**
 * Rows: each row is read into a buffer padded with its end values, convolved with the sampled
 * kernel, and written back.
 */
function kernelRows(plane: Float32Array, w: number, h: number, kernel: Float64Array): void {
  const R = (kernel.length - 1) >> 1;
  const pad = new Float64Array(w + 2 * R);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    if (!padRow(plane, o, w, pad, R)) continue;
    // The kernel is symmetric: pair the taps either side of the centre.
    const k0 = kernel[R]!;
    for (let x = 0; x < w; x++) {
      const c = x + R;
      let s = k0 * pad[c]!;
      for (let j = 1; j <= R; j++) s += kernel[R + j]! * (pad[c - j]! + pad[c + j]!);
      plane[o + x] = s;
    }
  }
}

/**
 * Columns, a whole row at a time so that memory is read in order: output row y is the kernel's
 * weighted sum of input rows y - R .. y + R, rows past the top and bottom repeating the edge row.
 */
function kernelColumns(plane: Float32Array, w: number, h: number, kernel: Float64Array, out: Float32Array): void {
  const R = (kernel.length - 1) >> 1;
  const acc = new Float64Array(w);
  const row = (y: number) => (y < 0 ? 0 : y >= h ? h - 1 : y) * w;
  for (let y = 0; y < h; y++) {
    const k0 = kernel[R]!,
      oc = y * w;
    for (let x = 0; x < w; x++) acc[x] = k0 * plane[oc + x]!;
    for (let j = 1; j <= R; j++) {
      const wk = kernel[R + j]!,
        up = row(y - j),
        down = row(y + j);
      for (let x = 0; x < w; x++) acc[x]! += wk * (plane[up + x]! + plane[down + x]!);
    }
    const o = y * w;
    for (let x = 0; x < w; x++) out[o + x] = acc[x]!;
  }
  plane.set(out.subarray(0, w * h));
}

/** One extended-box pass along every row, ends repeating. */
function boxRows(plane: Float32Array, w: number, h: number, { r, alpha }: BoxPass): void {
  const P = r + 1;
  const pad = new Float64Array(w + 2 * P);
  const W = 2 * r + 1 + 2 * alpha;
  for (let y = 0; y < h; y++) {
    const o = y * w;
    if (!padRow(plane, o, w, pad, P)) continue;
    // Window sum over pad[x + 1 .. x + 2r + 1] (centred on pad[x + P]), slid one step at a time.
    let s = 0;
    for (let i = 1; i <= 2 * r + 1; i++) s += pad[i]!;
    for (let x = 0; x < w; x++) {
      plane[o + x] = (s + alpha * (pad[x]! + pad[x + 2 * P]!)) / W;
      s += pad[x + 2 * r + 2]! - pad[x + 1]!;
    }
  }
}

/** One extended-box pass down every column, a row at a time; rows past the edges repeat the edge row. */
function boxColumns(plane: Float32Array, w: number, h: number, { r, alpha }: BoxPass, out: Float32Array): void {
  const W = 2 * r + 1 + 2 * alpha;
  const row = (y: number) => (y < 0 ? 0 : y >= h ? h - 1 : y) * w;
  const s = new Float64Array(w);
  for (let j = -r; j <= r; j++) {
    const o = row(j);
    for (let x = 0; x < w; x++) s[x]! += plane[o + x]!;
  }
  for (let y = 0; y < h; y++) {
    const above = row(y - r - 1),
      below = row(y + r + 1),
      leaving = row(y - r),
      o = y * w;
    for (let x = 0; x < w; x++) {
      out[o + x] = (s[x]! + alpha * (plane[above + x]! + plane[below + x]!)) / W;
      s[x]! += plane[below + x]! - plane[leaving + x]!;
    }
  }
  plane.set(out.subarray(0, w * h));
}

/** Gaussian blur (standard deviation sigma, pixels) of a w x h plane, in place. */
export function gaussianBlurPlane(plane: Float32Array, w: number, h: number, sigma: number, scratch?: Float32Array): void {
  if (!(sigma > 0) || w === 0 || h === 0) return;
  const tmp = scratch && scratch.length >= w * h ? scratch : new Float32Array(w * h);
  if (sigma <= EXACT_SIGMA_LIMIT) {
    const kernel = gaussianKernel(sigma);
    kernelRows(plane, w, h, kernel);
    kernelColumns(plane, w, h, kernel, tmp);
    return;
  }
  const pass = extendedBox((sigma * sigma) / BOX_PASSES);
  for (let i = 0; i < BOX_PASSES; i++) boxRows(plane, w, h, pass);
  for (let i = 0; i < BOX_PASSES; i++) boxColumns(plane, w, h, pass, tmp);
}

/**
 * Box blur of a w x h plane, in place: the mean over a (2 radius + 1)-pixel square, a fractional
 * radius weighting the outermost row and column by its fraction.
 */
export function boxBlurPlane(plane: Float32Array, w: number, h: number, radius: number, scratch?: Float32Array): void {
  if (!(radius > 0) || w === 0 || h === 0) return;
  const tmp = scratch && scratch.length >= w * h ? scratch : new Float32Array(w * h);
  const r = Math.floor(radius);
  boxRows(plane, w, h, { r, alpha: radius - r });
  boxColumns(plane, w, h, { r, alpha: radius - r }, tmp);
}

/** How far a box blur of this radius reaches. */
export function boxReach(radius: number): number {
  return radius > 0 ? Math.ceil(radius) : 0;
}
