/**
 * Branding tables: the merchant's customisation of a package (one record per merchant and
 * package), which payment paid which record, and the branded items added to orders while a
 * package is in use. The packages themselves are fixed and kept in code (contract/branding.ts).
 * Money is integer cents.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders, payments } from '../commerce/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The brand package record: artwork, options and contacts of one package, its status and whether it is in use. */
export const brandCustoms = pgTable(
  'brand_customs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contract/branding.ts BRAND_PACKAGES: 1 Starter_Pack, 2 Pro_Plan. */
    packageId: integer('package_id').notNull(),
    /** 0 draft, 1 submitted (waiting for payment), 5 paid. */
    status: integer('status').notNull().default(0),
    /** 1 while the package's items go into the merchant's orders. */
    isUse: integer('is_use').notNull().default(0),
    logo: text('logo').notNull().default(''),
    orderPic: text('order_pic').notNull().default(''),
    /** Artwork URL by item kind (diao_pai, biao_qian, …), each one of the merchant's own uploads. */
    artwork: jsonb('artwork').$type<Record<string, string>>().notNull().default({}),
    /** The chosen option value by item kind. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    skype: text('skype').notNull().default(''),
    whatsapp: text('whatsapp').notNull().default(''),
    diaoPaiInfo: text('diao_pai_info').notNull().default(''),
    /** The price when submitted (what a payment must match); 0 before. */
    price: integer('price').notNull().default(0),
    submittedAt: ts('submitted_at'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brand_customs_user_package_idx').on(t.userId, t.packageId),
    check('brand_customs_status_check', sql`${t.status} in (0, 1, 5)`),
    check('brand_customs_is_use_check', sql`${t.isUse} in (0, 1) and (${t.isUse} = 0 or ${t.status} = 5)`),
    check('brand_customs_price_check', sql`${t.price} >= 0`),
  ],
);

/** Which payment (balance, PayPal, card, Stripe, Shopify) was made for which record. */
export const brandPayments = pgTable(
  'brand_payments',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customId: integer('custom_id')
      .notNull()
      .references(() => brandCustoms.id, { onDelete: 'cascade' }),
    /** Shopify one-time charges: where the merchant approves the charge. */
    confirmationUrl: text('confirmation_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('brand_payments_custom_idx').on(t.customId)],
);

/** Branded items that go with an order: a snapshot of the package's item when the order was made. */
export const brandOrderItems = pgTable(
  'brand_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customId: integer('custom_id')
      .notNull()
      .references(() => brandCustoms.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    choice: text('choice').notNull().default(''),
    picture: text('picture').notNull().default(''),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('brand_order_items_order_idx').on(t.orderId),
    index('brand_order_items_custom_idx').on(t.customId),
    check('brand_order_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
