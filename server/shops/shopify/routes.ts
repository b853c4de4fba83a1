/**
 * Shopify connection calls: the install link, the OAuth
 * callback with its HMAC and state checks (bindShop logged in, shopifyDo without a login), store
 * logins and claims (signUpByWebLogin, setPassword, getUserInfoByEmail), the token check with
 * codes 10003 / 10004, the theme style, the app subscription, and the signed webhooks.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { users } from '../../accounts/schema';
import { createSession, requireUser, setSessionCookies } from '../../accounts/session';
import { AppError, ok, okData } from '../../platform/envelope';
import { enforce, Limits } from '../../platform/rate-limit';
import { aka, optionalText, text } from '../../platform/http-schema/fields';
import { dataReply, okReply, refusal } from '../../platform/http-schema/replies';
import { createUser, findUserByEmail } from '../../accounts/users';
import { Code, Messages } from '../../../contract/envelope';
import { EMAIL_RE, setPasswordSchema } from '../../../contract/validation';
import { ShopMessages, type ConnectResult } from '../../../contract/shops';
import type { ShopifyAppConfig } from '../config';
import {
  claimConnection,
  connectionByDomain,
  connectionOfShop,
  consumeOauthState,
  createOauthState,
  findClaim,
  saveConnection,
  setConnectionStatus,
} from '../connections';
import { currentShop } from '../merchant-shops';
import { authorizeUrl, exchangeCode, missingScopes, normalizeShopDomain, verifyQueryHmac, verifyWebhookHmac } from './oauth';
import {
  MAIN_THEME_QUERY,
  SHOP_QUERY,
  SUBSCRIPTIONS_QUERY,
  shopifyAdmin,
  type MainThemeQuery,
  type ShopQuery,
  type SubscriptionsQuery,
} from './admin';
import { WEBHOOK_NOTICE, orderFromWebhook, subscribeWebhooks, webhookNotices } from './connector';
import { replaceNotices } from '../notices';
import { importShopOrder } from '../order-import';
import { ShopApiError } from '../errors';
import type { ShopsRuntime } from '../push-target';
import { ownedScriptUrl } from '../theme-script';
import { asSent, given, themeStyle } from '../fields';
import { confirmPasswordField, formBody, passwordField } from '../../platform/http-schema/forms';
import { authorizeStart, connectResult, permissionsUpdated, storeLogin } from '../replies';
import { sessionSecurity as security } from '../../accounts/signed-in';

const tags = ['shopify'];

/**
 * The query Shopify sent the page, forwarded in the JSON body: never read from this call's own
 * query string, so no OAuth code travels in a URL our server logs (docs/security.md). Every
 * parameter is kept, as sent: the HMAC covers them all.
 */
const shopifyQueryBody = z.looseObject({
  shop: asSent('The myshopify domain'),
  hmac: asSent("Shopify's signature of the other parameters"),
  code: asSent('The authorization code (OAuth callback)'),
  state: asSent('Our state (OAuth callback)'),
  timestamp: asSent('When Shopify signed the query'),
});

/** The query parameters Shopify sent the page: strings, and lists of strings for repeated ones (anything else is left out). */
function shopifyQuery(body: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v;
  }
  return out;
}

/** One value of a forwarded query ('' when absent or a list). */
const single = (q: Record<string, string | string[]>, key: string): string => {
  const v = q[key];
  return typeof v === 'string' ? v : '';
};

export function shopifyShopRoutes(app: FastifyInstance, ctx: AppContext, runtime: ShopsRuntime): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Read when used: the public address is configuration, and tests set it once the port is known.
  const redirectUri = () => `${config.shops.publicUrl}/auth/shopify`;
  const webhookUri = () => `${config.shops.publicUrl}/prod-api/api/shopify/webhooks`;
  const cfgOrThrow = (): ShopifyAppConfig => {
    if (!config.shops.shopify) throw new AppError(ShopMessages.notConfigured);
    return config.shops.shopify;
  };

  const startInstall = async (cfg: ShopifyAppConfig, shop: string, userId: number | null) =>
    authorizeUrl(cfg, shop, await createOauthState(db, { platform: 'shopify', userId, domain: shop }), redirectUri());

  /** A session for the account behind a store login; the page stores the token (podToken hand-off). */
  const loginAs = async (reply: FastifyReply, userId: number) => {
    const session = await createSession(db, userId);
    setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
    return session.token;
  };

  /** The verified callback: code → token → shop details → saved, bound or waiting for a claim. */
  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    q: Record<string, string | string[]>,
    loggedIn: number | null,
  ): Promise<ConnectResult> => {
    const cfg = cfgOrThrow();
    const shop = normalizeShopDomain(single(q, 'shop'));
    if (!shop || !verifyQueryHmac(q, cfg.apiSecret)) throw new AppError(ShopMessages.badSignature);
    const state = await consumeOauthState(db, { platform: 'shopify', state: single(q, 'state'), domain: shop, userId: loggedIn });
    const owner = loggedIn ?? state.userId;
    const grant = await exchangeCode(cfg, shop, single(q, 'code')).catch((err: unknown) => {
      throw new AppError(err instanceof Error ? err.message : String(err));
    });
    const admin = shopifyAdmin(cfg, shop, grant.accessToken);
    const info = await admin.request<ShopQuery>(SHOP_QUERY).catch((err: unknown) => {
      throw new AppError(err instanceof Error ? err.message : String(err));
    });
    const result = await saveConnection(
      db,
      runtime.cipher,
      {
        platform: 'shopify',
        domain: shop,
        displayName: info.shop.name,
        email: info.shop.email?.toLowerCase() ?? null,
        externalId: info.shop.id,
        accessToken: grant.accessToken,
        scopes: grant.scopes,
      },
      owner,
    );
    // Orders and uninstalls reach us by webhook, each topic subscribed on its own; a refused topic
    // is told to the merchant with the store (the periodic pull still brings orders).
    const outcomes = await subscribeWebhooks(admin, webhookUri());
    for (const o of outcomes.filter((x) => x.error))
      request.log.warn({ shop, topic: o.topic, err: o.error }, 'Shopify webhook subscription refused');
    const conn = await connectionByDomain(db, 'shopify', shop);
    if (conn) await replaceNotices(db, conn.id, WEBHOOK_NOTICE, webhookNotices(outcomes));
    request.log.info({ shop, status: result.status }, 'Shopify store connected');
    if (result.status === 'login' && result.userId)
      return { status: 'login', token: await loginAs(reply, result.userId), shopId: result.shopId };
    return result;
  };

  /** The install link for a store (Add store → Shopify). Logged in: the store joins this account. */
  // A POST: it stores a state (a link on another site must not make them).
  api.post(
    '/api/shopifyauthShopify',
    {
      schema: {
        tags,
        summary: 'The install link for a Shopify store',
        querystring: z.object({
          shop: aka(given('The store: "my-store", "my-store.myshopify.com" or its admin URL'), 'storeName', 'domain'),
        }),
        response: { 200: dataReply(authorizeStart) },
      },
    },
    async (request) => {
      const cfg = cfgOrThrow();
      const shop = normalizeShopDomain(request.query.shop);
      if (!shop) throw new AppError(ShopMessages.invalidShopDomain);
      return okData({ url: await startInstall(cfg, shop, request.userId) });
    },
  );

  /**
   * What the /auth/shopify page forwards from Shopify, with or without a login: an app launch
   * (hmac, shop, timestamp) logs the store's owner in or starts the install; an OAuth callback
   * (code, state) finishes it.
   */
  api.post(
    '/api/shopifyOAuth/shopifyDo',
    {
      schema: {
        tags,
        summary: "Shopify's app launch or OAuth callback, forwarded by the /auth/shopify page",
        body: shopifyQueryBody,
        response: {
          200: dataReply(
            z.union([
              connectResult,
              z.looseObject({ status: z.literal('authorize'), url: z.string().meta({ description: 'The install link' }) }),
            ]),
          ),
        },
      },
    },
    async (request, reply) => {
      const cfg = cfgOrThrow();
      const q = shopifyQuery(request.body);
      await enforce(db, `shopify:do:ip:${request.ip}`, Limits.storeConnectPerIp);
      if (single(q, 'code')) return okData(await finish(request, reply, q, request.userId));
      const shop = normalizeShopDomain(single(q, 'shop'));
      if (!shop || !verifyQueryHmac(q, cfg.apiSecret)) throw new AppError(ShopMessages.badSignature);
      const conn = await connectionByDomain(db, 'shopify', shop);
      if (conn?.userId && conn.shopId && conn.status === 'active' && (request.userId === null || request.userId === conn.userId)) {
        return okData({ status: 'login' as const, token: await loginAs(reply, conn.userId), shopId: conn.shopId });
      }
      return okData({ status: 'authorize' as const, url: await startInstall(cfg, shop, request.userId) });
    },
  );

  api.post(
    '/api/shopifyOAuth/bindShop',
    {
      schema: {
        tags,
        security,
        summary: "Finish the OAuth callback: the store joins the merchant's account",
        body: shopifyQueryBody,
        response: { 200: dataReply(connectResult) },
      },
    },
    async (request, reply) => {
      const userId = await requireUser(request);
      return okData(await finish(request, reply, shopifyQuery(request.body), userId));
    },
  );

  const claimField = {
    claimToken: aka(text('claimToken', 200), 'token').meta({ description: 'The store waiting for a claim' }),
  };

  /** /auth/store-login: the merchant logs in (any way) and takes the store that waits for a claim. */
  api.post(
    '/api/shopifyOAuth/signUpByWebLogin',
    {
      schema: {
        tags,
        security,
        summary: 'Take the store waiting for a claim onto the signed-in account',
        body: z.object(claimField),
        response: { 200: dataReply(z.looseObject({ shopId: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const shopId = await claimConnection(db, request.body.claimToken, userId);
      return okData({ shopId });
    },
  );

  /** /auth/set-password: a new account with the store's e-mail and the password given, holding the store. */
  api.post(
    '/api/shopifyOAuth/setPassword',
    {
      schema: {
        tags,
        summary: "Make an account with the waiting store's e-mail and a password; it takes the store",
        // The form's own rules (contract/validation.ts) are checked first.
        body: formBody(setPasswordSchema, {
          password: passwordField(),
          confirmPassword: confirmPasswordField(),
          ...claimField,
        }),
        response: { 200: okReply(storeLogin) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const conn = await findClaim(db, b.claimToken);
      if (!conn.email) throw new AppError('The store has no e-mail address; log in with an account instead');
      if (await findUserByEmail(db, conn.email)) throw new AppError(Messages.emailTaken);
      const user = await createUser(db, conn.email, b.password);
      const shopId = await claimConnection(db, b.claimToken, user.id);
      return ok({ token: await loginAs(reply, user.id), data: { shopId } }, Messages.registered);
    },
  );

  api.get(
    '/api/shopifyOAuth/getUserInfoByEmail',
    {
      schema: {
        tags,
        summary: "Whether an account is registered with a store's e-mail address (for the store waiting to be claimed)",
        // Whether an address has an account is not told to strangers: only to the one holding a
        // store connection that waits for a claim, and only for that store's own e-mail (which the
        // claim's answer has already told them). Any other question gets the same refusal.
        querystring: z.object({
          email: text('email', 200),
          claimToken: aka(optionalText('claimToken', 200), 'claim').meta({
            description: 'The store waiting for a claim (/auth/store-login)',
          }),
        }),
        response: { 200: dataReply(z.looseObject({ exists: z.boolean() })) },
      },
    },
    async (request) => {
      const email = request.query.email.toLowerCase();
      if (!EMAIL_RE.test(email)) throw new AppError('Please enter the correct email address');
      await enforce(db, `shopify:email:ip:${request.ip}`, Limits.emailCodePerIp);
      const claim = await findClaim(db, request.query.claimToken ?? '');
      if ((claim.email ?? '').toLowerCase() !== email) throw new AppError(ShopMessages.claimInvalid);
      return okData({ exists: (await findUserByEmail(db, email)) !== null });
    },
  );

  /** 200 when the current Shopify store's token works with every permission the app asks for. */
  api.get(
    '/api/shopifyOAuth/checkShopifyToken',
    {
      schema: {
        tags,
        security,
        summary: "Check the current Shopify store's token and permissions (10003 not installed, 10004 authorise again)",
        // The 10004 answer carries the new install link: listed before the plain refusal.
        response: { 200: z.union([permissionsUpdated, okReply()]) },
      },
    },
    async (request, reply) => {
      const userId = await requireUser(request);
      const cfg = cfgOrThrow();
      const shop = await currentShop(db, userId);
      const conn = shop ? await connectionOfShop(db, shop.id) : null;
      if (!shop || !conn || conn.platform !== 'shopify' || conn.status === 'uninstalled')
        throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
      const reauthorize = async () => {
        await setConnectionStatus(db, conn.id, 'reauthorize');
        return reply.send({
          code: Code.PERMISSIONS_UPDATED,
          msg: Messages.permissionsUpdated,
          data: { url: await startInstall(cfg, conn.domain, userId) },
        });
      };
      try {
        const info = await shopifyAdmin(cfg, conn.domain, runtime.cipher.decrypt(conn.accessTokenEnc)).request<ShopQuery>(SHOP_QUERY);
        const missing = missingScopes(
          cfg.scopes,
          info.currentAppInstallation.accessScopes.map((s) => s.handle),
        );
        if (missing.length > 0) return reauthorize();
      } catch (err) {
        if (err instanceof ShopApiError && err.kind === 'auth') {
          await setConnectionStatus(db, conn.id, 'uninstalled');
          throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
        }
        if (err instanceof ShopApiError && err.kind === 'scope') return reauthorize();
        throw new AppError(err instanceof Error ? err.message : String(err));
      }
      if (conn.status !== 'active') await setConnectionStatus(db, conn.id, 'active');
      return ok();
    },
  );

  /** Saves the theme style (a JSON object with the uploaded store script's scriptUrl) on the account. */
  api.post(
    '/api/shopifyOAuth/updateShopifyThemeStyle',
    {
      schema: {
        tags,
        security,
        summary: "Save the storefront theme style on the merchant's account",
        body: z.object({ themeStyle: themeStyle.meta({ description: 'The style: a JSON object, or its JSON text, with the scriptUrl' }) }),
        response: { 200: dataReply(z.looseObject({ themeStyle: z.string().meta({ description: 'The style saved, as JSON text' }) })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const style = request.body.themeStyle;
      // Storefronts load this script: only one the merchant uploaded here (../theme-routes.ts) will do.
      const canonical = await ownedScriptUrl(ctx.blobs, userId, style.scriptUrl);
      const saved = JSON.stringify({ ...style, scriptUrl: canonical });
      if (saved.length > 20_000) throw new AppError(ShopMessages.themeStyleInvalid);
      await db.update(users).set({ themeStyle: saved, updatedAt: new Date() }).where(eq(users.id, userId));
      return okData({ themeStyle: saved });
    },
  );

  /** Theme activation data of the current Shopify store. */
  api.get(
    '/api/getThemesActivate/:userId?',
    {
      schema: {
        tags,
        security,
        summary: "The current Shopify store's main theme",
        params: z.object({ userId: z.string().optional().meta({ description: "The caller's own id (optional)" }) }),
        response: {
          200: dataReply(
            z.looseObject({
              themeName: z.string().nullable(),
              themeVersion: z.string().nullable().meta({ description: "The theme's id" }),
              disabled: z.boolean().meta({ description: 'True when the store has no main theme' }),
              lastSaved: z.string().nullable(),
              shop: z.looseObject({ id: z.int(), myshopifyDomain: z.string().nullable(), simplename: z.string().nullable() }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const asked = request.params.userId;
      if (asked && Number(asked) !== userId) throw new AppError(ShopMessages.storeNotFound);
      const cfg = cfgOrThrow();
      const shop = await currentShop(db, userId);
      const conn = shop ? await connectionOfShop(db, shop.id) : null;
      if (!shop || !conn || conn.platform !== 'shopify') throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
      const res = await shopifyAdmin(cfg, conn.domain, runtime.cipher.decrypt(conn.accessTokenEnc))
        .request<MainThemeQuery>(MAIN_THEME_QUERY)
        .catch((err: unknown) => {
          throw new AppError(err instanceof Error ? err.message : String(err));
        });
      const theme = res.themes.nodes[0];
      return okData({
        themeName: theme?.name ?? null,
        themeVersion: theme?.id ?? null,
        disabled: !theme,
        lastSaved: theme?.updatedAt ?? null,
        shop: { id: shop.id, myshopifyDomain: shop.myshopifyDomain, simplename: shop.simplename },
      });
    },
  );

  api.get(
    '/api/shopify/refreshRecurringApplicationCharge',
    {
      schema: {
        tags,
        security,
        summary: "The current Shopify store's app subscriptions",
        response: {
          200: dataReply(
            z.looseObject({
              active: z.boolean().meta({ description: 'Whether a subscription is ACTIVE' }),
              subscriptions: z.array(
                z.looseObject({
                  id: z.string(),
                  name: z.string(),
                  status: z.string(),
                  test: z.boolean(),
                  currentPeriodEnd: z.string().nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const cfg = cfgOrThrow();
      const shop = await currentShop(db, userId);
      const conn = shop ? await connectionOfShop(db, shop.id) : null;
      if (!shop || !conn || conn.platform !== 'shopify') throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
      const res = await shopifyAdmin(cfg, conn.domain, runtime.cipher.decrypt(conn.accessTokenEnc))
        .request<SubscriptionsQuery>(SUBSCRIPTIONS_QUERY)
        .catch((err: unknown) => {
          throw new AppError(err instanceof Error ? err.message : String(err));
        });
      const subs = res.currentAppInstallation.activeSubscriptions;
      return okData({ active: subs.some((s) => s.status === 'ACTIVE'), subscriptions: subs });
    },
  );

  // Webhooks: the raw body is kept (the signature covers the exact bytes).
  app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // No body schema: the handler gets the bytes exactly as sent, untouched by validation.
    hooks.withTypeProvider<ZodTypeProvider>().post(
      '/api/shopify/webhooks',
      {
        schema: {
          tags,
          summary: "Shopify's signed webhooks: orders, app uninstalled, privacy requests (X-Shopify-Hmac-Sha256 over the raw body)",
          consumes: ['application/json'],
          response: {
            200: okReply().meta({ description: 'Taken (msg says what was done)' }),
            400: refusal.meta({ description: 'The body is not JSON, or not an order' }),
            401: refusal.meta({ description: 'The signature does not match' }),
            404: refusal.meta({ description: 'Shopify is not configured on the server' }),
          },
        },
      },
      async (request, reply) => {
        const cfg = config.shops.shopify;
        if (!cfg) return reply.status(404).send({ code: Code.NOT_FOUND, msg: ShopMessages.notConfigured });
        const raw = typeof request.body === 'string' ? request.body : '';
        if (!verifyWebhookHmac(raw, request.headers['x-shopify-hmac-sha256'] as string | undefined, cfg.apiSecret)) {
          request.log.warn({ topic: request.headers['x-shopify-topic'] }, 'Shopify webhook refused: bad signature');
          return reply.status(401).send({ code: Code.UNAUTHORIZED, msg: ShopMessages.badSignature });
        }
        const topic = String(request.headers['x-shopify-topic'] ?? '');
        const domain = normalizeShopDomain(request.headers['x-shopify-shop-domain']);
        const conn = domain ? await connectionByDomain(db, 'shopify', domain) : null;
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return reply.status(400).send({ code: Code.ERROR, msg: 'Invalid JSON' });
        }
        if (!conn || !conn.shopId) return { code: Code.SUCCESS, msg: 'unknown store' };
        if (topic === 'app/uninstalled') {
          await setConnectionStatus(db, conn.id, 'uninstalled');
          request.log.info({ shop: domain }, 'Shopify app uninstalled');
          return { code: Code.SUCCESS, msg: 'uninstalled' };
        }
        if (topic === 'orders/create' || topic === 'orders/paid') {
          const order = orderFromWebhook(body);
          if (!order) return reply.status(400).send({ code: Code.ERROR, msg: 'Not an order' });
          const result = await importShopOrder(db, conn.shopId, order, 'webhook', ctx.blobs);
          request.log.info({ shop: domain, externalOrderId: order.externalId, result: result.status }, 'Shopify order webhook');
          return { code: Code.SUCCESS, msg: result.status };
        }
        // Privacy topics (customers/data_request, customers/redact, shop/redact): we keep no customer profiles.
        return { code: Code.SUCCESS, msg: 'ignored' };
      },
    );
  });
}
