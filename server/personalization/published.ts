/**
 * A personalisable product as a storefront names it: the store (platform and domain) and the
 * store's product id, mapped back through the push link to the merchant's product, its saved
 * design and the catalogue template it was designed on. Only products pushed to a connected
 * store are found, and only when their design has personalised elements.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { BlobStorage } from '../platform/blob-storage/types';
import { storeConnections, storeProductLinks } from '../shops/schema';
import { myProducts } from '../products/schema';
import { loadBundles } from '../catalog/queries';
import { templateForColour } from '../catalog/serialize';
import { keyFromUrl, keyOwnedBy } from '../products/blob-refs';
import { personalFields, readDesignDocument, type CustomTemplate, type SavedDesignDoc } from '@pod-studio/engine/model';
import type { PersonalizerPlatform } from '../../contract/personalization';

export interface PublishedDesign {
  myProductId: number;
  userId: number;
  title: string;
  productId: number;
  doc: SavedDesignDoc;
}

/** The store's product id as the link stores it (Shopify: a GraphQL gid; WooCommerce: the number). */
export function linkProductId(platform: PersonalizerPlatform, product: string): string | null {
  const p = product.trim();
  if (platform === 'shopify') {
    if (/^\d{1,20}$/.test(p)) return `gid://shopify/Product/${p}`;
    return /^gid:\/\/shopify\/Product\/\d{1,20}$/.test(p) ? p : null;
  }
  return /^\d{1,20}$/.test(p) ? p : null;
}

/** A saved product's design document: inline, or the file it was saved as (the merchant's own storage). */
export async function savedDesign(
  blobs: BlobStorage | undefined,
  row: { userId: number; editObj: string | null; editObjUrl: string | null },
): Promise<SavedDesignDoc | null> {
  if (row.editObj) return readDesignDocument(row.editObj);
  if (!row.editObjUrl || !blobs) return null;
  const key = keyFromUrl(blobs, row.editObjUrl);
  if (!key || !keyOwnedBy(key, row.userId)) return null;
  const body = await blobs.read(key);
  return body ? readDesignDocument(body.toString('utf8')) : null;
}

/** The design of one of the merchant's products, when it exists. */
export async function productDesign(
  db: Db,
  blobs: BlobStorage | undefined,
  userId: number,
  myProductId: number,
): Promise<PublishedDesign | null> {
  const [row] = await db
    .select({
      id: myProducts.id,
      userId: myProducts.userId,
      title: myProducts.title,
      productfid: myProducts.productfid,
      editObj: myProducts.editObj,
      editObjUrl: myProducts.editObjUrl,
    })
    .from(myProducts)
    .where(and(eq(myProducts.id, myProductId), eq(myProducts.userId, userId)));
  if (!row) return null;
  const doc = await savedDesign(blobs, row);
  if (!doc) return null;
  return { myProductId: row.id, userId: row.userId, title: row.title, productId: row.productfid, doc };
}

/** The personalisable product a storefront names, or null (unknown store, product not pushed there, nothing personalised). */
export async function publishedDesign(
  db: Db,
  blobs: BlobStorage,
  platform: PersonalizerPlatform,
  shop: string,
  product: string,
): Promise<PublishedDesign | null> {
  const externalId = linkProductId(platform, product);
  if (!externalId) return null;
  const [link] = await db
    .select({ userId: storeConnections.userId, myProductId: storeProductLinks.myProductId, status: storeProductLinks.status })
    .from(storeConnections)
    .innerJoin(storeProductLinks, eq(storeProductLinks.shopId, storeConnections.shopId))
    .where(
      and(
        eq(storeConnections.platform, platform),
        eq(storeConnections.domain, shop.trim().toLowerCase()),
        eq(storeConnections.status, 'active'),
        eq(storeProductLinks.externalProductId, externalId),
      ),
    );
  if (!link?.userId || link.status !== 'active') return null;
  const found = await productDesign(db, blobs, link.userId, link.myProductId);
  return found && personalFields(found.doc.design).length > 0 ? found : null;
}

/** The catalogue template a design was made on (its colour's), or the product's first colour's. */
export async function designTemplate(db: Db, productId: number, customTemplateId: string | null): Promise<CustomTemplate | null> {
  const [bundle] = await loadBundles(db, [productId]);
  if (!bundle || bundle.images.length === 0) return null;
  const base = bundle.template.template as CustomTemplate;
  const all = bundle.images.map((im) => templateForColour(base, { name: im.colorName, hex: im.imgname }));
  return all.find((t) => t.customTemplateId === customTemplateId) ?? all[0]!;
}
