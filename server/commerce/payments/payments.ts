/**
 * Paying orders and topping up the balance.
 *
 * Balance: one transaction locks the order row, then the account row (always in that order,
 * everywhere, so payments never deadlock), checks the order is pending and the balance covers
 * it, writes the payment, the ledger record and the order's move to processing. Fifty concurrent
 * requests for one order queue on the order lock; the first pays, the rest find it paid. A
 * request repeated with the same Idempotency-Key gets the first answer back instead.
 *
 * Providers (PayPal, card and Stripe through Stripe): a payment row is opened first (its id makes
 * the provider's idempotency keys), the provider object is created, and the payment is settled
 * once the provider says the money arrived (capture, confirm, sync or webhook — whichever comes
 * first; the others find it settled). Money that arrives for an order that is no longer waiting
 * (paid another way, or cancelled) is credited to the balance rather than lost.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { payments } from '../schema';
import { AppError } from '../../platform/envelope';
import { isUniqueViolation } from '../../platform/db/errors';
import {
  CommerceMessages,
  PAY_METHOD_RECORD_TYPE,
  RECORD_TYPE_NAMES,
  RecordType,
  TOPUP_MAX,
  TOPUP_MIN,
  TOPUP_RANGE_MESSAGE,
  type PayMethod,
} from '../../../contract/commerce';
import { balanceOf, lockAccount, postRecord } from '../ledger';
import { findOrder, lockOrder, notPendingMessage, transition, type OrderRow } from '../orders';
import { useOrderCoupon } from '../coupons';
import { assertBrandCapturable, settleBrandPayment } from '../../branding/settle';

export type PaymentRow = typeof payments.$inferSelect;
export type ProviderMethod = Exclude<PayMethod, 'balance'>;

export async function paymentByKey(db: Db, userId: number, key: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return row ?? null;
}

export async function paymentById(db: Db, userId: number, id: number): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw new AppError(CommerceMessages.paymentNotFound);
  return row;
}

export async function paymentByRef(db: Db, method: ProviderMethod, ref: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.method, method), eq(payments.providerRef, ref)));
  return row ?? null;
}

const keyMisuse = () => new AppError('This Idempotency-Key was already used for another request');

// ---------------------------------------------------------------------------------------------
// Balance
// ---------------------------------------------------------------------------------------------

export interface BalancePayResult {
  payment: PaymentRow;
  order: OrderRow;
  balance: number;
  replayed: boolean;
}

async function replayBalance(db: Db, prior: PaymentRow, orderId: number): Promise<BalancePayResult> {
  if (prior.method !== 'balance' || prior.orderId !== orderId) throw keyMisuse();
  const order = await findOrder(db, orderId, prior.userId);
  return { payment: prior, order, balance: await balanceOf(db, prior.userId), replayed: true };
}

export async function payByBalance(db: Db, userId: number, orderId: number, key: string | null): Promise<BalancePayResult> {
  if (key) {
    const prior = await paymentByKey(db, userId, key);
    if (prior) return replayBalance(db, prior, orderId);
  }
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, userId);
      if (order.status !== 'pending') throw new AppError(notPendingMessage(order.status));
      const balance = await lockAccount(tx, userId);
      if (balance < order.total) throw new AppError(CommerceMessages.insufficientBalance);
      const now = new Date();
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          orderId,
          purpose: 'order',
          method: 'balance',
          recordType: RecordType.PAID_WITH_BALANCE,
          amount: order.total,
          status: 'succeeded',
          idempotencyKey: key ?? `balance:${randomUUID()}`,
          paidAt: now,
        })
        .returning();
      const record = await postRecord(tx, balance, {
        userId,
        type: RecordType.PAID_WITH_BALANCE,
        amount: order.total,
        balanceChange: -order.total,
        orderId,
        paymentId: payment!.id,
        remark: `Order ${order.orderNo}`,
      });
      await useOrderCoupon(tx, orderId);
      const paid = await transition(tx, order, 'processing', `merchant:${userId}`, 'paid with balance', {
        payType: RecordType.PAID_WITH_BALANCE,
      });
      return { payment: payment!, order: paid, balance: record.balanceAfter, replayed: false };
    });
  } catch (err) {
    // The same key racing with itself: the request that got there first holds the answer.
    if (key) {
      const prior = await paymentByKey(db, userId, key);
      if (prior) return replayBalance(db, prior, orderId);
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Providers
// ---------------------------------------------------------------------------------------------

export interface OpenPayment {
  purpose: 'order' | 'topup';
  method: ProviderMethod;
  orderId?: number;
  /** Top-ups only: the amount in cents. */
  amount?: number;
  key: string | null;
}

/**
 * Opens (or finds again) the payment row a provider payment hangs on. Same key: the same row.
 * No key: the newest open row for the same order, method and amount, so a double click does not
 * create two provider orders.
 */
export async function openProviderPayment(db: Db, userId: number, p: OpenPayment): Promise<PaymentRow> {
  const matches = (row: PaymentRow) =>
    row.purpose === p.purpose && row.method === p.method && (p.purpose === 'topup' || row.orderId === p.orderId);
  if (p.key) {
    const prior = await paymentByKey(db, userId, p.key);
    if (prior) {
      if (!matches(prior)) throw keyMisuse();
      return prior;
    }
  }
  if (p.purpose === 'topup' && (!Number.isSafeInteger(p.amount) || p.amount! < TOPUP_MIN || p.amount! > TOPUP_MAX)) {
    throw new AppError(TOPUP_RANGE_MESSAGE);
  }
  try {
    return await db.transaction(async (tx) => {
      let amount = p.amount ?? 0;
      if (p.purpose === 'order') {
        const order = await lockOrder(tx, p.orderId!, userId);
        if (order.status !== 'pending') throw new AppError(notPendingMessage(order.status));
        if (order.total <= 0) throw new AppError('Nothing to pay: pay this order with the balance');
        amount = order.total;
        if (!p.key) {
          const [open] = await tx
            .select()
            .from(payments)
            .where(
              and(
                eq(payments.orderId, order.id),
                eq(payments.method, p.method),
                eq(payments.status, 'created'),
                eq(payments.amount, amount),
                isNotNull(payments.providerRef),
              ),
            )
            .orderBy(desc(payments.id))
            .limit(1);
          if (open) return open;
        }
      }
      const [row] = await tx
        .insert(payments)
        .values({
          userId,
          orderId: p.orderId ?? null,
          purpose: p.purpose,
          method: p.method,
          recordType: p.purpose === 'topup' ? RecordType.PREPAYMENT : PAY_METHOD_RECORD_TYPE[p.method],
          amount,
          status: 'created',
          idempotencyKey: p.key ?? `auto:${randomUUID()}`,
        })
        .returning();
      return row!;
    });
  } catch (err) {
    if (p.key && isUniqueViolation(err)) {
      const prior = await paymentByKey(db, userId, p.key);
      if (prior && matches(prior)) return prior;
    }
    throw err;
  }
}

export async function attachProviderRef(db: Db, paymentId: number, ref: string, clientSecret: string | null = null): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ providerRef: ref, clientSecret, updatedAt: new Date() })
    .where(eq(payments.id, paymentId))
    .returning();
  return row!;
}

export async function failPayment(db: Db, paymentId: number, reason: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')));
}

/**
 * Before asking a provider to take money for an order: the order must still be waiting and its
 * total still what the payment was opened for. Otherwise the payment is closed and nothing is
 * captured.
 */
export async function assertCapturable(db: Db, payment: PaymentRow): Promise<void> {
  if (payment.purpose === 'brand' && payment.status !== 'succeeded') return assertBrandCapturable(db, payment);
  if (payment.purpose !== 'order' || payment.status === 'succeeded') return;
  if (payment.status !== 'created') throw new AppError(CommerceMessages.paymentFailed);
  const order = await findOrder(db, payment.orderId!, payment.userId);
  if (order.status !== 'pending') {
    await db
      .update(payments)
      .set({ status: 'cancelled', failureReason: `order ${order.status}`, updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
    throw new AppError(notPendingMessage(order.status));
  }
  if (order.total !== payment.amount) {
    await db
      .update(payments)
      .set({ status: 'cancelled', failureReason: 'order total changed', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
    throw new AppError(CommerceMessages.totalChanged);
  }
}

export interface Evidence {
  amountCents: number;
  currency: string;
  captureRef: string | null;
}

export type SettleOutcome = 'paid' | 'already' | 'credited' | 'topup' | 'mismatch';

/**
 * The provider says the money arrived: record it exactly once. Locks the order (if any), then the
 * payment row; a payment already succeeded is left alone, so captures, syncs and webhook replays
 * can all call this.
 */
export async function settleProviderPayment(
  db: Db,
  paymentId: number,
  ev: Evidence,
  actor: string,
): Promise<{ outcome: SettleOutcome; payment: PaymentRow }> {
  const [first] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!first) throw new AppError(CommerceMessages.paymentNotFound);
  return db.transaction(async (tx) => {
    const order = first.purpose === 'order' && first.orderId ? await lockOrder(tx, first.orderId, null) : null;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    const p = payment!;
    if (p.status === 'succeeded') return { outcome: 'already' as const, payment: p };
    if (ev.amountCents !== p.amount || ev.currency.toUpperCase() !== p.currency) {
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed', failureReason: `amount mismatch: ${ev.amountCents} ${ev.currency}`, updatedAt: new Date() })
        .where(eq(payments.id, p.id))
        .returning();
      return { outcome: 'mismatch' as const, payment: failed! };
    }
    const now = new Date();
    const [done] = await tx
      .update(payments)
      .set({ status: 'succeeded', captureRef: ev.captureRef, paidAt: now, updatedAt: now, failureReason: null })
      .where(eq(payments.id, p.id))
      .returning();
    const via = RECORD_TYPE_NAMES[PAY_METHOD_RECORD_TYPE[p.method as ProviderMethod]] ?? p.method;
    // A branding package (server/branding): it becomes paid, or the money goes to the balance.
    if (p.purpose === 'brand') return { outcome: await settleBrandPayment(tx, done!, via), payment: done! };
    if (p.purpose === 'topup') {
      const balance = await lockAccount(tx, p.userId);
      await postRecord(tx, balance, {
        userId: p.userId,
        type: RecordType.PREPAYMENT,
        amount: p.amount,
        balanceChange: p.amount,
        paymentId: p.id,
        remark: `Top-up via ${via}`,
      });
      return { outcome: 'topup' as const, payment: done! };
    }
    const balance = await lockAccount(tx, p.userId);
    const rec = await postRecord(tx, balance, {
      userId: p.userId,
      type: p.recordType,
      amount: p.amount,
      balanceChange: 0,
      orderId: p.orderId,
      paymentId: p.id,
      remark: `Order ${order?.orderNo ?? ''} via ${via}`,
    });
    if (order && order.status === 'pending' && order.total === p.amount) {
      await useOrderCoupon(tx, order.id);
      await transition(tx, order, 'processing', actor, `paid via ${via}`, { payType: p.recordType });
      return { outcome: 'paid' as const, payment: done! };
    }
    // The order was paid another way, cancelled, or re-priced meanwhile: the money goes to the balance.
    await postRecord(tx, rec.balanceAfter, {
      userId: p.userId,
      type: RecordType.REFUND_ORDERS,
      amount: p.amount,
      balanceChange: p.amount,
      orderId: p.orderId,
      paymentId: p.id,
      remark: `Payment for order ${order?.orderNo ?? ''} received after it was ${order?.status === 'pending' ? 're-priced' : (order?.status ?? 'closed')}: credited to the balance`,
    });
    return { outcome: 'credited' as const, payment: done! };
  });
}
