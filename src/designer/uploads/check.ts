/**
 * The client-side checks of an image before it is sent: jpeg or png
 * by content (a renamed file is caught), size above 0 and within the limit. The server checks
 * again; these only spare the merchant a round trip.
 */

export const UPLOAD_LIMITS = {
  /** Default: 40 MB. */
  40: { bytes: 41_943_040, msg: 'image max 40M' },
  20: { bytes: 20_971_520, msg: 'image max 20M' },
  10: { bytes: 10_485_760, msg: 'image max 10M' },
} as const;

export const UploadCheckMessages = {
  notPicture: 'This file is not a picture(jpeg,png)',
  missing: 'Please select an image',
} as const;

export type ImageKind = 'image/jpeg' | 'image/png';

/** jpeg (FF D8 FF) or png (89 'PNG' 0D 0A 1A 0A) from the first bytes; null for anything else. */
export function sniffImageBytes(head: Uint8Array): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

/** The message that refuses `file`, or null when it may be uploaded. */
export async function checkImageFile(file: Blob | null | undefined, limitMb: keyof typeof UPLOAD_LIMITS = 40): Promise<string | null> {
  if (!file || file.size === 0) return UploadCheckMessages.missing;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!sniffImageBytes(head)) return UploadCheckMessages.notPicture;
  if (file.size > UPLOAD_LIMITS[limitMb].bytes) return UPLOAD_LIMITS[limitMb].msg;
  return null;
}
