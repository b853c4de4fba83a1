/**
 * The catalogue's kept answers (server/catalog/answer-cache.ts) are never older than the
 * database: every change to the catalogue tables, made through the API or straight in SQL as a
 * second server instance or the generator would, shows in the very next answer, while answers
 * to unchanged rows are served again byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { seedCatalog } from './fixtures';
import type { CatalogRows } from '../../demo/catalog/build';
import type { ProductCard, ProductDetail } from '../../contract/catalog';

let s: TestServer;
let rows: CatalogRows;
beforeAll(async () => {
  s = await startServer();
  rows = await seedCatalog(s, { seed: 'catalog-answers-test', productCount: 40, imageSize: 256 });
});
afterAll(async () => {
  await s?.close();
});

const raw = async (pathname: string) => (await fetch(`${s.url}/prod-api${pathname}`)).text();
const LIST = '/api/product/productsCatalogList?pageNum=1&pageSize=24';
const version = async () => {
  const res = (await s.database.db.execute(sql`select version from catalog_version where id = 1`)) as unknown as {
    rows: { version: string | number }[];
  };
  return Number(res.rows[0]!.version);
};

describe('kept catalogue answers', () => {
  it('answers an unchanged catalogue with the same bytes', async () => {
    const first = await raw(LIST);
    expect(JSON.parse(first)).toMatchObject({ code: 200, total: 40 });
    expect(await raw(LIST)).toBe(first);
    expect(await raw('/api/product/getInfo/1001')).toBe(await raw('/api/product/getInfo/1001'));
  });

  it('shows a title changed in SQL in the next list, detail and handle answer', async () => {
    const before = JSON.parse(await raw(LIST)) as { rows: ProductCard[] };
    const target = before.rows[0]!;
    const detailPath = `/api/product/getInfo/${target.id}`;
    const handlePath = `/api/product/getInfoByHandle/${target.handle}`;
    await raw(detailPath);
    await raw(handlePath);
    const v = await version();
    await s.database.db.execute(sql`update catalog_products set title = 'Renamed in SQL' where id = ${target.id}`);
    expect(await version()).toBeGreaterThan(v);
    const after = JSON.parse(await raw(LIST)) as { rows: ProductCard[] };
    expect(after.rows.find((r) => r.id === target.id)?.title).toBe('Renamed in SQL');
    expect((JSON.parse(await raw(detailPath)) as { data: ProductDetail }).data.title).toBe('Renamed in SQL');
    expect((JSON.parse(await raw(handlePath)) as { data: ProductDetail }).data.title).toBe('Renamed in SQL');
  });

  it('shows changes to variants, categories and removed products, and totals per filter', async () => {
    const product = rows.products[1]!;
    const detailPath = `/api/product/getInfo/${product.id}`;
    const variantId = (JSON.parse(await raw(detailPath)) as { data: ProductDetail }).data.variants[0]!.id;
    await s.database.db.execute(sql`update catalog_variants set cost = 123457 where id = ${variantId}`);
    const detail = JSON.parse(await raw(detailPath)) as { data: ProductDetail };
    expect(detail.data.variants.find((v) => v.id === variantId)?.cost).toBe(123457);

    await s.database.db.execute(sql`update catalog_categories set slug = 'renamed-category' where id = ${product.categoryId}`);
    const cards = (
      JSON.parse(await raw(`/api/product/productsCatalogList?category=${product.categoryId}&pageSize=24`)) as {
        rows: ProductCard[];
      }
    ).rows;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.categorySlug === 'renamed-category')).toBe(true);

    // The total is kept per filter across pages; hiding a product changes it at once.
    const page2 = `/api/product/productsCatalogList?pageNum=2&pageSize=10`;
    expect(JSON.parse(await raw(page2))).toMatchObject({ total: 40 });
    await s.database.db.execute(sql`update catalog_products set status = 0 where id = ${product.id}`);
    expect(JSON.parse(await raw(page2))).toMatchObject({ total: 39 });
    expect(JSON.parse(await raw(LIST))).toMatchObject({ total: 39 });
    expect(JSON.parse(await raw(detailPath))).toMatchObject({ code: 10000 });
  });

  it('is not disturbed by a change that rolled back', async () => {
    const v = await version();
    await expect(
      s.database.db.transaction(async (tx) => {
        await tx.execute(sql`update catalog_products set title = 'Never committed' where status = 1`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(v);
    const body = await raw(LIST);
    expect(body).not.toContain('Never committed');
    expect(await raw(LIST)).toBe(body);
  });
});
