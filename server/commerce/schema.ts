/**
 * Commerce tables: cart, addresses, orders with items/shipments/events, the balance ledger,
 * payments and provider webhooks, coupons and invites. Money is integer cents (USD).
 *
 * Catalogue ids (product, variant) are plain integers without foreign keys: the catalogue is
 * regenerated whole (demo/catalog/write-rows.ts deletes and re-inserts it), and an order keeps a
 * snapshot of what was bought, so it never depends on the catalogue row still existing.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Cart lines (shipTrolley on the wire). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    /** The merchant's designed product ("my products", a later issue); null for a catalogue sample. */
    myProductId: integer('my_product_id'),
    anotherName: text('another_name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('cart_items_user_idx').on(t.userId, t.id), check('cart_items_quantity_check', sql`${t.quantity} between 1 and 9999`)],
);

/** Per-merchant cart settings: the country the cart estimates shipping for (updateShipCountryId). */
export const cartSettings = pgTable('cart_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shipCountryId: integer('ship_country_id'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const shipAddresses = pgTable(
  'ship_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    province: text('province').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    countryCode: text('country_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ship_addresses_user_idx').on(t.userId, t.id)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | processing | fulfilled | cancelled | failed (contract/commerce ORDER_TRANSITIONS). */
    status: text('status').notNull(),
    countryCode: text('country_code').notNull(),
    shipCountryId: integer('ship_country_id').notNull(),
    /** The address as it was when ordered (ShipAddress wire shape). */
    address: jsonb('address').notNull(),
    subtotal: integer('subtotal').notNull(),
    shippingCost: integer('shipping_cost').notNull(),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    /** The coupon receipt bound to the order (one at most; coupon_receipts.order_id is unique too). */
    couponReceiptId: integer('coupon_receipt_id'),
    /** Record type of the payment that paid it (1 balance, 2 PayPal, 9 card, 14 Stripe). */
    payType: integer('pay_type'),
    paidAt: ts('paid_at'),
    fulfilledAt: ts('fulfilled_at'),
    cancelledAt: ts('cancelled_at'),
    failedAt: ts('failed_at'),
    /** Checkout retries with the same key get the same order. */
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_idx').on(t.orderNo),
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    index('orders_user_updated_idx').on(t.userId, t.updatedAt),
    check('orders_status_check', sql`${t.status} in ('pending', 'processing', 'fulfilled', 'cancelled', 'failed')`),
    check(
      'orders_money_check',
      sql`${t.subtotal} >= 0 and ${t.shippingCost} >= 0 and ${t.discount} between 0 and ${t.subtotal} and ${t.total} = ${t.subtotal} + ${t.shippingCost} - ${t.discount}`,
    ),
  ],
);

/** What was bought: a snapshot of the catalogue (title, variant, cost) at checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    myProductId: integer('my_product_id'),
    title: text('title').notNull(),
    variantTitle: text('variant_title').notNull(),
    anotherName: text('another_name').notNull().default(''),
    imagefirst: text('imagefirst').notNull().default(''),
    sku: text('sku').notNull().default(''),
    shipFrom: text('ship_from').notNull(),
    unitCost: integer('unit_cost').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check(
      'order_items_money_check',
      sql`${t.quantity} between 1 and 9999 and ${t.unitCost} >= 0 and ${t.lineTotal} = ${t.unitCost} * ${t.quantity}`,
    ),
  ],
);

/** One parcel per ship-from place, each with its method, cost and (once shipped) tracking. */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipFrom: text('ship_from').notNull(),
    logisticsId: integer('logistics_id').notNull(),
    shipMethod: text('ship_method').notNull(),
    carrier: text('carrier').notNull(),
    shipTime: text('ship_time').notNull(),
    cost: integer('cost').notNull(),
    trackingNumber: text('tracking_number'),
    shippedAt: ts('shipped_at'),
  },
  (t) => [
    uniqueIndex('order_shipments_order_from_idx').on(t.orderId, t.shipFrom),
    check('order_shipments_cost_check', sql`${t.cost} >= 0`),
  ],
);

/** Every status change of an order, with who made it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * The balance of a merchant: the row that payments lock (SELECT … FOR UPDATE) and a cached sum
 * of balance_records.balance_change, kept in the same transaction (a test checks they agree).
 */
export const balanceAccounts = pgTable(
  'balance_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('balance_accounts_nonnegative', sql`${t.balance} >= 0`)],
);

/** The ledger (payment record types). Provider payments appear with balance_change 0. */
export const balanceRecords = pgTable(
  'balance_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    amount: integer('amount').notNull(),
    balanceChange: integer('balance_change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id'),
    remark: text('remark').notNull().default(''),
    /** Makes one-off credits (demo balance, a refund of one order) happen once. */
    grantKey: text('grant_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('balance_records_user_idx').on(t.userId, t.id),
    uniqueIndex('balance_records_grant_idx').on(t.userId, t.grantKey),
    check('balance_records_amount_check', sql`${t.amount} >= 0 and ${t.balanceAfter} >= 0`),
  ],
);

/** A payment attempt: by balance (settled at once) or through a provider (created → succeeded). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** 'order' pays an order; 'topup' credits the balance (record type 11 Prepayment). */
    purpose: text('purpose').notNull(),
    method: text('method').notNull(),
    recordType: integer('record_type').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** created | succeeded | failed | cancelled */
    status: text('status').notNull(),
    /** PayPal order id or Stripe PaymentIntent id. */
    providerRef: text('provider_ref'),
    /** PayPal capture id or Stripe charge id. */
    captureRef: text('capture_ref'),
    clientSecret: text('client_secret'),
    idempotencyKey: text('idempotency_key').notNull(),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_provider_ref_idx').on(t.method, t.providerRef),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Provider webhook deliveries already handled: a replay is acknowledged and ignored. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_idx').on(t.provider, t.eventId)],
);

/** Coupon definitions (fixed ids, kept in code: server/commerce/coupons.ts). */
export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  /** 1 new user, 2 old user, 3 invite. */
  source: integer('source').notNull(),
  /** 2 percent, otherwise money. */
  type: integer('type').notNull(),
  discount: integer('discount').notNull().default(0),
  money: integer('money').notNull().default(0),
  minAmount: integer('min_amount').notNull().default(0),
  validDays: integer('valid_days').notNull(),
  /** Listed by getCouponsList for merchants to receive. */
  receivable: boolean('receivable').notNull().default(false),
  status: integer('status').notNull().default(1),
});

/** Coupons a merchant holds (shopCouponReceive on the wire). */
export const couponReceipts = pgTable(
  'coupon_receipts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    title: text('title').notNull(),
    source: integer('source').notNull(),
    type: integer('type').notNull(),
    discount: integer('discount').notNull(),
    money: integer('money').notNull(),
    minAmount: integer('min_amount').notNull(),
    /** Why it was given, once per merchant: 'receive:{id}', 'signup', 'invite:{userId}'. */
    grantKey: text('grant_key').notNull(),
    /** 0 unused, 1 used. */
    status: integer('status').notNull().default(0),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('coupon_receipts_grant_idx').on(t.userId, t.grantKey),
    uniqueIndex('coupon_receipts_order_idx').on(t.orderId),
    index('coupon_receipts_user_idx').on(t.userId, t.id),
  ],
);

/** Who invited whom (one inviter per merchant). */
export const invites = pgTable(
  'invites',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invites_inviter_idx').on(t.inviterId)],
);
