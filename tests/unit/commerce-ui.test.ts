/** The pure rules behind the commerce pages (src/pages/commerce/logic.ts). */
import { describe, expect, it } from 'vitest';
import {
  absoluteShareLink,
  checkoutBlockers,
  couponCondition,
  couponValue,
  initialMethod,
  defaultOrdersTab,
  ordersSearch,
  pageCount,
  readOrdersQuery,
} from '../../src/pages/commerce/logic';
import { CommerceMessages } from '../../contract/commerce';

describe('coupon wording', () => {
  it('reads type 2 as a percent and every other type as money', () => {
    expect(couponValue({ type: 2, discount: 10, money: 0 })).toBe('10% off');
    expect(couponValue({ type: 1, discount: 0, money: 500 })).toBe('$5.00 off');
    expect(couponValue({ type: 7, discount: 30, money: 1250 })).toBe('$12.50 off');
    expect(couponCondition({ minAmount: 2000 })).toBe('Orders over $20.00');
    expect(couponCondition({ minAmount: 0 })).toBe('No minimum');
  });
});

describe('checkout blockers', () => {
  const filled = { first_name: 'Ada', last_name: '', address1: '1 Main St', address2: '' };
  const group = (
    over: Partial<{ shipFromName: string; refused: string | null; methods: { logisticsId: number }[]; chosen: number | null }> = {},
  ) => ({
    shipFromName: 'China',
    refused: null,
    methods: [{ logisticsId: 1 }],
    chosen: 1,
    ...over,
  });

  it('lets a filled address with a method per group through', () => {
    expect(checkoutBlockers(2, filled, [group()])).toEqual([]);
  });

  it('names each missing piece, with the established messages', () => {
    expect(checkoutBlockers(0, null, [])).toEqual([CommerceMessages.cartEmpty, 'Please add a shipping address']);
    expect(checkoutBlockers(1, { ...filled, first_name: '' }, [])).toEqual([CommerceMessages.addressNotFilled]);
    expect(checkoutBlockers(1, { ...filled, address1: '' }, [])).toEqual([CommerceMessages.addressNotFilled]);
    expect(checkoutBlockers(1, { ...filled, first_name: '', last_name: 'Lovelace', address1: '', address2: 'Flat 2' }, [])).toEqual([]);
    expect(
      checkoutBlockers(2, filled, [group({ shipFromName: 'USA', refused: 'Only Ship to USA', methods: [] }), group({ chosen: null })]),
    ).toEqual(['USA: Only Ship to USA', 'China: please choose a shipping method']);
    expect(checkoutBlockers(1, filled, [group({ methods: [], chosen: null })])).toEqual(['China: no shipping method is available']);
  });

  it('keeps a still-offered method, else takes the default', () => {
    const methods = [
      { logisticsId: 1, isDefault: true },
      { logisticsId: 2, isDefault: false },
    ];
    expect(initialMethod(methods, 2)).toBe(2);
    expect(initialMethod(methods, 9)).toBe(1);
    expect(initialMethod(methods, null)).toBe(1);
    expect(initialMethod([{ logisticsId: 5, isDefault: false }], undefined)).toBe(5);
    expect(initialMethod([], 1)).toBeNull();
  });
});

describe('orders page state in the URL', () => {
  it('reads the tab, sort, page size (5/10/15/25) and page, falling back on anything unknown', () => {
    expect(readOrdersQuery(new URLSearchParams(''))).toEqual({ tab: 'ORDER_PENDING', sort: 'created_desc', pageSize: 10, pageNum: 1 });
    expect(readOrdersQuery(new URLSearchParams('tabname=ORDER_FULFILLED&sort=updated_asc&pageSize=25&pageNum=3'))).toEqual({
      tab: 'ORDER_FULFILLED',
      sort: 'updated_asc',
      pageSize: 25,
      pageNum: 3,
    });
    expect(readOrdersQuery(new URLSearchParams('tabname=ORDER_X&sort=price&pageSize=7&pageNum=-2'))).toEqual({
      tab: 'ORDER_PENDING',
      sort: 'created_desc',
      pageSize: 10,
      pageNum: 1,
    });
  });

  it('opens /orders on the tab of the order that changed last, else the first tab with orders', () => {
    const stats = {
      pendingOrder: 2,
      processingOrder: 1,
      fulfilledOrder: 0,
      otherOrder: 0,
      canceledOrder: 0,
      failedOrder: 0,
      totalOrder: 3,
      pendingAmount: 4200,
      processingAmount: 1500,
      fulfilledAmount: 0,
      latestStatus: 'processing' as const,
    };
    expect(defaultOrdersTab(stats)).toBe('ORDER_PROCESSING');
    // The latest order was cancelled (no tab of its own): the first tab with orders.
    expect(defaultOrdersTab({ ...stats, latestStatus: 'cancelled', pendingOrder: 0 })).toBe('ORDER_PROCESSING');
    expect(defaultOrdersTab({ ...stats, latestStatus: null, pendingOrder: 0, processingOrder: 0, totalOrder: 0 })).toBe('ORDER_PENDING');
    expect(defaultOrdersTab(null)).toBe('ORDER_PENDING');
  });

  it('writes it back without the defaults, and round-trips', () => {
    expect(ordersSearch({ tab: 'ORDER_PROCESSING', sort: 'created_desc', pageSize: 10, pageNum: 1 })).toBe('?tabname=ORDER_PROCESSING');
    const q = { tab: 'ORDER_PENDING' as const, sort: 'updated_desc' as const, pageSize: 5, pageNum: 2 };
    expect(ordersSearch(q)).toBe('?tabname=ORDER_PENDING&sort=updated_desc&pageSize=5&pageNum=2');
    expect(readOrdersQuery(new URLSearchParams(ordersSearch(q)))).toEqual(q);
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(25, 25)).toBe(1);
  });
});

describe('the invite link', () => {
  it('is built only with a user id path', () => {
    expect(absoluteShareLink('https://pod.example/', '/share-coupon/42')).toBe('https://pod.example/share-coupon/42');
    expect(absoluteShareLink('https://pod.example', null)).toBeNull();
  });
});
