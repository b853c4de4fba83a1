/**
 * Shopify's GraphQL Admin API through Shopify's own client (@shopify/admin-api-client). Every
 * answer is classified into ShopApiError: HTTP 429/5xx and THROTTLED (with the cost
 * extension's wait) are transient, 401 is a revoked token, ACCESS_DENIED a missing scope,
 * userErrors are the store refusing the data. The client's own retries are off: retrying is the
 * push queue's job (it honours Retry-After in seconds and keeps the job runner free meanwhile).
 */
import { createAdminApiClient } from '@shopify/admin-api-client';
import type { ShopifyAppConfig } from '../config';
import { ShopApiError, asShopError, kindOfStatus, retryAfterMs } from '../errors';

export interface ShopifyAdmin {
  shop: string;
  request<T>(operation: string, variables?: Record<string, unknown>): Promise<T>;
}

interface GqlError {
  message?: string;
  extensions?: { code?: string };
}
interface ThrottleStatus {
  maximumAvailable?: number;
  currentlyAvailable?: number;
  restoreRate?: number;
}

/** The wait THROTTLED asks for: enough restore time for the requested cost (at least 1 s). */
export function throttleWaitMs(extensions: unknown): number {
  const cost = (extensions as { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } } | undefined)?.cost;
  const need = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate ?? 0;
  return rate > 0 && need > 0 ? Math.max(1000, Math.ceil((need / rate) * 1000)) : 1000;
}

/**
 * Shopify refuses protected customer data (the customer's name, e-mail, address and phone on
 * orders, and the order webhook topics) to apps it has not approved for it, with ACCESS_DENIED
 * (queries) or a userError (webhook subscriptions) whose message says the app "is not approved".
 * That is the app's standing with Shopify, not a scope the merchant can grant: it must not be
 * read as a missing scope (that would send the merchant round the install again for nothing).
 */
export function isProtectedDataRefusal(message: string | undefined): boolean {
  return /not approved to (access|use|subscribe)|protected customer data|customer_data/i.test(message ?? '');
}

/** A query touched protected customer data the app is not approved for (see isProtectedDataRefusal). */
export class ProtectedCustomerDataError extends ShopApiError {
  constructor(message: string, status: number | null) {
    super(message, 'permanent', status);
    this.name = 'ProtectedCustomerDataError';
  }
}

export function shopifyAdmin(cfg: ShopifyAppConfig, shop: string, accessToken: string): ShopifyAdmin {
  const client = createAdminApiClient({
    storeDomain: shop,
    apiVersion: cfg.apiVersion,
    accessToken,
    retries: 0,
    // A version outside the client's rolling window only earns a console warning; it is a setting, not an error.
    logger: () => undefined,
    customFetchApi: cfg.adminOrigin
      ? (url, init) => {
          // The stand-in serves every shop on one origin: same path, shop named in a header.
          const u = new URL(String(url));
          const target = new URL(`${u.pathname}${u.search}`, cfg.adminOrigin!);
          return fetch(target, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-shopify-shop-domain': shop } });
        }
      : (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(30_000) }),
  });
  return {
    shop,
    async request<T>(operation: string, variables?: Record<string, unknown>): Promise<T> {
      let res;
      try {
        res = await client.request<T>(operation, { variables });
      } catch (err) {
        throw asShopError(err);
      }
      const errors = res.errors as
        { networkStatusCode?: number; message?: string; graphQLErrors?: GqlError[]; response?: Response } | undefined;
      if (errors) {
        const status = errors.networkStatusCode ?? null;
        const gql = errors.graphQLErrors ?? [];
        if (gql.some((e) => e.extensions?.code === 'THROTTLED')) {
          throw new ShopApiError('Shopify is throttling requests (THROTTLED)', 'transient', status, throttleWaitMs(res.extensions));
        }
        const protectedData = gql.filter((e) => e.extensions?.code === 'ACCESS_DENIED' && isProtectedDataRefusal(e.message));
        if (protectedData.length > 0) throw new ProtectedCustomerDataError(protectedData.map((e) => e.message).join('; '), status);
        if (gql.some((e) => e.extensions?.code === 'ACCESS_DENIED')) {
          throw new ShopApiError(gql.map((e) => e.message).join('; ') || 'Access denied', 'scope', status);
        }
        if (status && status >= 400) {
          const wait = retryAfterMs(errors.response?.headers.get('retry-after'));
          const detail =
            (await errors.response
              ?.text()
              .then((t) => t.slice(0, 300))
              .catch(() => '')) ?? '';
          throw new ShopApiError(`Shopify answered HTTP ${status}${detail ? `: ${detail}` : ''}`, kindOfStatus(status), status, wait);
        }
        if (gql.length > 0) throw new ShopApiError(gql.map((e) => e.message).join('; '), 'permanent', status);
        if (!status) throw new ShopApiError(`Could not reach the store: ${errors.message ?? 'no response'}`, 'transient');
        throw new ShopApiError(errors.message ?? 'Shopify answered without data', 'transient', status);
      }
      return res.data as T;
    },
  };
}

/** userErrors of a mutation payload → the store's own message, refused for good. */
export function throwUserErrors(userErrors: { field?: string[] | null; message: string }[] | undefined): void {
  if (userErrors && userErrors.length > 0) {
    throw new ShopApiError(
      userErrors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; '),
      'permanent',
    );
  }
}

export const SHOP_QUERY = `query PodShop {
  shop { id name email myshopifyDomain currencyCode }
  currentAppInstallation { accessScopes { handle } }
}`;

export interface ShopQuery {
  shop: { id: string; name: string; email: string; myshopifyDomain: string; currencyCode: string };
  currentAppInstallation: { accessScopes: { handle: string }[] };
}

export const SUBSCRIPTIONS_QUERY = `query PodSubscriptions {
  currentAppInstallation { activeSubscriptions { id name status test currentPeriodEnd } }
}`;

export interface SubscriptionsQuery {
  currentAppInstallation: {
    activeSubscriptions: { id: string; name: string; status: string; test: boolean; currentPeriodEnd: string | null }[];
  };
}

export const MAIN_THEME_QUERY = `query PodMainTheme {
  themes(first: 1, roles: [MAIN]) { nodes { id name role updatedAt } }
}`;

export interface MainThemeQuery {
  themes: { nodes: { id: string; name: string; role: string; updatedAt: string }[] };
}

export const PRODUCT_SET_MUTATION = `mutation PodProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!, $synchronous: Boolean!) {
  productSet(identifier: $identifier, input: $input, synchronous: $synchronous) {
    product {
      id
      handle
      status
      variants(first: 250) { nodes { id sku selectedOptions { name value } } }
    }
    userErrors { field message code }
  }
}`;

export interface ProductSetResult {
  productSet: {
    product: {
      id: string;
      handle: string;
      status: string;
      variants: { nodes: { id: string; sku: string | null; selectedOptions: { name: string; value: string }[] }[] };
    } | null;
    userErrors: { field: string[] | null; message: string; code: string | null }[];
  };
}

export const WEBHOOK_CREATE_MUTATION = `mutation PodWebhookCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`;

export interface WebhookCreateResult {
  webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: { field: string[] | null; message: string }[] };
}

/**
 * Takes a product on or off the shelf by its status alone. productUpdate changes only the fields
 * given; a productSet without the variants may delete those it does not list.
 */
export const PRODUCT_STATUS_MUTATION = `mutation PodProductStatus($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id status }
    userErrors { field message }
  }
}`;

export interface ProductStatusResult {
  productUpdate: { product: { id: string; status: string } | null; userErrors: { field: string[] | null; message: string }[] };
}

/** An order's lines and ids: what an order of ours is made of, readable without protected customer data. */
const ORDER_LINES = `id
      legacyResourceId
      name
      createdAt
      lineItems(first: 100) { nodes { id title quantity sku variantTitle product { id } variant { id } customAttributes { key value } } }`;

/** Orders with the customer's e-mail and shipping address (protected customer data, level 2). */
export const ORDERS_QUERY = `query PodOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes {
      ${ORDER_LINES}
      email
      shippingAddress { firstName lastName address1 address2 city province zip countryCodeV2 phone }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

/**
 * The same orders without protected customer data, for an app Shopify has not approved for it:
 * each order then waits for the merchant to enter its shipping address.
 */
export const ORDERS_WITHOUT_CUSTOMER_QUERY = `query PodOrdersWithoutCustomer($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes {
      ${ORDER_LINES}
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export interface OrdersQuery {
  orders: {
    nodes: {
      id: string;
      legacyResourceId: string;
      name: string;
      /** Absent when read with ORDERS_WITHOUT_CUSTOMER_QUERY. */
      email?: string | null;
      createdAt: string;
      shippingAddress?: {
        firstName: string | null;
        lastName: string | null;
        address1: string | null;
        address2: string | null;
        city: string | null;
        province: string | null;
        zip: string | null;
        countryCodeV2: string | null;
        phone: string | null;
      } | null;
      lineItems: {
        nodes: {
          id: string;
          title: string;
          quantity: number;
          sku: string | null;
          variantTitle: string | null;
          product: { id: string } | null;
          variant: { id: string } | null;
          /** The line-item properties the storefront added (a buyer's personalisation). */
          customAttributes?: { key: string; value: string | null }[];
        }[];
      };
    }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}
