/**
 * Shop connections: the merchant's shops, credentials of connected Shopify, Etsy and WooCommerce stores,
 * OAuth states, the push queue, the mapping of our products to the stores' products, and the
 * store orders already imported. Secrets (access tokens, refresh tokens, webhook secrets, PKCE
 * verifiers) are stored encrypted (./token-cipher.ts); claim tokens only as SHA-256.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders } from '../commerce/schema';

/** A merchant's shops (the `shops` table): one row per connected or added store. */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    myshopifyDomain: text('myshopify_domain'),
    simplename: text('simplename'),
    type: integer('type'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shops_user_idx').on(t.userId)],
);

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The platform side of a shops row. A connection finished without a logged-in merchant has no
 * user and no shop yet: it waits (claim_token_hash, claim_expires_at) to be claimed by logging
 * in or by setting a password. One store (platform + domain) belongs to one account at a time.
 */
export const storeConnections = pgTable(
  'store_connections',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** shopify | etsy | woocommerce */
    platform: text('platform').notNull(),
    /** myshopify domain, Etsy shop id, or the WooCommerce site origin (lower case). */
    domain: text('domain').notNull(),
    displayName: text('display_name').notNull().default(''),
    email: text('email'),
    /** The platform's own id of the shop / user (Etsy user id, WooCommerce key id). */
    externalId: text('external_id'),
    accessTokenEnc: text('access_token_enc').notNull(),
    /** WooCommerce consumer secret, Etsy refresh token. */
    secretEnc: text('secret_enc'),
    tokenExpiresAt: ts('token_expires_at'),
    /** The secret WooCommerce signs this store's webhooks with (Shopify signs with the app secret). */
    webhookSecretEnc: text('webhook_secret_enc'),
    scopes: text('scopes').notNull().default(''),
    /** active | reauthorize (permissions changed) | uninstalled */
    status: text('status').notNull().default('active'),
    claimTokenHash: text('claim_token_hash'),
    claimExpiresAt: ts('claim_expires_at'),
    /** The newest store order time seen by the periodic pull. */
    ordersPulledAt: ts('orders_pulled_at'),
    /**
     * What the merchant must know about this connection, shown with the store: [{ code, message }]
     * (a webhook the platform refused, protected customer data the app may not read). Each code
     * is replaced when the check that wrote it runs again.
     */
    notices: jsonb('notices').notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_connections_store_idx').on(t.platform, t.domain),
    uniqueIndex('store_connections_shop_idx').on(t.shopId),
    uniqueIndex('store_connections_claim_idx').on(t.claimTokenHash),
    index('store_connections_user_idx').on(t.userId),
    check('store_connections_platform_check', sql`${t.platform} in ('shopify', 'etsy', 'woocommerce')`),
    check('store_connections_status_check', sql`${t.status} in ('active', 'reauthorize', 'uninstalled')`),
  ],
);

/** OAuth `state` values (and Etsy's PKCE verifier): single use, short-lived, bound to who started. */
export const storeOauthStates = pgTable(
  'store_oauth_states',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    platform: text('platform').notNull(),
    /** The merchant who started it; null when started without a login (connect now / app install). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The store it was started for (myshopify domain, WooCommerce origin); '' for Etsy. */
    domain: text('domain').notNull().default(''),
    verifierEnc: text('verifier_enc'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_oauth_states_hash_idx').on(t.stateHash)],
);

/**
 * The push queue: one row per push (or take-off-the-shelf) of a product to a store. Workers
 * claim due rows with FOR UPDATE SKIP LOCKED; a failure is retried at next_run_at with backoff
 * until max_attempts. At most one unfinished job per store, product and action.
 */
export const storePushJobs = pgTable(
  'store_push_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    myProductId: integer('my_product_id').notNull(),
    /** push | downshelf */
    action: text('action').notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    title: text('title').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    nextRunAt: ts('next_run_at').notNull().defaultNow(),
    lockedAt: ts('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** What the merchant reads: the store's error message, or the success note. */
    message: text('message').notNull().default(''),
    hasRead: integer('has_read').notNull().default(0),
    /** Etsy listing settings of pushEtsyProduct (taxonomy, shipping profile, readiness state). */
    options: jsonb('options').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('store_push_jobs_due_idx').on(t.status, t.nextRunAt),
    index('store_push_jobs_user_idx').on(t.userId, t.shopId, t.id),
    uniqueIndex('store_push_jobs_open_idx')
      .on(t.shopId, t.myProductId, t.action)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('store_push_jobs_action_check', sql`${t.action} in ('push', 'downshelf')`),
    check('store_push_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * Our product ↔ the store's product (and variant ids): a re-push updates this product in the
 * store instead of creating another one.
 */
export const storeProductLinks = pgTable(
  'store_product_links',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    myProductId: integer('my_product_id').notNull(),
    externalProductId: text('external_product_id').notNull(),
    /** { [our variant id]: the store's variant id } */
    variantMap: jsonb('variant_map').notNull().default({}),
    /** active | draft (off the shelf) */
    status: text('status').notNull().default('active'),
    /** { [our image URL]: the store's image id }: pictures the store holds already are sent by id, not fetched again. */
    imageMap: jsonb('image_map').notNull().default({}),
    pushedAt: ts('pushed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_product_links_product_idx').on(t.shopId, t.myProductId),
    uniqueIndex('store_product_links_external_idx').on(t.shopId, t.externalProductId),
  ],
);

/**
 * Store orders already seen: (shop, the store's order id) is imported once, by webhook or pull.
 * An order of ours that came without a shipping address waits as needs_address, the order as the
 * store sent it in order_data, until the merchant enters the address (or a later pull brings it).
 */
export const storeOrderImports = pgTable(
  'store_order_imports',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    externalOrderId: text('external_order_id').notNull(),
    externalName: text('external_name').notNull().default(''),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** imported | skipped (no line of ours, or nothing we can ship) | needs_address */
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** The store order (ShopOrder as JSON) while it waits for an address; null otherwise. */
    orderData: jsonb('order_data'),
    /** webhook | pull */
    source: text('source').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_order_imports_external_idx').on(t.shopId, t.externalOrderId)],
);

/**
 * One-time login hand-offs to the sister dropshipping platform (sendEpoloLogin): the browser
 * carries the token there, that platform's server redeems it once, within two minutes, for the
 * merchant's identity. Stored only as SHA-256; the session token itself never leaves us.
 */
export const loginHandoffs = pgTable(
  'login_handoffs',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_handoffs_token_idx').on(t.tokenHash), index('login_handoffs_expires_idx').on(t.expiresAt)],
);
