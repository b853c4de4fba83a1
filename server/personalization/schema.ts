/**
 * Personalised order lines: what a buyer filled in for a line of an imported store order, beside
 * the merchant's design as it was when the order came (so a later edit of the product does not
 * change what this buyer gets). The print file is this design with these values put in.
 * Buyer pictures: every picture a buyer uploaded in the widget, with when, so the sweep
 * (buyer-image-sweep.ts) can remove the ones no order took once they are old.
 */
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orderItems, orders } from '../commerce/schema';

export const orderItemPersonalizations = pgTable(
  'order_item_personalizations',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The catalogue product and template (customTemplateId) the design was made on. */
    productId: integer('product_id').notNull(),
    customTemplateId: text('custom_template_id'),
    /** The merchant's SkuDesign at import, with its personalize rules. */
    design: jsonb('design').notNull(),
    /** The buyer's checked values (engine PersonalValues); {} when they could not be used. */
    values: jsonb('values').notNull().default({}),
    /** The values as readable lines [{ label, value }]. */
    lines: jsonb('lines').notNull().default([]),
    /** Why the values could not be used, or null. */
    problem: text('problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_item_personalizations_item_idx').on(t.orderItemId),
    index('order_item_personalizations_order_idx').on(t.orderId),
  ],
);

/** A picture a buyer uploaded in the widget (its storage key, e.g. /buyer-images/2026-11-28/<32 chars>.png). */
export const buyerImages = pgTable(
  'buyer_images',
  {
    key: text('key').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buyer_images_created_idx').on(t.createdAt)],
);
