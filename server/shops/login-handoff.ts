/**
 * The login hand-off to the sister dropshipping platform (sendEpoloLogin). The
 * browser goes there with a one-time token, never with our session token; that platform's
 * server redeems the token once, within HANDOFF_TTL_MS, with the shared secret, and learns who
 * the merchant is. Tokens are stored only as SHA-256.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { loginHandoffs } from './schema';
import { newToken, sha256 } from '../platform/tokens';

export const HANDOFF_TTL_MS = 2 * 60_000;

export async function issueHandoff(db: Db, userId: number, now = new Date()): Promise<string> {
  await db.delete(loginHandoffs).where(lt(loginHandoffs.expiresAt, now));
  const token = newToken();
  await db.insert(loginHandoffs).values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS) });
  return token;
}

/** The merchant behind an unused, fresh hand-off token (spent by this call); null otherwise. */
export async function redeemHandoff(db: Db, token: string, now = new Date()): Promise<number | null> {
  if (!token) return null;
  const [row] = await db
    .update(loginHandoffs)
    .set({ usedAt: now })
    .where(and(eq(loginHandoffs.tokenHash, sha256(token)), isNull(loginHandoffs.usedAt), gt(loginHandoffs.expiresAt, now)))
    .returning({ userId: loginHandoffs.userId });
  return row?.userId ?? null;
}

/** Where the browser goes: the platform's hand-off address with the token added to its query. */
export function handoffLocation(handoffUrl: string, token: string): string {
  const url = new URL(handoffUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Constant-time comparison of the secret the platform presents. */
export function secretMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return given.length > 0 && timingSafeEqual(a, b);
}
