/**
 * Paying for a submitted branding package, through the commerce payments: the payments table,
 * the balance ledger and the provider flows (PayPal, card and Stripe through Stripe, Shopify's
 * one-time app charge in ./shopify-charge.ts). Each payment is linked to the record it pays
 * (brand_payments).
 *
 * Balance: one transaction locks the record, then the account (the order balance payments lock
 * in the same order: record or order first, account second), checks the record waits for
 * payment and the balance covers it, and writes the payment, the ledger record and the record's
 * move to paid. A retry with the same Idempotency-Key gets the first answer back; a second
 * payment with another key finds the package paid and is refused: paying twice charges once.
 *
 * Providers: a payment row is opened (the same key, or a second click without one, finds the
 * same row), then the provider object is created; settling (commerce payments → ./settle.ts)
 * marks the record paid exactly once.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { isUniqueViolation } from '../platform/db/errors';
import { payments } from '../commerce/schema';
import { balanceOf, lockAccount, postRecord, type Tx } from '../commerce/ledger';
import { paymentByKey, type PaymentRow } from '../commerce/payments/payments';
import { brandCustoms, brandPayments } from './schema';
import { markPaid, packageTitle, type BrandCustomRow } from './settle';
import { packageOrThrow } from './customs';
import { BrandMessages, BrandStatus } from '../../contract/branding';
import { CommerceMessages, PAY_METHOD_RECORD_TYPE, RecordType } from '../../contract/commerce';

/** Providers a package can be paid through; Shopify charges the merchant's Shopify bill. */
export type BrandProviderMethod = 'paypal' | 'card' | 'stripe' | 'shopify';

const keyMisuse = () => new AppError('This Idempotency-Key was already used for another request');

async function lockRecord(tx: Tx, userId: number, packageId: number): Promise<BrandCustomRow> {
  const [row] = await tx
    .select()
    .from(brandCustoms)
    .where(and(eq(brandCustoms.userId, userId), eq(brandCustoms.packageId, packageId)))
    .for('update');
  if (!row) throw new AppError(BrandMessages.notCustomised);
  return row;
}

/** Refuses a record that is not waiting for payment. */
function assertPayable(row: BrandCustomRow): void {
  if (row.status === BrandStatus.PAID) throw new AppError(BrandMessages.alreadyPaid);
  if (row.status !== BrandStatus.SUBMITTED) throw new AppError(BrandMessages.notSubmitted);
}

/** The record a payment of the merchant was made for, when it is the given package's. */
export async function customOfPayment(db: Db, userId: number, paymentId: number, packageId: number): Promise<BrandCustomRow | null> {
  const [hit] = await db
    .select({ row: brandCustoms })
    .from(brandPayments)
    .innerJoin(brandCustoms, eq(brandCustoms.id, brandPayments.customId))
    .where(and(eq(brandPayments.paymentId, paymentId), eq(brandCustoms.userId, userId), eq(brandCustoms.packageId, packageId)));
  return hit?.row ?? null;
}

export async function currentRecord(db: Db, userId: number, packageId: number): Promise<BrandCustomRow> {
  const [row] = await db
    .select()
    .from(brandCustoms)
    .where(and(eq(brandCustoms.userId, userId), eq(brandCustoms.packageId, packageId)));
  if (!row) throw new AppError(BrandMessages.notCustomised);
  return row;
}

export interface BrandBalancePay {
  payment: PaymentRow;
  row: BrandCustomRow;
  balance: number;
  replayed: boolean;
}

async function replayBalance(db: Db, userId: number, prior: PaymentRow, packageId: number): Promise<BrandBalancePay> {
  const row = prior.purpose === 'brand' && prior.method === 'balance' ? await customOfPayment(db, userId, prior.id, packageId) : null;
  if (!row) throw keyMisuse();
  return { payment: prior, row, balance: await balanceOf(db, userId), replayed: true };
}

export async function payBrandByBalance(db: Db, userId: number, packageId: number, key: string | null): Promise<BrandBalancePay> {
  const pkg = packageOrThrow(packageId);
  if (key) {
    const prior = await paymentByKey(db, userId, key);
    if (prior) return replayBalance(db, userId, prior, pkg.package_id);
  }
  try {
    return await db.transaction(async (tx) => {
      const row = await lockRecord(tx, userId, pkg.package_id);
      assertPayable(row);
      const balance = await lockAccount(tx, userId);
      if (balance < row.price) throw new AppError(CommerceMessages.insufficientBalance);
      const now = new Date();
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          orderId: null,
          purpose: 'brand',
          method: 'balance',
          recordType: RecordType.PAID_WITH_BALANCE,
          amount: row.price,
          status: 'succeeded',
          idempotencyKey: key ?? `brand-balance:${randomUUID()}`,
          paidAt: now,
        })
        .returning();
      await tx.insert(brandPayments).values({ paymentId: payment!.id, userId, customId: row.id });
      const record = await postRecord(tx, balance, {
        userId,
        type: RecordType.PAID_WITH_BALANCE,
        amount: row.price,
        balanceChange: -row.price,
        paymentId: payment!.id,
        remark: `Branding ${packageTitle(row)}`,
      });
      return { payment: payment!, row: await markPaid(tx, row), balance: record.balanceAfter, replayed: false };
    });
  } catch (err) {
    // The same key racing with itself: the request that got there first holds the answer.
    if (key) {
      const prior = await paymentByKey(db, userId, key);
      if (prior) return replayBalance(db, userId, prior, pkg.package_id);
    }
    throw err;
  }
}

/**
 * Opens (or finds again) the payment row a provider payment of a package hangs on. Same key: the
 * same row. No key: the newest open row of the same method and amount for the record, so a double
 * click does not create two provider payments.
 */
export async function openBrandPayment(
  db: Db,
  userId: number,
  packageId: number,
  method: BrandProviderMethod,
  key: string | null,
): Promise<PaymentRow> {
  const pkg = packageOrThrow(packageId);
  const same = async (prior: PaymentRow) =>
    prior.purpose === 'brand' && prior.method === method && !!(await customOfPayment(db, userId, prior.id, pkg.package_id));
  if (key) {
    const prior = await paymentByKey(db, userId, key);
    if (prior) {
      if (!(await same(prior))) throw keyMisuse();
      return prior;
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const row = await lockRecord(tx, userId, pkg.package_id);
      assertPayable(row);
      if (!key) {
        const [open] = await tx
          .select({ p: payments })
          .from(payments)
          .innerJoin(brandPayments, eq(brandPayments.paymentId, payments.id))
          .where(
            and(
              eq(brandPayments.customId, row.id),
              eq(payments.method, method),
              eq(payments.status, 'created'),
              eq(payments.amount, row.price),
              isNotNull(payments.providerRef),
            ),
          )
          .orderBy(desc(payments.id))
          .limit(1);
        if (open) return open.p;
      }
      const [p] = await tx
        .insert(payments)
        .values({
          userId,
          orderId: null,
          purpose: 'brand',
          method,
          recordType: method === 'shopify' ? RecordType.PRODUCT_RECORD : PAY_METHOD_RECORD_TYPE[method],
          amount: row.price,
          status: 'created',
          idempotencyKey: key ?? `brand:${randomUUID()}`,
        })
        .returning();
      await tx.insert(brandPayments).values({ paymentId: p!.id, userId, customId: row.id });
      return p!;
    });
  } catch (err) {
    if (key && isUniqueViolation(err)) {
      const prior = await paymentByKey(db, userId, key);
      if (prior && (await same(prior))) return prior;
    }
    throw err;
  }
}
