/**
 * WooCommerce connection calls (spec: /woocommerce/woocommerce/connectWCForLogin, connectWCNow):
 * the store's key grant (/wc-auth/v1/authorize) posts REST API keys to our callback with our
 * state as user_id, then sends the browser to /auth/woocommerce?state=…, which asks connectResult
 * how it ended. Order webhooks are checked with X-WC-Webhook-Signature (base64 HMAC-SHA256 of
 * the body with the secret we gave the store).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { wooClient } from './client';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { storeConnections } from '../schema';
import { requireUser } from '../../accounts/session';
import { sha256 } from '../../platform/tokens';
import { AppError, okData } from '../../platform/envelope';
import { bodyOf, pick, textOf } from '../../platform/request-fields';
import { Code } from '../../../contract/envelope';
import { StoreMessages } from '../../../contract/stores';
import { connectionByDomain, consumeOauthState, createOauthState, saveConnection } from '../connections';
import { wcAuthorizeUrl, wcOrderToShopOrder, type WcOrder } from './connector';
import { importShopOrder } from '../order-import';
import type { ShopsRuntime } from '../push-target';

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

  const start = async (storeUrl: unknown, userId: number | null) => {
    const origin = wooShopOrigin(storeUrl, config.shops.allowPrivateShopHosts);
    if (!origin) throw new AppError(StoreMessages.invalidStoreUrl);
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

  app.post('/woocommerce/woocommerce/connectWCForLogin', async (request) => {
    const userId = await requireUser(request);
    return okData(await start(pick(bodyOf(request), 'storeUrl', 'url', 'domain'), userId));
  });

  app.post('/woocommerce/woocommerce/connectWCNow', async (request) => {
    return okData(await start(pick(bodyOf(request), 'storeUrl', 'url', 'domain'), request.userId));
  });

  /** WooCommerce posts the keys here (server to server); user_id is our state. */
  app.post('/woocommerce/woocommerce/callback', async (request, reply) => {
    const b = bodyOf(request);
    const stateValue = textOf(pick(b, 'user_id'), 'user_id', 200);
    const consumerKey = textOf(pick(b, 'consumer_key'), 'consumer_key', 200);
    const consumerSecret = textOf(pick(b, 'consumer_secret'), 'consumer_secret', 200);
    const state = await consumeOauthState(db, { platform: 'woocommerce', state: stateValue });
    if (!consumerKey || !consumerSecret || String(pick(b, 'key_permissions') ?? 'read_write') !== 'read_write') {
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
        externalId: String(pick(b, 'key_id') ?? ''),
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
  });

  /** /auth/woocommerce asks how its connection ended (the state from return_url). */
  app.post('/woocommerce/woocommerce/connectResult', async (request) => {
    const state = textOf(pick(bodyOf(request), 'state'), 'state', 200);
    if (!state) throw new AppError(StoreMessages.stateInvalid);
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
      if (mine?.shopId) return okData({ status: 'bound', shopId: mine.shopId });
    }
    throw new AppError(StoreMessages.claimInvalid);
  });

  app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hooks.post('/woocommerce/woocommerce/webhook', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const source = wooShopOrigin(request.headers['x-wc-webhook-source'], true);
      const conn = source ? await connectionByDomain(db, 'woocommerce', source) : null;
      const given = Buffer.from(String(request.headers['x-wc-webhook-signature'] ?? ''), 'base64');
      const expected = conn?.webhookSecretEnc
        ? createHmac('sha256', runtime.cipher.decrypt(conn.webhookSecretEnc)).update(raw).digest()
        : null;
      if (!conn || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        request.log.warn({ source }, 'WooCommerce webhook refused: bad signature');
        return reply.status(401).send({ code: Code.UNAUTHORIZED, msg: StoreMessages.badSignature });
      }
      // WooCommerce pings a new webhook with webhook_id=… (form-encoded, no order): acknowledge it.
      const topic = String(request.headers['x-wc-webhook-topic'] ?? '');
      if (!topic.startsWith('order.') || !conn.shopId) return { code: 200, msg: 'ignored' };
      let order: WcOrder;
      try {
        order = JSON.parse(raw) as WcOrder;
      } catch {
        return reply.status(400).send({ code: Code.ERROR, msg: 'Invalid JSON' });
      }
      const result = await importShopOrder(db, conn.shopId, wcOrderToShopOrder(order), 'webhook');
      return { code: 200, msg: result.status };
    });
  });
}
