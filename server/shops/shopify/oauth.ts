/**
 * Shopify's authorization code grant (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/authorization-code-grant):
 * the install link with a `state` nonce, the HMAC check of the query Shopify sends back, and the
 * exchange of the code for an offline access token. Webhooks are checked with
 * X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the raw body with the app secret).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShopifyAppConfig } from '../config';
import { ShopApiError, asShopError, kindOfStatus } from '../errors';

const SHOP_RE = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** "my-store", "my-store.myshopify.com" or "https://my-store.myshopify.com/admin" → "my-store.myshopify.com"; null if not a shop. */
export function normalizeShopDomain(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  let s = input.trim().toLowerCase();
  if (!s) return null;
  s = s.replace(/^https?:\/\//, '').replace(/[/?#].*$/, '');
  if (!s.includes('.')) s = `${s}.myshopify.com`;
  return SHOP_RE.test(s) && s.length <= 255 ? s : null;
}

/** The origin Admin API and OAuth calls go to: the store itself, or the configured stand-in. */
export function shopOrigin(cfg: ShopifyAppConfig, shop: string): string {
  return cfg.adminOrigin ?? `https://${shop}`;
}

export function authorizeUrl(cfg: ShopifyAppConfig, shop: string, state: string, redirectUri: string): string {
  const url = new URL('/admin/oauth/authorize', shopOrigin(cfg, shop));
  url.searchParams.set('client_id', cfg.apiKey);
  url.searchParams.set('scope', cfg.scopes.join(','));
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  // Empty grant_options = offline access (a token that outlives the merchant's session).
  url.searchParams.set('grant_options[]', '');
  // A stand-in on one origin serves many shops: tell it which one (the real URL's host says so).
  if (cfg.adminOrigin) url.searchParams.set('shop', shop);
  return url.toString();
}

/** The message Shopify signs: every query parameter but hmac (and signature), sorted, k=v joined by &. */
export function hmacMessage(query: Record<string, unknown>): string {
  return Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => {
      const v = query[k];
      return `${k}=${Array.isArray(v) ? JSON.stringify(v.map(String)) : String(v ?? '')}`;
    })
    .join('&');
}

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function signQuery(query: Record<string, unknown>, secret: string): string {
  return createHmac('sha256', secret).update(hmacMessage(query)).digest('hex');
}

/** Verifies the hmac of a query from Shopify (install, app launch, OAuth callback) and that it is at most a day old. */
export function verifyQueryHmac(query: Record<string, unknown>, secret: string, now = Date.now()): boolean {
  const given = typeof query.hmac === 'string' ? query.hmac.toLowerCase() : '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  if (!safeEqualHex(signQuery(query, secret), given)) return false;
  const ts = Number(query.timestamp);
  return Number.isFinite(ts) && Math.abs(now / 1000 - ts) <= 24 * 3600;
}

export function verifyWebhookHmac(rawBody: string | Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface ShopifyTokenGrant {
  accessToken: string;
  scopes: string[];
}

/** POST /admin/oauth/access_token: the one-time code → an offline access token and its granted scopes. */
export async function exchangeCode(cfg: ShopifyAppConfig, shop: string, code: string): Promise<ShopifyTokenGrant> {
  let res: Response;
  try {
    res = await fetch(new URL('/admin/oauth/access_token', shopOrigin(cfg, shop)), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(cfg.adminOrigin ? { 'x-shopify-shop-domain': shop } : {}),
      },
      body: JSON.stringify({ client_id: cfg.apiKey, client_secret: cfg.apiSecret, code }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    throw asShopError(err);
  }
  const body = (await res.json().catch(() => ({}))) as {
    access_token?: string;
    scope?: string;
    error_description?: string;
    errors?: string;
  };
  if (!res.ok || !body.access_token) {
    const reason = body.error_description ?? body.errors ?? `HTTP ${res.status}`;
    throw new ShopApiError(
      `Shopify refused the authorization code: ${reason}`,
      res.ok ? 'permanent' : kindOfStatus(res.status),
      res.status,
    );
  }
  return {
    accessToken: body.access_token,
    scopes: (body.scope ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/**
 * Scopes the app asks for that the token lacks. Shopify implies read_X by write_X, so a
 * granted write covers the read.
 */
export function missingScopes(wanted: readonly string[], granted: readonly string[]): string[] {
  const have = new Set(granted);
  for (const g of granted) if (g.startsWith('write_')) have.add(`read_${g.slice(6)}`);
  return wanted.filter((s) => !have.has(s));
}
