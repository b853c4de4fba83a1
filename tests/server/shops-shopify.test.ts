/**
 * Shopify store connections over real HTTP, a real database and a loopback stand-in that speaks
 * Shopify's OAuth, GraphQL Admin and webhook contracts: install with HMAC and state checks,
 * tokens encrypted at rest, pushes through the database queue (two workers, retries on 429 /
 * 5xx / THROTTLED, idempotent re-pushes), store orders imported once by webhook or pull, codes
 * 10003 / 10004, multiple stores per merchant, and one merchant never reaching another's store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { codeIn, startServer, type TestServer } from './harness';
import { startShopifyStandIn, type ShopifyStandIn } from './stand-ins/shopify';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { myProductImages, myProductVariants, myProducts } from '../../server/products/schema';
import { storeConnections, storeOrderImports, storeProductLinks, storePushJobs } from '../../server/shops/schema';
import { startShopJobs, shopTokenCipher, type ShopJobs } from '../../server/shops/jobs';
import { SHOPIFY_API_VERSION, SHOPIFY_DEFAULT_SCOPES } from '../../server/shops/config';
import { PROTECTED_DATA_MESSAGE, PROTECTED_WEBHOOK_MESSAGE } from '../../server/shops/shopify/connector';
import { Code, Messages } from '../../contract/envelope';
import { ShopMessages, ShopType } from '../../contract/shops';

const OPTIONS: CatalogOptions = { seed: 'shops-shopify-test', productCount: 12, imageSize: 128 };
const APP = { apiKey: 'pod-standin-key', apiSecret: 'shpss_standInSecret0123456789' };
/**
 * The app's public address. Shopify delivers webhooks only to https addresses; the stand-in
 * reaches it as the TLS proxy in front of a real deployment would: at this test server.
 */
const PUBLIC = 'https://app.pod.test';

let s: TestServer;
let shopify: ShopifyStandIn;
let rows: CatalogRows;
let runner: ShopJobs;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  shopify = await startShopifyStandIn({ ...APP, reach: (uri) => uri.replace(PUBLIC, s.url) });
  s = await startServer({
    SHOPIFY_API_KEY: APP.apiKey,
    SHOPIFY_API_SECRET: APP.apiSecret,
    SHOPIFY_ADMIN_ORIGIN: shopify.url,
    STORE_ORDER_PULL_MS: '0',
  });
  // The public address (redirects, webhooks, image URLs).
  s.config.shops.publicUrl = PUBLIC;
  rows = await seedCatalog(s, OPTIONS);
  runner = startShopJobs({ db: s.database.db, config: s.config.shops, dataDir: s.config.dataDir, log: silent, loop: false });
});
afterAll(async () => {
  await runner?.close();
  await s?.close();
  await shopify?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  email: string;
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Res<T>>;
}
let n = 0;
async function merchant(): Promise<Merchant> {
  const email = `shop${++n}-${Date.now()}@shops.test`;
  const user = await createUser(s.database.db, email, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, email, token, call: (method, path, body) => s.api(method, path, body, token) as never };
}

/** Connects a stand-in store to the merchant through the real install flow. */
async function connect(m: Merchant, domain: string): Promise<number> {
  const start = await m.call<{ data: { url: string } }>('POST', `/api/shopifyauthShopify?shop=${domain}`);
  expect(start.code, start.msg).toBe(200);
  const callback = new URL(await shopify.approve(start.data.url));
  const bound = await m.call<{ data: { status: string; shopId: number } }>(
    'POST',
    '/api/shopifyOAuth/bindShop',
    Object.fromEntries(callback.searchParams),
  );
  expect(bound.code, bound.msg).toBe(200);
  expect(bound.data.status).toBe('bound');
  return bound.data.shopId;
}

/** A saved product ("My products") on a catalogue product with two or more variants. */
async function savedProduct(m: Merchant, title = 'Sunset Tee', variantCount = 3): Promise<number> {
  const p = rows.products.find((x) => x.shipFrom === 'CN' && rows.variants.filter((v) => v.productId === x.id).length >= variantCount)!;
  const variants = rows.variants.filter((v) => v.productId === p.id).slice(0, variantCount);
  const db = s.database.db;
  const [mp] = await db
    .insert(myProducts)
    .values({ userId: m.id, productfid: p.id, title, bodyHtml: `<p>${title} by me</p>` })
    .returning();
  const [img] = await db
    .insert(myProductImages)
    .values({
      myProductId: mp!.id,
      viewId: 'front',
      viewName: 'Front',
      colorValue: '#FFFFFF',
      colorName: 'White',
      url: `/prod-api/files/render/${mp!.id}-front.jpg`,
      thumbnailUrl: `/prod-api/files/render/${mp!.id}-front_thumbnail.jpg`,
      position: 1,
      variantIds: variants.map((v) => v.id),
    })
    .returning();
  await db.insert(myProductVariants).values(
    variants.map((v, i) => ({
      myProductId: mp!.id,
      variantId: v.id,
      position: i + 1,
      option1: v.option1,
      option2: v.option2,
      option3: v.option3,
      sku: `${v.sku}-M${mp!.id}`,
      costCents: v.cost,
      priceCents: v.cost * 2 + i,
      imageId: img!.id,
    })),
  );
  return mp!.id;
}

const jobsOf = (shopId: number) => s.database.db.select().from(storePushJobs).where(eq(storePushJobs.shopId, shopId));
const productsIn = (domain: string) => [...shopify.shop(domain).products.values()];

describe('connecting a Shopify store', () => {
  it('installs with the app key, scopes, redirect and a state, and keeps the token encrypted', async () => {
    const m = await merchant();
    const start = await m.call<{ data: { url: string } }>('POST', '/api/shopifyauthShopify?shop=Alpha-Store');
    const url = new URL(start.data.url);
    expect(url.origin).toBe(shopify.url);
    expect(url.pathname).toBe('/admin/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe(APP.apiKey);
    expect(url.searchParams.get('scope')).toBe(SHOPIFY_DEFAULT_SCOPES.join(','));
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/auth/shopify`);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);

    const callback = Object.fromEntries(new URL(await shopify.approve(start.data.url)).searchParams);
    const bound = await m.call<{ data: { status: string; shopId: number } }>('POST', '/api/shopifyOAuth/bindShop', callback);
    expect(bound.data.status).toBe('bound');

    const [conn] = await s.database.db.select().from(storeConnections).where(eq(storeConnections.shopId, bound.data.shopId));
    const issued = [...shopify.shop('alpha-store.myshopify.com').tokens][0]!;
    expect(conn!.accessTokenEnc).not.toContain(issued);
    expect(conn!.accessTokenEnc.startsWith('v1:')).toBe(true);
    expect(shopTokenCipher(s.config.shops, s.config.dataDir).decrypt(conn!.accessTokenEnc)).toBe(issued);
    expect(s.logs.join('\n')).not.toContain(issued);

    const info = await m.call<{
      user: { shopid: number; type: number; sShops: { id: number; myshopifyDomain: string; simplename: string; type: number }[] };
    }>('GET', '/api/user/getInfo');
    expect(info.user.shopid).toBe(bound.data.shopId);
    expect(info.user.type).toBe(ShopType.SHOPIFY);
    expect(info.user.sShops).toEqual([
      { id: bound.data.shopId, myshopifyDomain: 'alpha-store.myshopify.com', simplename: 'Alpha Store', type: 6 },
    ]);
    // Orders and uninstalls are subscribed to our webhook address, with nothing to tell the merchant.
    expect(
      shopify
        .shop('alpha-store.myshopify.com')
        .webhooks.map((w) => [w.topic, w.uri])
        .sort(),
    ).toEqual([
      ['APP_UNINSTALLED', `${PUBLIC}/prod-api/api/shopify/webhooks`],
      ['ORDERS_CREATE', `${PUBLIC}/prod-api/api/shopify/webhooks`],
    ]);
    const stores = await m.call<{ data: { notices: string[] }[] }>('GET', '/api/stores/list');
    expect(stores.data[0]!.notices).toEqual([]);
    // Every Admin API call went to the default version, and the schema of that version found nothing to refuse.
    const mine = shopify.calls.filter((c) => c.shop === 'alpha-store.myshopify.com');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c) => c.version === SHOPIFY_API_VERSION && !c.errors)).toBe(true);

    // The same callback again: its state was used, nothing changes.
    const replay = await m.call('POST', '/api/shopifyOAuth/bindShop', callback);
    expect(replay.msg).toBe(ShopMessages.stateInvalid);
  });

  it('refuses a callback whose HMAC does not match, and one with a state it never issued', async () => {
    const m = await merchant();
    const start = await m.call<{ data: { url: string } }>('POST', '/api/shopifyauthShopify?shop=beta-store');
    const callback = Object.fromEntries(new URL(await shopify.approve(start.data.url)).searchParams);
    const tampered = await m.call('POST', '/api/shopifyOAuth/bindShop', { ...callback, shop: 'gamma-store.myshopify.com' });
    expect(tampered.code).toBe(Code.ERROR);
    expect(tampered.msg).toBe(ShopMessages.badSignature);
    const badHmac = await m.call('POST', '/api/shopifyOAuth/bindShop', { ...callback, hmac: '0'.repeat(64) });
    expect(badHmac.msg).toBe(ShopMessages.badSignature);
    expect(await m.call<{ data: unknown[] }>('GET', '/api/stores/list').then((r) => r.data)).toEqual([]);

    // A correctly signed callback carrying a state we never issued.
    const { createHmac } = await import('node:crypto');
    const forged: Record<string, string> = {
      code: 'abc',
      shop: 'beta-store.myshopify.com',
      state: 'not-ours',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    forged.hmac = createHmac('sha256', APP.apiSecret)
      .update(
        Object.keys(forged)
          .sort()
          .map((k) => `${k}=${forged[k]}`)
          .join('&'),
      )
      .digest('hex');
    const unknownState = await m.call('POST', '/api/shopifyOAuth/bindShop', forged);
    expect(unknownState.msg).toBe(ShopMessages.stateInvalid);
    expect(await s.database.db.select().from(storeConnections).where(eq(storeConnections.domain, 'beta-store.myshopify.com'))).toEqual([]);
  });

  it("refuses to finish another merchant's install, and a store held by another account", async () => {
    const a = await merchant();
    const b = await merchant();
    const start = await a.call<{ data: { url: string } }>('POST', '/api/shopifyauthShopify?shop=delta-store');
    const callback = Object.fromEntries(new URL(await shopify.approve(start.data.url)).searchParams);
    const stolen = await b.call('POST', '/api/shopifyOAuth/bindShop', callback);
    expect(stolen.msg).toBe(ShopMessages.stateInvalid);
    await connect(a, 'delta-store');
    const start2 = await b.call<{ data: { url: string } }>('POST', '/api/shopifyauthShopify?shop=delta-store');
    const again = await b.call(
      'POST',
      '/api/shopifyOAuth/bindShop',
      Object.fromEntries(new URL(await shopify.approve(start2.data.url)).searchParams),
    );
    expect(again.msg).toBe(ShopMessages.connectedElsewhere);
    expect((await b.call<{ data: unknown[] }>('GET', '/api/stores/list')).data).toEqual([]);
  });

  it('connects without a login: the store waits for a claim, set-password makes the account, a later launch logs in', async () => {
    const launch: Record<string, string> = {
      shop: 'epsilon-store.myshopify.com',
      timestamp: String(Math.floor(Date.now() / 1000)),
      host: 'x',
    };
    const { signQuery } = await import('../../server/shops/shopify/oauth');
    launch.hmac = signQuery(launch, APP.apiSecret);
    const first = await s.api<{ data: { status: string; url: string } }>('POST', '/api/shopifyOAuth/shopifyDo', launch);
    expect(first.data.status).toBe('authorize');
    const callback = Object.fromEntries(new URL(await shopify.approve(first.data.url)).searchParams);
    const done = await s.api<{ data: { status: string; claimToken: string; email: string; accountExists: boolean } }>(
      'POST',
      '/api/shopifyOAuth/shopifyDo',
      callback,
    );
    expect(done.data).toMatchObject({ status: 'claim', email: 'owner@epsilon-store.example', accountExists: false });

    const short = await s.api('POST', '/api/shopifyOAuth/setPassword', {
      claimToken: done.data.claimToken,
      password: '123',
      confirmPassword: '123',
    });
    expect(short.code).toBe(Code.ERROR);
    const made = await s.api<{ token: string }>('POST', '/api/shopifyOAuth/setPassword', {
      claimToken: done.data.claimToken,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(made.code, made.msg).toBe(200);
    const info = await s.api<{ user: { sShopUser: { email: { email: string } }; sShops: { myshopifyDomain: string }[] } }>(
      'GET',
      '/api/user/getInfo',
      undefined,
      made.token,
    );
    expect(info.user.sShopUser.email.email).toBe('owner@epsilon-store.example');
    expect(info.user.sShops.map((x) => x.myshopifyDomain)).toEqual(['epsilon-store.myshopify.com']);
    // The claim is used up.
    const twice = await s.api('POST', '/api/shopifyOAuth/setPassword', {
      claimToken: done.data.claimToken,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(twice.msg).toBe(ShopMessages.claimInvalid);

    launch.timestamp = String(Math.floor(Date.now() / 1000));
    launch.hmac = signQuery(launch, APP.apiSecret);
    const second = await s.api<{ data: { status: string; token: string } }>('POST', '/api/shopifyOAuth/shopifyDo', launch);
    expect(second.data.status).toBe('login');
    const again = await s.api<{ user: { sShopUser: { email: { email: string } } } }>(
      'GET',
      '/api/user/getInfo',
      undefined,
      second.data.token,
    );
    expect(again.user.sShopUser.email.email).toBe('owner@epsilon-store.example');
  });

  it('checkShopifyToken answers 10004 with a new install link when permissions changed, 10003 when the app was removed', async () => {
    const m = await merchant();
    shopify.grantOnly(['read_products']);
    try {
      await connect(m, 'zeta-store');
    } finally {
      shopify.grantOnly(null);
    }
    const check = await m.call<{ data: { url: string } }>('GET', '/api/shopifyOAuth/checkShopifyToken');
    expect(check.code).toBe(Code.PERMISSIONS_UPDATED);
    expect(check.msg).toBe(Messages.permissionsUpdated);
    expect(new URL(check.data.url).searchParams.get('shop')).toBe('zeta-store.myshopify.com');
    const id = await savedProduct(m);
    const push = await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    expect(push.code).toBe(Code.PERMISSIONS_UPDATED);

    // Re-authorising with every scope restores it.
    const callback = Object.fromEntries(new URL(await shopify.approve(check.data.url)).searchParams);
    expect((await m.call('POST', '/api/shopifyOAuth/bindShop', callback)).code).toBe(200);
    expect((await m.call('GET', '/api/shopifyOAuth/checkShopifyToken')).code).toBe(200);

    await shopify.uninstall('zeta-store.myshopify.com');
    const gone = await m.call('GET', '/api/shopifyOAuth/checkShopifyToken');
    expect(gone.code).toBe(Code.STORE_NOT_INSTALLED);
    expect(gone.msg).toBe(Messages.storeNotInstalled);
    expect((await m.call('POST', `/api/sendProductShopify/addQueque/${id}`)).code).toBe(Code.STORE_NOT_INSTALLED);
  });
});

describe("Shopify's signatures and store addresses", () => {
  /** Shopify's own algorithm, written out here: sorted names, URL-encoded values, a list as name[] per value. */
  const shopifySign = (q: Record<string, string | string[]>) => {
    const msg = new URLSearchParams();
    for (const k of Object.keys(q).sort((a, b) => a.localeCompare(b))) {
      const v = q[k]!;
      if (Array.isArray(v)) for (const x of v) msg.append(`${k}[]`, x);
      else msg.append(k, v);
    }
    return createHmac('sha256', APP.apiSecret).update(msg.toString()).digest('hex');
  };

  it('accepts a launch signed over encoded values and list parameters, and refuses one signed over decoded values', async () => {
    const launch: Record<string, string | string[]> = {
      shop: 'under_score-shop.myshopify.com',
      host: Buffer.from('admin.shopify.com/store/under_score-shop').toString('base64'),
      timestamp: String(Math.floor(Date.now() / 1000)),
      ids: ['101', '102'],
      embedded: '1',
    };
    expect(String(launch.host)).toMatch(/=$/);
    const ok = await s.api<{ data: { status: string; url: string } }>('POST', '/api/shopifyOAuth/shopifyDo', {
      ...launch,
      hmac: shopifySign(launch),
    });
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.status).toBe('authorize');
    expect(new URL(ok.data.url).searchParams.get('shop')).toBe('under_score-shop.myshopify.com');

    // The same parameters signed the way the connector used to check them: joined undecoded.
    const decoded = Object.keys(launch)
      .sort()
      .map((k) => `${k}=${Array.isArray(launch[k]) ? JSON.stringify(launch[k]) : String(launch[k])}`)
      .join('&');
    const forged = await s.api('POST', '/api/shopifyOAuth/shopifyDo', {
      ...launch,
      hmac: createHmac('sha256', APP.apiSecret).update(decoded).digest('hex'),
    });
    expect(forged.msg).toBe(ShopMessages.badSignature);
  });

  it('installs a store named with an underscore, typed as its admin.shopify.com address', async () => {
    const m = await merchant();
    const start = await m.call<{ data: { url: string } }>(
      'POST',
      `/api/shopifyauthShopify?shop=${encodeURIComponent('https://admin.shopify.com/store/Snake_Case-Store/products?x=1')}`,
    );
    expect(start.code, start.msg).toBe(200);
    expect(new URL(start.data.url).searchParams.get('shop')).toBe('snake_case-store.myshopify.com');
    const callback = Object.fromEntries(new URL(await shopify.approve(start.data.url)).searchParams);
    expect(callback.host).toMatch(/=$/);
    const bound = await m.call<{ data: { status: string } }>('POST', '/api/shopifyOAuth/bindShop', callback);
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data.status).toBe('bound');
    expect((await m.call<{ data: { myshopifyDomain: string }[] }>('GET', '/api/stores/list')).data).toMatchObject([
      { myshopifyDomain: 'snake_case-store.myshopify.com' },
    ]);
  });
});

describe('webhooks and protected customer data', () => {
  it('tells the merchant when Shopify refuses the webhook address, topic by topic', async () => {
    const m = await merchant();
    // A public address over plain http: Shopify takes webhook addresses over https only.
    s.config.shops.publicUrl = s.url;
    try {
      await connect(m, 'plain-http-store');
    } finally {
      s.config.shops.publicUrl = PUBLIC;
    }
    expect(shopify.shop('plain-http-store.myshopify.com').webhooks).toEqual([]);
    const stores = await m.call<{ data: { notices: string[] }[] }>('GET', '/api/stores/list');
    expect(stores.data[0]!.notices).toHaveLength(2);
    expect(stores.data[0]!.notices.every((n) => n.includes('Address protocol http:// is not supported'))).toBe(true);
    expect(stores.data[0]!.notices.some((n) => n.includes('order webhook'))).toBe(true);
  });

  it('without approval: the uninstall webhook is still subscribed, orders are pulled without the customer and wait for the address the merchant enters', async () => {
    const m = await merchant();
    const other = await merchant();
    const domain = 'private-store.myshopify.com';
    shopify.protectedCustomerData(false);
    try {
      const shopId = await connect(m, 'private-store');
      expect(shopify.shop(domain).webhooks.map((w) => w.topic)).toEqual(['APP_UNINSTALLED']);
      let stores = await m.call<{ data: { notices: string[]; status: string }[] }>('GET', '/api/stores/list');
      expect(stores.data[0]).toMatchObject({ status: 'active', notices: [PROTECTED_WEBHOOK_MESSAGE] });

      const id = await savedProduct(m, 'Private Tee', 2);
      await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
      await runner.drain();
      const variant = productsIn(domain)[0]!.variants[0]!;
      const { order, deliveries } = await shopify.createOrder(domain, [{ variantId: variant.id, quantity: 2 }]);
      expect(deliveries).toEqual([]);

      // The pull is refused the customer's fields, reads the order without them, and keeps it waiting.
      expect(await runner.pullOrders()).toBe(0);
      const pulls = shopify.calls.filter((c) => c.shop === domain && c.operation.startsWith('PodOrders')).map((c) => c.operation);
      expect(pulls).toEqual(['PodOrders', 'PodOrdersWithoutCustomer']);
      stores = await m.call('GET', '/api/stores/list');
      // Not a missing scope: the store stays connected, and the merchant reads what the app lacks.
      expect(stores.data[0]).toMatchObject({ status: 'active', notices: [PROTECTED_WEBHOOK_MESSAGE, PROTECTED_DATA_MESSAGE] });
      expect((await m.call<{ rows: unknown[] }>('GET', '/api/order/list')).rows).toHaveLength(0);
      const waiting = await m.call<{
        data: { id: number; name: string; platform: string; lines: { title: string; quantity: number }[] }[];
      }>('GET', '/api/stores/ordersNeedingAddress');
      expect(waiting.data).toMatchObject([{ name: order.name, platform: 'shopify', lines: [{ title: 'Private Tee', quantity: 2 }] }]);
      const messages = await m.call<{ rows: { title: string }[] }>('GET', '/api/sMessgaeShop/list');
      expect(messages.rows.filter((x) => x.title === `Order ${order.name} needs a shipping address`)).toHaveLength(1);

      // Pulled again: still one waiting order, asked for once.
      await runner.pullOrders();
      expect((await m.call<{ data: unknown[] }>('GET', '/api/stores/ordersNeedingAddress')).data).toHaveLength(1);
      expect(
        (await m.call<{ rows: { title: string }[] }>('GET', '/api/sMessgaeShop/list')).rows.filter((x) => x.title.includes(order.name)),
      ).toHaveLength(1);

      const address = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address1: '1 Loop Road',
        address2: '',
        city: 'Springfield',
        province: 'Illinois',
        zip: '62701',
        countryCode: 'us',
        phone: '',
      };
      const waitingId = waiting.data[0]!.id;
      expect((await m.call('POST', '/api/stores/orderAddress', { id: waitingId, address: { ...address, address1: '' } })).msg).toBe(
        ShopMessages.orderAddressIncomplete,
      );
      expect((await other.call('POST', '/api/stores/orderAddress', { id: waitingId, address })).msg).toBe(ShopMessages.orderNotWaiting);
      const entered = await m.call<{ data: { orderId: number } }>('POST', '/api/stores/orderAddress', { id: waitingId, address });
      expect(entered.code, entered.msg).toBe(200);
      const list = await m.call<{
        rows: { id: number; status: string; countryCode: string; items: { title: string; quantity: number }[] }[];
      }>('GET', '/api/order/list');
      expect(list.rows).toMatchObject([
        { id: entered.data.orderId, status: 'pending', countryCode: 'US', items: [{ title: 'Private Tee', quantity: 2 }] },
      ]);
      expect((await m.call<{ data: unknown[] }>('GET', '/api/stores/ordersNeedingAddress')).data).toEqual([]);
      expect((await m.call('POST', '/api/stores/orderAddress', { id: waitingId, address })).msg).toBe(ShopMessages.orderNotWaiting);
      expect(await runner.pullOrders()).toBe(0);
      expect((await m.call<{ rows: unknown[] }>('GET', '/api/order/list')).rows).toHaveLength(1);
      void shopId;
    } finally {
      shopify.protectedCustomerData(true);
    }
    // Approved later: the next pull reads the customer's fields again and its notice goes.
    await runner.pullOrders();
    const stores = await m.call<{ data: { notices: string[] }[] }>('GET', '/api/stores/list');
    expect(stores.data[0]!.notices).toEqual([PROTECTED_WEBHOOK_MESSAGE]);
  });
});

describe('pushing products', () => {
  it('queues, pushes the product with variants, prices and images, and a re-push updates it', async () => {
    const m = await merchant();
    const shopId = await connect(m, 'push-store');
    const id = await savedProduct(m, 'Ocean Hoodie', 3);
    const queued = await m.call<{ data: { id: number; status: string } }>('POST', `/api/sendProductShopify/addQueque/${id}`);
    expect(queued.code, queued.msg).toBe(200);
    expect(queued.msg).toBe(ShopMessages.pushQueued);
    const dup = await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    expect(dup.msg).toBe(ShopMessages.alreadyQueued);

    const before = await m.call<{ rows: { status: string; title: string }[]; pending: number }>(
      'GET',
      '/api/sendProductShopify/getSendProductQueue',
    );
    expect(before.rows).toMatchObject([{ status: 'queued', title: 'Ocean Hoodie' }]);
    expect(before.pending).toBe(1);

    expect(await runner.drain()).toBe(1);
    const after = await m.call<{
      rows: { status: string; message: string; externalProductId: string; hasRead: boolean; id: number }[];
      pending: number;
    }>('GET', '/api/sendProductShopify/getSendProductQueue');
    expect(after.rows[0]).toMatchObject({ status: 'done', message: ShopMessages.pushDone, hasRead: false });
    expect(after.pending).toBe(0);

    const [product] = productsIn('push-store.myshopify.com');
    expect(product).toBeDefined();
    expect(after.rows[0]!.externalProductId).toBe(product!.id);
    expect(product!.title).toBe('Ocean Hoodie');
    expect(product!.descriptionHtml).toBe('<p>Ocean Hoodie by me</p>');
    expect(product!.handle).toBe(`pod-${id}`);
    const ours = await s.database.db.select().from(myProductVariants).where(eq(myProductVariants.myProductId, id));
    expect(product!.variants.map((v) => [v.sku, v.price]).sort()).toEqual(ours.map((v) => [v.sku, (v.priceCents / 100).toFixed(2)]).sort());
    expect(product!.media.map((x) => x.src)).toEqual([`${PUBLIC}/prod-api/files/render/${id}-front.jpg`]);
    expect(product!.variants.every((v) => v.image === `${PUBLIC}/prod-api/files/render/${id}-front.jpg`)).toBe(true);

    const read = await m.call<{ data: { updated: number } }>('POST', '/api/sendProductShopify/updateMsgHasRead', {
      ids: [after.rows[0]!.id],
    });
    expect(read.data.updated).toBe(1);

    // New title and price: the same store product, same variants, updated.
    const variantIds = product!.variants.map((v) => v.id).sort();
    await s.database.db.update(myProducts).set({ title: 'Ocean Hoodie v2' }).where(eq(myProducts.id, id));
    await s.database.db.update(myProductVariants).set({ priceCents: 4321 }).where(eq(myProductVariants.id, ours[0]!.id));
    expect((await m.call('POST', `/api/sendProductShopify/addQueque/${id}`)).code).toBe(200);
    expect(await runner.drain()).toBe(1);
    const products = productsIn('push-store.myshopify.com');
    expect(products).toHaveLength(1);
    expect(products[0]!.title).toBe('Ocean Hoodie v2');
    expect(products[0]!.variants.map((v) => v.id).sort()).toEqual(variantIds);
    expect(products[0]!.variants.find((v) => v.sku === ours[0]!.sku)!.price).toBe('43.21');
    void shopId;
  });

  it('never makes a second store product when our record of the first was lost', async () => {
    const m = await merchant();
    const shopId = await connect(m, 'lost-store');
    const id = await savedProduct(m);
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    await runner.drain();
    await s.database.db.delete(storeProductLinks).where(and(eq(storeProductLinks.shopId, shopId), eq(storeProductLinks.myProductId, id)));
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    await runner.drain();
    expect(productsIn('lost-store.myshopify.com')).toHaveLength(1);
    const [link] = await s.database.db.select().from(storeProductLinks).where(eq(storeProductLinks.shopId, shopId));
    expect(link!.externalProductId).toBe(productsIn('lost-store.myshopify.com')[0]!.id);
  });

  it('retries after 429 no sooner than Retry-After, and after 5xx and THROTTLED, then succeeds once', async () => {
    const m = await merchant();
    const shopId = await connect(m, 'busy-store');
    const id = await savedProduct(m);
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    const createsBefore = shopify.creates;

    const t0 = new Date();
    shopify.failNext('429', 1, 120);
    expect(await runner.tick(t0)).toBe(true);
    let [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toContain('429');
    expect(job!.nextRunAt.getTime() - t0.getTime()).toBeGreaterThanOrEqual(120_000);
    expect(await runner.tick(new Date(t0.getTime() + 60_000))).toBe(false);
    const queue = await m.call<{ rows: { status: string; message: string }[] }>('GET', '/api/sendProductShopify/getSendProductQueue');
    expect(queue.rows[0]!.status).toBe('queued');
    expect(queue.rows[0]!.message).toContain('Retrying');

    shopify.failNext('500');
    expect(await runner.tick(new Date(t0.getTime() + 121_000))).toBe(true);
    [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'queued', attempts: 2 });
    expect(job!.lastError).toContain('500');

    shopify.failNext('throttled');
    expect(await runner.tick(new Date(t0.getTime() + 3600_000))).toBe(true);
    [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'queued', attempts: 3 });
    expect(job!.lastError).toContain('THROTTLED');

    expect(await runner.tick(new Date(t0.getTime() + 7200_000))).toBe(true);
    [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'done', attempts: 4 });
    expect(shopify.creates - createsBefore).toBe(1);
    expect(productsIn('busy-store.myshopify.com')).toHaveLength(1);
  });

  it("records the store's own message when it refuses the product, without retrying", async () => {
    const m = await merchant();
    const shopId = await connect(m, 'picky-store');
    const id = await savedProduct(m);
    await s.database.db.update(myProducts).set({ title: '' }).where(eq(myProducts.id, id));
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    await runner.drain();
    const [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.message).toBe("input.title: Title can't be blank");
  });

  it('two job runners claiming from the same queue push every product exactly once', async () => {
    const m = await merchant();
    const shopId = await connect(m, 'twin-store');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await savedProduct(m, `Twin ${i}`, 2));
    for (const id of ids) expect((await m.call('POST', `/api/sendProductShopify/addQueque/${id}`)).code).toBe(200);
    const other = startShopJobs({ db: s.database.db, config: s.config.shops, dataDir: s.config.dataDir, log: silent, loop: false });
    const before = shopify.calls.filter((c) => c.shop === 'twin-store.myshopify.com' && c.operation === 'PodProductSet').length;
    const [a, b] = await Promise.all([runner.drain(), other.drain()]);
    await other.close();
    expect(a + b).toBe(6);
    const jobs = await jobsOf(shopId);
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    expect(shopify.calls.filter((c) => c.shop === 'twin-store.myshopify.com' && c.operation === 'PodProductSet').length - before).toBe(6);
    expect(
      productsIn('twin-store.myshopify.com')
        .map((p) => p.title)
        .sort(),
    ).toEqual(ids.map((_, i) => `Twin ${i}`).sort());
  });

  it('takes a pushed product off the shelf', async () => {
    const m = await merchant();
    await connect(m, 'shelf-store');
    const id = await savedProduct(m);
    expect((await m.call('POST', `/api/sendProductShopify/downshelf/${id}`)).msg).toBe(ShopMessages.notPushed);
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    await runner.drain();
    const pushed = productsIn('shelf-store.myshopify.com')[0]!.variants.map((v) => [v.id, v.sku, v.price]);
    expect(pushed).toHaveLength(3);
    expect((await m.call('POST', `/api/sendProductShopify/downshelf/${id}`)).code).toBe(200);
    await runner.drain();
    // Only the status changed: a status-only productSet would have left a lone default variant.
    expect(productsIn('shelf-store.myshopify.com')[0]!.status).toBe('DRAFT');
    expect(productsIn('shelf-store.myshopify.com')[0]!.variants.map((v) => [v.id, v.sku, v.price])).toEqual(pushed);
    const ops = shopify.calls.filter((c) => c.shop === 'shelf-store.myshopify.com').map((c) => c.operation);
    expect(ops.at(-1)).toBe('PodProductStatus');
  });

  it('re-pushes a pushed product after its prices change; a never-pushed one is refused plainly', async () => {
    const m = await merchant();
    const shopId = await connect(m, 'reprice-store');
    const id = await savedProduct(m, 'Reprice Tee', 2);
    const never = await savedProduct(m, 'Never Pushed Tee', 2);
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    await runner.drain();
    const [variant] = await s.database.db.select().from(myProductVariants).where(eq(myProductVariants.myProductId, id));
    await s.database.db.update(myProductVariants).set({ priceCents: 2999 }).where(eq(myProductVariants.id, variant!.id));
    const queued = await m.call('PUT', '/api/sendProductShopify/editLocalPriceAvailable', { id });
    expect(queued.code, queued.msg).toBe(200);
    await runner.drain();
    expect(productsIn('reprice-store.myshopify.com')[0]!.variants.find((v) => v.sku === variant!.sku)!.price).toBe('29.99');

    // The designer calls this after every update: a product never pushed gets a plain refusal,
    // not the store notices, even while the store needs attention.
    expect((await m.call('PUT', '/api/sendProductShopify/editLocalPriceAvailable', { id: never })).msg).toBe(ShopMessages.notPushed);
    await s.database.db.update(storeConnections).set({ status: 'uninstalled' }).where(eq(storeConnections.shopId, shopId));
    const refused = await m.call('PUT', '/api/sendProductShopify/editLocalPriceAvailable', { id: never });
    expect(refused.msg).toBe(ShopMessages.notPushed);
    expect(refused.code).not.toBe(Code.STORE_NOT_INSTALLED);
    expect((await m.call('PUT', '/api/sendProductShopify/editLocalPriceAvailable', { id })).code).toBe(Code.STORE_NOT_INSTALLED);
  });
});

describe('orders from the store', () => {
  it('imports an order by signed webhook once, refuses a bad signature, and a pull does not duplicate it', async () => {
    const m = await merchant();
    const shopId = await connect(m, 'order-store');
    const id = await savedProduct(m, 'Order Mug', 2);
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    await runner.drain();
    const [pushed] = await jobsOf(shopId);
    expect(pushed, `push job: ${pushed?.status} ${pushed?.lastError ?? ''}`).toMatchObject({ status: 'done' });
    const [product] = productsIn('order-store.myshopify.com');
    const variant = product!.variants[0]!;

    const hook = `${s.url}/prod-api/api/shopify/webhooks`;
    const forged = await shopify.deliver(
      hook,
      'orders/create',
      'order-store.myshopify.com',
      { id: 1, line_items: [] },
      { secret: 'not-the-secret' },
    );
    expect(forged.status).toBe(401);
    const tampered = await shopify.deliver(
      hook,
      'orders/create',
      'order-store.myshopify.com',
      { id: 2, line_items: [] },
      { tamper: (raw) => raw.replace('"id":2', '"id":3') },
    );
    expect(tampered.status).toBe(401);
    expect(await s.database.db.select().from(storeOrderImports).where(eq(storeOrderImports.shopId, shopId))).toEqual([]);

    const { order, deliveries } = await shopify.createOrder('order-store.myshopify.com', [{ variantId: variant.id, quantity: 2 }]);
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    const list = await m.call<{
      rows: {
        status: string;
        items: { title: string; quantity: number; sku: string; myProductId: number }[];
        total: number;
        countryCode: string;
      }[];
    }>('GET', '/api/order/list');
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ status: 'pending', countryCode: 'US' });
    expect(list.rows[0]!.items).toMatchObject([{ title: 'Order Mug', quantity: 2, myProductId: id }]);
    expect(list.rows[0]!.total).toBeGreaterThan(0);

    // Shopify retries deliveries: the same order again changes nothing.
    const payload = { ...order, admin_graphql_api_id: `gid://shopify/Order/${order.id}` };
    expect((await shopify.deliver(hook, 'orders/create', 'order-store.myshopify.com', payload)).status).toBe(200);
    expect(await runner.pullOrders()).toBe(0);
    expect((await m.call<{ rows: unknown[] }>('GET', '/api/order/list')).rows).toHaveLength(1);

    // Another merchant sees none of it.
    const other = await merchant();
    expect((await other.call<{ rows: unknown[] }>('GET', '/api/order/list')).rows).toHaveLength(0);
  });

  it('pulls orders whose webhooks never arrived', async () => {
    const m = await merchant();
    await connect(m, 'quiet-store');
    const id = await savedProduct(m, 'Quiet Tote', 2);
    await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
    await runner.drain();
    const shop = shopify.shop('quiet-store.myshopify.com');
    shop.webhooks = [];
    await shopify.createOrder('quiet-store.myshopify.com', [
      { variantId: productsIn('quiet-store.myshopify.com')[0]!.variants[1]!.id, quantity: 1 },
    ]);
    expect((await m.call<{ rows: unknown[] }>('GET', '/api/order/list')).rows).toHaveLength(0);
    expect(await runner.pullOrders()).toBe(1);
    expect(await runner.pullOrders()).toBe(0);
    const list = await m.call<{ rows: { items: { title: string }[] }[] }>('GET', '/api/order/list');
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]!.items[0]!.title).toBe('Quiet Tote');
  });
});

describe('several stores per merchant', () => {
  it('switches (not to the current one), sets the default, and transfers a store by e-mail code', async () => {
    const a = await merchant();
    const b = await merchant();
    const first = await connect(a, 'multi-one');
    const second = await connect(a, 'multi-two');
    let list = await a.call<{ data: { id: number; isCurrent: boolean; isDefault: boolean; adminUrl: string }[] }>(
      'GET',
      '/api/stores/list',
    );
    expect(list.data.map((x) => [x.id, x.isCurrent, x.isDefault])).toEqual([
      [first, false, true],
      [second, true, false],
    ]);
    expect(list.data[0]!.adminUrl).toBe('https://multi-one.myshopify.com/admin');

    expect((await a.call('PUT', '/api/user/selectShop', { id: second })).msg).toBe(ShopMessages.alreadyCurrent);
    expect((await a.call('PUT', '/api/user/selectShop', { id: first })).code).toBe(200);
    expect((await a.call('PUT', '/api/user/updateDefault', { id: second })).code).toBe(200);
    list = await a.call('GET', '/api/stores/list');
    expect(list.data.map((x) => [x.id, x.isCurrent, x.isDefault])).toEqual([
      [first, true, false],
      [second, false, true],
    ]);

    // Another merchant can neither pick nor push to it.
    expect((await b.call('PUT', '/api/user/selectShop', { id: first })).msg).toBe(ShopMessages.storeNotFound);
    const id = await savedProduct(a);
    expect((await b.call('POST', `/api/sendProductShopify/addQueque/${id}`)).msg).toBe(ShopMessages.productNotFound);
    expect((await b.call('POST', '/api/user/transferShopSendCode', { id: first, email: a.email })).msg).toBe(ShopMessages.storeNotFound);

    expect((await a.call('POST', '/api/user/transferShopSendCode', { id: second, email: b.email })).code).toBe(200);
    const code = codeIn(await s.lastMail(b.email));
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (await a.call('POST', '/api/user/transferShop', { id: second, email: b.email, code: code === '000000' ? '111111' : '000000' })).msg,
    ).toBe(Messages.emailCodeError);
    const moved = await a.call('POST', '/api/user/transferShop', { id: second, email: b.email, code });
    expect(moved.code, moved.msg).toBe(200);
    expect((await a.call<{ data: { id: number }[] }>('GET', '/api/stores/list')).data.map((x) => x.id)).toEqual([first]);
    expect((await b.call<{ data: { id: number; isCurrent: boolean }[] }>('GET', '/api/stores/list')).data).toMatchObject([
      { id: second, isCurrent: true },
    ]);
  });

  it('saves the theme style only as a JSON object with a script URL', async () => {
    const m = await merchant();
    expect((await m.call('POST', '/api/shopifyOAuth/updateShopifyThemeStyle', { themeStyle: '{bad' })).msg).toBe(
      ShopMessages.themeStyleInvalid,
    );
    expect((await m.call('POST', '/api/shopifyOAuth/updateShopifyThemeStyle', { themeStyle: '{"mode":1}' })).msg).toBe(
      ShopMessages.themeStyleInvalid,
    );
    // The script URL must be one this merchant uploaded (tests/server/shops-theme.test.ts covers the refusals).
    const up = await m.call<{ data: { url: string } }>('POST', '/api/shopifyOAuth/uploadThemeScript', { script: 'console.log("pod");' });
    expect(up.code, up.msg).toBe(200);
    const saved = await m.call('POST', '/api/shopifyOAuth/updateShopifyThemeStyle', {
      themeStyle: JSON.stringify({ mode: 1, scriptUrl: up.data.url }),
    });
    expect(saved.code, saved.msg).toBe(200);
    const info = await m.call<{ user: { themeStyle: string } }>('GET', '/api/user/getInfo');
    expect(JSON.parse(info.user.themeStyle)).toEqual({ mode: 1, scriptUrl: up.data.url });
  });
});
