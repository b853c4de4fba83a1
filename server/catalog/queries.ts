/**
 * Catalogue reads. A list is the page (its category slugs joined) and the filtered total, two
 * queries: a window count on the page would make the database read, join and sort every matching
 * row before the limit applies, so the page could never come from an index (the default page on
 * the 1560-product demo: 9.3 ms as one query, 6.6 + 0.9 ms as two on PGlite without planner
 * statistics, 1.7 + 0.75 ms with them). The total depends on the filter alone, so a caller may
 * keep it across pages and sorts (`CountOf`). Details load products, variants, images and
 * templates with one query per table for any number of products (no N+1).
 */
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { catalogCategories, catalogImages, catalogProducts, catalogSubcategories, catalogTemplates, catalogVariants } from './schema';
import type { ShipFromCode } from './shipping-rules';
import { productTemplate } from './models';
import type { CustomTemplate } from '@pod-studio/engine/model';
import type { CatalogSort } from '../../contract/catalog';

export interface ProductFilter {
  categoryId?: number;
  subcategoryIds?: number[];
  /** The hot-selling category, or hot=1. */
  hotOnly?: boolean;
  is3d?: boolean;
  gift?: boolean;
  customType?: number;
  shipFrom?: ShipFromCode;
  minCost?: number;
  maxCost?: number;
  /** Lower-cased words; every word must appear in title, handle or description. */
  words?: string[];
  excludeId?: number;
}

/** LIKE needs its wildcards escaped (backslash is PostgreSQL's default LIKE escape). */
const likeEscape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

export function filterWhere(f: ProductFilter): SQL | undefined {
  const p = catalogProducts;
  const conds: SQL[] = [eq(p.status, 1)];
  if (f.categoryId !== undefined) conds.push(eq(p.categoryId, f.categoryId));
  if (f.subcategoryIds !== undefined) conds.push(inArray(p.subcategoryId, f.subcategoryIds));
  if (f.hotOnly) conds.push(eq(p.hotSelling, true));
  if (f.is3d !== undefined) conds.push(eq(p.is3d, f.is3d));
  if (f.gift !== undefined) conds.push(eq(p.customizedGift, f.gift));
  if (f.customType !== undefined) conds.push(eq(p.customType, f.customType));
  if (f.shipFrom !== undefined) conds.push(eq(p.shipFrom, f.shipFrom));
  if (f.minCost !== undefined) conds.push(gte(p.minCost, f.minCost));
  if (f.maxCost !== undefined) conds.push(lte(p.minCost, f.maxCost));
  if (f.excludeId !== undefined) conds.push(ne(p.id, f.excludeId));
  // Substring search on a precomputed lower-case column: plain LIKE, no extension, so PGlite and
  // PostgreSQL behave the same. A sequential scan of a few thousand short rows is well under a
  // millisecond; a catalogue a hundred times larger would want pg_trgm or a tsvector instead.
  for (const word of f.words ?? []) conds.push(sql`${p.searchText} like ${`%${likeEscape(word)}%`}`);
  return and(...conds);
}

function orderOf(sort: CatalogSort): SQL[] {
  const p = catalogProducts;
  switch (sort) {
    case 'price_asc':
      return [asc(p.minCost), asc(p.id)];
    case 'price_desc':
      return [desc(p.minCost), desc(p.id)];
    case 'popular':
      return [desc(p.sales), desc(p.id)];
    case 'newest':
      return [desc(p.createdAt), desc(p.id)];
    case 'oldest':
      return [asc(p.createdAt), asc(p.id)];
  }
}

const cardColumns = {
  id: catalogProducts.id,
  handle: catalogProducts.handle,
  title: catalogProducts.title,
  pic1: catalogProducts.pic1,
  minCost: catalogProducts.minCost,
  maxCost: catalogProducts.maxCost,
  customType: catalogProducts.customType,
  shipFlag: catalogProducts.shipFlag,
  shipFrom: catalogProducts.shipFrom,
  categoryId: catalogProducts.categoryId,
  subcategoryId: catalogProducts.subcategoryId,
  hotSelling: catalogProducts.hotSelling,
  is3d: catalogProducts.is3d,
  customizedGift: catalogProducts.customizedGift,
  options: catalogProducts.options,
  sales: catalogProducts.sales,
  createdAt: catalogProducts.createdAt,
  categorySlug: catalogCategories.slug,
  subcategorySlug: catalogSubcategories.slug,
};

export type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'];
};

/** The number of products a filter matches; routes hand in one that remembers it per filter. */
export type CountOf = (f: ProductFilter) => Promise<number>;

export async function countProducts(db: Db, f: ProductFilter): Promise<number> {
  const [c] = await db.select({ n: count() }).from(catalogProducts).where(filterWhere(f));
  return c?.n ?? 0;
}

/** One page of cards and the filter's total. */
async function cardPage(
  db: Db,
  f: ProductFilter,
  order: SQL[],
  page: { pageSize: number; offset: number },
  countOf: CountOf,
): Promise<{ rows: CardRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(catalogProducts)
      .innerJoin(catalogCategories, eq(catalogCategories.id, catalogProducts.categoryId))
      .innerJoin(catalogSubcategories, eq(catalogSubcategories.id, catalogProducts.subcategoryId))
      .where(filterWhere(f))
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(page.offset),
    countOf(f),
  ]);
  return { rows, total };
}

export function listProducts(
  db: Db,
  f: ProductFilter,
  sort: CatalogSort,
  page: { pageSize: number; offset: number },
  countOf: CountOf = (x) => countProducts(db, x),
): Promise<{ rows: CardRow[]; total: number }> {
  return cardPage(db, f, orderOf(sort), page, countOf);
}

/** Related: the same category, the same subcategory first, best sellers first. */
export function relatedProducts(
  db: Db,
  product: { id: number; categoryId: number; subcategoryId: number },
  page: { pageSize: number; offset: number },
  countOf: CountOf = (x) => countProducts(db, x),
): Promise<{ rows: CardRow[]; total: number }> {
  const order = [
    sql`(${catalogProducts.subcategoryId} = ${product.subcategoryId}) desc`,
    desc(catalogProducts.sales),
    desc(catalogProducts.id),
  ];
  return cardPage(db, { categoryId: product.categoryId, excludeId: product.id }, order, page, countOf);
}

export type ProductRow = typeof catalogProducts.$inferSelect;
export type VariantRow = typeof catalogVariants.$inferSelect;
export type ImageRow = typeof catalogImages.$inferSelect;
export type TemplateRow = typeof catalogTemplates.$inferSelect;
export type CategoryRow = typeof catalogCategories.$inferSelect;
export type SubcategoryRow = typeof catalogSubcategories.$inferSelect;

export interface ProductBundle {
  product: ProductRow;
  category: CategoryRow;
  subcategory: SubcategoryRow;
  variants: VariantRow[];
  images: ImageRow[];
  template: TemplateRow;
}

/** Full products by id, in the order asked; ids not found are left out. */
export async function loadBundles(db: Db, ids: readonly number[]): Promise<ProductBundle[]> {
  if (ids.length === 0) return [];
  const products = await db
    .select({ product: catalogProducts, category: catalogCategories, subcategory: catalogSubcategories })
    .from(catalogProducts)
    .innerJoin(catalogCategories, eq(catalogCategories.id, catalogProducts.categoryId))
    .innerJoin(catalogSubcategories, eq(catalogSubcategories.id, catalogProducts.subcategoryId))
    .where(and(inArray(catalogProducts.id, [...ids]), eq(catalogProducts.status, 1)));
  if (products.length === 0) return [];
  const found = products.map((r) => r.product.id);
  const templateIds = [...new Set(products.map((r) => r.product.templateId))];
  const [variants, images, templates] = await Promise.all([
    db
      .select()
      .from(catalogVariants)
      .where(inArray(catalogVariants.productId, found))
      .orderBy(asc(catalogVariants.productId), asc(catalogVariants.position)),
    db
      .select()
      .from(catalogImages)
      .where(inArray(catalogImages.productId, found))
      .orderBy(asc(catalogImages.productId), asc(catalogImages.position)),
    db.select().from(catalogTemplates).where(inArray(catalogTemplates.id, templateIds)),
  ]);
  const byProduct = <T extends { productId: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r]);
    return map;
  };
  const variantsOf = byProduct(variants);
  const imagesOf = byProduct(images);
  const templateOf = new Map(templates.map((t) => [t.id, t]));
  const bundles = new Map<number, ProductBundle>();
  for (const r of products) {
    const row = templateOf.get(r.product.templateId);
    if (!row) continue;
    // The product's own model (cut) of its archetype: the views its photos show.
    const template = { ...row, template: productTemplate(row.template as CustomTemplate, r.product.customInfo) };
    bundles.set(r.product.id, { ...r, variants: variantsOf.get(r.product.id) ?? [], images: imagesOf.get(r.product.id) ?? [], template });
  }
  return ids.flatMap((id) => {
    const b = bundles.get(id);
    return b ? [b] : [];
  });
}

export async function productIdByHandle(db: Db, handle: string): Promise<number | null> {
  const [row] = await db
    .select({ id: catalogProducts.id })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.handle, handle), eq(catalogProducts.status, 1)));
  return row?.id ?? null;
}

export async function productBasics(
  db: Db,
  id: number,
): Promise<Pick<
  ProductRow,
  'id' | 'categoryId' | 'subcategoryId' | 'customType' | 'shipFrom' | 'logistics' | 'defaultLogisticsId' | 'templateId'
> | null> {
  const [row] = await db
    .select({
      id: catalogProducts.id,
      categoryId: catalogProducts.categoryId,
      subcategoryId: catalogProducts.subcategoryId,
      customType: catalogProducts.customType,
      shipFrom: catalogProducts.shipFrom,
      logistics: catalogProducts.logistics,
      defaultLogisticsId: catalogProducts.defaultLogisticsId,
      templateId: catalogProducts.templateId,
    })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.id, id), eq(catalogProducts.status, 1)));
  return row ?? null;
}

export async function categoriesWithCounts(
  db: Db,
): Promise<{ categories: CategoryRow[]; subcategories: SubcategoryRow[]; counts: Map<number, number>; hotCount: number }> {
  const [categories, subcategories, counts, hot] = await Promise.all([
    db.select().from(catalogCategories).orderBy(asc(catalogCategories.sort)),
    db.select().from(catalogSubcategories).orderBy(asc(catalogSubcategories.categoryId), asc(catalogSubcategories.sort)),
    db
      .select({ id: catalogProducts.subcategoryId, n: count() })
      .from(catalogProducts)
      .where(eq(catalogProducts.status, 1))
      .groupBy(catalogProducts.subcategoryId),
    db
      .select({ n: count() })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.status, 1), eq(catalogProducts.hotSelling, true))),
  ]);
  return { categories, subcategories, counts: new Map(counts.map((c) => [c.id, c.n])), hotCount: hot[0]?.n ?? 0 };
}

/** Product counts by subcategory among products matching the filter (customType counts, gift zone). */
export async function countsBy(
  db: Db,
  column: 'subcategoryId' | 'customType' | 'templateId',
  f: ProductFilter,
): Promise<Map<number, number>> {
  const col = catalogProducts[column];
  const rows = await db.select({ key: col, n: count() }).from(catalogProducts).where(filterWhere(f)).groupBy(col);
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** The best seller's picture of each subcategory, in one query (DISTINCT ON). */
export async function bestSellerCovers(db: Db, subcategoryIds: readonly number[]): Promise<Map<number, string>> {
  if (subcategoryIds.length === 0) return new Map();
  const p = catalogProducts;
  const rows = await db
    .selectDistinctOn([p.subcategoryId], { id: p.subcategoryId, pic1: p.pic1 })
    .from(p)
    .where(and(eq(p.status, 1), inArray(p.subcategoryId, [...subcategoryIds])))
    .orderBy(p.subcategoryId, desc(p.sales), desc(p.id));
  return new Map(rows.map((r) => [r.id, r.pic1]));
}

/**
 * Display templates, optionally of one custom type, or of the products of one subcategory (a
 * template shows under every subcategory it has products in, operator PSD products included).
 */
export async function templatesList(db: Db, f: { customType?: number; subcategoryId?: number }): Promise<TemplateRow[]> {
  const conds: SQL[] = [];
  if (f.customType !== undefined) conds.push(eq(catalogTemplates.customType, f.customType));
  if (f.subcategoryId !== undefined) {
    const used = db
      .select({ id: catalogProducts.templateId })
      .from(catalogProducts)
      .where(eq(catalogProducts.subcategoryId, f.subcategoryId));
    conds.push(inArray(catalogTemplates.id, used));
  }
  return db
    .select()
    .from(catalogTemplates)
    .where(and(...conds))
    .orderBy(asc(catalogTemplates.id));
}
