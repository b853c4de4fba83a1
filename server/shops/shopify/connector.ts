/** Pushing, listing and order reading for one connected Shopify store over the GraphQL Admin API. */
import type { ShopifyAppConfig } from '../config';
import type { PushProduct } from '../push-product';
import type { ProductLink, ShopConnector, ShopOrder } from '../connector-types';
import {
  ORDERS_QUERY,
  PRODUCT_SET_MUTATION,
  WEBHOOK_CREATE_MUTATION,
  shopifyAdmin,
  throwUserErrors,
  type OrdersQuery,
  type ProductSetResult,
  type ShopifyAdmin,
  type WebhookCreateResult,
} from './admin';
import { productSetVariables, variantMapFrom } from './product-input';
import { ShopApiError } from '../errors';

/** Topics the app subscribes to on install: store orders, and the app being removed. */
export const WEBHOOK_TOPICS = ['ORDERS_CREATE', 'APP_UNINSTALLED'] as const;

export function shopifyConnector(cfg: ShopifyAppConfig, shop: string, accessToken: string): ShopConnector & { admin: ShopifyAdmin } {
  const admin = shopifyAdmin(cfg, shop, accessToken);
  return {
    admin,
    async pushProduct(product: PushProduct, link: ProductLink | null): Promise<ProductLink> {
      const res = await admin.request<ProductSetResult>(PRODUCT_SET_MUTATION, productSetVariables(product, link));
      throwUserErrors(res.productSet.userErrors);
      const p = res.productSet.product;
      if (!p) throw new ShopApiError('Shopify did not return the product', 'transient');
      return { externalProductId: p.id, variantMap: variantMapFrom(product, p.variants.nodes) };
    },
    async setListed(link: ProductLink, listed: boolean): Promise<void> {
      // productSet without options or variants (allowed since 2024-07) changes only the status.
      const res = await admin.request<ProductSetResult>(PRODUCT_SET_MUTATION, {
        identifier: { id: link.externalProductId },
        input: { status: listed ? 'ACTIVE' : 'DRAFT' },
        synchronous: true,
      });
      throwUserErrors(res.productSet.userErrors);
    },
    async pullOrders(since: Date | null): Promise<ShopOrder[]> {
      const out: ShopOrder[] = [];
      let after: string | null = null;
      const query = since ? `created_at:>='${since.toISOString()}'` : null;
      for (let page = 0; page < 20; page++) {
        const res: OrdersQuery = await admin.request<OrdersQuery>(ORDERS_QUERY, { first: 50, after, query });
        for (const o of res.orders.nodes) {
          const a = o.shippingAddress;
          out.push({
            externalId: o.legacyResourceId,
            name: o.name,
            createdAt: new Date(o.createdAt),
            email: o.email,
            address: a
              ? {
                  firstName: a.firstName ?? '',
                  lastName: a.lastName ?? '',
                  address1: a.address1 ?? '',
                  address2: a.address2 ?? '',
                  city: a.city ?? '',
                  province: a.province ?? '',
                  zip: a.zip ?? '',
                  countryCode: a.countryCodeV2 ?? '',
                  phone: a.phone ?? '',
                }
              : null,
            lines: o.lineItems.nodes.map((l) => ({
              externalProductId: l.product?.id ?? null,
              externalVariantId: l.variant?.id ?? null,
              sku: l.sku,
              quantity: l.quantity,
              title: l.title,
            })),
          });
        }
        if (!res.orders.pageInfo.hasNextPage) break;
        after = res.orders.pageInfo.endCursor;
      }
      return out;
    },
  };
}

/** Subscribes the store's order and uninstall events to our webhook address. */
export async function subscribeWebhooks(admin: ShopifyAdmin, uri: string): Promise<void> {
  for (const topic of WEBHOOK_TOPICS) {
    const res = await admin.request<WebhookCreateResult>(WEBHOOK_CREATE_MUTATION, { topic, webhookSubscription: { uri, format: 'JSON' } });
    const errors = res.webhookSubscriptionCreate.userErrors.filter((e) => !/already been taken/i.test(e.message));
    throwUserErrors(errors);
  }
}

/** A Shopify orders/create webhook body (REST order JSON) → a store order. */
export function orderFromWebhook(body: Record<string, unknown>): ShopOrder | null {
  const id = body.id;
  if (typeof id !== 'number' && typeof id !== 'string') return null;
  const a = (body.shipping_address ?? null) as Record<string, unknown> | null;
  const s = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
  const lines = Array.isArray(body.line_items) ? (body.line_items as Record<string, unknown>[]) : [];
  return {
    externalId: String(id),
    name: s(body.name),
    createdAt: new Date(s(body.created_at) || Date.now()),
    email: typeof body.email === 'string' ? body.email : null,
    address: a
      ? {
          firstName: s(a.first_name),
          lastName: s(a.last_name),
          address1: s(a.address1),
          address2: s(a.address2),
          city: s(a.city),
          province: s(a.province),
          zip: s(a.zip),
          countryCode: s(a.country_code),
          phone: s(a.phone),
        }
      : null,
    lines: lines.map((l) => ({
      externalProductId: l.product_id ? `gid://shopify/Product/${s(l.product_id)}` : null,
      externalVariantId: l.variant_id ? `gid://shopify/ProductVariant/${s(l.variant_id)}` : null,
      sku: typeof l.sku === 'string' ? l.sku : null,
      quantity: Number(l.quantity) || 0,
      title: s(l.title),
    })),
  };
}
