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
  const src = new Uint32Array(part.buffer, part.byteOffset, part.length >> 2);
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    let s = y * width + rect.x;
    let d = ((y - pixelsRect.y) * pixelsRect.width + (rect.x - pixelsRect.x)) * 4;
    for (let n = rect.width; n > 0; n--, s++, d += 4) {
      const p = src[s] as number;
      const sa = p >>> 24;
      // A transparent part leaves the composite as it is (its colour is 0 too: premultiplied).
      if (sa === 0) continue;
      const sr = p & 255;
      const sg = (p >>> 8) & 255;
      const sb = (p >>> 16) & 255;
      if (mode === 7) {
        if (sa === 255) {
          pixels[d] = sr;
          pixels[d + 1] = sg;
          pixels[d + 2] = sb;
          pixels[d + 3] = 255;
          continue;
        }
        const k = 255 - sa;
        pixels[d] = sr + div255((pixels[d] as number) * k);
        pixels[d + 1] = sg + div255((pixels[d + 1] as number) * k);
        pixels[d + 2] = sb + div255((pixels[d + 2] as number) * k);
        pixels[d + 3] = sa + div255((pixels[d + 3] as number) * k);
      } else {
        const dr = pixels[d] as number;
        const dg = pixels[d + 1] as number;
        const db = pixels[d + 2] as number;
        const da = pixels[d + 3] as number;
        const ks = 255 - da;
        const kd = 255 - sa;
        // s (1 - ad) + d (1 - as) + s d never passes 255 * 255 for premultiplied colour (s <= as, d <= ad).
        pixels[d] = div255(sr * ks + dr * kd + sr * dr);
        pixels[d + 1] = div255(sg * ks + dg * kd + sg * dg);
        pixels[d + 2] = div255(sb * ks + db * kd + sb * db);
        pixels[d + 3] = sa + da - div255(sa * da);
      }
    }
  }
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
    for (let n = rect.width; n > 0; n--, i++) {
      const w = words[i] as number;
      const a = w >>> 24;
      if (a === 255) continue;
      const d = i * 4;
      if (ba === 255) {
        if (w === 0) {
          words[i] = bare;
          continue;
        }
        const k = 255 - a;
        pixels[d] = (pixels[d] as number) + div255(br * k);
        pixels[d + 1] = (pixels[d + 1] as number) + div255(bg * k);
        pixels[d + 2] = (pixels[d + 2] as number) + div255(bb * k);
        pixels[d + 3] = 255;
      } else if (a !== 0) {
        const k = 255 / a;
        pixels[d] = Math.round((pixels[d] as number) * k);
        pixels[d + 1] = Math.round((pixels[d + 1] as number) * k);
        pixels[d + 2] = Math.round((pixels[d + 2] as number) * k);
      }
    }
  }
}
