/**
 * Etsy connection and listing calls: OAuth 2 with PKCE (etsy/auth, then
 * connectEtsyForLogin logged in or connectEtsyNow without a login), the seller taxonomy,
 * shipping profiles and readiness states a listing needs, and pushEtsyProduct (queued like any
 * push, with the listing settings). The disclaimer is shown before authorisation (getEtsyInitData).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { createSession, requireUser, setSessionCookies } from '../../accounts/session';
import { AppError, ok, okData } from '../../platform/envelope';
import { aka, id, text } from '../../platform/http-schema/fields';
import { dataReply, okReply } from '../../platform/http-schema/replies';
import { Code, Messages } from '../../../contract/envelope';
import { ShopMessages, type ConnectResult } from '../../../contract/shops';
import type { EtsyAppConfig } from '../config';
import {
  connectionOfShop,
  consumeOauthState,
  createOauthState,
  saveConnection,
  setConnectionStatus,
  type ConnectionRow,
} from '../connections';
import { currentShop } from '../merchant-shops';
import { etsyApi, etsyAuthorizeUrl, exchangeEtsyCode, pkcePair, type EtsyApi } from './api';
import { refreshIfExpiring, tokenRefresher } from '../token-refresh';
import { ShopApiError } from '../errors';
import { enqueue } from '../push-queue';
import type { ShopsRuntime } from '../push-target';
import { ownProductTitle, pushTarget } from '../push-target';
import { etsyId, given, lenientNumber } from '../fields';
import {
  authorizeStart,
  connectResult,
  etsyCategory,
  etsyReadinessState,
  etsyShippingProfile,
  etsyTaxonomyProperty,
  queuedJob,
} from '../replies';
import { sessionSecurity as security } from '../../accounts/signed-in';

interface TaxonomyNode {
  id: number;
  level: number;
  name: string;
  parent_id: number | null;
  children: TaxonomyNode[];
}

export const ETSY_DECLINED = 'The Etsy authorization was declined. Connect the shop again and allow access to continue.';

const tags = ['etsy'];

/**
 * What Etsy sent back to the /auth/etsy page, forwarded in the JSON body, never in this call's
 * query (docs/security.md): code and state, or error when the seller declined.
 */
const callbackBody = z.object({
  state: text('state', 200),
  code: text('code', 500),
  error: given('Set when the seller declined on Etsy'),
});

const flatten = (nodes: TaxonomyNode[]): TaxonomyNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const brief = (n: TaxonomyNode) => ({
  id: n.id,
  level: n.level,
  name: n.name,
  parentId: n.parent_id,
  hasChildren: (n.children ?? []).length > 0,
});

export function etsyShopRoutes(app: FastifyInstance, ctx: AppContext, runtime: ShopsRuntime): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const redirectUri = () => `${config.shops.publicUrl}/auth/etsy`;
  const cfgOrThrow = (): EtsyAppConfig => {
    if (!config.shops.etsy) throw new AppError(ShopMessages.notConfigured);
    return config.shops.etsy;
  };
  const fail = (err: unknown): never => {
    throw new AppError(err instanceof Error ? err.message : String(err));
  };

  // The seller taxonomy is the same for everyone and changes rarely: one copy per process, 1 hour.
  let taxonomy: { at: number; nodes: TaxonomyNode[] } | null = null;
  const allNodes = async (): Promise<TaxonomyNode[]> => {
    if (!taxonomy || Date.now() - taxonomy.at > 3600_000) {
      const res = await etsyApi(cfgOrThrow(), null).get<{ count: number; results: TaxonomyNode[] }>('/seller-taxonomy/nodes').catch(fail);
      taxonomy = { at: Date.now(), nodes: flatten(res.results) };
    }
    return taxonomy.nodes;
  };

  const deps = () => ({ db, config: config.shops, cipher: runtime.cipher });
  /** The caller's current Etsy store, its token fresh. */
  const currentEtsy = async (userId: number): Promise<ConnectionRow> => {
    const shop = await currentShop(db, userId);
    const conn = shop ? await connectionOfShop(db, shop.id) : null;
    if (!conn || conn.platform !== 'etsy' || conn.status === 'uninstalled')
      throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
    return refreshIfExpiring(deps(), conn).catch(storeFail(conn));
  };
  /** Etsy's refusal as the merchant reads it; a revoked grant marks the store for reconnecting (10003). */
  const storeFail =
    (conn: ConnectionRow) =>
    async (err: unknown): Promise<never> => {
      if (err instanceof ShopApiError && err.kind === 'auth') {
        await setConnectionStatus(db, conn.id, 'uninstalled');
        throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
      }
      return fail(err);
    };
  /** A GET on the caller's current Etsy shop (`{shop}` in the path is its id). */
  const shopGet = async <T>(userId: number, path: string, query?: Record<string, number>): Promise<T> => {
    const conn = await currentEtsy(userId);
    const api: EtsyApi = etsyApi(cfgOrThrow(), {
      token: runtime.cipher.decrypt(conn.accessTokenEnc),
      refresh: tokenRefresher(deps(), conn),
    });
    return api.get<T>(path.replace('{shop}', encodeURIComponent(conn.domain)), query).catch(storeFail(conn));
  };

  // A POST: it stores a state (a link on another site must not make them).
  api.post(
    '/api/etsy/auth',
    { schema: { tags, summary: 'The Etsy authorization link (OAuth 2 with PKCE)', response: { 200: dataReply(authorizeStart) } } },
    async (request) => {
      const cfg = cfgOrThrow();
      const { verifier, challenge } = pkcePair();
      const state = await createOauthState(db, { platform: 'etsy', userId: request.userId, verifierEnc: runtime.cipher.encrypt(verifier) });
      return okData({ url: etsyAuthorizeUrl(cfg, redirectUri(), state, challenge) });
    },
  );

  api.get(
    '/api/etsy/getEtsyInitData',
    {
      schema: {
        tags,
        summary: "The disclaimer shown before connecting, and the caller's Etsy connection",
        response: {
          200: dataReply(
            z.looseObject({
              disclaimer: z.string(),
              configured: z.boolean(),
              connected: z.boolean(),
              shopName: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const connected = request.userId ? await currentShop(db, request.userId).then((s) => (s ? connectionOfShop(db, s.id) : null)) : null;
      return okData({
        disclaimer: ShopMessages.etsyDisclaimer,
        configured: config.shops.etsy !== null,
        connected: connected?.platform === 'etsy' && connected.status === 'active',
        shopName: connected?.platform === 'etsy' ? connected.displayName : null,
      });
    },
  );

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    b: z.infer<typeof callbackBody>,
    loggedIn: number | null,
  ): Promise<ConnectResult> => {
    const cfg = cfgOrThrow();
    const state = await consumeOauthState(db, { platform: 'etsy', state: b.state, userId: loggedIn });
    if (!state.verifierEnc) throw new AppError(ShopMessages.stateInvalid);
    // The seller declined on Etsy's consent page: the state is spent, nothing is saved.
    if (b.error !== undefined) throw new AppError(ETSY_DECLINED);
    const tokens = await exchangeEtsyCode(cfg, b.code, runtime.cipher.decrypt(state.verifierEnc), redirectUri()).catch(fail);
    const api = etsyApi(cfg, { token: tokens.accessToken });
    const me = await api.get<{ user_id: number; shop_id: number | null }>('/users/me').catch(fail);
    if (!me.shop_id) throw new AppError('This Etsy account has no shop yet');
    const shop = await api.get<{ shop_id: number; shop_name: string }>(`/shops/${me.shop_id}`).catch(fail);
    const user = await api.get<{ primary_email?: string | null }>(`/users/${me.user_id}`).catch(() => ({ primary_email: null }));
    const result = await saveConnection(
      db,
      runtime.cipher,
      {
        platform: 'etsy',
        domain: String(shop.shop_id),
        displayName: shop.shop_name,
        email: user.primary_email?.toLowerCase() ?? null,
        externalId: String(me.user_id),
        accessToken: tokens.accessToken,
        secret: tokens.refreshToken,
        tokenExpiresAt: tokens.expiresAt,
        scopes: cfg.scopes,
      },
      loggedIn ?? state.userId,
    );
    if (result.status === 'login' && result.userId) {
      const session = await createSession(db, result.userId);
      setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
      return { status: 'login', token: session.token, shopId: result.shopId };
    }
    return result;
  };

  api.post(
    '/api/etsy/connectEtsyForLogin',
    {
      schema: {
        tags,
        security,
        summary: "Finish the Etsy authorization: the shop joins the merchant's account",
        body: callbackBody,
        response: { 200: dataReply(connectResult) },
      },
    },
    async (request, reply) => {
      const userId = await requireUser(request);
      return okData(await finish(request, reply, request.body, userId));
    },
  );
  api.post(
    '/api/etsy/connectEtsyNow',
    {
      schema: {
        tags,
        summary: "Finish the Etsy authorization without a login: the shop's owner logs in, or it waits for a claim",
        body: callbackBody,
        response: { 200: dataReply(connectResult) },
      },
    },
    async (request, reply) => okData(await finish(request, reply, request.body, request.userId)),
  );

  api.post(
    '/api/etsy/getEtsyCategoryByLevel',
    {
      schema: {
        tags,
        summary: "Etsy's seller taxonomy at one level",
        body: z.object({ level: lenientNumber(1).meta({ description: 'The level, 1 at the top' }) }),
        response: { 200: dataReply(z.array(etsyCategory)) },
      },
    },
    async (request) => {
      const level = request.body.level;
      return okData((await allNodes()).filter((n) => n.level === level).map(brief));
    },
  );
  api.post(
    '/api/etsy/getEtsyCategoryByParent',
    {
      schema: {
        tags,
        summary: "The children of a category of Etsy's seller taxonomy",
        body: z.object({ parentId: aka(etsyId('parentId'), 'parent_id', 'id') }),
        response: { 200: dataReply(z.array(etsyCategory)) },
      },
    },
    async (request) => {
      const parentId = request.body.parentId;
      return okData((await allNodes()).filter((n) => n.parent_id === parentId).map(brief));
    },
  );
  api.post(
    '/api/etsy/getEtsyCategoryProperty',
    {
      schema: {
        tags,
        summary: 'The properties of a category (size, colour, …), as Etsy answers them',
        body: z.object({ taxonomyId: aka(etsyId('taxonomyId'), 'taxonomy_id', 'id') }),
        response: { 200: dataReply(z.array(etsyTaxonomyProperty)) },
      },
    },
    async (request) => {
      const res = await etsyApi(cfgOrThrow(), null)
        .get<{ count: number; results: z.infer<typeof etsyTaxonomyProperty>[] }>(
          `/seller-taxonomy/nodes/${request.body.taxonomyId}/properties`,
        )
        .catch(fail);
      return okData(res.results);
    },
  );
  api.post(
    '/api/etsy/getEtsyShippingProfiles',
    {
      schema: {
        tags,
        security,
        summary: "The current Etsy shop's shipping profiles (deleted ones left out)",
        response: { 200: dataReply(z.array(etsyShippingProfile)) },
      },
    },
    async (request) => {
      const res = await shopGet<{ results: (z.infer<typeof etsyShippingProfile> & { is_deleted?: boolean })[] }>(
        await requireUser(request),
        '/shops/{shop}/shipping-profiles',
      );
      return okData(res.results.filter((p) => !p.is_deleted));
    },
  );
  api.post(
    '/api/etsy/getShopReadinessStateDefinitions',
    {
      schema: {
        tags,
        security,
        summary: "The current Etsy shop's processing times (readiness state definitions)",
        response: { 200: dataReply(z.array(etsyReadinessState)) },
      },
    },
    async (request) => {
      const res = await shopGet<{ results: z.infer<typeof etsyReadinessState>[] }>(
        await requireUser(request),
        '/shops/{shop}/readiness-state-definitions',
        { limit: 100 },
      );
      return okData(res.results);
    },
  );
  /** The page's Etsy step log (kept in the server log for support). */
  api.post(
    '/api/etsy/etsyLog',
    {
      schema: {
        tags,
        security,
        summary: "A line of the page's Etsy step log, for support",
        body: z.object({ message: aka(text('message', 2000), 'msg', 'log') }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      request.log.info({ userId, etsy: request.body.message }, 'etsy page log');
      return ok();
    },
  );

  api.post(
    '/api/etsy/pushEtsyProduct',
    {
      schema: {
        tags,
        security,
        summary: 'Queue a saved product for listing in the current Etsy shop, with its listing settings',
        // Etsy's ids outgrow 32 bits (shipping profiles, readiness states): read as 64-bit-safe numbers.
        body: z.object({
          id: aka(id('id'), 'myProductId'),
          taxonomyId: aka(etsyId('taxonomyId'), 'taxonomy_id'),
          shippingProfileId: aka(etsyId('shippingProfileId'), 'shipping_profile_id'),
          readinessStateId: aka(etsyId('readinessStateId'), 'readiness_state_id'),
        }),
        response: { 200: dataReply(queuedJob) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { id: myProductId, taxonomyId, shippingProfileId, readinessStateId } = request.body;
      const title = await ownProductTitle(ctx, userId, myProductId);
      const shop = await pushTarget(ctx, userId, 'etsy');
      const options = { taxonomyId, shippingProfileId, readinessStateId };
      const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'push', title, options });
      return okData({ id: job.id, status: job.status }, ShopMessages.pushQueued);
    },
  );
}
