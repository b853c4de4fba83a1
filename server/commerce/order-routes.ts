/**
 * Order calls: checkout from the cart (order/shoppingCartOrder), the order list with tabs,
 * sorting and page sizes, statistics (order/orderStatistics), detail with items, address,
 * payments and tracking, paying a pending order with the balance, cancelling it, and binding or
 * unbinding its coupon (order/bindingCoupon, order/unboundCoupon).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { enforce } from '../platform/rate-limit';
import { AppError, okData, page } from '../platform/envelope';
import {
  DEFAULT_ORDER_PAGE_SIZE,
  DEFAULT_ORDER_SORT,
  ORDER_SORTS,
  ORDER_STATUSES,
  ORDER_TAB_STATUS,
  type OrderSort,
  type OrderStatus,
} from '../../contract/commerce';
import { createOrderFromCart } from './checkout';
import { cancelByMerchant, listOrders, orderDetail, orderStatistics } from './orders';
import { bindCoupon, unbindCoupon } from './coupons';
import { payByBalance } from './payments/payments';
import { bodyOf, idListOf, idOf, idempotencyKeyOf, optionalIdOf, pagingOf, paramsOf, pick, queryOf } from '../platform/request-fields';

export const OrderLimits = {
  checkoutPerUser: { max: 60, windowMs: 60_000 },
  payPerUser: { max: 300, windowMs: 60_000 },
} as const;

function statusFilter(q: Record<string, unknown>): OrderStatus | undefined {
  const tab = pick(q, 'tab', 'orderTab');
  if (tab !== undefined) {
    const s = ORDER_TAB_STATUS[String(tab) as keyof typeof ORDER_TAB_STATUS];
    if (!s) throw new AppError(`tab must be one of ${Object.keys(ORDER_TAB_STATUS).join(', ')}`);
    return s;
  }
  const status = pick(q, 'status');
  if (status === undefined) return undefined;
  if (!(ORDER_STATUSES as readonly string[]).includes(String(status)))
    throw new AppError(`status must be one of ${ORDER_STATUSES.join(', ')}`);
  return String(status) as OrderStatus;
}

function sortOf(q: Record<string, unknown>): OrderSort {
  const raw = pick(q, 'sort', 'orderBy');
  if (raw === undefined) return DEFAULT_ORDER_SORT;
  if (!(ORDER_SORTS as readonly string[]).includes(String(raw))) throw new AppError(`sort must be one of ${ORDER_SORTS.join(', ')}`);
  return String(raw) as OrderSort;
}

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/order/shoppingCartOrder', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const key = idempotencyKeyOf(request, b);
    await enforce(db, `checkout:user:${userId}`, OrderLimits.checkoutPerUser);
    const logistics = pick(b, 'logisticsIds', 'logisticsId', 'logistics_id');
    const { order, replayed } = await createOrderFromCart(db, userId, {
      itemIds: idListOf(pick(b, 'ids', 'itemIds', 'shipTrolleyIds'), 'ids'),
      addressId: optionalIdOf(pick(b, 'addressId', 'shipAddressId'), 'addressId'),
      logisticsIds: logistics === undefined ? [] : idListOf(logistics, 'logisticsIds'),
      couponId: optionalIdOf(pick(b, 'couponId', 'couponReceiveId'), 'couponId'),
      idempotencyKey: key,
    });
    return okData({ ...(await orderDetail(db, userId, order.id)), replayed });
  });

  app.get('/api/order/list', async (request) => {
    const userId = await requireUser(request);
    const q = queryOf(request);
    const paging = pagingOf(q, DEFAULT_ORDER_PAGE_SIZE);
    const { rows, total } = await listOrders(db, userId, { status: statusFilter(q), sort: sortOf(q) }, paging);
    return page(rows, total);
  });

  app.get('/api/order/orderStatistics', async (request) => {
    const userId = await requireUser(request);
    return okData(await orderStatistics(db, userId));
  });

  app.get('/api/order/detail/:id', async (request) => {
    const userId = await requireUser(request);
    return okData(await orderDetail(db, userId, idOf(paramsOf(request).id, 'id')));
  });

  /** Pays a pending order from the balance. Send an Idempotency-Key to make retries safe. */
  app.post('/api/order/payOrder', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const method = String(pick(b, 'method', 'payMethod') ?? 'balance');
    if (method !== 'balance') throw new AppError('payOrder pays with the balance; PayPal, card and Stripe go through /api/payment/*');
    const key = idempotencyKeyOf(request, b);
    await enforce(db, `pay:user:${userId}`, OrderLimits.payPerUser);
    const r = await payByBalance(db, userId, idOf(pick(b, 'orderId', 'id'), 'orderId'), key);
    return okData({
      orderId: r.order.id,
      orderNo: r.order.orderNo,
      status: r.order.status,
      paymentId: r.payment.id,
      amount: r.payment.amount,
      balance: r.balance,
      replayed: r.replayed,
    });
  });

  app.post('/api/order/cancelOrder/:id', async (request) => {
    const userId = await requireUser(request);
    const order = await cancelByMerchant(db, userId, idOf(paramsOf(request).id, 'id'));
    return okData({ orderId: order.id, status: order.status });
  });

  app.post('/api/order/bindingCoupon', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const order = await bindCoupon(
      db,
      userId,
      idOf(pick(b, 'orderId', 'id'), 'orderId'),
      idOf(pick(b, 'couponId', 'couponReceiveId', 'shopCouponReceiveId'), 'couponId'),
    );
    return okData({
      orderId: order.id,
      couponId: order.couponReceiptId,
      subtotal: order.subtotal,
      shippingCost: order.shippingCost,
      discount: order.discount,
      total: order.total,
    });
  });

  app.post('/api/order/unboundCoupon', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const order = await unbindCoupon(db, userId, idOf(pick(b, 'orderId', 'id'), 'orderId'));
    return okData({
      orderId: order.id,
      couponId: null,
      subtotal: order.subtotal,
      shippingCost: order.shippingCost,
      discount: order.discount,
      total: order.total,
    });
  });
}
