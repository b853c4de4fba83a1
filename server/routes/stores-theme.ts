/**
 * The Shopify storefront script (spec section 7 "Store connection": "File upload of a generated
 * store script returns a code and an upload url"; section 4 "Theme style save"). The browser
 * generates the script from the merchant's button settings (src/components/shops/storeScript.ts)
 * and sends it here as text; it is stored under the merchant's own upload folder with a random
 * name and served as JavaScript. updateShopifyThemeStyle then only accepts a scriptUrl that this
 * check finds among the merchant's own scripts, so a style can never make storefronts load a
 * script from another merchant or from anywhere on the internet.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { BlobStore } from '../storage/store';
import { requireUser } from '../auth/session';
import { AppError, okData } from '../lib/envelope';
import { enforce } from '../lib/rate-limit';
import { bodyOf, pick } from '../commerce/params';
import { uploadKey } from '../storage/keys';
import { ownedFile } from '../products/storage-refs';
import { StoreMessages } from '../../contract/stores';

export const SCRIPT_CONTENT_TYPE = 'text/javascript; charset=utf-8';
/** A generated script is a few hundred bytes; 64 KB leaves room without becoming a file host. */
export const MAX_SCRIPT_BYTES = 64 * 1024;
const SCRIPT_UPLOAD_LIMIT = { max: 120, windowMs: 60 * 60_000 };

/**
 * Plain text only: NUL and the other C0 control characters (tab, newline and carriage return
 * aside) never occur in a generated script and mark a binary file sent in its place; so do
 * U+FFFD (what invalid UTF-8 decodes to) and lone surrogates.
 */
const NOT_TEXT_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function checkScript(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new AppError(StoreMessages.scriptMissing);
  if (Buffer.byteLength(raw, 'utf8') > MAX_SCRIPT_BYTES) throw new AppError(StoreMessages.scriptTooLarge);
  if (NOT_TEXT_RE.test(raw)) throw new AppError(StoreMessages.scriptNotText);
  return raw;
}

/** The canonical URL of one of the merchant's uploaded scripts, or a clear refusal. */
export async function ownedScriptUrl(store: BlobStore, userId: number, url: string): Promise<string> {
  const ref = await ownedFile(store, userId, url, ['js']);
  if ('error' in ref) throw new AppError(StoreMessages.scriptNotYours);
  return ref.url;
}

export function storeThemeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, store } = ctx;

  app.post('/api/shopifyOAuth/uploadThemeScript', async (request) => {
    const userId = await requireUser(request);
    const script = checkScript(pick(bodyOf(request), 'script'));
    await enforce(db, `theme-script:user:${userId}`, SCRIPT_UPLOAD_LIMIT);
    const key = uploadKey({ userId, ext: 'js' });
    await store.put(key, Buffer.from(script, 'utf8'), SCRIPT_CONTENT_TYPE);
    request.log.info({ userId, bytes: Buffer.byteLength(script, 'utf8') }, 'store script uploaded');
    return okData({ url: store.publicUrl(key) }, 'Uploaded successfully');
  });
}
