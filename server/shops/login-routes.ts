/**
 * Logging in across shops and platforms (a merchant may hold several shops):
 * - POST /api/user/manyStoreLogin: a password login (same image code and limits as
 *   /api/user/login) that lands on a store: the connected store waiting for a claim joins the
 *   account (claimToken, /auth/store-login), or one of the account's stores becomes current
 *   (shopId, "switch shop login"). Nothing changes unless everything checks out.
 * - GET /api/shopifyOAuth/sendEpoloLogin: opened in the browser (a top-level link, so the
 *   SameSite=Lax session cookie comes with it; or with an Authorization header); sends the browser
 *   to the sister platform with a one-time hand-off token (./login-handoff.ts). The session
 *   token is not taken from the query string any more: URLs end up in logs, histories and
 *   Referer headers (docs/security.md).
 * - POST /api/shopifyOAuth/redeemEpoloLogin: the sister platform's server trades that token,
 *   with the shared secret, for the merchant's identity.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { users } from '../accounts/schema';
import { createSession, sessionUserId, setSessionCookies, tokenFrom } from '../accounts/session';
import { findUserById } from '../accounts/users';
import { loginRefusal, passwordLogin } from '../accounts/password-login';
import { AppError, ok, okData } from '../platform/envelope';
import { aka, optionalId, text } from '../platform/http-schema/fields';
import { dataReply, okReply, refusal } from '../platform/http-schema/replies';
import { Code } from '../../contract/envelope';
import { loginSchema } from '../../contract/validation';
import { claimConnection } from './connections';
import { currentShop, ownShop } from './merchant-shops';
import { handoffLocation, issueHandoff, redeemHandoff, secretMatches } from './login-handoff';
import { emailField, formBody, imageCodeField, optionalFormField, passwordField } from '../platform/http-schema/forms';
import { storeLogin } from './replies';
import { sessionSecurity as security } from '../accounts/signed-in';

export const LoginMessages = {
  chooseStore: 'Choose the store to log in to',
  sisterNotConfigured: 'The dropshipping platform is not configured on the server',
  handoffInvalid: 'The login hand-off has expired or was already used',
  platformSecret: 'The platform secret is invalid',
} as const;

const tags = ['shops'];

export function shopLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/manyStoreLogin',
    {
      schema: {
        tags,
        summary: "Log in with a password and land on a store: the one waiting for a claim, or one of the account's",
        // The login form's own rules (contract/validation.ts) are checked first, as on /api/user/login.
        body: formBody(loginSchema(config.captcha), {
          username: emailField('The e-mail address of the account'),
          password: passwordField('The password'),
          code: config.captcha ? imageCodeField() : optionalFormField({ description: 'The image code; not asked for on this server' }),
          uuid: optionalFormField({ description: 'The uuid captchaImage answered with, when it asked for an image code' }),
          claimToken: aka(text('claimToken', 200), 'claim').meta({ description: 'The store waiting for a claim (/auth/store-login)' }),
          shopId: aka(optionalId('shopId'), 'shopid', 'id').meta({ description: "One of the account's stores" }),
        }),
        response: { 200: okReply(storeLogin, loginRefusal) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { claimToken, shopId } = body;
      if (!claimToken && shopId === undefined) throw new AppError(LoginMessages.chooseStore);
      const username = body.username.toLowerCase();
      const user = await passwordLogin(db, config.captcha, { ...body, ip: request.ip, username });

      let current: number;
      if (claimToken) {
        current = await claimConnection(db, claimToken, user.id);
      } else {
        current = (await ownShop(db, user.id, shopId!)).id;
        await db.update(users).set({ currentShopId: current, updatedAt: new Date() }).where(eq(users.id, user.id));
      }
      const session = await createSession(db, user.id);
      setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
      request.log.info({ userId: user.id, shopId: current, claimed: Boolean(claimToken) }, 'store login');
      return ok({ token: session.token, data: { shopId: current } });
    },
  );

  api.get(
    '/api/shopifyOAuth/sendEpoloLogin',
    {
      schema: {
        tags,
        // A visitor without a session is sent to log in, not refused: the session is optional here.
        security: [...security, {}],
        summary: 'Open the sister platform as the signed-in merchant (a browser link)',
        response: {
          200: okReply().meta({ description: 'Refused: the sister platform is not configured' }),
          302: z.null().meta({
            description: 'Redirects to the sister platform with a one-time hand-off token, or to /login without a session',
          }),
        },
      },
    },
    async (request, reply) => {
      const sister = config.shops.sister;
      if (!sister) throw new AppError(LoginMessages.sisterNotConfigured);
      // The cookie or the Authorization header; never a token in the query (docs/security.md).
      const token = tokenFrom(request);
      const userId = token ? await sessionUserId(db, token) : null;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!userId) return reply.redirect('/login?redirect=%2Fdashboard', 302);
      return reply.redirect(handoffLocation(sister.handoffUrl, await issueHandoff(db, userId)), 302);
    },
  );

  api.post(
    '/api/shopifyOAuth/redeemEpoloLogin',
    {
      // The platform's secret is checked before anything of the request is read.
      preValidation: async (request, reply) => {
        const sister = config.shops.sister;
        if (!sister) return reply.status(404).send({ code: Code.NOT_FOUND, msg: LoginMessages.sisterNotConfigured });
        const presented = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
        if (!secretMatches(presented, sister.redeemSecret)) {
          request.log.warn({ ip: request.ip }, 'sister platform hand-off refused: bad secret');
          return reply.status(401).send({ code: Code.UNAUTHORIZED, msg: LoginMessages.platformSecret });
        }
      },
      schema: {
        tags,
        summary: "The sister platform's server trades a hand-off token (with the shared secret as Bearer) for the merchant",
        body: z.object({ token: text('token', 200).meta({ description: 'The one-time hand-off token' }) }),
        response: {
          200: dataReply(
            z.looseObject({
              userId: z.int(),
              email: z.string(),
              shop: z
                .looseObject({ id: z.int(), domain: z.string().nullable(), name: z.string().nullable(), type: z.int().nullable() })
                .nullable()
                .meta({ description: "The merchant's current store, or null" }),
            }),
          ),
          401: refusal.meta({ description: 'The platform secret is invalid' }),
          404: refusal.meta({ description: 'The sister platform is not configured' }),
        },
      },
    },
    async (request) => {
      const userId = await redeemHandoff(db, request.body.token);
      const user = userId ? await findUserById(db, userId) : null;
      if (!user) throw new AppError(LoginMessages.handoffInvalid);
      const shop = await currentShop(db, user.id);
      return okData({
        userId: user.id,
        email: user.email,
        shop: shop ? { id: shop.id, domain: shop.myshopifyDomain, name: shop.simplename, type: shop.type } : null,
      });
    },
  );
}
