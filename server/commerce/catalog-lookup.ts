/**
 * What the cart and checkout need from the catalogue: the product (title, ship-from, logistics,
 * picture) and the variant (options, cost in cents, SKU, picture), read live so a cart always
 * shows today's cost. Only active products count.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { catalogImages, catalogProducts, catalogVariants } from '../catalog/schema';
import { asShipFrom, type LogisticsCost, type ShipFromCode } from '../catalog/shipping-rules';

export interface SellableProduct {
  id: number;
  title: string;
  shipFrom: ShipFromCode;
  logistics: LogisticsCost[];
  defaultLogisticsId: number;
  pic1: string;
}

export interface SellableVariant {
  id: number;
  productId: number;
  title: string;
  cost: number;
  sku: string;
  image: string | null;
  position: number;
}

export interface CatalogView {
  products: Map<number, SellableProduct>;
  variants: Map<number, SellableVariant>;
}

/** "White / L" from the option values of a variant. */
export function variantTitle(v: { option1: string | null; option2: string | null; option3: string | null }): string {
  return [v.option1, v.option2, v.option3].filter((x): x is string => !!x && x.trim() !== '').join(' / ') || 'Default';
}

/** Products by id (active only) with all their variants, or only the variants named. */
export async function loadCatalogView(db: Db, productIds: readonly number[], variantIds?: readonly number[]): Promise<CatalogView> {
  const products = new Map<number, SellableProduct>();
  const variants = new Map<number, SellableVariant>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return { products, variants };
  const productRows = await db
    .select({
      id: catalogProducts.id,
      title: catalogProducts.title,
      shipFrom: catalogProducts.shipFrom,
      logistics: catalogProducts.logistics,
      defaultLogisticsId: catalogProducts.defaultLogisticsId,
      pic1: catalogProducts.pic1,
    })
    .from(catalogProducts)
    .where(and(inArray(catalogProducts.id, ids), eq(catalogProducts.status, 1)));
  for (const p of productRows) {
    products.set(p.id, { ...p, shipFrom: asShipFrom(p.shipFrom), logistics: p.logistics as LogisticsCost[] });
  }
  if (products.size === 0) return { products, variants };
  const variantWhere =
    variantIds && variantIds.length > 0
      ? and(inArray(catalogVariants.productId, [...products.keys()]), inArray(catalogVariants.id, [...new Set(variantIds)]))
      : inArray(catalogVariants.productId, [...products.keys()]);
  const variantRows = await db
    .select({
      id: catalogVariants.id,
      productId: catalogVariants.productId,
      option1: catalogVariants.option1,
      option2: catalogVariants.option2,
      option3: catalogVariants.option3,
      cost: catalogVariants.cost,
      sku: catalogVariants.sku,
      position: catalogVariants.position,
      image: catalogImages.src,
    })
    .from(catalogVariants)
    .leftJoin(catalogImages, eq(catalogImages.id, catalogVariants.imagesId))
    .where(variantWhere)
    .orderBy(catalogVariants.productId, catalogVariants.position);
  for (const v of variantRows) {
    variants.set(v.id, {
      id: v.id,
      productId: v.productId,
      title: variantTitle(v),
      cost: v.cost,
      sku: v.sku,
      image: v.image,
      position: v.position,
    });
  }
  return { products, variants };
}

/** The first variant of a product (what an add without variantsid takes). */
export function firstVariantOf(view: CatalogView, productId: number): SellableVariant | undefined {
  let best: SellableVariant | undefined;
  for (const v of view.variants.values()) if (v.productId === productId && (!best || v.position < best.position)) best = v;
  return best;
}
