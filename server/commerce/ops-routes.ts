/**
 * Operator endpoints for production and shipping, guarded by the OPS_TOKEN environment variable
 * (sent as `Authorization: Bearer <OPS_TOKEN>`, compared in constant time). Without OPS_TOKEN they
 * do not exist (404). They act on any merchant's order, so a merchant's session never opens them.
 *
 * - GET  /ops/orders/:id            the order as the merchant sees it, plus its owner
 * - POST /ops/orders/:id/fulfil     {tracking: string | {CN|US|AU: string}, method?} processing → fulfilled
 * - POST /ops/orders/:id/cancel     {reason}  processing → cancelled, refunded to the balance
 * - POST /ops/orders/:id/fail       {reason}  processing → failed, refunded to the balance
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsGuard } from '../platform/ops-guard';
import type { AppContext } from '../platform/context';
import { AppError, okData } from '../platform/envelope';
import { orders } from './schema';
import { CommerceMessages } from '../../contract/commerce';
import { cancelPaidOrder, failOrder, orderDetail } from './orders';
import { shipOrder, TRACKING_MAX } from './fulfilment';
import { bodyOf, idOf, paramsOf, pick, textOf } from '../platform/request-fields';

function trackingOf(v: unknown): string | Record<string, string> {
  if (typeof v === 'string' || typeof v === 'number') return textOf(v, 'tracking', TRACKING_MAX);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k.toUpperCase()] = textOf(x, `tracking.${k}`, TRACKING_MAX);
    return out;
  }
  throw new AppError('tracking is required');
}

export function opsRoutes(app: FastifyInstance, ctx: AppContext, opsToken: string | null = process.env.OPS_TOKEN?.trim() || null): void {
  const { db } = ctx;
  app.register(async (ops) => {
    ops.addHook('onRequest', opsGuard(opsToken));

    const ownerOf = async (orderId: number): Promise<number> => {
      const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
      if (!row) throw new AppError(CommerceMessages.orderNotFound);
      return row.userId;
    };

    ops.get('/ops/orders/:id', async (request) => {
      const id = idOf(paramsOf(request).id, 'id');
      const userId = await ownerOf(id);
      return okData({ ...(await orderDetail(db, userId, id)), userId });
    });

    ops.post('/ops/orders/:id/fulfil', async (request) => {
      const id = idOf(paramsOf(request).id, 'id');
      const b = bodyOf(request);
      const method = pick(b, 'method', 'shipMethod', 'logisticsId');
      const order = await shipOrder(
        db,
        id,
        { tracking: trackingOf(pick(b, 'tracking', 'trackingNumber')), method: method === undefined ? undefined : String(method) },
        'operator',
      );
      request.log.info({ orderId: id }, 'order fulfilled by the operator');
      return okData(await orderDetail(db, order.userId, id));
    });

    const reasonOf = (request: FastifyRequest) => textOf(pick(bodyOf(request), 'reason', 'remark'), 'reason', 200) || 'by the operator';

    ops.post('/ops/orders/:id/cancel', async (request) => {
      const id = idOf(paramsOf(request).id, 'id');
      const order = await cancelPaidOrder(db, id, reasonOf(request), 'operator');
      return okData(await orderDetail(db, order.userId, id));
    });

    ops.post('/ops/orders/:id/fail', async (request) => {
      const id = idOf(paramsOf(request).id, 'id');
      const order = await failOrder(db, id, reasonOf(request), 'operator');
      return okData(await orderDetail(db, order.userId, id));
    });
  });
}
