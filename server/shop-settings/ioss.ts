/**
 * The merchant's IOSS number (Import One-Stop Shop: VAT on goods of at most 150 EUR sent into the
 * EU is collected at the sale, so the customer pays nothing on delivery). The number is kept per
 * account; each order to an EU country is stamped with the number in force when it was placed,
 * and its detail shows it with whether the goods fall under the 150 EUR limit.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { orderIoss, shopIoss } from './schema';
import type { Tx } from './logistics';
import { RATES } from '../accounts/account-settings';
import {
  EU_COUNTRIES,
  IOSS_THRESHOLD_EUR_CENTS,
  isEuCountry,
  normalizeIoss,
  type IossParam,
  type OrderIoss,
} from '../../contract/shop-settings';

async function iossNumberOf(db: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await db.select({ iossNumber: shopIoss.iossNumber }).from(shopIoss).where(eq(shopIoss.userId, userId));
  return row?.iossNumber ?? null;
}

export async function iossParam(db: Db, userId: number): Promise<IossParam> {
  return { iossNumber: await iossNumberOf(db, userId), thresholdEurCents: IOSS_THRESHOLD_EUR_CENTS, countries: EU_COUNTRIES };
}

/** Saves the number (the form's rule checked it); empty clears it. */
export async function setIossNumber(db: Db, userId: number, given: string): Promise<string | null> {
  const iossNumber = normalizeIoss(given);
  if (!iossNumber) {
    await db.delete(shopIoss).where(eq(shopIoss.userId, userId));
    return null;
  }
  await db
    .insert(shopIoss)
    .values({ userId, iossNumber })
    .onConflictDoUpdate({ target: shopIoss.userId, set: { iossNumber, updatedAt: new Date() } });
  return iossNumber;
}

/** USD cents in euro cents at the rate prices are displayed with (Account & Settings' rate list). */
const EUR_PER_USD = Number(RATES.find((r) => r.ratenameEN === 'EUR')?.rateStr ?? '1');
const eurCents = (usdCents: number): number => Math.round(usdCents * EUR_PER_USD);

/** Stamps a new order to the EU with the merchant's number, in the transaction that makes the order. */
export async function stampOrderIoss(tx: Tx, userId: number, order: { id: number; countryCode: string }): Promise<void> {
  if (!isEuCountry(order.countryCode)) return;
  const iossNumber = await iossNumberOf(tx, userId);
  if (iossNumber) await tx.insert(orderIoss).values({ orderId: order.id, iossNumber }).onConflictDoNothing();
}

/** An order's IOSS for its detail: null for orders outside the EU. The caller checked the order is the merchant's. */
export async function orderIossOf(db: Db, order: { id: number; countryCode: string; subtotal: number }): Promise<OrderIoss | null> {
  if (!isEuCountry(order.countryCode)) return null;
  const [row] = await db.select({ iossNumber: orderIoss.iossNumber }).from(orderIoss).where(eq(orderIoss.orderId, order.id));
  const goodsValueEurCents = eurCents(order.subtotal);
  return { iossNumber: row?.iossNumber ?? null, goodsValueEurCents, eligible: goodsValueEurCents <= IOSS_THRESHOLD_EUR_CENTS };
}
