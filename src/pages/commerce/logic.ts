/**
 * Pure rules of the commerce pages (no React): how a coupon reads, what still blocks a checkout,
 * and the orders page's state in the URL. Amounts are cents as the server sent them; nothing here
 * computes a total.
 */
import {
  COUPON_SOURCE_NAMES,
  COUPON_TYPE_PERCENT,
  DEFAULT_ORDER_PAGE_SIZE,
  DEFAULT_ORDER_SORT,
  ORDER_SORTS,
  ORDER_TAB_STATUS,
  formatUsd,
  isAddressFilled,
  type OrderSort,
  type OrderStatistics,
  type OrderTab,
  type ShipAddress,
} from '../../../contract/commerce';
import { ORDER_TABS, PAGE_SIZES } from '../../../contract/constants';
import { CommerceMessages } from '../../../contract/commerce';
import { NO_ADDRESS } from './texts';

/** '10% off' for a percent coupon (type 2), '$5.00 off' otherwise. */
export function couponValue(c: { type: number; discount: number; money: number }): string {
  return c.type === COUPON_TYPE_PERCENT ? `${c.discount}% off` : `${formatUsd(c.money)} off`;
}

/** 'Orders over $20.00' or 'No minimum'. */
export function couponCondition(c: { minAmount: number }): string {
  return c.minAmount > 0 ? `Orders over ${formatUsd(c.minAmount)}` : 'No minimum';
}

export const couponSourceName = (source: number): string => COUPON_SOURCE_NAMES[source] ?? 'Coupon';

export interface ShippingGroupState {
  shipFromName: string;
  refused: string | null;
  methods: readonly { logisticsId: number }[];
  chosen: number | null;
}

/**
 * Why the chosen lines cannot be ordered yet, in the order a merchant fixes them: nothing chosen,
 * no address, an address that is not filled (no first or last name, or no address line), a
 * warehouse that does not ship there ('Only Ship to USA', …), a group without a shipping method.
 */
export function checkoutBlockers(
  selected: number,
  address: Pick<ShipAddress, 'first_name' | 'last_name' | 'address1' | 'address2'> | null,
  groups: readonly ShippingGroupState[],
): string[] {
  const out: string[] = [];
  if (selected === 0) out.push(CommerceMessages.cartEmpty);
  if (!address) out.push(NO_ADDRESS);
  else if (!isAddressFilled(address)) out.push(CommerceMessages.addressNotFilled);
  for (const g of groups) {
    if (g.refused) out.push(`${g.shipFromName}: ${g.refused}`);
    else if (g.methods.length === 0) out.push(`${g.shipFromName}: no shipping method is available`);
    else if (g.chosen === null) out.push(`${g.shipFromName}: please choose a shipping method`);
  }
  return out;
}

/** The method a group starts with: the one chosen before if still offered, else the default. */
export function initialMethod(
  methods: readonly { logisticsId: number; isDefault: boolean }[],
  previous: number | null | undefined,
): number | null {
  if (previous != null && methods.some((m) => m.logisticsId === previous)) return previous;
  return (methods.find((m) => m.isDefault) ?? methods[0])?.logisticsId ?? null;
}

// ---------------------------------------------------------------------------------------------
// Orders page state (query: tabname, sort, pageNum, pageSize)
// ---------------------------------------------------------------------------------------------

export const ORDER_TAB_KEYS = Object.keys(ORDER_TABS) as OrderTab[];

export const ORDER_SORT_LABELS: Readonly<Record<OrderSort, string>> = {
  created_desc: 'Created: newest first',
  created_asc: 'Created: oldest first',
  updated_desc: 'Updated: newest first',
  updated_asc: 'Updated: oldest first',
};

export interface OrdersQuery {
  tab: OrderTab;
  sort: OrderSort;
  pageNum: number;
  pageSize: number;
}

/** Reads the orders page state from the URL; anything unknown falls back to the default. */
export function readOrdersQuery(sp: URLSearchParams): OrdersQuery {
  const tab = sp.get('tabname');
  const sort = sp.get('sort');
  const size = Number(sp.get('pageSize'));
  const page = Number(sp.get('pageNum'));
  return {
    tab: tab && (ORDER_TAB_KEYS as string[]).includes(tab) ? (tab as OrderTab) : 'ORDER_PENDING',
    sort: sort && (ORDER_SORTS as readonly string[]).includes(sort) ? (sort as OrderSort) : DEFAULT_ORDER_SORT,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_ORDER_PAGE_SIZE,
    pageNum: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * The tab /orders opens on when the link names none: the one holding the order that changed last
 * (the order just paid is Processing, not Pending Payment), else the first tab with orders, else
 * the first tab.
 */
export function defaultOrdersTab(stats: OrderStatistics | null): OrderTab {
  if (!stats) return ORDER_TAB_KEYS[0]!;
  const latest = ORDER_TAB_KEYS.find((t) => ORDER_TAB_STATUS[t] === stats.latestStatus);
  return latest ?? ORDER_TAB_KEYS.find((t) => stats[ORDER_TAB_COUNT[t]] > 0) ?? ORDER_TAB_KEYS[0]!;
}

/** Each tab's count in the order statistics. */
export const ORDER_TAB_COUNT: Readonly<Record<OrderTab, 'pendingOrder' | 'processingOrder' | 'fulfilledOrder'>> = {
  ORDER_PENDING: 'pendingOrder',
  ORDER_PROCESSING: 'processingOrder',
  ORDER_FULFILLED: 'fulfilledOrder',
};

/** What each tab's orders come to in the order statistics (cents). */
export const ORDER_TAB_AMOUNT: Readonly<Record<OrderTab, 'pendingAmount' | 'processingAmount' | 'fulfilledAmount'>> = {
  ORDER_PENDING: 'pendingAmount',
  ORDER_PROCESSING: 'processingAmount',
  ORDER_FULFILLED: 'fulfilledAmount',
};

/** The query string of a state, leaving defaults out (tabname is always written: links to /orders carry it). */
export function ordersSearch(q: OrdersQuery): string {
  const sp = new URLSearchParams({ tabname: q.tab });
  if (q.sort !== DEFAULT_ORDER_SORT) sp.set('sort', q.sort);
  if (q.pageSize !== DEFAULT_ORDER_PAGE_SIZE) sp.set('pageSize', String(q.pageSize));
  if (q.pageNum !== 1) sp.set('pageNum', String(q.pageNum));
  return `?${sp.toString()}`;
}

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

export const ORDER_STATUS_NAMES: Readonly<Record<string, string>> = {
  pending: 'Pending Payment',
  processing: 'Processing',
  fulfilled: 'Shipped',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** '2026-11-22 14:05' in the merchant's own time zone. */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The absolute invite link, or null without a user id (the link is built only when one is present). */
export function absoluteShareLink(origin: string, path: string | null): string | null {
  return path ? `${origin.replace(/\/+$/, '')}${path}` : null;
}
