/**
 * The campaign's calls:
 * - `GET /api/activities/couponCampaign` (open; with a session it also says what the merchant
 *   claimed): the campaign's timed coupons with the server's clock, for the page's countdowns;
 * - `POST /api/user/sendCouponsEmailCode` (signed in, `id` the item): e-mails a code to the
 *   account's address, once the item is running and not yet claimed in this window;
 * - `POST /api/user/activateCouponStatus` (signed in, `id`, `emailCode`): the coupon, with the code;
 * - `POST /api/shareCodeIp/addShopClickIp` (`type`) and `addShopCodeIp` (`type`, `code`): a visit of
 *   the invite landing or the campaign page, without or with a merchant's share code, counted
 *   once a day per visitor, rate limited per address. The product names them like reads (GETs),
 *   but a count is a write, so they take POST on the same paths (docs/security.md): a link
 *   preview, prefetch or crawler must not count as a visit.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { enforce, Limits } from '../platform/rate-limit';
import { ok, okData } from '../platform/envelope';
import { dataReply, okReply } from '../platform/http-schema/replies';
import { aka, id, refuse, requiredText } from '../platform/http-schema/fields';
import { emailCodeField, formBody } from '../platform/http-schema/forms';
import { FormMessages, rules, type Schema } from '../../contract/validation';
import { EMAIL_CODE_LENGTH } from '../../contract/constants';
import { Messages } from '../../contract/envelope';
import { ActivityMessages, SHARE_CLICK_TYPES } from '../../contract/activities';
import { couponReceipt } from '../commerce/coupon-replies';
import { activateClaim, campaignAt, issueClaimCode } from './campaign';
import { recordShareClick } from './share-clicks';
import { campaign as campaignReply } from './replies';

const tags = ['activities'];

/** The activation form's rule: the e-mailed code, with the product's messages. */
const activateSchema: Schema = {
  emailCode: [
    rules.required(FormMessages.emailCodeRequired),
    rules.length(EMAIL_CODE_LENGTH, FormMessages.emailCodeInvalid),
    rules.natural(FormMessages.emailCodeInvalid),
  ],
};

const itemId = () => aka(id('id'), 'itemId', 'activityId').meta({ description: "The campaign item (couponCampaign's items[].id)" });

const clickType = z.preprocess(
  (v) => (Array.isArray(v) ? v[v.length - 1] : v),
  z.unknown().transform((v, ctx) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : NaN;
    return SHARE_CLICK_TYPES.includes(n) ? n : refuse(ctx, ActivityMessages.badType, v);
  }),
);
const clickTypeDoc = { description: '1 the invite landing (/share-coupon), 2 the campaign page', enum: [1, 2] };

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/activities/couponCampaign',
    {
      schema: {
        tags,
        security: [...security, {}],
        summary: "The campaign's timed coupons with the server's clock; with a session, which ones the merchant claimed",
        response: { 200: dataReply(campaignReply) },
      },
    },
    async (request) => okData(await campaignAt(db, Date.now(), request.userId)),
  );

  api.post(
    '/api/user/sendCouponsEmailCode',
    {
      schema: {
        tags,
        security,
        summary: "E-mail a code to the account's address to claim a running campaign coupon",
        body: z.object({ id: itemId() }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await enforce(db, `code:ip:${request.ip}`, Limits.emailCodePerIp);
      await enforce(db, `campaign:user:${userId}`, Limits.emailCodePerAddress);
      const { email, code, title } = await issueClaimCode(db, userId, request.body.id, Date.now());
      await ctx.mailer.send({
        to: email,
        tag: 'email-code:campaign-coupon',
        subject: `Your POD Studio verification code: ${code}`,
        text:
          `Your verification code is ${code}. Enter it on the campaign page to activate your coupon "${title}". ` +
          'It expires in 10 minutes. If you did not ask for it, ignore this e-mail.',
      });
      return ok(undefined, Messages.codeSent);
    },
  );

  api.post(
    '/api/user/activateCouponStatus',
    {
      schema: {
        tags,
        security,
        summary: 'Activate a campaign coupon with the e-mailed code: it joins the merchant’s coupons',
        body: formBody(activateSchema, { id: itemId(), emailCode: emailCodeField() }),
        response: { 200: dataReply(couponReceipt) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await enforce(db, `verify:campaign:${userId}`, Limits.codeCheckPerAddress);
      const receipt = await activateClaim(db, userId, request.body.id, request.body.emailCode, Date.now());
      request.log.info({ userId, item: request.body.id, receipt: receipt.id }, 'campaign coupon activated');
      return okData(receipt, ActivityMessages.claimed);
    },
  );

  const clickReply = okReply({
    data: z.looseObject({
      counted: z.boolean().meta({ description: "The visitor's first visit of the day here" }),
      valid: z.boolean().meta({ description: "The code is a merchant's share code" }),
    }),
  });

  api.post(
    '/api/shareCodeIp/addShopClickIp',
    {
      schema: {
        tags,
        summary: 'Count a visit of the invite landing or the campaign page (once a day per visitor)',
        body: z.object({ type: clickType.meta(clickTypeDoc) }),
        response: { 200: clickReply },
      },
    },
    async (request) => {
      await enforce(db, `share-click:ip:${request.ip}`, Limits.shareLandingPerIp);
      const res = await recordShareClick(db, { type: request.body.type, ip: request.ip, now: new Date() });
      return okData(res);
    },
  );

  api.post(
    '/api/shareCodeIp/addShopCodeIp',
    {
      schema: {
        tags,
        summary: "Count a visit that came through a merchant's share code (once a day per visitor)",
        body: z.object({
          type: clickType.meta(clickTypeDoc),
          code: aka(requiredText('code', 64), 'shareCode').meta({ description: "The merchant's share code from the link" }),
        }),
        response: { 200: clickReply },
      },
    },
    async (request) => {
      await enforce(db, `share-click:ip:${request.ip}`, Limits.shareLandingPerIp);
      const res = await recordShareClick(db, { type: request.body.type, code: request.body.code, ip: request.ip, now: new Date() });
      return okData(res);
    },
  );
}
