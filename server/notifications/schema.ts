/**
 * The merchant's messages (the /notification page). Profile, currency and tax number live on the
 * users row (server/accounts/schema.ts).
 */
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../accounts/schema';

/** Message types: 1 platform message, 2 notice, 3 product complete, 4 product details. */
export const shopMessages = pgTable(
  'shop_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    hasRead: integer('has_read').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list (newest first) and the unread count both read one merchant's rows.
    index('shop_messages_user_idx').on(t.userId, t.id),
    index('shop_messages_unread_idx').on(t.userId, t.hasRead),
    check('shop_messages_type_check', sql`${t.type} in (1, 2, 3, 4)`),
  ],
);
