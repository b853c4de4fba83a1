/**
 * The list filters of the catalogue calls, from query parameters. Categories and subcategories
 * are found by id or slug in the fixed taxonomy (server/catalog/taxonomy.ts), so no query is
 * spent on them; an unknown one is an error, not an empty page.
 *
 * Parameters: waretypeid | categoryId | category | categorySlug; waretypetwoid | subcategoryId |
 * subcategory | subcategorySlug (a slug alone matches it in every category: 't-shirt');
 * customType; shipFrom (USA, Australia, China or US, AU, CN); minPrice / maxPrice in dollars
 * (spec price format) or minCost / maxCost in cents, matched against the product's cheapest
 * variant (the "from" price a card shows); keyword | title | q; hot, is3D, gift (0/1).
 */
import { AppError } from '../platform/envelope';
import {
  CatalogMessages,
  first,
  parseCents,
  parseCustomType,
  parseDollars,
  parseFlag,
  parseKeyword,
  parseShipFrom,
  type Query,
} from './catalog-query';
import type { ProductFilter } from './queries';
import { CATEGORIES, HOT_SELLING_SLUG, type CategoryDef } from './taxonomy';

const isId = (s: string) => /^\d{1,9}$/.test(s);

function findCategory(raw: string): CategoryDef {
  const found = isId(raw) ? CATEGORIES.find((c) => c.id === Number(raw)) : CATEGORIES.find((c) => c.slug === raw.toLowerCase());
  if (!found) throw new AppError(`${CatalogMessages.categoryNotFound}: ${raw}`);
  return found;
}

function findSubcategories(raw: string, category: CategoryDef | undefined): number[] {
  const pool = category ? [category] : CATEGORIES;
  const subs = pool.flatMap((c) => c.subcategories).filter((s) => (isId(raw) ? s.id === Number(raw) : s.slug === raw.toLowerCase()));
  if (subs.length === 0) throw new AppError(`${CatalogMessages.subcategoryNotFound}: ${raw}`);
  return subs.map((s) => s.id);
}

export function parseFilter(q: Query): ProductFilter {
  const f: ProductFilter = {};
  const rawCategory = first(q, 'waretypeid', 'categoryId', 'category', 'categorySlug');
  const category = rawCategory === undefined ? undefined : findCategory(rawCategory);
  if (category?.slug === HOT_SELLING_SLUG) f.hotOnly = true;
  else if (category) f.categoryId = category.id;

  const rawSub = first(q, 'waretypetwoid', 'subcategoryId', 'subcategory', 'subcategorySlug');
  if (rawSub !== undefined) f.subcategoryIds = findSubcategories(rawSub, category);

  const customType = parseCustomType(first(q, 'customType', 'custom_type'));
  if (customType !== undefined) f.customType = customType;
  const shipFrom = parseShipFrom(first(q, 'shipFrom', 'shipfrom'));
  if (shipFrom) f.shipFrom = shipFrom;

  const minCost = parseCents(first(q, 'minCost'), 'minCost') ?? parseDollars(first(q, 'minPrice'), 'minPrice');
  const maxCost = parseCents(first(q, 'maxCost'), 'maxCost') ?? parseDollars(first(q, 'maxPrice'), 'maxPrice');
  if (minCost !== undefined && maxCost !== undefined && minCost > maxCost)
    throw new AppError('The lowest price must not be above the highest price');
  if (minCost !== undefined) f.minCost = minCost;
  if (maxCost !== undefined) f.maxCost = maxCost;

  const words = parseKeyword(first(q, 'keyword', 'keywords', 'title', 'q', 'search'));
  if (words.length > 0) f.words = words;
  if (parseFlag(first(q, 'hot', 'hotSelling'), 'hot')) f.hotOnly = true;
  const is3d = parseFlag(first(q, 'is3D', 'is3d'), 'is3D');
  if (is3d !== undefined) f.is3d = is3d;
  const gift = parseFlag(first(q, 'gift', 'customizedGift'), 'gift');
  if (gift !== undefined) f.gift = gift;
  return f;
}
