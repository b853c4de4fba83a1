/** Data the server suites share: a generated catalogue written to the test database. */
import { buildCatalog, catalogDigest, type CatalogOptions, type CatalogRows } from '../../demo/catalog/build';
import { writeCatalog } from '../../demo/catalog/write-rows';
import { buildId, GENERATOR_VERSION } from '../../server/catalog/paths';
import type { ProductRow, VariantRow } from '../../demo/catalog/products';
import type { TestServer } from './harness';

/** Generates a small catalogue from `options` and writes it as the server's current one. */
export async function seedCatalog(s: TestServer, options: CatalogOptions): Promise<CatalogRows> {
  const rows = buildCatalog(options);
  await writeCatalog(s.database.db, rows, {
    seed: options.seed,
    version: GENERATOR_VERSION,
    productCount: options.productCount,
    imageSize: options.imageSize,
    build: buildId(options.imageSize),
    digest: catalogDigest(rows),
    builtAt: new Date().toISOString(),
  });
  return rows;
}

/** A product's variants in their catalogue order. */
export const variantsOfIn = (rows: CatalogRows, p: ProductRow): VariantRow[] =>
  rows.variants.filter((v) => v.productId === p.id).sort((a, b) => a.position - b.position);
