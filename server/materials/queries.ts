/**
 * Material library reads and the merchant's collection. Lists are one query each: the page,
 * the caller's collected flag (a left join on their own collection rows only) and the filtered
 * total (a window count) come back together.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { materialCollections, materialTags, platformBackgrounds, platformMaterials } from './schema';
import { MATERIAL_TAGS } from './tags';
import {
  BACKGROUND_TYPE_NAMES,
  type BackgroundImage,
  type CollectedMaterialImage,
  type MaterialImage,
  type MaterialTagItem,
} from '../../contract/materials';

export interface MaterialFilter {
  tagId?: number;
  words?: string[];
}

interface Paging {
  pageSize: number;
  offset: number;
}

const TAG_NAMES = new Map<number, string>(MATERIAL_TAGS.map((t) => [t.id, t.name]));
/** LIKE needs its wildcards escaped (backslash is PostgreSQL's default LIKE escape). */
const likeEscape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

function materialWhere(f: MaterialFilter): SQL | undefined {
  const m = platformMaterials;
  const conds: SQL[] = [eq(m.status, 1)];
  if (f.tagId !== undefined) conds.push(sql`${m.tagIds} @> array[${f.tagId}]::integer[]`);
  for (const word of f.words ?? []) conds.push(sql`${m.searchText} like ${`%${likeEscape(word)}%`}`);
  return and(...conds);
}

const materialColumns = {
  id: platformMaterials.id,
  name: platformMaterials.name,
  tagIds: platformMaterials.tagIds,
  url: platformMaterials.url,
  thumbnailUrl: platformMaterials.thumbnailUrl,
  width: platformMaterials.width,
  height: platformMaterials.height,
};

type MaterialColumns = { [K in keyof typeof materialColumns]: (typeof materialColumns)[K]['_']['data'] };

function toImage(row: MaterialColumns, collected: boolean): MaterialImage {
  return {
    id: row.id,
    name: row.name,
    tags: row.tagIds.map((t) => TAG_NAMES.get(t) ?? String(t)),
    tagIds: row.tagIds,
    url: row.url,
    thumbnailUrl: row.thumbnailUrl,
    width: row.width,
    height: row.height,
    collected,
  };
}

export async function listTags(db: Db): Promise<MaterialTagItem[]> {
  const rows = await db
    .select({ id: materialTags.id, name: materialTags.name, count: sql<number>`count(${platformMaterials.id})`.mapWith(Number) })
    .from(materialTags)
    .leftJoin(
      platformMaterials,
      and(eq(platformMaterials.status, 1), sql`${platformMaterials.tagIds} @> array[${materialTags.id}]::integer[]`),
    )
    .groupBy(materialTags.id, materialTags.name, materialTags.sort)
    .orderBy(asc(materialTags.sort), asc(materialTags.id));
  return rows;
}

/** A page of platform materials; `collected` is the caller's (false for a visitor). */
export async function listMaterials(
  db: Db,
  f: MaterialFilter,
  userId: number | null,
  page: Paging,
): Promise<{ rows: MaterialImage[]; total: number }> {
  const where = materialWhere(f);
  const collectedJoin = and(eq(materialCollections.materialId, platformMaterials.id), eq(materialCollections.userId, userId ?? -1));
  const found = await db
    .select({ ...materialColumns, collectedId: materialCollections.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(platformMaterials)
    .leftJoin(materialCollections, collectedJoin)
    .where(where)
    .orderBy(asc(platformMaterials.sort), asc(platformMaterials.id))
    .limit(page.pageSize)
    .offset(page.offset);
  if (found.length > 0)
    return { rows: found.map((r) => toImage(r, userId !== null && r.collectedId !== null)), total: found[0]?.total ?? 0 };
  if (page.offset === 0) return { rows: [], total: 0 };
  // Past the last page the window count has no row to ride on: count on its own.
  const [c] = await db.select({ n: count() }).from(platformMaterials).where(where);
  return { rows: [], total: c?.n ?? 0 };
}

/** The merchant's collection, newest first, with the same filters as the platform list. */
export async function listCollected(
  db: Db,
  userId: number,
  f: MaterialFilter,
  page: Paging,
): Promise<{ rows: CollectedMaterialImage[]; total: number }> {
  const where = and(eq(materialCollections.userId, userId), materialWhere(f));
  const found = await db
    .select({ ...materialColumns, collectTime: materialCollections.createdAt, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(materialCollections)
    .innerJoin(platformMaterials, eq(platformMaterials.id, materialCollections.materialId))
    .where(where)
    .orderBy(desc(materialCollections.createdAt), desc(materialCollections.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const rows = found.map((r) => ({ ...toImage(r, true), platformMaterialId: r.id, collectTime: r.collectTime.toISOString() }));
  if (found.length > 0 || page.offset === 0) return { rows, total: found[0]?.total ?? 0 };
  const [c] = await db
    .select({ n: count() })
    .from(materialCollections)
    .innerJoin(platformMaterials, eq(platformMaterials.id, materialCollections.materialId))
    .where(where);
  return { rows: [], total: c?.n ?? 0 };
}

export async function materialExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: platformMaterials.id })
    .from(platformMaterials)
    .where(and(eq(platformMaterials.id, id), eq(platformMaterials.status, 1)))
    .limit(1);
  return !!row;
}

/** Idempotent: true when a row was added, false when it was already there. */
export async function collect(db: Db, userId: number, materialId: number): Promise<boolean> {
  const added = await db
    .insert(materialCollections)
    .values({ userId, materialId })
    .onConflictDoNothing({ target: [materialCollections.userId, materialCollections.materialId] })
    .returning({ id: materialCollections.id });
  return added.length > 0;
}

/** Idempotent: true when a row was removed. */
export async function uncollect(db: Db, userId: number, materialId: number): Promise<boolean> {
  const removed = await db
    .delete(materialCollections)
    .where(and(eq(materialCollections.userId, userId), eq(materialCollections.materialId, materialId)))
    .returning({ id: materialCollections.id });
  return removed.length > 0;
}

export async function listBackgrounds(db: Db, type: number | undefined, page: Paging): Promise<{ rows: BackgroundImage[]; total: number }> {
  const b = platformBackgrounds;
  const where = and(eq(b.status, 1), type === undefined ? undefined : eq(b.type, type));
  const found = await db
    .select({
      id: b.id,
      name: b.name,
      type: b.type,
      url: b.url,
      thumbnailUrl: b.thumbnailUrl,
      width: b.width,
      height: b.height,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(b)
    .where(where)
    .orderBy(asc(b.sort), asc(b.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const rows = found.map(({ total: _total, ...r }) => ({ ...r, typeName: BACKGROUND_TYPE_NAMES[r.type] ?? '' }));
  if (found.length > 0 || page.offset === 0) return { rows, total: found[0]?.total ?? 0 };
  const [c] = await db.select({ n: count() }).from(b).where(where);
  return { rows: [], total: c?.n ?? 0 };
}
