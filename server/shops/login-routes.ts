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
import type { AppContext } from '../platform/context';
import { users } from '../accounts/schema';
import { createSession, sessionUserId, setSessionCookies, tokenFrom } from '../accounts/session';
import { authenticate, findUserById } from '../accounts/users';
import { limitFailures, loginFailureKeys } from '../platform/rate-limit';
import { AppError, ok, okData } from '../platform/envelope';
import { bodyOf, optionalIdOf, pick, textOf } from '../platform/request-fields';
import { Code } from '../../contract/envelope';
import { firstError, loginSchema } from '../../contract/validation';
import { claimConnection } from './connections';
import { currentShop, ownShop } from './merchant-shops';
import { handoffLocation, issueHandoff, redeemHandoff, secretMatches } from './login-handoff';
import { checkCaptcha } from '../accounts/captcha';

export const LoginMessages = {
  chooseStore: 'Choose the store to log in to',
  sisterNotConfigured: 'The dropshipping platform is not configured on the server',
  handoffInvalid: 'The login hand-off has expired or was already used',
  platformSecret: 'The platform secret is invalid',
} as const;

export function shopLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;

  app.post('/api/user/manyStoreLogin', async (request, reply) => {
    const body = bodyOf(request);
    const msg = firstError(loginSchema(config.captcha), body);
    if (msg) throw new AppError(msg);
    const claimToken = textOf(pick(body, 'claimToken', 'claim'), 'claimToken', 200);
    const shopId = optionalIdOf(pick(body, 'shopId', 'shopid', 'id'), 'shopId');
    if (!claimToken && shopId === undefined) throw new AppError(LoginMessages.chooseStore);
    const username = String(body.username ?? '')
      .trim()
      .toLowerCase();
    const user = await limitFailures(db, loginFailureKeys(request.ip, username), async () => {
      if (config.captcha) await checkCaptcha(db, body);
      return authenticate(db, username, String(body.password ?? '').trim());
    });

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
  });

  app.get('/api/shopifyOAuth/sendEpoloLogin', async (request, reply) => {
    const sister = config.shops.sister;
    if (!sister) throw new AppError(LoginMessages.sisterNotConfigured);
    // The cookie or the Authorization header; never a token in the query (docs/security.md).
    const token = tokenFrom(request);
    const userId = token ? await sessionUserId(db, token) : null;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!userId) return reply.redirect('/login?redirect=%2Fdashboard', 302);
    return reply.redirect(handoffLocation(sister.handoffUrl, await issueHandoff(db, userId)), 302);
  });

  app.post('/api/shopifyOAuth/redeemEpoloLogin', async (request, reply) => {
    const sister = config.shops.sister;
    if (!sister) return reply.status(404).send({ code: Code.NOT_FOUND, msg: LoginMessages.sisterNotConfigured });
    const presented = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
    if (!secretMatches(presented, sister.redeemSecret)) {
      request.log.warn({ ip: request.ip }, 'sister platform hand-off refused: bad secret');
      return reply.status(401).send({ code: Code.UNAUTHORIZED, msg: LoginMessages.platformSecret });
    }
    const userId = await redeemHandoff(db, textOf(pick(bodyOf(request), 'token'), 'token', 200));
    const user = userId ? await findUserById(db, userId) : null;
    if (!user) throw new AppError(LoginMessages.handoffInvalid);
    const shop = await currentShop(db, user.id);
    return okData({
      userId: user.id,
      email: user.email,
      shop: shop ? { id: shop.id, domain: shop.myshopifyDomain, name: shop.simplename, type: shop.type } : null,
    });
  });
}
