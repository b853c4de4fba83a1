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

interface WcProduct {
  id: number;
  status: string;
  variations?: number[];
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
  line_items: { product_id: number; variation_id: number; quantity: number; sku: string; name: string }[];
}

/** Our product → a variable product body with attributes used for variations. */
export function wcProductBody(product: PushProduct) {
  return {
    name: product.title,
    type: product.options.length ? 'variable' : 'simple',
    status: 'publish',
    slug: product.handle,
    description: product.bodyHtml,
    ...(product.options.length
      ? {}
      : { regular_price: centsToDecimal(product.variants[0]?.priceCents ?? 0), sku: product.variants[0]?.sku }),
    images: product.images.map((i) => ({ src: i.url, alt: i.alt })),
    attributes: product.options.map((o, i) => ({ name: o.name, position: i, visible: true, variation: true, options: o.values })),
  };
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
  return {
    async pushProduct(product: PushProduct, link: ProductLink | null): Promise<ProductLink> {
      const body = wcProductBody(product);
      let id: number;
      if (link) {
        id = Number(link.externalProductId);
        await call(api.put(`products/${id}`, body));
      } else {
        // A product whose answer was lost is found again by its slug instead of made twice.
        const found = await call<WcProduct[]>(api.get('products', { slug: product.handle }));
        id = found[0]?.id ?? (await call<WcProduct>(api.post('products', body))).id;
        if (found[0]) await call(api.put(`products/${id}`, body));
      }
      if (product.options.length === 0) return { externalProductId: String(id), variantMap: {} };
      const known = link?.variantMap ?? {};
      const payload = (v: PushProduct['variants'][number]) => ({
        sku: v.sku,
        regular_price: centsToDecimal(v.priceCents),
        ...(v.imageUrl ? { image: { src: v.imageUrl } } : {}),
        attributes: product.options.map((o, i) => ({ name: o.name, option: v.optionValues[i] ?? '' })),
      });
      const existing = await call<WcVariation[]>(api.get(`products/${id}/variations`, { per_page: 100 }));
      const create = product.variants.filter((v) => !known[String(v.id)] || !existing.some((e) => String(e.id) === known[String(v.id)]));
      const update = product.variants.filter((v) => !create.includes(v)).map((v) => ({ id: Number(known[String(v.id)]), ...payload(v) }));
      const keep = new Set(update.map((u) => u.id));
      const remove = existing.filter((e) => !keep.has(e.id) && !create.some((c) => c.sku === e.sku)).map((e) => e.id);
      const res = await call<{ create?: WcVariation[]; update?: WcVariation[] }>(
        api.post(`products/${id}/variations/batch`, { create: create.map(payload), update, delete: remove }),
      );
      const variantMap: Record<string, string> = {};
      for (const v of product.variants) {
        if (known[String(v.id)] && update.some((u) => String(u.id) === known[String(v.id)]))
          variantMap[String(v.id)] = known[String(v.id)]!;
      }
      create.forEach((v, i) => {
        const made = res.create?.[i];
        if (made?.id) variantMap[String(v.id)] = String(made.id);
      });
      return { externalProductId: String(id), variantMap };
    },
    async setListed(link: ProductLink, listed: boolean): Promise<void> {
      await call(api.put(`products/${link.externalProductId}`, { status: listed ? 'publish' : 'draft' }));
    },
    async pullOrders(since: Date | null): Promise<ShopOrder[]> {
      const list = await call<WcOrder[]>(
        api.get('orders', { per_page: 100, order: 'asc', orderby: 'date', ...(since ? { after: since.toISOString() } : {}) }),
      );
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
    })),
  };
}

export type { WcOrder };
