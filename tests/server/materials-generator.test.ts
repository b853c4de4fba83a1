/**
 * The material library generator: the full-size library is deterministic for a seed (row and
 * drawing digests, no pictures written), it has the breadth a real clip-art library has, every
 * drawing of it stays inside its transparent margin, the full library's rows answer the API,
 * and a start reuses what an earlier start built (rows and byte-identical pictures).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import {
  buildMaterials,
  DEFAULT_MATERIAL_OPTIONS,
  materialsDigest,
  type MaterialLibrary,
  type MaterialOptions,
} from '../../demo/materials/build';
import { ensureMaterials } from '../../demo/materials/ensure';
import { generateMaterialImages } from '../../demo/materials/images';
import { materialsBuildDir } from '../../server/materials/paths';
import { readMaterialsMarker, writeMaterials } from '../../demo/materials/write-rows';
import { MATERIAL_TAGS } from '../../server/materials/tags';
import { materialCollections } from '../../server/materials/schema';
import { users } from '../../server/accounts/schema';
import { ALL_MOTIFS } from '../../demo/materials/art/motifs';
import type { MaterialTagItem } from '../../contract/materials';

let full: MaterialLibrary;
beforeAll(() => {
  full = buildMaterials(DEFAULT_MATERIAL_OPTIONS);
});

describe('determinism', () => {
  it('builds the same full library from the same seed, another from another seed', () => {
    expect(materialsDigest(buildMaterials(DEFAULT_MATERIAL_OPTIONS))).toBe(materialsDigest(full));
    const other = buildMaterials({ ...DEFAULT_MATERIAL_OPTIONS, seed: 'another-seed' });
    expect(materialsDigest(other)).not.toBe(materialsDigest(full));
    expect(other.materials.map((m) => m.kind)).not.toEqual(full.materials.map((m) => m.kind));
  });

  it('draws a smaller library as the start of a larger one', () => {
    const small = buildMaterials({ ...DEFAULT_MATERIAL_OPTIONS, materialCount: 40, backgroundCount: 6 });
    expect(small.clipart.map((j) => j.svg)).toEqual(full.clipart.slice(0, 40).map((j) => j.svg));
    expect(small.materials.map((m) => [m.name, m.tagIds, m.kind])).toEqual(
      full.materials.slice(0, 40).map((m) => [m.name, m.tagIds, m.kind]),
    );
    expect(small.backgroundArt.map((j) => j.svg)).toEqual(full.backgroundArt.slice(0, 6).map((j) => j.svg));
  });
});

describe('breadth of the full library', () => {
  it('has at least 300 clip-art materials of at least 80 motifs, 1-3 known tags each, unique names', () => {
    expect(full.materials.length).toBeGreaterThanOrEqual(300);
    const tagIds = new Set<number>(MATERIAL_TAGS.map((t) => t.id));
    for (const m of full.materials) {
      expect(m.tagIds.length, m.name).toBeGreaterThanOrEqual(1);
      expect(m.tagIds.length, m.name).toBeLessThanOrEqual(3);
      expect(new Set(m.tagIds).size).toBe(m.tagIds.length);
      expect(m.tagIds.every((t) => tagIds.has(t))).toBe(true);
      expect(Math.max(m.width, m.height)).toBe(800);
      expect(Math.min(m.width, m.height)).toBeGreaterThanOrEqual(200);
    }
    expect(new Set(full.materials.map((m) => m.name)).size).toBe(full.materials.length);
    expect(ALL_MOTIFS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(full.materials.map((m) => m.kind)).size).toBe(ALL_MOTIFS.length);
    expect(new Set(full.materials.map((m) => m.palette)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(full.materials.map((m) => m.finish))).toEqual(new Set(['flat', 'sticker', 'shadow']));
    expect(full.materials.some((m) => m.width > m.height * 1.5)).toBe(true);
  });

  it('uses every tag at least 5 times', () => {
    for (const tag of MATERIAL_TAGS)
      expect(full.materials.filter((m) => m.tagIds.includes(tag.id)).length, tag.name).toBeGreaterThanOrEqual(5);
  });

  it('has at least 40 backgrounds, at least 12 of each type, in at least 20 designs', () => {
    expect(full.backgrounds.length).toBeGreaterThanOrEqual(40);
    for (const type of [1, 2, 3]) expect(full.backgrounds.filter((b) => b.type === type).length).toBeGreaterThanOrEqual(12);
    // No two look alike: the drawing or the texture's colours differ (a texture's seed alone does not count).
    const looks = full.backgroundArt.map((b) => JSON.stringify([b.svg, b.texture && { ...b.texture, seed: 0 }]));
    expect(new Set(looks).size).toBe(full.backgrounds.length);
    expect(new Set(full.backgrounds.map((b) => b.name.replace(/ \d+$/, ''))).size).toBeGreaterThanOrEqual(20);
    expect(full.backgroundArt.filter((b) => b.texture).length).toBeGreaterThanOrEqual(6);
  });

  it('keeps every drawing inside its transparent margin (the whole library, drawn small)', async () => {
    for (const job of full.clipart) {
      const { data, info } = await sharp(Buffer.from(job.thumbSvg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3] ?? 255;
      let border = 0;
      for (let x = 0; x < info.width; x += 1) border = Math.max(border, alpha(x, 0), alpha(x, info.height - 1));
      for (let y = 0; y < info.height; y += 1) border = Math.max(border, alpha(0, y), alpha(info.width - 1, y));
      expect(border, `${full.materials[job.id - 1]?.name} (${full.materials[job.id - 1]?.kind}) touches its edge`).toBe(0);
    }
  });
});

describe('the full library in the database', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
    // Rows only: the API reads rows; pictures are covered by the small libraries below.
    await writeMaterials(s.database.db, full, {
      ...DEFAULT_MATERIAL_OPTIONS,
      version: 1,
      build: full.build,
      digest: materialsDigest(full),
      builtAt: new Date().toISOString(),
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 300+ materials, 40+ backgrounds and every tag with its count', async () => {
    const list = await s.api<{ total: number; rows: unknown[] }>(
      'GET',
      '/api/platformMaterialImages/getPlatformMaterialImagesList?pageSize=100',
    );
    expect(list).toMatchObject({ code: 200, total: full.materials.length });
    expect(list.total).toBeGreaterThanOrEqual(300);
    const bgs = await s.api<{ total: number }>('GET', '/api/platformBackgroundImages/getPlatformBackgroundImagesList');
    expect(bgs.total).toBeGreaterThanOrEqual(40);
    const tags = await s.api<{ rows: MaterialTagItem[] }>('GET', '/api/platformMaterialTag/getMaterialPictureTagList');
    expect(tags.rows.reduce((n, t) => n + t.count, 0)).toBe(full.materials.reduce((n, m) => n + m.tagIds.length, 0));
  });
});

async function filesDigest(dir: string): Promise<{ files: number; digest: string }> {
  const hash = createHash('sha256');
  const names = (await readdir(dir, { recursive: true }))
    .map(String)
    .filter((n) => /\.(png|jpg)$/.test(n))
    .sort();
  for (const name of names) hash.update(name).update(await readFile(path.join(dir, name)));
  return { files: names.length, digest: hash.digest('hex') };
}

describe('first start generates, later starts reuse', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('writes rows and pictures once, keeps them for the same options, and rebuilds for a new seed', async () => {
    const ctx = { db: s.database.db, dataDir: s.config.dataDir };
    const opts: MaterialOptions = { seed: 'reuse-test', materialCount: 24, backgroundCount: 6, clipartSize: 160, backgroundSize: 96 };
    const first = await ensureMaterials(ctx, opts);
    expect(first).toMatchObject({ rowsGenerated: true, imagesGenerated: true, materials: 24, backgrounds: 6 });
    const dir = materialsBuildDir(s.config.dataDir, first.build);
    const pictures = await filesDigest(dir);
    expect(pictures.files).toBe((24 + 6) * 2);
    const again = await ensureMaterials(ctx, opts);
    expect(again).toMatchObject({ build: first.build, rowsGenerated: false, imagesGenerated: false });
    expect(await readMaterialsMarker(s.database.db)).toMatchObject({
      seed: 'reuse-test',
      materialCount: 24,
      digest: materialsDigest(buildMaterials(opts)),
    });

    // The same seed draws byte-identical pictures anywhere.
    const elsewhere = path.join(s.config.dataDir, 'elsewhere');
    await generateMaterialImages(elsewhere, buildMaterials(opts));
    expect(await filesDigest(materialsBuildDir(elsewhere, first.build))).toEqual(pictures);

    // A collection survives a rebuild when its material does, and goes when it does not.
    const [u] = await s.database.db.insert(users).values({ email: 'rebuild@example.com', passwordHash: 'x' }).returning({ id: users.id });
    await s.database.db.insert(materialCollections).values([
      { userId: u!.id, materialId: 3 },
      { userId: u!.id, materialId: 20 },
    ]);

    const reseeded = await ensureMaterials(ctx, { ...opts, seed: 'reuse-test-2', materialCount: 10 });
    expect(reseeded).toMatchObject({ rowsGenerated: true, imagesGenerated: true, materials: 10 });
    expect(reseeded.build).not.toBe(first.build);
    expect(existsSync(dir)).toBe(false);
    const kept = await s.database.db.select().from(materialCollections);
    expect(kept.map((c) => c.materialId)).toEqual([3]);
    const res = await s.api<{ total: number; rows: { url: string }[] }>(
      'GET',
      '/api/platformMaterialImages/getPlatformMaterialImagesList?pageSize=5',
    );
    expect(res.total).toBe(10);
    expect(res.rows[0]!.url).toContain(`/${reseeded.build}/`);
  });
});
