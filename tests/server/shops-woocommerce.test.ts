/**
 * WooCommerce store connections over real HTTP against a loopback stand-in of a WooCommerce
 * store (key grant, REST API wc/v3 with OAuth 1.0a signatures, signed webhooks), using
 * WooCommerce's own REST client: connect, push a variable product with its variations,
 * re-push as an update, import a store order once by signed webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { startServer, type TestServer } from './harness';
import { startWooCommerceStandIn, type WooCommerceStandIn } from './stand-ins/woocommerce';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { myProductVariants, myProducts } from '../../server/products/schema';
import { storeConnections } from '../../server/shops/schema';
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
    expect(woo.webhooks).toMatchObject([{ topic: 'order.created', delivery_url: `${s.url}/prod-api/woocommerce/woocommerce/webhook` }]);

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
