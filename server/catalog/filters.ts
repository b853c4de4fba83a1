/**
 * The list filters and sort order of the catalogue calls, as query fields. Categories and
 * subcategories are found by id or slug in the fixed taxonomy (server/catalog/taxonomy.ts), so no
 * query is spent on them; an unknown one is an error, not an empty page.
 *
 * Parameters: waretypeid | categoryId | category | categorySlug; waretypetwoid | subcategoryId |
 * subcategory | subcategorySlug (a slug alone matches it in every category: 't-shirt');
 * customType; shipFrom (USA, Australia, China or US, AU, CN); minPrice / maxPrice in dollars
 * (the price filter's own format) or minCost / maxCost in cents, matched against the product's cheapest
 * variant (the "from" price a card shows; cents win when both are given); keyword | title | q;
 * hot, is3D, gift (0/1); sort, or RuoYi's orderByColumn with isAsc.
 */
import type { z } from 'zod';
import { aka, choice, flag, optionalInt, optionalText } from '../platform/http-schema/fields';
import { AppError } from '../platform/envelope';
import { CATALOG_SORTS, type CatalogSort } from '../../contract/catalog';
import { CatalogMessages } from './messages';
import { categoryRef, cents, dollars, subcategoryRef } from './fields';
import type { ProductFilter } from './queries';
import type { ShipFromCode } from './shipping-rules';
import { CATEGORIES, HOT_SELLING_SLUG, type CategoryDef } from './taxonomy';

const SHIP_FROM: Readonly<Record<string, ShipFromCode>> = { cn: 'CN', china: 'CN', us: 'US', usa: 'US', au: 'AU', australia: 'AU' };

const SORT_SPELLINGS: Readonly<Record<string, CatalogSort>> = {
  newest: 'newest',
  new: 'newest',
  created: 'newest',
  createdtime: 'newest',
  oldest: 'oldest',
  price_asc: 'price_asc',
  priceasc: 'price_asc',
  price: 'price_asc',
  price_desc: 'price_desc',
  pricedesc: 'price_desc',
  popular: 'popular',
  popularity: 'popular',
  sales: 'popular',
  hot: 'popular',
};

type Column = 'created' | 'price' | 'sales';
const ORDER_COLUMNS: Readonly<Record<string, Column>> = {
  createdtime: 'created',
  created: 'created',
  price: 'price',
  mincost: 'price',
  sales: 'sales',
  popularity: 'sales',
};
const DIRECTIONS: Readonly<Record<string, 'asc' | 'desc'>> = { asc: 'asc', ascending: 'asc', desc: 'desc', descending: 'desc' };

/** The filter and sort fields of a product list, to spread into its query schema after paging. */
export const listFields = {
  waretypeid: aka(categoryRef('waretypeid'), 'categoryId', 'category', 'categorySlug'),
  waretypetwoid: aka(subcategoryRef('waretypetwoid'), 'subcategoryId', 'subcategory', 'subcategorySlug'),
  customType: aka(optionalInt('customType', 1, 12), 'custom_type'),
  shipFrom: aka(choice('shipFrom', SHIP_FROM, 'shipFrom must be USA, Australia or China'), 'shipfrom'),
  minCost: cents('minCost'),
  maxCost: cents('maxCost'),
  minPrice: dollars('minPrice'),
  maxPrice: dollars('maxPrice'),
  keyword: aka(optionalText('keyword', 100), 'keywords', 'title', 'q', 'search'),
  hot: aka(flag('hot'), 'hotSelling'),
  is3D: aka(flag('is3D'), 'is3d'),
  gift: aka(flag('gift'), 'customizedGift'),
  sort: choice('sort', SORT_SPELLINGS, `sort must be one of ${CATALOG_SORTS.join(', ')}`),
  /** RuoYi's sort column, used when `sort` is absent (sales is always best first). */
  orderByColumn: choice('orderByColumn', ORDER_COLUMNS, 'orderByColumn must be createdTime, price or sales'),
  isAsc: choice('isAsc', DIRECTIONS, 'isAsc must be asc or desc'),
};

export type ListQuery = z.output<z.ZodObject<typeof listFields>>;

const isId = (s: string) => /^\d{1,9}$/.test(s);

function findSubcategories(raw: string, category: CategoryDef | undefined): number[] {
  const pool = category ? [category] : CATEGORIES;
  const subs = pool.flatMap((c) => c.subcategories).filter((s) => (isId(raw) ? s.id === Number(raw) : s.slug === raw.toLowerCase()));
  if (subs.length === 0) throw new AppError(`${CatalogMessages.subcategoryNotFound}: ${raw}`);
  return subs.map((s) => s.id);
}

/** Search words: lower-cased, at most 5 words of at most 40 characters. */
function keywordWords(keyword: string): string[] {
  return keyword
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((w) => w.slice(0, 40));
}

export function productFilterOf(q: ListQuery): ProductFilter {
  const f: ProductFilter = {};
  const category = q.waretypeid;
  if (category?.slug === HOT_SELLING_SLUG) f.hotOnly = true;
  else if (category) f.categoryId = category.id;
  if (q.waretypetwoid !== undefined) f.subcategoryIds = findSubcategories(q.waretypetwoid, category);

  if (q.customType !== undefined) f.customType = q.customType;
  if (q.shipFrom) f.shipFrom = q.shipFrom;

  const minCost = q.minCost ?? q.minPrice;
  const maxCost = q.maxCost ?? q.maxPrice;
  if (minCost !== undefined && maxCost !== undefined && minCost > maxCost)
    throw new AppError('The lowest price must not be above the highest price');
  if (minCost !== undefined) f.minCost = minCost;
  if (maxCost !== undefined) f.maxCost = maxCost;

  const words = q.keyword === undefined ? [] : keywordWords(q.keyword);
  if (words.length > 0) f.words = words;
  if (q.hot) f.hotOnly = true;
  if (q.is3D !== undefined) f.is3d = q.is3D;
  if (q.gift !== undefined) f.gift = q.gift;
  return f;
}

/**
 * `sort` (newest, oldest, price_asc, price_desc, popular), or RuoYi's orderByColumn
 * (createdTime, price, sales) with isAsc (asc / desc, default desc; sales is always best first).
 */
export function sortOf(q: ListQuery): CatalogSort {
  if (q.sort !== undefined) return q.sort;
  if (q.orderByColumn === undefined) return 'newest';
  const up = q.isAsc === 'asc';
  switch (q.orderByColumn) {
    case 'created':
      return up ? 'oldest' : 'newest';
    case 'price':
      return up ? 'price_asc' : 'price_desc';
    case 'sales':
      return 'popular';
  }
}
