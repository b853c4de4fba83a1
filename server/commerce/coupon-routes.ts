/**
 * Coupon calls: the coupons to receive (coupons/getCouponsList), the
 * merchant's coupons (shopCouponReceive/getShopCouponReceiveList), receiving one
 * (addShopCouponReceive), the usable ones for an order or amount (getAvailableList), and the
 * invite programme: share info, the share landing's data, and registering through a share link
 * (user/shareRegister), after which both merchants hold an invite coupon.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { createSession, requireUser, setSessionCookies } from '../accounts/session';
import { enforce, Limits } from '../platform/rate-limit';
import { AppError, ok, okData, page } from '../platform/envelope';
import { createUser, findUserByEmail } from '../accounts/users';
import { consumeEmailCode } from '../accounts/email-codes';
import { Messages } from '../../contract/envelope';
import { firstError, registerSchema } from '../../contract/validation';
import {
  availableFor,
  listReceipts,
  listReceivable,
  onUserRegistered,
  inviterOf,
  receiveCoupon,
  shareInfo,
  INVITE_COUPON_ID,
  ensureCoupons,
} from './coupons';
import { findOrder } from './orders';
import { loadCartLines } from './cart';
import { coupons } from './schema';
import { eq } from 'drizzle-orm';
import { aka, id, idList, isBlank, offsetOf, optionalId, optionalInt, paging } from '../platform/http-schema/fields';
import { dataReply, okReply, pageReply } from '../platform/http-schema/replies';
import { availableCoupon, couponReceipt, receivableCoupon, shareCoupon, shareInfo as shareInfoReply } from './coupon-replies';
import { sessionSecurity as security } from '../accounts/signed-in';

const tags = ['coupons'];

const AMOUNT_OR_IDS = 'orderId, ids or amount (cents) is required';

/**
 * A registration form field: numbers taken as their text, null as absent. The form's rules
 * (contract/validation registerSchema) are applied in the handler, with the form's messages.
 */
const formText = (what: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: `${what} must be text` }).optional(),
  );

export function couponRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/coupons/getCouponsList',
    {
      schema: {
        tags,
        security,
        summary: 'The coupons to receive, each saying whether it was received',
        response: { 200: pageReply(receivableCoupon) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const rows = await listReceivable(db, userId);
      return page(rows, rows.length);
    },
  );

  api.get(
    '/api/shopCouponReceive/getShopCouponReceiveList',
    {
      schema: {
        tags,
        security,
        summary: "The merchant's coupons, newest first",
        querystring: z.object({
          status: optionalInt('status', 0, 2, 'status must be 0 (usable), 1 (used) or 2 (expired)'),
          ...paging(10),
        }),
        response: { 200: pageReply(couponReceipt) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      const { rows, total } = await listReceipts(db, userId, q.status as 0 | 1 | 2 | undefined, {
        pageSize: q.pageSize,
        offset: offsetOf(q),
      });
      return page(rows, total);
    },
  );

  api.post(
    '/api/shopCouponReceive/addShopCouponReceive',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'Receive a coupon (once each)',
        body: z.object({ couponId: aka(id('couponId'), 'couponsId', 'id') }),
        response: { 200: dataReply(couponReceipt) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await receiveCoupon(db, userId, request.body.couponId));
    },
  );

  /** Usable coupons for an order (orderId), cart lines (ids) or a product subtotal in cents (amount). */
  api.post(
    '/api/shopCouponReceive/getAvailableList',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'The held coupons usable for an order, cart lines or an amount, best first',
        body: z.object({
          orderId: optionalId('orderId'),
          ids: aka(
            z.preprocess((v) => (isBlank(v) ? undefined : v), idList('ids').optional()),
            'itemIds',
            'shipTrolleyIds',
          ),
          amount: optionalInt('amount', 0, 999_999_999_999, AMOUNT_OR_IDS).meta({ description: 'A product subtotal, cents' }),
        }),
        response: { 200: dataReply(z.array(availableCoupon)) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      let subtotal: number;
      let forOrder: number | null = null;
      if (b.orderId !== undefined) {
        const order = await findOrder(db, b.orderId, userId);
        if (order.status !== 'pending') return okData([]);
        subtotal = order.subtotal;
        forOrder = order.id;
      } else if (b.ids !== undefined) {
        const lines = await loadCartLines(db, userId, b.ids);
        subtotal = lines.reduce((s, l) => s + l.item.subtotal, 0);
      } else {
        if (b.amount === undefined) throw new AppError(AMOUNT_OR_IDS);
        subtotal = b.amount;
      }
      return okData(await availableFor(db, userId, subtotal, forOrder));
    },
  );

  // ------------------------------------------------------------------------------------------
  // Invite programme
  // ------------------------------------------------------------------------------------------

  const inviteTags = ['invites'];

  api.get(
    '/api/user/shareInfo',
    {
      schema: {
        tags: inviteTags,
        security,
        summary: "The merchant's share code and link, how many signed up through it, and the reward",
        response: { 200: dataReply(shareInfoReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await shareInfo(db, userId));
    },
  );

  /** What the /share-coupon/{id} landing shows; open to visitors. */
  api.get(
    '/api/coupons/shareCoupon/:id',
    {
      schema: {
        tags: inviteTags,
        summary: 'What the share landing shows: whether the share code is valid, and the reward',
        params: z.object({ id: z.string().meta({ description: 'The share code' }) }),
        response: { 200: dataReply(shareCoupon) },
      },
    },
    async (request) => {
      // Codes are random, so this cannot list accounts; the limit keeps it from being hammered.
      await enforce(db, `share:ip:${request.ip}`, Limits.shareLandingPerIp);
      const inviterId = await inviterOf(db, request.params.id);
      await ensureCoupons(db);
      const [reward] = await db.select().from(coupons).where(eq(coupons.id, INVITE_COUPON_ID));
      return okData({
        valid: inviterId !== null,
        shareCode: inviterId !== null ? request.params.id.trim() : null,
        reward: reward
          ? { title: reward.title, type: reward.type, discount: reward.discount, money: reward.money, minAmount: reward.minAmount }
          : null,
      });
    },
  );

  /**
   * Registration through a share link: the same checks as /api/user/add (e-mailed code, password
   * rules, rate limits), then the new-user coupon and the invite coupon for both merchants.
   */
  api.post(
    '/api/user/shareRegister',
    {
      schema: {
        tags: inviteTags,
        summary: 'Register through a share link; signs the new merchant in',
        body: z.object({
          username: formText('username').meta({ description: 'E-mail address' }),
          emailCode: formText('emailCode'),
          password: formText('password'),
          confirmPassword: formText('confirmPassword'),
          shareCode: aka(
            z.preprocess(
              (v) => (isBlank(v) ? undefined : v),
              z.union([z.string(), z.number()], { error: 'shareCode must be text' }).optional(),
            ),
            'inviteCode',
            'code',
            'id',
          ).meta({ description: "The inviter's share code; an unknown one only loses the invite coupon" }),
        }),
        response: {
          200: okReply({
            token: z.string().meta({ description: 'The session token (also set as a cookie)' }),
            invitedBy: z.int().nullable().meta({ description: 'The inviter, when the share code was valid' }),
          }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const msg = firstError(registerSchema, body);
      if (msg) throw new AppError(msg);
      const email = (body.username ?? '').trim().toLowerCase();
      await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
      if (await findUserByEmail(db, email)) throw new AppError(Messages.emailTaken);
      await consumeEmailCode(db, email, 'register', (body.emailCode ?? '').trim());
      const user = await createUser(db, email, (body.password ?? '').trim());
      const rewards = await onUserRegistered(db, user.id, body.shareCode);
      const session = await createSession(db, user.id);
      setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
      request.log.info({ userId: user.id, invitedBy: rewards.invitedBy }, 'registered through a share link');
      return ok({ token: session.token, invitedBy: rewards.invitedBy }, Messages.registered);
    },
  );
}
