/**
 * Operator endpoints for production and shipping, guarded by the OPS_TOKEN environment variable
 * (sent as `Authorization: Bearer <OPS_TOKEN>`, compared in constant time). Without OPS_TOKEN they
 * do not exist (404). They act on any merchant's order, so a merchant's session never opens them.
 *
 * - GET  /ops/orders/:id            the order as the merchant sees it, plus its owner
 * - POST /ops/orders/:id/fulfil     {tracking: string | {CN|US|AU: string}, method?} processing → fulfilled
 * - POST /ops/orders/:id/cancel     {reason}  processing → cancelled, refunded to the balance
 * - POST /ops/orders/:id/fail       {reason}  processing → failed, refunded to the balance
 * - GET  /ops/orders/:id/printJobs  the print files to make for each line (./print-routes.ts)
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsGuard } from '../platform/ops-guard';
import type { AppContext } from '../platform/context';
import { AppError, okData } from '../platform/envelope';
import { orders } from './schema';
import { CommerceMessages } from '../../contract/commerce';
import { cancelPaidOrder, failOrder, orderDetail } from './orders';
import { shipOrder } from './fulfilment';
import { aka, idParams, optionalText, text } from '../platform/http-schema/fields';
import { dataReply } from '../platform/http-schema/replies';
import { trackingField } from './fields';
import { orderDetail as orderDetailReply } from './order-replies';
import { opsPrintRoutes } from './print-routes';

const tags = ['operator'];
const description =
  'Operator only: send `Authorization: Bearer <OPS_TOKEN>`. Without OPS_TOKEN on the server the call does not exist (404).';
const detailReply = dataReply(orderDetailReply);
const reasonBody = z.object({ reason: aka(text('reason', 200), 'remark').meta({ description: "Why (default 'by the operator')" }) });

export function opsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.register(async (plugin) => {
    plugin.addHook('onRequest', opsGuard(ctx.config.opsToken));
    const ops = plugin.withTypeProvider<ZodTypeProvider>();

    const ownerOf = async (orderId: number): Promise<number> => {
      const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
      if (!row) throw new AppError(CommerceMessages.orderNotFound);
      return row.userId;
    };

    ops.get(
      '/ops/orders/:id',
      {
        schema: {
          tags,
          description,
          summary: 'Any order, as its merchant sees it, and its merchant',
          params: idParams,
          response: { 200: dataReply(orderDetailReply.extend({ userId: z.int().meta({ description: "The order's merchant" }) })) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const userId = await ownerOf(id);
        return okData({ ...(await orderDetail(db, userId, id)), userId });
      },
    );

    ops.post(
      '/ops/orders/:id/fulfil',
      {
        schema: {
          tags,
          description,
          summary: 'Ship a paid order with its tracking number(s): processing → fulfilled',
          params: idParams,
          body: z.object({
            tracking: aka(trackingField, 'trackingNumber'),
            method: aka(optionalText('method', 200), 'shipMethod', 'logisticsId').meta({
              description: 'The shipping method (id or name) the parcel of its warehouse actually went with',
            }),
          }),
          response: { 200: detailReply },
        },
      },
      async (request) => {
        const { id } = request.params;
        const order = await shipOrder(db, id, { tracking: request.body.tracking, method: request.body.method }, 'operator');
        request.log.info({ orderId: id }, 'order fulfilled by the operator');
        return okData(await orderDetail(db, order.userId, id));
      },
    );

    ops.post(
      '/ops/orders/:id/cancel',
      {
        schema: {
          tags,
          description,
          summary: 'Cancel a paid order: processing → cancelled, refunded to the balance',
          params: idParams,
          body: reasonBody,
          response: { 200: detailReply },
        },
      },
      async (request) => {
        const { id } = request.params;
        const order = await cancelPaidOrder(db, id, request.body.reason || 'by the operator', 'operator');
        return okData(await orderDetail(db, order.userId, id));
      },
    );

    opsPrintRoutes(ops, ctx, tags, description);

    ops.post(
      '/ops/orders/:id/fail',
      {
        schema: {
          tags,
          description,
          summary: 'Fail a paid order: processing → failed, refunded to the balance',
          params: idParams,
          body: reasonBody,
          response: { 200: detailReply },
        },
      },
      async (request) => {
        const { id } = request.params;
        const order = await failOrder(db, id, request.body.reason || 'by the operator', 'operator');
        return okData(await orderDetail(db, order.userId, id));
      },
    );
  });
}
