/**
 * Checks an uploaded image by decoding it and derives the copies the product needs: the editor
 * copy (at most 1200x1200) and the 120x120 thumbnail.
 *
 * Decompression bombs: a small file can declare a huge picture (a 1.2 MB PNG of 20000x20000
 * decodes to 1.6 GB of RGBA). Every picture from outside is measured from its header first
 * (no pixels decoded) and refused above MAX_INPUT_PIXELS with a clear message; sharp's own
 * limitInputPixels stays on as the second guard while decoding.
 */
import sharp, { type Sharp } from 'sharp';
import type { ImageMime } from '../platform/image-sniff';
import { AppError } from '../platform/envelope';

export const EDIT_LIMIT = 1200;
export const THUMB_SIZE = 120;
/** The largest picture the server decodes: 50 megapixels (8660x5773, an 8.5x11 inch print file at 600 dpi is 33.7). */
export const MAX_INPUT_PIXELS = 50_000_000;
export const IMAGE_TOO_LARGE = 'The picture is too large (at most 50 megapixels)';

export class ImageTooLargeError extends AppError {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(IMAGE_TOO_LARGE);
    this.name = 'ImageTooLargeError';
  }
}

export interface ProcessedImage {
  width: number;
  height: number;
  /** null when the original already fits the editor limit. */
  edit: Buffer | null;
  thumbnail: Buffer;
}

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * The size a PNG or JPEG declares in its header (PNG: IHDR, the first chunk; JPEG: the first
 * start-of-frame segment), read from the bytes alone: no decoder runs, so no amount of pixel
 * data behind the header costs anything. null when there is no such header.
 */
export function declaredSize(body: Buffer): { width: number; height: number } | null {
  if (body.length >= 24 && body.readUInt32BE(0) === 0x89504e47 && body.toString('latin1', 12, 16) === 'IHDR') {
    return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
  }
  if (body.length >= 4 && body[0] === 0xff && body[1] === 0xd8) {
    let i = 2;
    while (i + 3 < body.length) {
      if (body[i] !== 0xff) return null;
      const marker = body[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      } // fill byte
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan data before any frame header
      const length = body.readUInt16BE(i + 2);
      if (JPEG_SOF.has(marker)) return i + 8 < body.length ? { height: body.readUInt16BE(i + 5), width: body.readUInt16BE(i + 7) } : null;
      i += 2 + length;
    }
  }
  return null;
}

/**
 * The picture's size as its header declares it, read before anything is decoded; throws
 * ImageTooLargeError above MAX_INPUT_PIXELS and a plain Error when there is no readable size.
 */
export async function checkImageSize(body: Buffer): Promise<{ width: number; height: number }> {
  // Another format sharp reads: its metadata() (which reads headers, not pixels) tells the size.
  const size: { width: number; height: number } =
    declaredSize(body) ??
    (await sharp(body, { limitInputPixels: false })
      .metadata()
      .then((m) => ({ width: m.width ?? 0, height: m.height ?? 0 })));
  if (!size.width || !size.height) throw new Error('image has no size');
  // Only the first page of a multi-page picture is ever decoded (sharp's default).
  if (size.width * size.height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(size.width, size.height);
  return size;
}

/** sharp's pixel-limit refusal, should a header have under-stated the size. */
const isPixelLimitError = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

export async function processImage(body: Buffer, mime: ImageMime): Promise<ProcessedImage> {
  const declared = await checkImageSize(body);
  // sharp's pixel limit guards the decode too; failOn 'error' refuses broken files.
  const image = sharp(body, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  try {
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? declared.width;
    const height = meta.autoOrient?.height ?? meta.height ?? declared.height;
    const encode = (s: Sharp) => (mime === 'image/png' ? s.png({ compressionLevel: 8 }) : s.jpeg({ quality: 90, mozjpeg: true }));
    const edit =
      width > EDIT_LIMIT || height > EDIT_LIMIT
        ? await encode(image.clone().resize(EDIT_LIMIT, EDIT_LIMIT, { fit: 'inside' })).toBuffer()
        : null;
    const thumbnail = await encode(image.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside' })).toBuffer();
    return { width, height, edit, thumbnail };
  } catch (err) {
    if (isPixelLimitError(err)) throw new ImageTooLargeError(declared.width, declared.height);
    throw err;
  }
}
