/**
 * The "get coupons and customize personalized products" campaign. It runs in back-to-back
 * 48-hour rounds counted from a fixed Monday, so the page always has an offer running and one
 * about to start, and every round brings a new chance to claim:
 *
 * - item 1, the flash coupon: runs for the whole current round (always counting down, as its end
 *   is at most 48 hours away);
 * - item 2, the weekly coupon: runs Monday to Monday (UTC); the page shows its date range until
 *   its last 48 hours, then counts down;
 * - item 3, the every-other-round coupon: runs in odd rounds; in even rounds it is announced
 *   (status -1) and counts down to its start.
 *
 * A merchant claims an item's coupon once per window: sendCouponsEmailCode e-mails a code to the
 * account's address, activateCouponStatus takes the code and gives the coupon (a coupon receipt
 * with grant key 'campaign:{item}:{window start}'). Every check that can refuse runs before the
 * code is used up, so a refused activation leaves the code and the coupons as they were.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { couponReceipts, coupons } from '../commerce/schema';
import { ensureCoupons, grantCoupon } from '../commerce/coupons';
import { consumeEmailCode, issueEmailCode } from '../accounts/email-codes';
import { users } from '../accounts/schema';
import { shareClicks } from './schema';
import { ActivityMessages, ShareClickType, type Campaign, type CampaignItem, type TimedStatus } from '../../contract/activities';
import type { CouponReceipt } from '../../contract/commerce';
import { Messages } from '../../contract/envelope';

export const CAMPAIGN_TITLE = 'Get coupons and customize personalized products';

const HOUR = 3_600_000;
export const ROUND_MS = 48 * HOUR;
const WEEK_MS = 7 * 24 * HOUR;
/** Round 0 starts here: a Monday, 00:00 UTC, so weeks line up with calendar weeks. */
export const CAMPAIGN_EPOCH_MS = Date.UTC(2025, 0, 6);

interface ItemDef {
  id: number;
  couponId: number;
  blurb: string;
  /** The item's window around `now`. */
  window(now: number): { start: number; end: number };
}

const floorTo = (now: number, period: number) => CAMPAIGN_EPOCH_MS + Math.floor((now - CAMPAIGN_EPOCH_MS) / period) * period;

export const CAMPAIGN_ITEMS: readonly ItemDef[] = [
  {
    id: 1,
    couponId: 5,
    blurb: 'For the personalized gifts zone: names, photos and dates printed on mugs, pillows, blankets and more.',
    window: (now) => {
      const start = floorTo(now, ROUND_MS);
      return { start, end: start + ROUND_MS };
    },
  },
  {
    id: 2,
    couponId: 6,
    blurb: 'Any order of samples or stock over $60, all week long.',
    window: (now) => {
      const start = floorTo(now, WEEK_MS);
      return { start, end: start + WEEK_MS };
    },
  },
  {
    id: 3,
    couponId: 7,
    blurb: 'For bigger stock orders; it comes back every other round.',
    window: (now) => {
      const roundStart = floorTo(now, ROUND_MS);
      const odd = Math.floor((roundStart - CAMPAIGN_EPOCH_MS) / ROUND_MS) % 2 === 1;
      const start = odd ? roundStart : roundStart + ROUND_MS;
      return { start, end: start + ROUND_MS };
    },
  },
];

const statusAt = (w: { start: number; end: number }, now: number): TimedStatus => (now < w.start ? -1 : now < w.end ? 0 : 1);
const grantKeyOf = (itemId: number, start: number) => `campaign:${itemId}:${new Date(start).toISOString()}`;

/** The campaign as the page shows it at `now`; with a merchant, which items they claimed and their share link's visitors. */
export async function campaignAt(db: Db, now: number, userId: number | null): Promise<Campaign> {
  await ensureCoupons(db);
  const defs = await db
    .select()
    .from(coupons)
    .where(
      inArray(
        coupons.id,
        CAMPAIGN_ITEMS.map((i) => i.couponId),
      ),
    );
  const windows = CAMPAIGN_ITEMS.map((item) => ({ item, w: item.window(now) }));
  let claimedKeys = new Set<string>();
  let shareCode: string | null = null;
  let shareVisitors = 0;
  if (userId !== null) {
    const keys = windows.map(({ item, w }) => grantKeyOf(item.id, w.start));
    const rows = await db
      .select({ key: couponReceipts.grantKey })
      .from(couponReceipts)
      .where(and(eq(couponReceipts.userId, userId), inArray(couponReceipts.grantKey, keys)));
    claimedKeys = new Set(rows.map((r) => r.key));
    // Read only: a merchant without a share code gets one from shareInfo when they ask to share.
    const [u] = await db.select({ code: users.shareCode }).from(users).where(eq(users.id, userId));
    shareCode = u?.code ?? null;
    if (shareCode) {
      const [n] = await db
        .select({ n: count() })
        .from(shareClicks)
        .where(and(eq(shareClicks.inviterId, userId), eq(shareClicks.type, ShareClickType.CAMPAIGN)));
      shareVisitors = n?.n ?? 0;
    }
  }
  const systemTime = new Date(now).toISOString();
  const items: CampaignItem[] = windows.flatMap(({ item, w }) => {
    const def = defs.find((d) => d.id === item.couponId);
    if (!def || def.status !== 1) return [];
    return [
      {
        id: item.id,
        couponId: def.id,
        title: def.title.replace(/^Campaign: /, ''),
        blurb: item.blurb,
        type: def.type,
        discount: def.discount,
        money: def.money,
        minAmount: def.minAmount,
        validDays: def.validDays,
        startTime: new Date(w.start).toISOString(),
        endTime: new Date(w.end).toISOString(),
        systemTime,
        status: statusAt(w, now),
        claimed: claimedKeys.has(grantKeyOf(item.id, w.start)) ? 1 : 0,
      },
    ];
  });
  return { title: CAMPAIGN_TITLE, systemTime, items, shareCode, shareVisitors };
}

/** The item and its window if a merchant may claim it now; otherwise the reason, as an AppError. */
async function claimable(db: Db, userId: number, itemId: number, now: number) {
  const item = CAMPAIGN_ITEMS.find((i) => i.id === itemId);
  if (!item) throw new AppError(ActivityMessages.itemNotFound);
  const w = item.window(now);
  const status = statusAt(w, now);
  if (status === -1) throw new AppError(ActivityMessages.notStarted);
  if (status === 1) throw new AppError(ActivityMessages.ended);
  const [held] = await db
    .select({ id: couponReceipts.id })
    .from(couponReceipts)
    .where(and(eq(couponReceipts.userId, userId), eq(couponReceipts.grantKey, grantKeyOf(item.id, w.start))));
  if (held) throw new AppError(ActivityMessages.alreadyClaimed);
  return { item, w };
}

async function emailOf(db: Db, userId: number): Promise<string> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!u) throw new AppError(Messages.notFound);
  return u.email.toLowerCase();
}

/** sendCouponsEmailCode: checks the item can be claimed, then issues a code for the account's address; returns it and the address. */
export async function issueClaimCode(
  db: Db,
  userId: number,
  itemId: number,
  now: number,
): Promise<{ email: string; code: string; title: string }> {
  const { item } = await claimable(db, userId, itemId, now);
  const email = await emailOf(db, userId);
  const code = await issueEmailCode(db, email, 'campaign-coupon', new Date(now));
  const [def] = await db.select({ title: coupons.title }).from(coupons).where(eq(coupons.id, item.couponId));
  return { email, code, title: (def?.title ?? '').replace(/^Campaign: /, '') };
}

/** activateCouponStatus: the code for the account's address, then the coupon, once per window. */
export async function activateClaim(db: Db, userId: number, itemId: number, emailCode: string, now: number): Promise<CouponReceipt> {
  const { item, w } = await claimable(db, userId, itemId, now);
  const email = await emailOf(db, userId);
  await consumeEmailCode(db, email, 'campaign-coupon', emailCode, new Date(now));
  const id = await grantCoupon(db, userId, item.couponId, grantKeyOf(item.id, w.start));
  // Two activations at once with two codes: the grant key lets one through.
  if (id === null) throw new AppError(ActivityMessages.alreadyClaimed);
  const [row] = await db.select().from(couponReceipts).where(eq(couponReceipts.id, id));
  const r = row!;
  return {
    id: r.id,
    couponId: r.couponId,
    title: r.title,
    source: r.source,
    type: r.type,
    discount: r.discount,
    money: r.money,
    minAmount: r.minAmount,
    status: 0,
    orderId: null,
    receiveTime: r.receivedAt.toISOString(),
    expireTime: r.expiresAt.toISOString(),
  };
}
