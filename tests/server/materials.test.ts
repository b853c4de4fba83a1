/**
 * The material calls over real HTTP on a real database, against a small
 * generated library: tags with counts, paging and filters checked against the same library built
 * in memory, backgrounds by type, the collect / uncollect flows (idempotent, login required,
 * one merchant never sees another's collection), and the pictures: transparent outside the
 * drawing, served with year-long immutable caching.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, startServer, type TestServer } from './harness';
import { ensureMaterials } from '../../demo/materials/ensure';
import { buildMaterials, type MaterialLibrary, type MaterialOptions, type MaterialRow } from '../../demo/materials/build';
import { MATERIAL_TAGS } from '../../server/materials/tags';
import type { BackgroundImage, CollectedMaterialImage, CollectResult, MaterialImage, MaterialTagItem } from '../../contract/materials';

const OPTIONS: MaterialOptions = {
  seed: 'materials-api-test',
  materialCount: 72,
  backgroundCount: 9,
  clipartSize: 240,
  backgroundSize: 160,
};

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

let s: TestServer;
let lib: MaterialLibrary;
let tokenA = '';
let tokenB = '';

async function register(email: string): Promise<string> {
  await s.api('POST', '/api/user/sendEmailCode', { email }, undefined, { 'x-forwarded-for': `198.51.100.${email.length}` });
  const code = codeIn(await s.lastMail(email));
  const res = await s.api<{ token: string }>('POST', '/api/user/add', {
    username: email,
    emailCode: code,
    password: 'secret123',
    confirmPassword: 'secret123',
  });
  expect(res.code).toBe(200);
  return res.token;
}

beforeAll(async () => {
  s = await startServer();
  const result = await ensureMaterials({ db: s.database.db, dataDir: s.config.dataDir }, OPTIONS);
  expect(result).toMatchObject({ rowsGenerated: true, imagesGenerated: true, materials: 72, backgrounds: 9 });
  lib = buildMaterials(OPTIONS);
  [tokenA, tokenB] = await Promise.all([register('collector-a@example.com'), register('collector-b@example.com')]);
});
afterAll(async () => {
  await s?.close();
});

const materials = (query = '', token?: string) =>
  s.api<Page<MaterialImage>>(
    'GET',
    `/api/platformMaterialImages/getPlatformMaterialImagesList${query ? `?${query}` : ''}`,
    undefined,
    token,
  );
const collected = (query = '', token?: string) =>
  s.api<Page<CollectedMaterialImage>>(
    'GET',
    `/api/shopCollectMaterialImages/getShopCollectMaterialImagesList${query ? `?${query}` : ''}`,
    undefined,
    token,
  );
const add = (body: unknown, token?: string) =>
  s.api<Data<CollectResult>>('POST', '/api/shopCollectMaterialImages/addShopCollectMaterialImages', body, token);
const remove = (body: unknown, token?: string) =>
  s.api<Data<CollectResult>>('POST', '/api/shopCollectMaterialImages/removeShopCollectMaterialImages', body, token);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const expected = (keep: (m: MaterialRow) => boolean) => lib.materials.filter(keep).map((m) => m.id);

async function allIds(query: string, token?: string): Promise<number[]> {
  const out: number[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const res = await materials(`${query}&pageSize=20&pageNum=${pageNum}`, token);
    expect(res.code).toBe(200);
    out.push(...ids(res.rows));
    if (res.rows.length < 20) return out;
  }
}

describe('getMaterialPictureTagList', () => {
  it('lists every tag in order with the number of materials carrying it', async () => {
    const res = await s.api<Page<MaterialTagItem>>('GET', '/api/platformMaterialTag/getMaterialPictureTagList');
    expect(res.code).toBe(200);
    expect(res.total).toBe(MATERIAL_TAGS.length);
    expect(res.rows.map((t) => t.name)).toEqual(MATERIAL_TAGS.map((t) => t.name));
    for (const tag of res.rows) expect(tag.count, tag.name).toBe(lib.materials.filter((m) => m.tagIds.includes(tag.id)).length);
  });
});

describe('getPlatformMaterialImagesList', () => {
  it('pages the library in order with rows and total, each row complete', async () => {
    const first = await materials('pageSize=10');
    expect(first).toMatchObject({ code: 200, total: 72 });
    expect(ids(first.rows)).toEqual(expected(() => true).slice(0, 10));
    const third = await materials('pageNum=3&pageSize=10');
    expect(ids(third.rows)).toEqual(expected(() => true).slice(20, 30));
    expect(await materials('pageNum=99&pageSize=10')).toMatchObject({ code: 200, rows: [], total: 72 });
    expect((await materials()).rows).toHaveLength(30);
    const row = first.rows[0]!;
    const built = lib.materials[0]!;
    expect(row).toEqual({
      id: built.id,
      name: built.name,
      tags: built.tagIds.map((t) => MATERIAL_TAGS.find((x) => x.id === t)!.name),
      tagIds: built.tagIds,
      url: built.url,
      thumbnailUrl: built.thumbnailUrl,
      width: built.width,
      height: built.height,
      collected: false,
    });
    expect(row.url).toMatch(/^\/prod-api\/files\/catalog\/materials\/v1-[0-9a-z]+-72x9-240-160\/clipart\/m_0001\.png$/);
    expect(row.tags.length).toBeGreaterThanOrEqual(1);
    expect(row.tags.length).toBeLessThanOrEqual(3);
  });

  it('filters by tag id, tag name and keyword', async () => {
    const animals = MATERIAL_TAGS.find((t) => t.key === 'animals')!.id;
    const want = expected((m) => m.tagIds.includes(animals));
    expect(want.length).toBeGreaterThan(0);
    expect(await allIds(`tagId=${animals}`)).toEqual(want);
    expect(await allIds('tag=animals')).toEqual(want);
    expect(await allIds('tag=Animals')).toEqual(want);
    // A keyword matches names, tag names and search words; every word must match.
    const name = lib.materials[5]!.name;
    const word = name.split(' ')[0]!.toLowerCase();
    expect(await allIds(`keyword=${encodeURIComponent(word)}`)).toEqual(expected((m) => m.searchText.includes(word)));
    expect(await allIds(`keyword=${encodeURIComponent(name)}`)).toContain(lib.materials[5]!.id);
    expect(await allIds(`keyword=${encodeURIComponent('100%')}`)).toEqual(expected((m) => m.searchText.includes('100%')));
    expect(await materials('keyword=zzzznothing')).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('refuses bad paging, unknown tags and long keywords with code 10000 and a message', async () => {
    for (const q of ['pageSize=0', 'pageSize=101', 'pageSize=abc', 'pageSize=-5', 'pageSize=2.5']) {
      expect(await materials(q)).toMatchObject({ code: 10000, msg: 'pageSize must be a whole number from 1 to 100' });
    }
    for (const q of ['pageNum=0', 'pageNum=x', 'pageNum=1001']) {
      expect(await materials(q)).toMatchObject({ code: 10000, msg: 'pageNum must be a whole number from 1 to 1000' });
    }
    expect(await materials('tagId=999')).toMatchObject({ code: 10000, msg: 'Unknown material tag: 999' });
    expect(await materials('tag=dinosaurs')).toMatchObject({ code: 10000, msg: 'Unknown material tag: dinosaurs' });
    expect(await materials(`keyword=${'a'.repeat(101)}`)).toMatchObject({ code: 10000, msg: 'keyword must be at most 100 characters' });
  });
});

describe('getPlatformBackgroundImagesList', () => {
  it('lists every background, or those of one type, with type names', async () => {
    const all = await s.api<Page<BackgroundImage>>('GET', '/api/platformBackgroundImages/getPlatformBackgroundImagesList');
    expect(all).toMatchObject({ code: 200, total: 9 });
    expect(ids(all.rows)).toEqual(lib.backgrounds.map((b) => b.id));
    for (const type of [1, 2, 3]) {
      const res = await s.api<Page<BackgroundImage>>('GET', `/api/platformBackgroundImages/getPlatformBackgroundImagesList?type=${type}`);
      expect(res.code).toBe(200);
      expect(ids(res.rows)).toEqual(lib.backgrounds.filter((b) => b.type === type).map((b) => b.id));
      expect(res.total).toBe(3);
      expect(res.rows.every((b) => b.type === type && b.typeName.length > 0 && b.width === 160 && b.height === 160)).toBe(true);
    }
    const paged = await s.api<Page<BackgroundImage>>(
      'GET',
      '/api/platformBackgroundImages/getPlatformBackgroundImagesList?pageSize=4&pageNum=2',
    );
    expect(ids(paged.rows)).toEqual(lib.backgrounds.slice(4, 8).map((b) => b.id));
    for (const q of ['type=0', 'type=4', 'type=gradient']) {
      expect(await s.api('GET', `/api/platformBackgroundImages/getPlatformBackgroundImagesList?${q}`)).toMatchObject({
        code: 10000,
        msg: 'type must be 1 (Colours & Gradients), 2 (Patterns), 3 (Textures & Scenes)',
      });
    }
  });
});

describe('collecting materials', () => {
  it('requires login for every collection call', async () => {
    for (const res of [
      await collected(),
      await add({ platformMaterialId: 1 }),
      await remove({ platformMaterialId: 1 }),
      await add({ platformMaterialId: 1 }, 'not-a-real-token'),
    ]) {
      expect(res).toMatchObject({ code: 401, msg: 'Identity expired, please login again!' });
    }
  });

  it('collects and uncollects idempotently, newest first, with the collected flag on the platform list', async () => {
    const [m1, m2, m3] = [lib.materials[2]!, lib.materials[10]!, lib.materials[40]!];
    expect(await add({ platformMaterialId: m1.id }, tokenA)).toMatchObject({
      code: 200,
      msg: 'Collected successfully',
      data: { platformMaterialId: m1.id, collected: true, changed: true },
    });
    expect(await add({ platformMaterialId: m1.id }, tokenA)).toMatchObject({
      code: 200,
      msg: 'Already in your collection',
      data: { collected: true, changed: false },
    });
    // The id may come as a string, or in the query string.
    expect(await add({ platformMaterialId: String(m2.id) }, tokenA)).toMatchObject({ code: 200, data: { changed: true } });
    const viaQuery = await s.api<Data<CollectResult>>(
      'POST',
      `/api/shopCollectMaterialImages/addShopCollectMaterialImages?platformMaterialId=${m3.id}`,
      undefined,
      tokenA,
    );
    expect(viaQuery).toMatchObject({ code: 200, data: { platformMaterialId: m3.id, changed: true } });

    const list = await collected('', tokenA);
    expect(list).toMatchObject({ code: 200, total: 3 });
    expect(list.rows.map((r) => r.platformMaterialId)).toEqual([m3.id, m2.id, m1.id]);
    expect(list.rows[2]).toMatchObject({ id: m1.id, name: m1.name, url: m1.url, thumbnailUrl: m1.thumbnailUrl, collected: true });
    expect(Date.parse(list.rows[0]!.collectTime)).not.toBeNaN();
    expect(ids((await collected('pageSize=2&pageNum=2', tokenA)).rows)).toEqual([m1.id]);

    const page = await materials('pageSize=100', tokenA);
    expect(
      page.rows
        .filter((r) => r.collected)
        .map((r) => r.id)
        .sort((a, b) => a - b),
    ).toEqual([m1.id, m2.id, m3.id].sort((a, b) => a - b));

    expect(await remove({ platformMaterialId: m2.id }, tokenA)).toMatchObject({
      code: 200,
      msg: 'Removed from your collection',
      data: { collected: false, changed: true },
    });
    expect(await remove({ platformMaterialId: m2.id }, tokenA)).toMatchObject({
      code: 200,
      msg: 'Not in your collection',
      data: { collected: false, changed: false },
    });
    expect((await collected('', tokenA)).rows.map((r) => r.id)).toEqual([m3.id, m1.id]);
  });

  it('keeps each merchant to their own collection', async () => {
    const mine = lib.materials[7]!;
    await add({ platformMaterialId: mine.id }, tokenB);
    const b = await collected('', tokenB);
    expect(b.rows.map((r) => r.id)).toEqual([mine.id]);
    expect((await collected('', tokenA)).rows.map((r) => r.id)).not.toContain(mine.id);
    // B's flags show B's collection only, and a visitor sees nothing collected.
    const flagsB = (await materials('pageSize=100', tokenB)).rows.filter((r) => r.collected).map((r) => r.id);
    expect(flagsB).toEqual([mine.id]);
    expect((await materials('pageSize=100')).rows.some((r) => r.collected)).toBe(false);
    // B removing A's material changes nothing for A.
    const aFirst = (await collected('', tokenA)).rows[0]!.id;
    expect(await remove({ platformMaterialId: aFirst }, tokenB)).toMatchObject({ code: 200, data: { changed: false } });
    expect((await collected('', tokenA)).rows.map((r) => r.id)).toContain(aFirst);
  });

  it('filters the collection by tag and keyword like the platform list', async () => {
    const rows = (await collected('', tokenA)).rows;
    const tag = rows[0]!.tagIds[0]!;
    const byTag = await collected(`tagId=${tag}`, tokenA);
    expect(byTag.rows.length).toBeGreaterThan(0);
    expect(byTag.rows.every((r) => r.tagIds.includes(tag))).toBe(true);
    expect(byTag.total).toBe(rows.filter((r) => r.tagIds.includes(tag)).length);
  });

  it('refuses unknown and malformed ids with code 10000 and a clear message', async () => {
    expect(await add({ platformMaterialId: 99999 }, tokenA)).toMatchObject({ code: 10000, msg: 'Material not found: 99999' });
    expect(await remove({ platformMaterialId: 99999 }, tokenA)).toMatchObject({ code: 10000, msg: 'Material not found: 99999' });
    expect(await add({}, tokenA)).toMatchObject({ code: 10000, msg: 'platformMaterialId is required' });
    for (const bad of ['abc', -1, 0, 1.5, '1; drop table users']) {
      expect(await add({ platformMaterialId: bad }, tokenA)).toMatchObject({
        code: 10000,
        msg: 'platformMaterialId must be a positive whole number',
      });
    }
  });
});

describe('material pictures', () => {
  async function get(url: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${s.url}${url}`, { headers });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('serves every clip-art PNG transparent outside its drawing, with immutable caching', async () => {
    const { rows } = await materials('pageSize=100');
    expect(rows).toHaveLength(72);
    for (const row of rows) {
      const res = await get(row.url);
      expect(res.status, row.name).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const { data, info } = await sharp(res.body).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels], row.name).toEqual([row.width, row.height, 4]);
      expect(Math.max(info.width, info.height)).toBe(240);
      const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3] ?? 255;
      let border = 0;
      for (let x = 0; x < info.width; x += 1) border = Math.max(border, alpha(x, 0), alpha(x, info.height - 1));
      for (let y = 0; y < info.height; y += 1) border = Math.max(border, alpha(0, y), alpha(info.width - 1, y));
      expect(border, `${row.name}: the border is transparent`).toBe(0);
      let opaque = 0;
      let clear = 0;
      for (let i = 3; i < data.length; i += 4) {
        if (data[i] === 255) opaque += 1;
        if (data[i] === 0) clear += 1;
      }
      const n = info.width * info.height;
      expect(opaque / n, `${row.name}: has a drawing`).toBeGreaterThan(0.04);
      expect(clear / n, `${row.name}: transparent around it`).toBeGreaterThan(0.04);
    }
  });

  it('serves 200 x 200 thumbnails, the size presets, ETags and 304s', async () => {
    const row = (await materials('pageSize=1')).rows[0]!;
    const thumb = await get(row.thumbnailUrl);
    expect(thumb.status).toBe(200);
    const meta = await sharp(thumb.body).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([200, 200, true]);
    const preset = await get(`${row.url}?size=4`);
    expect(preset.status).toBe(200);
    expect((await sharp(preset.body).metadata()).width).toBe(60);
    const first = await get(row.url);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get(row.url, { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves backgrounds as JPEGs with thumbnails, and refuses paths outside the library', async () => {
    const bg = (await s.api<Page<BackgroundImage>>('GET', '/api/platformBackgroundImages/getPlatformBackgroundImagesList')).rows[0]!;
    const res = await get(bg.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(res.body).metadata()).width).toBe(160);
    // Thumbnails are 240 px, or the picture's own size when smaller.
    expect((await sharp((await get(bg.thumbnailUrl)).body).metadata()).width).toBe(160);
    const dir = bg.url.slice(0, bg.url.lastIndexOf('/'));
    expect((await get(`${dir}/bg_999.jpg`)).status).toBe(404);
    // A name shaped like a colour version is never derived for a background.
    expect((await get(bg.url.replace('.jpg', '-FF0000.jpg'))).status).toBe(404);
    expect((await get(`${dir}/..%2F..%2F..%2Fpglite`)).status).toBe(400);
  });
});
