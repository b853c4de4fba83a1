/**
 * Store-platform settings from the environment (README lists them). A platform without its app
 * credentials is "not configured": its connect calls answer so, nothing else breaks.
 * The *_ORIGIN variables point a platform at another origin (a loopback stand-in in tests and
 * e2e); they are never needed in production.
 */
export interface ShopifyAppConfig {
  apiKey: string;
  apiSecret: string;
  scopes: string[];
  apiVersion: ShopifyApiVersion;
  /** Replaces https://{shop} for OAuth and Admin API calls (a stand-in); null = the real store. */
  adminOrigin: string | null;
}

export interface EtsyAppConfig {
  clientId: string;
  /** Etsy's shared secret: every call sends x-api-key "keystring:secret" (required by Etsy since 2026). */
  sharedSecret: string;
  scopes: string[];
  /** https://api.etsy.com by default. */
  apiOrigin: string;
  /** https://www.etsy.com by default (the consent page). */
  connectOrigin: string;
}

/**
 * The sister dropshipping platform's login hand-off (sendEpoloLogin): where the
 * browser is sent with a one-time hand-off token, and the secret that platform's server shows
 * when it redeems the token for the merchant's identity.
 */
export interface SisterPlatformConfig {
  handoffUrl: string;
  redeemSecret: string;
}

export interface ShopsConfig {
  /** Public address of this server, for OAuth redirect URIs, webhook addresses and image URLs. */
  publicUrl: string;
  /** STORE_TOKEN_KEY, or null to use (or create) DATA_DIR/store-token.key. */
  tokenKey: string | null;
  shopify: ShopifyAppConfig | null;
  etsy: EtsyAppConfig | null;
  woocommerceAppName: string;
  /** null when EPOLO_URL or EPOLO_SECRET is unset: the hand-off answers that it is not configured. */
  sister: SisterPlatformConfig | null;
  /** Allow store addresses on loopback/private networks and plain http (stand-ins); off in production. */
  allowPrivateShopHosts: boolean;
  /** How often the background jobs pull orders from connected stores (ms); 0 = webhooks only. */
  orderPullMs: number;
}

const val = (v: string | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);
const origin = (v: string | undefined): string | null => val(v)?.replace(/\/+$/, '') ?? null;
const list = (v: string | null, fallback: string[]) => (v ? v.split(/[\s,]+/).filter(Boolean) : fallback);

export const SHOPIFY_DEFAULT_SCOPES = ['read_products', 'write_products', 'read_orders', 'read_themes', 'write_themes'];
export const ETSY_DEFAULT_SCOPES = ['listings_r', 'listings_w', 'shops_r', 'shops_w', 'transactions_r', 'email_r'];
/**
 * The GraphQL Admin API versions the connector's operations are checked against (every document,
 * against each version's published schema: tests/server/shops-shopify-schema.test.ts). Shopify
 * supports a version for about twelve months after its release; versions before 2025-10 lack
 * fields the operations use (WebhookSubscription.uri, productSet's identifier), and 2025-10's
 * support ended in October 2026. Newest last.
 */
export const SHOPIFY_API_VERSIONS = ['2026-01', '2026-04', '2026-07', '2026-10'] as const;
export type ShopifyApiVersion = (typeof SHOPIFY_API_VERSIONS)[number];
/**
 * The default: the newest version that shipped as stable in the schema package the tests read
 * (@shopify/dev-mcp 1.16.0 carries 2026-10 as a release candidate). Supported until about July 2027.
 */
export const SHOPIFY_API_VERSION: ShopifyApiVersion = '2026-07';

/** SHOPIFY_API_VERSION as configured: a supported version, else the start-up stops with what to set. */
export function shopifyApiVersion(raw: string | null): ShopifyApiVersion {
  if (raw === null) return SHOPIFY_API_VERSION;
  const known = SHOPIFY_API_VERSIONS.find((v) => v === raw);
  if (!known)
    throw new Error(
      `SHOPIFY_API_VERSION=${raw} is not supported: use one of ${SHOPIFY_API_VERSIONS.join(', ')} (or leave it unset for ${SHOPIFY_API_VERSION})`,
    );
  return known;
}

export function shopsConfigFromEnv(env: NodeJS.ProcessEnv, port: number): ShopsConfig {
  const shopifyKey = val(env.SHOPIFY_API_KEY);
  const shopifySecret = val(env.SHOPIFY_API_SECRET);
  // Checked even without the app's credentials: a mistyped version is reported before it matters.
  const shopifyVersion = shopifyApiVersion(val(env.SHOPIFY_API_VERSION));
  const etsyId = val(env.ETSY_CLIENT_ID);
  const etsySecret = val(env.ETSY_SHARED_SECRET);
  const sisterUrl = val(env.EPOLO_URL);
  const sisterSecret = val(env.EPOLO_SECRET);
  const pull = Number(env.STORE_ORDER_PULL_MS ?? 600_000);
  return {
    publicUrl: origin(env.PUBLIC_URL) ?? `http://localhost:${port}`,
    tokenKey: val(env.STORE_TOKEN_KEY),
    shopify:
      shopifyKey && shopifySecret
        ? {
            apiKey: shopifyKey,
            apiSecret: shopifySecret,
            scopes: list(val(env.SHOPIFY_SCOPES), SHOPIFY_DEFAULT_SCOPES),
            apiVersion: shopifyVersion,
            adminOrigin: origin(env.SHOPIFY_ADMIN_ORIGIN),
          }
        : null,
    // Etsy refuses calls whose x-api-key lacks the shared secret, so both are needed.
    etsy:
      etsyId && etsySecret
        ? {
            clientId: etsyId,
            sharedSecret: etsySecret,
            scopes: list(val(env.ETSY_SCOPES), ETSY_DEFAULT_SCOPES),
            apiOrigin: origin(env.ETSY_API_ORIGIN) ?? 'https://api.etsy.com',
            connectOrigin: origin(env.ETSY_CONNECT_ORIGIN) ?? 'https://www.etsy.com',
          }
        : null,
    woocommerceAppName: val(env.WOOCOMMERCE_APP_NAME) ?? 'POD Studio',
    sister: sisterUrl && sisterSecret && /^https?:\/\//i.test(sisterUrl) ? { handoffUrl: sisterUrl, redeemSecret: sisterSecret } : null,
    allowPrivateShopHosts: env.STORES_ALLOW_PRIVATE_HOSTS === '1',
    orderPullMs: Number.isFinite(pull) && pull >= 0 ? pull : 600_000,
  };
}
