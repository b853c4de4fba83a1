/**
 * Customer support's tables: the merchants' monthly service reviews, the service chat (messages and
 * their pictures), the guide's closed steps and the "Custom made for you" subscription.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** One review per merchant and calendar month (UTC): the unique index refuses a second. */
export const serviceReviews = pgTable(
  'service_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    serveScore: integer('serve_score').notNull(),
    replyScore: integer('reply_score').notNull(),
    solutionScore: integer('solution_score').notNull(),
    remark: text('remark').notNull().default(''),
    /** The support employee the merchant rated (the account's own, when it has one). */
    employeeId: integer('employee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_reviews_user_month_idx').on(t.userId, t.month), index('service_reviews_month_idx').on(t.month)],
);

/**
 * The service chat: one conversation per merchant with the customer-service team. `sender` says
 * who wrote a message; `read_at` is when the other side read it (the merchant reads the
 * operator's messages, the operator the merchant's), so unread counts are a count of nulls.
 */
export const serviceMessages = pgTable(
  'service_messages',
  {
    id: serial('id').primaryKey(),
    /** The merchant whose conversation this is, whoever wrote the message. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** merchant | operator */
    sender: text('sender').notNull(),
    body: text('body').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_messages_user_idx').on(t.userId, t.id),
    check('service_messages_sender_check', sql`${t.sender} in ('merchant', 'operator')`),
  ],
);

/**
 * Pictures a merchant attaches to the chat: uploaded first (checked by content and size like every
 * upload), then sent with one message (`message_id`), never with two.
 */
export const serviceAttachments = pgTable(
  'service_attachments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => serviceMessages.id, { onDelete: 'cascade' }),
    originalKey: text('original_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    fileName: text('file_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_attachments_message_idx').on(t.messageId), index('service_attachments_user_idx').on(t.userId)],
);

/** The steps of the new merchant's guide each merchant has closed (shopUserGuidance). */
export const guidanceClosed = pgTable(
  'shop_user_guidance',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A step of contract/support.ts GUIDANCE_STEPS. */
    stepId: integer('step_id').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] })],
);

/** Whether the merchant subscribed to "Custom made for you" news (shopCustomizedSubscribe); no row = never asked. */
export const customizedSubscriptions = pgTable('customized_subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscribed: boolean('subscribed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
