/**
 * What a push sends to a store, whatever the platform: a merchant's saved product ("My
 * products", server/products/schema.ts) with its option names from the parent catalogue
 * product, its variants with the merchant's prices, and its rendered view images as absolute
 * URLs the store can download.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { catalogProducts } from '../catalog/schema';
import { myProductImages, myProductVariants, myProducts } from '../products/schema';

export interface PushVariant {
  /** my_product_variants.id */
  id: number;
  /** The catalogue variant (order import maps a store line back to it). */
  catalogVariantId: number;
  sku: string;
  priceCents: number;
  /** One value per option of PushProduct.options, in order. */
  optionValues: string[];
  imageUrl: string | null;
}

export interface PushProduct {
  id: number;
  userId: number;
  catalogProductId: number;
  title: string;
  bodyHtml: string;
  /** A stable handle: lets a store find this product again if our record of it was lost. */
  handle: string;
  options: { name: string; values: string[] }[];
  variants: PushVariant[];
  images: { url: string; alt: string }[];
}

interface OptionDef {
  name: string;
  position: number;
}

/** The handle a product is pushed under (same product, same handle, whichever store). */
export const pushHandle = (myProductId: number) => `pod-${myProductId}`;

export function absoluteUrl(url: string, publicUrl: string): string {
  try {
    return new URL(url, `${publicUrl}/`).toString();
  } catch {
    return url;
  }
}

/** The merchant's own saved product (not a template), ready to push; null when it is not theirs or gone. */
export async function loadPushProduct(db: Db, userId: number, myProductId: number, publicUrl: string): Promise<PushProduct | null> {
  const [p] = await db
    .select()
    .from(myProducts)
    .where(and(eq(myProducts.id, myProductId), eq(myProducts.userId, userId), eq(myProducts.isTemplate, false), eq(myProducts.status, 1)));
  if (!p) return null;
  const [parent] = await db.select({ options: catalogProducts.options }).from(catalogProducts).where(eq(catalogProducts.id, p.productfid));
  const variantRows = await db
    .select()
    .from(myProductVariants)
    .where(eq(myProductVariants.myProductId, p.id))
    .orderBy(asc(myProductVariants.position), asc(myProductVariants.id));
  const imageRows = await db
    .select()
    .from(myProductImages)
    .where(eq(myProductImages.myProductId, p.id))
    .orderBy(asc(myProductImages.position), asc(myProductImages.id));
  return assemblePushProduct(p, (parent?.options ?? []) as OptionDef[], variantRows, imageRows, publicUrl);
}

type ProductRow = typeof myProducts.$inferSelect;
type VariantRow = typeof myProductVariants.$inferSelect;
type ImageRow = typeof myProductImages.$inferSelect;

/** Pure assembly (unit-tested): options used by the variants, each variant's values and picture. */
export function assemblePushProduct(
  p: Pick<ProductRow, 'id' | 'userId' | 'productfid' | 'title' | 'bodyHtml'>,
  optionDefs: OptionDef[],
  variants: VariantRow[],
  images: ImageRow[],
  publicUrl: string,
): PushProduct {
  const at = (v: VariantRow, pos: number) => (pos === 1 ? v.option1 : pos === 2 ? v.option2 : v.option3)?.trim() || null;
  const positions = [1, 2, 3].filter((pos) => variants.some((v) => at(v, pos)));
  const options = positions.map((pos) => {
    const name = optionDefs.find((o) => o.position === pos)?.name?.trim() || `Option ${pos}`;
    const values: string[] = [];
    for (const v of variants) {
      const value = at(v, pos);
      if (value && !values.includes(value)) values.push(value);
    }
    return { name, values };
  });
  const imageById = new Map(images.map((i) => [i.id, i]));
  const imageFor = (v: VariantRow): string | null => {
    const own = v.imageId !== null ? imageById.get(v.imageId) : undefined;
    const shown = own ?? images.find((i) => Array.isArray(i.variantIds) && (i.variantIds as unknown[]).map(Number).includes(v.variantId));
    return shown ? absoluteUrl(shown.url, publicUrl) : null;
  };
  return {
    id: p.id,
    userId: p.userId,
    catalogProductId: p.productfid,
    title: p.title,
    bodyHtml: p.bodyHtml,
    handle: pushHandle(p.id),
    options,
    variants: variants.map((v) => ({
      id: v.id,
      catalogVariantId: v.variantId,
      sku: v.sku,
      priceCents: v.priceCents,
      optionValues: positions.map((pos) => at(v, pos) ?? ''),
      imageUrl: imageFor(v),
    })),
    images: images.map((i) => ({
      url: absoluteUrl(i.url, publicUrl),
      alt: [p.title, i.viewName, i.colorName].filter(Boolean).join(' - '),
    })),
  };
}
