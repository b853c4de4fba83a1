/**
 * Shop calls: the merchant's shops (list, switch, default, transfer by e-mail code) and the push
 * queue (sendProductShopify/*). The platforms' connect flows and webhooks live in
 * shopify/routes.ts, etsy/routes.ts and woocommerce/routes.ts, the login across shops in
 * login-routes.ts. Every call acts on the caller's own shops.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { storeProductLinks } from './schema';
import { requireUser } from '../accounts/session';
import { AppError, ok, okData } from '../platform/envelope';
import { enforce, Limits } from '../platform/rate-limit';
import { aka, id, idList, idParams, optionalId, text } from '../platform/http-schema/fields';
import { batchIds } from '../products/fields';
import { copyProducts } from '../products/service';
import { ProductMessages } from '../../contract/products';
import { dataReply, okReply } from '../platform/http-schema/replies';
import { findUserByEmail } from '../accounts/users';
import { consumeEmailCode, issueEmailCode } from '../accounts/email-codes';
import { Code, Messages } from '../../contract/envelope';
import { EMAIL_RE } from '../../contract/validation';
import { ShopMessages } from '../../contract/shops';
import { currentShop, listShops, moveShop, ownShop, selectShop, setDefaultShop } from './merchant-shops';
import { enqueue, listQueue, markRead } from './push-queue';
import { shopTokenCipher } from './jobs';
import { ownProductTitle, pushTarget, type ShopsRuntime } from './push-target';
import { shopifyShopRoutes } from './shopify/routes';
import { etsyShopRoutes } from './etsy/routes';
import { woocommerceShopRoutes } from './woocommerce/routes';
import { shopLoginRoutes } from './login-routes';
import { storeOrderAddressRoutes } from './address-routes';
import { lenientPage } from './fields';
import { pushQueueItem, queuedJob, storeSummary } from './replies';
import { sessionSecurity as security } from '../accounts/signed-in';

const tags = ['shops'];

/** The store acted on: id (or shopId), from the body or the query string. */
const shopField = { id: aka(id('id'), 'shopId', 'shopid') };

export function shopRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const runtime: ShopsRuntime = { cipher: shopTokenCipher(ctx.config.shops, ctx.config.dataDir) };
  const api = app.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- the merchant's stores
  api.get(
    '/api/stores/list',
    { schema: { tags, security, summary: "The merchant's stores", response: { 200: dataReply(z.array(storeSummary)) } } },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await listShops(db, userId));
    },
  );

  /** Switching store: PUT user/selectShop, or POST shops/switchshopLogin (the store switch menu). */
  for (const [method, url] of [
    ['PUT', '/api/user/selectShop'],
    ['POST', '/api/shops/switchshopLogin'],
  ] as const) {
    api.route({
      method,
      url,
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: "Make one of the merchant's stores the current one",
        body: z.object(shopField),
        response: { 200: okReply() },
      },
      handler: async (request) => {
        const userId = await requireUser(request);
        await selectShop(db, userId, request.body.id);
        return ok(undefined, ShopMessages.switched);
      },
    });
  }

  api.put(
    '/api/user/updateDefault',
    {
      config: { fieldsFromQuery: true },
      schema: { tags, security, summary: "Set the merchant's default store", body: z.object(shopField), response: { 200: okReply() } },
    },
    async (request) => {
      const userId = await requireUser(request);
      await setDefaultShop(db, userId, request.body.id);
      return ok(undefined, ShopMessages.defaultSet);
    },
  );

  /**
   * Copies of saved products for one of the merchant's stores (the current one when no store is
   * named), titles kept: the way to sell one design in a second store. All or none.
   */
  api.post(
    '/api/Myexclusive/shopBatchCopyProduct',
    {
      schema: {
        tags: ['products'],
        security,
        summary: "Copy saved products into one of the merchant's stores (default: the current one)",
        body: z.object({
          ids: aka(batchIds('ids'), 'productIds', 'idList'),
          shopId: aka(optionalId('shopId'), 'shopid'),
        }),
        response: { 200: dataReply(z.looseObject({ ids: z.array(z.int()), shopId: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { ids, shopId } = request.body;
      const shop = shopId === undefined ? await currentShop(db, userId) : await ownShop(db, userId, shopId);
      if (!shop) throw new AppError(ShopMessages.noStore);
      const copies = await copyProducts(db, userId, ids, { shopId: shop.id, sameTitle: true });
      request.log.info({ userId, shopId: shop.id, copies: copies.length }, 'products copied into a store');
      return okData({ ids: copies, shopId: shop.id }, ProductMessages.copied);
    },
  );

  /** Transfer, step 1: the receiving account gets a code by e-mail (they hand it to the sender). */
  api.post(
    '/api/user/transferShopSendCode',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'Send the receiving account the code that accepts a store transfer',
        body: z.object({ ...shopField, email: text('email', 200).meta({ description: "The receiving account's e-mail" }) }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const shop = await ownShop(db, userId, request.body.id);
      const email = request.body.email.toLowerCase();
      if (!EMAIL_RE.test(email)) throw new AppError('Please enter the correct email address');
      await enforce(db, `transfer:user:${userId}`, Limits.emailCodePerAddress);
      const target = await findUserByEmail(db, email);
      if (!target) throw new AppError(ShopMessages.transferTargetUnknown);
      if (target.id === userId) throw new AppError(ShopMessages.transferSelf);
      const code = await issueEmailCode(db, email, 'transfer-shop');
      await ctx.mailer.send({
        to: email,
        tag: 'email-code:transfer-shop',
        subject: `Your POD Studio verification code: ${code}`,
        text: `Your verification code is ${code}. The store ${shop.simplename ?? shop.myshopifyDomain ?? shop.id} is being transferred to your account; give this code to the sender to accept it. It expires in 10 minutes. If you do not expect this store, ignore this e-mail.`,
      });
      return ok(undefined, Messages.codeSent);
    },
  );

  api.post(
    '/api/user/transferShop',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'Move a store to another account, with the code that account received',
        body: z.object({ ...shopField, email: text('email', 200), code: aka(text('code', 12), 'emailCode') }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const shop = await ownShop(db, userId, b.id);
      const email = b.email.toLowerCase();
      const target = await findUserByEmail(db, email);
      if (!target) throw new AppError(ShopMessages.transferTargetUnknown);
      if (target.id === userId) throw new AppError(ShopMessages.transferSelf);
      await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
      await consumeEmailCode(db, email, 'transfer-shop', b.code);
      await moveShop(db, userId, shop.id, target.id);
      request.log.info({ shopId: shop.id, from: userId, to: target.id }, 'store transferred');
      return ok(undefined, ShopMessages.transferred);
    },
  );

  // ---------------------------------------------------------------- pushing
  api.post(
    '/api/sendProductShopify/addQueque/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Queue a saved product for pushing to the current store',
        params: idParams,
        response: { 200: dataReply(queuedJob) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const myProductId = request.params.id;
      const title = await ownProductTitle(ctx, userId, myProductId);
      const shop = await pushTarget(ctx, userId, 'queue');
      const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'push', title });
      return okData({ id: job.id, status: job.status }, ShopMessages.pushQueued);
    },
  );

  /**
   * Refuses a product never pushed to the current store. It runs before the store's token checks:
   * the designer re-pushes quietly after every product update, and a product that was never
   * pushed must not raise the store's install or upgrade notices.
   */
  async function requirePushedToCurrent(userId: number, myProductId: number): Promise<void> {
    const current = await currentShop(db, userId);
    if (!current) throw new AppError(ShopMessages.noStore);
    const [link] = await db
      .select({ id: storeProductLinks.id })
      .from(storeProductLinks)
      .where(and(eq(storeProductLinks.shopId, current.id), eq(storeProductLinks.myProductId, myProductId)));
    if (!link) throw new AppError(ShopMessages.notPushed);
  }

  api.post(
    '/api/sendProductShopify/downshelf/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Queue taking a pushed product off the shelf in the current store',
        params: idParams,
        response: { 200: dataReply(queuedJob) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const myProductId = request.params.id;
      const title = await ownProductTitle(ctx, userId, myProductId);
      await requirePushedToCurrent(userId, myProductId);
      const shop = await pushTarget(ctx, userId, 'queue');
      const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'downshelf', title });
      return okData({ id: job.id, status: job.status }, ShopMessages.pushQueued);
    },
  );

  api.get(
    '/api/sendProductShopify/getSendProductQueue',
    {
      schema: {
        tags,
        security,
        summary: "The current store's push queue, newest first",
        querystring: z.object({
          pageNum: lenientPage(1, 1_000_000_000).meta({ description: 'Page number; a value that is not a number is page 1' }),
          pageSize: lenientPage(25, 100).meta({ description: 'Rows per page, 1 to 100 (25 when not a number)' }),
        }),
        response: {
          200: okReply({
            rows: z.array(pushQueueItem),
            total: z.int(),
            pending: z.int().meta({ description: 'Pushes still queued or running' }),
          }),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { pageNum, pageSize } = request.query;
      const shop = await currentShop(db, userId);
      if (!shop) return { code: Code.SUCCESS, msg: Messages.success, rows: [], total: 0, pending: 0 };
      const res = await listQueue(db, userId, shop.id, { limit: pageSize, offset: (pageNum - 1) * pageSize }, async (ids) => {
        if (ids.length === 0) return new Map();
        const rows = await db
          .select()
          .from(storeProductLinks)
          .where(and(eq(storeProductLinks.shopId, shop.id), inArray(storeProductLinks.myProductId, ids)));
        return new Map(rows.map((r) => [r.myProductId, r.externalProductId]));
      });
      return { code: Code.SUCCESS, msg: Messages.success, ...res };
    },
  );

  api.post(
    '/api/sendProductShopify/updateMsgHasRead',
    {
      schema: {
        tags,
        security,
        summary: "Mark finished pushes read: the ids given, or all of the current store's",
        body: z.object({ ids: aka(idList('ids'), 'id') }),
        response: { 200: dataReply(z.looseObject({ updated: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const shop = await currentShop(db, userId);
      if (!shop) return okData({ updated: 0 });
      return okData({ updated: await markRead(db, userId, shop.id, request.body.ids) });
    },
  );

  /**
   * After the merchant edits prices here, the pushed product's prices in the store follow:
   * the product is queued again (a re-push updates the store's product and its variants).
   */
  api.put(
    '/api/sendProductShopify/editLocalPriceAvailable',
    {
      schema: {
        tags,
        security,
        summary: 'Queue a pushed product again after its prices changed',
        body: z.object({ id: aka(id('id'), 'myProductId') }),
        response: { 200: dataReply(queuedJob) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const myProductId = request.body.id;
      const title = await ownProductTitle(ctx, userId, myProductId);
      await requirePushedToCurrent(userId, myProductId);
      const shop = await pushTarget(ctx, userId, 'queue');
      const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'push', title });
      return okData({ id: job.id, status: job.status }, ShopMessages.pushQueued);
    },
  );

  storeOrderAddressRoutes(app, ctx);
  shopifyShopRoutes(app, ctx, runtime);
  etsyShopRoutes(app, ctx, runtime);
  woocommerceShopRoutes(app, ctx, runtime);
  shopLoginRoutes(app, ctx);
}
