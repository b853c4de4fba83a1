/**
 * A loopback stand-in for a WooCommerce store, speaking the parts of its documented contract the
 * server uses:
 * - the key grant: /wc-auth/v1/authorize (app_name, scope, user_id, return_url, callback_url);
 *   approving POSTs {key_id, user_id, consumer_key, consumer_secret, key_permissions} as JSON to
 *   callback_url, then sends the browser to return_url with success=1&user_id=…;
 * - REST API wc/v3 over plain http with OAuth 1.0a one-legged signatures (HMAC-SHA256, the
 *   parameters in the query string), 401 woocommerce_rest_authentication_error otherwise:
 *   products (create, update, list by slug), variations (list, batch), orders (list), webhooks;
 * - webhooks signed with X-WC-Webhook-Signature (base64 HMAC-SHA256 of the body with the secret).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface WcStandInProduct {
  id: number;
  name: string;
  slug: string;
  type: string;
  status: string;
  description: string;
  images: { src: string }[];
  attributes: { name: string; options: string[] }[];
  variations: { id: number; sku: string; regular_price: string; attributes: { name: string; option: string }[] }[];
}

export interface WooCommerceStandIn {
  url: string;
  products: Map<number, WcStandInProduct>;
  webhooks: { topic: string; delivery_url: string; secret: string }[];
  keys: Map<string, string>;
  creates: number;
  /** The store admin approves the key grant page URL; returns the browser's return_url. */
  approve(authorizeUrl: string): Promise<{ callbackStatus: number; returnUrl: string }>;
  createOrder(lines: { productId: number; variationId: number; quantity: number }[]): Promise<{ id: number; deliveries: number[] }>;
  close(): Promise<void>;
}

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export async function startWooCommerceStandIn(): Promise<WooCommerceStandIn> {
  const products = new Map<number, WcStandInProduct>();
  const orders: Record<string, unknown>[] = [];
  const webhooks: WooCommerceStandIn['webhooks'] = [];
  const keys = new Map<string, string>();
  const state = { creates: 0 };
  let next = 100;
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    res.end(JSON.stringify(body));
  };

  /** OAuth 1.0a: signature over METHOD & base URL & the sorted, encoded parameters. */
  const signatureOk = (method: string, u: URL): boolean => {
    const key = u.searchParams.get('oauth_consumer_key') ?? '';
    const secret = keys.get(key);
    if (!secret || u.searchParams.get('oauth_signature_method') !== 'HMAC-SHA256') return false;
    // PHP's $_GET keeps one value per name (the last): a parameter repeated in the URL counts once.
    const params = [...new Map(u.searchParams.entries()).entries()]
      .filter(([k]) => k !== 'oauth_signature')
      .map(([k, v]) => [enc(k), enc(v)] as const)
      .sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0] < b[0] ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const base = `${method.toUpperCase()}&${enc(`${u.origin}${u.pathname}`)}&${enc(params)}`;
    return (
      createHmac('sha256', `${enc(secret)}&`)
        .update(base)
        .digest('base64') === u.searchParams.get('oauth_signature')
    );
  };

  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', url);
    const raw = await readBody(req);
    if (u.pathname === '/wc-auth/v1/authorize') {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html');
      return res.end(`<!doctype html><title>Connect</title><h1>${u.searchParams.get('app_name')} would like to connect to your store</h1>`);
    }
    const m = /^\/wp-json\/wc\/v3\/(.+)$/.exec(u.pathname);
    if (!m)
      return send(res, 404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    if (!signatureOk(req.method ?? 'GET', u))
      return send(res, 401, {
        code: 'woocommerce_rest_authentication_error',
        message: 'Invalid signature - provided signature does not match.',
        data: { status: 401 },
      });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const route = m[1]!;
    const method = req.method ?? 'GET';
    if (route === 'products' && method === 'GET') {
      const slug = u.searchParams.get('slug');
      return send(
        res,
        200,
        [...products.values()].filter((p) => !slug || p.slug === slug),
      );
    }
    if (route === 'products' && method === 'POST') {
      if (!body.name)
        return send(res, 400, { code: 'woocommerce_rest_missing_name', message: 'Missing parameter: name', data: { status: 400 } });
      const p: WcStandInProduct = {
        id: next++,
        name: String(body.name),
        slug: String(body.slug ?? `p-${next}`),
        type: String(body.type ?? 'simple'),
        status: String(body.status ?? 'publish'),
        description: String(body.description ?? ''),
        images: (body.images as { src: string }[]) ?? [],
        attributes: (body.attributes as WcStandInProduct['attributes']) ?? [],
        variations: [],
      };
      products.set(p.id, p);
      state.creates += 1;
      return send(res, 201, p);
    }
    const pm = /^products\/(\d+)(\/variations(\/batch)?)?$/.exec(route);
    const product = pm ? products.get(Number(pm[1])) : undefined;
    if (pm && !product)
      return send(res, 404, { code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.', data: { status: 404 } });
    if (pm && product && !pm[2] && method === 'PUT') {
      for (const k of ['name', 'slug', 'type', 'status', 'description'] as const)
        if (typeof body[k] === 'string') product[k] = body[k] as string;
      if (Array.isArray(body.images)) product.images = body.images as { src: string }[];
      if (Array.isArray(body.attributes)) product.attributes = body.attributes as WcStandInProduct['attributes'];
      return send(res, 200, product);
    }
    if (pm && product && pm[2] && !pm[3] && method === 'GET') return send(res, 200, product.variations);
    if (pm && product && pm[3] && method === 'POST') {
      const created = ((body.create ?? []) as WcStandInProduct['variations']).map((v) => ({ ...v, id: next++ }));
      const updated = ((body.update ?? []) as WcStandInProduct['variations']).map((v) => {
        const cur = product.variations.find((x) => x.id === v.id);
        if (cur) Object.assign(cur, v);
        return cur ?? { ...v, error: { code: 'woocommerce_rest_product_variation_invalid_id', message: 'Invalid ID.' } };
      });
      const removed = new Set((body.delete ?? []) as number[]);
      product.variations = [...product.variations.filter((v) => !removed.has(v.id)), ...created];
      return send(res, 200, { create: created, update: updated, delete: [...removed].map((id) => ({ id })) });
    }
    if (route === 'orders' && method === 'GET') {
      const after = u.searchParams.get('after');
      return send(
        res,
        200,
        orders.filter((o) => !after || `${String(o.date_created_gmt)}Z` > after),
      );
    }
    if (route === 'webhooks' && method === 'POST') {
      webhooks.push({ topic: String(body.topic), delivery_url: String(body.delivery_url), secret: String(body.secret) });
      return send(res, 201, { id: next++, ...body, status: 'active' });
    }
    return send(res, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    products,
    webhooks,
    keys,
    get creates() {
      return state.creates;
    },
    async approve(authorizeUrl) {
      const q = new URL(authorizeUrl).searchParams;
      const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
      const consumerSecret = `cs_${randomBytes(20).toString('hex')}`;
      keys.set(consumerKey, consumerSecret);
      const res = await fetch(q.get('callback_url') ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key_id: next++,
          user_id: q.get('user_id'),
          consumer_key: consumerKey,
          consumer_secret: consumerSecret,
          key_permissions: q.get('scope'),
        }),
      });
      const back = new URL(q.get('return_url') ?? '');
      back.searchParams.set('success', res.ok ? '1' : '0');
      back.searchParams.set('user_id', q.get('user_id') ?? '');
      return { callbackStatus: res.status, returnUrl: back.toString() };
    },
    async createOrder(lines) {
      const order = {
        id: next++,
        number: String(next),
        date_created_gmt: new Date().toISOString().slice(0, 19),
        billing: { email: 'buyer@example.com' },
        shipping: {
          first_name: 'Grace',
          last_name: 'Hopper',
          address_1: '2 Side St',
          address_2: '',
          city: 'Austin',
          state: 'TX',
          postcode: '73301',
          country: 'US',
        },
        line_items: lines.map((l) => {
          const v = products.get(l.productId)?.variations.find((x) => x.id === l.variationId);
          return {
            product_id: l.productId,
            variation_id: l.variationId,
            quantity: l.quantity,
            sku: v?.sku ?? '',
            name: products.get(l.productId)?.name ?? '',
          };
        }),
      };
      orders.push(order);
      const deliveries: number[] = [];
      for (const w of webhooks.filter((x) => x.topic === 'order.created')) {
        const raw = JSON.stringify(order);
        const r = await fetch(w.delivery_url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-wc-webhook-source': `${url}/`,
            'x-wc-webhook-topic': 'order.created',
            'x-wc-webhook-resource': 'order',
            'x-wc-webhook-event': 'created',
            'x-wc-webhook-signature': createHmac('sha256', w.secret).update(raw).digest('base64'),
            'x-wc-webhook-id': '1',
          },
          body: raw,
        });
        deliveries.push(r.status);
      }
      return { id: order.id, deliveries };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
