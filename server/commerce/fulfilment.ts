/**
 * The operator's side of an order (production and shipping; there is no operator UI): ship a paid
 * order with its tracking number(s), optionally on another method of the same warehouse than the
 * merchant chose, or cancel / fail it (which refunds a paid order to the balance, record type 3,
 * in server/commerce/orders.ts). Used by the OPS_TOKEN endpoints and the order:fulfil CLI.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { orderShipments } from './schema';
import { AppError } from '../platform/envelope';
import { CommerceMessages, canTransition, type OrderStatus } from '../../contract/commerce';
import { findMethod, ShipMessages } from '../catalog/shipping-rules';
import { lockOrder, transition, type OrderRow } from './orders';

export const TRACKING_MAX = 64;
const TRACKING_RE = /^[A-Za-z0-9][A-Za-z0-9-]{2,63}$/;

export interface ShipInput {
  /** One number for every parcel, or one per ship-from place ({CN: '…', US: '…'}). */
  tracking: string | Readonly<Record<string, string>>;
  /** A shipping method (logistics id or name) the parcel of its warehouse actually went with. */
  method?: string;
}

/** Checks a tracking number's shape: letters, digits and dashes, 3 to 64 characters. */
export function trackingError(value: string): string | null {
  return TRACKING_RE.test(value) ? null : 'A tracking number is 3 to 64 letters, digits or dashes';
}

/**
 * Ships an order: every parcel gets its tracking number, the order moves processing → fulfilled
 * and an order event records who did it, all in one transaction under the order's row lock.
 */
export async function shipOrder(db: Db, orderId: number, input: ShipInput, actor: string): Promise<OrderRow> {
  const method = input.method === undefined ? undefined : findMethod(input.method);
  if (input.method !== undefined && !method) throw new AppError(`${ShipMessages.unknownMethod}: ${input.method}`);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, null);
    if (!canTransition(order.status as OrderStatus, 'fulfilled'))
      throw new AppError(`${CommerceMessages.illegalTransition} (${order.status} → fulfilled)`);
    const parcels = await tx.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    if (method && !parcels.some((p) => p.shipFrom === method.from)) {
      throw new AppError(`${method.name} ships from ${method.from}; this order has no parcel from there`);
    }
    const now = new Date();
    for (const p of parcels) {
      const number = (typeof input.tracking === 'string' ? input.tracking : input.tracking[p.shipFrom])?.trim() ?? '';
      if (!number) throw new AppError(`A tracking number is required for the parcel from ${p.shipFrom}`);
      const bad = trackingError(number);
      if (bad) throw new AppError(bad);
      const switchTo = method && method.from === p.shipFrom && method.logisticsId !== p.logisticsId ? method : null;
      await tx
        .update(orderShipments)
        .set({
          trackingNumber: number,
          shippedAt: now,
          ...(switchTo ? { logisticsId: switchTo.logisticsId, shipMethod: switchTo.name, carrier: switchTo.carrier } : {}),
        })
        .where(eq(orderShipments.id, p.id));
    }
    return transition(tx, order, 'fulfilled', actor, method ? `shipped with ${method.name}` : 'shipped');
  });
}
