/**
 * A 2x2 box pyramid with every level rounded to 8 bits half up, (a + b + c + d + 2) >> 2, as
 * Photoshop reduces a warped smart object's texture before drawing it: its reduced warps come out
 * brighter than their source by what that rounding adds (about a quarter level at the second
 * level of a textured source), and sharper than a flat resampled straight to the drawn size.
 */

/** Side of the next level: an odd side keeps its last texel, averaged with itself. */
export function halfSide(side: number): number {
  return Math.max(1, Math.ceil(side / 2));
}

/**
 * One level down, RGBA 8 bits straight. Colour is averaged weighted by alpha (premultiplied), so
 * transparent texels, whatever colour they hold, do not darken an edge; for opaque texels that
 * is exactly the half-up box mean. An odd last row or column is averaged with itself.
 */
export function halfUpLevel(
  src: Uint8ClampedArray<ArrayBuffer>,
  width: number,
  height: number,
): { data: Uint8ClampedArray<ArrayBuffer>; width: number; height: number } {
  const w = halfSide(width);
  const h = halfSide(height);
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const y0 = Math.min(2 * y, height - 1);
    const y1 = Math.min(2 * y + 1, height - 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.min(2 * x, width - 1);
      const x1 = Math.min(2 * x + 1, width - 1);
      const taps = [(y0 * width + x0) * 4, (y0 * width + x1) * 4, (y1 * width + x0) * 4, (y1 * width + x1) * 4];
      let a = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (const i of taps) {
        const ai = src[i + 3]!;
        a += ai;
        r += src[i]! * ai;
        g += src[i + 1]! * ai;
        b += src[i + 2]! * ai;
      }
      const o = (y * w + x) * 4;
      out[o + 3] = (a + 2) >> 2;
      if (a > 0) {
        out[o] = Math.floor(r / a + 0.5);
        out[o + 1] = Math.floor(g / a + 0.5);
        out[o + 2] = Math.floor(b / a + 0.5);
      }
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * The most a warp enlarges the level it reads. Photoshop's 1024 px sources drawn at 300 px read
 * the 256 px level (1.17x; the 512 px or 128 px level are far off its pixels), and a 1080 px
 * source drawn at 707 px reads the full size, not the 540 px level (1.31x): so between 1.17 and
 * 1.31, and the flats' usual oversampling, 1.25, lies there.
 */
export const PYRAMID_ENLARGE = 1.25;

/**
 * Which level a warp draws from: the coarsest whose side is at least 1/PYRAMID_ENLARGE of the
 * layer's drawn side (`reduction`: drawn px per source px, the layer's longest on-photo side over
 * the source's).
 */
export function pyramidLevel(reduction: number): number {
  if (!(reduction > 0) || reduction >= 1) return 0;
  return Math.max(0, Math.floor(Math.log2(PYRAMID_ENLARGE / reduction)));
}

/** RGBA rows reversed left to right. */
function mirrored(data: Uint8ClampedArray<ArrayBuffer>, width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      out.set(data.subarray(from, from + 4), (y * width + width - 1 - x) * 4);
    }
  }
  return out;
}

/**
 * `bitmap` reduced `levels` times by `halfUpLevel`. `mirror`: reduced as the mirrored image
 * (columns paired from the right, an odd column kept on the left) and mirrored back, as Photoshop
 * reduces a layer its placement mirrors.
 */
export async function pyramidBitmap(bitmap: ImageBitmap, levels: number, mirror = false): Promise<ImageBitmap> {
  if (levels <= 0) return bitmap;
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('pyramid: no 2D context');
  ctx.drawImage(bitmap, 0, 0);
  let level = { data: ctx.getImageData(0, 0, bitmap.width, bitmap.height).data, width: bitmap.width, height: bitmap.height };
  if (mirror) level = { ...level, data: mirrored(level.data, level.width, level.height) };
  for (let i = 0; i < levels && (level.width > 1 || level.height > 1); i++) level = halfUpLevel(level.data, level.width, level.height);
  if (mirror) level = { ...level, data: mirrored(level.data, level.width, level.height) };
  const image = new ImageData(level.data, level.width, level.height);
  return createImageBitmap(image);
}

/**
 * Where `levels` reductions of a width x height flat lie in the flat's uv: each texel is 2^levels
 * flat px, so an odd side's kept texel reaches past the flat (999 px, two levels: 250 texels,
 * 1000 px, uv 0..1000/999). Mirrored, the kept texel is on the left (uv -1/999..1). The same
 * loop as `pyramidBitmap`, so the span always matches the level drawn.
 */
export function pyramidSpan(
  width: number,
  height: number,
  levels: number,
  mirror = false,
): { x0: number; x1: number; y0: number; y1: number } {
  let w = width;
  let h = height;
  let n = 0;
  for (; n < levels && (w > 1 || h > 1); n++) {
    w = halfSide(w);
    h = halfSide(h);
  }
  const across = (w * 2 ** n) / width;
  const down = (h * 2 ** n) / height;
  return mirror ? { x0: 1 - across, x1: 1, y0: 0, y1: down } : { x0: 0, x1: across, y0: 0, y1: down };
}
