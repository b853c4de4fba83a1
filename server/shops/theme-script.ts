/**
 * The merchant's Shopify storefront script: how it is checked when uploaded (plain text, at most
 * MAX_SCRIPT_BYTES), the type it is served with, and the check that a script URL a style names is
 * one of the merchant's own uploads.
 */
import { AppError } from '../platform/envelope';
import type { BlobStorage } from '../platform/blob-storage/types';
import { ownedFile } from '../products/blob-refs';
import { ShopMessages } from '../../contract/shops';

export const SCRIPT_CONTENT_TYPE = 'text/javascript; charset=utf-8';
/** A generated script is a few hundred bytes; 64 KB leaves room without becoming a file host. */
export const MAX_SCRIPT_BYTES = 64 * 1024;

/**
 * Plain text only: NUL and the other C0 control characters (tab, newline and carriage return
 * aside) never occur in a generated script and mark a binary file sent in its place; so do
 * U+FFFD (what invalid UTF-8 decodes to) and lone surrogates.
 */
const NOT_TEXT_RE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function checkScript(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new AppError(ShopMessages.scriptMissing);
  if (Buffer.byteLength(raw, 'utf8') > MAX_SCRIPT_BYTES) throw new AppError(ShopMessages.scriptTooLarge);
  if (NOT_TEXT_RE.test(raw)) throw new AppError(ShopMessages.scriptNotText);
  return raw;
}

/** The canonical URL of one of the merchant's uploaded scripts, or a clear refusal. */
export async function ownedScriptUrl(blobs: BlobStorage, userId: number, url: string): Promise<string> {
  const ref = await ownedFile(blobs, userId, url, ['js']);
  if ('error' in ref) throw new AppError(ShopMessages.scriptNotYours);
  return ref.url;
}
