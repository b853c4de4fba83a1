/**
 * URLs a client hands back to us (a design file, rendered view images) must point into the
 * merchant's own upload folders: otherwise a product could reference someone else's files, or any
 * address on the internet that store pushes would then fetch.
 */
import type { BlobStorage } from '../platform/blob-storage/types';
import { KEY_RE } from '../platform/blob-storage/object-key';

/** The object key behind a URL this blob storage handed out, or null when it is not one of ours. */
export function keyFromUrl(blobs: BlobStorage, url: string): string | null {
  const base = blobs.publicUrl('').replace(/\/$/, '');
  let path: string;
  if (base && url.startsWith(`${base}/`)) path = url.slice(base.length);
  else if (/^https?:\/\//i.test(url)) {
    // An absolute URL to local blob storage (page origin + /prod-api/storage/...) is still ours;
    // any other host is not.
    if (!base.startsWith('/')) return null;
    try {
      const u = new URL(url);
      if (!u.pathname.startsWith(`${base}/`) || u.search || u.hash) return null;
      path = u.pathname.slice(base.length);
    } catch {
      return null;
    }
  } else return null;
  return KEY_RE.test(path) ? path : null;
}

/** Whether a key lies in one of the user's upload folders (server/uploads/object-keys.ts). */
export function keyOwnedBy(key: string, userId: number): boolean {
  return (
    key.startsWith(`/CustomizedImages/${userId}/`) ||
    key.startsWith(`/CustomizedImages/imagePhoto/${userId}/`) ||
    key.startsWith(`/customizedTemplate/customImages/${userId}/`)
  );
}

export type OwnedRef = { key: string; url: string } | { error: 'notYours' | 'missing' };

/**
 * Checks that `url` is one of the user's stored files with one of `exts` and that it exists;
 * answers the key and the canonical URL.
 */
export async function ownedFile(
  blobs: BlobStorage,
  userId: number,
  url: string,
  exts: readonly string[],
): Promise<OwnedRef & { body?: Buffer }> {
  const key = keyFromUrl(blobs, url.trim());
  if (!key || !keyOwnedBy(key, userId) || !exts.some((e) => key.endsWith(`.${e}`))) return { error: 'notYours' };
  const body = await blobs.read(key);
  if (!body) return { error: 'missing' };
  return { key, url: blobs.publicUrl(key), body };
}

/** A URL-looking editObj string (editObj may be a URL to fetch). */
export const looksLikeUrl = (s: string): boolean => /^(https?:\/\/|\/)/i.test(s.trim());
