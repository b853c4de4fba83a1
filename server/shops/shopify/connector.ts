/** Pushing, listing and order reading for one connected Shopify store over the GraphQL Admin API. */
import type { ShopifyAppConfig } from '../config';
import type { PushProduct } from '../push-product';
import type { LineProperty, ProductLink, PullHooks, ShopConnector, ShopOrder, StoreNotice } from '../connector-types';
import {
  ORDERS_QUERY,
  ORDERS_WITHOUT_CUSTOMER_QUERY,
  PRODUCT_SET_MUTATION,
  PRODUCT_STATUS_MUTATION,
  ProtectedCustomerDataError,
  WEBHOOK_CREATE_MUTATION,
  isProtectedDataRefusal,
  shopifyAdmin,
  throwUserErrors,
  type OrdersQuery,
  type ProductSetResult,
  type ProductStatusResult,
  type ShopifyAdmin,
  type WebhookCreateResult,
} from './admin';
import { productSetVariables, variantMapFrom } from './product-input';
import { ShopApiError } from '../errors';

/**
 * Topics the app subscribes to on install, each on its own: the app being removed first (it needs
 * no protected customer data, so a refusal of the order topic cannot cost it), then store orders.
 */
export const WEBHOOK_TOPICS = ['APP_UNINSTALLED', 'ORDERS_CREATE'] as const;

/** The notice code of the order pull reading without protected customer data. */
export const PROTECTED_DATA_NOTICE = 'shopify:protected-customer-data';
/** The prefix of the install's webhook notices (one per refused topic). */
export const WEBHOOK_NOTICE = 'shopify:webhook:';

/** What the merchant reads when the order pull runs without protected customer data. */
export const PROTECTED_DATA_MESSAGE =
  "Shopify has not approved this app for protected customer data, so orders are read without the customer's e-mail and shipping address: each order of your products waits under Stores for you to enter its shipping address. The app's developer must request protected customer data access (name, e-mail, address, phone) for the app in the Shopify Partner Dashboard.";

/** What the merchant reads when Shopify refused the order webhook for the same reason. */
export const PROTECTED_WEBHOOK_MESSAGE =
  "Shopify has not approved this app for protected customer data, so it refused the order webhook: new orders arrive only by the regular pull. Once the app's developer has that access approved in the Shopify Partner Dashboard, connect the store again.";

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
      const res = await admin.request<ProductStatusResult>(PRODUCT_STATUS_MUTATION, {
        product: { id: link.externalProductId, status: listed ? 'ACTIVE' : 'DRAFT' },
      });
      throwUserErrors(res.productUpdate.userErrors);
      if (!res.productUpdate.product) throw new ShopApiError('Shopify did not return the product', 'transient');
    },
    async pullOrders(since: Date | null, hooks?: PullHooks): Promise<ShopOrder[]> {
      try {
        const orders = await readOrders(admin, ORDERS_QUERY, since);
        await hooks?.notice?.(PROTECTED_DATA_NOTICE, null);
        return orders;
      } catch (err) {
        if (!(err instanceof ProtectedCustomerDataError)) throw err;
        // Tried again each pull: the full read comes back by itself once Shopify approves the app.
        await hooks?.notice?.(PROTECTED_DATA_NOTICE, PROTECTED_DATA_MESSAGE);
        return readOrders(admin, ORDERS_WITHOUT_CUSTOMER_QUERY, since);
      }
    },
  };
}

async function readOrders(admin: ShopifyAdmin, query: string, since: Date | null): Promise<ShopOrder[]> {
  const out: ShopOrder[] = [];
  let after: string | null = null;
  const filter = since ? `created_at:>='${since.toISOString()}'` : null;
  for (let page = 0; page < 20; page++) {
    const res: OrdersQuery = await admin.request<OrdersQuery>(query, { first: 50, after, query: filter });
    for (const o of res.orders.nodes) {
      const a = o.shippingAddress;
      out.push({
        externalId: o.legacyResourceId,
        name: o.name,
        createdAt: new Date(o.createdAt),
        email: o.email ?? null,
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
          properties: (l.customAttributes ?? []).map((a) => ({ name: a.key, value: a.value ?? '' })),
        })),
      });
    }
    if (!res.orders.pageInfo.hasNextPage) break;
    after = res.orders.pageInfo.endCursor;
  }
  return out;
}

/** How one topic's subscription went: null when subscribed (or already), else why not. */
export interface WebhookOutcome {
  topic: (typeof WEBHOOK_TOPICS)[number];
  error: string | null;
  protectedData: boolean;
}

/**
 * Subscribes each topic on its own to our webhook address: one refused topic (the order topic
 * for an app without protected customer data approval) leaves the others subscribed. Never throws
 * for a topic: every outcome is returned for the connection's notices.
 */
export async function subscribeWebhooks(admin: ShopifyAdmin, uri: string): Promise<WebhookOutcome[]> {
  const outcomes: WebhookOutcome[] = [];
  for (const topic of WEBHOOK_TOPICS) {
    try {
      const res = await admin.request<WebhookCreateResult>(WEBHOOK_CREATE_MUTATION, {
        topic,
        webhookSubscription: { uri, format: 'JSON' },
      });
      const errors = res.webhookSubscriptionCreate.userErrors.filter((e) => !/already been taken/i.test(e.message));
      const message = errors.map((e) => e.message).join('; ');
      outcomes.push({ topic, error: message || null, protectedData: isProtectedDataRefusal(message) });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      outcomes.push({ topic, error: message, protectedData: err instanceof ProtectedCustomerDataError });
    }
  }
  return outcomes;
}

/** The notices an install's webhook outcomes leave: what each refused topic costs and what the app needs. */
export function webhookNotices(outcomes: WebhookOutcome[]): StoreNotice[] {
  return outcomes
    .filter((o) => o.error !== null)
    .map((o) => ({
      code: `${WEBHOOK_NOTICE}${o.topic}`,
      message: o.protectedData
        ? PROTECTED_WEBHOOK_MESSAGE
        : o.topic === 'ORDERS_CREATE'
          ? `Shopify refused the order webhook (${o.error}): new orders arrive only by the regular pull. Connect the store again to retry.`
          : `Shopify refused the app-removed webhook (${o.error}): removing the app is noticed at the next call to the store. Connect the store again to retry.`,
    }));
}

/** A REST line item's `properties` ([{ name, value }]); anything else in their place is no property. */
function webhookProperties(raw: unknown): LineProperty[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((p: unknown) => {
    if (!p || typeof p !== 'object') return [];
    const { name, value } = p as { name?: unknown; value?: unknown };
    return typeof name === 'string' && (typeof value === 'string' || typeof value === 'number') ? [{ name, value: String(value) }] : [];
  });
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
      properties: webhookProperties(l.properties),
    })),
  };
}
