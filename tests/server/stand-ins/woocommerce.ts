/**
 * A loopback stand-in for a WooCommerce store, speaking the parts of its documented contract the
 * server uses:
 * - the key grant: /wc-auth/v1/authorize (app_name, scope, user_id, return_url, callback_url);
 *   approving POSTs {key_id, user_id, consumer_key, consumer_secret, key_permissions} as JSON to
 *   callback_url, then sends the browser to return_url with success=1&user_id=…;
 * - REST API wc/v3, authenticated as WooCommerce does by transport: over plain http with OAuth
 *   1.0a one-legged signatures (HMAC-SHA256, the parameters in the query string), over https
 *   (`tls` given) with HTTP Basic auth (consumer key and secret) or consumer_key/consumer_secret
 *   in the query; 401 woocommerce_rest_authentication_error otherwise. Products (create, update,
 *   list by slug), variations (list, batch), orders (list), webhooks;
 * - WooCommerce's limits: list calls page (per_page 10 by default, at most 100, else 400
 *   rest_invalid_param; X-WP-Total and X-WP-TotalPages headers), a batch holds at most 100
 *   objects (else 413 woocommerce_rest_request_entity_too_large);
 * - pictures: an image given by `src` is downloaded into the media library (a new image id each
 *   time; an address that does not answer a picture is 400 woocommerce_product_image_upload_error),
 *   an image given by `id` must be in the library (else 400 woocommerce_product_invalid_image_id);
 * - webhooks: creating one pings its delivery URL with the unsigned form-encoded `webhook_id=N`
 *   (any answer but 200 is recorded as the ping's failure); deliveries are signed with
 *   X-WC-Webhook-Signature (base64 HMAC-SHA256 of the body with the secret).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';

export interface WcStandInImage {
  id: number;
  /** The store's copy. */
  src: string;
  /** Where it was downloaded from. */
  source: string;
  alt: string;
}

export interface WcStandInProduct {
  id: number;
  name: string;
  slug: string;
  type: string;
  status: string;
  description: string;
  images: WcStandInImage[];
  attributes: { name: string; options: string[] }[];
  variations: {
    id: number;
    sku: string;
    regular_price: string;
    attributes: { name: string; option: string }[];
    image: WcStandInImage | null;
  }[];
}

export interface WooCommerceStandIn {
  url: string;
  products: Map<number, WcStandInProduct>;
  webhooks: { id: number; topic: string; delivery_url: string; secret: string; ping: number | string }[];
  keys: Map<string, string>;
  creates: number;
  /** Every picture the store downloaded, by source URL. */
  downloads: string[];
  /** Every REST call: method, route, the batch size, the status answered. */
  calls: { method: string; route: string; auth: 'oauth1' | 'basic' | 'query' | 'none'; items?: number; status: number }[];
  /** The media library: pictures by id. */
  media: Map<number, WcStandInImage>;
  /** The store admin approves the key grant page URL; returns the browser's return_url. */
  approve(authorizeUrl: string): Promise<{ callbackStatus: number; returnUrl: string }>;
  /** A customer order; `meta` is each line's item meta (what the storefront snippet stored, e.g. a personalisation). */
  createOrder(
    lines: { productId: number; variationId: number; quantity: number; meta?: { key: string; value: string }[] }[],
  ): Promise<{ id: number; deliveries: number[] }>;
  close(): Promise<void>;
}

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** A variation in a batch body. */
interface BatchItem {
  id?: number;
  sku?: string;
  regular_price?: string;
  attributes?: { name: string; option: string }[];
  image?: { id?: number; src?: string };
}

const BATCH_MAX = 100;
const PAGE_MAX = 100;

export async function startWooCommerceStandIn(opts: { tls?: { key: string; cert: string } } = {}): Promise<WooCommerceStandIn> {
  const products = new Map<number, WcStandInProduct>();
  const orders: Record<string, unknown>[] = [];
  const webhooks: WooCommerceStandIn['webhooks'] = [];
  const keys = new Map<string, string>();
  const media = new Map<number, WcStandInImage>();
  const downloads: string[] = [];
  const calls: WooCommerceStandIn['calls'] = [];
  const state = { creates: 0 };
  let next = 100;
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.end(JSON.stringify(body));
  };
  const wcError = (code: string, message: string, status: number) => ({ code, message, data: { status } });

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

  /** How the call authenticated: WooCommerce takes Basic auth and query keys only over https. */
  const authOf = (req: IncomingMessage, u: URL): WooCommerceStandIn['calls'][number]['auth'] | null => {
    if (!opts.tls) return signatureOk(req.method ?? 'GET', u) ? 'oauth1' : null;
    const basic = /^Basic\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    if (basic) {
      const [k, ...rest] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      return k && keys.get(k) === rest.join(':') ? 'basic' : null;
    }
    const k = u.searchParams.get('consumer_key');
    if (k) return keys.get(k) === u.searchParams.get('consumer_secret') ? 'query' : null;
    return null;
  };

  /** A page of a list as WooCommerce answers it, or the refusal of a page size it does not take. */
  const page = <T>(res: ServerResponse, u: URL, all: T[]) => {
    const perPage = Number(u.searchParams.get('per_page') ?? 10);
    const pageNo = Number(u.searchParams.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > PAGE_MAX)
      return send(res, 400, {
        ...wcError('rest_invalid_param', 'Invalid parameter(s): per_page', 400),
        data: { status: 400, params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' } },
      });
    const pages = Math.max(1, Math.ceil(all.length / perPage));
    return send(res, 200, all.slice((pageNo - 1) * perPage, pageNo * perPage), {
      'x-wp-total': String(all.length),
      'x-wp-totalpages': String(pages),
    });
  };

  class ImageRefused extends Error {
    constructor(
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  }

  /** An image of a product or variation body: an id from the library, or a URL downloaded into it. */
  const takeImage = async (given: { id?: number; src?: string; alt?: string }): Promise<WcStandInImage> => {
    if (given.id) {
      const known = media.get(Number(given.id));
      if (!known) throw new ImageRefused('woocommerce_product_invalid_image_id', `#${given.id} is an invalid image ID.`);
      return known;
    }
    const src = String(given.src ?? '');
    let ok = false;
    try {
      const r = await fetch(src, { signal: AbortSignal.timeout(10_000) });
      const bytes = Buffer.from(await r.arrayBuffer());
      ok = r.ok && (bytes[0] === 0xff || bytes.subarray(1, 4).toString('latin1') === 'PNG');
    } catch {
      ok = false;
    }
    if (!ok) throw new ImageRefused('woocommerce_product_image_upload_error', `Error getting remote image ${src}.`);
    downloads.push(src);
    const id = next++;
    const img = { id, src: `${url}/wp-content/uploads/${id}.jpg`, source: src, alt: String(given.alt ?? '') };
    media.set(id, img);
    return img;
  };
  const wireImage = (i: WcStandInImage) => ({ id: i.id, src: i.src, name: String(i.id), alt: i.alt });
  const wireProduct = (p: WcStandInProduct) => ({
    ...p,
    images: p.images.map(wireImage),
    variations: p.variations.map((v) => v.id),
  });
  const wireVariation = (v: WcStandInProduct['variations'][number]) => ({ ...v, image: v.image ? wireImage(v.image) : null });

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', url);
    const raw = await readBody(req);
    if (u.pathname === '/wc-auth/v1/authorize') {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html');
      return res.end(`<!doctype html><title>Connect</title><h1>${u.searchParams.get('app_name')} would like to connect to your store</h1>`);
    }
    const m = /^\/wp-json\/wc\/v3\/(.+)$/.exec(u.pathname);
    if (!m) return send(res, 404, wcError('rest_no_route', 'No route was found matching the URL and request method.', 404));
    const route = m[1]!;
    const method = req.method ?? 'GET';
    const auth = authOf(req, u);
    const answer = (status: number, body: unknown, items?: number) => {
      calls.push({ method, route, auth: auth ?? 'none', ...(items === undefined ? {} : { items }), status });
      return send(res, status, body);
    };
    if (!auth)
      return answer(
        401,
        wcError(
          'woocommerce_rest_authentication_error',
          opts.tls ? 'Consumer key is invalid.' : 'Invalid signature - provided signature does not match.',
          401,
        ),
      );
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    try {
      if (route === 'products' && method === 'GET') {
        calls.push({ method, route, auth, status: 200 });
        const slug = u.searchParams.get('slug');
        return page(res, u, [...products.values()].filter((p) => !slug || p.slug === slug).map(wireProduct));
      }
      if (route === 'products' && method === 'POST') {
        if (!body.name) return answer(400, wcError('woocommerce_rest_missing_name', 'Missing parameter: name', 400));
        const images = [];
        for (const i of (body.images as { id?: number; src?: string; alt?: string }[] | undefined) ?? []) images.push(await takeImage(i));
        const p: WcStandInProduct = {
          id: next++,
          name: String(body.name),
          slug: String(body.slug ?? `p-${next}`),
          type: String(body.type ?? 'simple'),
          status: String(body.status ?? 'publish'),
          description: String(body.description ?? ''),
          images,
          attributes: (body.attributes as WcStandInProduct['attributes']) ?? [],
          variations: [],
        };
        products.set(p.id, p);
        state.creates += 1;
        return answer(201, wireProduct(p));
      }
      const pm = /^products\/(\d+)(\/variations(\/batch)?)?$/.exec(route);
      const product = pm ? products.get(Number(pm[1])) : undefined;
      if (pm && !product) return answer(404, wcError('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404));
      if (pm && product && !pm[2] && method === 'PUT') {
        for (const k of ['name', 'slug', 'type', 'status', 'description'] as const)
          if (typeof body[k] === 'string') product[k] = body[k] as string;
        if (Array.isArray(body.images)) {
          const images = [];
          for (const i of body.images as { id?: number; src?: string; alt?: string }[]) images.push(await takeImage(i));
          product.images = images;
        }
        if (Array.isArray(body.attributes)) product.attributes = body.attributes as WcStandInProduct['attributes'];
        return answer(200, wireProduct(product));
      }
      if (pm && product && pm[2] && !pm[3] && method === 'GET') {
        calls.push({ method, route, auth, status: 200 });
        return page(res, u, product.variations.map(wireVariation));
      }
      if (pm && product && pm[3] && method === 'POST') {
        const create = (body.create ?? []) as BatchItem[];
        const update = (body.update ?? []) as BatchItem[];
        const remove = (body.delete ?? []) as number[];
        const items = create.length + update.length + remove.length;
        if (items > BATCH_MAX)
          return answer(
            413,
            wcError('woocommerce_rest_request_entity_too_large', `Unable to accept more than ${BATCH_MAX} items for this request.`, 413),
            items,
          );
        const created = [];
        for (const v of create) {
          const made = {
            id: next++,
            sku: String(v.sku ?? ''),
            regular_price: String(v.regular_price ?? ''),
            attributes: v.attributes ?? [],
            image: v.image ? await takeImage(v.image) : null,
          };
          product.variations.push(made);
          created.push(wireVariation(made));
        }
        const updated = [];
        for (const v of update) {
          const cur = product.variations.find((x) => x.id === v.id);
          if (!cur) {
            updated.push({ id: v.id, error: { code: 'woocommerce_rest_product_variation_invalid_id', message: 'Invalid ID.' } });
            continue;
          }
          if (v.sku !== undefined) cur.sku = v.sku;
          if (v.regular_price !== undefined) cur.regular_price = v.regular_price;
          if (v.attributes) cur.attributes = v.attributes;
          if (v.image) cur.image = await takeImage(v.image);
          updated.push(wireVariation(cur));
        }
        const removed = new Set(remove);
        product.variations = product.variations.filter((v) => !removed.has(v.id));
        return answer(200, { create: created, update: updated, delete: [...removed].map((id) => ({ id })) }, items);
      }
      if (route === 'orders' && method === 'GET') {
        calls.push({ method, route, auth, status: 200 });
        const after = u.searchParams.get('after');
        return page(
          res,
          u,
          orders.filter((o) => !after || `${String(o.date_created_gmt)}Z` > after),
        );
      }
      if (route === 'webhooks' && method === 'POST') {
        const hook = {
          id: next++,
          topic: String(body.topic),
          delivery_url: String(body.delivery_url),
          secret: String(body.secret),
          ping: 0 as number | string,
        };
        webhooks.push(hook);
        // WooCommerce's deliver_ping(): the webhook's id, form-encoded, no signature.
        try {
          const r = await fetch(hook.delivery_url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'WooCommerce/9.0 Hookshot (WordPress/6.6)' },
            body: `webhook_id=${hook.id}`,
          });
          hook.ping = r.status;
        } catch (err) {
          hook.ping = `Error: Delivery URL cannot be reached: ${err instanceof Error ? err.message : String(err)}`;
        }
        return answer(201, { id: hook.id, ...body, status: 'active' });
      }
    } catch (err) {
      if (err instanceof ImageRefused) return answer(400, wcError(err.code, err.message, 400));
      throw err;
    }
    return answer(404, wcError('rest_no_route', 'No route was found matching the URL and request method.', 404));
  };

  const server: Server = opts.tls ? createTlsServer(opts.tls, (q, r) => void handler(q, r)) : createServer((q, r) => void handler(q, r));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    products,
    webhooks,
    keys,
    downloads,
    calls,
    media,
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
            meta_data: (l.meta ?? []).map((m, i) => ({ id: i + 1, key: m.key, value: m.value })),
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
