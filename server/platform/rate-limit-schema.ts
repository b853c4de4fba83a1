/** The rate limiter's table (server/platform/rate-limit.ts). */
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Fixed-window counters kept in the database so every server instance shares the same limits. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
  /** When the key was last counted (ms); the login throttle's growing delays start from it. */
  lastAt: bigint('last_at', { mode: 'number' }),
});
