/**
 * WooCommerce connection calls (/woocommerce/woocommerce/connectWCForLogin, connectWCNow):
 * the store's key grant (/wc-auth/v1/authorize) posts REST API keys to our callback with our
 * state as user_id, then sends the browser to /auth/woocommerce?state=…, which asks connectResult
 * how it ended. Order webhooks are checked with X-WC-Webhook-Signature (base64 HMAC-SHA256 of
 * the body with the secret we gave the store).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { wooClient } from './client';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { enforce, Limits } from '../../platform/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { storeConnections } from '../schema';
import { requireUser } from '../../accounts/session';
import { sha256 } from '../../platform/tokens';
import { AppError, okData } from '../../platform/envelope';
import { aka, text } from '../../platform/http-schema/fields';
import { dataReply, okReply, refusal } from '../../platform/http-schema/replies';
import { Code } from '../../../contract/envelope';
import { ShopMessages } from '../../../contract/shops';
import { connectionByDomain, consumeOauthState, createOauthState, saveConnection } from '../connections';
import { wcAuthorizeUrl, wcOrderToShopOrder, type WcOrder } from './connector';
import { importShopOrder } from '../order-import';
import type { ShopsRuntime } from '../push-target';
import { given } from '../fields';
import { connectResult } from '../replies';
import { sessionSecurity as security } from '../../accounts/signed-in';

const tags = ['woocommerce'];

/** The store's address as the merchant typed it (judged by wooShopOrigin). */
const startBody = z.object({
  storeUrl: aka(given("The WordPress store's address, e.g. https://your-store.com"), 'url', 'domain'),
});
const startReply = dataReply(
  z.looseObject({
    url: z.string().meta({ description: "The store's key grant page" }),
    state: z.string().meta({ description: 'Our state, also in the return URL' }),
  }),
);

const PRIVATE_HOST = /^(localhost|.*\.local|.*\.internal)$/i;
const PRIVATE_V4 = /^(10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.)/;

/** The store's origin from what the merchant typed; https and a public host unless allowed otherwise. */
export function wooShopOrigin(input: unknown, allowPrivate: boolean): string | null {
  if (typeof input !== 'string' || input.trim() === '') return null;
  const raw = /^https?:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol !== 'https:' || PRIVATE_HOST.test(host) || (isIP(host) === 4 && PRIVATE_V4.test(host)) || isIP(host) === 6)
      return null;
  }
  return url.origin.toLowerCase();
}

export function woocommerceShopRoutes(app: FastifyInstance, ctx: AppContext, runtime: ShopsRuntime): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const start = async (storeUrl: unknown, userId: number | null) => {
    const origin = wooShopOrigin(storeUrl, config.shops.allowPrivateShopHosts);
    if (!origin) throw new AppError(ShopMessages.invalidStoreUrl);
    const state = await createOauthState(db, { platform: 'woocommerce', userId, domain: origin });
    return {
      url: wcAuthorizeUrl(origin, {
        appName: config.shops.woocommerceAppName,
        userId: state,
        returnUrl: `${config.shops.publicUrl}/auth/woocommerce?state=${encodeURIComponent(state)}`,
        callbackUrl: `${config.shops.publicUrl}/prod-api/woocommerce/woocommerce/callback`,
      }),
      state,
    };
  };

  api.post(
    '/woocommerce/woocommerce/connectWCForLogin',
    {
      schema: {
        tags,
        security,
        summary: "Start WooCommerce's key grant: the store joins the merchant's account",
        body: startBody,
        response: { 200: startReply },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await start(request.body.storeUrl, userId));
    },
  );

  api.post(
    '/woocommerce/woocommerce/connectWCNow',
    {
      schema: {
        tags,
        summary: "Start WooCommerce's key grant without a login (the store then waits for a claim)",
        body: startBody,
        response: { 200: startReply },
      },
    },
    async (request) => {
      // Anyone may start here; each start stores a state, so strangers are held to a rate.
      if (request.userId === null) await enforce(db, `wc:start:ip:${request.ip}`, Limits.storeConnectPerIp);
      return okData(await start(request.body.storeUrl, request.userId));
    },
  );

  /** WooCommerce posts the keys here (server to server); user_id is our state. */
  api.post(
    '/woocommerce/woocommerce/callback',
    {
      schema: {
        tags,
        summary: 'WooCommerce posts the REST API keys the store granted (server to server)',
        body: z.object({
          user_id: text('user_id', 200).meta({ description: 'Our state' }),
          consumer_key: text('consumer_key', 200),
          consumer_secret: text('consumer_secret', 200),
          key_permissions: given('read_write is required (taken as read_write when absent)'),
          key_id: given("The key's id in the store"),
        }),
        response: {
          200: dataReply(z.looseObject({ status: z.enum(['bound', 'login', 'claim']) })),
          400: refusal.meta({ description: 'The keys are not read_write, or the store refused them' }),
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const stateValue = b.user_id;
      const consumerKey = b.consumer_key;
      const consumerSecret = b.consumer_secret;
      const state = await consumeOauthState(db, { platform: 'woocommerce', state: stateValue });
      if (!consumerKey || !consumerSecret || String(b.key_permissions ?? 'read_write') !== 'read_write') {
        return reply.status(400).send({ code: Code.ERROR, msg: 'read_write keys are required' });
      }
      // The keys must work before they are kept; the webhook secret is ours to give the store.
      const api = wooClient(state.domain, consumerKey, consumerSecret, 20_000);
      try {
        await api.get('products', { per_page: 1 });
      } catch (err) {
        request.log.warn({ store: state.domain, err: err instanceof Error ? err.message : String(err) }, 'WooCommerce keys do not work');
        return reply.status(400).send({ code: Code.ERROR, msg: 'The keys were refused by the store' });
      }
      const webhookSecret = randomBytes(24).toString('base64url');
      const result = await saveConnection(
        db,
        runtime.cipher,
        {
          platform: 'woocommerce',
          domain: state.domain,
          displayName: new URL(state.domain).hostname,
          email: null,
          externalId: String(b.key_id ?? ''),
          accessToken: consumerKey,
          secret: consumerSecret,
          webhookSecret,
          scopes: ['read_write'],
        },
        state.userId,
        { claimToken: stateValue },
      );
      await api
        .post('webhooks', {
          name: 'POD Studio orders',
          topic: 'order.created',
          delivery_url: `${config.shops.publicUrl}/prod-api/woocommerce/woocommerce/webhook`,
          secret: webhookSecret,
        })
        .catch((err: unknown) =>
          request.log.warn(
            { store: state.domain, err: err instanceof Error ? err.message : String(err) },
            'WooCommerce webhook creation failed',
          ),
        );
      request.log.info({ store: state.domain, status: result.status }, 'WooCommerce store connected');
      return okData({ status: result.status });
    },
  );

  /** /auth/woocommerce asks how its connection ended (the state from return_url). */
  api.post(
    '/woocommerce/woocommerce/connectResult',
    {
      schema: {
        tags,
        summary: 'How a WooCommerce connection ended: bound to the caller, or waiting for a claim',
        body: z.object({ state: text('state', 200).meta({ description: 'The state from the return URL' }) }),
        response: { 200: dataReply(connectResult) },
      },
    },
    async (request) => {
      const state = request.body.state;
      if (!state) throw new AppError(ShopMessages.stateInvalid);
      const [claim] = await db
        .select()
        .from(storeConnections)
        .where(
          and(
            eq(storeConnections.claimTokenHash, sha256(state)),
            isNull(storeConnections.userId),
            gt(storeConnections.claimExpiresAt, new Date()),
          ),
        );
      if (claim)
        return okData({
          status: 'claim',
          claimToken: state,
          email: claim.email,
          accountExists: false,
          platform: 'woocommerce',
          shop: claim.domain,
        });
      if (request.userId) {
        const [mine] = await db
          .select({ shopId: storeConnections.shopId })
          .from(storeConnections)
          .where(and(eq(storeConnections.userId, request.userId), eq(storeConnections.platform, 'woocommerce')));
        if (mine?.shopId) return okData({ status: 'bound' as const, shopId: mine.shopId });
      }
      throw new AppError(ShopMessages.claimInvalid);
    },
  );

  app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // The ping WooCommerce sends when a webhook is created: `webhook_id=N`, form-encoded, unsigned.
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // No body schema: the handler gets the bytes exactly as sent, untouched by validation.
    hooks.withTypeProvider<ZodTypeProvider>().post(
      '/woocommerce/woocommerce/webhook',
      {
        schema: {
          tags,
          summary: "The store's signed order webhooks (X-WC-Webhook-Signature over the raw body)",
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          response: {
            200: okReply().meta({ description: 'Taken (msg says what was done), or the ping of a new webhook acknowledged' }),
            400: refusal.meta({ description: 'The body is not JSON' }),
            401: refusal.meta({ description: 'The signature does not match' }),
          },
        },
      },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        // WooCommerce pings the address of a webhook it has just created and reports any answer but
        // 200 as a delivery error. The ping carries only the webhook's id and no signature: it is
        // acknowledged, and nothing is done with it.
        if (String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
          if (/^webhook_id=\d{1,20}$/.test(raw.trim())) return { code: Code.SUCCESS, msg: 'ping' };
          return reply.status(400).send({ code: Code.ERROR, msg: 'Not a webhook ping' });
        }
        const source = wooShopOrigin(request.headers['x-wc-webhook-source'], true);
        const conn = source ? await connectionByDomain(db, 'woocommerce', source) : null;
        const given = Buffer.from(String(request.headers['x-wc-webhook-signature'] ?? ''), 'base64');
        const expected = conn?.webhookSecretEnc
          ? createHmac('sha256', runtime.cipher.decrypt(conn.webhookSecretEnc)).update(raw).digest()
          : null;
        if (!conn || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
          request.log.warn({ source }, 'WooCommerce webhook refused: bad signature');
          return reply.status(401).send({ code: Code.UNAUTHORIZED, msg: ShopMessages.badSignature });
        }
        const topic = String(request.headers['x-wc-webhook-topic'] ?? '');
        if (!topic.startsWith('order.') || !conn.shopId) return { code: 200, msg: 'ignored' };
        let order: WcOrder;
        try {
          order = JSON.parse(raw) as WcOrder;
        } catch {
          return reply.status(400).send({ code: Code.ERROR, msg: 'Invalid JSON' });
        }
        const result = await importShopOrder(db, conn.shopId, wcOrderToShopOrder(order), 'webhook', ctx.blobs);
        return { code: 200, msg: result.status };
      },
    );
  });
}
