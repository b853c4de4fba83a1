/**
 * My products and My templates over real HTTP on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), with real uploads into the local store: saving a design inline and by file
 * URL (the 60000-character switch), the price filter, the pricing rule, view images, list search
 * and paging, copy, batch delete, templates, and one merchant never reaching another's products.
 * Expected prices are computed here from the generated catalogue rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog, variantsOfIn } from './fixtures';
import type { ProductRow, VariantRow } from '../../demo/catalog/products';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { Code } from '../../contract/envelope';
import { PhotoMessages } from '../../contract/photos';
import { EDIT_OBJ_INLINE_MAX, ProductMessages, type MyProductCard, type MyProductDetail, type PriceRule } from '../../contract/products';

const OPTIONS: CatalogOptions = { seed: 'products-test', productCount: 40, imageSize: 256 };

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer();
  rows = await seedCatalog(s, OPTIONS);
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

let merchantCount = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `p${++merchantCount}-${Date.now()}@products.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, token, call: (method, path, body) => s.api(method, path, body, token) as never };
}

const variantsOf = (p: ProductRow): VariantRow[] => variantsOfIn(rows, p);
/** A product with a colour option of at least two colours and several variants. */
const colourful = (nth = 0): ProductRow => {
  const list = rows.products.filter((p) => {
    const colour = p.options.find((o) => o.isColor);
    return colour && colour.values.length >= 2 && variantsOf(p).length >= 4;
  });
  if (!list[nth]) throw new Error(`no colourful product #${nth}`);
  return list[nth]!;
};
const colourPosition = (p: ProductRow) => p.options.find((o) => o.isColor)!.position;
const optionValue = (v: VariantRow, position: number) => (position === 1 ? v.option1 : position === 2 ? v.option2 : v.option3);

const design = (marker: string) => ({
  id: 'sku-1',
  flatDesignList: [{ flatId: 'front', designList: [], color: '#FFFFFF', flatImage: null, previewFlatImage: null, marker }],
  BGDesignList: [],
  color: '#FFFFFF',
  styleId: null,
});

const add = (m: Merchant, body: Record<string, unknown>) => m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/add', body);
const info = (m: Merchant, id: number) => m.call<{ data: MyProductDetail }>('GET', `/api/Myexclusive/getInfo/${id}`);
const list = (m: Merchant, q = '') => m.call<{ rows: MyProductCard[]; total: number }>('GET', `/api/Myexclusive/list${q}`);

async function saved(m: Merchant, body: Record<string, unknown>): Promise<number> {
  const res = await add(m, body);
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
}

async function upload(m: Merchant, path: string, file: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('avatarfile', new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${s.url}/prod-api${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${m.token}` } });
  const env = (await res.json()) as { code: number; msg: string; data: { url: string; thumbnailUrl?: string } };
  expect(env.code, env.msg).toBe(200);
  return env.data;
}
const jpeg = (color: string, w = 600, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const fetchBytes = async (url: string) => Buffer.from(await (await fetch(`${s.url}${url}`)).arrayBuffer());

describe('saving a design', () => {
  it('saves inline JSON with the catalogue variants priced by the default rule, and reads back what was saved', async () => {
    const m = await merchant();
    const p = colourful();
    const editObj = JSON.stringify(design('inline'));
    const id = await saved(m, {
      productfid: p.id,
      editObj,
      printtype: 1,
      sectionType: 2,
      prototypeGroupId: 'g1',
      prototypeGroupName: 'Front',
      customType: p.customType,
      title: 'My cat tee',
      bodyHtml: '<p onclick="steal()">Soft <b>cotton</b><script>alert(1)</script></p><img src=x onerror=alert(1)>',
    });
    const res = await info(m, id);
    expect(res.code).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({
      id,
      productfid: p.id,
      title: 'My cat tee',
      editObj,
      editObjUrl: null,
      printtype: 1,
      sectionType: 2,
      prototypeGroupId: 'g1',
      prototypeGroupName: 'Front',
      isTemplate: 0,
    });
    expect(d.bodyHtml).toBe('<p>Soft <b>cotton</b></p>');
    const expected = variantsOf(p);
    expect(d.variants.map((v) => v.variantId)).toEqual(expected.map((v) => v.id));
    expect(d.variants.map((v) => [v.cost, v.price, v.profit])).toEqual(expected.map((v) => [v.cost, v.cost * 2, v.cost]));
    // No colours named: the product covers every colour of the catalogue product.
    expect(d.colorIds.map((c) => c.color)).toEqual(p.options.find((o) => o.isColor)!.values.map((v) => v.hex));
    expect(d.parent?.id).toBe(p.id);
  });

  it('refuses inline JSON over 60000 characters and saves nothing', async () => {
    const m = await merchant();
    const big = JSON.stringify({ ...design('big'), pad: 'x'.repeat(EDIT_OBJ_INLINE_MAX) });
    const res = await add(m, { productfid: colourful().id, editObj: big });
    expect(res).toMatchObject({ code: Code.ERROR, msg: ProductMessages.editObjTooLarge });
    expect((await list(m)).total).toBe(0);
    expect((await add(m, { productfid: colourful().id, editObj: '{not json' })).msg).toBe(ProductMessages.editObjInvalid);
  });

  it("saves a large design by the URL of the merchant's own uploaded file, as editObjUrl or as editObj itself", async () => {
    const m = await merchant();
    const text = JSON.stringify({ ...design('file'), pad: 'y'.repeat(EDIT_OBJ_INLINE_MAX + 10) });
    const file = await upload(m, '/api/uploadsImg/uploadCustomizedNoPrefix', Buffer.from(text), 'design.json', 'application/json');
    const a = await saved(m, { productfid: colourful().id, editObjUrl: file.url });
    const b = await saved(m, { productfid: colourful().id, editObj: `http://shop.example${file.url}` });
    for (const id of [a, b]) {
      const d = (await info(m, id)).data;
      expect(d.editObj).toBeNull();
      expect(d.editObjUrl).toBe(file.url);
      expect((await fetchBytes(d.editObjUrl!)).toString('utf8')).toBe(text);
    }
  });

  it('refuses a design document the designer could not open again, inline or as a file, and saves nothing', async () => {
    const m = await merchant();
    const p = colourful();
    // Valid JSON, not a design: no flat list, an element of an unknown kind, a colour that is not one.
    const broken = [
      { id: 'sku-1', BGDesignList: [], color: '#FFFFFF' },
      { ...design('x'), flatDesignList: [{ flatId: 'front', designList: [{ type: 'hologram' }], color: '#FFFFFF' }] },
      { ...design('x'), color: 'not a colour' },
    ];
    for (const doc of broken) {
      expect(await add(m, { productfid: p.id, editObj: JSON.stringify(doc) })).toMatchObject({
        code: Code.ERROR,
        msg: ProductMessages.editObjInvalid,
      });
      expect(await add(m, { productfid: p.id, editObj: { version: 1, customTemplateId: '1', design: doc } })).toMatchObject({
        msg: ProductMessages.editObjInvalid,
      });
    }
    const file = await upload(
      m,
      '/api/uploadsImg/uploadCustomizedNoPrefix',
      Buffer.from(JSON.stringify(broken[0])),
      'design.json',
      'application/json',
    );
    expect((await add(m, { productfid: p.id, editObjUrl: file.url })).msg).toBe(ProductMessages.editObjInvalid);
    expect((await list(m)).total).toBe(0);
    // The designer's own wrapper around a valid design is stored as given.
    const wrapped = JSON.stringify({ version: 1, customTemplateId: '7', design: design('ok') });
    const id = await saved(m, { productfid: p.id, editObj: wrapped });
    expect((await info(m, id)).data.editObj).toBe(wrapped);
  });

  it("refuses a design URL that is not one of the merchant's own stored files", async () => {
    const m = await merchant();
    const other = await merchant();
    const theirs = await upload(other, '/api/uploadsImg/uploadCustomizedNoPrefix', Buffer.from('{"a":1}'), 'd.json', 'application/json');
    const p = colourful();
    expect((await add(m, { productfid: p.id, editObjUrl: theirs.url })).msg).toBe(ProductMessages.editObjNotYours);
    expect((await add(m, { productfid: p.id, editObjUrl: 'https://evil.example/design.json' })).msg).toBe(ProductMessages.editObjNotYours);
    const missing = theirs.url.replace(`/${other.id}/`, `/${m.id}/`);
    expect((await add(m, { productfid: p.id, editObjUrl: missing })).msg).toBe(ProductMessages.editObjMissing);
    expect((await list(m)).total).toBe(0);
  });

  it('sells only the picked colours and option values', async () => {
    const m = await merchant();
    const p = colourful();
    const colour = p.options.find((o) => o.isColor)!;
    const pick = colour.values[1]!;
    const id = await saved(m, { productfid: p.id, colorIds: [{ id: 'c2', color: pick.hex!.toLowerCase() }] });
    const d = (await info(m, id)).data;
    const expected = variantsOf(p).filter((v) => optionValue(v, colourPosition(p)) === pick.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(d.variants.map((v) => v.variantId)).toEqual(expected.map((v) => v.id));
    expect(d.colorIds).toEqual([{ id: 'c2', color: pick.hex!.toUpperCase() }]);
  });

  // Marking a photo product is tested on photo blanks in photo-products.test.ts.
  it('marks only products on a photo blank as photo products', async () => {
    const m = await merchant();
    const other = await merchant();
    const id = await saved(m, { productfid: colourful(1).id, editObj: design('photo') });
    expect((await info(m, id)).data.isPhoto).toBe(0);
    const res = await m.call('POST', `/api/Myexclusive/addPhotoProduct/${id}`);
    expect(res.code).toBe(Code.ERROR);
    expect(res.msg).toBe(PhotoMessages.notPhotoProduct);
    expect((await info(m, id)).data.isPhoto).toBe(0);
    expect((await other.call('POST', `/api/Myexclusive/addPhotoProduct/${id}`)).code).toBe(Code.NOT_FOUND);
    expect((await list(m)).total).toBe(1);
  });
});

describe('prices', () => {
  it('keeps explicit prices in cents and refuses prices the price filter does not allow', async () => {
    const m = await merchant();
    const p = colourful();
    const [v1, v2] = variantsOf(p);
    const id = await saved(m, {
      productfid: p.id,
      variants: [
        { variantId: v2!.id, price: 2599 },
        { variantId: v1!.id, price: 9_999_999 },
      ],
    });
    const d = (await info(m, id)).data;
    expect(d.variants.map((v) => [v.variantId, v.price, v.profit])).toEqual([
      [v1!.id, 9_999_999, 9_999_999 - v1!.cost],
      [v2!.id, 2599, 2599 - v2!.cost],
    ]);
    expect([d.minPrice, d.maxPrice]).toEqual([2599, 9_999_999]);
    for (const price of [10_000_000, 12.5, '12.50', 0, -100]) {
      const res = await add(m, { productfid: p.id, variants: [{ variantId: v1!.id, price }] });
      expect(res, String(price)).toMatchObject({ code: Code.ERROR, msg: ProductMessages.priceInvalid });
    }
    const foreign = rows.variants.find((v) => v.productId !== p.id)!;
    expect((await add(m, { productfid: p.id, variants: [{ variantId: foreign.id, price: 100 }] })).msg).toBe(
      ProductMessages.variantNotInProduct,
    );
    expect((await list(m)).total).toBe(1);
  });

  it('updates title, description and prices in the Price & Details step; a bad price changes nothing', async () => {
    const m = await merchant();
    const p = colourful();
    const [v1, v2] = variantsOf(p);
    const id = await saved(m, { productfid: p.id, title: 'Before' });
    const ok = await m.call('PUT', '/api/Myexclusive/updateMyProductInfo', {
      id,
      title: '  After  ',
      bodyHtml: '<h3>Fit</h3><a href="javascript:alert(1)">x</a><a href="https://example.com/size">Size guide</a>',
      variants: [{ variantId: v1!.id, price: 1500 }, { variantId: v2!.id }],
    });
    expect(ok.code, ok.msg).toBe(200);
    const d = (await info(m, id)).data;
    expect(d.title).toBe('After');
    expect(d.bodyHtml).toBe(
      '<h3>Fit</h3><a>x</a><a href="https://example.com/size" rel="noopener noreferrer nofollow" target="_blank">Size guide</a>',
    );
    // A variant sent without a price keeps the price it had.
    expect(d.variants.map((v) => [v.variantId, v.price])).toEqual([
      [v1!.id, 1500],
      [v2!.id, v2!.cost * 2],
    ]);
    const bad = await m.call('PUT', '/api/Myexclusive/updateMyProductInfo', {
      id,
      title: 'Lost',
      variants: [{ variantId: v1!.id, price: 100_000_00 }],
    });
    expect(bad.msg).toBe(ProductMessages.priceInvalid);
    const after = (await info(m, id)).data;
    expect(after.title).toBe('After');
    expect(after.variants.map((v) => v.price)).toEqual([1500, v2!.cost * 2]);
    expect((await m.call('PUT', '/api/Myexclusive/updateTitleBodyHtml', { id, title: '   ' })).msg).toBe(ProductMessages.titleRequired);
  });

  it("applies the account's pricing rule to products saved without prices, and re-prices on applyPrice", async () => {
    const m = await merchant();
    const p = colourful();
    const costs = variantsOf(p).map((v) => v.cost);
    expect((await m.call<{ data: PriceRule }>('GET', '/api/shops/priceRule')).data).toEqual({
      mode: 'multiplier',
      multiplierPct: 200,
      markupCents: 0,
    });

    const markup = await m.call('PUT', '/api/shops/priceRule', { mode: 'markup', markupCents: 750 });
    expect(markup.code, markup.msg).toBe(200);
    const a = await saved(m, { productfid: p.id });
    expect((await info(m, a)).data.variants.map((v) => v.price)).toEqual(costs.map((c) => c + 750));

    await m.call('PUT', '/api/shops/priceRule', { mode: 'multiplier', multiplierPct: 255 });
    const b = await saved(m, { productfid: p.id });
    expect((await info(m, b)).data.variants.map((v) => v.price)).toEqual(costs.map((c) => Math.round((c * 255) / 100)));
    // Product a still has its markup prices until the rule is applied to it.
    expect((await info(m, a)).data.variants.map((v) => v.price)).toEqual(costs.map((c) => c + 750));
    const applied = await m.call<{ data: { products: number; variants: number } }>('PUT', '/api/shops/applyPrice', {});
    expect(applied.data).toEqual({ products: 2, variants: costs.length * 2 });
    expect((await info(m, a)).data.variants.map((v) => v.price)).toEqual(costs.map((c) => Math.round((c * 255) / 100)));

    for (const [body, msg] of [
      [{ mode: 'double' }, ProductMessages.modeInvalid],
      [{ mode: 'multiplier', multiplierPct: 99 }, ProductMessages.multiplierInvalid],
      [{ mode: 'multiplier', multiplierPct: 1.5 }, ProductMessages.multiplierInvalid],
      [{ mode: 'markup', markupCents: 10_000_000 }, ProductMessages.markupInvalid],
    ] as const) {
      expect((await m.call('PUT', '/api/shops/priceRule', body)).msg).toBe(msg);
    }
    expect((await m.call<{ data: PriceRule }>('GET', '/api/shops/priceRule')).data).toEqual({
      mode: 'multiplier',
      multiplierPct: 255,
      markupCents: 750,
    });
    // The account page reads it under its older name too.
    expect((await m.call<{ data: PriceRule }>('GET', '/api/shops/getPriceRule')).data).toEqual({
      mode: 'multiplier',
      multiplierPct: 255,
      markupCents: 750,
    });
  });
});

describe('view images', () => {
  it('records the rendered views with thumbnails, links variants to their first view, and replaces the set on a re-render', async () => {
    const m = await merchant();
    const p = colourful();
    const [v1, v2] = variantsOf(p);
    const id = await saved(m, { productfid: p.id, editObj: design('img') });
    const front = await upload(m, '/api/uploadsImg/uploadCustomizedNoPrefix', await jpeg('#ff0000'), 'front.jpg', 'image/jpeg');
    const back = await upload(m, '/api/uploadsImg/uploadCustomized', await jpeg('#00ff00'), 'back.jpg', 'image/jpeg');
    const res = await m.call<{ data: { ids: number[] } }>('POST', '/api/editImages/addImagesEditList', {
      productId: id,
      list: [
        {
          url: front.url,
          viewId: 'front',
          viewName: 'Front',
          colorValue: '#ffffff',
          colorName: 'White',
          SKUId: String(v1!.id),
          optionsval: 'White / S',
          optionsid: '1',
          variantIds: [v1!.id, v2!.id],
        },
        { url: back.url, thumbnailUrl: back.thumbnailUrl, viewId: 'back', viewName: 'Back', colorValue: '#FFFFFF', variantIds: [v1!.id] },
      ],
    });
    expect(res.code, res.msg).toBe(200);
    const d = (await info(m, id)).data;
    expect(d.images.map((i) => [i.viewId, i.viewName, i.colorValue, i.url])).toEqual([
      ['front', 'Front', '#FFFFFF', front.url],
      ['back', 'Back', '#FFFFFF', back.url],
    ]);
    expect(d.images[1]!.thumbnailUrl).toBe(back.thumbnailUrl);
    const thumb = await sharp(await fetchBytes(d.images[0]!.thumbnailUrl)).metadata();
    expect([thumb.width, thumb.height]).toEqual([120, 120]);
    expect(d.variants.find((v) => v.variantId === v1!.id)!.imageId).toBe(res.data.ids[0]);
    expect(d.variants.find((v) => v.variantId === v2!.id)!.imageId).toBe(res.data.ids[0]);
    const card = (await list(m)).rows[0]!;
    expect([card.cover, card.image]).toEqual([d.images[0]!.thumbnailUrl, front.url]);

    const again = await m.call('POST', '/api/editImages/addImagesEditList', { productId: id, list: [{ url: back.url, viewId: 'back' }] });
    expect(again.code).toBe(200);
    expect((await info(m, id)).data.images.map((i) => i.url)).toEqual([back.url]);
  });

  it("refuses images that are not the merchant's own files, and keeps the old set", async () => {
    const m = await merchant();
    const other = await merchant();
    const id = await saved(m, { productfid: colourful().id });
    const mine = await upload(m, '/api/uploadsImg/uploadCustomizedNoPrefix', await jpeg('#123456'), 'a.jpg', 'image/jpeg');
    await m.call('POST', '/api/editImages/addImagesEditList', { productId: id, list: [{ url: mine.url, viewId: 'front' }] });
    const theirs = await upload(other, '/api/uploadsImg/uploadCustomizedNoPrefix', await jpeg('#654321'), 'b.jpg', 'image/jpeg');
    for (const url of [theirs.url, 'https://cdn.example/x.jpg', '/prod-api/storage/../etc/passwd']) {
      const res = await m.call('POST', '/api/editImages/addImagesEditList', { productId: id, list: [{ url, viewId: 'front' }] });
      expect(res.msg, url).toBe(ProductMessages.imageNotYours);
    }
    expect((await info(m, id)).data.images.map((i) => i.url)).toEqual([mine.url]);
  });
});

describe('lists, copy and delete', () => {
  it('searches titles and pages through My products, newest first, templates apart', async () => {
    const m = await merchant();
    const p = colourful();
    const titles = ['Red Dragon Tee', 'Blue Dragon Mug', 'Ocean Poster', 'Dragon 100% Fun', 'Cat Socks', 'Dog Hoodie', 'Dragon Cap'];
    for (const title of titles) await saved(m, { productfid: p.id, title });
    await saved(m, { productfid: p.id, title: 'Dragon template', isTemplate: 1 });

    const all = await list(m, '?pageSize=5&pageNum=1');
    expect(all.total).toBe(7);
    expect(all.rows.map((r) => r.title)).toEqual([...titles].reverse().slice(0, 5));
    const second = await list(m, '?pageSize=5&pageNum=2');
    expect(second.rows.map((r) => r.title)).toEqual([...titles].reverse().slice(5));

    const dragons = await list(m, '?keyword=DRAGON');
    expect(dragons.rows.map((r) => r.title)).toEqual(['Dragon Cap', 'Dragon 100% Fun', 'Blue Dragon Mug', 'Red Dragon Tee']);
    expect((await list(m, `?keyword=${encodeURIComponent('100%')}`)).rows.map((r) => r.title)).toEqual(['Dragon 100% Fun']);
    expect((await list(m, '?keyword=dragon%20blue')).rows.map((r) => r.title)).toEqual(['Blue Dragon Mug']);

    const templates = await list(m, '?isTemplate=1');
    expect(templates.rows.map((r) => [r.title, r.isTemplate])).toEqual([['Dragon template', 1]]);
    expect((await list(m, '?pageSize=7')).msg).toMatch(/pageSize/);
  });

  it('copies a product with its variants, prices and images, or into My templates', async () => {
    const m = await merchant();
    const p = colourful();
    const [v1] = variantsOf(p);
    const id = await saved(m, {
      productfid: p.id,
      title: 'Original',
      editObj: design('copy'),
      variants: [{ variantId: v1!.id, price: 1234 }],
    });
    const img = await upload(m, '/api/uploadsImg/uploadCustomizedNoPrefix', await jpeg('#abcdef'), 'v.jpg', 'image/jpeg');
    await m.call('POST', '/api/editImages/addImagesEditList', {
      productId: id,
      list: [{ url: img.url, viewId: 'front', variantIds: [v1!.id] }],
    });

    const res = await m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/copyProduct', { id });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.id).not.toBe(id);
    const [a, b] = [(await info(m, id)).data, (await info(m, res.data.id)).data];
    expect(b.title).toBe('Original (Copy)');
    expect(b.editObj).toBe(a.editObj);
    expect(b.variants.map((v) => [v.variantId, v.price])).toEqual([[v1!.id, 1234]]);
    expect(b.images.map((i) => i.url)).toEqual([img.url]);
    expect(b.variants[0]!.imageId).toBe(b.images[0]!.id);
    expect(b.images[0]!.id).not.toBe(a.images[0]!.id);

    const t = await m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/copyProduct', { id, isTemplate: 1 });
    expect((await list(m, '?isTemplate=1')).rows.map((r) => r.id)).toEqual([t.data.id]);
    expect((await list(m)).total).toBe(2);
  });

  it("deletes several products at once, and nothing when one of them is not the merchant's", async () => {
    const m = await merchant();
    const other = await merchant();
    const p = colourful();
    const ids = [await saved(m, { productfid: p.id }), await saved(m, { productfid: p.id }), await saved(m, { productfid: p.id })];
    const theirs = await saved(other, { productfid: p.id });
    const refused = await m.call('DELETE', `/api/Myexclusive/delete/${ids[0]},${theirs}`);
    expect(refused).toMatchObject({ code: Code.NOT_FOUND, msg: ProductMessages.notFound });
    expect((await list(m)).total).toBe(3);
    expect((await list(other)).total).toBe(1);
    const res = await m.call<{ data: { deleted: number } }>('DELETE', `/api/Myexclusive/delete/${ids[0]},${ids[2]}`);
    expect(res.data.deleted).toBe(2);
    expect((await list(m)).rows.map((r) => r.id)).toEqual([ids[1]]);
    expect((await info(m, ids[0]!)).code).toBe(Code.NOT_FOUND);
  });
});

describe('templates', () => {
  it('saves a design as a template and starts a new product from it', async () => {
    const m = await merchant();
    const p = colourful();
    const templateId = await saved(m, { productfid: p.id, title: 'Summer template', editObj: design('tpl'), isTemplate: 1 });
    const t = (await info(m, templateId)).data;
    expect(t.isTemplate).toBe(1);
    // "Use this template": the designer loads it and saves a product that remembers its source.
    const id = await saved(m, { productfid: t.productfid, editObj: t.editObj, sourceTemplateId: templateId, title: 'From summer' });
    const d = (await info(m, id)).data;
    expect(d).toMatchObject({ isTemplate: 0, sourceTemplateId: templateId, editObj: t.editObj });
    expect((await list(m)).rows.map((r) => r.id)).toEqual([id]);
    expect((await list(m, '?isTemplate=1')).rows.map((r) => r.id)).toEqual([templateId]);
    // A product that is not a template cannot be the source.
    expect((await add(m, { productfid: p.id, sourceTemplateId: id })).msg).toBe(ProductMessages.templateNotFound);
  });
});

describe('one merchant, one set of products', () => {
  it("answers another merchant's product as not found for every call and changes nothing", async () => {
    const owner = await merchant();
    const intruder = await merchant();
    const p = colourful();
    const [v1] = variantsOf(p);
    const id = await saved(owner, { productfid: p.id, title: 'Private', editObj: design('private') });
    const img = await upload(intruder, '/api/uploadsImg/uploadCustomizedNoPrefix', await jpeg('#111111'), 'i.jpg', 'image/jpeg');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/Myexclusive/getInfo/${id}`],
      ['PUT', '/api/Myexclusive/update', { id, title: 'Hijacked' }],
      ['PUT', '/api/Myexclusive/updateTitleBodyHtml', { id, title: 'Hijacked' }],
      ['PUT', '/api/Myexclusive/updateMyProductInfo', { id, variants: [{ variantId: v1!.id, price: 1 }] }],
      ['DELETE', `/api/Myexclusive/delete/${id}`],
      ['POST', '/api/Myexclusive/copyProduct', { id }],
      ['POST', '/api/editImages/addImagesEditList', { productId: id, list: [{ url: img.url, viewId: 'front' }] }],
      ['POST', '/api/editImages/add', { productId: id, url: img.url, viewId: 'front' }],
      ['GET', `/api/variants/productListDetails?id=${id}`],
      ['PUT', '/api/variants/updateImagesid', { productId: id, variantIds: [v1!.id] }],
      ['PUT', '/api/shops/applyPrice', { ids: [id] }],
      ['POST', '/api/Myexclusive/add', { productfid: p.id, sourceTemplateId: id }],
      ['POST', `/api/Myexclusive/addPhotoProduct/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await intruder.call(method, path, body);
      expect([res.code, path]).toEqual([Code.NOT_FOUND, path]);
    }
    expect((await list(intruder)).total).toBe(0);
    const d = (await info(owner, id)).data;
    expect(d.title).toBe('Private');
    expect(d.images).toEqual([]);
    expect(d.variants[0]!.price).toBe(v1!.cost * 2);
  });

  it('needs a login', async () => {
    const res = await s.api('GET', '/api/Myexclusive/list');
    expect(res.code).toBe(401);
  });
});
