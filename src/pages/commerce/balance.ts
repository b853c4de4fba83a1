/**
 * The balance records page's rules: its filter as it lives in the address (type, from, to, page),
 * the query the records call takes, and the records as a CSV file.
 */
import { RECORD_TYPE_NAMES, type BalanceRecord } from '../../../contract/commerce';

export interface BalanceQuery {
  /** A payment record type (RECORD_TYPE_NAMES), or null for every type. */
  type: number | null;
  /** YYYY-MM-DD, inclusive; null when open. */
  from: string | null;
  to: string | null;
  page: number;
}

/** One of the product's page sizes (5, 10, 15, 25), which the records call also takes. */
export const BALANCE_PAGE_SIZE = 25;
/** The most records one export holds: 100 calls of the largest page. */
export const EXPORT_MAX_ROWS = 2500;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const validDay = (v: string | null): string | null => {
  if (!v || !DAY_RE.test(v)) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? null : v;
};

/** The filter in the address; anything unknown or malformed reads as not given. */
export function readBalanceQuery(sp: URLSearchParams): BalanceQuery {
  const type = Number(sp.get('type'));
  const page = Number(sp.get('page'));
  return {
    type: Number.isInteger(type) && RECORD_TYPE_NAMES[type] !== undefined ? type : null,
    from: validDay(sp.get('from')),
    to: validDay(sp.get('to')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for a filter (empty parts left out, page 1 left out). */
export function balanceSearch(q: BalanceQuery): string {
  const sp = new URLSearchParams();
  if (q.type !== null) sp.set('type', String(q.type));
  if (q.from) sp.set('from', q.from);
  if (q.to) sp.set('to', q.to);
  if (q.page > 1) sp.set('page', String(q.page));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** What `from` after `to` would mean is nothing: say so instead of listing no records. */
export function rangeProblem(q: Pick<BalanceQuery, 'from' | 'to'>): string | null {
  return q.from && q.to && q.from > q.to ? 'The start date is after the end date' : null;
}

/** The records call's parameters for a filter and page (the server reads a bare end date as that whole day). */
export function recordsParams(q: BalanceQuery, pageNum: number, pageSize: number): Record<string, string | number> {
  return {
    pageNum,
    pageSize,
    ...(q.type !== null ? { type: q.type } : {}),
    ...(q.from ? { startTime: q.from } : {}),
    ...(q.to ? { endTime: q.to } : {}),
  };
}

/** The record types a merchant can filter by: each name once, in type order. */
export function recordTypeChoices(): { type: number; name: string }[] {
  return Object.entries(RECORD_TYPE_NAMES)
    .map(([type, name]) => ({ type: Number(type), name }))
    .sort((a, b) => a.type - b.type);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One row per record, in the order given; amounts in dollars with two decimals. */
export function recordsTable(rows: readonly BalanceRecord[]): (string | number)[][] {
  return [
    ['Time', 'Type', 'Order', 'Amount (USD)', 'Balance change (USD)', 'Balance after (USD)', 'Remark'],
    ...rows.map((r) => [
      r.createTime,
      r.typeName,
      r.orderNo ?? '',
      dollars(r.amount),
      dollars(r.balanceChange),
      dollars(r.balanceAfter),
      r.remark,
    ]),
  ];
}

/** The export's file name: the filter in it, so two exports of different filters do not collide. */
export function exportFileName(q: Pick<BalanceQuery, 'type' | 'from' | 'to'>, today: string): string {
  const parts = [
    'balance-records',
    q.type !== null ? `type-${q.type}` : null,
    q.from ? `from-${q.from}` : null,
    q.to ? `to-${q.to}` : null,
  ];
  return `${parts.filter(Boolean).join('_') || 'balance-records'}_${today}.csv`;
}
