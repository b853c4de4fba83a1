/**
 * Shop settings: the merchant's default shipping method per destination and warehouse, the IOSS
 * number, the IOSS number each EU order was placed under, and the files the merchant downloads
 * (exports kept for a day).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders } from '../commerce/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The method the cart preselects and store orders are imported with, for parcels from one
 * warehouse to one destination: an ISO country code, or 'ALL' for every country without its own.
 */
export const shopLogistics = pgTable(
  'shop_logistics',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    shipFrom: text('ship_from').notNull(),
    logisticsId: integer('logistics_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_logistics_user_dest_idx').on(t.userId, t.countryCode, t.shipFrom),
    check('shop_logistics_ship_from_check', sql`${t.shipFrom} in ('CN', 'US', 'AU')`),
  ],
);

/** The merchant's IOSS number (one per account; no row when none is set). */
export const shopIoss = pgTable('shop_ioss', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  iossNumber: text('ioss_number').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The IOSS number an order to the EU was placed under, written with the order: what goes to
 * customs is the number in force then, whatever the merchant sets later.
 */
export const orderIoss = pgTable('order_ioss', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  iossNumber: text('ioss_number').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Files made for the merchant to download (common/download). They are text (CSV exports) and
 * live here rather than in blob storage, whose files are public by URL. Each expires.
 */
export const merchantDownloads = pgTable(
  'merchant_downloads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('merchant_downloads_user_name_idx').on(t.userId, t.fileName),
    index('merchant_downloads_expires_idx').on(t.expiresAt),
  ],
);
