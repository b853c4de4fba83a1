/**
 * Failed logins slow a guesser down without letting anyone lock an account's owner out.
 *
 * Failures are counted per (account, address), per account and per address, each forgotten
 * 15 minutes after its last failure. What they cost the next attempt:
 * - the same account from the same address: an image code after 3 failures, and after 5 a wait
 *   that doubles with every further failure (1 s, 2 s, 4 s … at most a minute);
 * - the account from anywhere: an image code after 10 failures (someone is guessing from many
 *   addresses: each further guess costs them a solved code, the owner one code);
 * - the address for any account: an image code after 30 failures (one address guessing many
 *   accounts; an office behind one address still logs in, with a code).
 * Nothing is ever refused outright: the owner with the right password and a solved image code
 * gets in from anywhere, and waits at most a minute where a stranger has been guessing from
 * the owner's own address. A successful login clears its (account, address) count.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';

export const LoginThrottle = {
  windowMs: 15 * 60_000,
  pairCaptchaAfter: 3,
  pairDelayAfter: 5,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  accountCaptchaAfter: 10,
  addressCaptchaAfter: 30,
} as const;

export interface LoginGate {
  /** How long the (account, address) must still wait before its next attempt is heard. */
  waitMs: number;
  /** Whether the next attempt must carry a solved image code. */
  captcha: boolean;
}

interface Counted {
  count: number;
  lastAt: number;
}

const keysOf = (ip: string, account: string) => ({
  pair: `login:pair:${account}|${ip}`,
  account: `login:acct:${account}`,
  address: `login:ip:${ip}`,
});

/** The wait after `failures` failures of one (account, address), counted from the last one. */
export function delayAfter(failures: number): number {
  if (failures < LoginThrottle.pairDelayAfter) return 0;
  return Math.min(LoginThrottle.maxDelayMs, LoginThrottle.firstDelayMs * 2 ** (failures - LoginThrottle.pairDelayAfter));
}

/** What the three counts ask of the next attempt, as a pure function of them and the time. */
export function gateOf(counts: { pair: Counted; account: Counted; address: Counted }, now: number): LoginGate {
  const { pair, account, address } = counts;
  return {
    waitMs: pair.count > 0 ? Math.max(0, pair.lastAt + delayAfter(pair.count) - now) : 0,
    captcha:
      pair.count >= LoginThrottle.pairCaptchaAfter ||
      account.count >= LoginThrottle.accountCaptchaAfter ||
      address.count >= LoginThrottle.addressCaptchaAfter,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function loginGate(db: Db, ip: string, account: string, now = Date.now()): Promise<LoginGate> {
  const keys = keysOf(ip, account);
  const since = now - LoginThrottle.windowMs;
  const rows = rowsOf<{ key: string; count: number; last_at: number | string | null }>(
    await db.execute(sql`
      SELECT key, count, last_at FROM rate_limits
      WHERE key IN (${keys.pair}, ${keys.account}, ${keys.address}) AND last_at > ${since}`),
  );
  const counted = (key: string): Counted => {
    const row = rows.find((r) => r.key === key);
    return row ? { count: Number(row.count), lastAt: Number(row.last_at) } : { count: 0, lastAt: 0 };
  };
  return gateOf({ pair: counted(keys.pair), account: counted(keys.account), address: counted(keys.address) }, now);
}

/** Counts one failure against the three keys; a key quiet for the whole window starts again at 1. */
export async function recordLoginFailure(db: Db, ip: string, account: string, now = Date.now()): Promise<void> {
  const since = now - LoginThrottle.windowMs;
  for (const key of Object.values(keysOf(ip, account))) {
    await db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count, last_at) VALUES (${key}, ${now}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.last_at > ${since} THEN rate_limits.count + 1 ELSE 1 END,
        window_start = CASE WHEN rate_limits.last_at > ${since} THEN rate_limits.window_start ELSE ${now} END,
        last_at = ${now}`);
  }
}

/** The owner got in from this address: its failures there are forgotten. */
export async function clearLoginFailures(db: Db, ip: string, account: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${keysOf(ip, account).pair}`);
}
