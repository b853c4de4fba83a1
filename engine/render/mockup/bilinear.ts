/**
 * A picture enlarged on the CPU as the GPU's texture unit samples it over a whole output: bilinear
 * between the four texels around each output pixel's centre, edges clamped, on premultiplied
 * colour, rounded to 8 bits as a render target stores it. Measured against SwiftShader's own
 * sample of the demo catalogue's 1200 px pictures at 1600 and 1333 px: one level apart on at most
 * 0.24 % of the bytes, never more. Where WebGL runs on the CPU this spares the emulated GPU a pass
 * over the whole output and its readback (40-80 ms for 1600 px), which every render worker's GPU
 * work queues for, for work the worker's own thread does.
 */
import { div255, paintedSpan } from './frame-finish.ts';

/**
 * Straight RGBA (ImageData) made premultiplied, rounded: the texel values a premultiplied upload
 * holds. `out` may be `straight` itself (each pixel is read before it is written).
 */
export function premultiply(
  straight: Uint8ClampedArray,
  out: Uint8ClampedArray<ArrayBuffer> = new Uint8ClampedArray(straight.length),
): Uint8ClampedArray<ArrayBuffer> {
  if (out.length !== straight.length) throw new Error('premultiply: output size differs');
  const src = new Uint32Array(straight.buffer, straight.byteOffset, straight.length >> 2);
  const dst = new Uint32Array(out.buffer, out.byteOffset, out.length >> 2);
  for (let i = 0; i < src.length; i++) {
    const w = src[i] as number;
    const a = w >>> 24;
    // Opaque as it is; transparent is (0, 0, 0, 0) whatever colour it was stored with.
    if (a === 255) dst[i] = w;
    else if (a === 0) dst[i] = 0;
    else {
      const r = div255((w & 255) * a);
      const g = div255(((w >>> 8) & 255) * a);
      const b = div255(((w >>> 16) & 255) * a);
      dst[i] = (r | (g << 8) | (b << 16) | (a << 24)) >>> 0;
    }
  }
  return out;
}

/**
 * `src` (RGBA, `sw` x `sh`) resampled to `dw` x `dh`, bilinear at pixel centres with clamped edges:
 * the output pixel x reads the source at (x + 0.5) sw / dw - 0.5. Right for enlarging (and the
 * same size); a reduced picture is sampled from mipmaps on the GPU, which this does not make.
 * Transparent stretches (a part image's surroundings, a cut-out's) cost next to nothing: only the
 * output columns a source row's pixels that are not (0, 0, 0, 0) can reach are worked out.
 */
export function resizeBilinear(src: Uint8ClampedArray, sw: number, sh: number, dw: number, dh: number): Uint8ClampedArray<ArrayBuffer> {
  if (src.length !== sw * sh * 4) throw new Error('resizeBilinear: the pixels differ from their size');
  const out = new Uint8ClampedArray(dw * dh * 4);
  const words = new Uint32Array(src.buffer, src.byteOffset, sw * sh);
  const outWords = new Uint32Array(out.buffer);
  // Per output column: the byte offsets of its two source columns and the weight of the second.
  const left = new Int32Array(dw);
  const right = new Int32Array(dw);
  const fx = new Float64Array(dw);
  for (let x = 0; x < dw; x++) {
    const u = ((x + 0.5) * sw) / dw - 0.5;
    const i = Math.floor(u);
    left[x] = Math.min(sw - 1, Math.max(0, i)) * 4;
    right[x] = Math.min(sw - 1, Math.max(0, i + 1)) * 4;
    fx[x] = u - i;
  }
  // Each source row's output columns [from, to) that read one of its pixels holding anything
  // (one column of slack each side); from >= to for an empty row.
  const from = new Int32Array(sh).fill(dw);
  const to = new Int32Array(sh);
  for (let row = 0; row < sh; row++) {
    const span = paintedSpan(words, row * sw, sw);
    if (span === null) continue;
    const [c0, c1] = span;
    from[row] = Math.max(0, Math.floor(((c0 - 1 + 0.5) * dw) / sw - 0.5));
    to[row] = Math.min(dw, Math.ceil(((c1 + 1 + 0.5) * dw) / sw - 0.5) + 1);
  }
  // A source row is resampled across once, over its own columns and its neighbours': every output
  // row that reads it reads it with a neighbour, so within their union.
  const reach = (row: number): [number, number] => {
    let a = from[row] as number;
    let b = to[row] as number;
    for (const r of [row - 1, row + 1]) {
      if (r < 0 || r >= sh) continue;
      a = Math.min(a, from[r] as number);
      b = Math.max(b, to[r] as number);
    }
    return [a, b];
  };
  const rowWidth = dw * 4;
  let upper = new Float64Array(rowWidth);
  let lower = new Float64Array(rowWidth);
  let upperRow = -1;
  let lowerRow = -1;
  const across = (row: number, into: Float64Array): void => {
    const [a0, a1] = reach(row);
    const base = row * sw * 4;
    for (let x = a0, o = a0 * 4; x < a1; x++, o += 4) {
      const a = base + (left[x] as number);
      const b = base + (right[x] as number);
      const f = fx[x] as number;
      const g = 1 - f;
      into[o] = (src[a] as number) * g + (src[b] as number) * f;
      into[o + 1] = (src[a + 1] as number) * g + (src[b + 1] as number) * f;
      into[o + 2] = (src[a + 2] as number) * g + (src[b + 2] as number) * f;
      into[o + 3] = (src[a + 3] as number) * g + (src[b + 3] as number) * f;
    }
  };
  for (let y = 0; y < dh; y++) {
    const v = ((y + 0.5) * sh) / dh - 0.5;
    const j = Math.floor(v);
    const top = Math.min(sh - 1, Math.max(0, j));
    const bottom = Math.min(sh - 1, Math.max(0, j + 1));
    const x0 = Math.min(from[top] as number, from[bottom] as number);
    const x1 = Math.max(to[top] as number, to[bottom] as number);
    // Both rows empty: the output row stays transparent.
    if (x0 >= x1) continue;
    if (top !== upperRow) {
      if (top === lowerRow) {
        [upper, lower] = [lower, upper];
        lowerRow = -1;
      } else across(top, upper);
      upperRow = top;
    }
    if (bottom !== lowerRow) {
      across(bottom, lower);
      lowerRow = bottom;
    }
    const f = v - j;
    const g = 1 - f;
    for (let x = x0, k = x0 * 4, w = y * dw + x0; x < x1; x++, k += 4, w++) {
      // Rounded half up: the GPU rounds its (single precision) sample half to even, so a value
      // exactly on a half can land one level apart.
      const r = ((upper[k] as number) * g + (lower[k] as number) * f + 0.5) | 0;
      const gr = ((upper[k + 1] as number) * g + (lower[k + 1] as number) * f + 0.5) | 0;
      const b = ((upper[k + 2] as number) * g + (lower[k + 2] as number) * f + 0.5) | 0;
      const a = ((upper[k + 3] as number) * g + (lower[k + 3] as number) * f + 0.5) | 0;
      outWords[w] = (r | (gr << 8) | (b << 16) | (a << 24)) >>> 0;
    }
  }
  return out;
}
