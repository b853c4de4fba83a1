/**
 * "Ensure catalogue", run on every start: the first start generates the rows and the pictures,
 * later starts find the marker (seed, generator version, count, size) and reuse them. Rows and
 * pictures are checked separately: a PostgreSQL shared by a fresh server with an empty disk
 * only regenerates the pictures.
 */
import type { Db } from '../../server/platform/db/client';
import { buildCatalog, catalogDigest, DEFAULT_OPTIONS, type CatalogOptions } from './build';
import { generateImages, imagesReady } from './images';
import { GENERATOR_VERSION, buildId } from '../../server/catalog/paths';
import { markerMatches, readMarker, writeCatalog } from './write-rows';
import { produceViewFile, viewStandIn } from './on-demand';
import { setCatalogProducer } from '../../server/catalog/files';

export interface EnsureResult {
  build: string;
  rowsGenerated: boolean;
  imagesGenerated: boolean;
  products: number;
  ms: { rows: number; images: number; total: number };
}

const positiveInt = (v: string | undefined, min: number, max: number): number | undefined => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`expected an integer from ${min} to ${max}, got ${v}`);
  return n;
};

/** CATALOG_SEED, CATALOG_PRODUCTS (1-20000) and CATALOG_IMAGE_SIZE (256-2400) override the defaults. */
export function catalogOptionsFromEnv(env: NodeJS.ProcessEnv): CatalogOptions {
  return {
    seed: env.CATALOG_SEED?.trim() || DEFAULT_OPTIONS.seed,
    productCount: positiveInt(env.CATALOG_PRODUCTS, 1, 20_000) ?? DEFAULT_OPTIONS.productCount,
    imageSize: positiveInt(env.CATALOG_IMAGE_SIZE, 256, 2400) ?? DEFAULT_OPTIONS.imageSize,
  };
}

export async function ensureCatalog(ctx: { db: Db; dataDir: string }, options: Partial<CatalogOptions> = {}): Promise<EnsureResult> {
  const opts: CatalogOptions = { ...DEFAULT_OPTIONS, ...options };
  const started = performance.now();
  // Views the first start leaves out (product models beyond the first, the drawing's later views)
  // are photographed when first asked for (on-demand.ts).
  setCatalogProducer({ make: produceViewFile, standIn: viewStandIn });
  const build = buildId(opts.imageSize);
  const marker = await readMarker(ctx.db);
  const rowsWanted = !markerMatches(marker, opts);
  const imagesWanted = !imagesReady(ctx.dataDir, build);

  let rowsMs = 0;
  let imagesMs = 0;
  let products = marker?.productCount ?? opts.productCount;
  const rowsJob = async () => {
    if (!rowsWanted) return;
    const t = performance.now();
    const rows = buildCatalog(opts);
    products = rows.products.length;
    await writeCatalog(ctx.db, rows, {
      seed: opts.seed,
      version: GENERATOR_VERSION,
      productCount: opts.productCount,
      imageSize: opts.imageSize,
      build,
      digest: catalogDigest(rows),
      builtAt: new Date().toISOString(),
    });
    rowsMs = performance.now() - t;
  };
  const imagesJob = async () => {
    if (!imagesWanted) return;
    const t = performance.now();
    await generateImages(ctx.dataDir, build, opts.imageSize);
    imagesMs = performance.now() - t;
  };
  // Pictures are CPU in sharp's threads, rows are I/O to the database: they overlap well.
  await Promise.all([imagesJob(), rowsJob()]);
  return {
    build,
    rowsGenerated: rowsWanted,
    imagesGenerated: imagesWanted,
    products,
    ms: { rows: Math.round(rowsMs), images: Math.round(imagesMs), total: Math.round(performance.now() - started) },
  };
}
