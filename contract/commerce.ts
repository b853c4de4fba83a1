/**
 * Commerce rules shared by client and server: cart, shipping addresses and ship-from limits,
 * coupons, payment record types, orders with their sorts and statistics. Pure TypeScript: every
 * amount is integer cents (USD); the client only formats them.
 */

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

export const CURRENCY = 'USD';

/** 1234 → '12.34' (the fixed price format of the cart; no symbol). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234 → '$12.34'. */
export const formatUsd = (cents: number): string => (cents < 0 ? `-$${centsToDecimal(-cents)}` : `$${centsToDecimal(cents)}`);

/** '12.34' → 1234; null when it is not a plain decimal with at most two places. */
export function decimalToCents(value: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** One month of the dashboard's chart: orders placed and spend (order payments less refunds, cents). */
export interface OrderTrendMonth {
  /** 'YYYY-MM' (UTC). */
  month: string;
  orders: number;
  spend: number;
}
export const ORDER_TREND_MONTHS_MAX = 24;

/** Least and most a balance top-up may be (cents), and the refusal outside them. */
export const TOPUP_MIN = 100;
export const TOPUP_MAX = 1_000_000;
export const TOPUP_RANGE_MESSAGE = `The amount must be from ${TOPUP_MIN / 100} to ${TOPUP_MAX / 100} USD`;

// ---------------------------------------------------------------------------------------------
// Cart
// ---------------------------------------------------------------------------------------------

export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 9999;
/** Lines one cart may hold (a guard against runaway carts, not a product rule). */
export const CART_MAX_ITEMS = 200;
export const ANOTHER_NAME_MAX = 200;

export const isCartQuantity = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= CART_QUANTITY_MIN && n <= CART_QUANTITY_MAX;

/** One cart line: id, first image, title, variant id and title, cost (cents, shown in USD), quantity. */
export interface CartItem {
  id: number;
  productid: number;
  /** The merchant's own designed product, once "my products" exist; null for a catalogue sample. */
  myProductId: number | null;
  imagefirst: string;
  title: string;
  anotherName: string;
  variantsid: number;
  variantTitle: string;
  sku: string;
  /** Unit cost in cents. */
  cost: number;
  quantity: number;
  /** cost × quantity, cents. */
  subtotal: number;
  shipFrom: ShipFromCode;
  /** False when the product or variant left the catalogue: it cannot be ordered. */
  available: boolean;
}

export type ShipFromCode = 'CN' | 'US' | 'AU';

/**
 * A cart group: the items that ship together from one place (the factory, the USA or the
 * Australian warehouse). Each group has its own shipping methods, so each gets its own method.
 */
export interface CartGroup {
  shipFrom: ShipFromCode;
  shipFromName: string;
  shipTrolleyItemList: CartItem[];
  quantity: number;
  subtotal: number;
}

export interface CartList {
  code: number;
  msg: string;
  data: CartGroup[];
  /** Number of cart lines (the header badge). */
  total: number;
  quantity: number;
  subtotal: number;
  shipCountryId: number | null;
  countryCode: string | null;
}

// ---------------------------------------------------------------------------------------------
// Addresses: name, address lines and country; the "filled" rule and the ship-from limits
// ---------------------------------------------------------------------------------------------

export interface ShipAddress {
  id: number;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  phone: string;
  country_code: string;
  country: string;
  ship_country_id: number | null;
  isDefault: 0 | 1;
  /** True when a first or last name and an address line exist. */
  filled: boolean;
}

/** What an address form sends: the stored address without its server-made fields. */
export type AddressInput = Omit<ShipAddress, 'id' | 'country' | 'ship_country_id' | 'isDefault' | 'filled'>;

/** One shipping method of a ship-from group to a country, as quoted by the server. */
export interface GroupMethod {
  logisticsId: number;
  shipMethod: string;
  carrier: string;
  shipTime: string;
  shipTimeMin: number;
  shipTimeMax: number;
  /** The group's shipping for this method, cents. */
  cost: number;
  freeShipping: boolean;
  isDefault: boolean;
}

/** A method's shipping for a product and quantity to a country (the catalogue's shipping estimate). */
export interface ShippingQuote extends GroupMethod {
  shipCountryId: number;
  countryCode: string;
}

/** Per ship-from group of the chosen cart lines: the methods, times and costs to a country. */
export interface GroupCosts {
  shipFrom: ShipFromCode;
  shipFromName: string;
  itemIds: number[];
  quantity: number;
  subtotal: number;
  /** Why the warehouse will not ship to the country ('Only Ship to USA', …), or null. */
  refused: string | null;
  methods: GroupMethod[];
  /**
   * The merchant's default method for this destination and warehouse (Account & Settings →
   * Shipping & IOSS) when the group offers it; that method is then the group's isDefault one.
   */
  shopLogisticsId?: number | null;
}

export interface LogisticsCosts {
  shipCountryId: number;
  countryCode: string;
  country: string;
  groups: GroupCosts[];
}

export const ADDRESS_FIELD_MAX = 200;
export const MAX_ADDRESSES = 20;

/** An address counts as filled when a first or last name and an address line exist. */
export function isAddressFilled(a: {
  first_name?: string | null;
  last_name?: string | null;
  address1?: string | null;
  address2?: string | null;
}): boolean {
  const has = (v: string | null | undefined) => !!v && v.trim() !== '';
  return (has(a.first_name) || has(a.last_name)) && (has(a.address1) || has(a.address2));
}

// ---------------------------------------------------------------------------------------------
// Payment record types: what a balance record was for (payment, refund, cash back, ...)
// ---------------------------------------------------------------------------------------------

export const RecordType = {
  PAID_WITH_BALANCE: 1,
  PAYPAL: 2,
  REFUND_ORDERS: 3,
  PRODUCT_RECORD: 4,
  CASH_BACK: 5,
  WITHDRAW: 6,
  REBATE: 8,
  CREDIT_CARD: 9,
  REBATE_2: 10,
  PREPAYMENT: 11,
  E_COIN: 12,
  STRIPE: 14,
} as const;
export type RecordTypeCode = (typeof RecordType)[keyof typeof RecordType];

export const RECORD_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Paid with Balance',
  2: 'PayPal',
  3: 'Refund Orders',
  4: '{product} Record',
  5: 'Cash back',
  6: 'Withdraw Record',
  8: 'Rebate',
  9: 'Credit Card',
  10: 'Rebate',
  11: 'Prepayment',
  12: 'E-Coin',
  14: 'Stripe',
};

/** Record types that pay for an order (they count in totalPaid). */
export const ORDER_PAYMENT_RECORD_TYPES: readonly number[] = [
  RecordType.PAID_WITH_BALANCE,
  RecordType.PAYPAL,
  RecordType.CREDIT_CARD,
  RecordType.STRIPE,
];

export interface BalanceRecord {
  id: number;
  type: number;
  typeName: string;
  /** The money of the record, cents, always ≥ 0. */
  amount: number;
  /** What it did to the balance: negative for a balance payment, 0 for a provider payment. */
  balanceChange: number;
  balanceAfter: number;
  orderId: number | null;
  orderNo: string | null;
  remark: string;
  createTime: string;
}

// ---------------------------------------------------------------------------------------------
// Payment methods
// ---------------------------------------------------------------------------------------------

export const PAY_METHODS = ['balance', 'paypal', 'card', 'stripe'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const PAY_METHOD_RECORD_TYPE: Readonly<Record<PayMethod, RecordTypeCode>> = {
  balance: RecordType.PAID_WITH_BALANCE,
  paypal: RecordType.PAYPAL,
  card: RecordType.CREDIT_CARD,
  stripe: RecordType.STRIPE,
};

export interface PaymentMethodInfo {
  method: PayMethod;
  recordType: number;
  name: string;
  configured: boolean;
  /** Shown on the button when configured is false. */
  message: string | null;
  /** Public identifiers the client SDKs need (PayPal client id, Stripe publishable key). */
  clientId?: string | null;
  publishableKey?: string | null;
}

export const NOT_CONFIGURED = 'not configured';

// ---------------------------------------------------------------------------------------------
// Orders: statuses, tabs, sorts, page size and per-status statistics
// ---------------------------------------------------------------------------------------------

export const ORDER_STATUSES = ['pending', 'processing', 'fulfilled', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The order state machine: pending → processing (paid) → fulfilled (shipped, with tracking), or
 * cancelled / failed. Cancelling or failing a paid order refunds it to the balance.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['fulfilled', 'cancelled', 'failed'],
  fulfilled: [],
  cancelled: [],
  failed: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** The order page's tabs (contract/constants ORDER_TABS) and the status each shows. */
export const ORDER_TAB_STATUS = {
  ORDER_PENDING: 'pending',
  ORDER_PROCESSING: 'processing',
  ORDER_FULFILLED: 'fulfilled',
} as const satisfies Record<string, OrderStatus>;
export type OrderTab = keyof typeof ORDER_TAB_STATUS;

/** Order sorts: created newest or oldest first, updated newest or oldest first. */
export const ORDER_SORTS = ['created_desc', 'created_asc', 'updated_desc', 'updated_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = 'created_desc';
export const DEFAULT_ORDER_PAGE_SIZE = 10;

export interface OrderStatistics {
  fulfilledOrder: number;
  /** Orders in none of the three tabs: cancelled and failed. */
  otherOrder: number;
  pendingOrder: number;
  processingOrder: number;
  canceledOrder: number;
  failedOrder: number;
  totalOrder: number;
  /** What the orders in each of the three tabs come to, in cents (their totals summed). */
  pendingAmount: number;
  processingAmount: number;
  fulfilledAmount: number;
  /** The status of the order that changed last (the one just paid, say), or null without orders. */
  latestStatus: OrderStatus | null;
}

export interface OrderTotals {
  subtotal: number;
  shippingCost: number;
  discount: number;
  total: number;
}

export function orderTotals(subtotal: number, shippingCost: number, discount: number): OrderTotals {
  const d = Math.max(0, Math.min(discount, subtotal));
  return { subtotal, shippingCost, discount: d, total: subtotal + shippingCost - d };
}

// ---------------------------------------------------------------------------------------------
// Coupons: source (1 new user, 2 old user, 3 invite), type (2 percent, otherwise money off)
// ---------------------------------------------------------------------------------------------

export const CouponSource = { NEW_USER: 1, OLD_USER: 2, INVITE: 3 } as const;
export const COUPON_SOURCE_NAMES: Readonly<Record<number, string>> = { 1: 'New user', 2: 'Old user', 3: 'Invite' };
/** Type 2 is a percent discount; any other type takes `money` (cents) off. */
export const COUPON_TYPE_PERCENT = 2;
export const COUPON_TYPE_MONEY = 1;

export interface CouponTerms {
  type: number;
  /** Percent off (type 2), e.g. 10 for 10 %. */
  discount: number;
  /** Cents off (other types). */
  money: number;
  /** Least product subtotal (cents) the coupon needs; 0 for none. */
  minAmount: number;
}

/**
 * What a coupon takes off a product subtotal (cents): a percent rounded half up to the cent, or a
 * fixed amount; never more than the subtotal, so a total never goes below the shipping, let alone 0.
 * 0 when the subtotal is under the coupon's minimum.
 */
export function couponDiscount(c: CouponTerms, subtotal: number): number {
  if (subtotal <= 0 || subtotal < c.minAmount) return 0;
  const raw = c.type === COUPON_TYPE_PERCENT ? Math.round((subtotal * c.discount) / 100) : c.money;
  return Math.max(0, Math.min(raw, subtotal));
}

export interface CouponReceipt extends CouponTerms {
  /** The received coupon's id (what bindingCoupon takes). */
  id: number;
  couponId: number;
  title: string;
  source: number;
  /** 0 unused, 1 used (its order was paid), 2 expired. */
  status: 0 | 1 | 2;
  /** The pending order it is bound to, if any. */
  orderId: number | null;
  receiveTime: string;
  expireTime: string;
}

/** A share code: 12 random URL-safe characters (never a user id, so none can be guessed). */
export const SHARE_CODE_RE = /^[A-Za-z0-9_-]{12}$/;

/** The invite link of a share code; none without a well-formed code. */
export function shareCouponPath(code: string | null | undefined): string | null {
  return code && SHARE_CODE_RE.test(code) ? `/share-coupon/${code}` : null;
}

// ---------------------------------------------------------------------------------------------
// Messages (the product's established wording where it has one, ours otherwise)
// ---------------------------------------------------------------------------------------------

export const CommerceMessages = {
  onlyAuNz: 'Only Ship to Australia and New Zealand',
  onlyUs: 'Only Ship to USA',
  productNotFound: 'This product does not exist or is no longer available',
  variantNotFound: 'This variant does not exist or does not belong to the product',
  cartItemNotFound: 'This cart item does not exist',
  cartItemsGone: 'Some items are no longer in your cart, please refresh the cart',
  cartFull: `Your cart is full (at most ${CART_MAX_ITEMS} items)`,
  cartEmpty: 'Please choose the items to order',
  badQuantity: `Quantity must be a whole number from ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}`,
  itemUnavailable: 'An item in your order is no longer available, please remove it from the cart',
  addressNotFound: 'This address does not exist',
  addressNotFilled: 'Please fill in the shipping address: a first or last name and an address line',
  addressLimit: `You can keep at most ${MAX_ADDRESSES} addresses`,
  orderNotFound: 'This order does not exist',
  orderNotPending: 'Only orders waiting for payment can be changed',
  orderAlreadyPaid: 'This order has already been paid',
  orderCancelled: 'This order has been cancelled',
  orderNotCancellable: 'This order is in production and can no longer be cancelled, please contact customer care',
  illegalTransition: 'This order cannot change to that status',
  insufficientBalance: 'Insufficient balance',
  totalChanged: 'The order total has changed, please pay again',
  paymentNotConfigured: 'This payment method is not configured',
  paymentNotFound: 'This payment does not exist',
  paymentFailed: 'The payment was not completed',
  paymentPending: 'The payment has not been completed yet',
  couponNotFound: 'This coupon does not exist',
  couponNotAvailable: 'This coupon cannot be used for this order',
  couponAlreadyReceived: 'You have already received this coupon',
  couponInUse: 'This coupon is already used by another order',
  orderHasCoupon: 'This order already has a coupon; unbind it first',
  orderHasNoCoupon: 'This order has no coupon',
  couponExpired: 'This coupon has expired',
  couponMinimum: 'The order does not reach the minimum amount of this coupon',
} as const;
