/**
 * A loopback stand-in for Etsy, speaking the parts of Open API v3's documented contract the
 * server uses (https://developers.etsy.com/documentation):
 * - OAuth 2 authorization code with PKCE: GET /oauth/connect checks response_type, client_id,
 *   redirect_uri, scope, state, code_challenge and code_challenge_method=S256 and shows the
 *   consent page; allowing (POST /oauth/connect/approve) redirects to redirect_uri with code and
 *   state, denying with error=access_denied. POST /v3/public/oauth/token trades a code (single
 *   use, 5 minutes) for tokens when redirect_uri matches and base64url(SHA-256(code_verifier))
 *   equals the challenge, and a refresh token (rotated: the old one stops working) for new ones;
 *   400 {"error":"invalid_grant","error_description":…} otherwise. Access tokens look like
 *   "{user_id}.{random}" and last expires_in 3600 s.
 * - Every /v3 call needs x-api-key "keystring:shared_secret" (403 otherwise); shop calls need a
 *   bearer token of the shop's owner (401 invalid_token, 403 for another's shop) with the scope
 *   the call needs (403 insufficient scope).
 * - users/me, users/{id}, shops/{id}, seller-taxonomy/nodes (+ /{id}/properties), shipping
 *   profiles, readiness state definitions, createDraftListing and updateListing (form
 *   encoded), listing inventory (JSON; products replaced with new product ids on every update,
 *   checked as Etsy checks it), uploadListingImage (multipart: image, rank, overwrite, alt_text),
 *   listing images (at most 20 a listing), and shop receipts with transactions; a receipt made
 *   with `address: null` comes without the buyer's address fields, as Etsy sends receipts whose
 *   address the seller's region or the app's access keeps back.
 * - Rate limits: x-limit-per-second / x-remaining-this-second headers on every answer, and
 *   failNext() answers 429 with Retry-After (or a 5xx) for the next calls.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface EtsyMoney {
  amount: number;
  divisor: number;
  currency_code: string;
}

export interface EtsyStandInProduct {
  product_id: number;
  sku: string;
  is_deleted: boolean;
  property_values: {
    property_id: number;
    property_name: string;
    scale_id: null;
    scale_name: null;
    value_ids: number[];
    values: string[];
  }[];
  offerings: {
    offering_id: number;
    quantity: number;
    is_enabled: boolean;
    is_deleted: boolean;
    price: EtsyMoney;
    readiness_state_id: number;
  }[];
}

export interface EtsyStandInImage {
  listing_image_id: number;
  rank: number;
  alt_text: string | null;
  bytes: number;
  sha256: string;
  url_fullxfull: string;
}

export interface EtsyStandInListing {
  listing_id: number;
  shop_id: number;
  user_id: number;
  title: string;
  description: string;
  state: string;
  quantity: number;
  price: EtsyMoney;
  taxonomy_id: number;
  shipping_profile_id: number;
  who_made: string;
  when_made: string;
  type: string;
  has_variations: boolean;
  inventory: {
    products: EtsyStandInProduct[];
    price_on_property: number[];
    quantity_on_property: number[];
    sku_on_property: number[];
    readiness_state_on_property: number[];
  };
  images: EtsyStandInImage[];
}

export interface EtsyStandInSeller {
  userId: number;
  email: string;
  shopId: number;
  shopName: string;
  listings: Map<number, EtsyStandInListing>;
  receipts: Record<string, unknown>[];
  shippingProfiles: { shipping_profile_id: number; title: string; is_deleted: boolean }[];
  readinessStates: {
    readiness_state_id: number;
    readiness_state: string;
    min_processing_time: number;
    max_processing_time: number;
    processing_time_unit: string;
  }[];
}

interface TokenGrant {
  userId: number;
  scopes: string[];
  expiresAt: number;
}

export interface EtsyStandIn {
  url: string;
  sellers: Map<number, EtsyStandInSeller>;
  /** Every /v3 call: method, path (without query), status answered. */
  calls: { method: string; path: string; status: number; grant?: string }[];
  /** Access tokens issued, as Etsy holds them (the test reads them to look for leaks). */
  accessTokens: Map<string, TokenGrant>;
  refreshTokens: Map<string, { userId: number; scopes: string[] }>;
  /** A seller with a shop, its shipping profiles and processing times. */
  addSeller(opts: { email: string; shopName: string }): EtsyStandInSeller;
  seller(shopId: number): EtsyStandInSeller;
  /** The seller allows the consent page at `connectUrl`: returns where Etsy sends the browser (our redirect URI). */
  approve(connectUrl: string, userId: number): Promise<string>;
  /** The seller declines. */
  deny(connectUrl: string): Promise<string>;
  /**
   * Answers the next `count` /v3 calls (token calls excluded) with `status` (429 carries
   * Retry-After); with `only`, the next calls whose "METHOD /v3/path" it matches.
   */
  failNext(status: 429 | 500 | 503, count?: number, retryAfterSeconds?: number, only?: RegExp): void;
  /** Etsy stops accepting the access tokens issued so far (as when they expire). */
  expireAccessTokens(): void;
  /** A buyer's paid order (a shop receipt) for products of the shop's listings; `address: null` leaves the address fields out. */
  createReceipt(
    shopId: number,
    lines: { listingId: number; productId: number; quantity: number }[],
    address?: Partial<Record<string, string>> | null,
  ): Record<string, unknown>;
  close(): Promise<void>;
}

interface TaxonomyNode {
  id: number;
  level: number;
  name: string;
  parent_id: number | null;
  children: TaxonomyNode[];
}

export const ETSY_TAXONOMY: TaxonomyNode[] = [
  {
    id: 1,
    level: 1,
    name: 'Clothing',
    parent_id: null,
    children: [
      {
        id: 10,
        level: 2,
        name: 'Shirts & Tees',
        parent_id: 1,
        children: [
          { id: 1001, level: 3, name: 'T-shirts', parent_id: 10, children: [] },
          { id: 1002, level: 3, name: 'Tank Tops', parent_id: 10, children: [] },
        ],
      },
      { id: 11, level: 2, name: 'Hoodies & Sweatshirts', parent_id: 1, children: [] },
    ],
  },
  {
    id: 2,
    level: 1,
    name: 'Home & Living',
    parent_id: null,
    children: [
      {
        id: 20,
        level: 2,
        name: 'Kitchen & Dining',
        parent_id: 2,
        children: [{ id: 2001, level: 3, name: 'Mugs', parent_id: 20, children: [] }],
      },
    ],
  },
];

const allNodes = (nodes: TaxonomyNode[]): TaxonomyNode[] => nodes.flatMap((n) => [n, ...allNodes(n.children)]);

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

const money = (decimal: number): EtsyMoney => ({ amount: Math.round(decimal * 100), divisor: 100, currency_code: 'USD' });
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const TITLE_CHAR = /[\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u;
const SCOPE_OF: { re: RegExp; method?: string; scope: string }[] = [
  { re: /^\/shops\/\d+\/listings/, method: 'GET', scope: 'listings_r' },
  { re: /^\/listings\/\d+\/inventory$/, method: 'GET', scope: 'listings_r' },
  { re: /^\/shops\/\d+\/listings/, scope: 'listings_w' },
  { re: /^\/listings\//, scope: 'listings_w' },
  { re: /^\/shops\/\d+\/receipts/, scope: 'transactions_r' },
  { re: /^\/shops\/\d+\/(shipping-profiles|readiness-state-definitions)/, scope: 'shops_r' },
];

export async function startEtsyStandIn(app: { clientId: string; sharedSecret: string }): Promise<EtsyStandIn> {
  const sellers = new Map<number, EtsyStandInSeller>();
  const codes = new Map<
    string,
    { userId: number; scopes: string[]; redirectUri: string; challenge: string; clientId: string; used: boolean; at: number }
  >();
  const accessTokens = new Map<string, TokenGrant>();
  const refreshTokens = new Map<string, { userId: number; scopes: string[] }>();
  const calls: EtsyStandIn['calls'] = [];
  const faults: { status: number; retryAfter: number; only?: RegExp }[] = [];
  let nextUser = 70_000_001;
  let nextShop = 30_000_001;
  // Etsy's ids are past 32 bits (listings, shipping profiles, images).
  let nextId = 4_300_000_001;
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-limit-per-second', '150');
    res.setHeader('x-remaining-this-second', status === 429 ? '0' : '149');
    res.setHeader('x-limit-per-day', '100000');
    res.setHeader('x-remaining-today', '99999');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.end(JSON.stringify(body));
  };

  const connectParams = (u: URL): { error: string } | { redirectUri: string; state: string; scopes: string[]; challenge: string } => {
    const q = u.searchParams;
    if (q.get('response_type') !== 'code') return { error: 'response_type must be code' };
    if (q.get('client_id') !== app.clientId) return { error: 'Invalid client_id' };
    if (!q.get('redirect_uri') || !q.get('state')) return { error: 'redirect_uri and state are required' };
    if (q.get('code_challenge_method') !== 'S256' || !/^[\w-]{43}$/.test(q.get('code_challenge') ?? ''))
      return { error: 'A S256 code_challenge is required' };
    const scopes = (q.get('scope') ?? '').split(/\s+/).filter(Boolean);
    if (scopes.length === 0) return { error: 'scope is required' };
    return { redirectUri: q.get('redirect_uri')!, state: q.get('state')!, scopes, challenge: q.get('code_challenge')! };
  };

  const seller = (shopId: number) => {
    const s = sellers.get(shopId);
    if (!s) throw new Error(`no Etsy shop ${shopId}`);
    return s;
  };

  /** Etsy's inventory rules, as far as our pushes reach them; an error message or null. */
  const inventoryError = (body: Record<string, unknown>): string | null => {
    const products = body.products as EtsyStandInProduct[] | undefined;
    if (!Array.isArray(products) || products.length === 0) return 'products must contain at least one product';
    const seen = new Set<string>();
    const propsOf = (p: { property_values?: { property_id: number }[] }) => (p.property_values ?? []).map((v) => v.property_id).join(',');
    for (const p of products) {
      const pv = (p.property_values ?? []) as unknown as { property_id: number; property_name?: string; values: string[] }[];
      if (pv.length > 2) return 'A listing can have at most two variation properties';
      if (propsOf(p) !== propsOf(products[0]!)) return 'All products must use the same variation properties';
      for (const v of pv) {
        if (!Array.isArray(v.values) || v.values.length !== 1 || !v.values[0])
          return `property_values.values must hold one value for property ${v.property_id}`;
        if (/[()]/.test(v.values[0])) return 'Property values may not contain parentheses';
        if ((v.property_id === 513 || v.property_id === 514) && !v.property_name) return 'A custom property needs a property_name';
      }
      const key = pv.map((v) => `${v.property_id}=${v.values[0]}`).join('|');
      if (seen.has(key)) return `Duplicate product with property values ${key}`;
      seen.add(key);
      const offers = (p.offerings ?? []) as unknown as {
        price: number;
        quantity: number;
        is_enabled: boolean;
        readiness_state_id?: number;
      }[];
      if (offers.length !== 1) return 'Each product must have exactly one offering';
      const o = offers[0]!;
      if (typeof o.price !== 'number' || o.price < 0.2 || o.price > 50000) return 'Offering price must be between 0.20 and 50000.00';
      if (!Number.isInteger(o.quantity) || o.quantity < 0 || o.quantity > 999) return 'Offering quantity must be between 0 and 999';
      if (typeof o.readiness_state_id !== 'number') return 'readiness_state_id is required on every offering of a physical listing';
      if (typeof p.sku === 'string' && p.sku.length > 32) return 'SKU must be at most 32 characters';
    }
    // Products the listed properties do not tell apart must share their price (and SKU).
    for (const [field, key] of [
      ['price_on_property', 'price'],
      ['sku_on_property', 'sku'],
    ] as const) {
      const on = (body[field] as number[] | undefined) ?? [];
      const by = new Map<string, string>();
      for (const p of products) {
        const pv = (p.property_values ?? []) as unknown as { property_id: number; values: string[] }[];
        const k = pv
          .filter((v) => on.includes(v.property_id))
          .map((v) => v.values[0])
          .join('|');
        const val = key === 'price' ? String((p.offerings as unknown as { price: number }[])[0]!.price) : String(p.sku ?? '');
        if (by.has(k) && by.get(k) !== val)
          return `Products with the same ${field.replace('_on_property', '')} properties must have the same ${key}`;
        by.set(k, val);
      }
    }
    return null;
  };

  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', url);
    const raw = await readBody(req);
    const method = req.method ?? 'GET';

    // ------------------------------------------------------------------ consent page
    if (u.pathname === '/oauth/connect' && method === 'GET') {
      const p = connectParams(u);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if ('error' in p) {
        res.statusCode = 400;
        return res.end(`<!doctype html><title>Etsy</title><p>${escapeHtml(p.error)}</p>`);
      }
      const hidden = [...u.searchParams.entries()]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      return res.end(
        `<!doctype html><title>Etsy</title><h1>Grant access to your Etsy account?</h1><form method="post" action="/oauth/connect/approve">${hidden}<label>User <input name="user_id"></label><button name="allow" value="1">Allow Access</button><button name="allow" value="0">Decline</button></form>`,
      );
    }
    if (u.pathname === '/oauth/connect/approve' && method === 'POST') {
      const form = new URLSearchParams(raw.toString('utf8'));
      const asUrl = new URL('/oauth/connect', url);
      for (const [k, v] of form.entries()) if (k !== 'allow' && k !== 'user_id') asUrl.searchParams.set(k, v);
      const p = connectParams(asUrl);
      if ('error' in p) return send(res, 400, { error: 'invalid_request', error_description: p.error });
      const back = new URL(p.redirectUri);
      if (form.get('allow') !== '1') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request');
      } else {
        const userId = Number(form.get('user_id'));
        if (![...sellers.values()].some((s) => s.userId === userId))
          return send(res, 400, { error: 'invalid_request', error_description: 'Unknown user' });
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          userId,
          scopes: p.scopes,
          redirectUri: p.redirectUri,
          challenge: p.challenge,
          clientId: app.clientId,
          used: false,
          at: Date.now(),
        });
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', p.state);
      res.statusCode = 302;
      res.setHeader('location', back.toString());
      return res.end();
    }

    if (!u.pathname.startsWith('/v3/')) return send(res, 404, { error: 'Not found' });
    const call: EtsyStandIn['calls'][number] = { method, path: u.pathname, status: 0 };
    calls.push(call);
    const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
      call.status = status;
      return send(res, status, body, headers);
    };

    // ------------------------------------------------------------------ x-api-key
    const key = String(req.headers['x-api-key'] ?? '');
    if (!key) return answer(403, { error: 'Missing x-api-key header.' });
    if (!key.includes(':')) return answer(403, { error: 'Shared secret is required in x-api-key header.' });
    if (key !== `${app.clientId}:${app.sharedSecret}`)
      return answer(403, { error: "Invalid API key: should be in the format 'keystring:shared_secret'." });

    // ------------------------------------------------------------------ tokens
    if (u.pathname === '/v3/public/oauth/token' && method === 'POST') {
      const form = new URLSearchParams(raw.toString('utf8'));
      const grant = form.get('grant_type');
      call.grant = grant ?? '';
      if (form.get('client_id') !== app.clientId) return answer(400, { error: 'invalid_client', error_description: 'Invalid client_id' });
      let userId: number;
      let scopes: string[];
      if (grant === 'authorization_code') {
        const c = codes.get(form.get('code') ?? '');
        if (!c || c.used || Date.now() - c.at > 5 * 60_000)
          return answer(400, { error: 'invalid_grant', error_description: 'code is invalid or has expired' });
        c.used = true;
        if (form.get('redirect_uri') !== c.redirectUri)
          return answer(400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' });
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== c.challenge)
          return answer(400, { error: 'invalid_grant', error_description: 'code_verifier is invalid' });
        ({ userId, scopes } = c);
      } else if (grant === 'refresh_token') {
        const r = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!r) return answer(400, { error: 'invalid_grant', error_description: 'refresh_token is invalid' });
        refreshTokens.delete(form.get('refresh_token') ?? '');
        ({ userId, scopes } = r);
      } else {
        return answer(400, {
          error: 'unsupported_grant_type',
          error_description: 'grant_type must be authorization_code or refresh_token',
        });
      }
      const access = `${userId}.${randomBytes(40).toString('base64url')}`;
      const refresh = `${userId}.${randomBytes(40).toString('base64url')}`;
      accessTokens.set(access, { userId, scopes, expiresAt: Date.now() + 3600_000 });
      refreshTokens.set(refresh, { userId, scopes });
      return answer(200, { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh });
    }

    // ------------------------------------------------------------------ faults
    const at = faults.findIndex((f) => !f.only || f.only.test(`${method} ${u.pathname}`));
    const fault = at >= 0 ? faults.splice(at, 1)[0] : undefined;
    if (fault)
      return answer(
        fault.status,
        { error: fault.status === 429 ? 'Too Many Requests' : 'Internal Server Error' },
        fault.status === 429 ? { 'retry-after': String(fault.retryAfter) } : {},
      );

    const path = u.pathname.slice('/v3/application'.length);
    if (!u.pathname.startsWith('/v3/application/')) return answer(404, { error: 'Not found' });

    // ------------------------------------------------------------------ public (api key only)
    if (path === '/seller-taxonomy/nodes' && method === 'GET') return answer(200, { count: ETSY_TAXONOMY.length, results: ETSY_TAXONOMY });
    const props = /^\/seller-taxonomy\/nodes\/(\d+)\/properties$/.exec(path);
    if (props && method === 'GET') {
      if (!allNodes(ETSY_TAXONOMY).some((n) => n.id === Number(props[1])))
        return answer(404, { error: `Taxonomy node ${props[1]} not found` });
      return answer(200, {
        count: 2,
        results: [
          {
            property_id: 200,
            name: 'Primary color',
            display_name: 'Primary color',
            scales: [],
            is_required: false,
            supports_attributes: true,
            supports_variations: true,
            is_multivalued: false,
            max_values_allowed: null,
            possible_values: [
              { value_id: 1, name: 'Black', scale_id: null, equal_to: [] },
              { value_id: 2, name: 'White', scale_id: null, equal_to: [] },
            ],
            selected_values: [],
          },
          {
            property_id: 100,
            name: 'Size',
            display_name: 'Size',
            scales: [{ scale_id: 19, display_name: 'US', description: '' }],
            is_required: false,
            supports_attributes: false,
            supports_variations: true,
            is_multivalued: false,
            max_values_allowed: null,
            possible_values: [],
            selected_values: [],
          },
        ],
      });
    }
    const shopPublic = /^\/shops\/(\d+)$/.exec(path);
    if (shopPublic && method === 'GET') {
      const s = sellers.get(Number(shopPublic[1]));
      if (!s) return answer(404, { error: `Shop ${shopPublic[1]} not found` });
      return answer(200, {
        shop_id: s.shopId,
        shop_name: s.shopName,
        user_id: s.userId,
        currency_code: 'USD',
        url: `https://www.etsy.com/shop/${s.shopName}`,
        title: s.shopName,
      });
    }

    // ------------------------------------------------------------------ bearer token
    const bearer = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    const grant = accessTokens.get(bearer);
    if (!grant) return answer(401, { error: 'invalid_token', error_description: 'access token is invalid' });
    if (grant.expiresAt <= Date.now()) return answer(401, { error: 'invalid_token', error_description: 'access token is expired' });
    const need = SCOPE_OF.find((s) => s.re.test(path) && (!s.method || s.method === method));
    if (need && !grant.scopes.includes(need.scope)) return answer(403, { error: `Insufficient scope: ${need.scope} is required` });
    const me = [...sellers.values()].find((s) => s.userId === grant.userId);

    if (path === '/users/me' && method === 'GET') return answer(200, { user_id: grant.userId, shop_id: me?.shopId ?? null });
    const userM = /^\/users\/(\d+)$/.exec(path);
    if (userM && method === 'GET') {
      if (Number(userM[1]) !== grant.userId || !me) return answer(403, { error: 'You may only read your own user' });
      return answer(200, {
        user_id: me.userId,
        first_name: 'Ada',
        last_name: 'Seller',
        image_url_75x75: null,
        ...(grant.scopes.includes('email_r') ? { primary_email: me.email } : {}),
      });
    }

    const shopM = /^\/shops\/(\d+)(\/.*)$/.exec(path);
    const listingOnly = /^\/listings\/(\d+)(\/.*)$/.exec(path);
    let shop: EtsyStandInSeller | undefined;
    let rest = '';
    if (shopM) {
      shop = sellers.get(Number(shopM[1]));
      if (!shop) return answer(404, { error: `Shop ${shopM[1]} not found` });
      rest = shopM[2]!;
    } else if (listingOnly) {
      shop = [...sellers.values()].find((s) => s.listings.has(Number(listingOnly[1])));
      if (!shop) return answer(404, { error: `Listing ${listingOnly[1]} not found` });
      rest = `/listings/${listingOnly[1]}${listingOnly[2]}`;
    } else {
      return answer(404, { error: 'Not found' });
    }
    if (shop.userId !== grant.userId) return answer(403, { error: `The authenticated user does not own shop ${shop.shopId}` });

    if (rest === '/shipping-profiles' && method === 'GET')
      return answer(200, {
        count: shop.shippingProfiles.length,
        results: shop.shippingProfiles.map((p) => ({
          ...p,
          user_id: shop!.userId,
          origin_country_iso: 'US',
          min_processing_days: 1,
          max_processing_days: 3,
        })),
      });
    if (rest === '/readiness-state-definitions' && method === 'GET')
      return answer(200, {
        count: shop.readinessStates.length,
        results: shop.readinessStates.map((r) => ({ shop_id: shop!.shopId, ...r })),
      });

    if (rest === '/receipts' && method === 'GET') {
      const min = Number(u.searchParams.get('min_created') ?? 0);
      const limit = Math.min(100, Number(u.searchParams.get('limit') ?? 25));
      const offset = Number(u.searchParams.get('offset') ?? 0);
      const all = shop.receipts
        .filter((r) => Number(r.create_timestamp) >= min)
        .sort((a, b) => Number(a.create_timestamp) - Number(b.create_timestamp));
      return answer(200, { count: all.length, results: all.slice(offset, offset + limit) });
    }

    const form = (): Record<string, string> => Object.fromEntries(new URLSearchParams(raw.toString('utf8')).entries());
    const isForm = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

    if (rest === '/listings' && method === 'POST') {
      if (!isForm) return answer(400, { error: 'Request body must be application/x-www-form-urlencoded' });
      const b = form();
      for (const f of ['quantity', 'title', 'description', 'price', 'who_made', 'when_made', 'taxonomy_id'])
        if (!b[f]) return answer(400, { error: `${f} is required` });
      const title = b.title!;
      if (title.length > 140 || [...title].some((c) => !TITLE_CHAR.test(c)) || ['%', ':', '&', '+'].some((c) => title.split(c).length > 2))
        return answer(400, { error: 'title is invalid' });
      const price = Number(b.price);
      if (!(price >= 0.2 && price <= 50000)) return answer(400, { error: 'price must be between 0.20 and 50000.00' });
      if (!allNodes(ETSY_TAXONOMY).some((n) => n.id === Number(b.taxonomy_id))) return answer(400, { error: 'taxonomy_id is invalid' });
      const type = b.type ?? 'physical';
      if (type === 'physical') {
        if (!shop.shippingProfiles.some((p) => p.shipping_profile_id === Number(b.shipping_profile_id)))
          return answer(400, { error: 'shipping_profile_id is invalid' });
        if (!shop.readinessStates.some((r) => r.readiness_state_id === Number(b.readiness_state_id)))
          return answer(400, { error: 'readiness_state_id is invalid' });
      }
      const listing: EtsyStandInListing = {
        listing_id: nextId++,
        shop_id: shop.shopId,
        user_id: shop.userId,
        title,
        description: b.description!,
        state: 'draft',
        quantity: Number(b.quantity),
        price: money(price),
        taxonomy_id: Number(b.taxonomy_id),
        shipping_profile_id: Number(b.shipping_profile_id),
        who_made: b.who_made!,
        when_made: b.when_made!,
        type,
        has_variations: false,
        inventory: { products: [], price_on_property: [], quantity_on_property: [], sku_on_property: [], readiness_state_on_property: [] },
        images: [],
      };
      shop.listings.set(listing.listing_id, listing);
      const { inventory: _i, images: _m, ...wire } = listing;
      return answer(201, wire);
    }

    const lm = /^\/listings\/(\d+)(\/inventory|\/images)?$/.exec(rest);
    const listing = lm ? shop.listings.get(Number(lm[1])) : undefined;
    if (lm && !listing) return answer(404, { error: `Listing ${lm[1]} not found` });
    if (lm && listing && !lm[2] && method === 'PATCH') {
      if (!isForm) return answer(400, { error: 'Request body must be application/x-www-form-urlencoded' });
      const b = form();
      if (b.title !== undefined) listing.title = b.title;
      if (b.description !== undefined) listing.description = b.description;
      if (b.taxonomy_id !== undefined) listing.taxonomy_id = Number(b.taxonomy_id);
      if (b.shipping_profile_id !== undefined) listing.shipping_profile_id = Number(b.shipping_profile_id);
      if (b.state !== undefined) {
        if (b.state === 'active' && listing.images.length === 0)
          return answer(400, { error: 'A listing needs at least one image to be active' });
        listing.state = b.state;
      }
      const { inventory: _i, images: _m, ...wire } = listing;
      return answer(200, wire);
    }
    if (lm && listing && lm[2] === '/inventory' && method === 'GET') return answer(200, { ...listing.inventory, listing: null });
    if (lm && listing && lm[2] === '/inventory' && method === 'PUT') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(400, { error: 'Request body must be JSON' });
      }
      const err = inventoryError(body);
      if (err) return answer(400, { error: err });
      const sent = body.products as {
        sku?: string;
        property_values?: { property_id: number; property_name: string; values: string[] }[];
        offerings: { price: number; quantity: number; is_enabled: boolean; readiness_state_id: number }[];
      }[];
      listing.inventory = {
        products: sent.map((p) => ({
          product_id: nextId++,
          sku: p.sku ?? '',
          is_deleted: false,
          property_values: (p.property_values ?? []).map((v) => ({
            property_id: v.property_id,
            property_name: v.property_name,
            scale_id: null,
            scale_name: null,
            value_ids: [nextId++],
            values: v.values,
          })),
          offerings: p.offerings.map((o) => ({
            offering_id: nextId++,
            quantity: o.quantity,
            is_enabled: o.is_enabled,
            is_deleted: false,
            price: money(o.price),
            readiness_state_id: o.readiness_state_id,
          })),
        })),
        price_on_property: (body.price_on_property as number[]) ?? [],
        quantity_on_property: (body.quantity_on_property as number[]) ?? [],
        sku_on_property: (body.sku_on_property as number[]) ?? [],
        readiness_state_on_property: (body.readiness_state_on_property as number[]) ?? [],
      };
      listing.has_variations = listing.inventory.products.some((p) => p.property_values.length > 0);
      return answer(200, { ...listing.inventory, listing: null });
    }
    if (lm && listing && lm[2] === '/images' && method === 'GET')
      return answer(200, {
        count: listing.images.length,
        results: listing.images.map(({ bytes: _b, sha256: _s, ...i }) => ({ listing_id: listing.listing_id, ...i })),
      });
    if (lm && listing && lm[2] === '/images' && method === 'POST') {
      const ct = String(req.headers['content-type'] ?? '');
      if (!ct.startsWith('multipart/form-data')) return answer(400, { error: 'Request body must be multipart/form-data' });
      const data = await new Response(new Uint8Array(raw), { headers: { 'content-type': ct } }).formData();
      const image = data.get('image');
      if (!(image instanceof Blob)) return answer(400, { error: 'image or listing_image_id is required' });
      const bytes = Buffer.from(await image.arrayBuffer());
      const isImage =
        (bytes[0] === 0xff && bytes[1] === 0xd8) ||
        bytes.subarray(0, 4).toString('latin1') === '\x89PNG' ||
        bytes.subarray(0, 3).toString('latin1') === 'GIF';
      if (!isImage) return answer(400, { error: 'The image must be a JPEG, PNG or GIF file' });
      const rank = Number(data.get('rank') ?? listing.images.length + 1);
      if (!Number.isInteger(rank) || rank < 1) return answer(400, { error: 'rank must be a positive integer' });
      const overwrite = data.get('overwrite') === 'true';
      const img: EtsyStandInImage = {
        listing_image_id: nextId++,
        rank,
        alt_text: typeof data.get('alt_text') === 'string' ? String(data.get('alt_text')) : null,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        url_fullxfull: `${url}/img/${nextId}.jpg`,
      };
      if (overwrite) listing.images = listing.images.filter((i) => i.rank !== rank);
      if (listing.images.length >= 20) return answer(400, { error: 'A listing may have at most 20 images' });
      listing.images.push(img);
      listing.images.sort((a, b) => a.rank - b.rank);
      const { bytes: _b, sha256: _s, ...wire } = img;
      return answer(201, { listing_id: listing.listing_id, ...wire, full_width: 1200, full_height: 1200 });
    }
    return answer(404, { error: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const submit = async (connectUrl: string, fields: Record<string, string>): Promise<string> => {
    const page = await fetch(connectUrl);
    if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
    const form = new URLSearchParams({ ...Object.fromEntries(new URL(connectUrl).searchParams), ...fields });
    const res = await fetch(`${url}/oauth/connect/approve`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`consent answered ${res.status}: ${await res.text()}`);
    return location;
  };

  return {
    url,
    sellers,
    calls,
    accessTokens,
    refreshTokens,
    addSeller({ email, shopName }) {
      const s: EtsyStandInSeller = {
        userId: nextUser++,
        email,
        shopId: nextShop++,
        shopName,
        listings: new Map(),
        receipts: [],
        shippingProfiles: [
          { shipping_profile_id: nextId++, title: 'Standard from US', is_deleted: false },
          { shipping_profile_id: nextId++, title: 'Old profile', is_deleted: true },
        ],
        readinessStates: [
          {
            readiness_state_id: nextId++,
            readiness_state: 'made_to_order',
            min_processing_time: 3,
            max_processing_time: 5,
            processing_time_unit: 'days',
          },
          {
            readiness_state_id: nextId++,
            readiness_state: 'ready_to_ship',
            min_processing_time: 1,
            max_processing_time: 2,
            processing_time_unit: 'days',
          },
        ],
      };
      sellers.set(s.shopId, s);
      return s;
    },
    seller,
    approve: (connectUrl, userId) => submit(connectUrl, { allow: '1', user_id: String(userId) }),
    deny: (connectUrl) => submit(connectUrl, { allow: '0' }),
    failNext(status, count = 1, retryAfterSeconds = 1, only) {
      for (let i = 0; i < count; i++) faults.push({ status, retryAfter: retryAfterSeconds, only });
    },
    expireAccessTokens() {
      for (const g of accessTokens.values()) g.expiresAt = 0;
    },
    createReceipt(shopId, lines, given = {}) {
      const s = seller(shopId);
      const address = given ?? {};
      const receipt: Record<string, unknown> & { receipt_id: number; transactions: { receipt_id: number }[] } = {
        receipt_id: nextId++,
        receipt_type: 0,
        seller_user_id: s.userId,
        seller_email: s.email,
        buyer_user_id: nextUser++,
        buyer_email: 'buyer@example.com',
        name: address.name ?? 'Grace Hopper',
        first_line: address.first_line ?? '2 Side St',
        second_line: address.second_line ?? null,
        city: address.city ?? 'Austin',
        state: address.state ?? 'TX',
        zip: address.zip ?? '73301',
        status: 'Paid',
        country_iso: address.country_iso ?? 'US',
        payment_method: 'cc',
        is_paid: true,
        is_shipped: false,
        create_timestamp: Math.floor(Date.now() / 1000),
        created_timestamp: Math.floor(Date.now() / 1000),
        update_timestamp: Math.floor(Date.now() / 1000),
        transactions: lines.map((l) => {
          const listing = s.listings.get(l.listingId);
          const product = listing?.inventory.products.find((p) => p.product_id === l.productId);
          return {
            transaction_id: nextId++,
            title: listing?.title ?? '',
            seller_user_id: s.userId,
            quantity: l.quantity,
            receipt_id: 0,
            listing_id: l.listingId,
            product_id: l.productId,
            sku: product?.sku ?? '',
            price: product?.offerings[0]?.price ?? money(1),
            variations: (product?.property_values ?? []).map((v) => ({
              property_id: v.property_id,
              value_id: v.value_ids[0],
              formatted_name: v.property_name,
              formatted_value: v.values[0],
            })),
          };
        }),
      };
      for (const t of receipt.transactions) t.receipt_id = receipt.receipt_id;
      if (given === null)
        for (const f of ['name', 'first_line', 'second_line', 'city', 'state', 'zip', 'country_iso', 'formatted_address'])
          delete receipt[f];
      s.receipts.push(receipt);
      return receipt;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
