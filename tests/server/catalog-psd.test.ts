/**
 * An operator adds a catalogue product from a mockup PSD over real HTTP on a real database: the
 * OPS_TOKEN guard, the baked template served with the product (its photo without the designs,
 * its print areas), refusals that change nothing, and operator products surviving a rebuild of
 * the generated catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import { seedCatalog } from './fixtures';
import type { CatalogRows } from '../../demo/catalog/build';
import { operatorProductIds } from '../../server/catalog/psd-products';
import { OPERATOR_ID_BASE } from '../../server/catalog/id-ranges';
import { writeFixturePsd } from '../cli/fixtures';
import type { CustomTemplate, SmartObjectLayer } from '../../engine/model/types';

const OPS_TOKEN = 'ops-psd-token-7c1e9a3b5d';
let s: TestServer;
let rows: CatalogRows;
let psdBytes: Buffer;

beforeAll(async () => {
  s = await startServer({ OPS_TOKEN });
  rows = await seedCatalog(s, { seed: 'catalog-psd-test', productCount: 12, imageSize: 256 });
  const dir = await mkdtemp(path.join(tmpdir(), 'pod-psd-'));
  await writeFixturePsd(path.join(dir, 'mock.psd'));
  psdBytes = await readFile(path.join(dir, 'mock.psd'));
  await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };

async function upload(
  fields: Record<string, string>,
  file: Buffer | null,
  token: string | null = OPS_TOKEN,
): Promise<{
  status: number;
  body: Res<{ data?: { productId: number; handle: string; printAreas: { flatId: string }[]; notes: string[] } }>;
}> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file)]), 'mock.psd');
  const res = await fetch(`${s.url}/prod-api/ops/catalog/psd`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as never };
}

const fields = () => ({ title: 'Phone case on marble', subcategoryId: String(rows.subcategories[0]!.id), cost: '9.50' });

describe('POST /ops/catalog/psd', () => {
  it('refuses callers without the operator token and files that are not PSDs, changing nothing', async () => {
    expect((await upload(fields(), psdBytes, null)).status).toBe(403);
    expect((await upload(fields(), psdBytes, 'wrong')).status).toBe(403);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const notPsd = await upload(fields(), png);
    expect(notPsd.body.msg).toBe('This file is not a PSD');
    const noCost = await upload({ ...fields(), cost: 'free' }, psdBytes);
    expect(noCost.body.msg).toMatch(/cost must be a price/);
    // A header saying 30000 x 30000 is refused before any pixel is read.
    const huge = Buffer.from(psdBytes);
    huge.writeUInt32BE(30000, 14);
    huge.writeUInt32BE(30000, 18);
    expect((await upload(fields(), huge)).body.msg).toBe('The PSD is too large (at most 120 megapixels)');
    const badSub = await upload({ ...fields(), subcategoryId: '999999' }, psdBytes);
    expect(badSub.body.msg).toBe('Unknown subcategory');
    expect(await operatorProductIds(s.database.db)).toEqual([]);
  });

  it('adds a product whose template is the baked PSD, served like any catalogue product', async () => {
    const res = await upload(fields(), psdBytes);
    expect(res.body.code).toBe(200);
    const made = res.body.data!;
    expect(made.productId).toBeGreaterThanOrEqual(OPERATOR_ID_BASE);
    expect(made.printAreas.map((a) => a.flatId).sort()).toEqual(['flat', 'simple_warp/bbox_change']);

    const detail = await s.api<{ data: { title: string; minCost: number; pic1: string } }>('GET', `/api/product/getInfo/${made.productId}`);
    expect(detail.data.title).toBe('Phone case on marble');
    const templates = await s.api<{ data: CustomTemplate[] }>(
      'GET',
      `/api/customizedTemplate/getDisplayCustomizedTemplateList?productId=${made.productId}`,
    );
    const template = templates.data[0]!;
    const layers = template.viewList[0]!.viewData.layers;
    expect(layers.filter((l) => l.T === 'SmartObject' && (l as SmartObjectLayer).F.kind === 'flat')).toHaveLength(2);
    // The photo is served, and is the document without its designs.
    const photo = await fetch(`${s.url}${template.viewList[0]!.viewData.imageUrl}`);
    expect(photo.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await photo.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 200]);
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    expect(at(200, 125)).toEqual([200, 200, 200, 255]);
    // Flats are edited at the catalogue's 800 px and printed at the smart object's own pixels.
    const flat = template.flatList.find((f) => f.flatId === 'flat')!;
    expect([flat.flatData.width, flat.flatData.height, flat.flatData.flatWidth, flat.flatData.flatHeight]).toEqual([800, 400, 100, 50]);
    // It is in its subcategory's listing.
    const sub = rows.subcategories[0]!;
    const cat = rows.categories.find((c) => c.id === sub.categoryId)!;
    const list = await s.api<{ rows: { id: number }[] }>(
      'GET',
      `/api/product/productsCatalogList?category=${cat.slug}&subcategory=${sub.slug}&pageSize=25&sort=newest`,
    );
    expect(
      list.rows?.map((r) => r.id),
      JSON.stringify(list).slice(0, 300),
    ).toContain(made.productId);
  });

  it('gives two products added at once their own ids', async () => {
    const [a, b] = await Promise.all([
      upload({ ...fields(), title: 'Twin A' }, psdBytes),
      upload({ ...fields(), title: 'Twin B' }, psdBytes),
    ]);
    expect([a.body.code, b.body.code]).toEqual([200, 200]);
    expect(a.body.data!.productId).not.toBe(b.body.data!.productId);
    expect(await operatorProductIds(s.database.db)).toHaveLength(3);
  });

  it('keeps operator products when the generated catalogue is rebuilt', async () => {
    const before = await operatorProductIds(s.database.db);
    expect(before).toHaveLength(3);
    await seedCatalog(s, { seed: 'catalog-psd-test-2', productCount: 8, imageSize: 256 });
    expect(await operatorProductIds(s.database.db)).toEqual(before);
    const detail = await s.api('GET', `/api/product/getInfo/${before[0]}`);
    expect(detail.code).toBe(200);
  });
});
