/**
 * Writes the library's rows in one transaction (replaced whole or not at all), under an
 * advisory lock so two instances starting together on one PostgreSQL do not both rebuild. The
 * marker (catalog_meta key 'materials') says what the rows were built from.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/platform/db/client';
import { catalogMeta } from '../../server/catalog/schema';
import { materialCollections, materialTags, platformBackgrounds, platformMaterials } from '../../server/materials/schema';
import type { MaterialLibrary, MaterialOptions } from './build';
import { MATERIALS_VERSION } from './build-id';

export interface MaterialsMarker extends MaterialOptions {
  version: number;
  build: string;
  digest: string;
  builtAt: string;
}

const MARKER_KEY = 'materials';
const LOCK_KEY = 0x0c47a107;
const CHUNK = 500;

export async function readMaterialsMarker(db: Db): Promise<MaterialsMarker | null> {
  const [row] = await db.select().from(catalogMeta).where(eq(catalogMeta.key, MARKER_KEY));
  return row ? (row.value as MaterialsMarker) : null;
}

export function materialsMarkerMatches(marker: MaterialsMarker | null, want: MaterialOptions): boolean {
  return (
    !!marker &&
    marker.version === MATERIALS_VERSION &&
    marker.seed === want.seed &&
    marker.materialCount === want.materialCount &&
    marker.backgroundCount === want.backgroundCount &&
    marker.clipartSize === want.clipartSize &&
    marker.backgroundSize === want.backgroundSize
  );
}

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Replaces the library; false when another instance wrote the same marker while this one waited. */
export async function writeMaterials(db: Db, lib: MaterialLibrary, marker: MaterialsMarker): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const [current] = await tx.select().from(catalogMeta).where(eq(catalogMeta.key, MARKER_KEY));
    if (current && materialsMarkerMatches(current.value as MaterialsMarker, marker)) return false;

    await tx.delete(platformMaterials);
    await tx.delete(platformBackgrounds);
    await tx.delete(materialTags);
    await insertChunks(lib.tags, (c) => tx.insert(materialTags).values(c));
    await insertChunks(lib.materials, (c) => tx.insert(platformMaterials).values(c.map((m) => ({ ...m, status: 1 }))));
    await insertChunks(lib.backgrounds, (c) => tx.insert(platformBackgrounds).values(c.map((b) => ({ ...b, status: 1 }))));
    // Collections of materials that no longer exist (a smaller library) go; the rest stay.
    await tx.execute(
      sql`delete from ${materialCollections} where ${materialCollections.materialId} not in (select ${platformMaterials.id} from ${platformMaterials})`,
    );

    await tx
      .insert(catalogMeta)
      .values({ key: MARKER_KEY, value: marker })
      .onConflictDoUpdate({ target: catalogMeta.key, set: { value: marker, updatedAt: new Date() } });
    return true;
  });
}
