/**
 * The merchant's orders and spend per calendar month (UTC) for the dashboard's chart: orders by
 * the month they were placed, spend as the order payments less order refunds recorded that month
 * (the same money balance/totalPaid counts). Months without any are there with zeros.
 */
import { and, count, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { balanceRecords, orders } from './schema';
import { ORDER_PAYMENT_RECORD_TYPES, RecordType, type OrderTrendMonth } from '../../contract/commerce';

/** The last `n` calendar months up to and including `now`'s, oldest first, as 'YYYY-MM'. */
export function monthsBack(now: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

const monthOf = (column: typeof orders.createdAt | typeof balanceRecords.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

export async function orderTrend(db: Db, userId: number, months: number, now = new Date()): Promise<OrderTrendMonth[]> {
  const keys = monthsBack(now, months);
  const since = new Date(`${keys[0]}-01T00:00:00Z`);
  const orderMonth = monthOf(orders.createdAt);
  const recordMonth = monthOf(balanceRecords.createdAt);
  const paidTypes = [...ORDER_PAYMENT_RECORD_TYPES];
  const [placed, money] = await Promise.all([
    db
      .select({ month: orderMonth, n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), gte(orders.createdAt, since)))
      .groupBy(orderMonth),
    db
      .select({
        month: recordMonth,
        paid: sum(sql`case when ${inArray(balanceRecords.type, paidTypes)} then ${balanceRecords.amount} else 0 end`),
        refunded: sum(sql`case when ${balanceRecords.type} = ${RecordType.REFUND_ORDERS} then ${balanceRecords.amount} else 0 end`),
      })
      .from(balanceRecords)
      .where(and(eq(balanceRecords.userId, userId), gte(balanceRecords.createdAt, since)))
      .groupBy(recordMonth),
  ]);
  const ordersBy = new Map(placed.map((r) => [r.month, r.n]));
  const spendBy = new Map(money.map((r) => [r.month, Number(r.paid ?? 0) - Number(r.refunded ?? 0)]));
  return keys.map((month) => ({ month, orders: ordersBy.get(month) ?? 0, spend: spendBy.get(month) ?? 0 }));
}
