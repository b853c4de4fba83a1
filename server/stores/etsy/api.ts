/**
 * Etsy Open API v3 over plain HTTP (https://developers.etsy.com/documentation): OAuth 2 with
 * PKCE (S256), token refresh, and the calls the product uses. Every call sends x-api-key (the
 * keystring, with ":shared secret" when configured) and the merchant's bearer token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EtsyAppConfig } from '../config';
import { StoreApiError, asStoreError, kindOfStatus, retryAfterMs } from '../errors';

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

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

export interface EtsyTokens { accessToken: string; refreshToken: string; expiresAt: Date; userId: string }

async function tokenCall(cfg: EtsyAppConfig, form: Record<string, string>): Promise<EtsyTokens> {
  let res: Response;
  try {
    res = await fetch(new URL('/v3/public/oauth/token', cfg.apiOrigin), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form), signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    throw asStoreError(err);
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; expires_in?: number; error?: string; error_description?: string };
  if (!res.ok || !body.access_token || !body.refresh_token) {
    throw new StoreApiError(`Etsy refused the authorization: ${body.error_description ?? body.error ?? `HTTP ${res.status}`}`, res.ok ? 'permanent' : res.status === 400 ? 'auth' : kindOfStatus(res.status), res.status);
  }
  // Etsy access tokens start with the numeric user id: "12345678.abc…".
  const userId = body.access_token.split('.')[0] ?? '';
  return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: new Date(Date.now() + (body.expires_in ?? 3600) * 1000), userId };
}

export const exchangeEtsyCode = (cfg: EtsyAppConfig, code: string, verifier: string, redirectUri: string) =>
  tokenCall(cfg, { grant_type: 'authorization_code', client_id: cfg.clientId, redirect_uri: redirectUri, code, code_verifier: verifier });

export const refreshEtsyToken = (cfg: EtsyAppConfig, refreshToken: string) =>
  tokenCall(cfg, { grant_type: 'refresh_token', client_id: cfg.clientId, refresh_token: refreshToken });

export interface EtsyApi {
  get<T>(path: string, query?: Record<string, string | number>): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

export function etsyApi(cfg: EtsyAppConfig, accessToken: string | null): EtsyApi {
  const call = async <T>(method: string, path: string, body?: unknown, query?: Record<string, string | number>): Promise<T> => {
    const url = new URL(`/v3/application${path}`, cfg.apiOrigin);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          'x-api-key': cfg.sharedSecret ? `${cfg.clientId}:${cfg.sharedSecret}` : cfg.clientId,
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw asStoreError(err);
    }
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    if (!res.ok) {
      const msg = (json as { error?: string } | null)?.error ?? `HTTP ${res.status}`;
      throw new StoreApiError(`Etsy: ${msg}`, kindOfStatus(res.status), res.status, retryAfterMs(res.headers.get('retry-after')));
    }
    return json as T;
  };
  return {
    get: (path, query) => call('GET', path, undefined, query),
    send: (method, path, body) => call(method, path, body),
  };
}
