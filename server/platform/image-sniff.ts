/** File types decided by content (magic bytes), never by the name or the declared type. */
export type ImageMime = 'image/jpeg' | 'image/png';

export function sniffImage(head: Uint8Array): ImageMime | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

export const extensionOf = (mime: ImageMime): 'jpg' | 'png' => (mime === 'image/jpeg' ? 'jpg' : 'png');
