/**
 * Pictures buyers upload in the personaliser: checked by content (JPEG or PNG by their bytes,
 * the declared size within the 50-megapixel limit before anything is decoded, a clean decode),
 * then stored re-encoded: turned upright, at most PRINT_SIDE_MAX px on a side, with no metadata (a
 * phone photo's location stays with the buyer). Kept under their own folder with random names;
 * an order accepts only pictures from that folder. Each is recorded in `buyer_images` so the
 * sweep (buyer-image-sweep.ts) can remove the ones no order took.
 */
import sharp, { type OutputInfo } from 'sharp';
import type { BlobStorage } from '../platform/blob-storage/types';
import type { Db } from '../platform/db/client';
import { sniffImage, extensionOf } from '../platform/image-sniff';
import { checkImageSize, ImageTooLargeError, MAX_INPUT_PIXELS } from '../uploads/image-checks';
import { dateSegment, randomName } from '../uploads/object-keys';
import { keyFromUrl } from '../products/blob-refs';
import { AppError } from '../platform/envelope';
import { PersonalizationMessages } from '../../contract/personalization';
import { buyerImages } from './schema';

export const BUYER_FOLDER = '/buyer-images/';
/** Enough for a print area at print resolution; larger photos only cost storage. */
export const PRINT_SIDE_MAX = 4000;

export interface BuyerImage {
  url: string;
  width: number;
  height: number;
}

export async function storeBuyerImage(db: Db, blobs: BlobStorage, body: Buffer, now = new Date()): Promise<BuyerImage> {
  const mime = sniffImage(body.subarray(0, 16));
  if (!mime) throw new AppError(PersonalizationMessages.notPicture);
  let out: { data: Buffer; info: OutputInfo };
  try {
    await checkImageSize(body);
    const image = sharp(body, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PRINT_SIDE_MAX, PRINT_SIDE_MAX, { fit: 'inside', withoutEnlargement: true });
    out = await (mime === 'image/png' ? image.png({ compressionLevel: 8 }) : image.jpeg({ quality: 92, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    });
  } catch (err) {
    if (err instanceof ImageTooLargeError) throw err;
    // A header that looked like a picture over bytes that do not decode: not a picture.
    throw new AppError(PersonalizationMessages.notPicture);
  }
  const key = `${BUYER_FOLDER}${dateSegment(now)}/${randomName()}.${extensionOf(mime)}`;
  await blobs.put(key, out.data, mime);
  await db.insert(buyerImages).values({ key, createdAt: now });
  return { url: blobs.publicUrl(key), width: out.info.width, height: out.info.height };
}

/** Whether `url` is a buyer picture stored by storeBuyerImage (the only pictures an order may carry). */
export function isBuyerImageUrl(blobs: BlobStorage, url: string): boolean {
  const key = keyFromUrl(blobs, url);
  return key !== null && key.startsWith(BUYER_FOLDER) && /^\/buyer-images\/\d{4}-\d{2}-\d{2}\/[A-Za-z0-9]{32}\.(jpg|png)$/.test(key);
}
