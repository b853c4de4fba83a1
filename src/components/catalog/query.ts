/**
 * The catalogue list's state lives in the URL query, so a reload, the back button or a shared
 * link shows the same page: q (search words), type (custom type), ship (USA / Australia), min /
 * max (price in dollars), 3d, sort, page and size. Defaults are left out of the URL.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES } from '../../../contract/constants';
import type { CatalogSort, ListParams } from '../../api/catalog';
import { PRICE_RE } from './format';

export const SORTS: readonly { value: CatalogSort; label: string }[] = [
  { value: 'popular', label: 'Best selling' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];
export const DEFAULT_SORT: CatalogSort = 'popular';
export const DEFAULT_PAGE_SIZE = 25;
export const SHIP_FROM_CHOICES = ['USA', 'Australia'] as const;
export type ShipChoice = (typeof SHIP_FROM_CHOICES)[number];

export interface CatalogQuery {
  q: string;
  type: number | null;
  ship: ShipChoice | null;
  min: string;
  max: string;
  is3d: boolean;
  sort: CatalogSort;
  page: number;
  size: number;
}

export function parseQuery(sp: URLSearchParams): CatalogQuery {
  const type = Number(sp.get('type'));
  const ship = sp.get('ship');
  const sort = sp.get('sort') as CatalogSort | null;
  const page = Number(sp.get('page'));
  const size = Number(sp.get('size'));
  const min = sp.get('min') ?? '';
  const max = sp.get('max') ?? '';
  return {
    q: (sp.get('q') ?? '').slice(0, 100),
    type: Number.isInteger(type) && type >= 1 && type <= 12 ? type : null,
    ship: ship === 'USA' || ship === 'Australia' ? ship : null,
    min: PRICE_RE.test(min) ? min : '',
    max: PRICE_RE.test(max) ? max : '',
    is3d: sp.get('3d') === '1',
    sort: SORTS.some((s) => s.value === sort) ? (sort as CatalogSort) : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function toSearch(q: CatalogQuery): URLSearchParams {
  const sp = new URLSearchParams();
  if (q.q.trim()) sp.set('q', q.q.trim());
  if (q.type !== null) sp.set('type', String(q.type));
  if (q.ship) sp.set('ship', q.ship);
  if (q.min) sp.set('min', q.min);
  if (q.max) sp.set('max', q.max);
  if (q.is3d) sp.set('3d', '1');
  if (q.sort !== DEFAULT_SORT) sp.set('sort', q.sort);
  if (q.page > 1) sp.set('page', String(q.page));
  if (q.size !== DEFAULT_PAGE_SIZE) sp.set('size', String(q.size));
  return sp;
}

/** The list call's parameters for this state (the page's own scope is added by the caller). */
export function toListParams(q: CatalogQuery): ListParams {
  return {
    keyword: q.q.trim() || undefined,
    customType: q.type ?? undefined,
    shipFrom: q.ship ?? undefined,
    minPrice: q.min || undefined,
    maxPrice: q.max || undefined,
    is3D: q.is3d ? 1 : undefined,
    sort: q.sort,
    pageNum: q.page,
    pageSize: q.size,
  };
}

export const hasFilters = (q: CatalogQuery) => Boolean(q.q.trim() || q.type !== null || q.ship || q.min || q.max || q.is3d);

export function useCatalogQuery() {
  const [sp, setSp] = useSearchParams();
  const query = useMemo(() => parseQuery(sp), [sp]);
  /** Changes some fields; any change but the page itself starts again at page 1. */
  const update = useCallback(
    (patch: Partial<CatalogQuery>) => {
      const next = { ...query, ...patch };
      if (!('page' in patch)) next.page = 1;
      setSp(toSearch(next));
    },
    [query, setSp],
  );
  const clearFilters = useCallback(() => {
    setSp(toSearch({ ...query, q: '', type: null, ship: null, min: '', max: '', is3d: false, page: 1 }));
  }, [query, setSp]);
  /** A link's search string for another page, or the same filters elsewhere (page reset). */
  const searchFor = useCallback(
    (patch: Partial<CatalogQuery> = {}) => {
      const s = toSearch({ ...query, page: 1, ...patch }).toString();
      return s ? `?${s}` : '';
    },
    [query],
  );
  return { query, update, clearFilters, searchFor };
}
