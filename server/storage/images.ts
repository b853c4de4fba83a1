/**
 * Checks an uploaded image by decoding it and derives the copies the product needs: the editor
 * copy (at most 1200x1200, spec "upload downscale limit") and the 120x120 thumbnail.
 */
import sharp, { type Sharp } from 'sharp';
import type { ImageMime } from './sniff';

export const EDIT_LIMIT = 1200;
export const THUMB_SIZE = 120;

export interface ProcessedImage {
  width: number;
  height: number;
  /** null when the original already fits the editor limit. */
  edit: Buffer | null;
  thumbnail: Buffer;
}

export async function processImage(body: Buffer, mime: ImageMime): Promise<ProcessedImage> {
  // sharp's pixel limit guards against decompression bombs; failOn 'error' refuses broken files.
  const image = sharp(body, { failOn: 'error', limitInputPixels: 20000 * 20000 }).rotate();
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('image has no size');
  const encode = (s: Sharp) => (mime === 'image/png' ? s.png({ compressionLevel: 8 }) : s.jpeg({ quality: 90, mozjpeg: true }));
  const edit = width > EDIT_LIMIT || height > EDIT_LIMIT
    ? await encode(image.clone().resize(EDIT_LIMIT, EDIT_LIMIT, { fit: 'inside' })).toBuffer()
    : null;
  const thumbnail = await encode(image.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside' })).toBuffer();
  return { width, height, edit, thumbnail };
}
