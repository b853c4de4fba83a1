/** The balance records page's rules: the filter in the address, the records call, the CSV rows. */
import { describe, expect, it } from 'vitest';
import {
  balanceSearch,
  exportFileName,
  rangeProblem,
  readBalanceQuery,
  recordTypeChoices,
  recordsParams,
  recordsTable,
} from '../../src/pages/commerce/balance';
import type { BalanceRecord } from '../../contract/commerce';
import { PAGE_SIZES } from '../../contract/constants';
import { BALANCE_PAGE_SIZE } from '../../src/pages/commerce/balance';

const read = (s: string) => readBalanceQuery(new URLSearchParams(s));

describe('balance filter in the address', () => {
  it('reads type, dates and page, and round-trips them', () => {
    const q = read('type=11&from=2026-01-01&to=2026-02-28&page=3');
    expect(q).toEqual({ type: 11, from: '2026-01-01', to: '2026-02-28', page: 3 });
    expect(balanceSearch(q)).toBe('?type=11&from=2026-01-01&to=2026-02-28&page=3');
    expect(read(balanceSearch(q).slice(1))).toEqual(q);
  });

  it('reads anything unknown or malformed as not given', () => {
    expect(read('type=7&from=2026-02-30&to=yesterday&page=-2')).toEqual({ type: null, from: null, to: null, page: 1 });
    expect(read('type=abc&page=1.5')).toEqual({ type: null, from: null, to: null, page: 1 });
    expect(balanceSearch(read(''))).toBe('');
  });

  it('names a start after the end instead of listing nothing', () => {
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('The start date is after the end date');
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(rangeProblem({ from: null, to: '2026-03-01' })).toBeNull();
  });

  it('pages by one of the page sizes the records call takes', () => {
    expect(PAGE_SIZES).toContain(BALANCE_PAGE_SIZE);
  });

  it('asks the records call for the filter, leaving out what is open', () => {
    expect(recordsParams(read('type=1&to=2026-03-01'), 2, 20)).toEqual({ pageNum: 2, pageSize: 20, type: 1, endTime: '2026-03-01' });
    expect(recordsParams(read(''), 1, 100)).toEqual({ pageNum: 1, pageSize: 100 });
  });

  it('offers every record type once, in type order', () => {
    const choices = recordTypeChoices();
    expect(choices[0]).toEqual({ type: 1, name: 'Paid with Balance' });
    expect(choices.map((c) => c.type)).toEqual([...choices.map((c) => c.type)].sort((a, b) => a - b));
    expect(choices.find((c) => c.type === 14)?.name).toBe('Stripe');
  });
});

describe('CSV export', () => {
  const record = (over: Partial<BalanceRecord>): BalanceRecord => ({
    id: 1,
    type: 1,
    typeName: 'Paid with Balance',
    amount: 1999,
    balanceChange: -1999,
    balanceAfter: 8001,
    orderId: 5,
    orderNo: 'PO2026000005',
    remark: 'Order PO2026000005',
    createTime: '2026-11-27T10:00:00.000Z',
    ...over,
  });

  it('writes a header and one row per record, money in dollars with two decimals', () => {
    const table = recordsTable([
      record({}),
      record({
        id: 2,
        type: 11,
        typeName: 'Prepayment',
        amount: 10000,
        balanceChange: 10000,
        balanceAfter: 10000,
        orderId: null,
        orderNo: null,
        remark: 'Top-up, a, "quoted"',
      }),
    ]);
    expect(table[0]).toEqual(['Time', 'Type', 'Order', 'Amount (USD)', 'Balance change (USD)', 'Balance after (USD)', 'Remark']);
    expect(table[1]).toEqual([
      '2026-11-27T10:00:00.000Z',
      'Paid with Balance',
      'PO2026000005',
      '19.99',
      '-19.99',
      '80.01',
      'Order PO2026000005',
    ]);
    expect(table[2]).toEqual(['2026-11-27T10:00:00.000Z', 'Prepayment', '', '100.00', '100.00', '100.00', 'Top-up, a, "quoted"']);
  });

  it('names the file after its filter and the day', () => {
    expect(exportFileName({ type: null, from: null, to: null }, '2026-11-27')).toBe('balance-records_2026-11-27.csv');
    expect(exportFileName({ type: 11, from: '2026-01-01', to: null }, '2026-11-27')).toBe(
      'balance-records_type-11_from-2026-01-01_2026-11-27.csv',
    );
  });
});
