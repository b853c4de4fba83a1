/**
 * The demo catalogue generator: the full-size catalogue is deterministic for a seed (row
 * digests, no pictures written), it has the breadth the product claims (1500+ products from 25+
 * archetypes with clean handles and options), every archetype template passes the engine's
 * validateTemplate with the right warp kinds, and a start reuses what an earlier start built.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { buildCatalog, catalogDigest, DEFAULT_OPTIONS, type CatalogRows } from '../../demo/catalog/build';
import { ensureCatalog } from '../../demo/catalog/ensure';
import { ARCHETYPES } from '../../demo/catalog/archetypes';
import { CUSTOM_TYPES } from '../../contract/catalog';
import { readMarker } from '../../demo/catalog/write-rows';
import { buildDir, buildId } from '../../server/catalog/paths';
import { existsSync } from 'node:fs';
import { validateTemplate, type CustomTemplate, type SmartObjectLayer } from '../../engine/model/index.ts';

let full: CatalogRows;
beforeAll(() => {
  full = buildCatalog(DEFAULT_OPTIONS);
});

const smartObjects = (t: CustomTemplate): SmartObjectLayer[] =>
  t.viewList.flatMap((v) => v.viewData.layers.filter((l): l is SmartObjectLayer => l.T === 'SmartObject'));

describe('determinism', () => {
  it('builds the same full-size catalogue from the same seed, and another from another seed', () => {
    const again = buildCatalog(DEFAULT_OPTIONS);
    expect(catalogDigest(again)).toBe(catalogDigest(full));
    const other = buildCatalog({ ...DEFAULT_OPTIONS, seed: 'another-seed' });
    expect(catalogDigest(other)).not.toBe(catalogDigest(full));
    // Only the products vary with the seed; taxonomy and templates are fixed.
    expect(other.templates).toEqual(full.templates);
    expect(other.categories).toEqual(full.categories);
  });
});

describe('breadth and shape of the full catalogue', () => {
  it('varies at least 25 archetypes into at least 1500 products', () => {
    expect(ARCHETYPES.length).toBeGreaterThanOrEqual(25);
    expect(full.products.length).toBeGreaterThanOrEqual(1500);
    const used = new Set(full.products.map((p) => p.archetype));
    expect(used.size).toBe(ARCHETYPES.length);
  });

  it('gives every product a unique slug-safe handle, up to 3 options and variants in integer cents', () => {
    const handles = new Set(full.products.map((p) => p.handle));
    expect(handles.size).toBe(full.products.length);
    const variantsOf = new Map<number, number>();
    for (const v of full.variants) {
      variantsOf.set(v.productId, (variantsOf.get(v.productId) ?? 0) + 1);
      expect(Number.isInteger(v.cost) && v.cost > 0).toBe(true);
    }
    const imageIds = new Set(full.images.map((im) => im.id));
    for (const p of full.products) {
      expect(p.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.options.length).toBeGreaterThanOrEqual(1);
      expect(p.options.length).toBeLessThanOrEqual(3);
      expect(p.options.map((o) => o.position)).toEqual(p.options.map((_, i) => i + 1));
      for (const o of p.options) if (o.isColor) expect(o.values.every((v) => /^#[0-9A-F]{6}$/.test(v.hex ?? ''))).toBe(true);
      expect(variantsOf.get(p.id)).toBeGreaterThan(0);
      expect(['CN', 'US', 'AU']).toContain(p.shipFrom);
      expect(p.shipFlag).toBe(p.shipFrom === 'CN' ? 0 : 1);
      // Every custom type the catalogue names (contract/catalog.ts): designs, photo products, personalised gifts.
      expect(Object.keys(CUSTOM_TYPES).map(Number)).toContain(p.customType);
      expect(Number.isInteger(p.minCost) && p.minCost <= p.maxCost).toBe(true);
      expect(p.logistics.some((l) => l.logistics_id === p.defaultLogisticsId)).toBe(true);
    }
    expect(full.variants.every((v) => v.imagesId !== null && imageIds.has(v.imagesId))).toBe(true);
    const from = new Set(full.products.map((p) => p.shipFrom));
    expect([...from].sort()).toEqual(['AU', 'CN', 'US']);
    expect(full.products.some((p) => p.hotSelling)).toBe(true);
  });

  it('names categories and subcategories with the spec slugs', () => {
    const slugs = full.categories.map((c) => c.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'womens-clothing',
        'mens-clothing',
        'shoes-socks',
        'bags',
        'home-deco',
        'kids-baby',
        'pet-supplies',
        'fully-printing-hat',
        'hot-selling',
      ]),
    );
    const sub = (cat: string) =>
      full.subcategories.filter((s) => s.categoryId === full.categories.find((c) => c.slug === cat)!.id).map((s) => s.slug);
    expect(sub('mens-clothing')).toContain('hoodie-jacket');
    expect(sub('womens-clothing')).toEqual(expect.arrayContaining(['t-shirt', 'swimsuit']));
    expect(sub('shoes-socks')).toContain('sports-shoes');
    expect(full.categories.find((c) => c.slug === 'hot-selling')!.inMenu).toBe(false);
  });
});

describe('templates', () => {
  it('are valid engine templates, one per archetype', () => {
    expect(full.templates).toHaveLength(ARCHETYPES.length);
    for (const t of full.templates) {
      const result = validateTemplate(t.template);
      expect(result.ok ? 'ok' : `${t.archetype}: ${result.reason}`).toBe('ok');
    }
  });

  it('warp garments and pillows with Bezier patches, drinkware with cylinders, wall art in perspective, flat goods affinely', () => {
    const kinds = (key: string) => new Set(smartObjects(full.templates.find((t) => t.archetype === key)!.template).map((l) => l.M.kind));
    for (const key of ['mens-tee', 'womens-tee', 'hoodie', 'swimsuit', 'leggings', 'pillow', 'tote-bag', 'socks', 'sneaker'])
      expect([...kinds(key)]).toEqual(['bezier']);
    for (const key of ['mug', 'tumbler']) expect([...kinds(key)]).toEqual(['cylinder']);
    for (const key of ['canvas', 'framed-print']) expect([...kinds(key)]).toEqual(['perspective']);
    for (const key of ['poster', 'notebook', 'phone-case', 'mouse-pad']) expect([...kinds(key)]).toEqual(['affine']);
    for (const t of full.templates) {
      for (const l of smartObjects(t.template))
        if (l.M.kind === 'bezier') expect(l.PS?.kind === 'custom' && l.PS.points.length === 16).toBe(true);
    }
  });

  it('size flats in pixels at 150 DPI and place them on the 1200 px photos', () => {
    const tee = full.templates.find((t) => t.archetype === 'mens-tee')!.template;
    const front = tee.flatList.find((f) => f.flatId === 'front')!;
    expect([front.flatData.flatWidth, front.flatData.flatHeight]).toEqual([1800, 2400]);
    expect(tee.viewList.map((v) => v.viewId)).toEqual(['front', 'back']);
    for (const v of tee.viewList) {
      expect([v.viewData.width, v.viewData.height]).toEqual([1200, 1200]);
      expect(v.viewData.imageUrl).toMatch(/-cutout\.png$/);
      expect(v.viewData.shadingUrl).toMatch(/-shading\.png$/);
      expect(v.viewData.displacement?.url).toMatch(/-displace\.png$/);
      expect(v.viewData.highlightUrl).toBeNull();
      expect(v.partsList.some((part) => /-sheen\.png$/.test(part.imageUrl))).toBe(true);
      for (const l of smartObjects({ ...tee, viewList: [v] })) {
        expect(l.OS).toEqual({ w: 1800, h: 2400 });
        const points = l.PS?.kind === 'custom' ? l.PS.points : [];
        expect(points.every((p) => p.x > 0 && p.x < 1200 && p.y > 0 && p.y < 1200)).toBe(true);
      }
    }
    const hoodie = full.templates.find((t) => t.archetype === 'hoodie')!.template;
    expect(hoodie.viewList[0]!.partsList[0]).toMatchObject({ ornament: 1 });
  });
});

describe('first start generates, later starts reuse', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('writes rows and pictures once, keeps them for the same seed, and rebuilds only rows for a new seed', async () => {
    const ctx = { db: s.database.db, dataDir: s.config.dataDir };
    const opts = { seed: 'reuse-test', productCount: 60, imageSize: 256 };
    const first = await ensureCatalog(ctx, opts);
    expect(first).toMatchObject({ rowsGenerated: true, imagesGenerated: true, products: 60 });
    const second = await ensureCatalog(ctx, opts);
    expect(second).toMatchObject({ rowsGenerated: false, imagesGenerated: false });
    const marker = await readMarker(s.database.db);
    expect(marker).toMatchObject({ seed: 'reuse-test', productCount: 60, imageSize: 256, digest: catalogDigest(buildCatalog(opts)) });
    const reseeded = await ensureCatalog(ctx, { ...opts, seed: 'reuse-test-2', productCount: 30 });
    expect(reseeded).toMatchObject({ rowsGenerated: true, imagesGenerated: false, products: 30 });
    const res = await s.api<{ total: number }>('GET', '/api/product/productsCatalogList?pageSize=5');
    expect(res.total).toBe(30);

    // Another image size is another build: rows and pictures are rebuilt and the old pictures go.
    const resized = await ensureCatalog(ctx, { ...opts, seed: 'reuse-test-2', productCount: 30, imageSize: 288 });
    expect(resized).toMatchObject({ build: buildId(288), rowsGenerated: true, imagesGenerated: true });
    expect(existsSync(buildDir(s.config.dataDir, buildId(256)))).toBe(false);
    const card = await s.api<{ rows: { pic1: string }[] }>('GET', '/api/product/productsCatalogList?pageSize=5');
    expect(card.rows[0]!.pic1).toContain(`/${buildId(288)}/`);
  });
});
