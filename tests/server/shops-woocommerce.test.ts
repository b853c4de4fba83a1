/**
 * WooCommerce store connections over real HTTP against a loopback stand-in of a WooCommerce
 * store (key grant, REST API wc/v3 with OAuth 1.0a signatures over http and Basic auth over
 * https, WooCommerce's page and batch limits, pictures downloaded into a media library, the
 * creation ping and signed webhooks), using WooCommerce's own REST client: connect, push a
 * variable product with its variations, re-push as an update, import a store order once by
 * signed webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { globalAgent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import { startWooCommerceStandIn, type WooCommerceStandIn } from './stand-ins/woocommerce';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { myProductImages, myProductVariants, myProducts } from '../../server/products/schema';
import { storeConnections, storePushJobs } from '../../server/shops/schema';
import { startShopJobs, type ShopJobs } from '../../server/shops/jobs';
import { ShopMessages, ShopType } from '../../contract/shops';

const OPTIONS: CatalogOptions = { seed: 'stores-woo-test', productCount: 8, imageSize: 128 };
let s: TestServer;
let woo: WooCommerceStandIn;
let rows: CatalogRows;
let runner: ShopJobs;

beforeAll(async () => {
  woo = await startWooCommerceStandIn();
  s = await startServer({ STORES_ALLOW_PRIVATE_HOSTS: '1', STORE_ORDER_PULL_MS: '0' });
  s.config.shops.publicUrl = s.url;
  rows = await seedCatalog(s, OPTIONS);
  runner = startShopJobs({
    db: s.database.db,
    config: s.config.shops,
    dataDir: s.config.dataDir,
    log: { info() {}, warn() {}, error() {} },
    loop: false,
  });
});
afterAll(async () => {
  await runner?.close();
  await s?.close();
  await woo?.close();
});

describe('WooCommerce', () => {
  it('connects through the key grant, pushes variations, updates on re-push, imports a signed order once', async () => {
    const user = await createUser(s.database.db, `woo-${Date.now()}@shops.test`, 'secret123');
    const { token } = await createSession(s.database.db, user.id);
    const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => s.api<T>(method, path, body, token);

    expect((await call('POST', '/woocommerce/woocommerce/connectWCForLogin', { storeUrl: 'not a url at all' })).msg).toBe(
      ShopMessages.invalidStoreUrl,
    );
    const start = await call<{ data: { url: string; state: string } }>('POST', '/woocommerce/woocommerce/connectWCForLogin', {
      storeUrl: woo.url,
    });
    expect(start.code, start.msg).toBe(200);
    const grant = new URL(start.data.url);
    expect(grant.pathname).toBe('/wc-auth/v1/authorize');
    expect(grant.searchParams.get('scope')).toBe('read_write');
    expect(grant.searchParams.get('callback_url')).toBe(`${s.url}/prod-api/woocommerce/woocommerce/callback`);
    const approved = await woo.approve(start.data.url);
    expect(approved.callbackStatus).toBe(200);
    const result = await call<{ data: { status: string } }>('POST', '/woocommerce/woocommerce/connectResult', {
      state: new URL(approved.returnUrl).searchParams.get('state'),
    });
    expect(result.data.status).toBe('bound');
    const stores = await call<{ data: { type: number; platform: string; adminUrl: string }[] }>('GET', '/api/stores/list');
    expect(stores.data).toMatchObject([{ type: ShopType.WOOCOMMERCE, platform: 'woocommerce', adminUrl: `${woo.url}/wp-admin` }]);
    const [conn] = await s.database.db.select().from(storeConnections).where(eq(storeConnections.userId, user.id));
    const [consumerKey] = [...woo.keys.keys()];
    expect(conn!.accessTokenEnc).not.toContain(consumerKey!);
    // The store pinged the new webhook (unsigned, form-encoded) and got the 200 it wants.
    expect(woo.webhooks).toMatchObject([
      { topic: 'order.created', delivery_url: `${s.url}/prod-api/woocommerce/woocommerce/webhook`, ping: 200 },
    ]);

    const p = rows.products.find((x) => rows.variants.filter((v) => v.productId === x.id).length >= 2)!;
    const variants = rows.variants.filter((v) => v.productId === p.id).slice(0, 2);
    const [mp] = await s.database.db
      .insert(myProducts)
      .values({ userId: user.id, productfid: p.id, title: 'Woo Tee', bodyHtml: '<p>soft</p>' })
      .returning();
    await s.database.db.insert(myProductVariants).values(
      variants.map((v, i) => ({
        myProductId: mp!.id,
        variantId: v.id,
        position: i + 1,
        option1: v.option1,
        option2: v.option2,
        option3: v.option3,
        sku: `W-${v.sku}`,
        costCents: v.cost,
        priceCents: 2500 + i,
      })),
    );
    expect((await call('POST', `/api/sendProductShopify/addQueque/${mp!.id}`)).code).toBe(200);
    await runner.drain();
    const [made] = [...woo.products.values()];
    expect(made).toMatchObject({ name: 'Woo Tee', slug: `pod-${mp!.id}`, type: 'variable', description: '<p>soft</p>' });
    expect(made!.variations.map((v) => [v.sku, v.regular_price]).sort()).toEqual(
      [
        [`W-${variants[0]!.sku}`, '25.00'],
        [`W-${variants[1]!.sku}`, '25.01'],
      ].sort(),
    );
    const variationIds = made!.variations.map((v) => v.id).sort();

    await s.database.db.update(myProducts).set({ title: 'Woo Tee 2' }).where(eq(myProducts.id, mp!.id));
    await call('POST', `/api/sendProductShopify/addQueque/${mp!.id}`);
    await runner.drain();
    expect(woo.creates).toBe(1);
    expect([...woo.products.values()][0]!.name).toBe('Woo Tee 2');
    expect([...woo.products.values()][0]!.variations.map((v) => v.id).sort()).toEqual(variationIds);

    // A forged webhook is refused; the store's own is imported once.
    const forged = await fetch(`${s.url}/prod-api/woocommerce/woocommerce/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-source': `${woo.url}/`,
        'x-wc-webhook-topic': 'order.created',
        'x-wc-webhook-signature': createHmac('sha256', 'guess').update('{}').digest('base64'),
      },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    const order = await woo.createOrder([{ productId: made!.id, variationId: made!.variations[0]!.id, quantity: 3 }]);
    expect(order.deliveries).toEqual([200]);
    expect(await runner.pullOrders()).toBe(0);
    const list = await call<{ rows: { status: string; items: { title: string; quantity: number }[] }[] }>('GET', '/api/order/list');
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]!.items).toMatchObject([{ title: 'Woo Tee 2', quantity: 3 }]);
  });
});

/** Connects a stand-in store to a new merchant through the key grant; answers the merchant's call. */
async function connectStore(store: WooCommerceStandIn, label: string) {
  const user = await createUser(s.database.db, `${label}-${Date.now()}@shops.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  const call = <T = Record<string, unknown>>(method: string, p: string, body?: unknown) => s.api<T>(method, p, body, token);
  const start = await call<{ data: { url: string } }>('POST', '/woocommerce/woocommerce/connectWCForLogin', { storeUrl: store.url });
  expect(start.code, start.msg).toBe(200);
  const approved = await store.approve(start.data.url);
  expect(approved.callbackStatus).toBe(200);
  const result = await call<{ data: { status: string } }>('POST', '/woocommerce/woocommerce/connectResult', {
    state: new URL(approved.returnUrl).searchParams.get('state'),
  });
  expect(result.data?.status, result.msg).toBe('bound');
  return { userId: user.id, call };
}

describe('WooCommerce limits and pictures', () => {
  let store: WooCommerceStandIn;
  let pictures: Server;
  let picturesUrl = '';
  const served: string[] = [];

  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    // Where the rendered pictures live (object storage or its CDN in production).
    pictures = createServer((req, res) => {
      served.push(req.url ?? '');
      res.setHeader('content-type', 'image/jpeg');
      res.end(jpeg);
    });
    await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
    const a = pictures.address();
    picturesUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    store = await startWooCommerceStandIn();
  });
  afterAll(async () => {
    await store?.close();
    await new Promise<void>((resolve) => pictures.close(() => resolve()));
  });

  it('pushes 120 variations in batches of at most 100, pages through them, and sends pictures the store holds by id', async () => {
    const { userId, call } = await connectStore(store, 'woo-many');
    const p = rows.products[0]!;
    const [mp] = await s.database.db
      .insert(myProducts)
      .values({ userId, productfid: p.id, title: 'Many Sizes Tee', bodyHtml: '<p>many</p>' })
      .returning();
    const imgs = await s.database.db
      .insert(myProductImages)
      .values(
        ['front', 'back'].map((view, i) => ({
          myProductId: mp!.id,
          viewId: view,
          viewName: view,
          colorValue: '#FFFFFF',
          colorName: 'White',
          url: `${picturesUrl}/render/${mp!.id}-${view}.jpg`,
          thumbnailUrl: `${picturesUrl}/render/${mp!.id}-${view}_thumbnail.jpg`,
          position: i + 1,
          variantIds: [],
        })),
      )
      .returning();
    // 120 sizes: WooCommerce takes at most 100 objects a batch and lists at most 100 a page.
    await s.database.db.insert(myProductVariants).values(
      Array.from({ length: 120 }, (_, i) => ({
        myProductId: mp!.id,
        variantId: 9_000_000 + i,
        position: i + 1,
        option1: `Size ${i + 1}`,
        sku: `MANY-${i + 1}`,
        costCents: 500,
        priceCents: 1500 + i,
        imageId: imgs[i % 2]!.id,
      })),
    );
    const push = async () => {
      const queued = await call('POST', `/api/sendProductShopify/addQueque/${mp!.id}`);
      expect(queued.code, queued.msg).toBe(200);
      await runner.drain();
      const [job] = await s.database.db.select().from(storePushJobs).where(eq(storePushJobs.myProductId, mp!.id));
      return job!;
    };
    const callsBefore = store.calls.length;
    const job = await push();
    expect(job, job.lastError ?? '').toMatchObject({ status: 'done' });
    const made = [...store.products.values()].find((x) => x.slug === `pod-${mp!.id}`)!;
    expect(made.variations).toHaveLength(120);
    expect(new Set(made.variations.map((v) => v.sku)).size).toBe(120);
    const batches = store.calls.slice(callsBefore).filter((c) => c.route.endsWith('/variations/batch'));
    expect(batches.map((c) => [c.items, c.status])).toEqual([
      [100, 200],
      [20, 200],
    ]);
    // Each picture was downloaded once, for the product; the variations took them by id.
    expect(store.downloads.filter((d) => d.startsWith(picturesUrl)).sort()).toEqual(imgs.map((i) => i.url).sort());
    expect(made.variations.every((v) => v.image && made.images.some((i) => i.id === v.image!.id))).toBe(true);

    // Re-pushed with new prices: the same variations, found on both pages, updated in two batches, nothing downloaded again.
    const ids = made.variations.map((v) => v.id).sort();
    await s.database.db.update(myProductVariants).set({ priceCents: 2500 }).where(eq(myProductVariants.myProductId, mp!.id));
    const downloadsBefore = store.downloads.length;
    const callsBefore2 = store.calls.length;
    await s.database.db.delete(storePushJobs).where(eq(storePushJobs.myProductId, mp!.id));
    const again = await push();
    expect(again, again.lastError ?? '').toMatchObject({ status: 'done' });
    const after = store.products.get(made.id)!;
    expect(after.variations.map((v) => v.id).sort()).toEqual(ids);
    expect(after.variations.every((v) => v.regular_price === '25.00')).toBe(true);
    expect(store.downloads.length).toBe(downloadsBefore);
    const second = store.calls.slice(callsBefore2);
    expect(second.filter((c) => c.route.endsWith('/variations') && c.method === 'GET')).toHaveLength(2);
    expect(second.filter((c) => c.route.endsWith('/variations/batch')).map((c) => c.items)).toEqual([100, 20]);
    // As the picture host saw it: each picture fetched once over both pushes.
    expect(served.filter((x) => x.startsWith('/render/')).sort()).toEqual(imgs.map((i) => new URL(i.url).pathname).sort());
  });
});

describe('WooCommerce over https', () => {
  let secure: WooCommerceStandIn;
  let savedCa: unknown;

  beforeAll(async () => {
    // A self-signed certificate for the loopback store, trusted by this process only.
    const dir = mkdtempSync(path.join(tmpdir(), 'woo-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const tls = { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
    savedCa = globalAgent.options.ca;
    globalAgent.options.ca = tls.cert;
    secure = await startWooCommerceStandIn({ tls });
  });
  afterAll(async () => {
    globalAgent.options.ca = savedCa as typeof globalAgent.options.ca;
    await secure?.close();
  });

  it('connects, pushes and imports an order with Basic auth, as real stores are reached', async () => {
    expect(secure.url).toMatch(/^https:/);
    const { userId, call } = await connectStore(secure, 'woo-tls');
    expect(secure.webhooks).toMatchObject([{ topic: 'order.created', ping: 200 }]);
    const p = rows.products.find((x) => rows.variants.filter((v) => v.productId === x.id).length >= 2)!;
    const variants = rows.variants.filter((v) => v.productId === p.id).slice(0, 2);
    const [mp] = await s.database.db
      .insert(myProducts)
      .values({ userId, productfid: p.id, title: 'Secure Tee', bodyHtml: '<p>tls</p>' })
      .returning();
    await s.database.db.insert(myProductVariants).values(
      variants.map((v, i) => ({
        myProductId: mp!.id,
        variantId: v.id,
        position: i + 1,
        option1: v.option1,
        option2: v.option2,
        option3: v.option3,
        sku: `S-${v.sku}`,
        costCents: v.cost,
        priceCents: 3000 + i,
      })),
    );
    expect((await call('POST', `/api/sendProductShopify/addQueque/${mp!.id}`)).code).toBe(200);
    await runner.drain();
    const [made] = [...secure.products.values()];
    expect(made).toMatchObject({ name: 'Secure Tee', type: 'variable' });
    expect(made!.variations).toHaveLength(2);
    // Every call carried the keys as Basic auth: no OAuth 1.0a signature, no keys in a URL.
    expect(secure.calls.length).toBeGreaterThan(0);
    expect(secure.calls.every((c) => c.auth === 'basic' && c.status < 400)).toBe(true);

    const order = await secure.createOrder([{ productId: made!.id, variationId: made!.variations[1]!.id, quantity: 1 }]);
    expect(order.deliveries).toEqual([200]);
    const list = await call<{ rows: { items: { title: string; quantity: number }[] }[] }>('GET', '/api/order/list');
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]!.items).toMatchObject([{ title: 'Secure Tee', quantity: 1 }]);
  });
});
