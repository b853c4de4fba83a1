/**
 * What a saved product needs from its parent catalogue product: title, description, picture,
 * options and variants (cost in cents, SKU). Only active catalogue products count.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { Tx } from '../commerce/ledger';
import { catalogCategories, catalogProducts, catalogSubcategories, catalogVariants } from '../catalog/schema';
import type { CatalogOption, CatalogVariant } from './variants';
import { productPath } from '../../contract/slug';

export interface ParentProduct {
  id: number;
  title: string;
  handle: string;
  bodyHtml: string;
  pic1: string;
  customType: number;
  options: CatalogOption[];
  variants: CatalogVariant[];
  /** The catalogue product page. */
  url: string;
}

export async function loadParent(db: Db, productfid: number): Promise<ParentProduct | null> {
  const [row] = await db
    .select({
      id: catalogProducts.id,
      title: catalogProducts.title,
      handle: catalogProducts.handle,
      bodyHtml: catalogProducts.bodyHtml,
      pic1: catalogProducts.pic1,
      customType: catalogProducts.customType,
      options: catalogProducts.options,
      categorySlug: catalogCategories.slug,
      subcategorySlug: catalogSubcategories.slug,
    })
    .from(catalogProducts)
    .innerJoin(catalogCategories, eq(catalogCategories.id, catalogProducts.categoryId))
    .innerJoin(catalogSubcategories, eq(catalogSubcategories.id, catalogProducts.subcategoryId))
    .where(and(eq(catalogProducts.id, productfid), eq(catalogProducts.status, 1)));
  if (!row) return null;
  const variants = await db
    .select({
      id: catalogVariants.id,
      position: catalogVariants.position,
      option1: catalogVariants.option1,
      option2: catalogVariants.option2,
      option3: catalogVariants.option3,
      sku: catalogVariants.sku,
      cost: catalogVariants.cost,
    })
    .from(catalogVariants)
    .where(eq(catalogVariants.productId, productfid))
    .orderBy(asc(catalogVariants.position));
  const { categorySlug, subcategorySlug, ...rest } = row;
  return { ...rest, options: row.options as CatalogOption[], variants, url: productPath(categorySlug, subcategorySlug, row.handle) };
}

export interface ParentSummary {
  id: number;
  title: string;
  handle: string;
  pic1: string;
  url: string;
}

/** Title, picture and page of several parents at once (lists). */
export async function parentSummaries(db: Db, ids: readonly number[]): Promise<Map<number, ParentSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: catalogProducts.id,
      title: catalogProducts.title,
      handle: catalogProducts.handle,
      pic1: catalogProducts.pic1,
      categorySlug: catalogCategories.slug,
      subcategorySlug: catalogSubcategories.slug,
    })
    .from(catalogProducts)
    .innerJoin(catalogCategories, eq(catalogCategories.id, catalogProducts.categoryId))
    .innerJoin(catalogSubcategories, eq(catalogSubcategories.id, catalogProducts.subcategoryId))
    .where(and(inArray(catalogProducts.id, unique), eq(catalogProducts.status, 1)));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, title: r.title, handle: r.handle, pic1: r.pic1, url: productPath(r.categorySlug, r.subcategorySlug, r.handle) },
    ]),
  );
}

/** Live catalogue cost of variants by id (variants that left the catalogue are missing). */
export async function liveVariantCosts(db: Db | Tx, variantIds: readonly number[]): Promise<Map<number, number>> {
  const unique = [...new Set(variantIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: catalogVariants.id, cost: catalogVariants.cost })
    .from(catalogVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogVariants.productId))
    .where(and(inArray(catalogVariants.id, unique), eq(catalogProducts.status, 1)));
  return new Map(rows.map((r) => [r.id, r.cost]));
}
