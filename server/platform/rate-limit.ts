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

/** The key's count in the current window, without counting this look. */
async function countOf(db: Db, key: string, limit: Limit, now: number): Promise<number> {
  const windowStart = now - (now % limit.windowMs);
  const result = await db.execute<{ count: number }>(sql`
    SELECT count FROM rate_limits WHERE key = ${key} AND window_start = ${windowStart}`);
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return Number(rows[0]?.count ?? 0);
}

/**
 * Runs `attempt` unless a key already holds its limit of failures in this window; an attempt that
 * throws counts one failure against every key. Successes count nothing: the limit slows guessing,
 * not merchants who log in often (or many people behind one office address).
 */
export async function limitFailures<T>(db: Db, keys: readonly { key: string; limit: Limit }[], attempt: () => Promise<T>): Promise<T> {
  const now = Date.now();
  for (const k of keys) {
    if ((await countOf(db, k.key, k.limit, now)) >= k.limit.max) throw new AppError(Messages.tooManyRequests);
  }
  try {
    return await attempt();
  } catch (err) {
    for (const k of keys) await hit(db, k.key, k.limit);
    throw err;
  }
}

/** The failed-login limits of one attempt: per client address and per account. */
export const loginFailureKeys = (ip: string, username: string) => [
  { key: `login:ip:${ip}`, limit: Limits.loginPerIp },
  { key: `login:acct:${username}`, limit: Limits.loginPerAccount },
];

export const Limits = {
  /** Failed logins (wrong password or image code) per client address and per account. */
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  emailCodePerIp: { max: 10, windowMs: 60 * 60_000 },
  emailCodePerAddress: { max: 5, windowMs: 60 * 60_000 },
  captchaPerIp: { max: 120, windowMs: 60_000 },
  codeCheckPerAddress: { max: 10, windowMs: 15 * 60_000 },
} as const;
