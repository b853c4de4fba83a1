/**
 * Shop calls: the merchant's shops (list, switch, default, transfer by e-mail code) and the push
 * queue (sendProductShopify/*). The platforms' connect flows and webhooks live in
 * shopify/routes.ts, etsy/routes.ts and woocommerce/routes.ts, the login across shops in
 * login-routes.ts. Every call acts on the caller's own shops.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { storeProductLinks } from './schema';
import { requireUser } from '../accounts/session';
import { AppError, ok, okData } from '../platform/envelope';
import { enforce, Limits } from '../platform/rate-limit';
import { bodyOf, idListOf, idOf, paramsOf, pick, queryOf, textOf } from '../platform/request-fields';
import { findUserByEmail } from '../accounts/users';
import { consumeEmailCode, issueEmailCode } from '../accounts/email-codes';
import { Code, Messages } from '../../contract/envelope';
import { EMAIL_RE } from '../../contract/validation';
import { StoreMessages } from '../../contract/stores';
import { currentShop, listShops, moveShop, ownShop, selectShop, setDefaultShop } from './merchant-shops';
import { enqueue, listQueue, markRead } from './push-queue';
import { shopTokenCipher } from './jobs';
import { ownProductTitle, pushTarget, type ShopsRuntime } from './push-target';
import { shopifyShopRoutes } from './shopify/routes';
import { etsyShopRoutes } from './etsy/routes';
import { woocommerceShopRoutes } from './woocommerce/routes';
import { shopLoginRoutes } from './login-routes';

const idFrom = (request: FastifyRequest, what = 'id') =>
  idOf(pick({ ...queryOf(request), ...bodyOf(request) }, what, 'shopId', 'shopid'), what);

export function shopRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const runtime: ShopsRuntime = { cipher: shopTokenCipher(ctx.config.shops, ctx.config.dataDir) };

  // ---------------------------------------------------------------- the merchant's stores
  app.get('/api/stores/list', async (request) => {
    const userId = await requireUser(request);
    return okData(await listShops(db, userId));
  });

  const switchShop = async (request: FastifyRequest) => {
    const userId = await requireUser(request);
    await selectShop(db, userId, idFrom(request));
    return ok(undefined, StoreMessages.switched);
  };
  app.put('/api/user/selectShop', switchShop);
  app.post('/api/shops/switchshopLogin', switchShop);

  app.put('/api/user/updateDefault', async (request) => {
    const userId = await requireUser(request);
    await setDefaultShop(db, userId, idFrom(request));
    return ok(undefined, StoreMessages.defaultSet);
  });

  /** Transfer, step 1: the receiving account gets a code by e-mail (they hand it to the sender). */
  app.post('/api/user/transferShopSendCode', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const shop = await ownShop(db, userId, idFrom(request));
    const email = textOf(pick(b, 'email'), 'email', 200).toLowerCase();
    if (!EMAIL_RE.test(email)) throw new AppError('Please enter the correct email address');
    await enforce(db, `transfer:user:${userId}`, Limits.emailCodePerAddress);
    const target = await findUserByEmail(db, email);
    if (!target) throw new AppError(StoreMessages.transferTargetUnknown);
    if (target.id === userId) throw new AppError(StoreMessages.transferSelf);
    const code = await issueEmailCode(db, email, 'transfer-shop');
    await ctx.mailer.send({
      to: email,
      tag: 'email-code:transfer-shop',
      subject: `Your POD Studio verification code: ${code}`,
      text: `Your verification code is ${code}. The store ${shop.simplename ?? shop.myshopifyDomain ?? shop.id} is being transferred to your account; give this code to the sender to accept it. It expires in 10 minutes. If you do not expect this store, ignore this e-mail.`,
    });
    return ok(undefined, Messages.codeSent);
  });

  app.post('/api/user/transferShop', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const shop = await ownShop(db, userId, idFrom(request));
    const email = textOf(pick(b, 'email'), 'email', 200).toLowerCase();
    const target = await findUserByEmail(db, email);
    if (!target) throw new AppError(StoreMessages.transferTargetUnknown);
    if (target.id === userId) throw new AppError(StoreMessages.transferSelf);
    await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
    await consumeEmailCode(db, email, 'transfer-shop', textOf(pick(b, 'code', 'emailCode'), 'code', 12));
    await moveShop(db, userId, shop.id, target.id);
    request.log.info({ shopId: shop.id, from: userId, to: target.id }, 'store transferred');
    return ok(undefined, StoreMessages.transferred);
  });

  // ---------------------------------------------------------------- pushing
  app.post('/api/sendProductShopify/addQueque/:id', async (request) => {
    const userId = await requireUser(request);
    const myProductId = idOf(paramsOf(request).id, 'id');
    const title = await ownProductTitle(ctx, userId, myProductId);
    const shop = await pushTarget(ctx, userId, 'queue');
    const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'push', title });
    return okData({ id: job.id, status: job.status }, StoreMessages.pushQueued);
  });

  /**
   * Refuses a product never pushed to the current store. It runs before the store's token checks:
   * the designer re-pushes quietly after every product update, and a product that was never
   * pushed must not raise the store's install or upgrade notices.
   */
  async function requirePushedToCurrent(userId: number, myProductId: number): Promise<void> {
    const current = await currentShop(db, userId);
    if (!current) throw new AppError(StoreMessages.noStore);
    const [link] = await db
      .select({ id: storeProductLinks.id })
      .from(storeProductLinks)
      .where(and(eq(storeProductLinks.shopId, current.id), eq(storeProductLinks.myProductId, myProductId)));
    if (!link) throw new AppError(StoreMessages.notPushed);
  }

  app.post('/api/sendProductShopify/downshelf/:id', async (request) => {
    const userId = await requireUser(request);
    const myProductId = idOf(paramsOf(request).id, 'id');
    const title = await ownProductTitle(ctx, userId, myProductId);
    await requirePushedToCurrent(userId, myProductId);
    const shop = await pushTarget(ctx, userId, 'queue');
    const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'downshelf', title });
    return okData({ id: job.id, status: job.status }, StoreMessages.pushQueued);
  });

  app.get('/api/sendProductShopify/getSendProductQueue', async (request) => {
    const userId = await requireUser(request);
    const q = queryOf(request);
    const shop = await currentShop(db, userId);
    if (!shop) return { code: Code.SUCCESS, msg: Messages.success, rows: [], total: 0, pending: 0 };
    const pageSize = Math.min(100, Math.max(1, Number(pick(q, 'pageSize') ?? 25) || 25));
    const pageNum = Math.max(1, Number(pick(q, 'pageNum') ?? 1) || 1);
    const res = await listQueue(db, userId, shop.id, { limit: pageSize, offset: (pageNum - 1) * pageSize }, async (ids) => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(storeProductLinks)
        .where(and(eq(storeProductLinks.shopId, shop.id), inArray(storeProductLinks.myProductId, ids)));
      return new Map(rows.map((r) => [r.myProductId, r.externalProductId]));
    });
    return { code: Code.SUCCESS, msg: Messages.success, ...res };
  });

  app.post('/api/sendProductShopify/updateMsgHasRead', async (request) => {
    const userId = await requireUser(request);
    const shop = await currentShop(db, userId);
    if (!shop) return okData({ updated: 0 });
    const ids = idListOf(pick(bodyOf(request), 'ids', 'id'), 'ids');
    return okData({ updated: await markRead(db, userId, shop.id, ids) });
  });

  /**
   * After the merchant edits prices here, the pushed product's prices in the store follow:
   * the product is queued again (a re-push updates the store's product and its variants).
   */
  app.put('/api/sendProductShopify/editLocalPriceAvailable', async (request) => {
    const userId = await requireUser(request);
    const myProductId = idOf(pick(bodyOf(request), 'id', 'myProductId'), 'id');
    const title = await ownProductTitle(ctx, userId, myProductId);
    await requirePushedToCurrent(userId, myProductId);
    const shop = await pushTarget(ctx, userId, 'queue');
    const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'push', title });
    return okData({ id: job.id, status: job.status }, StoreMessages.pushQueued);
  });

  shopifyShopRoutes(app, ctx, runtime);
  etsyShopRoutes(app, ctx, runtime);
  woocommerceShopRoutes(app, ctx, runtime);
  shopLoginRoutes(app, ctx);
}
