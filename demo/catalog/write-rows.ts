/**
 * Writes the generated rows in one transaction (the catalogue is replaced whole or not at all),
 * guarded by an advisory lock so two server instances starting together on one PostgreSQL do
 * not both rebuild it. The marker row in catalog_meta says what the rows were built from.
 */
import { eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/platform/db/client';
import {
  catalogCategories,
  catalogImages,
  catalogMeta,
  catalogProducts,
  catalogSubcategories,
  catalogTemplates,
  catalogVariants,
} from '../../server/catalog/schema';
import type { CatalogRows } from './build';
import { GENERATOR_VERSION } from '../../server/catalog/paths';
import { OPERATOR_ID_BASE } from '../../server/catalog/id-ranges';

export interface CatalogMarker {
  seed: string;
  version: number;
  productCount: number;
  imageSize: number;
  build: string;
  digest: string;
  builtAt: string;
}

const MARKER_KEY = 'catalog';
/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters for the widest table. */
const CHUNK = 500;
const LOCK_KEY = 0x0c47a106;

export async function readMarker(db: Db): Promise<CatalogMarker | null> {
  const [row] = await db.select().from(catalogMeta).where(eq(catalogMeta.key, MARKER_KEY));
  return row ? (row.value as CatalogMarker) : null;
}

export function markerMatches(
  marker: CatalogMarker | null,
  want: Omit<CatalogMarker, 'build' | 'digest' | 'builtAt' | 'version'>,
): boolean {
  return (
    !!marker &&
    marker.version === GENERATOR_VERSION &&
    marker.seed === want.seed &&
    marker.productCount === want.productCount &&
    marker.imageSize === want.imageSize
  );
}

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Replaces the catalogue. Returns false when another instance wrote the same marker while this
 * one waited for the lock (nothing to do).
 */
export async function writeCatalog(db: Db, rows: CatalogRows, marker: CatalogMarker): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const [current] = await tx.select().from(catalogMeta).where(eq(catalogMeta.key, MARKER_KEY));
    if (current && markerMatches(current.value as CatalogMarker, marker)) return false;

    // Generated rows go; products an operator made from PSDs (ids from OPERATOR_ID_BASE) stay,
    // and so do the categories they sit in (rewritten from the taxonomy, same ids).
    await tx.delete(catalogImages).where(lt(catalogImages.productId, OPERATOR_ID_BASE));
    await tx.delete(catalogVariants).where(lt(catalogVariants.productId, OPERATOR_ID_BASE));
    await tx.delete(catalogProducts).where(lt(catalogProducts.id, OPERATOR_ID_BASE));
    await tx.delete(catalogTemplates).where(lt(catalogTemplates.id, OPERATOR_ID_BASE));
    const kept = await tx.selectDistinct({ sub: catalogProducts.subcategoryId, cat: catalogProducts.categoryId }).from(catalogProducts);
    const keptSubs = kept.map((k) => k.sub);
    const keptCats = kept.map((k) => k.cat);
    await tx.delete(catalogSubcategories).where(keptSubs.length ? notInArray(catalogSubcategories.id, keptSubs) : undefined);
    await tx.delete(catalogCategories).where(keptCats.length ? notInArray(catalogCategories.id, keptCats) : undefined);

    await insertChunks(rows.categories, (c) =>
      tx
        .insert(catalogCategories)
        .values(c)
        .onConflictDoUpdate({
          target: catalogCategories.id,
          set: {
            name: sql`excluded.name`,
            title: sql`excluded.title`,
            slug: sql`excluded.slug`,
            icon: sql`excluded.icon`,
            sort: sql`excluded.sort`,
            status: sql`excluded.status`,
            inMenu: sql`excluded.in_menu`,
            hasSubMenu: sql`excluded.has_sub_menu`,
          },
        }),
    );
    await insertChunks(rows.subcategories, (c) =>
      tx
        .insert(catalogSubcategories)
        .values(c)
        .onConflictDoUpdate({
          target: catalogSubcategories.id,
          set: {
            categoryId: sql`excluded.category_id`,
            name: sql`excluded.name`,
            title: sql`excluded.title`,
            slug: sql`excluded.slug`,
            icon: sql`excluded.icon`,
            sort: sql`excluded.sort`,
            status: sql`excluded.status`,
            hot: sql`excluded.hot`,
          },
        }),
    );
    await insertChunks(rows.templates, (c) => tx.insert(catalogTemplates).values(c));
    await insertChunks(rows.products, (c) => tx.insert(catalogProducts).values(c));
    await insertChunks(rows.variants, (c) => tx.insert(catalogVariants).values(c));
    await insertChunks(rows.images, (c) => tx.insert(catalogImages).values(c));

    await tx
      .insert(catalogMeta)
      .values({ key: MARKER_KEY, value: marker })
      .onConflictDoUpdate({ target: catalogMeta.key, set: { value: marker, updatedAt: new Date() } });
    return true;
  });
}
