/**
 * Commerce calls: cart (shipTrolley), addresses (shipAddress), orders, coupons and invites, balance
 * and payments. Every amount is integer cents; every total comes from the server. Calls never throw
 * (src/api/http.ts): callers read `code`.
 */
import { call } from './http';
import type {
  AddressInput,
  BalanceRecord,
  CartGroup,
  GroupCosts,
  GroupMethod,
  LogisticsCosts,
  CouponReceipt,
  OrderSort,
  OrderStatistics,
  OrderTrendMonth,
  OrderTab,
  PaymentMethodInfo,
  ShipAddress,
} from '../../contract/commerce';
import type { MyProductDetail } from '../../contract/products';
import type { OrderIoss } from '../../contract/shop-settings';
import type { BrandOrderItem } from '../../contract/branding';

export type { AddressInput, GroupCosts, GroupMethod, LogisticsCosts };

export interface CartListExtra {
  total: number;
  quantity: number;
  subtotal: number;
  shipCountryId: number | null;
  countryCode: string | null;
}

export interface OrderItem {
  id: number;
  productid: number;
  variantsid: number;
  myProductId: number | null;
  title: string;
  variantTitle: string;
  anotherName: string;
  imagefirst: string;
  sku: string;
  shipFrom: string;
  cost: number;
  quantity: number;
  subtotal: number;
}

export interface OrderSummary {
  id: number;
  orderNo: string;
  status: string;
  countryCode: string;
  subtotal: number;
  shippingCost: number;
  discount: number;
  total: number;
  couponReceiptId: number | null;
  payType: number | null;
  payTypeName: string | null;
  quantity: number;
  items: OrderItem[];
  createTime: string;
  updateTime: string;
  paidTime: string | null;
  fulfilledTime: string | null;
  cancelledTime: string | null;
  failedTime: string | null;
}

export interface OrderShipment {
  shipFrom: string;
  logisticsId: number;
  ship_method: string;
  carrier: string;
  shiptime: string;
  cost: number;
  trackingNumber: string | null;
  trackUrl: string | null;
  shippedTime: string | null;
}

export interface OrderPayment {
  id: number;
  method: string;
  recordType: number;
  typeName: string | null;
  amount: number;
  currency: string;
  status: string;
  createTime: string;
  paidTime: string | null;
}

export interface OrderDetail extends OrderSummary {
  address: ShipAddress;
  shipments: OrderShipment[];
  payments: OrderPayment[];
  events: { from: string | null; to: string; actor: string; note: string; time: string }[];
  coupon: { id: number; title: string; type: number; discount: number; money: number } | null;
  /** On orders to the EU: the IOSS number the order was placed under; null on other orders. */
  ioss: OrderIoss | null;
  /** The branded items of the package in use when the order was made. */
  brandItems?: BrandOrderItem[];
}

export interface OrderTotalsReply {
  orderId: number;
  couponId: number | null;
  subtotal: number;
  shippingCost: number;
  discount: number;
  total: number;
}

export interface ReceivableCoupon {
  id: number;
  title: string;
  source: number;
  type: number;
  discount: number;
  money: number;
  minAmount: number;
  validDays: number;
  received: 0 | 1;
}
export type AvailableCoupon = CouponReceipt & { discountAmount: number };

export interface ShareInfo {
  shareCode: string;
  shareUrl: string | null;
  invitedCount: number;
  reward: { id: number; title: string; type: number; discount: number; money: number; minAmount: number } | null;
}
export interface ShareLanding {
  valid: boolean;
  shareCode: string | null;
  reward: { title: string; type: number; discount: number; money: number; minAmount: number } | null;
}

export interface PayResult {
  orderId: number;
  orderNo: string;
  status: string;
  paymentId: number;
  amount: number;
  balance: number;
  replayed: boolean;
}
export interface ProviderStart {
  paymentId: number;
  orderId: number | null;
  amount: number;
  status: string;
  paypalOrderId?: string | null;
  approveUrl?: string | null;
  clientSecret?: string | null;
  publishableKey?: string | null;
  message?: string;
}

const T = 'api/shipTrolley';
const A = 'api/shipAddress';
const O = 'api/order';

/** A fresh key per user action: a retried request (double click, network retry) is answered once. */
export const newIdempotencyKey = (): string => `ui-${crypto.randomUUID()}`;

export const cartApi = {
  list: (quiet = false) => call<CartGroup[], CartListExtra>('get', `${T}/getShipTrolleyList`, { hideLoading: quiet, showError: !quiet }),
  add: (body: { productid: number; variantsid?: number; quantity: number; anotherName?: string; myProductId?: number }) =>
    call<{ id: number; total: number }>('post', `${T}/addShipTrolley`, { json: body }),
  addVariants: (
    productid: number,
    variants: { variantsid: number; quantity: number }[],
    extra: { anotherName?: string; myProductId?: number } = {},
  ) => call<{ ids: number[] }>('post', `${T}/addShipTrolleyVariants`, { json: { productid, variants, ...extra } }),
  editVariant: (id: number, variantsid: number) => call('post', `${T}/editVariants`, { json: { id, variantsid } }),
  editQuantity: (id: number, quantity: number) => call('post', `${T}/editShipTrolley`, { json: { id, quantity }, dedupe: false }),
  copy: (id: number) => call<{ id: number }>('post', `${T}/copyShipTrolley/${id}`),
  remove: (id: number) => call('post', `${T}/deleteShipTrolley/${id}`),
  logistics: (countryCode: string, ids?: number[]) =>
    call<LogisticsCosts>('post', `${T}/getLogisticsCostList`, { json: { countryCode, ...(ids ? { ids } : {}) }, showError: false }),
  setCountry: (countryCode: string) => call('post', `${T}/updateShipCountryId`, { json: { countryCode }, hideLoading: true }),
};

export const addressApi = {
  list: () => call<ShipAddress[]>('get', `${A}/getShipAddress`),
  add: (a: AddressInput & { isDefault?: boolean }) => call<ShipAddress>('post', `${A}/addShipAddress`, { json: a, showError: false }),
  update: (id: number, a: Partial<AddressInput> & { isDefault?: boolean }) =>
    call<ShipAddress>('post', `${A}/updateShipAddress`, { json: { id, ...a }, showError: false }),
  remove: (id: number) => call('post', `${A}/removeShipAddress`, { searchParams: { id } }),
};

export const orderApi = {
  create: (body: { ids: number[]; addressId?: number; logisticsIds: number[]; couponId?: number }, key: string) =>
    call<OrderDetail & { replayed: boolean }>('post', `${O}/shoppingCartOrder`, { json: { ...body, idempotencyKey: key } }),
  list: (p: { tab: OrderTab; sort: OrderSort; pageNum: number; pageSize: number }) =>
    call<never>('get', `${O}/list`, { searchParams: p }) as Promise<{ code: number; msg: string; rows?: OrderSummary[]; total?: number }>,
  statistics: () => call<OrderStatistics>('get', `${O}/orderStatistics`, { hideLoading: true }),
  trend: (months = 6) => call<OrderTrendMonth[]>('get', `${O}/orderTrend`, { searchParams: { months }, hideLoading: true }),
  detail: (id: number) => call<OrderDetail>('get', `${O}/detail/${id}`),
  payByBalance: (orderId: number, key: string) =>
    call<PayResult>('post', `${O}/payOrder`, { json: { orderId, method: 'balance', idempotencyKey: key } }),
  cancel: (id: number) => call<{ orderId: number; status: string }>('post', `${O}/cancelOrder/${id}`),
  bindCoupon: (orderId: number, couponId: number) => call<OrderTotalsReply>('post', `${O}/bindingCoupon`, { json: { orderId, couponId } }),
  unbindCoupon: (orderId: number) => call<OrderTotalsReply>('post', `${O}/unboundCoupon`, { json: { orderId } }),
  trackUrl: (p: { countryCode: string; shipMethod: string | number }) =>
    call<{ url: string; carrier: string }>('get', 'api/product/getTrackUrl', { searchParams: p }),
};

export const paymentApi = {
  methods: () => call<PaymentMethodInfo[]>('get', 'api/payment/methods', { hideLoading: true }),
  paypalCreate: (orderId: number, key: string) =>
    call<ProviderStart>('post', 'api/payment/paypal/createOrder', { json: { orderId, idempotencyKey: key } }),
  paypalCapture: (paypalOrderId: string) =>
    call<ProviderStart & { outcome?: string }>('post', 'api/payment/paypal/captureOrder', { json: { paypalOrderId } }),
  stripeCreate: (orderId: number, method: 'card' | 'stripe', key: string) =>
    call<ProviderStart>('post', 'api/payment/stripe/createIntent', { json: { orderId, method, idempotencyKey: key } }),
  stripeSync: (paymentId: number) => call<ProviderStart & { outcome?: string }>('post', 'api/payment/stripe/sync', { json: { paymentId } }),
};

/** A saved product's variants (for the cart's variant choices on a "My products" line). */
export const myProductApi = {
  detail: (id: number) => call<MyProductDetail>('get', `api/Myexclusive/getInfo/${id}`, { showError: false }),
};

export const balanceApi = {
  /** A top-up through a provider: then approve and capture (PayPal) or confirm the card (Stripe) as for an order. */
  recharge: (amount: number, method: 'paypal' | 'card' | 'stripe', key: string) =>
    call<ProviderStart>('post', 'api/balance/recharge', { json: { amount, method, idempotencyKey: key } }),
  balance: () => call<{ balance: number; currency: string }>('get', 'api/balance/getBalance', { hideLoading: true }),
  list: (p: { pageNum?: number; pageSize?: number; type?: number; startTime?: string; endTime?: string } = {}) =>
    call<never>('get', 'api/balance/list', { searchParams: p }) as Promise<{
      code: number;
      msg: string;
      rows?: BalanceRecord[];
      total?: number;
      balance?: number;
    }>,
  totalPaid: (p: { startTime?: string; endTime?: string } = {}) =>
    call<{ totalPaid: number; paid: number; refunded: number; toppedUp: number; balance: number }>('get', 'api/balance/totalPaid', {
      searchParams: p,
      hideLoading: true,
    }),
};

export const couponApi = {
  receivable: () =>
    call<never>('get', 'api/coupons/getCouponsList') as Promise<{ code: number; msg: string; rows?: ReceivableCoupon[]; total?: number }>,
  mine: (p: { status?: 0 | 1 | 2; pageNum?: number; pageSize?: number } = {}, quiet = false) =>
    call<never>('get', 'api/shopCouponReceive/getShopCouponReceiveList', {
      searchParams: p,
      hideLoading: quiet,
      showError: !quiet,
    }) as Promise<{ code: number; msg: string; rows?: CouponReceipt[]; total?: number }>,
  receive: (couponId: number) => call<CouponReceipt>('post', 'api/shopCouponReceive/addShopCouponReceive', { json: { couponId } }),
  availableForOrder: (orderId: number) =>
    call<AvailableCoupon[]>('post', 'api/shopCouponReceive/getAvailableList', { json: { orderId }, hideLoading: true }),
  shareInfo: () => call<ShareInfo>('get', 'api/user/shareInfo', { hideLoading: true }),
  shareLanding: (id: string) => call<ShareLanding>('get', `api/coupons/shareCoupon/${encodeURIComponent(id)}`, { showError: false }),
  shareRegister: (body: { username: string; emailCode: string; password: string; confirmPassword: string; shareCode: string }) =>
    call<never, { token: string; invitedBy: number | null }>('post', 'api/user/shareRegister', { json: body, showError: false }),
};
