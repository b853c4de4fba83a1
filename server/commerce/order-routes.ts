/**
 * Order calls: checkout from the cart (order/shoppingCartOrder), the order list with tabs,
 * sorting and page sizes, statistics (order/orderStatistics), detail with items, address,
 * payments and tracking, paying a pending order with the balance, cancelling it, and binding or
 * unbinding its coupon (order/bindingCoupon, order/unboundCoupon).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { enforce } from '../platform/rate-limit';
import { okData, page } from '../platform/envelope';
import {
  DEFAULT_ORDER_PAGE_SIZE,
  DEFAULT_ORDER_SORT,
  ORDER_SORTS,
  ORDER_STATUSES,
  ORDER_TAB_STATUS,
  type OrderTab,
  ORDER_TREND_MONTHS_MAX,
} from '../../contract/commerce';
import { createOrderFromCart } from './checkout';
import { cancelByMerchant, listOrders, orderDetail, orderStatistics } from './orders';
import { orderTrend } from './order-trend';
import { bindCoupon, unbindCoupon } from './coupons';
import { payByBalance } from './payments/payments';
import { aka, id, idList, idParams, int, isBlank, offsetOf, optionalId, paging } from '../platform/http-schema/fields';
import { dataReply, pageReply } from '../platform/http-schema/replies';
import { idempotencyKeyField, word, wordOr, idempotencyKeyOf } from './fields';
import { orderDetail as orderDetailReply, orderMoney, orderRow, orderStatistics as orderStatisticsReply } from './order-replies';
import { sessionSecurity as security } from '../accounts/signed-in';

export const OrderLimits = {
  checkoutPerUser: { max: 60, windowMs: 60_000 },
  payPerUser: { max: 300, windowMs: 60_000 },
} as const;

const tags = ['orders'];

const ORDER_TABS = Object.keys(ORDER_TAB_STATUS) as [OrderTab, ...OrderTab[]];

const listQuery = z.object({
  /** A tab shows one status; given, it wins over `status`. */
  tab: aka(word(ORDER_TABS, `tab must be one of ${ORDER_TABS.join(', ')}`), 'orderTab'),
  status: word(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`),
  sort: aka(wordOr(ORDER_SORTS, `sort must be one of ${ORDER_SORTS.join(', ')}`, DEFAULT_ORDER_SORT), 'orderBy'),
  ...paging(DEFAULT_ORDER_PAGE_SIZE),
});

/** payOrder pays with the balance only; the providers have their own calls. */
const balanceOnly = z
  .preprocess((v) => (isBlank(v) ? undefined : String(v)), z.string().optional())
  .refine((m) => m === undefined || m === 'balance', 'payOrder pays with the balance; PayPal, card and Stripe go through /api/payment/*')
  .meta({ description: "Only 'balance' (the default)" });

const orderIdField = aka(id('orderId'), 'id');

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/order/shoppingCartOrder',
    {
      schema: {
        tags,
        security,
        summary: 'Order the chosen cart lines (a pending order); send an Idempotency-Key to make retries safe',
        body: z.object({
          ids: aka(idList('ids'), 'itemIds', 'shipTrolleyIds'),
          addressId: aka(optionalId('addressId'), 'shipAddressId'),
          /** The chosen method per ship-from group; groups without one take their default. */
          logisticsIds: aka(idList('logisticsIds'), 'logisticsId', 'logistics_id'),
          couponId: aka(optionalId('couponId'), 'couponReceiveId'),
          idempotencyKey: idempotencyKeyField,
        }),
        response: {
          200: dataReply(
            orderDetailReply.extend({ replayed: z.boolean().meta({ description: 'True when a retry got the first order back' }) }),
          ),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const key = idempotencyKeyOf(request, b);
      await enforce(db, `checkout:user:${userId}`, OrderLimits.checkoutPerUser);
      const { order, replayed } = await createOrderFromCart(db, userId, {
        itemIds: b.ids,
        addressId: b.addressId,
        logisticsIds: b.logisticsIds,
        couponId: b.couponId,
        idempotencyKey: key,
      });
      return okData({ ...(await orderDetail(db, userId, order.id)), replayed });
    },
  );

  api.get(
    '/api/order/list',
    {
      schema: {
        tags,
        security,
        summary: 'The orders, by tab or status, sorted and paged',
        querystring: listQuery,
        response: { 200: pageReply(orderRow) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      const status = q.tab ? ORDER_TAB_STATUS[q.tab] : q.status;
      const { rows, total } = await listOrders(db, userId, { status, sort: q.sort }, { pageSize: q.pageSize, offset: offsetOf(q) });
      return page(rows, total);
    },
  );

  api.get(
    '/api/order/orderStatistics',
    { schema: { tags, security, summary: 'How many orders in each status', response: { 200: dataReply(orderStatisticsReply) } } },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await orderStatistics(db, userId));
    },
  );

  api.get(
    '/api/order/orderTrend',
    {
      schema: {
        tags,
        security,
        summary: 'Orders placed and spend per calendar month, oldest first, for the dashboard chart',
        querystring: z.object({
          months: z
            .preprocess((v) => (isBlank(v) ? undefined : v), int('months', 1, ORDER_TREND_MONTHS_MAX).optional())
            .meta({ description: `How many months back, the current one included (default 6, at most ${ORDER_TREND_MONTHS_MAX})` }),
        }),
        response: {
          200: dataReply(z.array(z.looseObject({ month: z.string(), orders: z.int(), spend: z.int().meta({ description: 'Cents' }) }))),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await orderTrend(db, userId, request.query.months ?? 6));
    },
  );

  api.get(
    '/api/order/detail/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An order with its items, address, parcels, payments, history and coupon',
        params: idParams,
        response: { 200: dataReply(orderDetailReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await orderDetail(db, userId, request.params.id));
    },
  );

  /** Pays a pending order from the balance. Send an Idempotency-Key to make retries safe. */
  api.post(
    '/api/order/payOrder',
    {
      schema: {
        tags,
        security,
        summary: 'Pay a pending order with the balance',
        body: z.object({
          method: aka(balanceOnly, 'payMethod'),
          orderId: orderIdField,
          idempotencyKey: idempotencyKeyField,
        }),
        response: {
          200: dataReply(
            z.looseObject({
              orderId: z.int(),
              orderNo: z.string(),
              status: z.enum(ORDER_STATUSES),
              paymentId: z.int(),
              amount: z.int().meta({ description: 'Paid, cents' }),
              balance: z.int().meta({ description: 'The balance after it, cents' }),
              replayed: z.boolean().meta({ description: 'True when a retry got the first answer back' }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const key = idempotencyKeyOf(request, b);
      await enforce(db, `pay:user:${userId}`, OrderLimits.payPerUser);
      const r = await payByBalance(db, userId, b.orderId, key);
      return okData({
        orderId: r.order.id,
        orderNo: r.order.orderNo,
        status: r.order.status,
        paymentId: r.payment.id,
        amount: r.payment.amount,
        balance: r.balance,
        replayed: r.replayed,
      });
    },
  );

  api.post(
    '/api/order/cancelOrder/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel an order waiting for payment',
        params: idParams,
        response: { 200: dataReply(z.looseObject({ orderId: z.int(), status: z.enum(ORDER_STATUSES) })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const order = await cancelByMerchant(db, userId, request.params.id);
      return okData({ orderId: order.id, status: order.status });
    },
  );

  api.post(
    '/api/order/bindingCoupon',
    {
      schema: {
        tags,
        security,
        summary: 'Bind a held coupon to a pending order (one coupon per order)',
        body: z.object({
          orderId: orderIdField,
          couponId: aka(id('couponId'), 'couponReceiveId', 'shopCouponReceiveId'),
        }),
        response: { 200: dataReply(orderMoney) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const order = await bindCoupon(db, userId, request.body.orderId, request.body.couponId);
      return okData({
        orderId: order.id,
        couponId: order.couponReceiptId,
        subtotal: order.subtotal,
        shippingCost: order.shippingCost,
        discount: order.discount,
        total: order.total,
      });
    },
  );

  api.post(
    '/api/order/unboundCoupon',
    {
      schema: {
        tags,
        security,
        summary: "Give back a pending order's coupon",
        body: z.object({ orderId: orderIdField }),
        response: { 200: dataReply(orderMoney) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const order = await unbindCoupon(db, userId, request.body.orderId);
      return okData({
        orderId: order.id,
        couponId: null,
        subtotal: order.subtotal,
        shippingCost: order.shippingCost,
        discount: order.discount,
        total: order.total,
      });
    },
  );
}
