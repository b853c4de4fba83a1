/**
 * Fixed-window rate limiting stored in the database, so limits hold across server instances
 * and restarts. One statement per hit: insert, or bump/reset the window atomically.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { Messages } from '../../contract/envelope';
import { AppError } from './envelope';

export interface Limit {
  max: number;
  windowMs: number;
}

export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<{ allowed: boolean; count: number }> {
  const windowStart = now - (now % limit.windowMs);
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = ${windowStart} THEN rate_limits.count + 1 ELSE 1 END,
      window_start = ${windowStart}
    RETURNING count`);
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  const count = Number(rows[0]?.count ?? 1);
  return { allowed: count <= limit.max, count };
}

/** Throws the "too many" error when the key is over its limit. */
export async function enforce(db: Db, key: string, limit: Limit): Promise<void> {
  const { allowed } = await hit(db, key, limit);
  if (!allowed) throw new AppError(Messages.tooManyRequests);
}

export const Limits = {
  /** Attempts to change a password with the current one (failed logins: accounts/login-throttle.ts). */
  passwordChangePerAccount: { max: 10, windowMs: 15 * 60_000 },
  /** Store connections started or finished without a login (each stores an OAuth state). */
  storeConnectPerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Looks at invite landing pages (share codes) per client address. */
  shareLandingPerIp: { max: 60, windowMs: 60_000 },
  emailCodePerIp: { max: 10, windowMs: 60 * 60_000 },
  emailCodePerAddress: { max: 5, windowMs: 60 * 60_000 },
  captchaPerIp: { max: 120, windowMs: 60_000 },
  codeCheckPerAddress: { max: 10, windowMs: 15 * 60_000 },
} as const;
