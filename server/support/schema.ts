/** Customer support's tables: the merchants' monthly service reviews. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
