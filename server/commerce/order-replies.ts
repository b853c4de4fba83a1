/**
 * Reply schemas of the order calls. Each is checked against the type the server builds
 * (./orders.ts) or the wire type the client reads (contract/commerce.ts), so they cannot drift
 * apart. Amounts are integer cents; times are ISO 8601 strings.
 */
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatistics } from '../../contract/commerce';
import type { orderDetail as orderDetailOf, WireOrder } from './orders';
import { shipAddress } from './cart-replies';
import { orderIossReply } from '../shop-settings/replies';
import { brandOrderItem } from '../branding/replies';

const time = z.string().meta({ description: 'ISO 8601 date-time' });
const cents = (description: string) => z.int().meta({ description: `${description}, cents` });
const orderStatus = z.enum(ORDER_STATUSES);

export const orderItem = z.looseObject({
  id: z.int(),
  productid: z.int(),
  variantsid: z.int(),
  myProductId: z.int().nullable(),
  title: z.string(),
  variantTitle: z.string(),
  anotherName: z.string(),
  imagefirst: z.string(),
  sku: z.string(),
  shipFrom: z.string().meta({ description: 'CN, US or AU' }),
  cost: cents('Unit cost'),
  quantity: z.int(),
  subtotal: cents('cost × quantity'),
});

const orderFields = {
  id: z.int(),
  orderNo: z.string(),
  status: orderStatus,
  countryCode: z.string(),
  shipCountryId: z.int(),
  subtotal: cents('Products'),
  shippingCost: cents('Shipping'),
  discount: cents('Coupon discount'),
  total: cents('subtotal + shippingCost - discount'),
  couponReceiptId: z.int().nullable(),
  payType: z.int().nullable().meta({ description: 'Record type of the payment that paid it' }),
  payTypeName: z.string().nullable(),
  quantity: z.int(),
  items: z.array(orderItem),
  createTime: time,
  updateTime: time,
  paidTime: time.nullable(),
  fulfilledTime: time.nullable(),
  cancelledTime: time.nullable(),
  failedTime: time.nullable(),
};

/** An order in the list. */
export const orderRow = z.looseObject(orderFields) satisfies z.ZodType<WireOrder>;

type OrderDetail = Awaited<ReturnType<typeof orderDetailOf>>;

/** An order with its address, parcels, payments, history and coupon. */
export const orderDetail = z.looseObject({
  ...orderFields,
  address: shipAddress.meta({ description: 'The address as it was when ordered' }),
  shipments: z.array(
    z.looseObject({
      shipFrom: z.string(),
      logisticsId: z.int(),
      ship_method: z.string(),
      carrier: z.string(),
      shiptime: z.string(),
      cost: cents('Shipping of the parcel'),
      trackingNumber: z.string().nullable(),
      trackUrl: z.string().nullable(),
      shippedTime: time.nullable(),
    }),
  ),
  payments: z.array(
    z.looseObject({
      id: z.int(),
      method: z.string(),
      recordType: z.int(),
      typeName: z.string().nullable(),
      amount: cents('Amount'),
      currency: z.string(),
      status: z.string(),
      createTime: time,
      paidTime: time.nullable(),
    }),
  ),
  events: z.array(
    z.looseObject({
      from: orderStatus.nullable(),
      to: orderStatus,
      actor: z.string().meta({ description: 'merchant, operator, system or provider' }),
      note: z.string(),
      time,
    }),
  ),
  coupon: z
    .looseObject({ id: z.int(), title: z.string(), type: z.int(), discount: z.int(), money: z.int() })
    .nullable()
    .meta({ description: 'The coupon bound to the order' }),
  ioss: orderIossReply,
  brandItems: z.array(brandOrderItem).meta({ description: 'Branded items of the package in use when the order was made' }),
}) satisfies z.ZodType<OrderDetail>;

export const orderStatistics = z.looseObject({
  fulfilledOrder: z.int(),
  otherOrder: z.int().meta({ description: 'Cancelled and failed' }),
  pendingOrder: z.int(),
  processingOrder: z.int(),
  canceledOrder: z.int(),
  failedOrder: z.int(),
  totalOrder: z.int(),
  pendingAmount: z.int().meta({ description: "The pending orders' totals summed, in cents" }),
  processingAmount: z.int().meta({ description: "The processing orders' totals summed, in cents" }),
  fulfilledAmount: z.int().meta({ description: "The shipped orders' totals summed, in cents" }),
  latestStatus: orderStatus.nullable().meta({ description: 'The status of the order that changed last; the orders page opens on its tab' }),
}) satisfies z.ZodType<OrderStatistics>;

/** An order's money after a coupon was bound or unbound. */
export const orderMoney = z.looseObject({
  orderId: z.int(),
  couponId: z.int().nullable().meta({ description: 'The bound coupon receipt, or null' }),
  subtotal: cents('Products'),
  shippingCost: cents('Shipping'),
  discount: cents('Coupon discount'),
  total: cents('To pay'),
});
