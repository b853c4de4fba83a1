/**
 * Reply schemas of the shop calls. Those with a wire type the client reads (contract/shops.ts)
 * are checked against it, so the two cannot drift apart.
 */
import { z } from 'zod';
import { Code } from '../../contract/envelope';
import type { AuthorizeStart, ConnectResult, PushQueueItem, ShopSummary, WaitingStoreOrder } from '../../contract/shops';

const platform = z.enum(['shopify', 'etsy', 'woocommerce']);
const pushJobStatus = z.enum(['queued', 'running', 'done', 'failed']);

export const storeSummary = z.looseObject({
  id: z.int(),
  type: z.int().nullable().meta({ description: 'Store type code: 6 Shopify, 9 WooCommerce, 11 Etsy' }),
  platform: platform.nullable(),
  myshopifyDomain: z.string().nullable().meta({ description: 'The myshopify domain, the Etsy shop id or the WooCommerce site URL' }),
  simplename: z.string().nullable(),
  isDefault: z.boolean(),
  isCurrent: z.boolean(),
  status: z.enum(['active', 'reauthorize', 'uninstalled', 'none']),
  adminUrl: z.string().nullable(),
  notices: z
    .array(z.string())
    .meta({ description: 'What the merchant must know about the connection (refused webhooks, data the platform keeps from the app)' }),
}) satisfies z.ZodType<ShopSummary>;

export const waitingStoreOrder = z.looseObject({
  id: z.int(),
  shopId: z.int(),
  storeName: z.string(),
  platform: platform.nullable(),
  name: z.string().meta({ description: "The store's own name of the order" }),
  createTime: z.string(),
  lines: z.array(z.looseObject({ title: z.string(), quantity: z.int() })),
}) satisfies z.ZodType<WaitingStoreOrder>;

export const pushQueueItem = z.looseObject({
  id: z.int(),
  shopId: z.int(),
  myProductId: z.int(),
  title: z.string(),
  action: z.enum(['push', 'downshelf']),
  status: pushJobStatus,
  attempts: z.int(),
  message: z.string().meta({ description: "The store's own message for a failure, or the success note" }),
  hasRead: z.boolean(),
  externalProductId: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<PushQueueItem>;

/** What queueing a push or a take-off-the-shelf answers. */
export const queuedJob = z.looseObject({ id: z.int(), status: pushJobStatus });

export const authorizeStart = z.looseObject({
  url: z.string().meta({ description: 'Where to send the browser' }),
}) satisfies z.ZodType<AuthorizeStart>;

export const connectResult = z.discriminatedUnion('status', [
  z.looseObject({ status: z.literal('bound'), shopId: z.int() }),
  z.looseObject({
    status: z.literal('login'),
    token: z.string().meta({ description: "A session for the store's owner" }),
    shopId: z.int(),
  }),
  z.looseObject({
    status: z.literal('claim'),
    claimToken: z.string(),
    email: z.string().nullable(),
    accountExists: z.boolean(),
    platform,
    shop: z.string(),
  }),
]) satisfies z.ZodType<ConnectResult>;

/** A store login's answer: the session token and the store it landed on. */
export const storeLogin = { token: z.string(), data: z.looseObject({ shopId: z.int() }) };

/** checkShopifyToken when the app's permissions changed (10004): where to authorise again. */
export const permissionsUpdated = z
  .looseObject({ code: z.literal(Code.PERMISSIONS_UPDATED), msg: z.string(), data: z.looseObject({ url: z.string() }) })
  .meta({ description: 'The store must authorise the app again (10004), at data.url' });

export const etsyCategory = z.looseObject({
  id: z.number(),
  level: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  hasChildren: z.boolean(),
});

/** Etsy's own objects, passed on as Etsy answers them; the fields listed are the ones shown. */
export const etsyTaxonomyProperty = z.looseObject({ property_id: z.number(), name: z.string() });
export const etsyShippingProfile = z.looseObject({ shipping_profile_id: z.number(), title: z.string() });
export const etsyReadinessState = z.looseObject({
  readiness_state_id: z.number(),
  readiness_state: z.string(),
  min_processing_time: z.number(),
  max_processing_time: z.number(),
  processing_time_unit: z.string(),
});
