/**
 * Etsy connection and listing calls: OAuth 2 with PKCE (etsy/auth, then
 * connectEtsyForLogin logged in or connectEtsyNow without a login), the seller taxonomy,
 * shipping profiles and readiness states a listing needs, and pushEtsyProduct (queued like any
 * push, with the listing settings). The disclaimer is shown before authorisation (getEtsyInitData).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { createSession, requireUser, setSessionCookies } from '../../accounts/session';
import { AppError, ok, okData } from '../../platform/envelope';
import { bodyOf, idOf, pick, textOf } from '../../platform/request-fields';
import { Code, Messages } from '../../../contract/envelope';
import { StoreMessages, type ConnectResult } from '../../../contract/stores';
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

interface TaxonomyNode {
  id: number;
  level: number;
  name: string;
  parent_id: number | null;
  children: TaxonomyNode[];
}

export const ETSY_DECLINED = 'The Etsy authorization was declined. Connect the shop again and allow access to continue.';

/** A positive Etsy id (up to 15 digits: Etsy's ids do not fit 32 bits). */
function etsyIdOf(v: unknown, what: string): number {
  if (v === undefined) throw new AppError(`${what} is required`);
  const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '';
  const n = /^\d{1,15}$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new AppError(`${what} must be a positive whole number`);
  return n;
}

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
  const redirectUri = () => `${config.shops.publicUrl}/auth/etsy`;
  const cfgOrThrow = (): EtsyAppConfig => {
    if (!config.shops.etsy) throw new AppError(StoreMessages.notConfigured);
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

  app.get('/api/etsy/auth', async (request) => {
    const cfg = cfgOrThrow();
    const { verifier, challenge } = pkcePair();
    const state = await createOauthState(db, { platform: 'etsy', userId: request.userId, verifierEnc: runtime.cipher.encrypt(verifier) });
    return okData({ url: etsyAuthorizeUrl(cfg, redirectUri(), state, challenge) });
  });

  app.get('/api/etsy/getEtsyInitData', async (request) => {
    const connected = request.userId ? await currentShop(db, request.userId).then((s) => (s ? connectionOfShop(db, s.id) : null)) : null;
    return okData({
      disclaimer: StoreMessages.etsyDisclaimer,
      configured: config.shops.etsy !== null,
      connected: connected?.platform === 'etsy' && connected.status === 'active',
      shopName: connected?.platform === 'etsy' ? connected.displayName : null,
    });
  });

  const finish = async (request: FastifyRequest, reply: FastifyReply, loggedIn: number | null): Promise<ConnectResult> => {
    const cfg = cfgOrThrow();
    // Etsy's code and state come in the JSON body the page posts, never in this call's query (docs/security.md).
    const b = bodyOf(request);
    const state = await consumeOauthState(db, { platform: 'etsy', state: textOf(pick(b, 'state'), 'state', 200), userId: loggedIn });
    if (!state.verifierEnc) throw new AppError(StoreMessages.stateInvalid);
    // The seller declined on Etsy's consent page: the state is spent, nothing is saved.
    if (pick(b, 'error') !== undefined) throw new AppError(ETSY_DECLINED);
    const tokens = await exchangeEtsyCode(
      cfg,
      textOf(pick(b, 'code'), 'code', 500),
      runtime.cipher.decrypt(state.verifierEnc),
      redirectUri(),
    ).catch(fail);
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

  app.post('/api/etsy/connectEtsyForLogin', async (request, reply) => okData(await finish(request, reply, await requireUser(request))));
  app.post('/api/etsy/connectEtsyNow', async (request, reply) => okData(await finish(request, reply, request.userId)));

  app.post('/api/etsy/getEtsyCategoryByLevel', async (request) => {
    const level = Number(pick(bodyOf(request), 'level') ?? 1);
    return okData((await allNodes()).filter((n) => n.level === level).map(brief));
  });
  app.post('/api/etsy/getEtsyCategoryByParent', async (request) => {
    const parentId = etsyIdOf(pick(bodyOf(request), 'parentId', 'parent_id', 'id'), 'parentId');
    return okData((await allNodes()).filter((n) => n.parent_id === parentId).map(brief));
  });
  app.post('/api/etsy/getEtsyCategoryProperty', async (request) => {
    const taxonomyId = etsyIdOf(pick(bodyOf(request), 'taxonomyId', 'taxonomy_id', 'id'), 'taxonomyId');
    const res = await etsyApi(cfgOrThrow(), null)
      .get<{ count: number; results: unknown[] }>(`/seller-taxonomy/nodes/${taxonomyId}/properties`)
      .catch(fail);
    return okData(res.results);
  });
  app.post('/api/etsy/getEtsyShippingProfiles', async (request) => {
    const res = await shopGet<{ results: { is_deleted?: boolean }[] }>(await requireUser(request), '/shops/{shop}/shipping-profiles');
    return okData(res.results.filter((p) => !p.is_deleted));
  });
  app.post('/api/etsy/getShopReadinessStateDefinitions', async (request) => {
    const res = await shopGet<{ results: unknown[] }>(await requireUser(request), '/shops/{shop}/readiness-state-definitions', {
      limit: 100,
    });
    return okData(res.results);
  });
  /** The page's Etsy step log (kept in the server log for support). */
  app.post('/api/etsy/etsyLog', async (request) => {
    const userId = await requireUser(request);
    request.log.info({ userId, etsy: textOf(pick(bodyOf(request), 'message', 'msg', 'log'), 'message', 2000) }, 'etsy page log');
    return ok();
  });

  app.post('/api/etsy/pushEtsyProduct', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const myProductId = idOf(pick(b, 'id', 'myProductId'), 'id');
    const title = await ownProductTitle(ctx, userId, myProductId);
    const shop = await pushTarget(ctx, userId, 'etsy');
    // Etsy's ids outgrow 32 bits (shipping profiles, readiness states): read them as 64-bit-safe numbers.
    const options = {
      taxonomyId: etsyIdOf(pick(b, 'taxonomyId', 'taxonomy_id'), 'taxonomyId'),
      shippingProfileId: etsyIdOf(pick(b, 'shippingProfileId', 'shipping_profile_id'), 'shippingProfileId'),
      readinessStateId: etsyIdOf(pick(b, 'readinessStateId', 'readiness_state_id'), 'readinessStateId'),
    };
    const job = await enqueue(db, { userId, shopId: shop.id, myProductId, action: 'push', title, options });
    return okData({ id: job.id, status: job.status }, StoreMessages.pushQueued);
  });
}
