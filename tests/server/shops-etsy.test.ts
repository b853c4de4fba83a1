/**
 * Etsy shop connections over real HTTP, a real database and a loopback stand-in that speaks
 * Etsy Open API v3's contract (OAuth 2 with PKCE, x-api-key with the shared secret, listings,
 * inventory, multipart image upload, receipts, 429 with Retry-After): connect with a single-use
 * state and a verifier Etsy checks, tokens encrypted at rest and refreshed, listing settings,
 * pushes that make one draft listing with its inventory and mockup pictures and update it on
 * re-push, retries without duplicates, receipts imported once, and one merchant never reaching
 * another's shop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import { startEtsyStandIn, type EtsyStandIn, type EtsyStandInSeller } from './stand-ins/etsy';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { myProductImages, myProductVariants, myProducts } from '../../server/products/schema';
import { storeConnections, storeProductLinks, storePushJobs } from '../../server/shops/schema';
import { startShopJobs, shopTokenCipher, type ShopJobs } from '../../server/shops/jobs';
import { ETSY_DEFAULT_SCOPES } from '../../server/shops/config';
import { createBlobStorage } from '../../server/platform/blob-storage';
import { randomName } from '../../server/uploads/object-keys';
import { ETSY_DECLINED } from '../../server/shops/etsy/routes';
import { Code, Messages } from '../../contract/envelope';
import { ShopMessages, ShopType } from '../../contract/shops';

const OPTIONS: CatalogOptions = { seed: 'shops-etsy-test', productCount: 12, imageSize: 128 };
const APP = { clientId: 'etsystandinkeystring0123', sharedSecret: 'etsystandinsecret' };

let s: TestServer;
let etsy: EtsyStandIn;
let rows: CatalogRows;
let runner: ShopJobs;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  etsy = await startEtsyStandIn(APP);
  s = await startServer({
    ETSY_CLIENT_ID: APP.clientId,
    ETSY_SHARED_SECRET: APP.sharedSecret,
    ETSY_API_ORIGIN: etsy.url,
    ETSY_CONNECT_ORIGIN: etsy.url,
    STORE_ORDER_PULL_MS: '0',
  });
  s.config.shops.publicUrl = s.url;
  rows = await seedCatalog(s, OPTIONS);
  runner = startShopJobs({ db: s.database.db, config: s.config.shops, dataDir: s.config.dataDir, log: silent, loop: false });
});
afterAll(async () => {
  await runner?.close();
  await s?.close();
  await etsy?.close();
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
  const email = `etsy${++n}-${Date.now()}@shops.test`;
  const user = await createUser(s.database.db, email, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, email, token, call: (method, path, body) => s.api(method, path, body, token) as never };
}

const seller = (name: string) => etsy.addSeller({ email: `${name.toLowerCase()}@etsy-seller.example`, shopName: name });
const params = (u: string) => Object.fromEntries(new URL(u).searchParams);

/** Starts the connection as `m` and lets the seller allow it on Etsy's consent page; answers our callback's query. */
async function consent(m: Merchant | null, who: EtsyStandInSeller): Promise<Record<string, string>> {
  const start = m
    ? await m.call<{ data: { url: string } }>('POST', '/api/etsy/auth')
    : await s.api<{ data: { url: string } }>('POST', '/api/etsy/auth');
  expect(start.code, start.msg).toBe(200);
  return params(await etsy.approve(start.data.url, who.userId));
}

async function connect(m: Merchant, who: EtsyStandInSeller): Promise<number> {
  const bound = await m.call<{ data: { status: string; shopId: number } }>('POST', '/api/etsy/connectEtsyForLogin', await consent(m, who));
  expect(bound.code, bound.msg).toBe(200);
  expect(bound.data.status).toBe('bound');
  return bound.data.shopId;
}

const connOf = async (shopId: number) =>
  (await s.database.db.select().from(storeConnections).where(eq(storeConnections.shopId, shopId)))[0]!;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A saved product with `variantCount` variants and two rendered views stored as the merchant's own JPEGs. */
async function savedProduct(
  m: Merchant,
  title = 'Sunset Tee',
  variantCount = 3,
  views = ['Front', 'Back'],
): Promise<{ id: number; pictures: Buffer[] }> {
  const p = rows.products.find((x) => x.shipFrom === 'CN' && rows.variants.filter((v) => v.productId === x.id).length >= variantCount)!;
  const variants = rows.variants.filter((v) => v.productId === p.id).slice(0, variantCount);
  const db = s.database.db;
  const store = createBlobStorage(s.config);
  const [mp] = await db
    .insert(myProducts)
    .values({ userId: m.id, productfid: p.id, title, bodyHtml: `<p>${title} by me</p><p>Soft &amp; warm</p>` })
    .returning();
  const pictures: Buffer[] = [];
  const imageIds: number[] = [];
  for (const [i, view] of views.entries()) {
    const body = await sharp({
      create: { width: 24, height: 24, channels: 3, background: `#${(0x200000 + i * 0x0a0b0c).toString(16).slice(-6)}` },
    })
      .jpeg()
      .toBuffer();
    const key = `/CustomizedImages/${m.id}/2026-01-${String(i + 1).padStart(2, '0')}/${randomName()}.jpg`;
    await store.put(key, body, 'image/jpeg');
    pictures.push(body);
    const [img] = await db
      .insert(myProductImages)
      .values({
        myProductId: mp!.id,
        viewId: view.toLowerCase(),
        viewName: view,
        colorValue: '#FFFFFF',
        colorName: 'White',
        url: store.publicUrl(key),
        thumbnailUrl: store.publicUrl(key),
        position: i + 1,
        variantIds: variants.map((v) => v.id),
      })
      .returning();
    imageIds.push(img!.id);
  }
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
      imageId: imageIds[0]!,
    })),
  );
  return { id: mp!.id, pictures };
}

async function settingsOf(who: EtsyStandInSeller) {
  return {
    taxonomyId: 1001,
    shippingProfileId: who.shippingProfiles[0]!.shipping_profile_id,
    readinessStateId: who.readinessStates[0]!.readiness_state_id,
  };
}

const jobsOf = (shopId: number) => s.database.db.select().from(storePushJobs).where(eq(storePushJobs.shopId, shopId));
const creates = (who: EtsyStandInSeller) =>
  etsy.calls.filter((c) => c.method === 'POST' && c.path === `/v3/application/shops/${who.shopId}/listings` && c.status === 201).length;

describe('connecting an Etsy shop', () => {
  it('shows the disclaimer, connects with PKCE S256 and a single-use state, and keeps the tokens encrypted', async () => {
    const init = await s.api<{ data: { disclaimer: string; configured: boolean; connected: boolean } }>('GET', '/api/etsy/getEtsyInitData');
    expect(init.data).toMatchObject({ disclaimer: ShopMessages.etsyDisclaimer, configured: true, connected: false });

    const m = await merchant();
    const who = seller('SunnyPrints');
    const start = await m.call<{ data: { url: string } }>('POST', '/api/etsy/auth');
    const url = new URL(start.data.url);
    expect(url.origin + url.pathname).toBe(`${etsy.url}/oauth/connect`);
    expect(params(start.data.url)).toMatchObject({
      response_type: 'code',
      client_id: APP.clientId,
      redirect_uri: `${s.url}/auth/etsy`,
      scope: ETSY_DEFAULT_SCOPES.join(' '),
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);

    const back = await etsy.approve(start.data.url, who.userId);
    expect(back.startsWith(`${s.url}/auth/etsy?`)).toBe(true);
    const bound = await m.call<{ data: { status: string; shopId: number } }>('POST', '/api/etsy/connectEtsyForLogin', params(back));
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data.status).toBe('bound');

    const conn = await connOf(bound.data.shopId);
    const access = [...etsy.accessTokens.entries()].find(([, g]) => g.userId === who.userId)![0];
    const refresh = [...etsy.refreshTokens.entries()].find(([, g]) => g.userId === who.userId)![0];
    const cipher = shopTokenCipher(s.config.shops, s.config.dataDir);
    expect(conn.accessTokenEnc.startsWith('v1:')).toBe(true);
    expect(conn.accessTokenEnc).not.toContain(access);
    expect(conn.secretEnc).not.toContain(refresh);
    expect(cipher.decrypt(conn.accessTokenEnc)).toBe(access);
    expect(cipher.decrypt(conn.secretEnc!)).toBe(refresh);
    expect(conn.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(conn).toMatchObject({
      platform: 'etsy',
      domain: String(who.shopId),
      displayName: 'SunnyPrints',
      email: who.email,
      externalId: String(who.userId),
    });
    const logs = s.logs.join('\n');
    expect(logs).not.toContain(access);
    expect(logs).not.toContain(refresh);

    const info = await m.call<{
      user: { shopid: number; type: number; sShops: { id: number; myshopifyDomain: string; simplename: string; type: number }[] };
    }>('GET', '/api/user/getInfo');
    expect(info.user.shopid).toBe(bound.data.shopId);
    expect(info.user.type).toBe(ShopType.ETSY);
    expect(info.user.sShops).toEqual([{ id: bound.data.shopId, myshopifyDomain: String(who.shopId), simplename: 'SunnyPrints', type: 11 }]);
    const list = await m.call<{ data: { adminUrl: string; status: string }[] }>('GET', '/api/stores/list');
    expect(list.data).toMatchObject([{ adminUrl: 'https://www.etsy.com/shop/SunnyPrints', status: 'active' }]);
    const after = await m.call<{ data: { connected: boolean; shopName: string } }>('GET', '/api/etsy/getEtsyInitData');
    expect(after.data).toMatchObject({ connected: true, shopName: 'SunnyPrints' });

    // The same callback again: its state was used.
    const replay = await m.call('POST', '/api/etsy/connectEtsyForLogin', params(back));
    expect(replay.msg).toBe(ShopMessages.stateInvalid);
  });

  it("refuses a code sent with another authorization's state (the verifier does not match), and a declined consent", async () => {
    const m = await merchant();
    const who = seller('PkceShop');
    const first = await m.call<{ data: { url: string } }>('POST', '/api/etsy/auth');
    const second = await m.call<{ data: { url: string } }>('POST', '/api/etsy/auth');
    const code = params(await etsy.approve(first.data.url, who.userId)).code!;
    const crossed = await m.call('POST', '/api/etsy/connectEtsyForLogin', { code, state: params(second.data.url).state });
    expect(crossed.code).toBe(Code.ERROR);
    expect(crossed.msg).toBe('Etsy refused the authorization: code_verifier is invalid');
    // Etsy spends a code on its first use, and our state is spent too.
    const again = await m.call('POST', '/api/etsy/connectEtsyForLogin', { code, state: params(first.data.url).state });
    expect(again.msg).toBe('Etsy refused the authorization: code is invalid or has expired');
    const reuse = await m.call('POST', '/api/etsy/connectEtsyForLogin', { code, state: params(second.data.url).state });
    expect(reuse.msg).toBe(ShopMessages.stateInvalid);
    const unknown = await m.call('POST', '/api/etsy/connectEtsyForLogin', { code, state: 'never-issued' });
    expect(unknown.msg).toBe(ShopMessages.stateInvalid);

    const third = await m.call<{ data: { url: string } }>('POST', '/api/etsy/auth');
    const declined = params(await etsy.deny(third.data.url));
    expect(declined.error).toBe('access_denied');
    expect((await m.call('POST', '/api/etsy/connectEtsyForLogin', declined)).msg).toBe(ETSY_DECLINED);

    expect(
      await s.database.db
        .select()
        .from(storeConnections)
        .where(eq(storeConnections.domain, String(who.shopId))),
    ).toEqual([]);
    expect((await m.call<{ data: unknown[] }>('GET', '/api/stores/list')).data).toEqual([]);
  });

  it('connects without a login: a new shop waits for a claim, a held shop logs its owner in', async () => {
    const fresh = seller('NewcomerShop');
    const waiting = await s.api<{ data: { status: string; email: string; accountExists: boolean; platform: string; shop: string } }>(
      'POST',
      '/api/etsy/connectEtsyNow',
      await consent(null, fresh),
    );
    expect(waiting.code, waiting.msg).toBe(200);
    expect(waiting.data).toMatchObject({
      status: 'claim',
      email: fresh.email,
      accountExists: false,
      platform: 'etsy',
      shop: String(fresh.shopId),
    });

    const m = await merchant();
    const held = seller('HeldShop');
    const shopId = await connect(m, held);
    const login = await s.api<{ data: { status: string; token: string; shopId: number } }>(
      'POST',
      '/api/etsy/connectEtsyNow',
      await consent(null, held),
    );
    expect(login.data).toMatchObject({ status: 'login', shopId });
    const info = await s.api<{ user: { sShopUser: { email: { email: string } } } }>(
      'GET',
      '/api/user/getInfo',
      undefined,
      login.data.token,
    );
    expect(info.user.sShopUser.email.email).toBe(m.email);
  });

  it('never lets another merchant finish my connection, take my shop or read its settings', async () => {
    const a = await merchant();
    const b = await merchant();
    const who = seller('GuardedShop');
    const callback = await consent(a, who);
    expect((await b.call('POST', '/api/etsy/connectEtsyForLogin', callback)).msg).toBe(ShopMessages.stateInvalid);
    const shopId = await connect(a, who);
    const taken = await b.call('POST', '/api/etsy/connectEtsyForLogin', await consent(b, who));
    expect(taken.msg).toBe(ShopMessages.connectedElsewhere);
    expect((await b.call<{ data: unknown[] }>('GET', '/api/stores/list')).data).toEqual([]);
    expect((await b.call('PUT', '/api/user/selectShop', { id: shopId })).msg).toBe(ShopMessages.storeNotFound);
    const profiles = await b.call('POST', '/api/etsy/getEtsyShippingProfiles', {});
    expect(profiles.code).toBe(Code.STORE_NOT_INSTALLED);
    expect(profiles.msg).toBe(Messages.storeNotInstalled);
    const { id } = await savedProduct(a);
    expect((await b.call('POST', '/api/etsy/pushEtsyProduct', { id, ...(await settingsOf(who)) })).msg).toBe(ShopMessages.productNotFound);
    expect(await jobsOf(shopId)).toEqual([]);
    expect((await s.api('POST', '/api/etsy/getEtsyShippingProfiles', {})).code).toBe(Code.UNAUTHORIZED);
  });
});

describe('listing settings', () => {
  it('reads the taxonomy by level and parent, its properties, the shipping profiles and the processing times', async () => {
    const m = await merchant();
    const who = seller('SettingsShop');
    await connect(m, who);
    const top = await m.call<{ data: unknown[] }>('POST', '/api/etsy/getEtsyCategoryByLevel', { level: 1 });
    expect(top.data).toEqual([
      { id: 1, level: 1, name: 'Clothing', parentId: null, hasChildren: true },
      { id: 2, level: 1, name: 'Home & Living', parentId: null, hasChildren: true },
    ]);
    const children = await m.call<{ data: unknown[] }>('POST', '/api/etsy/getEtsyCategoryByParent', { parentId: 10 });
    expect(children.data).toEqual([
      { id: 1001, level: 3, name: 'T-shirts', parentId: 10, hasChildren: false },
      { id: 1002, level: 3, name: 'Tank Tops', parentId: 10, hasChildren: false },
    ]);
    const props = await m.call<{ data: { property_id: number; name: string }[] }>('POST', '/api/etsy/getEtsyCategoryProperty', {
      taxonomyId: 1001,
    });
    expect(props.data.map((p) => [p.property_id, p.name])).toEqual([
      [200, 'Primary color'],
      [100, 'Size'],
    ]);
    const missing = await m.call('POST', '/api/etsy/getEtsyCategoryProperty', { taxonomyId: 999 });
    expect(missing.code).toBe(Code.ERROR);
    expect(missing.msg).toBe('Etsy: Taxonomy node 999 not found');

    const profiles = await m.call<{ data: { shipping_profile_id: number; title: string }[] }>(
      'POST',
      '/api/etsy/getEtsyShippingProfiles',
      {},
    );
    expect(profiles.data.map((p) => [p.shipping_profile_id, p.title])).toEqual([
      [who.shippingProfiles[0]!.shipping_profile_id, 'Standard from US'],
    ]);
    const states = await m.call<{ data: { readiness_state_id: number; readiness_state: string }[] }>(
      'POST',
      '/api/etsy/getShopReadinessStateDefinitions',
      {},
    );
    expect(states.data.map((r) => [r.readiness_state_id, r.readiness_state])).toEqual(
      who.readinessStates.map((r) => [r.readiness_state_id, r.readiness_state]),
    );
  });
});

describe('pushing to Etsy', () => {
  it('makes one draft listing with its inventory and mockup pictures, and a re-push updates that listing', async () => {
    const m = await merchant();
    const who = seller('PushShop');
    const shopId = await connect(m, who);
    const { id, pictures } = await savedProduct(m, 'Ocean Hoodie', 3);
    const settings = await settingsOf(who);

    expect((await m.call('POST', `/api/sendProductShopify/addQueque/${id}`)).msg).toBe(ShopMessages.etsyPushOnly);
    expect(
      (await m.call('POST', '/api/etsy/pushEtsyProduct', { id, taxonomyId: 1001, shippingProfileId: settings.shippingProfileId })).msg,
    ).toBe('readinessStateId is required');
    const queued = await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...settings });
    expect(queued.code, queued.msg).toBe(200);
    expect(queued.msg).toBe(ShopMessages.pushQueued);
    expect((await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...settings })).msg).toBe(ShopMessages.alreadyQueued);

    expect(await runner.drain()).toBe(1);
    const queue = await m.call<{ rows: { status: string; message: string; externalProductId: string }[] }>(
      'GET',
      '/api/sendProductShopify/getSendProductQueue',
    );
    expect(queue.rows[0]).toMatchObject({ status: 'done', message: ShopMessages.pushDone });

    expect(who.listings.size).toBe(1);
    const listing = [...who.listings.values()][0]!;
    expect(queue.rows[0]!.externalProductId).toBe(String(listing.listing_id));
    expect(listing).toMatchObject({
      title: 'Ocean Hoodie',
      description: 'Ocean Hoodie by me\nSoft & warm',
      state: 'draft',
      taxonomy_id: 1001,
      shipping_profile_id: settings.shippingProfileId,
      who_made: 'i_did',
      when_made: 'made_to_order',
      type: 'physical',
      has_variations: true,
    });
    const ours = await s.database.db.select().from(myProductVariants).where(eq(myProductVariants.myProductId, id));
    const products = listing.inventory.products;
    expect(products.map((p) => [p.sku, p.offerings[0]!.price.amount]).sort()).toEqual(ours.map((v) => [v.sku, v.priceCents]).sort());
    expect(
      products.every((p) => p.offerings[0]!.readiness_state_id === settings.readinessStateId && p.offerings[0]!.quantity === 999),
    ).toBe(true);
    expect(listing.images.map((i) => [i.rank, i.sha256, i.alt_text])).toEqual([
      [1, sha(pictures[0]!), 'Ocean Hoodie - Front - White'],
      [2, sha(pictures[1]!), 'Ocean Hoodie - Back - White'],
    ]);
    const [link] = await s.database.db
      .select()
      .from(storeProductLinks)
      .where(and(eq(storeProductLinks.shopId, shopId), eq(storeProductLinks.myProductId, id)));
    expect(link!.externalProductId).toBe(String(listing.listing_id));
    expect(Object.entries(link!.variantMap as Record<string, string>).sort()).toEqual(
      ours.map((v) => [String(v.id), String(products.find((p) => p.sku === v.sku)!.product_id)]).sort(),
    );

    // New title and price: the same listing, updated; its pictures replaced, not added.
    await s.database.db.update(myProducts).set({ title: 'Ocean Hoodie v2' }).where(eq(myProducts.id, id));
    await s.database.db.update(myProductVariants).set({ priceCents: 4321 }).where(eq(myProductVariants.id, ours[0]!.id));
    expect((await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...settings })).code).toBe(200);
    expect(await runner.drain()).toBe(1);
    expect(who.listings.size).toBe(1);
    expect(creates(who)).toBe(1);
    const updated = who.listings.get(listing.listing_id)!;
    expect(updated.title).toBe('Ocean Hoodie v2');
    expect(updated.inventory.products.find((p) => p.sku === ours[0]!.sku)!.offerings[0]!.price).toEqual({
      amount: 4321,
      divisor: 100,
      currency_code: 'USD',
    });
    expect(updated.images.map((i) => i.rank)).toEqual([1, 2]);
    const [relinked] = await s.database.db.select().from(storeProductLinks).where(eq(storeProductLinks.id, link!.id));
    expect(Object.values(relinked!.variantMap as Record<string, string>).sort()).toEqual(
      updated.inventory.products.map((p) => String(p.product_id)).sort(),
    );
  });

  it('retries after 429 no sooner than Retry-After and after a 5xx mid-push, without a second listing', async () => {
    const m = await merchant();
    const who = seller('BusyShop');
    const shopId = await connect(m, who);
    const { id } = await savedProduct(m);
    await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...(await settingsOf(who)) });

    const t0 = new Date();
    etsy.failNext(429, 1, 120);
    expect(await runner.tick(t0)).toBe(true);
    let [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toBe('Etsy: Too Many Requests');
    expect(job!.nextRunAt.getTime() - t0.getTime()).toBeGreaterThanOrEqual(120_000);
    expect(await runner.tick(new Date(t0.getTime() + 60_000))).toBe(false);
    expect(who.listings.size).toBe(0);

    // The listing is made, then Etsy fails the inventory: the retry updates that listing.
    etsy.failNext(503, 1, 0, /^PUT .*\/inventory$/);
    expect(await runner.tick(new Date(t0.getTime() + 121_000))).toBe(true);
    [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'queued', attempts: 2 });
    expect(job!.lastError).toBe('Etsy: Internal Server Error');
    expect(who.listings.size).toBe(1);

    expect(await runner.tick(new Date(t0.getTime() + 3600_000))).toBe(true);
    [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'done', attempts: 2 + 1 });
    expect(who.listings.size).toBe(1);
    expect(creates(who)).toBe(1);
    expect([...who.listings.values()][0]!.inventory.products).toHaveLength(3);
  });

  it("records Etsy's own message when it refuses the listing, without retrying", async () => {
    const m = await merchant();
    const who = seller('PickyShop');
    const shopId = await connect(m, who);
    const { id } = await savedProduct(m);
    await m.call('POST', '/api/etsy/pushEtsyProduct', {
      id,
      ...(await settingsOf(who)),
      shippingProfileId: who.shippingProfiles[1]!.shipping_profile_id + 1000,
    });
    await runner.drain();
    const [job] = await jobsOf(shopId);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, message: 'Etsy: shipping_profile_id is invalid' });
    expect(who.listings.size).toBe(0);
  });

  it('refreshes a token about to expire before pushing, and one Etsy refuses, saving the new ones encrypted', async () => {
    const m = await merchant();
    const who = seller('RefreshShop');
    const shopId = await connect(m, who);
    const cipher = shopTokenCipher(s.config.shops, s.config.dataDir);
    const before = await connOf(shopId);
    const oldRefresh = cipher.decrypt(before.secretEnc!);
    await s.database.db
      .update(storeConnections)
      .set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(storeConnections.id, before.id));

    const { id } = await savedProduct(m);
    await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...(await settingsOf(who)) });
    expect(await runner.drain()).toBe(1);
    expect((await jobsOf(shopId))[0]!.status).toBe('done');
    const after = await connOf(shopId);
    const newAccess = cipher.decrypt(after.accessTokenEnc);
    expect(newAccess).not.toBe(cipher.decrypt(before.accessTokenEnc));
    expect(etsy.accessTokens.get(newAccess)?.userId).toBe(who.userId);
    expect(etsy.refreshTokens.has(oldRefresh)).toBe(false);
    expect(etsy.refreshTokens.has(cipher.decrypt(after.secretEnc!))).toBe(true);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(after.accessTokenEnc).not.toContain(newAccess);

    // Etsy stops taking the token an hour early: one 401, a refresh, and the call goes through.
    etsy.expireAccessTokens();
    const refreshesBefore = etsy.calls.filter((c) => c.grant === 'refresh_token').length;
    const profiles = await m.call<{ data: unknown[] }>('POST', '/api/etsy/getEtsyShippingProfiles', {});
    expect(profiles.code, profiles.msg).toBe(200);
    expect(profiles.data).toHaveLength(1);
    expect(etsy.calls.filter((c) => c.grant === 'refresh_token').length - refreshesBefore).toBe(1);
    expect(cipher.decrypt((await connOf(shopId)).accessTokenEnc)).not.toBe(newAccess);

    // The seller revoked the app: no refresh works, the shop must be connected again (10003).
    etsy.expireAccessTokens();
    for (const [t, g] of etsy.refreshTokens) if (g.userId === who.userId) etsy.refreshTokens.delete(t);
    const revoked = await m.call('POST', '/api/etsy/getEtsyShippingProfiles', {});
    expect(revoked.code).toBe(Code.STORE_NOT_INSTALLED);
    expect((await connOf(shopId)).status).toBe('uninstalled');
    expect((await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...(await settingsOf(who)) })).code).toBe(Code.STORE_NOT_INSTALLED);
  });
});

describe('Etsy receipts', () => {
  it('become orders once, only for our listings, and only the shop owner sees them', async () => {
    const m = await merchant();
    const who = seller('OrderShop');
    await connect(m, who);
    const { id } = await savedProduct(m, 'Order Mug', 2);
    await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...(await settingsOf(who)) });
    await runner.drain();
    const listing = [...who.listings.values()][0]!;
    const product = listing.inventory.products[1]!;

    etsy.createReceipt(who.shopId, [{ listingId: listing.listing_id, productId: product.product_id, quantity: 2 }]);
    etsy.createReceipt(who.shopId, [{ listingId: 999, productId: 1, quantity: 1 }]);
    expect(await runner.pullOrders()).toBe(1);
    expect(await runner.pullOrders()).toBe(0);
    const list = await m.call<{
      rows: {
        status: string;
        countryCode: string;
        total: number;
        items: { title: string; quantity: number; sku: string; myProductId: number }[];
      }[];
    }>('GET', '/api/order/list');
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ status: 'pending', countryCode: 'US' });
    expect(list.rows[0]!.items).toMatchObject([{ title: 'Order Mug', quantity: 2, myProductId: id }]);
    expect(list.rows[0]!.total).toBeGreaterThan(0);
    const other = await merchant();
    expect((await other.call<{ rows: unknown[] }>('GET', '/api/order/list')).rows).toHaveLength(0);
  });

  it('a receipt without the address is never made an order with an empty address: it waits, the merchant is asked, and the address entered makes it', async () => {
    const m = await merchant();
    const who = seller('NoAddressShop');
    await connect(m, who);
    const { id } = await savedProduct(m, 'Quiet Mug', 2);
    await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...(await settingsOf(who)) });
    await runner.drain();
    const listing = [...who.listings.values()][0]!;
    const receipt = etsy.createReceipt(
      who.shopId,
      [{ listingId: listing.listing_id, productId: listing.inventory.products[0]!.product_id, quantity: 1 }],
      null,
    );
    expect(receipt.country_iso).toBeUndefined();
    expect(await runner.pullOrders()).toBe(0);
    expect((await m.call<{ rows: unknown[] }>('GET', '/api/order/list')).rows).toHaveLength(0);
    const waiting = await m.call<{ data: { id: number; name: string; platform: string; storeName: string; lines: unknown[] }[] }>(
      'GET',
      '/api/stores/ordersNeedingAddress',
    );
    expect(waiting.data).toMatchObject([
      { name: `Etsy receipt ${String(receipt.receipt_id)}`, platform: 'etsy', lines: [{ title: 'Quiet Mug', quantity: 1 }] },
    ]);
    const messages = await m.call<{ rows: { title: string; content: string }[] }>('GET', '/api/sMessgaeShop/list');
    expect(
      messages.rows.find((x) => x.title === `Order Etsy receipt ${String(receipt.receipt_id)} needs a shipping address`),
    ).toBeDefined();

    const entered = await m.call<{ data: { orderId: number } }>('POST', '/api/stores/orderAddress', {
      id: waiting.data[0]!.id,
      address: {
        firstName: 'Grace',
        lastName: 'Hopper',
        address1: '2 Side St',
        address2: '',
        city: 'Austin',
        province: 'TX',
        zip: '73301',
        countryCode: 'US',
        phone: '',
      },
    });
    expect(entered.code, entered.msg).toBe(200);
    const list = await m.call<{ rows: { id: number; status: string; countryCode: string }[] }>('GET', '/api/order/list');
    expect(list.rows).toMatchObject([{ id: entered.data.orderId, status: 'pending', countryCode: 'US' }]);
    expect(await runner.pullOrders()).toBe(0);
    expect((await m.call<{ data: unknown[] }>('GET', '/api/stores/ordersNeedingAddress')).data).toEqual([]);
  });
});

describe('Etsy listing pictures', () => {
  it('uploads up to 20 pictures, one per rank', async () => {
    const m = await merchant();
    const who = seller('ManyViewsShop');
    await connect(m, who);
    const views = Array.from({ length: 12 }, (_, i) => `View ${i + 1}`);
    const { id, pictures } = await savedProduct(m, 'Gallery Tee', 2, views);
    await m.call('POST', '/api/etsy/pushEtsyProduct', { id, ...(await settingsOf(who)) });
    await runner.drain();
    const listing = [...who.listings.values()][0]!;
    expect(listing.images.map((i) => [i.rank, i.sha256])).toEqual(pictures.map((p, i) => [i + 1, sha(p)]));
  });
});
