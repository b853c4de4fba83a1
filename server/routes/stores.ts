/**
 * Store calls (issue 7; spec section 7 "Store push", "Store connection", "User and shop"):
 * the merchant's stores (list, switch, default, transfer by e-mail code) and the push queue
 * (sendProductShopify/*). The platforms' connect flows and webhooks live in stores-shopify.ts,
 * stores-etsy.ts and stores-woocommerce.ts. Every call acts on the caller's own stores.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { myProducts, storeProductLinks } from '../db/schema';
import { requireUser } from '../auth/session';
import { AppError, ok, okData } from '../lib/envelope';
import { enforce, Limits } from '../lib/rate-limit';
import { bodyOf, idListOf, idOf, paramsOf, pick, queryOf, textOf } from '../commerce/params';
import { findUserByEmail, findUserById } from '../services/accounts';
import { consumeEmailCode, issueEmailCode } from '../services/email-codes';
import { Code, Messages } from '../../contract/envelope';
import { EMAIL_RE } from '../../contract/validation';
import { canQueuePush, needsTokenUpgrade, StoreMessages, StoreType } from '../../contract/stores';
import { connectionOfShop } from '../stores/connections';
import { currentShop, listStores, moveShop, ownShop, selectShop, setDefaultShop, type ShopRow } from '../stores/shops';
import { enqueue, listQueue, markRead } from '../stores/queue';
import { storeCipher } from '../stores/worker';
import type { TokenCipher } from '../stores/crypto';
import { shopifyStoreRoutes } from './stores-shopify';
import { etsyStoreRoutes } from './stores-etsy';
import { woocommerceStoreRoutes } from './stores-woocommerce';
import { storeLoginRoutes } from './stores-login';

export interface StoresRuntime { cipher: TokenCipher }

const idFrom = (request: FastifyRequest, what = 'id') => idOf(pick({ ...queryOf(request), ...bodyOf(request) }, what, 'shopId', 'shopid'), what);

/**
 * The store a push goes to: the caller's current one, connected and able to take it.
 * Refusals carry the spec's codes: 10003 not installed, 10004 permissions changed.
 */
export async function pushTarget(ctx: AppContext, userId: number, platform: 'queue' | 'etsy'): Promise<ShopRow> {
  const shop = await currentShop(ctx.db, userId);
  if (!shop) throw new AppError(StoreMessages.noStore);
  const user = await findUserById(ctx.db, userId);
  if (user && needsTokenUpgrade({ apiType: user.apiType, type: shop.type })) throw new AppError(StoreMessages.upgradePrompt, Code.WARN);
  if (platform === 'queue') {
    if (shop.type === StoreType.ETSY) throw new AppError(StoreMessages.etsyPushOnly);
    if (!canQueuePush(shop.type)) throw new AppError(StoreMessages.storeTypeCannotPush);
  } else if (shop.type !== StoreType.ETSY) {
    throw new AppError(StoreMessages.storeTypeCannotPush);
  }
  const conn = await connectionOfShop(ctx.db, shop.id);
  if (!conn || conn.status === 'uninstalled') throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
  if (conn.status === 'reauthorize') throw new AppError(Messages.permissionsUpdated, Code.PERMISSIONS_UPDATED);
  return shop;
}

export async function ownProductTitle(ctx: AppContext, userId: number, myProductId: number): Promise<string> {
  const [p] = await ctx.db.select({ title: myProducts.title }).from(myProducts)
    .where(and(eq(myProducts.id, myProductId), eq(myProducts.userId, userId), eq(myProducts.isTemplate, false)));
  if (!p) throw new AppError(StoreMessages.productNotFound);
  return p.title;
}

export function storeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const runtime: StoresRuntime = { cipher: storeCipher(ctx.config.stores, ctx.config.dataDir) };

  // ---------------------------------------------------------------- the merchant's stores
  app.get('/api/stores/list', async (request) => {
    const userId = await requireUser(request);
    return okData(await listStores(db, userId));
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
      to: email, tag: 'email-code:transfer-shop', subject: `Your POD Studio verification code: ${code}`,
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
    const [link] = await db.select({ id: storeProductLinks.id }).from(storeProductLinks)
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
      const rows = await db.select().from(storeProductLinks).where(and(eq(storeProductLinks.shopId, shop.id), inArray(storeProductLinks.myProductId, ids)));
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

  shopifyStoreRoutes(app, ctx, runtime);
  etsyStoreRoutes(app, ctx, runtime);
  woocommerceStoreRoutes(app, ctx, runtime);
  storeLoginRoutes(app, ctx);
}
