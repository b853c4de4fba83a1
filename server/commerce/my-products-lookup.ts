/**
 * What the cart and checkout need from the merchant's saved products ("My products"): the title,
 * the catalogue product it was made on, the catalogue variants it sells and a picture per variant.
 * Only the caller's own active products count (templates are not sold); another merchant's
 * product answers exactly like one that does not exist. What the merchant pays is the live
 * catalogue cost of the variant, as for a sample; the saved selling price is for their store.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { myProductImages, myProductVariants, myProducts } from '../products/schema';
import type { Tx } from './ledger';

export interface SellableMyProduct {
  id: number;
  productfid: number;
  title: string;
  /** Catalogue variant ids in the saved product's order. */
  variantIds: number[];
  /** The rendered picture showing each variant (its thumbnail), when there is one. */
  imageByVariant: Map<number, string>;
  cover: string;
}

export async function loadMyProducts(db: Db | Tx, userId: number, ids: readonly number[]): Promise<Map<number, SellableMyProduct>> {
  const out = new Map<number, SellableMyProduct>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await db
    .select({ id: myProducts.id, productfid: myProducts.productfid, title: myProducts.title })
    .from(myProducts)
    .where(and(inArray(myProducts.id, unique), eq(myProducts.userId, userId), eq(myProducts.status, 1), eq(myProducts.isTemplate, false)));
  if (rows.length === 0) return out;
  const found = rows.map((r) => r.id);
  const [variants, images] = await Promise.all([
    db
      .select({ myProductId: myProductVariants.myProductId, variantId: myProductVariants.variantId, imageId: myProductVariants.imageId })
      .from(myProductVariants)
      .where(inArray(myProductVariants.myProductId, found))
      .orderBy(asc(myProductVariants.position), asc(myProductVariants.id)),
    db
      .select({
        id: myProductImages.id,
        myProductId: myProductImages.myProductId,
        url: myProductImages.url,
        thumbnailUrl: myProductImages.thumbnailUrl,
        variantIds: myProductImages.variantIds,
      })
      .from(myProductImages)
      .where(inArray(myProductImages.myProductId, found))
      .orderBy(asc(myProductImages.position), asc(myProductImages.id)),
  ]);
  for (const r of rows) {
    const mine = images.filter((i) => i.myProductId === r.id);
    const picture = (i: (typeof mine)[number]) => i.thumbnailUrl || i.url;
    const imageByVariant = new Map<number, string>();
    for (const v of variants.filter((x) => x.myProductId === r.id)) {
      const chosen =
        (v.imageId !== null ? mine.find((i) => i.id === v.imageId) : undefined) ??
        mine.find((i) => Array.isArray(i.variantIds) && (i.variantIds as unknown[]).includes(v.variantId));
      if (chosen) imageByVariant.set(v.variantId, picture(chosen));
    }
    out.set(r.id, {
      id: r.id,
      productfid: r.productfid,
      title: r.title,
      variantIds: variants.filter((v) => v.myProductId === r.id).map((v) => v.variantId),
      imageByVariant,
      cover: mine[0] ? picture(mine[0]) : '',
    });
  }
  return out;
}

/** Is this catalogue variant one the saved product sells? */
export const sellsVariant = (p: SellableMyProduct | undefined, variantId: number): boolean => !!p && p.variantIds.includes(variantId);
