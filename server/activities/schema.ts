/**
 * The campaign's own table: share clicks, one row per place (type), share code, visitor and day,
 * so a count is of distinct visitors a day, however often one reloads. The visitor is a hash of
 * the address and the day, never the address itself. Claimed campaign coupons are ordinary
 * coupon receipts (commerce's coupon_receipts, grant key 'campaign:{item}:{window start}').
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const shareClicks = pgTable(
  'share_clicks',
  {
    id: serial('id').primaryKey(),
    /** 1 the invite landing (/share-coupon), 2 the campaign page (contract/activities.ts ShareClickType). */
    type: integer('type').notNull(),
    /** The share code the visitor came with; '' for a visit without one. */
    shareCode: text('share_code').notNull().default(''),
    /** The merchant whose code it is, when the code is one. */
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the day and the client address. */
    visitor: text('visitor').notNull(),
    /** The UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_clicks_visit_idx').on(t.type, t.shareCode, t.visitor, t.day),
    index('share_clicks_inviter_idx').on(t.inviterId, t.type),
  ],
);
