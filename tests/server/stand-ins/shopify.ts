/**
 * A loopback stand-in for Shopify, speaking the parts of its documented contract the server uses:
 * - OAuth authorization code grant: GET /admin/oauth/authorize shows an install page; installing
 *   redirects to redirect_uri with code, hmac (hex HMAC-SHA256 of the sorted query with the app
 *   secret), host, shop, state and timestamp; POST /admin/oauth/access_token trades the code
 *   (single use) for an offline token and the granted scopes.
 * - GraphQL Admin API at POST /admin/api/{version}/graphql.json with X-Shopify-Access-Token
 *   (401 {"errors":"[API] Invalid API key or access token ..."} otherwise). Every document and its
 *   variables are checked against Shopify's published schema of that version
 *   (./shopify-admin-schema.ts; a version without one is 404): a field, argument or input field
 *   that version lacks is answered with errors, as Shopify answers it. Operations are then
 *   recognised by their names (PodShop, PodProductSet, ...) and answered in Shopify's shapes:
 *   data, userErrors, ACCESS_DENIED for a missing scope, extensions.cost.throttleStatus on every
 *   answer, THROTTLED errors, HTTP 429 with Retry-After.
 * - Protected customer data: with protectedCustomerData(false) (an app Shopify has not approved),
 *   a query selecting an order's e-mail, addresses, phone or customer is answered ACCESS_DENIED
 *   "This app is not approved to use the … field", and subscribing an order topic gets the
 *   userError "This app is not approved to subscribe to webhook topics containing protected
 *   customer data".
 * - productSet semantics: identifier {id} updates (PRODUCT_DOES_NOT_EXIST otherwise), identifier
 *   {handle} updates the product with that handle or creates it; list fields (options, variants,
 *   files) are replaced by what is sent: variants with an id are updated, others created, unlisted
 *   ones deleted, and a productSet without variants leaves only a default variant. productUpdate
 *   changes only the fields given.
 * - Webhooks: subscriptions need an https:// address ("Address protocol http:// is not
 *   supported"); orders/create and app/uninstalled are delivered to subscribed addresses, signed
 *   with X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the raw body with the app secret). `reach`
 *   maps a public https address to where the app listens (the TLS proxy in front of it).
 * One stand-in serves many shops on one origin: the shop comes from X-Shopify-Shop-Domain (the
 * host on the real platform) or, for the browser's install page, the shop query parameter.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { adminSchema, checkOperation, hasAdminSchema, selectedFields } from './shopify-admin-schema';

export interface StandInVariant {
  id: string;
  sku: string;
  price: string;
  selectedOptions: { name: string; value: string }[];
  image: string | null;
  inventoryPolicy: string;
}

export interface StandInProduct {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  status: string;
  options: { name: string; position: number; values: string[] }[];
  variants: StandInVariant[];
  media: { src: string; alt: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface StandInOrder {
  id: number;
  name: string;
  email: string;
  created_at: string;
  line_items: {
    id: number;
    product_id: number;
    variant_id: number;
    quantity: number;
    sku: string;
    title: string;
    variant_title: string;
    price: string;
    /** Line-item properties the storefront's cart form added (`properties[Name]` fields). */
    properties: { name: string; value: string }[];
  }[];
  shipping_address: Record<string, string>;
}

export interface StandInShop {
  domain: string;
  name: string;
  email: string;
  tokens: Set<string>;
  scopes: string[];
  products: Map<string, StandInProduct>;
  webhooks: { id: string; topic: string; uri: string }[];
  orders: StandInOrder[];
  subscriptions: { id: string; name: string; status: string; test: boolean; currentPeriodEnd: string | null }[];
  /** One-time app charges (appPurchaseOneTimeCreate): PENDING until the store owner decides. */
  purchases: Map<string, StandInPurchase>;
}

export interface StandInPurchase {
  id: string;
  name: string;
  status: 'PENDING' | 'ACTIVE' | 'DECLINED' | 'EXPIRED';
  price: { amount: string; currencyCode: string };
  test: boolean;
  returnUrl: string;
}

/** `operation`: only that GraphQL operation fails (e.g. 'PodProductSet'); others pass untouched. */
interface Fault {
  kind: '429' | '500' | 'throttled';
  retryAfter: number;
  operation?: string;
}

export interface ShopifyStandIn {
  url: string;
  shops: Map<string, StandInShop>;
  /** Every GraphQL call: shop, operation name, API version, HTTP status answered, the schema errors answered. */
  calls: { shop: string; operation: string; version: string; status: number; errors?: string[] }[];
  /** productSet calls that created a product (not updates). */
  creates: number;
  /** Answers the next `count` GraphQL calls with a fault instead. */
  failNext(kind: Fault['kind'], count?: number, retryAfterSeconds?: number, operation?: string): void;
  /** Scopes the next installs grant (default: what the app asks for). */
  grantOnly(scopes: string[] | null): void;
  /** Whether Shopify has approved the app for protected customer data (default: approved). */
  protectedCustomerData(approved: boolean): void;
  shop(domain: string): StandInShop;
  /** Approves an install page URL as the store owner would; returns the redirect (our callback) URL. */
  approve(authorizeUrl: string): Promise<string>;
  /** A customer order in the store; delivers orders/create to subscribed webhooks. */
  createOrder(
    domain: string,
    lines: { variantId: string; quantity: number; properties?: { name: string; value: string }[] }[],
    address?: Partial<Record<string, string>>,
  ): Promise<{ order: StandInOrder; deliveries: { status: number; body: string }[] }>;
  /** Delivers a webhook as Shopify signs it (`tamper` alters the body after signing). */
  deliver(
    uri: string,
    topic: string,
    domain: string,
    payload: unknown,
    opts?: { secret?: string; tamper?: (raw: string) => string; webhookId?: string },
  ): Promise<{ status: number; body: string }>;
  /** The store owner approves (ACTIVE) or declines a one-time charge on its confirmation page. */
  decidePurchase(domain: string, id: string, status: 'ACTIVE' | 'DECLINED'): void;
  /** The merchant removes the app: tokens stop working, app/uninstalled is delivered. */
  uninstall(domain: string): Promise<void>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** Shopify's signature of a redirect's query: the other parameters sorted by name, URL-encoded. */
function hmacHex(params: Record<string, string>, secret: string): string {
  const msg = new URLSearchParams();
  for (const k of Object.keys(params)
    .filter((x) => x !== 'hmac' && x !== 'signature')
    .sort())
    msg.append(k, params[k]!);
  return createHmac('sha256', secret).update(msg.toString()).digest('hex');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Order fields that are protected customer data (level 2: name, e-mail, phone, address). */
const PROTECTED_ORDER_FIELDS = ['email', 'phone', 'shippingAddress', 'billingAddress', 'customer'];
/** Order topics Shopify refuses to an app not approved for protected customer data. */
const PROTECTED_TOPICS = /^ORDERS_/;
const PARTNERS_LINK = 'https://partners.shopify.com/1/apps/2/customer_data';

export async function startShopifyStandIn(opts: {
  apiKey: string;
  apiSecret: string;
  port?: number;
  /** Where a subscribed public address is delivered (default: to itself). */
  reach?: (uri: string) => string;
  /**
   * Takes http:// webhook addresses, which Shopify refuses: only for trying the app by hand and
   * the browser suite, whose server has no https address.
   */
  insecureWebhooks?: boolean;
}): Promise<ShopifyStandIn> {
  const shops = new Map<string, StandInShop>();
  const codes = new Map<string, { shop: string; scopes: string[]; used: boolean }>();
  const faults: Fault[] = [];
  const calls: ShopifyStandIn['calls'] = [];
  const state = { creates: 0, grantOnly: null as string[] | null, protectedData: true };
  let nextId = 8_000_000_001;
  const newId = () => nextId++;

  const shop = (domain: string): StandInShop => {
    let s = shops.get(domain);
    if (!s) {
      const base = domain.replace(/\.myshopify\.com$/, '');
      s = {
        domain,
        name: base.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
        email: `owner@${base}.example`,
        tokens: new Set(),
        scopes: [],
        products: new Map(),
        webhooks: [],
        orders: [],
        purchases: new Map(),
        subscriptions: [
          { id: `gid://shopify/AppSubscription/${newId()}`, name: 'Basic', status: 'ACTIVE', test: true, currentPeriodEnd: null },
        ],
      };
      shops.set(domain, s);
    }
    return s;
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.end(JSON.stringify(body));
  };
  const cost = (requested: number) => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: requested,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - requested, restoreRate: 100 },
    },
  });

  const installPage = (q: URLSearchParams) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Install app</title></head>
<body><main><h1>Install POD Studio on ${escapeHtml(q.get('shop') ?? '')}</h1>
<p>POD Studio will be able to: ${escapeHtml((q.get('scope') ?? '').split(',').join(', '))}</p>
<form method="post" action="/admin/oauth/authorize">
${[...q.entries()].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('\n')}
<button type="submit">Install app</button></form></main></body></html>`;

  /** The redirect the install sends the browser to. */
  const approveParams = (q: URLSearchParams): { location: string } | { error: string } => {
    if (q.get('client_id') !== opts.apiKey) return { error: 'Oauth error invalid_request: The client_id is invalid' };
    const domain = q.get('shop') ?? '';
    const redirect = q.get('redirect_uri') ?? '';
    if (!/^[a-z0-9][a-z0-9_-]*\.myshopify\.com$/.test(domain) || !/^https?:\/\//.test(redirect))
      return { error: 'Oauth error invalid_request: The redirect_uri is missing or not whitelisted' };
    shop(domain);
    const asked = (q.get('scope') ?? '').split(',').filter(Boolean);
    const code = randomBytes(16).toString('hex');
    codes.set(code, { shop: domain, scopes: state.grantOnly ?? asked, used: false });
    const params: Record<string, string> = {
      code,
      // Standard base64 of the admin address: `=` padding for most names, so the signature must be over encoded values.
      host: Buffer.from(`admin.shopify.com/store/${domain.replace(/\.myshopify\.com$/, '')}`).toString('base64'),
      shop: domain,
      state: q.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    params.hmac = hmacHex(params, opts.apiSecret);
    const url = new URL(redirect);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { location: url.toString() };
  };

  // ---------------------------------------------------------------------------------------
  // productSet
  // ---------------------------------------------------------------------------------------
  interface UserError {
    field: string[] | null;
    message: string;
    code: string | null;
  }
  const productSet = (s: StandInShop, vars: Record<string, unknown>): { product: StandInProduct | null; userErrors: UserError[] } => {
    const identifier = (vars.identifier ?? {}) as { id?: string; handle?: string };
    const input = (vars.input ?? {}) as Record<string, unknown>;
    const errors: UserError[] = [];
    let product: StandInProduct | undefined;
    if (identifier.id) {
      product = s.products.get(identifier.id);
      if (!product)
        return {
          product: null,
          userErrors: [{ field: ['identifier', 'id'], message: 'Product does not exist', code: 'PRODUCT_DOES_NOT_EXIST' }],
        };
    } else if (identifier.handle) {
      product = [...s.products.values()].find((p) => p.handle === identifier.handle);
    }
    const hasOptions = input.productOptions !== undefined;
    const hasVariants = input.variants !== undefined;
    if (hasOptions !== hasVariants)
      return {
        product: null,
        userErrors: [{ field: ['input'], message: 'productOptions and variants must be provided together', code: 'INVALID_INPUT' }],
      };
    const creating = !product;
    if (creating && !(typeof input.title === 'string' && input.title.trim()))
      errors.push({ field: ['input', 'title'], message: "Title can't be blank", code: 'BLANK' });
    const options = hasOptions
      ? (input.productOptions as { name: string; position?: number; values: { name: string }[] }[]).map((o, i) => ({
          name: o.name,
          position: o.position ?? i + 1,
          values: o.values.map((v) => v.name),
        }))
      : [{ name: 'Title', position: 1, values: ['Default Title'] }];
    // A list left out is replaced too: the product keeps only Shopify's default variant.
    let variants: StandInVariant[] = hasVariants
      ? []
      : [
          {
            id:
              product?.variants.find((v) => v.selectedOptions.every((o) => o.value === 'Default Title'))?.id ??
              `gid://shopify/ProductVariant/${newId()}`,
            sku: '',
            price: '0.00',
            inventoryPolicy: 'DENY',
            selectedOptions: [{ name: 'Title', value: 'Default Title' }],
            image: null,
          },
        ];
    const before = product?.variants ?? [];
    if (hasVariants) {
      const seen = new Set<string>();
      const next: StandInVariant[] = [];
      (input.variants as Record<string, unknown>[]).forEach((v, i) => {
        const values = (v.optionValues as { optionName: string; name: string }[] | undefined) ?? [];
        for (const ov of values) {
          const opt = options.find((o) => o.name === ov.optionName);
          if (!opt || !opt.values.includes(ov.name))
            errors.push({
              field: ['input', 'variants', String(i), 'optionValues'],
              message: `Option value '${ov.name}' does not exist for option '${ov.optionName}'`,
              code: 'OPTION_VALUE_DOES_NOT_EXIST',
            });
        }
        const key = values.map((x) => `${x.optionName}=${x.name}`).join('|');
        if (seen.has(key))
          errors.push({ field: ['input', 'variants', String(i)], message: 'The variant already exists', code: 'DUPLICATE_VARIANT' });
        seen.add(key);
        const price = String(v.price ?? '0');
        if (!/^\d+(\.\d{1,2})?$/.test(price))
          errors.push({ field: ['input', 'variants', String(i), 'price'], message: 'Price is invalid', code: 'INVALID' });
        let id = typeof v.id === 'string' ? v.id : null;
        if (id && !before.some((x) => x.id === id)) {
          errors.push({
            field: ['input', 'variants', String(i), 'id'],
            message: 'Product variant does not exist',
            code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
          });
        }
        id ??= `gid://shopify/ProductVariant/${newId()}`;
        const file = v.file as { originalSource?: string } | undefined;
        next.push({
          id,
          sku: String(v.sku ?? ''),
          price,
          inventoryPolicy: String(v.inventoryPolicy ?? 'DENY'),
          selectedOptions: values.map((x) => ({ name: x.optionName, value: x.name })),
          image: file?.originalSource ?? null,
        });
      });
      variants = next;
    }
    if (errors.length > 0) return { product: null, userErrors: errors };
    const now = new Date().toISOString();
    if (!product) {
      product = {
        id: `gid://shopify/Product/${newId()}`,
        handle: String(input.handle ?? identifier.handle ?? `product-${nextId}`),
        title: '',
        descriptionHtml: '',
        status: 'ACTIVE',
        options: [],
        variants: [],
        media: [],
        createdAt: now,
        updatedAt: now,
      };
      s.products.set(product.id, product);
      state.creates += 1;
    }
    if (typeof input.title === 'string') product.title = input.title;
    if (typeof input.descriptionHtml === 'string') product.descriptionHtml = input.descriptionHtml;
    if (typeof input.handle === 'string') product.handle = input.handle;
    if (typeof input.status === 'string') product.status = input.status;
    product.options = options;
    product.variants = variants;
    if (Array.isArray(input.files))
      product.media = (input.files as { originalSource: string; alt?: string }[]).map((f) => ({ src: f.originalSource, alt: f.alt ?? '' }));
    product.updatedAt = now;
    return { product, userErrors: [] };
  };

  const productNode = (p: StandInProduct) => ({
    id: p.id,
    handle: p.handle,
    status: p.status,
    title: p.title,
    variants: { nodes: p.variants.map((v) => ({ id: v.id, sku: v.sku, selectedOptions: v.selectedOptions })) },
  });

  const legacy = (gid: string) => Number(gid.split('/').pop());

  const orderNode = (s: StandInShop, o: StandInOrder) => ({
    id: `gid://shopify/Order/${o.id}`,
    legacyResourceId: String(o.id),
    name: o.name,
    email: o.email,
    createdAt: o.created_at,
    shippingAddress: {
      firstName: o.shipping_address.first_name,
      lastName: o.shipping_address.last_name,
      address1: o.shipping_address.address1,
      address2: o.shipping_address.address2,
      city: o.shipping_address.city,
      province: o.shipping_address.province,
      zip: o.shipping_address.zip,
      countryCodeV2: o.shipping_address.country_code,
      phone: o.shipping_address.phone,
    },
    lineItems: {
      nodes: o.line_items.map((l) => ({
        id: `gid://shopify/LineItem/${l.id}`,
        title: l.title,
        quantity: l.quantity,
        sku: l.sku,
        variantTitle: l.variant_title,
        product: { id: `gid://shopify/Product/${l.product_id}` },
        variant: { id: `gid://shopify/ProductVariant/${l.variant_id}` },
        customAttributes: (l.properties ?? []).map((p) => ({ key: p.name, value: p.value })),
      })),
    },
    _shop: s.domain,
  });

  const graphql = (
    s: StandInShop,
    operation: string,
    vars: Record<string, unknown>,
    fields: Set<string>,
  ): { status: number; body: unknown } => {
    if (!state.protectedData) {
      const touched = PROTECTED_ORDER_FIELDS.filter((f) => fields.has(`Order.${f}`));
      if (touched.length > 0)
        return {
          status: 200,
          body: {
            errors: touched.map((f) => ({
              message: `This app is not approved to use the ${f} field. See ${PARTNERS_LINK} for more details.`,
              extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/docs/apps/launch/protected-customer-data' },
            })),
            data: null,
            extensions: cost(10),
          },
        };
    }
    const denied = (field: string, scope: string) => ({
      status: 200,
      body: {
        errors: [
          {
            message: `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
            extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes' },
          },
        ],
        data: null,
        extensions: cost(10),
      },
    });
    const has = (scope: string) => s.scopes.includes(scope) || (scope.startsWith('read_') && s.scopes.includes(`write_${scope.slice(5)}`));
    switch (operation) {
      case 'PodShop':
        return {
          status: 200,
          body: {
            data: {
              shop: {
                id: `gid://shopify/Shop/${legacy(`x/${s.domain.length}`)}`,
                name: s.name,
                email: s.email,
                myshopifyDomain: s.domain,
                currencyCode: 'USD',
              },
              currentAppInstallation: { accessScopes: s.scopes.map((handle) => ({ handle })) },
            },
            extensions: cost(2),
          },
        };
      case 'PodBrandCharge': {
        const price = vars.price as { amount: string; currencyCode: string };
        const purchase: StandInPurchase = {
          id: `gid://shopify/AppPurchaseOneTime/${newId()}`,
          name: String(vars.name),
          status: 'PENDING',
          price: { amount: Number(price.amount).toFixed(2), currencyCode: price.currencyCode },
          test: vars.test === true,
          returnUrl: String(vars.returnUrl),
        };
        s.purchases.set(purchase.id, purchase);
        return {
          status: 200,
          body: {
            data: {
              appPurchaseOneTimeCreate: {
                appPurchaseOneTime: { id: purchase.id, status: purchase.status },
                confirmationUrl: `${url}/admin/charges/${legacy(purchase.id)}/confirm_purchase?shop=${s.domain}`,
                userErrors: [],
              },
            },
            extensions: cost(10),
          },
        };
      }
      case 'PodBrandChargeStatus': {
        const purchase = s.purchases.get(String(vars.id));
        return {
          status: 200,
          body: {
            data: { node: purchase ? { id: purchase.id, status: purchase.status, price: purchase.price } : null },
            extensions: cost(1),
          },
        };
      }
      case 'PodSubscriptions':
        return { status: 200, body: { data: { currentAppInstallation: { activeSubscriptions: s.subscriptions } }, extensions: cost(2) } };
      case 'PodMainTheme':
        if (!has('read_themes')) return denied('themes', 'read_themes');
        return {
          status: 200,
          body: {
            data: {
              themes: {
                nodes: [{ id: 'gid://shopify/OnlineStoreTheme/1', name: 'Dawn', role: 'MAIN', updatedAt: '2026-01-01T00:00:00Z' }],
              },
            },
            extensions: cost(2),
          },
        };
      case 'PodProductSet': {
        if (!has('write_products')) return denied('productSet', 'write_products');
        const r = productSet(s, vars);
        return {
          status: 200,
          body: {
            data: { productSet: { product: r.product ? productNode(r.product) : null, userErrors: r.userErrors } },
            extensions: cost(10),
          },
        };
      }
      case 'PodProductStatus': {
        if (!has('write_products')) return denied('productUpdate', 'write_products');
        const input = (vars.product ?? {}) as { id?: string; status?: string; title?: string };
        const product = input.id ? s.products.get(input.id) : undefined;
        if (!product)
          return {
            status: 200,
            body: {
              data: { productUpdate: { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] } },
              extensions: cost(10),
            },
          };
        if (input.status) product.status = input.status;
        if (input.title) product.title = input.title;
        product.updatedAt = new Date().toISOString();
        return {
          status: 200,
          body: { data: { productUpdate: { product: { id: product.id, status: product.status }, userErrors: [] } }, extensions: cost(10) },
        };
      }
      case 'PodWebhookCreate': {
        const sub = vars.webhookSubscription as { uri?: string };
        const topic = String(vars.topic ?? '');
        const refuse = (field: string[], message: string) => ({
          status: 200,
          body: {
            data: { webhookSubscriptionCreate: { webhookSubscription: null, userErrors: [{ field, message }] } },
            extensions: cost(10),
          },
        });
        if (!sub?.uri) return refuse(['webhookSubscription', 'uri'], 'Address is invalid');
        if (/^http:\/\//i.test(sub.uri) && !opts.insecureWebhooks)
          return refuse(['webhookSubscription', 'uri'], 'Address protocol http:// is not supported');
        if (!/^(https?|pubsub|arn):/i.test(sub.uri)) return refuse(['webhookSubscription', 'uri'], 'Address is invalid');
        if (!state.protectedData && PROTECTED_TOPICS.test(topic))
          return refuse(
            ['webhookSubscription'],
            `This app is not approved to subscribe to webhook topics containing protected customer data. See ${PARTNERS_LINK} for more details.`,
          );
        if (s.webhooks.some((w) => w.topic === topic && w.uri === sub.uri)) {
          return {
            status: 200,
            body: {
              data: {
                webhookSubscriptionCreate: {
                  webhookSubscription: null,
                  userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' }],
                },
              },
              extensions: cost(10),
            },
          };
        }
        const w = { id: `gid://shopify/WebhookSubscription/${newId()}`, topic, uri: sub.uri };
        s.webhooks.push(w);
        return {
          status: 200,
          body: { data: { webhookSubscriptionCreate: { webhookSubscription: w, userErrors: [] } }, extensions: cost(10) },
        };
      }
      case 'PodOrders':
      case 'PodOrdersWithoutCustomer': {
        if (!has('read_orders')) return denied('orders', 'read_orders');
        const q = typeof vars.query === 'string' ? vars.query : '';
        const since = /created_at:>='([^']+)'/.exec(q)?.[1];
        const all = s.orders
          .filter((o) => !since || o.created_at >= new Date(since).toISOString())
          .sort((a, b) => a.created_at.localeCompare(b.created_at));
        const start = typeof vars.after === 'string' ? Number(vars.after) : 0;
        const first = Number(vars.first ?? 50);
        const page = all.slice(start, start + first);
        const more = start + first < all.length;
        return {
          status: 200,
          body: {
            data: {
              orders: {
                nodes: page.map((o) => {
                  const { _shop, email, shippingAddress, ...n } = orderNode(s, o);
                  void _shop;
                  // Only what was selected: the customer's fields when the query asked for them.
                  return {
                    ...n,
                    ...(fields.has('Order.email') ? { email } : {}),
                    ...(fields.has('Order.shippingAddress') ? { shippingAddress } : {}),
                  };
                }),
                pageInfo: { hasNextPage: more, endCursor: more ? String(start + first) : null },
              },
            },
            extensions: cost(20),
          },
        };
      }
      default:
        return {
          status: 200,
          body: { errors: [{ message: `Field '${operation}' doesn't exist on type 'QueryRoot'`, extensions: { code: 'undefinedField' } }] },
        };
    }
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = await readBody(req);

    if (url.pathname === '/admin/oauth/authorize') {
      const q = req.method === 'POST' ? new URLSearchParams(raw) : url.searchParams;
      const result = approveParams(new URLSearchParams(q));
      if ('error' in result) {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(`<!doctype html><title>Error</title><p>${escapeHtml(result.error)}</p>`);
      }
      if (req.method === 'GET') {
        // The code minted for the check above is dropped: the page posts back to mint the real one.
        res.statusCode = 200;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(installPage(url.searchParams));
      }
      res.statusCode = 302;
      res.setHeader('location', result.location);
      return res.end();
    }

    if (url.pathname === '/admin/oauth/access_token' && req.method === 'POST') {
      let b: Record<string, string> = {};
      try {
        b = (req.headers['content-type'] ?? '').includes('json')
          ? (JSON.parse(raw) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        /* answered below */
      }
      if (b.client_id !== opts.apiKey || b.client_secret !== opts.apiSecret)
        return send(res, 400, { error: 'invalid_client', error_description: 'Client credentials are invalid' });
      const grant = codes.get(b.code ?? '');
      if (!grant || grant.used)
        return send(res, 400, { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' });
      grant.used = true;
      const s = shop(grant.shop);
      const token = `shpat_${randomBytes(16).toString('hex')}`;
      s.tokens.add(token);
      s.scopes = grant.scopes;
      return send(res, 200, { access_token: token, scope: grant.scopes.join(',') });
    }

    const gql = /^\/admin\/api\/([\w-]+)\/graphql\.json$/.exec(url.pathname);
    if (gql && req.method === 'POST') {
      const domain = String(req.headers['x-shopify-shop-domain'] ?? '');
      const s = shops.get(domain);
      const token = String(req.headers['x-shopify-access-token'] ?? '');
      let body: { query?: string; variables?: Record<string, unknown> } = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        /* empty */
      }
      const version = gql[1]!;
      const operation = /(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? '';
      if (!hasAdminSchema(version)) {
        calls.push({ shop: domain, operation, version, status: 404 });
        return send(res, 404, { errors: 'Not Found' });
      }
      if (!s || !s.tokens.has(token)) {
        calls.push({ shop: domain, operation, version, status: 401 });
        return send(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      }
      const at = faults.findIndex((f) => f.operation === undefined || f.operation === operation);
      const fault = at >= 0 ? faults.splice(at, 1)[0] : undefined;
      if (fault?.kind === '429') {
        calls.push({ shop: domain, operation, version, status: 429 });
        return send(
          res,
          429,
          { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' },
          { 'retry-after': String(fault.retryAfter) },
        );
      }
      if (fault?.kind === '500') {
        calls.push({ shop: domain, operation, version, status: 500 });
        return send(res, 500, { errors: 'Internal Server Error' });
      }
      if (fault?.kind === 'throttled') {
        calls.push({ shop: domain, operation, version, status: 200 });
        return send(res, 200, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
          extensions: {
            cost: {
              requestedQueryCost: 10,
              actualQueryCost: null,
              throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
            },
          },
        });
      }
      const schema = adminSchema(version);
      const checked = checkOperation(schema, body.query ?? '', body.variables);
      if (!checked.ok) {
        const errors = checked.errors.map((e) => e.message);
        calls.push({ shop: domain, operation, version, status: 200, errors });
        return send(res, 200, {
          errors: checked.errors.map((e) => ({
            message: e.message,
            locations: e.locations,
            extensions: { code: 'argumentLiteralsIncompatible' },
          })),
        });
      }
      const r = graphql(s, operation, checked.result.variables, selectedFields(schema, checked.result.document));
      calls.push({ shop: domain, operation, version, status: r.status });
      return send(res, r.status, r.body);
    }

    send(res, 404, { errors: 'Not Found' });
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const deliver: ShopifyStandIn['deliver'] = async (uri, topic, domain, payload, o = {}) => {
    const body = JSON.stringify(payload);
    const hmac = createHmac('sha256', o.secret ?? opts.apiSecret)
      .update(body)
      .digest('base64');
    const res = await fetch(opts.reach ? opts.reach(uri) : uri, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': hmac,
        'x-shopify-shop-domain': domain,
        'x-shopify-webhook-id': o.webhookId ?? randomUUID(),
        'x-shopify-event-id': randomUUID(),
        'x-shopify-api-version': '2026-07',
        'x-shopify-triggered-at': new Date().toISOString(),
      },
      body: o.tamper ? o.tamper(body) : body,
    });
    return { status: res.status, body: await res.text() };
  };

  return {
    url,
    shops,
    calls,
    get creates() {
      return state.creates;
    },
    failNext(kind, count = 1, retryAfterSeconds = 2, operation) {
      for (let i = 0; i < count; i++) faults.push({ kind, retryAfter: retryAfterSeconds, ...(operation ? { operation } : {}) });
    },
    grantOnly(scopes) {
      state.grantOnly = scopes;
    },
    protectedCustomerData(approved) {
      state.protectedData = approved;
    },
    shop,
    async approve(authorizeUrl) {
      const u = new URL(authorizeUrl);
      const res = await fetch(new URL('/admin/oauth/authorize', url), { method: 'POST', body: u.searchParams, redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`install refused: ${res.status} ${await res.text()}`);
      return location;
    },
    async createOrder(domain, lines, address = {}) {
      const s = shop(domain);
      const n = 1001 + s.orders.length;
      const order: StandInOrder = {
        id: newId(),
        name: `#${n}`,
        email: 'customer@example.com',
        created_at: new Date().toISOString(),
        line_items: lines.map((l) => {
          const product = [...s.products.values()].find((p) => p.variants.some((v) => v.id === l.variantId));
          const variant = product?.variants.find((v) => v.id === l.variantId);
          if (!product || !variant) throw new Error(`no variant ${l.variantId} in ${domain}`);
          return {
            id: newId(),
            product_id: legacy(product.id),
            variant_id: legacy(variant.id),
            quantity: l.quantity,
            sku: variant.sku,
            title: product.title,
            variant_title: variant.selectedOptions.map((o) => o.value).join(' / '),
            price: variant.price,
            properties: l.properties ?? [],
          };
        }),
        shipping_address: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          address1: '1 Loop Road',
          address2: '',
          city: 'Springfield',
          province: 'Illinois',
          zip: '62701',
          country_code: 'US',
          country: 'United States',
          phone: '',
          ...address,
        },
      };
      s.orders.push(order);
      const payload = { ...order, admin_graphql_api_id: `gid://shopify/Order/${order.id}`, currency: 'USD', financial_status: 'paid' };
      const deliveries = [];
      for (const w of s.webhooks.filter((x) => x.topic === 'ORDERS_CREATE'))
        deliveries.push(await deliver(w.uri, 'orders/create', domain, payload));
      return { order, deliveries };
    },
    deliver,
    decidePurchase(domain, id, status) {
      const purchase = shop(domain).purchases.get(id);
      if (!purchase) throw new Error(`no charge ${id} in ${domain}`);
      purchase.status = status;
    },
    async uninstall(domain) {
      const s = shop(domain);
      s.tokens.clear();
      const hooks = s.webhooks.filter((x) => x.topic === 'APP_UNINSTALLED');
      s.webhooks = [];
      for (const w of hooks)
        await deliver(w.uri, 'app/uninstalled', domain, {
          id: 1,
          name: s.name,
          email: s.email,
          domain: s.domain,
          myshopify_domain: s.domain,
        });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
