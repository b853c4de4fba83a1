/**
 * Saving many products at once (bulk design): each product with its rendered view images in one
 * call. A product whose images are refused is removed again, so a product never exists without
 * the mockups its save sent. Every item carries a request key: the same key again answers with
 * the product it made, so a batch retried after a lost answer or a crash creates nothing twice.
 */
import { AppError } from '../platform/envelope';
import type { ViewImageInput } from '../../contract/products';
import type { SaveInput } from './input';
import { createProduct, deleteProducts, productWithKey, type ProductsDeps } from './service';
import { replaceImages } from './images';

export interface BatchItem {
  input: SaveInput;
  images: readonly ViewImageInput[];
}

export type BatchResult = { index: number; id: number; msg?: undefined } | { index: number; id?: undefined; msg: string };

/**
 * One product and its view images. When the images are refused a product made by this call is
 * deleted again and the refusal thrown; one an earlier call made under the same key is kept.
 */
export async function addWithImages(deps: ProductsDeps, userId: number, item: BatchItem): Promise<number> {
  const key = item.input.requestKey;
  const earlier = key === undefined ? null : await productWithKey(deps.db, userId, key);
  const id = earlier ?? (await createProduct(deps, userId, item.input));
  try {
    await replaceImages(deps, userId, id, item.images);
  } catch (err) {
    if (earlier === null) await deleteProducts(deps.db, userId, [id]).catch(() => 0);
    throw err;
  }
  return id;
}

/**
 * Every item in order; an item that fails reports its message and the others go on. Errors that
 * are not the merchant's (the database going away) stop the batch: the client retries it, and
 * the request keys keep what was already made from being made again.
 */
export async function addBatch(deps: ProductsDeps, userId: number, items: readonly BatchItem[]): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  for (const [index, item] of items.entries()) {
    try {
      results.push({ index, id: await addWithImages(deps, userId, item) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ index, msg: err.message });
    }
  }
  return results;
}
