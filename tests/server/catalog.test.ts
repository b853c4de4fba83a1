/**
 * The catalogue calls over real HTTP on a real database. A small catalogue is
 * generated into the test server; the same rows are built in memory, so every list, filter,
 * sort and total is checked against an independent computation rather than against itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { ensureCatalog } from '../../demo/catalog/ensure';
import { buildCatalog, type CatalogOptions, type CatalogRows } from '../../demo/catalog/build';
import type { ProductRow } from '../../demo/catalog/products';
import type { ProductCard, ProductDetail } from '../../contract/catalog';
import { validateProduct, validateTemplate, type CustomTemplate } from '../../engine/model/index.ts';

const OPTIONS: CatalogOptions = { seed: 'catalog-api-test', productCount: 150, imageSize: 256 };

let s: TestServer;
let rows: CatalogRows;
beforeAll(async () => {
  s = await startServer();
  await ensureCatalog({ db: s.database.db, dataDir: s.config.dataDir }, OPTIONS);
  rows = buildCatalog(OPTIONS);
});
afterAll(async () => {
  await s?.close();
});

interface Page<T> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
}
interface Data<T> {
  code: number;
  msg: string;
  data: T;
}
const list = (query: string) => s.api<Page<ProductCard>>('GET', `/api/product/productsCatalogList?${query}`);
const newest = (a: ProductRow, b: ProductRow) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
const expectedIds = (keep: (p: ProductRow) => boolean, order = newest) =>
  rows.products
    .filter(keep)
    .sort(order)
    .map((p) => p.id);

async function allIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const res = await list(`${query}&pageSize=25&pageNum=${pageNum}`);
    expect(res.code).toBe(200);
    ids.push(...res.rows.map((r) => r.id));
    if (res.rows.length < 25) return ids;
  }
}

describe('productsCatalogList and list', () => {
  it('pages the whole catalogue newest first with rows and total', async () => {
    const res = await list('');
    expect(res.code).toBe(200);
    expect(res.total).toBe(150);
    expect(res.rows).toHaveLength(24);
    expect(res.rows.map((r) => r.id)).toEqual(expectedIds(() => true).slice(0, 24));
    const card = res.rows[0]!;
    expect(card.url).toBe(`/all-products/${card.categorySlug}/${card.subcategorySlug}/${card.handle}`);
    // In the archetype's folder, or its product model's (m1 and up: photographed on first request).
    expect(card.pic1).toMatch(/^\/prod-api\/files\/catalog\/v\d+-256\/[a-z-]+\/(m\d\/)?[a-z]+(-[0-9A-F]{6})?\.jpg$/);
    expect(Number.isInteger(card.minCost) && card.minCost <= card.maxCost).toBe(true);
    expect(Date.parse(card.createdTime)).not.toBeNaN();
  });

  it('pages with pageNum and pageSize, and past the end keeps the total', async () => {
    const all = expectedIds(() => true);
    const res = await list('pageNum=3&pageSize=10');
    expect(res.rows.map((r) => r.id)).toEqual(all.slice(20, 30));
    expect(res.total).toBe(150);
    const beyond = await list('pageNum=40&pageSize=25');
    expect(beyond).toMatchObject({ code: 200, rows: [], total: 150 });
    expect(await allIds('')).toEqual(all);
  });

  it('refuses bad paging with code 10000 and a message', async () => {
    for (const q of ['pageSize=7', 'pageSize=100', 'pageSize=abc', 'pageSize=-5']) {
      expect(await list(q)).toMatchObject({ code: 10000, msg: 'pageSize must be one of 4, 5, 8, 10, 12, 15, 24, 25' });
    }
    for (const q of ['pageNum=0', 'pageNum=-1', 'pageNum=1.5', 'pageNum=x', 'pageNum=1001']) {
      expect(await list(q)).toMatchObject({ code: 10000, msg: 'pageNum must be a whole number from 1 to 1000' });
    }
  });

  it('filters by category and subcategory, by slug or id', async () => {
    const womens = expectedIds((p) => p.categoryId === 1);
    expect(await allIds('category=womens-clothing')).toEqual(womens);
    expect(await allIds('waretypeid=1')).toEqual(womens);
    const hoodies = expectedIds((p) => p.subcategoryId === 201);
    expect(await allIds('category=mens-clothing&subcategory=hoodie-jacket')).toEqual(hoodies);
    expect(await allIds('waretypetwoid=201')).toEqual(hoodies);
    // A subcategory slug alone matches it in every category.
    expect(await allIds('subcategory=t-shirt')).toEqual(expectedIds((p) => p.subcategoryId === 101 || p.subcategoryId === 202));
    const res = await list('category=womens-clothing&pageSize=5');
    expect(res.total).toBe(womens.length);
    expect(res.rows.every((r) => r.categorySlug === 'womens-clothing' && r.waretypeid === 1)).toBe(true);
  });

  it('refuses unknown categories and subcategories instead of answering an empty page', async () => {
    expect(await list('category=nope')).toMatchObject({ code: 10000, msg: 'Category not found: nope' });
    expect(await list('waretypeid=999')).toMatchObject({ code: 10000, msg: 'Category not found: 999' });
    expect(await list('category=bags&subcategory=t-shirt')).toMatchObject({ code: 10000, msg: 'Subcategory not found: t-shirt' });
  });

  it('lists hot sellers under the hot-selling category', async () => {
    expect(await allIds('category=hot-selling')).toEqual(expectedIds((p) => p.hotSelling));
  });

  it('filters by custom type, ship-from and price range', async () => {
    expect(await allIds('customType=5')).toEqual(expectedIds((p) => p.customType === 5));
    expect(await allIds('shipFrom=USA')).toEqual(expectedIds((p) => p.shipFrom === 'US'));
    expect(await allIds('shipFrom=au')).toEqual(expectedIds((p) => p.shipFrom === 'AU'));
    expect(await allIds('minPrice=10&maxPrice=20.5')).toEqual(expectedIds((p) => p.minCost >= 1000 && p.minCost <= 2050));
    expect(await allIds('minCost=1500')).toEqual(expectedIds((p) => p.minCost >= 1500));
    expect(await allIds('category=home-deco&customType=2&shipFrom=CN&maxPrice=30')).toEqual(
      expectedIds((p) => p.categoryId === 5 && p.customType === 2 && p.shipFrom === 'CN' && p.minCost <= 3000),
    );
    expect(await list('customType=x')).toMatchObject({ code: 10000, msg: 'customType must be a whole number from 1 to 12' });
    expect(await list('shipFrom=mars')).toMatchObject({ code: 10000, msg: 'shipFrom must be USA, Australia or China' });
    expect(await list('minPrice=12.345')).toMatchObject({ code: 10000, msg: 'minPrice must be a price such as 12 or 12.50' });
    expect(await list('minPrice=30&maxPrice=10')).toMatchObject({ code: 10000 });
  });

  it('searches title, handle and description case-insensitively, every word', async () => {
    const has = (p: ProductRow, w: string) => `${p.title} ${p.handle} ${p.description}`.toLowerCase().includes(w);
    const hoodie = expectedIds((p) => has(p, 'hoodie'));
    expect(hoodie.length).toBeGreaterThan(0);
    expect(await allIds('keyword=HOODIE')).toEqual(hoodie);
    expect(await allIds('keyword=soft%20mug')).toEqual(expectedIds((p) => has(p, 'soft') && has(p, 'mug')));
    // LIKE wildcards are literal: '%' and '_' match only themselves.
    expect(await allIds('keyword=%25')).toEqual(expectedIds((p) => has(p, '%')));
    expect(await allIds('keyword=_')).toEqual(expectedIds((p) => has(p, '_')));
    expect(await allIds('keyword=_')).not.toEqual(expectedIds(() => true));
    expect(await list('keyword=zzzz-nothing')).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('sorts by newest, price either way and popularity', async () => {
    const byPriceAsc = (a: ProductRow, b: ProductRow) => a.minCost - b.minCost || a.id - b.id;
    const byPriceDesc = (a: ProductRow, b: ProductRow) => b.minCost - a.minCost || b.id - a.id;
    const bySales = (a: ProductRow, b: ProductRow) => b.sales - a.sales || b.id - a.id;
    expect(await allIds('sort=price_asc')).toEqual(expectedIds(() => true, byPriceAsc));
    expect(await allIds('sort=price_desc')).toEqual(expectedIds(() => true, byPriceDesc));
    expect(await allIds('sort=popular')).toEqual(expectedIds(() => true, bySales));
    expect(await allIds('orderByColumn=price&isAsc=asc')).toEqual(expectedIds(() => true, byPriceAsc));
    const oldest = (a: ProductRow, b: ProductRow) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
    expect(await allIds('sort=oldest')).toEqual(expectedIds(() => true, oldest));
    expect(await allIds('orderByColumn=createdTime&isAsc=asc')).toEqual(expectedIds(() => true, oldest));
    expect(await list('sort=random')).toMatchObject({
      code: 10000,
      msg: 'sort must be one of newest, oldest, price_asc, price_desc, popular',
    });
  });

  it('answers list with the same cards and filters', async () => {
    const a = await list('category=bags&sort=price_asc&pageSize=5');
    const b = await s.api<Page<ProductCard>>('GET', '/api/product/list?category=bags&sort=price_asc&pageSize=5');
    expect(b).toEqual(a);
  });
});

describe('hot, 3D and related products', () => {
  it('lists 3D-customizable products', async () => {
    const res = await s.api<Page<ProductCard>>('GET', '/api/product/get3DCustomProducts?pageSize=25');
    expect(res.total).toBe(rows.products.filter((p) => p.is3d).length);
    expect(res.rows.every((r) => r.is3D === 1)).toBe(true);
    expect((await s.api<Page<ProductCard>>('GET', '/api/product/get3DCustomProducts')).rows).toHaveLength(8);
  });

  it('lists hot sellers, with filters', async () => {
    const res = await s.api<Page<ProductCard>>('GET', '/api/product/getHotSellingProducts?pageSize=25&sort=popular');
    expect(res.total).toBe(rows.products.filter((p) => p.hotSelling).length);
    expect(res.rows.every((r) => r.hotSelling === 1)).toBe(true);
  });

  it('relates products of the same category, same subcategory first, never the product itself', async () => {
    const product = rows.products.find((p) => rows.products.filter((q) => q.categoryId === p.categoryId).length > 6)!;
    const res = await s.api<Page<ProductCard>>('GET', `/api/product/relatedProductList?productId=${product.id}&pageSize=25`);
    expect(res.code).toBe(200);
    expect(res.total).toBe(rows.products.filter((p) => p.categoryId === product.categoryId).length - 1);
    expect(res.rows.some((r) => r.id === product.id)).toBe(false);
    expect(res.rows.every((r) => r.waretypeid === product.categoryId)).toBe(true);
    const sameSub = res.rows.map((r) => r.waretypetwoid === product.subcategoryId);
    expect(sameSub).toEqual([...sameSub].sort((a, b) => Number(b) - Number(a)));
    expect(await s.api('GET', '/api/product/relatedProductList')).toMatchObject({ code: 10000, msg: 'productId is required' });
    expect(await s.api('GET', '/api/product/relatedProductList?productId=99')).toMatchObject({ code: 10000, msg: 'Product not found' });
  });
});

describe('product details', () => {
  const sample = () => rows.products.find((p) => p.options.length === 3 && p.options[0]?.isColor)!;

  it('answers getInfo with options in both forms, variants in cents, images and a gallery', async () => {
    const p = sample();
    const res = await s.api<Data<ProductDetail>>('GET', `/api/product/getInfo/${p.id}`);
    expect(res.code).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({
      id: p.id,
      handle: p.handle,
      title: p.title,
      waretypeid: p.categoryId,
      waretypetwoid: p.subcategoryId,
      customType: p.customType,
    });
    const colour = p.options[0]!;
    expect(d.optionsname).toBe(colour.name);
    expect(d.optionsvalue).toBe(`[${colour.values.map((v) => v.name).join(',')}]`);
    expect(d.optionshex).toBe(`[${colour.values.map((v) => v.hex!.replace('#', '%23')).join(',')}]`);
    expect(d.optionsiscolor).toBe(1);
    expect(d.optionsname2).toBe(p.options[1]!.name);
    expect(d.optionsiscolor2).toBe(0);
    expect(d.optionsvalue3).toMatch(/^\[.+\]$/);
    expect(d.variants.length).toBe(rows.variants.filter((v) => v.productId === p.id).length);
    expect(d.variants.every((v) => Number.isInteger(v.cost) && v.cost > 0)).toBe(true);
    expect(d.images.map((im) => im.imgname)).toEqual(colour.values.map((v) => v.hex));
    expect(d.variants.every((v) => d.images.some((im) => im.id === v.imagesId))).toBe(true);
    const arch = rows.templates.find((t) => t.archetype === p.archetype)!;
    expect(d.gallery).toHaveLength(colour.values.length * arch.template.viewList.length);
    expect(d.properties.length).toBeGreaterThan(2);
    expect(d.logistics.every((l) => Number.isInteger(l.firstCost))).toBe(true);
  });

  it('gives the engine a valid product: options, variants, images and templates', async () => {
    const p = sample();
    const info = await s.api<Data<ProductDetail>>('GET', `/api/product/getInfo/${p.id}`);
    const images = await s.api<Page<{ editZone: CustomTemplate; src: string; imgname: string }>>(
      'GET',
      `/api/productImages/list?productid=${p.id}`,
    );
    const result = validateProduct({
      ...info.data,
      variants: info.data.variants,
      templates: images.rows.map((r) => r.editZone),
      images: images.rows,
    });
    expect(result.ok ? 'ok' : result.reason).toBe('ok');
  });

  it('finds a product by handle, and refuses unknown handles and bad ids', async () => {
    const p = rows.products[7]!;
    const res = await s.api<Data<ProductDetail>>('GET', `/api/product/getInfoByHandle/${p.handle}`);
    expect(res.data.id).toBe(p.id);
    expect(await s.api('GET', '/api/product/getInfoByHandle/no-such-product')).toMatchObject({
      code: 10000,
      msg: 'Product not found: no-such-product',
    });
    expect(await s.api('GET', '/api/product/getInfoByHandle/Bad%20Handle!')).toMatchObject({ code: 10000 });
    expect(await s.api('GET', '/api/product/getInfo/99')).toMatchObject({ code: 10000, msg: 'Product not found' });
    for (const bad of ['abc', '-1', '1.5', '0', '99999999999']) {
      expect(await s.api('GET', `/api/product/getInfo/${bad}`)).toMatchObject({ code: 10000, msg: 'id must be a positive whole number' });
    }
  });

  it('answers getProductList for repeated or comma-joined ids, in the order asked', async () => {
    const [a, b, c] = [rows.products[5]!, rows.products[2]!, rows.products[9]!];
    const res = await s.api<Data<ProductDetail[]>>(
      'GET',
      `/api/product/getProductList?productIdList=${a.id}&productIdList=${b.id}&productIdList=${c.id}`,
    );
    expect(res.data.map((d) => d.id)).toEqual([a.id, b.id, c.id]);
    const joined = await s.api<Data<ProductDetail[]>>('GET', `/api/product/getProductList?productIdList=${c.id},${a.id}`);
    expect(joined.data.map((d) => d.id)).toEqual([c.id, a.id]);
    expect(await s.api('GET', `/api/product/getProductList?productIdList=${a.id}&productIdList=5`)).toMatchObject({
      code: 10000,
      msg: 'Product not found: 5',
    });
    expect(await s.api('GET', '/api/product/getProductList?productIdList=x')).toMatchObject({
      code: 10000,
      msg: 'productIdList must be a positive whole number',
    });
    expect(await s.api('GET', '/api/product/getProductList')).toMatchObject({ code: 10000, msg: 'productIdList is required' });
  });

  it('lists variant templates: colour image and template per variant', async () => {
    const p = sample();
    const res = await s.api<Page<{ variantId: number; imgname: string; customTemplateId: string; cost: number }>>(
      'GET',
      `/api/product/getVariantTemplateList?productid=${p.id}`,
    );
    const variants = rows.variants.filter((v) => v.productId === p.id);
    expect(res.total).toBe(variants.length);
    expect(res.rows.map((r) => r.variantId)).toEqual(variants.map((v) => v.id));
    expect(res.rows.every((r) => /^\d+-[0-9A-F]{6}$/.test(r.customTemplateId))).toBe(true);
    expect(await s.api('GET', '/api/product/getVariantTemplateList?productid=abc')).toMatchObject({ code: 10000 });
  });
});

describe('categories, custom types and templates', () => {
  interface Menu {
    name: string;
    title: string;
    slug: string;
    url: string;
    status: number;
    inMenu: number;
    hasSubMenu: number;
    productCount: number;
    subMenuList: { title: string; slug: string; url: string; productCount: number }[];
  }

  it('answers the menu joined with its subcategories, with the spec slugs', async () => {
    const res = await s.api<Page<Menu>>('GET', '/api/product/tblwaretype/list');
    const bySlug = new Map(res.rows.map((r) => [r.slug, r]));
    for (const slug of [
      'womens-clothing',
      'mens-clothing',
      'shoes-socks',
      'bags',
      'home-deco',
      'kids-baby',
      'pet-supplies',
      'fully-printing-hat',
    ]) {
      expect(bySlug.get(slug)?.status).toBe(1);
    }
    expect(bySlug.get('womens-clothing')!.subMenuList.map((x) => x.slug)).toEqual(['t-shirt', 'swimsuit', 'dress', 'leggings']);
    expect(bySlug.get('mens-clothing')!.subMenuList.map((x) => x.slug)).toEqual(['hoodie-jacket', 't-shirt', 'tank-top']);
    expect(bySlug.get('shoes-socks')!.subMenuList[0]!.slug).toBe('sports-shoes');
    expect(bySlug.get('home-deco')!.subMenuList.map((x) => x.title)).toEqual(
      expect.arrayContaining(['Pillow', 'Blanket', 'Wall Art', 'Drinkware']),
    );
    expect(bySlug.get('hot-selling')).toMatchObject({ inMenu: 0 });
    expect(res.rows.filter((r) => r.hasSubMenu === 1).map((r) => r.slug)).toEqual([
      'womens-clothing',
      'mens-clothing',
      'shoes-socks',
      'bags',
      'home-deco',
    ]);
    expect(res.rows.every((r) => r.url.endsWith('.png'))).toBe(true);
    const counted = res.rows.filter((r) => r.slug !== 'hot-selling').reduce((n, r) => n + r.productCount, 0);
    expect(counted).toBe(150);
    const menu = await s.api<Page<Menu>>('GET', '/api/product/tblwaretype/list?menu=1');
    expect(menu.rows.some((r) => r.slug === 'hot-selling')).toBe(false);
  });

  it('lists subcategories, hot-selling categories, custom types and the gift zone', async () => {
    const subs = await s.api<Page<{ slug: string }>>('GET', '/api/product/tblwaretypetwo/list?waretypeid=1');
    expect(subs.rows.map((r) => r.slug)).toEqual(['t-shirt', 'swimsuit', 'dress', 'leggings']);
    expect(await s.api('GET', '/api/product/tblwaretypetwo/list?waretypeid=77')).toMatchObject({
      code: 10000,
      msg: 'Category not found: 77',
    });
    const hot = await s.api<Page<{ slug: string; cover: string }>>('GET', '/api/product/tblwaretypetwo/hotSellingCategoriesList');
    expect(hot.rows.map((r) => r.slug)).toEqual(expect.arrayContaining(['t-shirt', 'hoodie-jacket', 'sports-shoes', 'swimsuit']));
    expect(hot.rows.every((r) => r.cover.startsWith('/prod-api/files/catalog/'))).toBe(true);
    const types = await s.api<Page<{ customType: number; productCount: number; name: string }>>(
      'GET',
      '/api/product/tblwaretypetwo/getCustomTypeList',
    );
    // Designs (2, 3, 5, 6, 7), photo products (8, 9) and personalised gifts (12).
    expect(types.rows.map((r) => r.customType)).toEqual([2, 3, 5, 6, 7, 8, 9, 12]);
    expect(types.rows.reduce((n, r) => n + r.productCount, 0)).toBe(150);
    const gifts = await s.api<Page<{ productCount: number }>>('GET', '/api/product/tblwaretypetwo/getCustomizedTypeList');
    expect(gifts.rows.reduce((n, r) => n + r.productCount, 0)).toBe(rows.products.filter((p) => p.customizedGift).length);
  });

  it('lists display templates, and per product one valid template per colour', async () => {
    const all = await s.api<Page<{ customTemplateId: string; archetype: string }>>(
      'GET',
      '/api/customizedTemplate/getDisplayCustomizedTemplateList?pageSize=25',
    );
    expect(all.total).toBe(rows.templates.length);
    expect(all.rows).toHaveLength(25);
    const mugs = await s.api<Page<{ archetype: string }>>('GET', '/api/customizedTemplate/getDisplayCustomizedTemplateList?customType=5');
    expect(mugs.rows.map((r) => r.archetype).sort()).toEqual(['mug', 'tumbler']);
    const drinkware = await s.api<Page<{ archetype: string }>>(
      'GET',
      '/api/customizedTemplate/getDisplayCustomizedTemplateList?waretypetwoid=504',
    );
    // Drinkware holds the photo mug and the personalised mug too; custom type 5 only the designed ones.
    expect(drinkware.rows.map((r) => r.archetype).sort()).toEqual(['mug', 'personalised-mug', 'photo-mug', 'tumbler']);
    expect(await s.api('GET', '/api/customizedTemplate/getDisplayCustomizedTemplateList?waretypetwoid=999')).toMatchObject({
      code: 10000,
      msg: 'Subcategory not found: 999',
    });
    const p = rows.products.find((x) => x.options[0]?.isColor)!;
    const mine = await s.api<Data<CustomTemplate[]>>('GET', `/api/customizedTemplate/getDisplayCustomizedTemplateList?productid=${p.id}`);
    expect(mine.data.map((t) => t.color?.value)).toEqual(p.options[0]!.values.map((v) => v.hex));
    for (const t of mine.data) expect(validateTemplate(t).ok).toBe(true);
    expect(new Set(mine.data.map((t) => t.customTemplateId)).size).toBe(mine.data.length);
  });

  it('lists product images with their template as editZone, filtered by custom type', async () => {
    const p = rows.products[3]!;
    const res = await s.api<Page<{ productid: number; customType: number; editZone: CustomTemplate; imgname: string; src: string }>>(
      'GET',
      `/api/productImages/list?productid=${p.id}&customType=${p.customType}`,
    );
    expect(res.total).toBe(rows.images.filter((im) => im.productId === p.id).length);
    for (const r of res.rows) {
      expect(r.productid).toBe(p.id);
      expect(validateTemplate(r.editZone).ok).toBe(true);
      expect(r.editZone.color?.value).toBe(r.imgname);
    }
    const other = p.customType === 2 ? 3 : 2;
    expect(await s.api('GET', `/api/productImages/list?productid=${p.id}&customType=${other}`)).toMatchObject({
      code: 200,
      rows: [],
      total: 0,
    });
    expect(await s.api('GET', '/api/productImages/list')).toMatchObject({ code: 10000, msg: 'productid is required' });
    expect(await s.api('GET', '/api/productImages/list?productid=5')).toMatchObject({ code: 10000, msg: 'Product not found' });
  });
});
