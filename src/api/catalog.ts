/**
 * Catalogue calls (all GET, all open to visitors). Shapes come from the shared wire types in
 * contract/catalog.ts.
 *
 * Reads are cached in memory for a few minutes, keyed by path and parameters: the catalogue is
 * generated once and does not change under a running page, so back/forward and revisits paint
 * at once, and two components asking the same thing share one request (http.ts would otherwise
 * cancel the older of two identical pending requests). A failed answer is never cached.
 */
import { call, type CallOptions } from './http';
import type { Envelope } from '../../contract/envelope';
import type { ProductCard, ProductDetail } from '../../contract/catalog';
import type { ShippingQuote } from '../../contract/commerce';

export type { ProductCard, ProductDetail, ColorSwatch, WireOption, WireVariant, GalleryImage } from '../../contract/catalog';
export type { ShippingQuote } from '../../contract/commerce';

export interface SubMenu {
  id: number;
  waretypeid: number;
  name: string;
  title: string;
  slug: string;
  /** Icon URL. */
  url: string;
  status: number;
  hot: 0 | 1;
  productCount: number;
  path: string;
}

/** A product category: name, title, url (icon), subMenuList, status (1 active). */
export interface Category {
  id: number;
  name: string;
  title: string;
  slug: string;
  url: string;
  status: number;
  inMenu: 0 | 1;
  hasSubMenu: 0 | 1;
  productCount: number;
  path: string;
  subMenuList: SubMenu[];
}

export interface HotCategory {
  id: number;
  waretypeid: number;
  categorySlug: string;
  name: string;
  title: string;
  slug: string;
  url: string;
  cover: string;
  productCount: number;
  path: string;
}
export interface CustomTypeRow {
  customType: number;
  name: string;
  description: string;
  productCount: number;
}
export interface GiftTypeRow {
  id: number;
  waretypeid: number;
  categorySlug: string;
  name: string;
  title: string;
  slug: string;
  productCount: number;
  path: string;
}
export interface ShipCountry {
  shipCountryId: number;
  countryCode: string;
  country: string;
  freeShipping: 0 | 1;
}
export type ShippingRow = ShippingQuote & { variantid: number };

export type CatalogSort = 'newest' | 'price_asc' | 'price_desc' | 'popular';

/** The list filters the server reads (server/catalog/filters.ts). */
export interface ListParams {
  category?: string;
  subcategory?: string;
  waretypetwoid?: number;
  customType?: number;
  shipFrom?: 'USA' | 'Australia' | 'China';
  minPrice?: string;
  maxPrice?: string;
  keyword?: string;
  is3D?: 0 | 1;
  gift?: 0 | 1;
  sort?: CatalogSort;
  pageNum?: number;
  pageSize?: number;
}

type Params = Record<string, string | number | boolean | undefined | null>;
type Page<T> = Envelope<T[]> & { rows?: T[]; total?: number };

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 80;
const cache = new Map<string, { at: number; promise: Promise<Envelope<unknown>> }>();
const settled = new WeakMap<Promise<unknown>, unknown>();

/** A cached call's answer if it has already arrived: lets a page paint cached data in its first render. */
export function settledValue<T>(promise: Promise<T>): T | undefined {
  return settled.get(promise) as T | undefined;
}

function cachedGet<T>(url: string, searchParams: Params = {}, opts: CallOptions = {}): Promise<Envelope<T>> {
  const clean = Object.fromEntries(Object.entries(searchParams).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const key = `${url}?${new URLSearchParams(Object.entries(clean).map(([k, v]) => [k, String(v)])).toString()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.promise as Promise<Envelope<T>>;
  // Shared promises must not be cancelled by a newer identical call: no dedupe here.
  const promise: Promise<Envelope<T>> = call<T>('get', url, { ...opts, searchParams: clean, dedupe: false }).then((res) => {
    if (res.code !== 200) cache.delete(key);
    else settled.set(promise, res);
    return res;
  });
  cache.set(key, { at: Date.now(), promise: promise as Promise<Envelope<unknown>> });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return promise;
}

const P = 'api/product';

export const catalogApi = {
  /** The catalogue grid: filters, sort, paging; rows + total. */
  list: (params: ListParams) =>
    cachedGet<ProductCard[]>(`${P}/productsCatalogList`, params as Params, { showError: false }) as Promise<Page<ProductCard>>,
  hotSelling: (pageSize = 5) =>
    cachedGet<ProductCard[]>(`${P}/getHotSellingProducts`, { pageSize }, { hideLoading: true }) as Promise<Page<ProductCard>>,
  custom3D: (pageSize = 5) =>
    cachedGet<ProductCard[]>(`${P}/get3DCustomProducts`, { pageSize }, { hideLoading: true }) as Promise<Page<ProductCard>>,
  related: (productId: number, pageSize = 5) =>
    cachedGet<ProductCard[]>(`${P}/relatedProductList`, { productId, pageSize }, { hideLoading: true, showError: false }) as Promise<
      Page<ProductCard>
    >,
  /** Categories joined with their subcategories; menu=1 leaves out the hot-selling category. */
  categories: (menuOnly = false) =>
    cachedGet<Category[]>(`${P}/tblwaretype/list`, menuOnly ? { menu: 1 } : {}, { hideLoading: true, showError: false }) as Promise<
      Page<Category>
    >,
  hotCategories: () =>
    cachedGet<HotCategory[]>(`${P}/tblwaretypetwo/hotSellingCategoriesList`, {}, { hideLoading: true, showError: false }) as Promise<
      Page<HotCategory>
    >,
  customTypes: () =>
    cachedGet<CustomTypeRow[]>(`${P}/tblwaretypetwo/getCustomTypeList`, {}, { hideLoading: true, showError: false }) as Promise<
      Page<CustomTypeRow>
    >,
  giftTypes: () =>
    cachedGet<GiftTypeRow[]>(`${P}/tblwaretypetwo/getCustomizedTypeList`, {}, { hideLoading: true, showError: false }) as Promise<
      Page<GiftTypeRow>
    >,
  /** Unknown ids answer code 10000: the caller shows the not-found page, not a toast. */
  info: (id: number | string) => cachedGet<ProductDetail>(`${P}/getInfo/${encodeURIComponent(String(id))}`, {}, { showError: false }),
  infoByHandle: (handle: string) =>
    cachedGet<ProductDetail>(`${P}/getInfoByHandle/${encodeURIComponent(handle)}`, {}, { showError: false }),
  /** Every country served; the ship-from rule is applied per product by the calculator. */
  shipCountries: () => cachedGet<ShipCountry[]>(`${P}/shipCountryList`, {}, { hideLoading: true }) as Promise<Page<ShipCountry>>,
  /** Methods, times and costs to a country; refusals come back as code 10000 with the ship-from message. */
  shippingTemplates: (p: { productid: number; countrycode: string; variantid?: number | undefined; quantity?: number }) =>
    cachedGet<ShippingRow[]>(`${P}/getshippingTemplateList`, p, { showError: false, hideLoading: true }),
};
