/**
 * Reads catalogue query parameters. Anything malformed is refused with code 10000 and a message
 * naming the parameter, rather than silently ignored: a typo in a filter must not look like an
 * empty catalogue.
 */
import { AppError } from '../platform/envelope';
import { CATALOG_PAGE_SIZES, CATALOG_SORTS, MAX_PAGE_NUM, type CatalogSort } from '../../contract/catalog';
import type { ShipFromCode } from './shipping-rules';

export type Query = Record<string, unknown>;

export const CatalogMessages = {
  badPageNum: `pageNum must be a whole number from 1 to ${MAX_PAGE_NUM}`,
  badPageSize: `pageSize must be one of ${CATALOG_PAGE_SIZES.join(', ')}`,
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  subcategoryNotFound: 'Subcategory not found',
  variantNotFound: 'The variant does not belong to this product',
} as const;

/** The single value of a parameter; a repeated parameter takes its last value. */
export function single(q: Query, name: string): string | undefined {
  const v = q[name];
  const last = Array.isArray(v) ? v[v.length - 1] : v;
  if (last === undefined || last === null) return undefined;
  const s = String(last).trim();
  return s === '' ? undefined : s;
}

export function first(q: Query, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = single(q, n);
    if (v !== undefined) return v;
  }
  return undefined;
}

const INT_RE = /^\d{1,9}$/;

/** A positive id; `what` names it in the error. */
export function parseId(raw: string | undefined, what: string): number {
  if (raw === undefined) throw new AppError(`${what} is required`);
  if (!INT_RE.test(raw) || Number(raw) < 1) throw new AppError(`${what} must be a positive whole number`);
  return Number(raw);
}

export function optionalId(raw: string | undefined, what: string): number | undefined {
  return raw === undefined ? undefined : parseId(raw, what);
}

export function parsePaging(q: Query, defaultSize: number): { pageNum: number; pageSize: number; offset: number } {
  const rawNum = single(q, 'pageNum');
  const rawSize = single(q, 'pageSize');
  const pageNum = rawNum === undefined ? 1 : INT_RE.test(rawNum) ? Number(rawNum) : NaN;
  if (!(pageNum >= 1 && pageNum <= MAX_PAGE_NUM)) throw new AppError(CatalogMessages.badPageNum);
  const pageSize = rawSize === undefined ? defaultSize : INT_RE.test(rawSize) ? Number(rawSize) : NaN;
  if (!(CATALOG_PAGE_SIZES as readonly number[]).includes(pageSize)) throw new AppError(CatalogMessages.badPageSize);
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** A price filter: up to 5 integer digits and 2 decimals; turned into cents exactly. */
export function parseDollars(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(raw);
  if (!m) throw new AppError(`${what} must be a price such as 12 or 12.50`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function parseCents(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,7}$/.test(raw)) throw new AppError(`${what} must be a whole number of cents`);
  return Number(raw);
}

const SORT_ALIASES: Readonly<Record<string, CatalogSort>> = {
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

/**
 * `sort` (newest, oldest, price_asc, price_desc, popular), or RuoYi's orderByColumn
 * (createdTime, price, sales) with isAsc (asc / desc; sales is always best first).
 */
export function parseSort(q: Query): CatalogSort {
  const sort = single(q, 'sort');
  if (sort !== undefined) {
    const found = SORT_ALIASES[sort.toLowerCase()];
    if (!found) throw new AppError(`sort must be one of ${CATALOG_SORTS.join(', ')}`);
    return found;
  }
  const column = single(q, 'orderByColumn');
  if (column === undefined) return 'newest';
  const asc = (single(q, 'isAsc') ?? 'desc').toLowerCase();
  if (asc !== 'asc' && asc !== 'desc' && asc !== 'ascending' && asc !== 'descending') throw new AppError('isAsc must be asc or desc');
  const up = asc.startsWith('asc');
  switch (column.toLowerCase()) {
    case 'createdtime':
    case 'created':
      return up ? 'oldest' : 'newest';
    case 'price':
    case 'mincost':
      return up ? 'price_asc' : 'price_desc';
    case 'sales':
    case 'popularity':
      return 'popular';
    default:
      throw new AppError('orderByColumn must be createdTime, price or sales');
  }
}

const SHIP_FROM: Readonly<Record<string, ShipFromCode>> = { cn: 'CN', china: 'CN', us: 'US', usa: 'US', au: 'AU', australia: 'AU' };

export function parseShipFrom(raw: string | undefined): ShipFromCode | undefined {
  if (raw === undefined) return undefined;
  const code = SHIP_FROM[raw.toLowerCase()];
  if (!code) throw new AppError('shipFrom must be USA, Australia or China');
  return code;
}

export function parseFlag(raw: string | undefined, what: string): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new AppError(`${what} must be 0 or 1`);
}

export function parseCustomType(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 12) throw new AppError('customType must be a whole number from 1 to 12');
  return Number(raw);
}

/** Search words: lower-cased, at most 5 words of at most 40 characters. */
export function parseKeyword(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  if (raw.length > 100) throw new AppError('keyword must be at most 100 characters');
  return raw
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((w) => w.slice(0, 40));
}

/** Repeated (productIdList=1&productIdList=2) or comma-joined ids, at most 100. */
export function parseIdList(q: Query, name: string): number[] {
  const raw = q[name] ?? q[`${name}[]`];
  const parts = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new AppError(`${name} is required`);
  if (parts.length > 100) throw new AppError(`${name} takes at most 100 ids`);
  return parts.map((p) => parseId(p, name));
}
