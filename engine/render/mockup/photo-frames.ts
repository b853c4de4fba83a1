/**
 * The product photo at output size, tinted, kept on the CPU. Outside its layers' rects an opaque
 * view without part overlays is exactly the tinted photo, so a render draws and reads back only
 * the rect its layers cover and takes the rest from here. Reading a whole frame back is most of a
 * render's cost where WebGL runs on the CPU: on SwiftShader a 1200x1200 readback measured 40-78 ms
 * of a 140 ms bulk mockup with two render workers sharing the emulated GPU, and the tint pass
 * over the whole photo most of the rest.
 *
 * The untinted photo at output size comes from the GPU once per photo and size (`readPhoto`: the
 * GPU's own sampling of the photo, so the pixels are those a whole render has); the SKU colour is
 * applied here with the tint shader's formula (shaders/tint.frag.glsl): rgb = colour x luminance.
 * The CPU rounds in double precision where the GPU works in single, so a channel can come out one
 * level apart on a luminance that falls on a rounding edge.
 */
import { SourceCache } from '../../gl/resources.ts';
import { context2d } from './output.ts';

type Rgb = readonly [number, number, number];

/**
 * Untinted photos at output size kept at most, in bytes (a 1200x1200 photo is 5.8 MB, 8.6 with
 * its luminance).
 */
const PHOTO_BYTES = 48 * 1024 * 1024;
/** Tinted frames kept at most: the views and colours a designer shows at once. */
const MAX_FRAMES = 6;
/** Larger outputs are not kept (a print-size mockup is a one-off). */
const MAX_FRAME_PIXELS = 2048 * 2048;

/**
 * `photo` (opaque RGBA) tinted with `tint` (rgb 0..1), as the tint shader does: every channel is
 * the colour's times the photo's luminance 0.3 r + 0.59 g + 0.11 b. The luminance is an integer
 * in hundredths (30 r + 59 g + 11 b), so each channel is a table lookup. Null copies the photo.
 */
export function tintPhotoPixels(
  photo: Uint8ClampedArray,
  tint: Rgb | null,
  out: Uint8ClampedArray<ArrayBuffer> = new Uint8ClampedArray(photo.length),
): Uint8ClampedArray<ArrayBuffer> {
  if (out.length !== photo.length) throw new Error('tintPhotoPixels: output size differs from the photo');
  if (!tint) {
    out.set(photo);
    return out;
  }
  const table = tintTable(tint);
  // Whole pixels at a time; RGBA bytes read as one little-endian word (every browser engine's order).
  const src = new Uint32Array(photo.buffer, photo.byteOffset, photo.length >> 2);
  const dst = new Uint32Array(out.buffer, out.byteOffset, out.length >> 2);
  for (let i = 0; i < src.length; i++) {
    const p = src[i] as number;
    const l = 30 * (p & 255) + 59 * ((p >>> 8) & 255) + 11 * ((p >>> 16) & 255);
    dst[i] = ((table[l] as number) | (p & 0xff000000)) >>> 0;
  }
  return out;
}

/**
 * Each pixel's luminance in hundredths (30 r + 59 g + 11 b) of an opaque photo, or null when a
 * pixel is not opaque. Kept with the photo, it makes every colour's tint one lookup a pixel
 * (`tintLuminance`): a 1200 px photo in 1.5 ms against 2.8 from the RGBA pixels, in Chromium.
 */
export function photoLuminance(photo: Uint8ClampedArray): Uint16Array | null {
  const src = new Uint32Array(photo.buffer, photo.byteOffset, photo.length >> 2);
  const lum = new Uint16Array(src.length);
  for (let i = 0; i < src.length; i++) {
    const p = src[i] as number;
    if (p >>> 24 !== 255) return null;
    lum[i] = 30 * (p & 255) + 59 * ((p >>> 8) & 255) + 11 * ((p >>> 16) & 255);
  }
  return lum;
}

/** `tintPhotoPixels` of an opaque photo with a colour, from its luminance (`photoLuminance`). */
export function tintLuminance(
  lum: Uint16Array,
  tint: Rgb,
  out: Uint8ClampedArray<ArrayBuffer> = new Uint8ClampedArray(lum.length * 4),
): Uint8ClampedArray<ArrayBuffer> {
  if (out.length !== lum.length * 4) throw new Error('tintLuminance: output size differs from the photo');
  // Opaque alpha in every entry; signed words, so no conversion back from a double per pixel.
  const table = new Int32Array(tintTable(tint).buffer);
  for (let l = 0; l < table.length; l++) table[l] = (table[l] as number) | -16777216;
  const dst = new Int32Array(out.buffer, out.byteOffset, lum.length);
  for (let i = 0; i < lum.length; i++) dst[i] = table[lum[i] as number] as number;
  return out;
}

/**
 * For every luminance l in hundredths (0..25500), the tinted pixel's colour as one word: each
 * channel round(c x l / 100). One lookup per pixel instead of one per channel (three tables
 * competing for the cache): a 1200 px photo tinted in 3.4 ms instead of 5.5, measured back to back.
 */
function tintTable(tint: Rgb): Uint32Array {
  const levels = 255 * 100 + 1;
  const t = new Uint32Array(levels);
  const [r, g, b] = tint.map((c) => c / 100) as [number, number, number];
  for (let l = 0; l < levels; l++) {
    t[l] = Math.min(255, Math.round(r * l)) | (Math.min(255, Math.round(g * l)) << 8) | (Math.min(255, Math.round(b * l)) << 16);
  }
  return t;
}

/** A photo at output size as read back, and its luminance when it is opaque. */
interface UntintedPhoto {
  readonly pixels: Uint8ClampedArray;
  readonly lum: Uint16Array | null;
}

export class PhotoFrames {
  private readonly photos = new SourceCache<string, UntintedPhoto>(PHOTO_BYTES, () => {});
  private readonly frames = new SourceCache<string, OffscreenCanvas>(MAX_FRAMES, () => {});
  /** Frames drawn once: a second draw keeps the frame (one-off renders, a bulk run's, keep none). */
  private readonly seen = new Set<string>();
  /** Reused for frames drawn once, by size. */
  private scratch: ImageData | null = null;

  /** Whether an output of this size is drawn from here (larger ones are rendered whole). */
  static fits(width: number, height: number): boolean {
    return width * height <= MAX_FRAME_PIXELS;
  }

  /**
   * Draws the photo `photoKey` at the size of `ctx`'s canvas, tinted with `tint`, into `ctx`.
   * `readPhoto` reads the untinted photo at that size back from the GPU; it is called only when
   * this photo and size are not kept. Returns the tinted pixels when it made them (valid until the
   * next call), null when a kept frame was drawn.
   */
  draw(ctx: OffscreenCanvasRenderingContext2D, photoKey: string, tint: Rgb | null, readPhoto: () => ImageData): ImageData | null {
    const { width, height } = ctx.canvas;
    const sizeKey = `${photoKey}|${width}x${height}`;
    const key = `${sizeKey}|${tint?.join(',') ?? '-'}`;
    const kept = this.frames.get(key);
    if (kept) {
      ctx.drawImage(kept, 0, 0);
      return null;
    }
    const photo = this.untinted(sizeKey, width * height * 4, readPhoto);
    if (this.scratch?.width !== width || this.scratch.height !== height) this.scratch = new ImageData(width, height);
    if (tint && photo.lum) tintLuminance(photo.lum, tint, this.scratch.data);
    else tintPhotoPixels(photo.pixels, tint, this.scratch.data);
    ctx.putImageData(this.scratch, 0, 0);
    if (!this.seen.has(key)) {
      this.seen.add(key);
      // The keys seen once are only hints; keep that list short.
      if (this.seen.size > 4 * MAX_FRAMES) this.seen.clear();
      return this.scratch;
    }
    this.seen.delete(key);
    const canvas = new OffscreenCanvas(width, height);
    context2d(canvas).drawImage(ctx.canvas, 0, 0);
    this.frames.set(key, canvas, 1);
    return this.scratch;
  }

  clear(): void {
    this.photos.clear();
    this.frames.clear();
    this.seen.clear();
    this.scratch = null;
  }

  private untinted(sizeKey: string, bytes: number, readPhoto: () => ImageData): UntintedPhoto {
    const hit = this.photos.get(sizeKey);
    if (hit) return hit;
    const pixels = readPhoto().data;
    if (pixels.length !== bytes) throw new Error(`photo frame: read ${pixels.length} bytes, expected ${bytes}`);
    const photo = { pixels, lum: photoLuminance(pixels) };
    this.photos.set(sizeKey, photo, bytes + (photo.lum?.byteLength ?? 0));
    return photo;
  }
}
