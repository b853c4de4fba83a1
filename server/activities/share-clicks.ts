/**
 * Share-click tracking (shareCodeIp/addShopClickIp and addShopCodeIp): a visit to the invite
 * landing or the campaign page, with or without a merchant's share code, counted once per
 * visitor, place, code and day. The visitor is a hash of the UTC day and the client address, so
 * the table holds no address, and yesterday's hash cannot be matched with today's.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../platform/db/client';
import { inviterOf } from '../commerce/coupons';
import { shareClicks } from './schema';
import { SHARE_CODE_RE } from '../../contract/commerce';

export const visitorOf = (day: string, ip: string) => createHash('sha256').update(`share-click:${day}:${ip}`).digest('hex');

/**
 * Records one visit; true when it is the first of the day for this visitor, place and code. A
 * code that is not a merchant's is recorded as a visit without a code: it names no one.
 */
export async function recordShareClick(
  db: Db,
  opts: { type: number; code?: string; ip: string; now: Date },
): Promise<{ counted: boolean; valid: boolean }> {
  const day = opts.now.toISOString().slice(0, 10);
  const code = opts.code?.trim() ?? '';
  const inviterId = code && SHARE_CODE_RE.test(code) ? await inviterOf(db, code) : null;
  const rows = await db
    .insert(shareClicks)
    .values({
      type: opts.type,
      shareCode: inviterId !== null ? code : '',
      inviterId,
      visitor: visitorOf(day, opts.ip),
      day,
      createdAt: opts.now,
    })
    .onConflictDoNothing()
    .returning({ id: shareClicks.id });
  return { counted: rows.length > 0, valid: inviterId !== null };
}
