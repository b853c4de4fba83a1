/**
 * Coupons: sources 1 new user, 2 old user,
 * 3 invite; type 2 takes a percent off, any other type an amount in cents. A merchant holds
 * received coupons (coupon_receipts); one coupon can be bound to one pending order at a time and
 * an order takes at most one coupon (unique coupon_receipts.order_id), bound under the order's
 * row lock with a conditional update, so two orders can never take the same coupon.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { couponReceipts, coupons, invites, orders } from './schema';
import { users } from '../accounts/schema';
import { AppError } from '../platform/envelope';
import {
  COUPON_TYPE_MONEY,
  COUPON_TYPE_PERCENT,
  CommerceMessages,
  CouponSource,
  couponDiscount,
  orderTotals,
  SHARE_CODE_RE,
  shareCouponPath,
  type CouponReceipt,
} from '../../contract/commerce';
import { Messages } from '../../contract/envelope';
import { isUniqueViolation } from '../platform/db/errors';
import type { Tx } from './ledger';
import { lockOrder, notPendingMessage, type OrderRow } from './orders';

export type CouponDefinition = typeof coupons.$inferInsert;

/** The coupon programme. Ids are fixed: receipts point at them across restarts and databases. */
export const COUPON_DEFINITIONS: readonly CouponDefinition[] = [
  {
    id: 1,
    title: '$5 off your first order over $20',
    source: CouponSource.NEW_USER,
    type: COUPON_TYPE_MONEY,
    discount: 0,
    money: 500,
    minAmount: 2000,
    validDays: 30,
    receivable: false,
    status: 1,
  },
  {
    id: 2,
    title: '10% off orders over $50',
    source: CouponSource.OLD_USER,
    type: COUPON_TYPE_PERCENT,
    discount: 10,
    money: 0,
    minAmount: 5000,
    validDays: 30,
    receivable: true,
    status: 1,
  },
  {
    id: 3,
    title: '$10 off orders over $100',
    source: CouponSource.OLD_USER,
    type: COUPON_TYPE_MONEY,
    discount: 0,
    money: 1000,
    minAmount: 10000,
    validDays: 30,
    receivable: true,
    status: 1,
  },
  {
    id: 4,
    title: 'Invite reward: $5 off orders over $25',
    source: CouponSource.INVITE,
    type: COUPON_TYPE_MONEY,
    discount: 0,
    money: 500,
    minAmount: 2500,
    validDays: 60,
    receivable: false,
    status: 1,
  },
  // The campaign's coupons (server/activities/campaign.ts): claimed on the campaign page with an
  // e-mailed code, never listed by getCouponsList.
  {
    id: 5,
    title: 'Campaign: $6 off personalized gifts over $30',
    source: CouponSource.OLD_USER,
    type: COUPON_TYPE_MONEY,
    discount: 0,
    money: 600,
    minAmount: 3000,
    validDays: 7,
    receivable: false,
    status: 1,
  },
  {
    id: 6,
    title: 'Campaign: 12% off orders over $60',
    source: CouponSource.OLD_USER,
    type: COUPON_TYPE_PERCENT,
    discount: 12,
    money: 0,
    minAmount: 6000,
    validDays: 14,
    receivable: false,
    status: 1,
  },
  {
    id: 7,
    title: 'Campaign: $15 off orders over $120',
    source: CouponSource.OLD_USER,
    type: COUPON_TYPE_MONEY,
    discount: 0,
    money: 1500,
    minAmount: 12000,
    validDays: 7,
    receivable: false,
    status: 1,
  },
];
export const SIGNUP_COUPON_ID = 1;
export const INVITE_COUPON_ID = 4;
/** An inviter is rewarded for this many sign-ups at most. */
export const INVITE_REWARD_LIMIT = 100;

const ensured = new WeakSet<object>();

/** Writes the programme's definitions (once per process and database). */
export async function ensureCoupons(db: Db | Tx): Promise<void> {
  if (ensured.has(db)) return;
  for (const c of COUPON_DEFINITIONS) {
    const { id, ...rest } = c;
    await db.insert(coupons).values(c).onConflictDoUpdate({ target: coupons.id, set: rest });
  }
  ensured.add(db);
}

type ReceiptRow = typeof couponReceipts.$inferSelect;

function wireReceipt(r: ReceiptRow, now = new Date()): CouponReceipt {
  const status: 0 | 1 | 2 = r.status === 1 ? 1 : r.expiresAt <= now && r.orderId === null ? 2 : 0;
  return {
    id: r.id,
    couponId: r.couponId,
    title: r.title,
    source: r.source,
    type: r.type,
    discount: r.discount,
    money: r.money,
    minAmount: r.minAmount,
    status,
    orderId: r.orderId,
    receiveTime: r.receivedAt.toISOString(),
    expireTime: r.expiresAt.toISOString(),
  };
}

/** Gives a coupon to a merchant once per grant key; returns the receipt id, or null when already given. */
export async function grantCoupon(db: Db | Tx, userId: number, couponId: number, grantKey: string): Promise<number | null> {
  await ensureCoupons(db);
  const [def] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!def || def.status !== 1) throw new AppError(CommerceMessages.couponNotFound);
  const [row] = await db
    .insert(couponReceipts)
    .values({
      userId,
      couponId,
      title: def.title,
      source: def.source,
      type: def.type,
      discount: def.discount,
      money: def.money,
      minAmount: def.minAmount,
      grantKey,
      expiresAt: new Date(Date.now() + def.validDays * 86_400_000),
    })
    .onConflictDoNothing()
    .returning({ id: couponReceipts.id });
  return row?.id ?? null;
}

/** getCouponsList: the coupons a merchant can receive, each saying whether it was received. */
export async function listReceivable(db: Db, userId: number) {
  await ensureCoupons(db);
  const defs = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.receivable, true), eq(coupons.status, 1)))
    .orderBy(asc(coupons.id));
  const mine = await db.select({ couponId: couponReceipts.couponId }).from(couponReceipts).where(eq(couponReceipts.userId, userId));
  const have = new Set(mine.map((m) => m.couponId));
  return defs.map((d) => ({
    id: d.id,
    title: d.title,
    source: d.source,
    type: d.type,
    discount: d.discount,
    money: d.money,
    minAmount: d.minAmount,
    validDays: d.validDays,
    received: have.has(d.id) ? 1 : 0,
  }));
}

export async function receiveCoupon(db: Db, userId: number, couponId: number): Promise<CouponReceipt> {
  await ensureCoupons(db);
  const [def] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!def || def.status !== 1 || !def.receivable) throw new AppError(CommerceMessages.couponNotFound);
  const id = await grantCoupon(db, userId, couponId, `receive:${couponId}`);
  if (id === null) throw new AppError(CommerceMessages.couponAlreadyReceived);
  const [row] = await db.select().from(couponReceipts).where(eq(couponReceipts.id, id));
  return wireReceipt(row!);
}

/** getShopCouponReceiveList: the merchant's coupons, newest first; status 0 usable, 1 used, 2 expired. */
export async function listReceipts(db: Db, userId: number, status: 0 | 1 | 2 | undefined, paging: { pageSize: number; offset: number }) {
  const now = new Date();
  const statusWhere =
    status === undefined
      ? undefined
      : status === 1
        ? eq(couponReceipts.status, 1)
        : status === 2
          ? and(eq(couponReceipts.status, 0), lte(couponReceipts.expiresAt, now), isNull(couponReceipts.orderId))
          : and(eq(couponReceipts.status, 0), or(gt(couponReceipts.expiresAt, now), sql`${couponReceipts.orderId} is not null`));
  const where = and(eq(couponReceipts.userId, userId), statusWhere);
  const [rows, [n]] = await Promise.all([
    db.select().from(couponReceipts).where(where).orderBy(desc(couponReceipts.id)).limit(paging.pageSize).offset(paging.offset),
    db.select({ n: count() }).from(couponReceipts).where(where),
  ]);
  return { rows: rows.map((r) => wireReceipt(r, now)), total: n?.n ?? 0 };
}

/** getAvailableList: usable coupons for a product subtotal (of an order, or of a cart selection). */
export async function availableFor(db: Db, userId: number, subtotal: number, orderId: number | null) {
  const now = new Date();
  const rows = await db
    .select()
    .from(couponReceipts)
    .where(
      and(
        eq(couponReceipts.userId, userId),
        eq(couponReceipts.status, 0),
        gt(couponReceipts.expiresAt, now),
        lte(couponReceipts.minAmount, subtotal),
        orderId === null ? isNull(couponReceipts.orderId) : or(isNull(couponReceipts.orderId), eq(couponReceipts.orderId, orderId)),
      ),
    )
    .orderBy(asc(couponReceipts.expiresAt), asc(couponReceipts.id));
  return rows
    .map((r) => ({ ...wireReceipt(r, now), discountAmount: couponDiscount(r, subtotal) }))
    .filter((r) => r.discountAmount > 0)
    .sort((a, b) => b.discountAmount - a.discountAmount || a.id - b.id);
}

/**
 * Binds a held coupon to a locked pending order inside the caller's transaction and returns the
 * discount. The conditional update is the guard: it only takes a coupon that is unused, unexpired
 * and bound to no order.
 */
export async function bindLocked(tx: Tx, order: Pick<OrderRow, 'id' | 'userId' | 'subtotal'>, receiptId: number): Promise<number> {
  const [row] = await tx
    .select()
    .from(couponReceipts)
    .where(and(eq(couponReceipts.id, receiptId), eq(couponReceipts.userId, order.userId)));
  if (!row) throw new AppError(CommerceMessages.couponNotFound);
  if (row.status === 1) throw new AppError(CommerceMessages.couponInUse);
  if (row.orderId !== null && row.orderId !== order.id) throw new AppError(CommerceMessages.couponInUse);
  if (row.expiresAt <= new Date()) throw new AppError(CommerceMessages.couponExpired);
  if (order.subtotal < row.minAmount) throw new AppError(CommerceMessages.couponMinimum);
  const discount = couponDiscount(row, order.subtotal);
  if (discount <= 0) throw new AppError(CommerceMessages.couponNotAvailable);
  const [taken] = await tx
    .update(couponReceipts)
    .set({ orderId: order.id })
    .where(
      and(
        eq(couponReceipts.id, receiptId),
        eq(couponReceipts.userId, order.userId),
        eq(couponReceipts.status, 0),
        or(isNull(couponReceipts.orderId), eq(couponReceipts.orderId, order.id)),
        gt(couponReceipts.expiresAt, new Date()),
      ),
    )
    .returning({ id: couponReceipts.id });
  if (!taken) throw new AppError(CommerceMessages.couponInUse);
  return discount;
}

/** order/bindingCoupon: one coupon per pending order; the total is recomputed on the server. */
export async function bindCoupon(db: Db, userId: number, orderId: number, receiptId: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (order.status !== 'pending') throw new AppError(notPendingMessage(order.status));
    if (order.couponReceiptId !== null) {
      if (order.couponReceiptId === receiptId) return order;
      throw new AppError(CommerceMessages.orderHasCoupon);
    }
    const discount = await bindLocked(tx, order, receiptId);
    const totals = orderTotals(order.subtotal, order.shippingCost, discount);
    const [row] = await tx
      .update(orders)
      .set({ couponReceiptId: receiptId, discount: totals.discount, total: totals.total, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return row!;
  });
}

export async function unbindCoupon(db: Db, userId: number, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (order.status !== 'pending') throw new AppError(notPendingMessage(order.status));
    if (order.couponReceiptId === null) throw new AppError(CommerceMessages.orderHasNoCoupon);
    await tx
      .update(couponReceipts)
      .set({ orderId: null })
      .where(and(eq(couponReceipts.orderId, order.id), eq(couponReceipts.status, 0)));
    const totals = orderTotals(order.subtotal, order.shippingCost, 0);
    const [row] = await tx
      .update(orders)
      .set({ couponReceiptId: null, discount: 0, total: totals.total, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return row!;
  });
}

/** Marks the order's coupon used (in the transaction that pays the order). */
export async function useOrderCoupon(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(couponReceipts)
    .set({ status: 1, usedAt: new Date() })
    .where(and(eq(couponReceipts.orderId, orderId), eq(couponReceipts.status, 0)));
}

// ---------------------------------------------------------------------------------------------
// Sign-up and invites
// ---------------------------------------------------------------------------------------------

/** The merchant whose share code this is, or null (a malformed code is not looked up). */
export async function inviterOf(db: Db, code: unknown): Promise<number | null> {
  const s = typeof code === 'string' ? code.trim() : '';
  if (!SHARE_CODE_RE.test(s)) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.shareCode, s));
  return row?.id ?? null;
}

/** The merchant's share code, made (random, unique) the first time it is asked for. */
export async function shareCodeOf(db: Db, userId: number): Promise<string> {
  for (;;) {
    const [row] = await db.select({ code: users.shareCode }).from(users).where(eq(users.id, userId));
    if (!row) throw new AppError(Messages.notFound);
    if (row.code) return row.code;
    try {
      // Only where none is set yet: of two first asks at once, one code wins and both read it.
      await db
        .update(users)
        .set({ shareCode: randomBytes(9).toString('base64url') })
        .where(and(eq(users.id, userId), isNull(users.shareCode)));
    } catch (err) {
      // 72 random bits collide practically never; if they do, draw again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
}

/**
 * Call once a merchant has registered: the new-user coupon, and when the sign-up came through
 * a share link (a valid share code of another merchant), the invite coupon for both. Safe to call
 * twice: every grant happens once.
 */
export async function onUserRegistered(
  db: Db,
  userId: number,
  inviteCode?: unknown,
): Promise<{ signupCoupon: boolean; invitedBy: number | null }> {
  const signup = await grantCoupon(db, userId, SIGNUP_COUPON_ID, 'signup');
  const inviterId = await inviterOf(db, inviteCode);
  if (inviterId === null || inviterId === userId) return { signupCoupon: signup !== null, invitedBy: null };
  const invitedBy = await db.transaction(async (tx) => {
    const [row] = await tx.insert(invites).values({ inviteeId: userId, inviterId }).onConflictDoNothing().returning();
    if (!row) return null;
    await grantCoupon(tx, userId, INVITE_COUPON_ID, 'invited');
    const [n] = await tx.select({ n: count() }).from(invites).where(eq(invites.inviterId, inviterId));
    if ((n?.n ?? 0) <= INVITE_REWARD_LIMIT) await grantCoupon(tx, inviterId, INVITE_COUPON_ID, `invite:${userId}`);
    return inviterId;
  });
  return { signupCoupon: signup !== null, invitedBy };
}

export async function shareInfo(db: Db, userId: number) {
  await ensureCoupons(db);
  const code = await shareCodeOf(db, userId);
  const [[n], [reward]] = await Promise.all([
    db.select({ n: count() }).from(invites).where(eq(invites.inviterId, userId)),
    db.select().from(coupons).where(eq(coupons.id, INVITE_COUPON_ID)),
  ]);
  return {
    shareCode: code,
    shareUrl: shareCouponPath(code),
    invitedCount: n?.n ?? 0,
    reward: reward
      ? {
          id: reward.id,
          title: reward.title,
          source: reward.source,
          type: reward.type,
          discount: reward.discount,
          money: reward.money,
          minAmount: reward.minAmount,
        }
      : null,
  };
}
