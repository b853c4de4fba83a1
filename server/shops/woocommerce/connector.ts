/**
 * WooCommerce REST API v3 (wc/v3) through WooCommerce's own client: a variable product with
 * its attributes, one variation per variant (batch create/update), images by URL, orders as
 * store orders. Keys come from the store's key-grant endpoint (/wc-auth/v1/authorize).
 */
import { wooClient } from './client';
import type { PushProduct } from '../push-product';
import type { ProductLink, ShopConnector, ShopOrder } from '../connector-types';
import { ShopApiError, asShopError, kindOfStatus, retryAfterMs } from '../errors';
import { centsToDecimal } from '../../../contract/commerce';

/** The store's origin, wc-auth's key-grant page, for the merchant's browser. */
export function wcAuthorizeUrl(storeUrl: string, p: { appName: string; userId: string; returnUrl: string; callbackUrl: string }): string {
  const url = new URL('/wc-auth/v1/authorize', storeUrl);
  url.searchParams.set('app_name', p.appName);
  url.searchParams.set('scope', 'read_write');
  url.searchParams.set('user_id', p.userId);
  url.searchParams.set('return_url', p.returnUrl);
  url.searchParams.set('callback_url', p.callbackUrl);
  return url.toString();
}

interface AxiosLikeError {
  response?: { status: number; data?: { message?: string; code?: string }; headers?: Record<string, string> };
  message?: string;
}

function wrap(err: unknown): ShopApiError {
  const e = err as AxiosLikeError;
  if (e?.response) {
    const msg = e.response.data?.message ?? `HTTP ${e.response.status}`;
    return new ShopApiError(
      `WooCommerce: ${msg}`,
      kindOfStatus(e.response.status),
      e.response.status,
      retryAfterMs(e.response.headers?.['retry-after']),
    );
  }
  return asShopError(err);
}

interface WcImage {
  id: number;
  src: string;
}
interface WcProduct {
  id: number;
  status: string;
  variations?: number[];
  images?: WcImage[];
}
interface WcVariation {
  id: number;
  sku: string;
  attributes: { name: string; option: string }[];
}
interface WcOrder {
  id: number;
  number: string;
  date_created_gmt: string;
  billing?: { email?: string };
  shipping: {
    first_name: string;
    last_name: string;
    address_1: string;
    address_2: string;
    city: string;
    state: string;
    postcode: string;
    country: string;
    phone?: string;
  };
  line_items: {
    product_id: number;
    variation_id: number;
    quantity: number;
    sku: string;
    name: string;
    /** Order item meta: what the storefront snippet stored with the line (a buyer's personalisation). */
    meta_data?: { key: string; value: unknown }[];
  }[];
}

/** WooCommerce refuses a batch of more than 100 objects (create, update and delete together) with 413. */
export const WC_BATCH_MAX = 100;
/** The most a list call returns per page (per_page above 100 is refused). */
export const WC_PAGE_MAX = 100;

/**
 * A picture as WooCommerce takes it: by the id the store gave it on an earlier push when it holds
 * it already, else by URL (the store downloads it into its media library, once).
 */
const wcImage = (url: string, alt: string, imageMap: Record<string, string>) =>
  imageMap[url] ? { id: Number(imageMap[url]), alt } : { src: url, alt };

/** Our product → a variable product body with attributes used for variations. */
export function wcProductBody(product: PushProduct, imageMap: Record<string, string> = {}) {
  return {
    name: product.title,
    type: product.options.length ? 'variable' : 'simple',
    status: 'publish',
    slug: product.handle,
    description: product.bodyHtml,
    ...(product.options.length
      ? {}
      : { regular_price: centsToDecimal(product.variants[0]?.priceCents ?? 0), sku: product.variants[0]?.sku }),
    images: product.images.map((i) => wcImage(i.url, i.alt, imageMap)),
    attributes: product.options.map((o, i) => ({ name: o.name, position: i, visible: true, variation: true, options: o.values })),
  };
}

/** The store's image ids of our pictures, from the product it answered (its images in the order sent). */
function imageMapFrom(product: PushProduct, answered: WcProduct, known: Record<string, string>): Record<string, string> {
  const map: Record<string, string> = {};
  product.images.forEach((img, i) => {
    const id = answered.images?.[i]?.id;
    if (id) map[img.url] = String(id);
    else if (known[img.url]) map[img.url] = known[img.url]!;
  });
  return map;
}

interface BatchBody<C, U> {
  create: C[];
  update: U[];
  delete: number[];
}

/** Splits one batch into batches of at most `max` objects, creates first, then updates, then deletes. */
export function splitBatch<C, U>(batch: BatchBody<C, U>, max = WC_BATCH_MAX): BatchBody<C, U>[] {
  const items: ({ k: 'create'; v: C } | { k: 'update'; v: U } | { k: 'delete'; v: number })[] = [
    ...batch.create.map((v) => ({ k: 'create' as const, v })),
    ...batch.update.map((v) => ({ k: 'update' as const, v })),
    ...batch.delete.map((v) => ({ k: 'delete' as const, v })),
  ];
  const out: BatchBody<C, U>[] = [];
  for (let i = 0; i < items.length; i += max) {
    const part: BatchBody<C, U> = { create: [], update: [], delete: [] };
    for (const it of items.slice(i, i + max)) {
      if (it.k === 'create') part.create.push(it.v);
      else if (it.k === 'update') part.update.push(it.v);
      else part.delete.push(it.v);
    }
    out.push(part);
  }
  return out;
}

export function woocommerceConnector(storeUrl: string, consumerKey: string, consumerSecret: string): ShopConnector {
  const api = wooClient(storeUrl, consumerKey, consumerSecret);
  const call = async <T>(p: Promise<{ data: T }>): Promise<T> => {
    try {
      return (await p).data;
    } catch (err) {
      throw wrap(err);
    }
  };
  /** Every page of a list (WooCommerce answers at most 100 a page). */
  const listAll = async <T>(path: string, params: Record<string, unknown> = {}): Promise<T[]> => {
    const all: T[] = [];
    for (let page = 1; page <= 100; page++) {
      const rows = await call<T[]>(api.get(path, { ...params, per_page: WC_PAGE_MAX, page }));
      all.push(...rows);
      if (rows.length < WC_PAGE_MAX) break;
    }
    return all;
  };
  return {
    async pushProduct(product: PushProduct, link: ProductLink | null): Promise<ProductLink> {
      let knownImages = link?.imageMap ?? {};
      const save = async (imageMap: Record<string, string>): Promise<WcProduct> => {
        const body = wcProductBody(product, imageMap);
        if (link) return call<WcProduct>(api.put(`products/${Number(link.externalProductId)}`, body));
        // A product whose answer was lost is found again by its slug instead of made twice.
        const found = await call<WcProduct[]>(api.get('products', { slug: product.handle }));
        return found[0] ? call<WcProduct>(api.put(`products/${found[0].id}`, body)) : call<WcProduct>(api.post('products', body));
      };
      let saved: WcProduct;
      try {
        saved = await save(knownImages);
      } catch (err) {
        // The merchant deleted a picture from the media library: send every picture by URL again.
        if (!(err instanceof ShopApiError && /invalid image id/i.test(err.message)) || Object.keys(knownImages).length === 0) throw err;
        knownImages = {};
        saved = await save(knownImages);
      }
      const id = saved.id;
      const imageMap = imageMapFrom(product, saved, knownImages);
      if (product.options.length === 0) return { externalProductId: String(id), variantMap: {}, imageMap };
      const known = link?.variantMap ?? {};
      const payload = (v: PushProduct['variants'][number]) => ({
        sku: v.sku,
        regular_price: centsToDecimal(v.priceCents),
        // A variation's picture is one of the product's: by the id the product's save just gave it.
        ...(v.imageUrl ? { image: imageMap[v.imageUrl] ? { id: Number(imageMap[v.imageUrl]) } : { src: v.imageUrl } } : {}),
        attributes: product.options.map((o, i) => ({ name: o.name, option: v.optionValues[i] ?? '' })),
      });
      const existing = await listAll<WcVariation>(`products/${id}/variations`);
      const create = product.variants.filter((v) => !known[String(v.id)] || !existing.some((e) => String(e.id) === known[String(v.id)]));
      const update = product.variants.filter((v) => !create.includes(v)).map((v) => ({ id: Number(known[String(v.id)]), ...payload(v) }));
      const keep = new Set(update.map((u) => u.id));
      const remove = existing.filter((e) => !keep.has(e.id) && !create.some((c) => c.sku === e.sku)).map((e) => e.id);
      // Batches go in order, so the n-th created variation answers the n-th variant to create.
      const made: (WcVariation | undefined)[] = [];
      for (const part of splitBatch({ create: create.map(payload), update, delete: remove })) {
        const res = await call<{ create?: (WcVariation & { error?: unknown })[]; update?: unknown[] }>(
          api.post(`products/${id}/variations/batch`, part),
        );
        for (let i = 0; i < part.create.length; i++) {
          const v = res.create?.[i];
          made.push(v && !v.error ? v : undefined);
        }
      }
      const variantMap: Record<string, string> = {};
      for (const v of product.variants) {
        if (known[String(v.id)] && update.some((u) => String(u.id) === known[String(v.id)]))
          variantMap[String(v.id)] = known[String(v.id)]!;
      }
      create.forEach((v, i) => {
        const m = made[i];
        if (m?.id) variantMap[String(v.id)] = String(m.id);
      });
      return { externalProductId: String(id), variantMap, imageMap };
    },
    async setListed(link: ProductLink, listed: boolean): Promise<void> {
      await call(api.put(`products/${link.externalProductId}`, { status: listed ? 'publish' : 'draft' }));
    },
    async pullOrders(since: Date | null): Promise<ShopOrder[]> {
      const list = await listAll<WcOrder>('orders', { order: 'asc', orderby: 'date', ...(since ? { after: since.toISOString() } : {}) });
      return list.map(wcOrderToShopOrder);
    },
  };
}

export function wcOrderToShopOrder(o: WcOrder): ShopOrder {
  const s = o.shipping;
  return {
    externalId: String(o.id),
    name: `#${o.number ?? o.id}`,
    createdAt: new Date(o.date_created_gmt ? `${o.date_created_gmt.replace(/Z?$/, '')}Z` : Date.now()),
    email: o.billing?.email ?? null,
    address: s?.country
      ? {
          firstName: s.first_name ?? '',
          lastName: s.last_name ?? '',
          address1: s.address_1 ?? '',
          address2: s.address_2 ?? '',
          city: s.city ?? '',
          province: s.state ?? '',
          zip: s.postcode ?? '',
          countryCode: s.country,
          phone: s.phone ?? '',
        }
      : null,
    lines: (o.line_items ?? []).map((l) => ({
      externalProductId: String(l.product_id),
      externalVariantId: l.variation_id ? String(l.variation_id) : null,
      sku: l.sku || null,
      quantity: l.quantity,
      title: l.name,
      properties: (l.meta_data ?? []).flatMap((m) =>
        typeof m.key === 'string' && (typeof m.value === 'string' || typeof m.value === 'number')
          ? [{ name: m.key, value: String(m.value) }]
          : [],
      ),
    })),
  };
}

export type { WcOrder };
