/**
 * Personalised products over real HTTP on a real database, with the Shopify stand-in: the open
 * read of a pushed product's personalisation (found only through the store's own names, nothing
 * of the merchant's account), buyer picture uploads checked by content, and store orders whose
 * line-item properties carry the buyer's values into Orders, checked against the design's limits,
 * and into the print design the app renders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import { startShopifyStandIn, type ShopifyStandIn } from './stand-ins/shopify';
import { startWooCommerceStandIn, type WooCommerceStandIn } from './stand-ins/woocommerce';
import { personalizerFrameAncestors } from '../../server/platform/security';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { myProductImages, myProductVariants, myProducts } from '../../server/products/schema';
import { startShopJobs, type ShopJobs } from '../../server/shops/jobs';
import { orderPrintJobs } from '../../server/commerce/print-jobs';
import { createBlobStorage } from '../../server/platform/blob-storage';
import { PERSONALIZATION_PROPERTY, PersonalizationMessages } from '../../contract/personalization';
import type { CustomTemplate, ImageElement, SkuDesign, TextElement } from '../../engine/model/index.ts';

const OPTIONS: CatalogOptions = { seed: 'personalization-test', productCount: 12, imageSize: 128 };
const APP = { apiKey: 'pod-standin-key', apiSecret: 'shpss_standInSecret0123456789' };
const PUBLIC = 'https://app.pod.test';

let s: TestServer;
let shopify: ShopifyStandIn;
let woo: WooCommerceStandIn;
let rows: CatalogRows;
let runner: ShopJobs;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  shopify = await startShopifyStandIn({ ...APP, reach: (uri) => uri.replace(PUBLIC, s.url) });
  woo = await startWooCommerceStandIn();
  s = await startServer({
    SHOPIFY_API_KEY: APP.apiKey,
    SHOPIFY_API_SECRET: APP.apiSecret,
    SHOPIFY_ADMIN_ORIGIN: shopify.url,
    STORE_ORDER_PULL_MS: '0',
    // The WooCommerce stand-in is a plain-http store on loopback.
    STORES_ALLOW_PRIVATE_HOSTS: '1',
  });
  s.config.shops.publicUrl = PUBLIC;
  rows = await seedCatalog(s, OPTIONS);
  runner = startShopJobs({ db: s.database.db, config: s.config.shops, dataDir: s.config.dataDir, log: silent, loop: false });
});
afterAll(async () => {
  await runner?.close();
  await s?.close();
  await shopify?.close();
  await woo?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  email: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Res<T>>;
}
let n = 0;
async function merchant(): Promise<Merchant> {
  const email = `pz${++n}-${Date.now()}@personal.test`;
  const user = await createUser(s.database.db, email, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, email, call: (method, p, body) => s.api(method, p, body, token) as never };
}

async function connect(m: Merchant, name: string): Promise<void> {
  const start = await m.call<{ data: { url: string } }>('POST', `/api/shopifyauthShopify?shop=${name}`);
  const callback = new URL(await shopify.approve(start.data.url));
  const bound = await m.call('POST', '/api/shopifyOAuth/bindShop', Object.fromEntries(callback.searchParams));
  expect(bound.code, bound.msg).toBe(200);
}

/** The design: a personalised name (limits), a personalised photo, and a plain text nobody may change. */
function designOn(template: CustomTemplate): SkuDesign {
  const flatId = template.flatList[0]!.flatId;
  const base = {
    flatId,
    designId: null,
    angle: 0,
    scaleX: 1,
    scaleY: 1,
    flipX: false,
    flipY: false,
    originX: 'center',
    originY: 'center',
  } as const;
  const name: TextElement = {
    ...base,
    type: 'text',
    localId: 'name',
    left: 200,
    top: 200,
    width: 0,
    height: 0,
    text: 'Your name',
    fill: '#111111',
    fontSize: 40,
    textAlign: 'left',
    charSpacing: 0,
    fontFamily: 'Roboto',
    stroke: null,
    strokeWidth: 0,
    shadow: null,
    textLines: ['Your name'],
    personalize: { label: 'Name on the mug', required: true, kind: 'input', maxLength: 10, fonts: [], colors: ['#FF0000'], options: [] },
  };
  const photo: ImageElement = {
    ...base,
    type: 'image',
    localId: 'photo',
    left: 200,
    top: 400,
    width: 100,
    height: 100,
    originalWidth: 100,
    originalHeight: 100,
    url: `${PUBLIC}/prod-api/storage/CustomizedImages/1/merchant.png`,
    fileName: 'merchant.png',
    tiling: null,
    tilingLayer: null,
    personalize: { label: 'Your photo', required: false, kind: 'input', maxLength: 30, fonts: [], colors: [], options: [] },
  };
  const plain: TextElement = { ...name, localId: 'motto', text: 'Best mum', textLines: ['Best mum'], personalize: undefined };
  delete plain.personalize;
  return {
    id: 'd1',
    flatDesignList: [{ flatId, designList: [name, photo, plain], color: '#FFFFFF', flatImage: null, previewFlatImage: null }],
    BGDesignList: [],
    color: '#FFFFFF',
    styleId: null,
  };
}

/** A saved product on a catalogue product, its design stored inline as the designer saves it. */
async function savedProduct(m: Merchant, title: string, personalised: boolean, viewUrl?: string): Promise<number> {
  const p = rows.products.find((x) => x.shipFrom === 'CN' && rows.variants.filter((v) => v.productId === x.id).length >= 2)!;
  const templates = await s.api<{ rows: { editZone: CustomTemplate }[] }>('GET', `/api/productImages/list?productid=${p.id}`);
  const template = templates.rows[0]!.editZone;
  const design = designOn(template);
  if (!personalised) for (const el of design.flatDesignList[0]!.designList) delete el.personalize;
  const variants = rows.variants.filter((v) => v.productId === p.id).slice(0, 2);
  const db = s.database.db;
  const [mp] = await db
    .insert(myProducts)
    .values({
      userId: m.id,
      productfid: p.id,
      title,
      bodyHtml: '',
      editObj: JSON.stringify({ version: 1, customTemplateId: template.customTemplateId, design }),
    })
    .returning();
  const [img] = await db
    .insert(myProductImages)
    .values({
      myProductId: mp!.id,
      viewId: 'front',
      viewName: 'Front',
      colorValue: '#FFFFFF',
      colorName: 'White',
      url: viewUrl ?? `/prod-api/files/render/${mp!.id}-front.jpg`,
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
      priceCents: v.cost * 2,
      imageId: img!.id,
    })),
  );
  return mp!.id;
}

async function pushed(m: Merchant, id: number, domain: string) {
  const queued = await m.call('POST', `/api/sendProductShopify/addQueque/${id}`);
  expect(queued.code, queued.msg).toBe(200);
  await runner.drain();
  const product = [...shopify.shop(domain).products.values()].find((x) => x.title.length > 0 && x.variants.length > 0)!;
  return { productId: product.id.split('/').pop()!, variantId: product.variants[0]!.id };
}

const readProduct = (shop: string, product: string, platform = 'shopify') =>
  s.api<{ data: { title: string; template: CustomTemplate; design: SkuDesign; fields: { localId: string; rule: { label: string } }[] } }>(
    'GET',
    `/api/personalizer/product?platform=${platform}&shop=${encodeURIComponent(shop)}&product=${product}`,
  );

async function uploadBuyer(body: Buffer, name = 'me.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), name);
  const res = await fetch(`${s.url}/prod-api/api/personalizer/uploadImage`, { method: 'POST', body: form });
  return (await res.json()) as { code: number; msg: string; data?: { url: string; width: number; height: number } };
}

const property = (values: unknown) => ({ name: PERSONALIZATION_PROPERTY, value: JSON.stringify({ v: 1, values }) });

describe('the personaliser product read', () => {
  it('answers a pushed personalised product by its store names, with the fields and nothing of the account', async () => {
    const m = await merchant();
    await connect(m, 'gift-shop');
    const id = await savedProduct(m, 'Named Mug', true);
    const { productId } = await pushed(m, id, 'gift-shop.myshopify.com');

    const res = await readProduct('gift-shop.myshopify.com', productId);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.title).toBe('Named Mug');
    expect(res.data.fields.map((f) => [f.localId, f.rule.label])).toEqual([
      ['name', 'Name on the mug'],
      ['photo', 'Your photo'],
    ]);
    expect(res.data.template.flatList.length).toBeGreaterThan(0);
    const text = JSON.stringify(res);
    expect(text).not.toContain(m.email);
    expect(text).not.toContain(`"userId"`);
    // The gid form names the same product.
    expect((await readProduct('GIFT-SHOP.myshopify.com', `gid://shopify/Product/${productId}`)).code).toBe(200);

    // The store page's loader asks, from the store's origin, whether the cart must wait for the buyer.
    const asked = await fetch(
      `${s.url}/prod-api/api/personalizer/required?platform=shopify&shop=gift-shop.myshopify.com&product=${productId}`,
      {
        headers: { origin: 'https://gift-shop.myshopify.com' },
      },
    );
    expect(asked.headers.get('access-control-allow-origin')).toBe('*');
    expect(asked.headers.get('set-cookie')).toBeNull();
    expect(await asked.json()).toMatchObject({ code: 200, data: { required: true } });
  });

  it('tells the loader a product with only optional fields need not wait, and an unknown one is not personalisable', async () => {
    const m = await merchant();
    await connect(m, 'optional-shop');
    const id = await savedProduct(m, 'Optional Mug', true);
    // Only the optional photo stays personalised.
    const [row] = await s.database.db.select().from(myProducts).where(eq(myProducts.id, id));
    await s.database.db
      .update(myProducts)
      .set({ editObj: row!.editObj!.replace('"required":true', '"required":false') })
      .where(eq(myProducts.id, id));
    const { productId } = await pushed(m, id, 'optional-shop.myshopify.com');
    const required = (product: string) =>
      s.api<{ data?: { required: boolean } }>(
        'GET',
        `/api/personalizer/required?platform=shopify&shop=optional-shop.myshopify.com&product=${product}`,
      );
    expect(await required(productId)).toMatchObject({ code: 200, data: { required: false } });
    const unknown = await required('999999999');
    expect(unknown.code).not.toBe(200);
    expect(unknown.msg).toBe(PersonalizationMessages.productNotFound);
  });

  it('finds nothing for another store, an unknown or plain product, or a bad platform', async () => {
    const m = await merchant();
    await connect(m, 'plain-shop');
    const id = await savedProduct(m, 'Plain Mug', false);
    const { productId } = await pushed(m, id, 'plain-shop.myshopify.com');
    for (const res of [
      await readProduct('plain-shop.myshopify.com', productId),
      await readProduct('gift-shop.myshopify.com', productId),
      await readProduct('plain-shop.myshopify.com', '999999999'),
      await readProduct('plain-shop.myshopify.com', 'not-a-number'),
    ]) {
      expect(res.code).not.toBe(200);
      expect(res.msg).toBe(PersonalizationMessages.productNotFound);
    }
    const bad = await readProduct('plain-shop.myshopify.com', productId, 'etsy');
    expect(bad.code).not.toBe(200);
    expect(bad.msg).toContain('platform must be shopify or woocommerce');
  });
});

describe("the widget's security headers", () => {
  it('let store pages frame the widget (https ones only in production), and nothing else of the app', async () => {
    expect(personalizerFrameAncestors(false)).toEqual(['https:']);
    const widget = await fetch(`${s.url}/personalizer/`);
    const csp = widget.headers.get('content-security-policy') ?? '';
    // This server allows stores on private hosts (the WooCommerce stand-in): plain http too.
    expect(csp).toMatch(/frame-ancestors https: http:($|;)/);
    expect(csp).toContain("script-src 'self'");
    expect(widget.headers.get('x-frame-options')).toBeNull();
    for (const path of ['/', '/orders', '/prod-api/api/personalizer/product']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});

describe('buyer pictures', () => {
  it('stores a picture re-encoded under a random name, and refuses what is not one', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const ok = await uploadBuyer(png);
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ width: 64, height: 48 });
    expect(ok.data!.url).toMatch(/^\/prod-api\/storage\/buyer-images\/\d{4}-\d{2}-\d{2}\/[A-Za-z0-9]{32}\.png$/);
    const served = await fetch(`${s.url}${ok.data!.url}`);
    expect(served.status).toBe(200);

    const before = await readdir(path.join(s.config.dataDir, 'files', 'buyer-images'), { recursive: true });
    const text = await uploadBuyer(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png');
    expect(text.code).not.toBe(200);
    expect(text.msg).toBe(PersonalizationMessages.notPicture);
    const cut = await uploadBuyer(png.subarray(0, 40), 'cut.png');
    expect(cut.msg).toBe(PersonalizationMessages.notPicture);
    const empty = await fetch(`${s.url}/prod-api/api/personalizer/uploadImage`, { method: 'POST', body: new FormData() });
    expect(((await empty.json()) as { msg: string }).msg).toBe(PersonalizationMessages.missing);
    expect(await readdir(path.join(s.config.dataDir, 'files', 'buyer-images'), { recursive: true })).toEqual(before);
  });
});

describe('store orders with personalised lines', () => {
  it("bring the buyer's values into Orders and the print design; bad values are kept out with the reason", async () => {
    const m = await merchant();
    const other = await merchant();
    await connect(m, 'names-shop');
    const domain = 'names-shop.myshopify.com';
    const id = await savedProduct(m, 'Name Tee', true);
    const { variantId } = await pushed(m, id, domain);
    const png = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer();
    const picture = (await uploadBuyer(png)).data!;

    const { deliveries } = await shopify.createOrder(domain, [
      {
        variantId,
        quantity: 1,
        properties: [
          { name: 'Name on the mug', value: 'Alice' },
          property({ name: { text: 'Alice', color: '#ff0000' }, photo: { image: picture } }),
        ],
      },
      { variantId, quantity: 2, properties: [property({ name: { text: 'Bartholomew the Great' } })] },
    ]);
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    const list = await m.call<{ rows: { id: number; items: { id: number; title: string }[] }[] }>('GET', '/api/order/list');
    const order = list.rows[0]!;
    expect(order.items).toHaveLength(2);

    const personal = await m.call<{ data: { orderItemId: number; lines: { label: string; value: string }[]; problem: string | null }[] }>(
      'GET',
      `/api/order/${order.id}/personalizations`,
    );
    expect(personal.data).toEqual([
      {
        orderItemId: order.items[0]!.id,
        lines: [
          { label: 'Name on the mug', value: 'Alice (#FF0000)' },
          { label: 'Your photo', value: 'uploaded picture' },
        ],
        problem: null,
      },
      { orderItemId: order.items[1]!.id, lines: [], problem: '"Name on the mug" is longer than 10 characters' },
    ]);

    const print = await m.call<{ data: { design: SkuDesign; flatIds: string[] } }>(
      'GET',
      `/api/order/${order.id}/items/${order.items[0]!.id}/printDesign`,
    );
    expect(print.code, print.msg).toBe(200);
    const [name, photo, motto] = print.data.design.flatDesignList[0]!.designList as [TextElement, ImageElement, TextElement];
    expect(name).toMatchObject({ text: 'Alice', fill: '#FF0000' });
    expect(photo).toMatchObject({ url: picture.url, originalWidth: 80, originalHeight: 40 });
    expect(motto.text).toBe('Best mum');
    expect(print.data.flatIds).toEqual([print.data.design.flatDesignList[0]!.flatId]);
    // Production's print jobs for the order print the same personalised design.
    const jobs = await orderPrintJobs(s.database.db, createBlobStorage(s.config), order.id);
    const job = jobs.lines.find((l) => l.orderItemId === order.items[0]!.id)!;
    expect((job.design.flatDesignList[0]!.designList[0] as TextElement).text).toBe('Alice');
    // The line whose values were refused prints as designed.
    const refused = await m.call<{ data: { design: SkuDesign } }>('GET', `/api/order/${order.id}/items/${order.items[1]!.id}/printDesign`);
    expect((refused.data.design.flatDesignList[0]!.designList[0] as TextElement).text).toBe('Your name');

    // Another merchant reaches neither.
    expect((await other.call('GET', `/api/order/${order.id}/personalizations`)).code).not.toBe(200);
    expect((await other.call('GET', `/api/order/${order.id}/items/${order.items[0]!.id}/printDesign`)).code).not.toBe(200);
  });

  it('refuses pictures from anywhere but the buyer uploads', async () => {
    const m = await merchant();
    await connect(m, 'pic-shop');
    const domain = 'pic-shop.myshopify.com';
    const id = await savedProduct(m, 'Pic Tee', true);
    const { variantId } = await pushed(m, id, domain);
    await shopify.createOrder(domain, [
      {
        variantId,
        quantity: 1,
        properties: [property({ name: { text: 'Zoe' }, photo: { image: { url: 'https://evil.example/x.png', width: 10, height: 10 } } })],
      },
    ]);
    const order = (await m.call<{ rows: { id: number }[] }>('GET', '/api/order/list')).rows[0]!;
    const personal = await m.call<{ data: { problem: string | null }[] }>('GET', `/api/order/${order.id}/personalizations`);
    expect(personal.data[0]!.problem).toBe('"Your photo": the picture must be uploaded through the personaliser');
  });
});

describe('WooCommerce', () => {
  it('reads the product by the store address and carries item meta into the order', async () => {
    // The WooCommerce stand-in calls back and delivers webhooks to this server itself (no TLS proxy in front).
    s.config.shops.publicUrl = s.url;
    try {
      await wooOrder();
    } finally {
      s.config.shops.publicUrl = PUBLIC;
    }
  });
});

async function wooOrder(): Promise<void> {
  {
    const user = await createUser(s.database.db, `pz-woo-${Date.now()}@personal.test`, 'secret123');
    const { token } = await createSession(s.database.db, user.id);
    const m: Merchant = { id: user.id, email: '', call: (method, p, body) => s.api(method, p, body, token) as never };
    const start = await m.call<{ data: { url: string } }>('POST', '/woocommerce/woocommerce/connectWCForLogin', { storeUrl: woo.url });
    const approved = await woo.approve(start.data.url);
    const bound = await m.call<{ data: { status: string } }>('POST', '/woocommerce/woocommerce/connectResult', {
      state: new URL(approved.returnUrl).searchParams.get('state'),
    });
    expect(bound.data.status).toBe('bound');
    // WooCommerce fetches the pushed pictures itself: the view image is a real stored file.
    const key = `/CustomizedImages/${user.id}/2026-11-28/${'a'.repeat(32)}.jpg`;
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const blobs = createBlobStorage(s.config);
    await blobs.put(key, jpeg, 'image/jpeg');
    const id = await savedProduct(m, 'Woo Name Mug', true, blobs.publicUrl(key));
    expect((await m.call('POST', `/api/sendProductShopify/addQueque/${id}`)).code).toBe(200);
    await runner.drain();
    const made = [...woo.products.values()].find((p) => p.name === 'Woo Name Mug')!;

    const read = await readProduct(woo.url, String(made.id), 'woocommerce');
    expect(read.code, read.msg).toBe(200);
    expect(read.data.fields.map((f) => f.rule.label)).toEqual(['Name on the mug', 'Your photo']);

    const order = await woo.createOrder([
      {
        productId: made.id,
        variationId: made.variations[0]!.id,
        quantity: 1,
        meta: [
          { key: 'Name on the mug', value: 'Bo' },
          { key: PERSONALIZATION_PROPERTY, value: JSON.stringify({ v: 1, values: { name: { text: 'Bo' } } }) },
        ],
      },
    ]);
    expect(order.deliveries).toEqual([200]);
    const ours = (await m.call<{ rows: { id: number; items: { id: number }[] }[] }>('GET', '/api/order/list')).rows[0]!;
    const personal = await m.call<{ data: { lines: { label: string; value: string }[]; problem: string | null }[] }>(
      'GET',
      `/api/order/${ours.id}/personalizations`,
    );
    expect(personal.data).toEqual([{ orderItemId: ours.items[0]!.id, lines: [{ label: 'Name on the mug', value: 'Bo' }], problem: null }]);
  }
}
