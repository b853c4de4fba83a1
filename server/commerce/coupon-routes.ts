/**
 * Coupon calls: the coupons to receive (coupons/getCouponsList), the
 * merchant's coupons (shopCouponReceive/getShopCouponReceiveList), receiving one
 * (addShopCouponReceive), the usable ones for an order or amount (getAvailableList), and the
 * invite programme: share info, the share landing's data, and registering through a share link
 * (user/shareRegister), after which both merchants hold an invite coupon.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { createSession, requireUser, setSessionCookies } from '../accounts/session';
import { enforce, Limits } from '../platform/rate-limit';
import { AppError, ok, okData, page } from '../platform/envelope';
import { createUser, findUserByEmail, findUserById } from '../accounts/users';
import { consumeEmailCode } from '../accounts/email-codes';
import { Messages } from '../../contract/envelope';
import { firstError, registerSchema } from '../../contract/validation';
import {
  availableFor,
  listReceipts,
  listReceivable,
  onUserRegistered,
  parseShareCode,
  receiveCoupon,
  shareInfo,
  INVITE_COUPON_ID,
  ensureCoupons,
} from './coupons';
import { findOrder } from './orders';
import { loadCartLines } from './cart';
import { asInt, bodyOf, idListOf, idOf, pagingOf, paramsOf, pick, queryOf } from '../platform/request-fields';
import { coupons } from './schema';
import { eq } from 'drizzle-orm';

export function couponRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;

  app.get('/api/coupons/getCouponsList', async (request) => {
    const userId = await requireUser(request);
    const rows = await listReceivable(db, userId);
    return page(rows, rows.length);
  });

  app.get('/api/shopCouponReceive/getShopCouponReceiveList', async (request) => {
    const userId = await requireUser(request);
    const q = queryOf(request);
    const rawStatus = pick(q, 'status');
    const status = rawStatus === undefined ? undefined : asInt(rawStatus);
    if (status !== undefined && status !== 0 && status !== 1 && status !== 2)
      throw new AppError('status must be 0 (usable), 1 (used) or 2 (expired)');
    const { rows, total } = await listReceipts(db, userId, status, pagingOf(q, 10));
    return page(rows, total);
  });

  app.post('/api/shopCouponReceive/addShopCouponReceive', async (request) => {
    const userId = await requireUser(request);
    const b = { ...queryOf(request), ...bodyOf(request) };
    return okData(await receiveCoupon(db, userId, idOf(pick(b, 'couponId', 'couponsId', 'id'), 'couponId')));
  });

  /** Usable coupons for an order (orderId), cart lines (ids) or a product subtotal in cents (amount). */
  app.post('/api/shopCouponReceive/getAvailableList', async (request) => {
    const userId = await requireUser(request);
    const b = { ...queryOf(request), ...bodyOf(request) };
    const orderId = pick(b, 'orderId');
    const ids = pick(b, 'ids', 'itemIds', 'shipTrolleyIds');
    let subtotal: number;
    let forOrder: number | null = null;
    if (orderId !== undefined) {
      const order = await findOrder(db, idOf(orderId, 'orderId'), userId);
      if (order.status !== 'pending') return okData([]);
      subtotal = order.subtotal;
      forOrder = order.id;
    } else if (ids !== undefined) {
      const lines = await loadCartLines(db, userId, idListOf(ids, 'ids'));
      subtotal = lines.reduce((s, l) => s + l.item.subtotal, 0);
    } else {
      const amount = asInt(pick(b, 'amount'));
      if (amount === null || amount < 0) throw new AppError('orderId, ids or amount (cents) is required');
      subtotal = amount;
    }
    return okData(await availableFor(db, userId, subtotal, forOrder));
  });

  // ------------------------------------------------------------------------------------------
  // Invite programme
  // ------------------------------------------------------------------------------------------

  app.get('/api/user/shareInfo', async (request) => {
    const userId = await requireUser(request);
    return okData(await shareInfo(db, userId));
  });

  /** What the /share-coupon/{id} landing shows; open to visitors. */
  app.get('/api/coupons/shareCoupon/:id', async (request) => {
    const inviterId = parseShareCode(paramsOf(request).id);
    const inviter = inviterId ? await findUserById(db, inviterId) : null;
    await ensureCoupons(db);
    const [reward] = await db.select().from(coupons).where(eq(coupons.id, INVITE_COUPON_ID));
    return okData({
      valid: !!inviter,
      shareCode: inviter ? String(inviter.id) : null,
      reward: reward
        ? { title: reward.title, type: reward.type, discount: reward.discount, money: reward.money, minAmount: reward.minAmount }
        : null,
    });
  });

  /**
   * Registration through a share link: the same checks as /api/user/add (e-mailed code, password
   * rules, rate limits), then the new-user coupon and the invite coupon for both merchants.
   */
  app.post('/api/user/shareRegister', async (request, reply) => {
    const body = bodyOf(request);
    const msg = firstError(registerSchema, body);
    if (msg) throw new AppError(msg);
    const shareCode = pick(body, 'shareCode', 'inviteCode', 'code', 'id');
    const email = String(body.username).trim().toLowerCase();
    await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
    if (await findUserByEmail(db, email)) throw new AppError(Messages.emailTaken);
    await consumeEmailCode(db, email, 'register', String(body.emailCode).trim());
    const user = await createUser(db, email, String(body.password).trim());
    const rewards = await onUserRegistered(db, user.id, shareCode);
    const session = await createSession(db, user.id);
    setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
    request.log.info({ userId: user.id, invitedBy: rewards.invitedBy }, 'registered through a share link');
    return ok({ token: session.token, invitedBy: rewards.invitedBy }, Messages.registered);
  });
}
