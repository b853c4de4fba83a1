/**
 * Shopify's authorization code grant (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/authorization-code-grant):
 * the install link with a `state` nonce, the HMAC check of the query Shopify sends back, and the
 * exchange of the code for an offline access token. Webhooks are checked with
 * X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the raw body with the app secret).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShopifyAppConfig } from '../config';
import { ShopApiError, asShopError, kindOfStatus } from '../errors';

/** A myshopify domain as Shopify's own library accepts it: letters, digits, `-` and `_`, starting with a letter or digit. */
const SHOP_RE = /^[a-z0-9][a-z0-9_-]*\.myshopify\.com$/;
/** The admin address Shopify shows since 2023: admin.shopify.com/store/{name}. */
const ADMIN_STORE_RE = /^admin\.shopify\.com\/store\/([a-z0-9][a-z0-9_-]*)(?:[/?#].*)?$/;

/**
 * "my-store", "my_store", "my-store.myshopify.com", "https://my-store.myshopify.com/admin" or
 * "https://admin.shopify.com/store/my-store/products" → "my-store.myshopify.com"; null if not a shop.
 */
export function normalizeShopDomain(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  let s = input.trim().toLowerCase();
  if (!s) return null;
  s = s.replace(/^https?:\/\//, '');
  const admin = ADMIN_STORE_RE.exec(s);
  s = admin ? `${admin[1]}.myshopify.com` : s.replace(/[/?#].*$/, '');
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

/** A query as frameworks parse it: repeated parameters (`ids[]=1&ids[]=2`) as a list. */
export type ShopifyQuery = Record<string, string | string[] | undefined>;

/**
 * The message Shopify signs, built as Shopify's own library builds it (@shopify/shopify-api,
 * stringifyQueryForAdmin): every parameter but hmac and signature, sorted by name, URL-encoded as
 * URLSearchParams encodes, a list parameter once per value under `name[]`. The values are the
 * decoded ones a framework hands over; encoding them again is what makes a `host` ending in
 * base64 padding, or a value with `&` or `=`, verify.
 */
export function hmacMessage(query: ShopifyQuery): string {
  const grouped = new Map<string, string[] | string>();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'hmac' || key === 'signature' || value === undefined) continue;
    // `ids[]` sent as one value still names a list: its entry is `ids` with [] added back below.
    const list = key.endsWith('[]');
    const name = list ? key.slice(0, -2) : key;
    const values = Array.isArray(value) ? value : [value];
    const prior = grouped.get(name);
    grouped.set(
      name,
      list || Array.isArray(value) || Array.isArray(prior) ? [...(Array.isArray(prior) ? prior : []), ...values] : (value as string),
    );
  }
  const out = new URLSearchParams();
  for (const name of [...grouped.keys()].sort((a, b) => a.localeCompare(b))) {
    const value = grouped.get(name)!;
    if (Array.isArray(value)) for (const v of value) out.append(`${name}[]`, v);
    else out.append(name, value);
  }
  return out.toString();
}

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function signQuery(query: ShopifyQuery, secret: string): string {
  return createHmac('sha256', secret).update(hmacMessage(query)).digest('hex');
}

/** Verifies the hmac of a query from Shopify (install, app launch, OAuth callback) and that it is at most a day old. */
export function verifyQueryHmac(query: ShopifyQuery, secret: string, now = Date.now()): boolean {
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
