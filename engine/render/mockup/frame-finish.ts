/**
 * The last steps of a mockup on the CPU, on premultiplied RGBA bytes: part overlays (a view's
 * sheen, soles, zips) blended over the composite, then the composite flattened over the
 * background. They are the GPU's own formulas (the NONE and MULTIPLY variants of
 * shaders/blend.frag.glsl with the part sampled over the whole output, then shaders/copy.frag.glsl),
 * worked out in integers: each is an exact multiple of 1/255, so rounding it as the GPU's 8-bit
 * store does gives the GPU's byte. Where WebGL runs on the CPU each of those passes costs a whole
 * frame's fragments (30-40 ms for a 1600 px mockup on SwiftShader); here a part touches only its
 * own covered pixels.
 */
import type { PixelRect } from '../../gl/targets.ts';

/** Part blend codes: 6 multiplies (shadows), 7 lays the part over (ornaments). */
export type PartMode = 6 | 7;

/** round(x / 255) for 0 <= x <= 255 * 255, exactly (255 is odd, so no value falls on a half). */
export const div255 = (x: number): number => {
  const t = x + 128;
  return (t + (t >> 8)) >> 8;
};

/**
 * Blends `part` (premultiplied, the output's size) over `pixels` (premultiplied) inside `rect`.
 * `pixels` holds `rect` alone when `pixelsRect` is that rect, or the whole output (`width` px wide)
 * when it is the output's. Under NONE: o = s + d (1 - as); under MULTIPLY (W3C, premultiplied):
 * o = s (1 - ad) + d (1 - as) + s d, ao = as + ad - as ad.
 */
export function blendPart(
  pixels: Uint8ClampedArray,
  pixelsRect: PixelRect,
  part: Uint8Array | Uint8ClampedArray,
  width: number,
  mode: PartMode,
  rect: PixelRect,
): void {
  // Whole pixels as words (RGBA little-endian: R in the low byte), read and written once each.
  const src = new Uint32Array(part.buffer, part.byteOffset, part.length >> 2);
  const dst = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2);
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    let s = y * width + rect.x;
    let d = (y - pixelsRect.y) * pixelsRect.width + (rect.x - pixelsRect.x);
    const end = s + rect.width;
    // One loop per mode: the mode does not change along a row.
    if (mode === 7) {
      for (; s < end; s++, d++) {
        const p = src[s] as number;
        const sa = p >>> 24;
        // A transparent part leaves the composite as it is (its colour is 0 too: premultiplied).
        if (sa === 0) continue;
        if (sa === 255) {
          dst[d] = p;
          continue;
        }
        const w = dst[d] as number;
        const k = 255 - sa;
        const r = (p & 255) + div255((w & 255) * k);
        const g = ((p >>> 8) & 255) + div255(((w >>> 8) & 255) * k);
        const b = ((p >>> 16) & 255) + div255(((w >>> 16) & 255) * k);
        dst[d] = (r | (g << 8) | (b << 16) | ((sa + div255((w >>> 24) * k)) << 24)) >>> 0;
      }
    } else {
      for (; s < end; s++, d++) {
        const p = src[s] as number;
        const sa = p >>> 24;
        if (sa === 0) continue;
        const w = dst[d] as number;
        const sr = p & 255;
        const sg = (p >>> 8) & 255;
        const sb = (p >>> 16) & 255;
        const dr = w & 255;
        const dg = (w >>> 8) & 255;
        const db = (w >>> 16) & 255;
        const da = w >>> 24;
        const ks = 255 - da;
        const kd = 255 - sa;
        // s (1 - ad) + d (1 - as) + s d never passes 255 * 255 for premultiplied colour (s <= as, d <= ad).
        const r = div255(sr * ks + dr * kd + sr * dr);
        const g = div255(sg * ks + dg * kd + sg * dg);
        const b = div255(sb * ks + db * kd + sb * db);
        dst[d] = (r | (g << 8) | (b << 16) | ((sa + da - div255(sa * da)) << 24)) >>> 0;
      }
    }
  }
}

/**
 * The smallest rect holding every pixel of `pixels` (`width` px wide) that is not (0, 0, 0, 0),
 * or null when there is none: where a part can change anything.
 */
export function paintedBox(pixels: Uint8Array | Uint8ClampedArray, width: number): PixelRect | null {
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2);
  const height = words.length / width;
  let x0 = width;
  let x1 = -1;
  let y0 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const span = paintedSpan(words, y * width, width);
    if (span === null) continue;
    if (y0 < 0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, span[0]);
    x1 = Math.max(x1, span[1]);
  }
  return y0 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * The first and last columns of the row of `width` pixels (as words) from `start` that are not
 * (0, 0, 0, 0), or null when the whole row is.
 */
export function paintedSpan(words: Uint32Array, start: number, width: number): [number, number] | null {
  let first = 0;
  while (first < width && words[start + first] === 0) first++;
  if (first === width) return null;
  let last = width - 1;
  while (words[start + last] === 0) last--;
  return [first, last];
}

/**
 * Flattens premultiplied `pixels` (holding `pixelsRect`) over `background` (premultiplied, 0..1)
 * inside `rect`, as the final copy does: c + bg (1 - ac). Over an opaque background the result is
 * opaque; over a transparent one ([0, 0, 0, 0]) the pixels are made straight (unpremultiplied) for
 * ImageData, as the copy does for outputs read back as pixels.
 */
export function flattenOver(
  pixels: Uint8ClampedArray,
  pixelsRect: PixelRect,
  background: readonly [number, number, number, number],
  rect: PixelRect = pixelsRect,
): void {
  const [br, bg, bb, ba] = background.map((c) => Math.round(c * 255)) as [number, number, number, number];
  if (ba !== 255 && (ba !== 0 || br !== 0 || bg !== 0 || bb !== 0)) throw new Error('flattenOver: the background is opaque or transparent');
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2);
  // Where nothing is (a cut-out's surroundings: most of a frame) the background shows alone.
  const bare = (br | (bg << 8) | (bb << 16) | 0xff000000) >>> 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    let i = (y - pixelsRect.y) * pixelsRect.width + (rect.x - pixelsRect.x);
    const end = i + rect.width;
    if (ba === 255) {
      for (; i < end; i++) {
        const w = words[i] as number;
        const a = w >>> 24;
        if (a === 255) continue;
        if (w === 0) {
          words[i] = bare;
          continue;
        }
        const k = 255 - a;
        const r = (w & 255) + div255(br * k);
        const g = ((w >>> 8) & 255) + div255(bg * k);
        const b = ((w >>> 16) & 255) + div255(bb * k);
        words[i] = (r | (g << 8) | (b << 16) | 0xff000000) >>> 0;
      }
    } else {
      for (; i < end; i++) {
        const w = words[i] as number;
        const a = w >>> 24;
        if (a === 255 || a === 0) continue;
        // Premultiplied colour never passes its alpha; min() keeps a channel in its byte regardless.
        const k = 255 / a;
        const r = Math.min(255, Math.round((w & 255) * k));
        const g = Math.min(255, Math.round(((w >>> 8) & 255) * k));
        const b = Math.min(255, Math.round(((w >>> 16) & 255) * k));
        words[i] = (r | (g << 8) | (b << 16) | (a << 24)) >>> 0;
      }
    }
  }
}
