/**
 * Store orders waiting for a shipping address (a platform sent an order of the merchant's products
 * without one): the merchant lists them and enters the address, which makes the order. Every call
 * acts on the caller's own stores.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { shops, storeConnections, storeOrderImports } from './schema';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { AppError, okData } from '../platform/envelope';
import { id, text } from '../platform/http-schema/fields';
import { dataReply } from '../platform/http-schema/replies';
import { ShopMessages, type ShopPlatform, type WaitingStoreOrder } from '../../contract/shops';
import { addressMissing, importShopOrder, orderFromJson } from './order-import';
import { waitingStoreOrder } from './replies';

const tags = ['shops'];

const addressBody = z.object({
  firstName: text('firstName', 100),
  lastName: text('lastName', 100),
  address1: text('address1', 200),
  address2: text('address2', 200),
  city: text('city', 100),
  province: text('province', 100),
  zip: text('zip', 20),
  countryCode: text('countryCode', 2).meta({ description: 'ISO 3166-1 alpha-2, e.g. US' }),
  phone: text('phone', 40),
});

export function storeOrderAddressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/stores/ordersNeedingAddress',
    {
      schema: {
        tags,
        security,
        summary: "Store orders of the merchant's products that came without a shipping address",
        response: { 200: dataReply(z.array(waitingStoreOrder)) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const mine = await db.select({ id: shops.id, simplename: shops.simplename }).from(shops).where(eq(shops.userId, userId));
      if (mine.length === 0) return okData([]);
      const ids = mine.map((s) => s.id);
      const rows = await db
        .select()
        .from(storeOrderImports)
        .where(and(inArray(storeOrderImports.shopId, ids), eq(storeOrderImports.status, 'needs_address')))
        .orderBy(asc(storeOrderImports.createdAt), asc(storeOrderImports.id));
      const conns = await db
        .select({ shopId: storeConnections.shopId, platform: storeConnections.platform })
        .from(storeConnections)
        .where(inArray(storeConnections.shopId, ids));
      const out: WaitingStoreOrder[] = rows.map((r) => {
        const order = orderFromJson(r.orderData);
        return {
          id: r.id,
          shopId: r.shopId,
          storeName: mine.find((s) => s.id === r.shopId)?.simplename ?? '',
          platform: (conns.find((c) => c.shopId === r.shopId)?.platform as ShopPlatform | undefined) ?? null,
          name: r.externalName || r.externalOrderId,
          createTime: (order?.createdAt ?? r.createdAt).toISOString(),
          lines: (order?.lines ?? []).map((l) => ({ title: l.title, quantity: l.quantity })),
        };
      });
      return okData(out);
    },
  );

  api.post(
    '/api/stores/orderAddress',
    {
      schema: {
        tags,
        security,
        summary: 'Enter the shipping address of a store order that came without one: the order is made',
        body: z.object({ id: id('id').meta({ description: 'The waiting order (from ordersNeedingAddress)' }), address: addressBody }),
        response: { 200: dataReply(z.looseObject({ orderId: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { id: importId, address } = request.body;
      const [row] = await db
        .select({ imp: storeOrderImports, userId: shops.userId })
        .from(storeOrderImports)
        .innerJoin(shops, eq(shops.id, storeOrderImports.shopId))
        .where(and(eq(storeOrderImports.id, importId), eq(shops.userId, userId)));
      const order = row?.imp.status === 'needs_address' ? orderFromJson(row.imp.orderData) : null;
      if (!row || !order) throw new AppError(ShopMessages.orderNotWaiting);
      const given = { ...address, countryCode: address.countryCode.toUpperCase() };
      if (addressMissing(given) || !(given.firstName || given.lastName)) throw new AppError(ShopMessages.orderAddressIncomplete);
      const result = await importShopOrder(db, row.imp.shopId, { ...order, address: given }, 'merchant', ctx.blobs);
      if (result.status === 'imported') {
        request.log.info({ shopId: row.imp.shopId, orderId: result.orderId }, 'store order imported with the address the merchant entered');
        return okData({ orderId: result.orderId }, ShopMessages.orderImported);
      }
      if (result.status === 'needs_address') throw new AppError(result.note ?? ShopMessages.orderAddressIncomplete);
      throw new AppError(ShopMessages.orderNotWaiting);
    },
  );
}
