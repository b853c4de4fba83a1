/**
 * getHonglilist: the merchant's bonuses ("hongli"), the credits the platform gave to the balance
 * as cash back or rebates (payment record types 5, 8 and 10), newest first, with their sum. They
 * are balance records (server/commerce/ledger.ts), read here for the caller only. The export
 * writes the same rows as a CSV download (./downloads.ts).
 */
import { sum } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { balanceRecords } from '../commerce/schema';
import { listRecords, recordWhere } from '../commerce/ledger';
import { RecordType, formatUsd } from '../../contract/commerce';
import type { BonusRecord } from '../../contract/shop-settings';

const BONUS_TYPES: readonly number[] = [RecordType.CASH_BACK, RecordType.REBATE, RecordType.REBATE_2];
/** The most rows one export holds. */
const BONUS_EXPORT_MAX = 10_000;

export async function listBonuses(
  db: Db,
  userId: number,
  paging: { pageSize: number; offset: number },
): Promise<{ rows: BonusRecord[]; total: number; totalAmount: number }> {
  const filter = { types: BONUS_TYPES };
  const [{ rows, total }, [sums]] = await Promise.all([
    listRecords(db, userId, filter, paging),
    db
      .select({ s: sum(balanceRecords.amount) })
      .from(balanceRecords)
      .where(recordWhere(userId, filter)),
  ]);
  return {
    total,
    totalAmount: Number(sums?.s ?? 0),
    rows: rows.map(({ id, type, typeName, amount, orderNo, remark, createTime }) => ({
      id,
      type,
      typeName,
      amount,
      orderNo,
      remark,
      createTime,
    })),
  };
}

/** A CSV field: quoted when it holds a quote, comma or line break; a leading =, +, - or @ is defused for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The merchant's bonuses as CSV (newest first, at most BONUS_EXPORT_MAX rows). */
export async function bonusCsv(db: Db, userId: number): Promise<string> {
  const { rows } = await listBonuses(db, userId, { pageSize: BONUS_EXPORT_MAX, offset: 0 });
  const lines = [
    ['Date', 'Type', 'Amount (USD)', 'Order', 'Remark'],
    ...rows.map((r) => [r.createTime.slice(0, 10), r.typeName, formatUsd(r.amount), r.orderNo ?? '', r.remark]),
  ];
  return `${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}
