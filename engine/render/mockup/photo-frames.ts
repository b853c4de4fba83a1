/**
 * A view's frame outside its layers, made and kept on the CPU: the product photo at output size,
 * tinted, with the view's part overlays over it, flattened over the background. Outside its
 * layers' rects a mockup is exactly that, so a render draws and reads back only the rect its
 * layers cover and takes the rest from here; that rect's composite is finished here too (parts
 * and background, frame-finish.ts). Whole-frame passes are most of a render's cost where WebGL
 * runs on the CPU: on SwiftShader a 1200x1200 readback measured 40-78 ms of a 140 ms bulk mockup
 * with two render workers sharing the emulated GPU, and the tint pass over the whole photo most of
 * the rest; for a 1600 px view of a cut-out photo with two parts the tint, the parts and the
 * flattening took 150 ms of 190.
 *
 * The untinted photo at output size comes from the GPU once per photo and size (`readPhoto`: the
 * GPU's own sampling of the photo, so the pixels are those a whole render has); the SKU colour is
 * applied here with the tint shader's formula (shaders/tint.frag.glsl): rgb = colour x luminance.
 * The CPU rounds in double precision where the GPU works in single, so a channel can come out one
 * level apart on a luminance that falls on a rounding edge.
 */
import { SourceCache } from '../../gl/resources.ts';
import type { PixelRect } from '../../gl/targets.ts';
import { blendPart, flattenOver, paintedBox, type PartMode } from './frame-finish.ts';
import { intersectRects, rectsAround } from './tiles.ts';
import { context2d } from './output.ts';

type Rgb = readonly [number, number, number];
type Rgba = readonly [number, number, number, number];

/**
 * Untinted photos and parts at output size kept at most, in bytes (a 1200x1200 photo is 5.8 MB,
 * 8.6 with its luminance; a 1600 px view with two parts 38 MB).
 */
const PHOTO_BYTES = 64 * 1024 * 1024;
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

/** A photo's luminance per pixel, and its alpha where it is not opaque. */
export interface PhotoLuminance {
  /** 30 r + 59 g + 11 b of each pixel (its luminance in hundredths, from premultiplied colour). */
  readonly lum: Uint16Array;
  /** Each pixel's alpha, or null when every pixel is opaque. */
  readonly alpha: Uint8Array | null;
}

/**
 * Each pixel's luminance in hundredths (30 r + 59 g + 11 b) of a photo, and its alpha where any
 * pixel is not opaque. Kept with the photo, it makes every colour's tint one lookup a pixel
 * (`tintLuminance`): a 1200 px photo in 1.5 ms against 2.8 from the RGBA pixels, in Chromium.
 */
export function photoLuminance(photo: Uint8ClampedArray): PhotoLuminance {
  const src = new Uint32Array(photo.buffer, photo.byteOffset, photo.length >> 2);
  const lum = new Uint16Array(src.length);
  let opaque = true;
  for (let i = 0; i < src.length; i++) {
    const p = src[i] as number;
    if (p >>> 24 !== 255) opaque = false;
    lum[i] = 30 * (p & 255) + 59 * ((p >>> 8) & 255) + 11 * ((p >>> 16) & 255);
  }
  if (opaque) return { lum, alpha: null };
  const alpha = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i++) alpha[i] = (src[i] as number) >>> 24;
  return { lum, alpha };
}

/** `tintPhotoPixels` of a photo with a colour, from its luminance (`photoLuminance`). */
export function tintLuminance(
  { lum, alpha }: PhotoLuminance,
  tint: Rgb,
  out: Uint8ClampedArray<ArrayBuffer> = new Uint8ClampedArray(lum.length * 4),
): Uint8ClampedArray<ArrayBuffer> {
  if (out.length !== lum.length * 4) throw new Error('tintLuminance: output size differs from the photo');
  // Signed words, so no conversion back from a double per pixel.
  const table = new Int32Array(tintTable(tint).buffer);
  const dst = new Int32Array(out.buffer, out.byteOffset, lum.length);
  if (alpha) {
    for (let i = 0; i < lum.length; i++) dst[i] = (table[lum[i] as number] as number) | ((alpha[i] as number) << 24);
    return out;
  }
  // Opaque alpha in every entry.
  for (let l = 0; l < table.length; l++) table[l] = (table[l] as number) | -16777216;
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

/** A picture at output size as read back, and, for the photo, its luminance. */
interface UntintedPhoto {
  readonly pixels: Uint8ClampedArray;
  readonly lum: PhotoLuminance | null;
  /** A part's painted box (`paintedBox`): the pixels it can change. */
  readonly box: PixelRect | null;
}

/** A picture of the view at output size: `read` gives its premultiplied pixels as the GPU samples them. */
export interface FrameSource {
  /** Names the picture (not its size): equal keys are the same picture. */
  readonly key: string;
  read(): ImageData;
}

export interface FramePart extends FrameSource {
  readonly mode: PartMode;
}

/** What a view shows outside its layers. */
export interface FrameLook {
  readonly photo: FrameSource;
  /** The SKU colour (rgb 0..1), or null for the photo as it is. */
  readonly tint: Rgb | null;
  /** Part overlays, blended in this order over the photo and the layers. */
  readonly parts: readonly FramePart[];
  /** Premultiplied, 0..1: opaque, or [0, 0, 0, 0] for a picture that keeps its transparency. */
  readonly background: Rgba;
}

export interface DrawnFrame {
  /**
   * The tinted photo's premultiplied pixels, whole frame, when this draw made them (valid until the
   * next draw; the caller may blend its layers into them), or null when a kept frame was drawn.
   */
  readonly tinted: ImageData | null;
  /**
   * Whether a composite goes onto the canvas as it is: an opaque photo without parts, whose
   * composite is already the picture (`finish` changes nothing then).
   */
  readonly plain: boolean;
  /**
   * Finishes the composite of `rect` in place: the parts over it, then the background under it,
   * leaving pixels for `putImageData`. `pixels` (premultiplied) hold `pixelsRect`, which contains
   * `rect` (both output px).
   */
  finish(pixels: Uint8ClampedArray, pixelsRect: PixelRect, rect: PixelRect): void;
  /** The tinted photo's premultiplied pixels of output rows [y, y + height), whole rows, a copy. */
  photoRows(y: number, height: number): Uint8ClampedArray<ArrayBuffer>;
  /** The photo's alpha at each output pixel (one byte a pixel), or null where it is opaque throughout. */
  photoAlpha(): Uint8Array | null;
}

export class PhotoFrames {
  private readonly photos = new SourceCache<string, UntintedPhoto>(PHOTO_BYTES, () => {});
  private readonly frames = new SourceCache<string, OffscreenCanvas>(MAX_FRAMES, () => {});
  /** Frames drawn once: a second draw keeps the frame (one-off renders, a bulk run's, keep none). */
  private readonly seen = new Set<string>();
  /** Reused for frames drawn once, by size: the tinted photo, and the finished frame. */
  private scratch: ImageData | null = null;
  private finished: ImageData | null = null;

  /** Whether an output of this size is drawn from here (larger ones are rendered whole). */
  static fits(width: number, height: number): boolean {
    return width * height <= MAX_FRAME_PIXELS;
  }

  /**
   * Draws the view's frame at the size of `ctx`'s canvas into `ctx`. Its pictures are read
   * (`FrameSource.read`) only when this picture and size are not kept. `covered`: a rect the
   * caller will put its own finished pixels over; a frame drawn once (not kept) leaves it
   * unfinished rather than finishing it twice.
   */
  draw(ctx: OffscreenCanvasRenderingContext2D, look: FrameLook, covered: PixelRect | null = null): DrawnFrame {
    const { width, height } = ctx.canvas;
    const size = `${width}x${height}`;
    const parts = look.parts.map((p) => {
      const { pixels, box } = this.untinted(p, width, height, false);
      return { mode: p.mode, pixels, box };
    });
    const key = [
      size,
      look.photo.key,
      look.tint?.join(',') ?? '-',
      ...look.parts.map((p) => `${p.mode}:${p.key}`),
      look.background.join(','),
    ].join('|');
    // Read again should the cache have let it go since (a frame kept past its photo).
    const photo = (): UntintedPhoto => this.untinted(look.photo, width, height, true);
    const frame = (tinted: ImageData | null, plain: boolean): DrawnFrame => ({
      tinted,
      plain,
      finish: (pixels, pixelsRect, rect) => {
        for (const part of parts) {
          // Only where the part is painted: outside it every part pixel is transparent.
          const within = part.box && intersectRects(rect, part.box);
          if (within) blendPart(pixels, pixelsRect, part.pixels, width, part.mode, within);
        }
        flattenOver(pixels, pixelsRect, look.background, rect);
      },
      photoRows: (y, rows) => {
        const from = y * width;
        const to = (y + rows) * width;
        if (tinted) return tinted.data.slice(from * 4, to * 4);
        const { pixels, lum } = photo();
        const out = new Uint8ClampedArray((to - from) * 4);
        if (!look.tint || !lum) out.set(pixels.subarray(from * 4, to * 4));
        else tintLuminance({ lum: lum.lum.subarray(from, to), alpha: lum.alpha?.subarray(from, to) ?? null }, look.tint, out);
        return out;
      },
      photoAlpha: () => photo().lum?.alpha ?? null,
    });
    const kept = this.frames.get(key);
    if (kept) {
      ctx.drawImage(kept, 0, 0);
      // Whether the photo is opaque is known from its kept pixels; evicted, the frame counts as not plain.
      const known = this.photos.get(`${look.photo.key}|${size}|photo`);
      return frame(null, parts.length === 0 && !!known?.lum && !known.lum.alpha);
    }
    const { pixels, lum } = photo();
    // A frame seen once before is kept this time (a second draw of the same look).
    const keep = this.seen.has(key);
    if (this.scratch?.width !== width || this.scratch.height !== height) this.scratch = new ImageData(width, height);
    const tinted = this.scratch;
    if (look.tint && lum) tintLuminance(lum, look.tint, tinted.data);
    else tintPhotoPixels(pixels, look.tint, tinted.data);
    const drawn = frame(tinted, parts.length === 0 && lum !== null && lum.alpha === null);
    if (drawn.plain) ctx.putImageData(tinted, 0, 0);
    else {
      if (this.finished?.width !== width || this.finished.height !== height) this.finished = new ImageData(width, height);
      this.finished.data.set(tinted.data);
      const whole = { x: 0, y: 0, width, height };
      // A frame kept for later draws (seen before: kept below) is finished whole; its later users
      // may cover another rect.
      const rects = covered && !keep ? rectsAround(whole, covered) : [whole];
      for (const rect of rects) drawn.finish(this.finished.data, whole, rect);
      ctx.putImageData(this.finished, 0, 0);
    }
    if (!keep) {
      this.seen.add(key);
      // The keys seen once are only hints; keep that list short.
      if (this.seen.size > 4 * MAX_FRAMES) this.seen.clear();
      return drawn;
    }
    this.seen.delete(key);
    const canvas = new OffscreenCanvas(width, height);
    context2d(canvas).drawImage(ctx.canvas, 0, 0);
    this.frames.set(key, canvas, 1);
    return drawn;
  }

  clear(): void {
    this.photos.clear();
    this.frames.clear();
    this.seen.clear();
    this.scratch = null;
    this.finished = null;
  }

  /** `luminance`: whether the picture is the photo, tinted from its kept luminance. */
  private untinted(source: FrameSource, width: number, height: number, luminance: boolean): UntintedPhoto {
    const bytes = width * height * 4;
    const key = `${source.key}|${width}x${height}|${luminance ? 'photo' : 'part'}`;
    const hit = this.photos.get(key);
    if (hit) return hit;
    const pixels = source.read().data;
    if (pixels.length !== bytes) throw new Error(`photo frame: read ${pixels.length} bytes, expected ${bytes}`);
    const photo = { pixels, lum: luminance ? photoLuminance(pixels) : null, box: luminance ? null : paintedBox(pixels, width) };
    this.photos.set(key, photo, bytes + (photo.lum ? photo.lum.lum.byteLength + (photo.lum.alpha?.byteLength ?? 0) : 0));
    return photo;
  }
}
