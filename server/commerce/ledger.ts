/**
 * The balance ledger. Every movement is a balance_records row with its signed balance_change;
 * the balance is their sum, cached in balance_accounts and changed only here, in the same
 * transaction as the record, after locking the account row (SELECT … FOR UPDATE). Two payments
 * from one balance therefore run one after the other: the second sees what the first left.
 * Provider payments are recorded too (balance_change 0) so the list shows every payment.
 */
import { and, count, desc, eq, gte, inArray, lte, sum } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { balanceAccounts, balanceRecords, orders } from './schema';
import { AppError } from '../platform/envelope';
import { CommerceMessages, ORDER_PAYMENT_RECORD_TYPES, RECORD_TYPE_NAMES, RecordType, type BalanceRecord } from '../../contract/commerce';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks (creating it when missing) the merchant's account row and returns the balance. */
export async function lockAccount(tx: Tx, userId: number): Promise<number> {
  await tx.insert(balanceAccounts).values({ userId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: balanceAccounts.balance })
    .from(balanceAccounts)
    .where(eq(balanceAccounts.userId, userId))
    .for('update');
  return row!.balance;
}

export interface RecordInput {
  userId: number;
  type: number;
  amount: number;
  balanceChange: number;
  orderId?: number | null;
  paymentId?: number | null;
  remark?: string;
  grantKey?: string | null;
}

/**
 * Writes one record and moves the balance by its change. The caller holds the account lock
 * (lockAccount in the same transaction). A debit past zero is refused ('Insufficient balance').
 */
export async function postRecord(tx: Tx, balance: number, r: RecordInput): Promise<{ id: number; balanceAfter: number }> {
  if (!Number.isSafeInteger(r.amount) || r.amount < 0 || !Number.isSafeInteger(r.balanceChange))
    throw new Error('ledger: amounts must be whole cents');
  const balanceAfter = balance + r.balanceChange;
  if (balanceAfter < 0) throw new AppError(CommerceMessages.insufficientBalance);
  if (r.balanceChange !== 0) {
    await tx.update(balanceAccounts).set({ balance: balanceAfter, updatedAt: new Date() }).where(eq(balanceAccounts.userId, r.userId));
  }
  const [row] = await tx
    .insert(balanceRecords)
    .values({
      userId: r.userId,
      type: r.type,
      amount: r.amount,
      balanceChange: r.balanceChange,
      balanceAfter,
      orderId: r.orderId ?? null,
      paymentId: r.paymentId ?? null,
      remark: r.remark ?? '',
      grantKey: r.grantKey ?? null,
    })
    .returning({ id: balanceRecords.id });
  return { id: row!.id, balanceAfter };
}

/**
 * A credit that must happen once (the demo balance, a refund of one order): keyed by grantKey,
 * checked under the account lock, so a second call (or a concurrent one) does nothing.
 */
export async function creditOnce(tx: Tx, r: RecordInput & { grantKey: string }): Promise<boolean> {
  const balance = await lockAccount(tx, r.userId);
  const [seen] = await tx
    .select({ id: balanceRecords.id })
    .from(balanceRecords)
    .where(and(eq(balanceRecords.userId, r.userId), eq(balanceRecords.grantKey, r.grantKey)));
  if (seen) return false;
  await postRecord(tx, balance, r);
  return true;
}

export async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: balanceAccounts.balance }).from(balanceAccounts).where(eq(balanceAccounts.userId, userId));
  return row?.balance ?? 0;
}

export interface RecordFilter {
  type?: number;
  /** Any of these types (with `type`, both must hold). */
  types?: readonly number[];
  from?: Date;
  to?: Date;
}

export function recordWhere(userId: number, f: RecordFilter) {
  return and(
    eq(balanceRecords.userId, userId),
    f.type !== undefined ? eq(balanceRecords.type, f.type) : undefined,
    f.types ? inArray(balanceRecords.type, [...f.types]) : undefined,
    f.from ? gte(balanceRecords.createdAt, f.from) : undefined,
    f.to ? lte(balanceRecords.createdAt, f.to) : undefined,
  );
}

export async function listRecords(
  db: Db,
  userId: number,
  f: RecordFilter,
  paging: { pageSize: number; offset: number },
): Promise<{ rows: BalanceRecord[]; total: number }> {
  const where = recordWhere(userId, f);
  const [rows, [n]] = await Promise.all([
    db
      .select({ r: balanceRecords, orderNo: orders.orderNo })
      .from(balanceRecords)
      .leftJoin(orders, eq(orders.id, balanceRecords.orderId))
      .where(where)
      .orderBy(desc(balanceRecords.id))
      .limit(paging.pageSize)
      .offset(paging.offset),
    db.select({ n: count() }).from(balanceRecords).where(where),
  ]);
  return {
    total: n?.n ?? 0,
    rows: rows.map(({ r, orderNo }) => ({
      id: r.id,
      type: r.type,
      typeName: RECORD_TYPE_NAMES[r.type] ?? String(r.type),
      amount: r.amount,
      balanceChange: r.balanceChange,
      balanceAfter: r.balanceAfter,
      orderId: r.orderId,
      orderNo,
      remark: r.remark,
      createTime: r.createdAt.toISOString(),
    })),
  };
}

/** totalPaid: order payments (balance, PayPal, card, Stripe) less order refunds, with the parts. */
export async function paidTotals(db: Db, userId: number, f: RecordFilter) {
  const where = recordWhere(userId, { from: f.from, to: f.to });
  const [paid] = await db
    .select({ s: sum(balanceRecords.amount) })
    .from(balanceRecords)
    .where(and(where, inArray(balanceRecords.type, [...ORDER_PAYMENT_RECORD_TYPES])));
  const [refunded] = await db
    .select({ s: sum(balanceRecords.amount) })
    .from(balanceRecords)
    .where(and(where, eq(balanceRecords.type, RecordType.REFUND_ORDERS)));
  const [topUp] = await db
    .select({ s: sum(balanceRecords.amount) })
    .from(balanceRecords)
    .where(and(where, eq(balanceRecords.type, RecordType.PREPAYMENT)));
  const paidCents = Number(paid?.s ?? 0);
  const refundedCents = Number(refunded?.s ?? 0);
  return { totalPaid: paidCents - refundedCents, paid: paidCents, refunded: refundedCents, toppedUp: Number(topUp?.s ?? 0) };
}
