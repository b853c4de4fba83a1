/**
 * Etsy Open API v3 over plain HTTP (https://developers.etsy.com/documentation): OAuth 2 with
 * PKCE (S256), token refresh, and the calls the product uses. Every call sends x-api-key as
 * "keystring:shared secret" and, for a shop's data, the merchant's bearer token. A call answered
 * 401 (token expired early or revoked and reissued) gets a fresh token once and is sent again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EtsyAppConfig } from '../config';
import { ShopApiError, asShopError, kindOfStatus, retryAfterMs } from '../errors';

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export function etsyAuthorizeUrl(cfg: EtsyAppConfig, redirectUri: string, state: string, challenge: string): string {
  const url = new URL('/oauth/connect', cfg.connectOrigin);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', cfg.scopes.join(' '));
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

const apiKey = (cfg: EtsyAppConfig) => `${cfg.clientId}:${cfg.sharedSecret}`;

export interface EtsyTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  userId: string;
}

async function tokenCall(cfg: EtsyAppConfig, form: Record<string, string>): Promise<EtsyTokens> {
  let res: Response;
  try {
    res = await fetch(new URL('/v3/public/oauth/token', cfg.apiOrigin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': apiKey(cfg) },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    throw asShopError(err);
  }
  const body = (await res.json().catch(() => ({}))) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !body.access_token || !body.refresh_token) {
    // 400 invalid_grant: a wrong, used or expired code, a code_verifier that does not match, or a dead refresh token.
    const kind = res.ok ? 'permanent' : res.status === 400 ? 'auth' : kindOfStatus(res.status);
    throw new ShopApiError(
      `Etsy refused the authorization: ${body.error_description ?? body.error ?? `HTTP ${res.status}`}`,
      kind,
      res.status,
      retryAfterMs(res.headers.get('retry-after')),
    );
  }
  // Etsy access tokens start with the numeric user id: "12345678.abc…".
  const userId = body.access_token.split('.')[0] ?? '';
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(Date.now() + (body.expires_in ?? 3600) * 1000),
    userId,
  };
}

export const exchangeEtsyCode = (cfg: EtsyAppConfig, code: string, verifier: string, redirectUri: string) =>
  tokenCall(cfg, { grant_type: 'authorization_code', client_id: cfg.clientId, redirect_uri: redirectUri, code, code_verifier: verifier });

export const refreshEtsyToken = (cfg: EtsyAppConfig, refreshToken: string) =>
  tokenCall(cfg, { grant_type: 'refresh_token', client_id: cfg.clientId, refresh_token: refreshToken });

/** The merchant's token, and how to get a new one when Etsy says it no longer works. */
export interface EtsyAuth {
  token: string;
  refresh?: () => Promise<string>;
}

/** A form field value; undefined fields are left out. */
export type FormValue = string | number | boolean | undefined;

export interface EtsyApi {
  get<T>(path: string, query?: Record<string, string | number | boolean>): Promise<T>;
  /** JSON body (inventory). */
  send<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** application/x-www-form-urlencoded body (createDraftListing, updateListing, as Etsy documents them). */
  form<T>(method: 'POST' | 'PATCH', path: string, fields: Record<string, FormValue>): Promise<T>;
  /** multipart/form-data body (uploadListingImage). */
  multipart<T>(path: string, data: FormData): Promise<T>;
}

interface EtsyErrorBody {
  error?: string;
  error_description?: string;
}

export function etsyApi(cfg: EtsyAppConfig, auth: EtsyAuth | null): EtsyApi {
  let token = auth?.token ?? null;
  const call = async <T>(
    method: string,
    path: string,
    body: (() => BodyInit) | undefined,
    contentType: string | null,
    query?: Record<string, string | number | boolean>,
    retried = false,
  ): Promise<T> => {
    const url = new URL(`/v3/application${path}`, cfg.apiOrigin);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          'x-api-key': apiKey(cfg),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        body: body?.(),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      throw asShopError(err);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status === 401 && auth?.refresh && !retried) {
      token = await auth.refresh();
      return call<T>(method, path, body, contentType, query, true);
    }
    if (!res.ok) {
      const e = (json ?? {}) as EtsyErrorBody;
      const msg = e.error_description ?? e.error ?? `HTTP ${res.status}`;
      throw new ShopApiError(`Etsy: ${msg}`, kindOfStatus(res.status), res.status, retryAfterMs(res.headers.get('retry-after')));
    }
    return json as T;
  };
  return {
    get: (path, query) => call('GET', path, undefined, null, query),
    send: (method, path, body) =>
      call(method, path, body === undefined ? undefined : () => JSON.stringify(body), body === undefined ? null : 'application/json'),
    form: (method, path, fields) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.set(k, String(v));
      return call(method, path, () => params.toString(), 'application/x-www-form-urlencoded');
    },
    // fetch writes the multipart boundary into the content type itself.
    multipart: (path, data) => call('POST', path, () => data, null),
  };
}
