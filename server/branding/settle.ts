/**
 * Settling a provider payment (PayPal, card, Stripe, Shopify) made for a branding package, called
 * by the commerce payments' settle step inside its transaction once the provider says the money
 * arrived: the payment is recorded in the ledger, and the package becomes paid when it is still
 * waiting for exactly that amount. Money that arrives for a package paid another way meanwhile,
 * or re-priced, goes to the balance rather than being lost.
 *
 * Imports only tables and the ledger: the commerce payments module imports this one.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { lockAccount, postRecord, type Tx } from '../commerce/ledger';
import { payments } from '../commerce/schema';
import { brandCustoms, brandPayments } from './schema';
import { BrandMessages, BrandStatus, brandPackageDef } from '../../contract/branding';
import { CommerceMessages, RecordType } from '../../contract/commerce';

type PaymentRow = typeof payments.$inferSelect;
export type BrandCustomRow = typeof brandCustoms.$inferSelect;

/** The record a payment was made for, locked. */
export async function lockCustomOfPayment(tx: Tx, paymentId: number): Promise<BrandCustomRow> {
  const [link] = await tx.select().from(brandPayments).where(eq(brandPayments.paymentId, paymentId));
  if (!link) throw new AppError(CommerceMessages.paymentNotFound);
  const [row] = await tx.select().from(brandCustoms).where(eq(brandCustoms.id, link.customId)).for('update');
  if (!row) throw new AppError(BrandMessages.packageNotFound);
  return row;
}

export const packageTitle = (row: Pick<BrandCustomRow, 'packageId'>): string => brandPackageDef(row.packageId)?.title ?? 'Branding';

/** Marks a locked, submitted record paid. */
export async function markPaid(tx: Tx, row: BrandCustomRow): Promise<BrandCustomRow> {
  const now = new Date();
  const [paid] = await tx
    .update(brandCustoms)
    .set({ status: BrandStatus.PAID, paidAt: now, updatedAt: now })
    .where(eq(brandCustoms.id, row.id))
    .returning();
  return paid!;
}

export async function settleBrandPayment(tx: Tx, p: PaymentRow, via: string): Promise<'paid' | 'credited'> {
  const row = await lockCustomOfPayment(tx, p.id);
  const title = packageTitle(row);
  const balance = await lockAccount(tx, p.userId);
  const rec = await postRecord(tx, balance, {
    userId: p.userId,
    type: p.recordType,
    amount: p.amount,
    balanceChange: 0,
    paymentId: p.id,
    remark: `Branding ${title} via ${via}`,
  });
  if (row.status === BrandStatus.SUBMITTED && row.price === p.amount) {
    await markPaid(tx, row);
    return 'paid';
  }
  await postRecord(tx, rec.balanceAfter, {
    userId: p.userId,
    type: RecordType.REFUND_ORDERS,
    amount: p.amount,
    balanceChange: p.amount,
    paymentId: p.id,
    remark: `Payment for branding ${title} received after it was ${row.status === BrandStatus.PAID ? 'paid' : 'changed'}: credited to the balance`,
  });
  return 'credited';
}

/**
 * Before a provider takes money for a package: it must still wait for payment at the amount the
 * payment was opened for. Otherwise the payment is closed and nothing is captured.
 */
export async function assertBrandCapturable(db: Db, payment: PaymentRow): Promise<void> {
  if (payment.status !== 'created') throw new AppError(CommerceMessages.paymentFailed);
  const [link] = await db.select().from(brandPayments).where(eq(brandPayments.paymentId, payment.id));
  const [row] = link ? await db.select().from(brandCustoms).where(eq(brandCustoms.id, link.customId)) : [];
  const problem = !row
    ? BrandMessages.packageNotFound
    : row.status === BrandStatus.PAID
      ? BrandMessages.alreadyPaid
      : row.status !== BrandStatus.SUBMITTED
        ? BrandMessages.notSubmitted
        : row.price !== payment.amount
          ? CommerceMessages.totalChanged
          : null;
  if (!problem) return;
  await db
    .update(payments)
    .set({ status: 'cancelled', failureReason: problem, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
  throw new AppError(problem);
}
