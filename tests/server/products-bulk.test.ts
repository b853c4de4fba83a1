/**
 * Saving many products at once (bulk design) over real HTTP on a real database: batchAdd creates
 * each product with its view images and reports the ones it refused by position while the rest
 * are saved; a batch sent again with the same request keys creates nothing twice; addExt is the
 * one-product form; shopBatchCopyProduct copies products into one of the merchant's stores. One
 * merchant can never use another's pictures or products.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { seedCatalog, variantsOfIn } from './fixtures';
import type { CatalogRows } from '../../demo/catalog/build';
import type { ProductRow } from '../../demo/catalog/products';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { shops } from '../../server/shops/schema';
import { myProducts } from '../../server/products/schema';
import { BULK_SAVE_MAX, BulkMessages } from '../../contract/bulk';
import { ProductMessages, type MyProductDetail } from '../../contract/products';

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer();
  rows = await seedCatalog(s, { seed: 'bulk-test', productCount: 20, imageSize: 128 });
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Res<T>>;
}

let count = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `bulk${++count}-${Date.now()}@bulk.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, token, call: (method, path, body) => s.api(method, path, body, token) as never };
}

async function uploadJpeg(m: Merchant, colour: string): Promise<string> {
  const file = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('avatarfile', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'view.jpg');
  const res = await fetch(`${s.url}/prod-api/api/uploadsImg/uploadCustomizedNoPrefix`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${m.token}` },
  });
  const env = (await res.json()) as { code: number; msg: string; data: { url: string } };
  expect(env.code, env.msg).toBe(200);
  return env.data.url;
}

const design = JSON.stringify({
  id: 'sku-1',
  flatDesignList: [{ flatId: 'front', designList: [], color: '#FFFFFF', flatImage: null, previewFlatImage: null }],
  BGDesignList: [],
  color: '#FFFFFF',
  styleId: null,
});

const item = (p: ProductRow, url: string, key: string, title = `Bulk ${p.title}`) => ({
  productfid: p.id,
  editObj: design,
  customType: p.customType,
  title,
  requestKey: key,
  images: [{ url, viewId: 'front', viewName: 'Front', variantIds: [variantsOfIn(rows, p)[0]!.id] }],
});

const batchAdd = (m: Merchant, list: unknown[]) =>
  m.call<{ data: { created: number; results: { index: number; id?: number; msg?: string }[] } }>('POST', '/api/Myexclusive/batchAdd', {
    list,
  });
const info = (m: Merchant, id: number) => m.call<{ data: MyProductDetail }>('GET', `/api/Myexclusive/getInfo/${id}`);
const productCount = async (m: Merchant) => (await s.database.db.select().from(myProducts).where(eq(myProducts.userId, m.id))).length;

describe('batchAdd', () => {
  it('creates every product with its images and reports a refused one by its position while the rest are saved', async () => {
    const m = await merchant();
    const other = await merchant();
    const mine = await uploadJpeg(m, '#cc3344');
    const theirs = await uploadJpeg(other, '#3344cc');
    const [a, b, c] = rows.products;
    const res = await batchAdd(m, [item(a!, mine, 'job1:a'), item(b!, theirs, 'job1:b'), item(c!, mine, 'job1:c')]);
    expect(res.code, res.msg).toBe(200);
    expect(res.msg).toBe(BulkMessages.created);
    expect(res.data.created).toBe(2);
    expect(res.data.results.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(res.data.results[1]).toEqual({ index: 1, msg: ProductMessages.imageNotYours });
    // The refused product does not linger without its mockups.
    expect(await productCount(m)).toBe(2);
    for (const r of [res.data.results[0]!, res.data.results[2]!]) {
      const d = await info(m, r.id!);
      expect(d.code).toBe(200);
      expect(d.data.images).toHaveLength(1);
      expect(d.data.images[0]!.url).toBe(mine);
      expect(d.data.title).toMatch(/^Bulk /);
      // Priced by the account's rule (twice the cost) since no price was sent.
      expect(d.data.variants.every((v) => v.price === v.cost * 2)).toBe(true);
    }
  });

  it('answers a batch sent again with the same request keys with the products it made, creating nothing twice', async () => {
    const m = await merchant();
    const url = await uploadJpeg(m, '#22aa55');
    const list = rows.products.slice(3, 7).map((p, i) => item(p, url, `job2:${i}`));
    const first = await batchAdd(m, list);
    expect(first.data.created).toBe(4);
    const again = await batchAdd(m, list);
    expect(again.code).toBe(200);
    expect(again.data.results.map((r) => r.id)).toEqual(first.data.results.map((r) => r.id));
    expect(await productCount(m)).toBe(4);
    // The same key from another merchant is theirs alone.
    const other = await merchant();
    const otherUrl = await uploadJpeg(other, '#22aa55');
    const theirs = await batchAdd(other, [item(rows.products[3]!, otherUrl, 'job2:0')]);
    expect(theirs.data.results[0]!.id).not.toBe(first.data.results[0]!.id);
  });

  it('reports a product that left the catalogue and refuses an empty or oversized batch as a whole', async () => {
    const m = await merchant();
    const url = await uploadJpeg(m, '#777777');
    const res = await batchAdd(m, [
      { ...item(rows.products[0]!, url, 'job3:0'), productfid: 999_999 },
      item(rows.products[1]!, url, 'job3:1'),
    ]);
    expect(res.data.results[0]).toEqual({ index: 0, msg: ProductMessages.parentNotFound });
    expect(res.data.created).toBe(1);

    const empty = await batchAdd(m, []);
    expect(empty.code).not.toBe(200);
    expect(empty.msg).toContain(BulkMessages.noProducts);
    const huge = await batchAdd(
      m,
      Array.from({ length: BULK_SAVE_MAX + 1 }, (_, i) => item(rows.products[0]!, url, `job3:big${i}`)),
    );
    expect(huge.code).not.toBe(200);
    expect(huge.msg).toContain(BulkMessages.tooManyItems);
    expect(await productCount(m)).toBe(1);
  });

  it('needs a merchant', async () => {
    const res = await s.api('POST', '/api/Myexclusive/batchAdd', { list: [] });
    expect(res.code).toBe(401);
  });
});

describe('addExt', () => {
  it('saves one product with its images, and saves nothing when an image is refused', async () => {
    const m = await merchant();
    const url = await uploadJpeg(m, '#aa8800');
    const p = rows.products[2]!;
    const ok = await m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/addExt', item(p, url, 'one'));
    expect(ok.code, ok.msg).toBe(200);
    expect((await info(m, ok.data.id)).data.images).toHaveLength(1);
    const bad = await m.call('POST', '/api/Myexclusive/addExt', item(p, '/files/nobody/none.jpg', 'two'));
    expect(bad.code).not.toBe(200);
    expect(await productCount(m)).toBe(1);
  });
});

describe('shopBatchCopyProduct', () => {
  it("copies products with their titles into the merchant's named store, and refuses another merchant's store or products", async () => {
    const m = await merchant();
    const other = await merchant();
    const url = await uploadJpeg(m, '#118899');
    const made = await batchAdd(
      m,
      rows.products.slice(0, 2).map((p, i) => item(p, url, `copy:${i}`)),
    );
    const ids = made.data.results.map((r) => r.id!);
    const [shop] = await s.database.db.insert(shops).values({ userId: m.id, simplename: 'second', type: 1 }).returning();
    const [foreign] = await s.database.db.insert(shops).values({ userId: other.id, simplename: 'theirs', type: 1 }).returning();

    const res = await m.call<{ data: { ids: number[]; shopId: number } }>('POST', '/api/Myexclusive/shopBatchCopyProduct', {
      ids,
      shopId: shop!.id,
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.shopId).toBe(shop!.id);
    expect(res.data.ids).toHaveLength(2);
    for (const [i, id] of res.data.ids.entries()) {
      const copy = (await info(m, id)).data;
      const original = (await info(m, ids[i]!)).data;
      expect(copy.title).toBe(original.title);
      expect(copy.images.map((x) => x.url)).toEqual(original.images.map((x) => x.url));
      const [row] = await s.database.db.select().from(myProducts).where(eq(myProducts.id, id));
      expect(row!.shopId).toBe(shop!.id);
    }

    const intoForeign = await m.call('POST', '/api/Myexclusive/shopBatchCopyProduct', { ids, shopId: foreign!.id });
    expect(intoForeign.code).not.toBe(200);
    const othersProducts = await other.call('POST', '/api/Myexclusive/shopBatchCopyProduct', { ids, shopId: foreign!.id });
    expect(othersProducts.code).not.toBe(200);
    expect(await productCount(other)).toBe(0);
    expect(await productCount(m)).toBe(4);
  });
});
