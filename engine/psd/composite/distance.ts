/**
 * Shapes grown and shrunk by a radius, for layer effects (stroke, spread, choke): an exact
 * Euclidean distance transform of the shape thresholded at half coverage, softened back to
 * antialiased coverage at the new edge.
 */

/** "No inside pixel": large, yet small enough that float64 keeps q^2 differences next to it. */
const FAR = 1e10;

/** One row or column: squared distances of a sampled function f (Felzenszwalb & Huttenlocher 2012). */
function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let p = v[k]!;
    let s = (f[q]! + q * q - (f[p]! + p * p)) / (2 * q - 2 * p);
    // z[0] is -Infinity, so k never goes below 0.
    while (s <= z[k]!) {
      k--;
      p = v[k]!;
      s = (f[q]! + q * q - (f[p]! + p * p)) / (2 * q - 2 * p);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    const p = v[k]!;
    d[q] = (q - p) * (q - p) + f[p]!;
  }
}

/**
 * Squared distance (in pixels, centre to centre) from every pixel of a w x h grid to the nearest
 * pixel where `inside` is non-zero; about 1e10 where there is none.
 */
export function distanceSquared(inside: Uint8Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const cols = new Float64Array(w * h);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = inside[y * w + x] ? 0 : FAR;
    edt1d(f, h, d, v, z);
    for (let y = 0; y < h; y++) cols[y * w + x] = d[y]!;
  }
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) f[x] = cols[o + x]!;
    edt1d(f, w, d, v, z);
    for (let x = 0; x < w; x++) out[o + x] = d[x]!;
  }
  return out;
}

/**
 * The shape `a` (coverage 0..1 over a w x h grid) grown by `radius` pixels: 1 inside the shape and
 * within radius of its edge, with an antialiased outer edge. The edge of a pixel outside the
 * shape lies at its distance to the nearest inside pixel minus half a pixel (or less, for a pixel
 * the shape already partly covers).
 */
export function dilatePlane(a: Float32Array, w: number, h: number, radius: number): Float32Array {
  const out = new Float32Array(a.length);
  if (!(radius > 0)) {
    out.set(a);
    return out;
  }
  const inside = new Uint8Array(a.length);
  let any = false;
  for (let i = 0; i < a.length; i++)
    if (a[i]! >= 0.5) {
      inside[i] = 1;
      any = true;
    }
  if (!any) {
    // Nothing at least half covered: grow the faint coverage as it is.
    for (let i = 0; i < a.length; i++) out[i] = a[i]! > 0 ? Math.min(1, a[i]! * (1 + 2 * radius)) : 0;
    return out;
  }
  const dsq = distanceSquared(inside, w, h);
  for (let i = 0; i < a.length; i++) {
    if (inside[i]) {
      out[i] = 1;
      continue;
    }
    // Half a pixel from the nearest inside pixel's centre, less what this pixel already covers.
    const edge = Math.sqrt(dsq[i]!) - 0.5 - a[i]!;
    const c = radius + 0.5 - edge;
    out[i] = c <= a[i]! ? a[i]! : c >= 1 ? 1 : c;
  }
  return out;
}

/** The shape shrunk by `radius` pixels: 1 - dilate(1 - a). */
export function erodePlane(a: Float32Array, w: number, h: number, radius: number): Float32Array {
  const inv = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) inv[i] = 1 - a[i]!;
  const d = dilatePlane(inv, w, h, radius);
  for (let i = 0; i < d.length; i++) d[i] = 1 - d[i]!;
  return d;
}
