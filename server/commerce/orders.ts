/**
 * Orders: the state machine of contract/commerce (pending → processing → fulfilled, or
 * cancelled / failed), enforced here and nowhere else. A change happens under the order's row
 * lock, checks the allowed transitions, and writes an order_events row in the same transaction.
 * Cancelling or failing a paid order refunds its total to the balance (record type 3, once).
 */
import { and, asc, count, desc, eq, inArray, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { couponReceipts, orderEvents, orderItems, orderShipments, orders, payments } from './schema';
import { AppError } from '../platform/envelope';
import {
  CommerceMessages,
  ORDER_STATUSES,
  RECORD_TYPE_NAMES,
  RecordType,
  canTransition,
  type OrderSort,
  type OrderStatistics,
  type OrderStatus,
} from '../../contract/commerce';
import { creditOnce, type Tx } from './ledger';
import { trackUrlFor } from './cart-shipping';
import { orderIossOf } from '../shop-settings/ioss';
import { brandItemsOf } from '../branding/order-items';

export type OrderRow = typeof orders.$inferSelect;

export async function lockOrder(tx: Tx, orderId: number, userId: number | null): Promise<OrderRow> {
  const where = userId === null ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, userId));
  const [row] = await tx.select().from(orders).where(where).for('update');
  if (!row) throw new AppError(CommerceMessages.orderNotFound);
  return row;
}

export async function findOrder(db: Db, orderId: number, userId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError(CommerceMessages.orderNotFound);
  return row;
}

/** Refusal wording for an order that is not pending. */
export function notPendingMessage(status: string): string {
  if (status === 'processing' || status === 'fulfilled') return CommerceMessages.orderAlreadyPaid;
  if (status === 'cancelled' || status === 'failed') return CommerceMessages.orderCancelled;
  return CommerceMessages.orderNotPending;
}

/**
 * Moves a locked order to `to` (refused unless the state machine allows it), stamping the time
 * of the new state, and records the change.
 */
export async function transition(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  actor: string,
  note = '',
  set: Partial<OrderRow> = {},
): Promise<OrderRow> {
  const from = order.status as OrderStatus;
  if (!canTransition(from, to)) throw new AppError(`${CommerceMessages.illegalTransition} (${from} → ${to})`);
  const now = new Date();
  const stamp: Partial<OrderRow> =
    to === 'processing'
      ? { paidAt: now }
      : to === 'fulfilled'
        ? { fulfilledAt: now }
        : to === 'cancelled'
          ? { cancelledAt: now }
          : to === 'failed'
            ? { failedAt: now }
            : {};
  const [row] = await tx
    .update(orders)
    .set({ ...set, ...stamp, status: to, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, from)))
    .returning();
  if (!row) throw new AppError(`${CommerceMessages.illegalTransition} (${from} → ${to})`);
  await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: from, toStatus: to, actor, note });
  return row;
}

/** Gives a coupon bound to an order back to its merchant (an order that will never be paid or was refunded). */
async function releaseCoupon(tx: Tx, order: OrderRow): Promise<void> {
  await tx.update(couponReceipts).set({ orderId: null, status: 0, usedAt: null }).where(eq(couponReceipts.orderId, order.id));
}

/** The merchant cancels an order that is still waiting for payment. */
export async function cancelByMerchant(db: Db, userId: number, orderId: number): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (order.status === 'processing') throw new AppError(CommerceMessages.orderNotCancellable);
    if (order.status !== 'pending') throw new AppError(notPendingMessage(order.status));
    await releaseCoupon(tx, order);
    // Provider payments still open for this order are closed: a later capture is refused.
    await tx
      .update(payments)
      .set({ status: 'cancelled', failureReason: 'order cancelled', updatedAt: new Date() })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'created')));
    return transition(tx, order, 'cancelled', `merchant:${userId}`, 'cancelled by the merchant', {
      couponReceiptId: null,
      discount: 0,
      total: order.subtotal + order.shippingCost,
    });
  });
}

/**
 * Operator actions on a paid order: fail or cancel it, refunding its total to the balance. Shipping
 * with tracking numbers is ./fulfilment.ts (shipOrder).
 */
async function refundPaid(tx: Tx, order: OrderRow, reason: string): Promise<void> {
  if (!order.paidAt || order.total === 0) return;
  await creditOnce(tx, {
    userId: order.userId,
    type: RecordType.REFUND_ORDERS,
    amount: order.total,
    balanceChange: order.total,
    orderId: order.id,
    remark: `Refund of order ${order.orderNo}: ${reason}`,
    grantKey: `refund:order:${order.id}`,
  });
}

export async function failOrder(db: Db, orderId: number, reason: string, actor = 'system'): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, null);
    const row = await transition(tx, order, 'failed', actor, reason);
    await refundPaid(tx, order, reason);
    await releaseCoupon(tx, order);
    return row;
  });
}

export async function cancelPaidOrder(db: Db, orderId: number, reason: string, actor = 'system'): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, null);
    const row = await transition(tx, order, 'cancelled', actor, reason);
    await refundPaid(tx, order, reason);
    await releaseCoupon(tx, order);
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const SORTS: Record<OrderSort, SQL[]> = {
  created_desc: [desc(orders.createdAt), desc(orders.id)],
  created_asc: [asc(orders.createdAt), asc(orders.id)],
  updated_desc: [desc(orders.updatedAt), desc(orders.id)],
  updated_asc: [asc(orders.updatedAt), asc(orders.id)],
};

type ItemRow = typeof orderItems.$inferSelect;

function wireItem(i: ItemRow) {
  return {
    id: i.id,
    productid: i.productId,
    variantsid: i.variantId,
    myProductId: i.myProductId,
    title: i.title,
    variantTitle: i.variantTitle,
    anotherName: i.anotherName,
    imagefirst: i.imagefirst,
    sku: i.sku,
    shipFrom: i.shipFrom,
    cost: i.unitCost,
    quantity: i.quantity,
    subtotal: i.lineTotal,
  };
}

function wireOrder(o: OrderRow, items: ItemRow[]) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    countryCode: o.countryCode,
    shipCountryId: o.shipCountryId,
    subtotal: o.subtotal,
    shippingCost: o.shippingCost,
    discount: o.discount,
    total: o.total,
    couponReceiptId: o.couponReceiptId,
    payType: o.payType,
    payTypeName: o.payType ? (RECORD_TYPE_NAMES[o.payType] ?? null) : null,
    quantity: items.reduce((s, i) => s + i.quantity, 0),
    items: items.map(wireItem),
    createTime: o.createdAt.toISOString(),
    updateTime: o.updatedAt.toISOString(),
    paidTime: o.paidAt?.toISOString() ?? null,
    fulfilledTime: o.fulfilledAt?.toISOString() ?? null,
    cancelledTime: o.cancelledAt?.toISOString() ?? null,
    failedTime: o.failedAt?.toISOString() ?? null,
  };
}
export type WireOrder = ReturnType<typeof wireOrder>;

export async function listOrders(
  db: Db,
  userId: number,
  f: { status?: OrderStatus; sort: OrderSort },
  paging: { pageSize: number; offset: number },
) {
  const where = and(eq(orders.userId, userId), f.status ? eq(orders.status, f.status) : undefined);
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...SORTS[f.sort])
      .limit(paging.pageSize)
      .offset(paging.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  return {
    rows: rows.map((o) =>
      wireOrder(
        o,
        items.filter((i) => i.orderId === o.id),
      ),
    ),
    total: n?.n ?? 0,
  };
}

export async function orderStatistics(db: Db, userId: number): Promise<OrderStatistics> {
  const [rows, [latest]] = await Promise.all([
    db
      .select({ status: orders.status, n: count(), amount: sum(orders.total).mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, userId))
      .groupBy(orders.status),
    db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .limit(1),
  ]);
  const by = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  const amount = { ...by };
  for (const r of rows) {
    by[r.status as OrderStatus] = r.n;
    amount[r.status as OrderStatus] = r.amount ?? 0;
  }
  return {
    fulfilledOrder: by.fulfilled,
    otherOrder: by.cancelled + by.failed,
    pendingOrder: by.pending,
    processingOrder: by.processing,
    canceledOrder: by.cancelled,
    failedOrder: by.failed,
    totalOrder: Object.values(by).reduce((a, b) => a + b, 0),
    pendingAmount: amount.pending,
    processingAmount: amount.processing,
    fulfilledAmount: amount.fulfilled,
    latestStatus: (latest?.status as OrderStatus | undefined) ?? null,
  };
}

export async function orderDetail(db: Db, userId: number, orderId: number) {
  const order = await findOrder(db, orderId, userId);
  const [items, shipments, events, pays, coupon] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db.select().from(couponReceipts).where(eq(couponReceipts.orderId, orderId)),
  ]);
  return {
    ...wireOrder(order, items),
    address: order.address,
    shipments: shipments.map((s) => {
      const track = s.trackingNumber ? trackUrlFor(s.logisticsId, order.countryCode, s.trackingNumber) : null;
      return {
        shipFrom: s.shipFrom,
        logisticsId: s.logisticsId,
        ship_method: s.shipMethod,
        carrier: track?.carrier ?? s.carrier,
        shiptime: s.shipTime,
        cost: s.cost,
        trackingNumber: s.trackingNumber,
        trackUrl: track?.url ?? null,
        shippedTime: s.shippedAt?.toISOString() ?? null,
      };
    }),
    payments: pays.map((p) => ({
      id: p.id,
      method: p.method,
      recordType: p.recordType,
      typeName: RECORD_TYPE_NAMES[p.recordType] ?? null,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      createTime: p.createdAt.toISOString(),
      paidTime: p.paidAt?.toISOString() ?? null,
    })),
    events: events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor.split(':')[0],
      note: e.note,
      time: e.createdAt.toISOString(),
    })),
    coupon: coupon[0]
      ? { id: coupon[0].id, title: coupon[0].title, type: coupon[0].type, discount: coupon[0].discount, money: coupon[0].money }
      : null,
    ioss: await orderIossOf(db, order),
    brandItems: await brandItemsOf(db, order.id),
  };
}
