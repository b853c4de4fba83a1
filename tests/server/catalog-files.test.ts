/**
 * Catalogue pictures: the white base photo is white, a red colour version is red, the engine's
 * cut-out holds only the product, presets and widths come back at the right size with
 * year-long cache headers and ETags, and no path can leave the catalogue folder.
 */
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './harness';
import { ensureCatalog } from '../../demo/catalog/ensure';
import { ARCHETYPES } from '../../demo/catalog/archetypes';
import { buildDir, catalogRoot } from '../../server/catalog/paths';
import { buildCatalog } from '../../demo/catalog/build';
import { viewFileNames } from '../../demo/catalog/art/photo';
import { firstStartViews } from '../../demo/catalog/images';
import { modelArchetype } from '../../demo/catalog/archetypes/models';
import { loadBundles } from '../../server/catalog/queries';
import { readdir, stat } from 'node:fs/promises';
import type { CustomTemplate } from '@pod-studio/engine/model';

const SIZE = 320;
let s: TestServer;
let build: string;
beforeAll(async () => {
  s = await startServer();
  build = (
    await ensureCatalog({ db: s.database.db, dataDir: s.config.dataDir }, { seed: 'catalog-files-test', productCount: 40, imageSize: SIZE })
  ).build;
}, 180_000);
// Generating and then removing every archetype's pictures takes a while on a loaded 2-core machine.
afterAll(async () => {
  await s?.close();
}, 120_000);

const fileUrl = (rel: string) => `${s.url}/prod-api/files/catalog/${build}/${rel}`;

async function raw(input: Buffer | string): Promise<{ data: Buffer; channels: number; width: number; height: number }> {
  const { data, info } = await sharp(input).raw().toBuffer({ resolveWithObject: true });
  return { data, channels: info.channels, width: info.width, height: info.height };
}

/**
 * Mean Rec. 709 luma (0-1, on the sRGB values) and mean RGB of the body: pixels fully inside the
 * mask and not under an untinted part (a zip, a camera bump, a sole).
 */
async function bodyStats(
  image: Buffer | string,
  maskFile: string,
  partsFile?: string,
): Promise<{ luma: number; r: number; g: number; b: number; n: number }> {
  const img = await raw(image);
  const mask = await raw(maskFile);
  const parts = partsFile ? await sharp(partsFile).ensureAlpha().extractChannel(3).raw().toBuffer() : null;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < img.width * img.height; i += 1) {
    if ((mask.data[i * mask.channels] ?? 0) < 255 || (parts && (parts[i] ?? 0) > 0)) continue;
    r += img.data[i * img.channels] ?? 0;
    g += img.data[i * img.channels + 1] ?? 0;
    b += img.data[i * img.channels + 2] ?? 0;
    n += 1;
  }
  const [mr, mg, mb] = [r / n / 255, g / n / 255, b / n / 255];
  return { luma: 0.2126 * mr + 0.7152 * mg + 0.0722 * mb, r: mr, g: mg, b: mb, n };
}

/** GET with the path sent exactly as written (fetch would resolve '..' itself). */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  const url = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: pathname, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += String(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('views left for their first request', () => {
  it("photographs each archetype's first view at first start, and no later view", async () => {
    const dir = buildDir(s.config.dataDir, build);
    let later = 0;
    for (const arch of ARCHETYPES) {
      const [first, ...rest] = arch.views;
      expect(firstStartViews(arch)).toEqual([first]);
      for (const name of Object.values(viewFileNames(first!)).filter((n): n is string => n !== null)) {
        expect(await exists(path.join(dir, arch.key, name)), `${arch.key}/${name}`).toBe(true);
      }
      for (const view of rest) {
        expect(await exists(path.join(dir, arch.key, viewFileNames(view).photo)), `${arch.key}/${view.id}`).toBe(false);
        later += 1;
      }
    }
    expect(later).toBeGreaterThan(10);
  });

  it("answers a later view's thumbnail at once with the first view's, not to be cached, then with its own from the cache", async () => {
    const mug = ARCHETYPES.find((a) => a.key === 'mug')!;
    const [first, later] = mug.views.map((v) => viewFileNames(v));
    const file = path.join(buildDir(s.config.dataDir, build), 'mug', later!.photo);
    const thumb = await fetch(fileUrl(`mug/${later!.photo}?size=1`));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('cache-control')).toBe('no-store');
    const shown = Buffer.from(await thumb.arrayBuffer());
    const firstThumb = Buffer.from(await (await fetch(fileUrl(`mug/${first!.photo}?size=1`))).arrayBuffer());
    expect(Buffer.compare(shown, firstThumb)).toBe(0);
    // Meanwhile the view itself is photographed; from then on its thumbnail is its own, cached for good.
    await vi.waitFor(() => stat(file), { timeout: 60_000, interval: 250 });
    const own = await fetch(fileUrl(`mug/${later!.photo}?size=1`));
    expect(own.headers.get('cache-control')).toContain('immutable');
    const ownBody = Buffer.from(await own.arrayBuffer());
    expect(Buffer.compare(ownBody, firstThumb)).not.toBe(0);
    const again = await fetch(fileUrl(`mug/${later!.photo}?size=1`), { headers: { 'if-none-match': own.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('photographs a later view once on its first requests, with every map a view has, and serves it from disk after', async () => {
    const hoodie = ARCHETYPES.find((a) => a.key === 'hoodie')!;
    const view = hoodie.views[1]!;
    const names = viewFileNames(view);
    const dir = path.join(buildDir(s.config.dataDir, build), 'hoodie');
    expect(await exists(path.join(dir, names.photo))).toBe(false);
    const wanted = Object.values(names).filter((n): n is string => n !== null);
    // Several files of the view at once, as the designer asks for them: they wait for one run.
    const answers = await Promise.all(wanted.map((n) => fetch(fileUrl(`hoodie/${n}`))));
    expect(answers.map((a) => a.status)).toEqual(wanted.map(() => 200));
    for (const n of wanted) expect(await exists(path.join(dir, n)), n).toBe(true);
    expect((await readdir(catalogRoot(s.config.dataDir))).filter((n) => n.startsWith('.model-'))).toEqual([]);
    const before = (await stat(path.join(dir, names.photo))).mtimeMs;
    const photo = Buffer.from(await answers[wanted.indexOf(names.photo)]!.arrayBuffer());
    const second = await fetch(fileUrl(`hoodie/${names.photo}`));
    expect(Buffer.compare(Buffer.from(await second.arrayBuffer()), photo)).toBe(0);
    // Served from the file made on the first request, not photographed again.
    expect((await stat(path.join(dir, names.photo))).mtimeMs).toBe(before);
    const meta = await sharp(photo).metadata();
    expect([meta.width, meta.height]).toEqual([SIZE, SIZE]);
  });
});

describe('generated photography', () => {
  it('photographs every archetype view white: body luminance at least 0.93', async () => {
    const dir = buildDir(s.config.dataDir, build);
    for (const arch of ARCHETYPES) {
      for (const view of arch.views) {
        // Views after the first are photographed on their first request.
        expect((await fetch(fileUrl(`${arch.key}/${view.id}.jpg`))).status, `${arch.key}/${view.id}`).toBe(200);
        const parts = (view.ornaments ?? []).length > 0 ? path.join(dir, arch.key, `${view.id}-parts.png`) : undefined;
        const stats = await bodyStats(path.join(dir, arch.key, `${view.id}.jpg`), path.join(dir, arch.key, `${view.id}-mask.png`), parts);
        expect(stats.n, `${arch.key}/${view.id} has a body`).toBeGreaterThan(SIZE * SIZE * 0.03);
        expect(stats.luma, `${arch.key}/${view.id} body luminance`).toBeGreaterThanOrEqual(0.93);
        // White, not tinted: the channels agree.
        expect(Math.max(stats.r, stats.g, stats.b) - Math.min(stats.r, stats.g, stats.b)).toBeLessThan(0.02);
      }
    }
  });

  it('serves a red colour version that is red, and white stays white', async () => {
    const dir = buildDir(s.config.dataDir, build);
    const res = await fetch(fileUrl('mens-tee/front-C8102E.jpg'));
    expect(res.status).toBe(200);
    const red = await bodyStats(Buffer.from(await res.arrayBuffer()), path.join(dir, 'mens-tee', 'front-mask.png'));
    expect(red.r).toBeGreaterThan(0.6);
    expect(red.g).toBeLessThan(0.15);
    expect(red.b).toBeLessThan(0.2);
    const white = await fetch(fileUrl('mens-tee/front-FFFFFF.jpg'));
    const whiteStats = await bodyStats(Buffer.from(await white.arrayBuffer()), path.join(dir, 'mens-tee', 'front-mask.png'));
    expect(whiteStats.luma).toBeGreaterThanOrEqual(0.93);
  });

  it('gives the engine a cut-out with nothing but the product and its shadow', async () => {
    const dir = buildDir(s.config.dataDir, build);
    const cut = await raw(path.join(dir, 'mug', 'left-cutout.png'));
    const mask = await raw(path.join(dir, 'mug', 'left-mask.png'));
    expect(cut.channels).toBe(4);
    expect(cut.data[3]).toBe(0);
    let inside = 0;
    let opaque = 0;
    for (let i = 0; i < cut.width * cut.height; i += 1) {
      if ((mask.data[i * mask.channels] ?? 0) === 255) {
        inside += 1;
        if (cut.data[i * 4 + 3] === 255) opaque += 1;
      }
    }
    expect(opaque).toBe(inside);
  });

  it('serves shading, displacement and surface maps, parts and flat outlines', async () => {
    for (const rel of [
      'hoodie/front-shading.png',
      'hoodie/front-sheen.png',
      'hoodie/front-displace.png',
      'hoodie/front-surface.png',
      'hoodie/front-parts.png',
      'mens-tee/flat-front.png',
      'icons/womens-clothing.png',
    ]) {
      const res = await fetch(fileUrl(rel));
      expect(res.status, rel).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    const outline = await sharp(Buffer.from(await (await fetch(fileUrl('mens-tee/flat-front.png'))).arrayBuffer())).metadata();
    expect([outline.width, outline.height]).toEqual([600, 800]);
  });
});

describe('file serving', () => {
  it('answers the spec presets padded to squares, and widths on a ladder, with long-lived caching', async () => {
    const expected: Record<string, number> = { 1: 200, 2: 150, 3: 100, 4: 60, 5: 250 };
    for (const [size, side] of Object.entries(expected)) {
      const res = await fetch(fileUrl(`poster/front.jpg?size=${size}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([side, side]);
    }
    const wide = await fetch(fileUrl('poster/front.jpg?w=150'));
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(150);
    const snapped = await fetch(fileUrl('poster/front.jpg?w=130'));
    expect((await sharp(Buffer.from(await snapped.arrayBuffer())).metadata()).width).toBe(150);
    const original = await fetch(fileUrl('poster/front.jpg'));
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(SIZE);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await fetch(fileUrl('mug/left.jpg?size=1'));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await fetch(fileUrl('mug/left.jpg?size=1'), { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const other = await fetch(fileUrl('mug/left.jpg?size=2'));
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('refuses bad presets and widths', async () => {
    for (const q of ['size=9', 'size=x', 'w=0', 'w=5000', 'w=abc']) {
      const res = await fetch(fileUrl(`poster/front.jpg?${q}`));
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { code: number }).code).toBe(10000);
    }
  });

  it('never leaves the catalogue folder', async () => {
    for (const p of [
      `/prod-api/files/catalog/${build}/../../../../etc/passwd`,
      '/prod-api/files/catalog/../pglite/PG_VERSION',
      `/prod-api/files/catalog/${build}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      `/prod-api/files/catalog/${build}/..%2f..%2f..%2fetc%2fpasswd`,
      `/prod-api/files/catalog/${build}/mug/..%5c..%5cbuild.json`,
      '/prod-api/files/catalog/.cache/s1/x.jpg',
    ]) {
      const res = await rawGet(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expect(res.body, p).not.toMatch(/root:|PG_VERSION|\d+\.\d+/);
    }
    const encoded = await rawGet(`/prod-api/files/catalog/${build}/..%2f..%2fcatalog/${build}/mug/left.jpg`);
    expect(encoded.status).toBe(400);
    expect(JSON.parse(encoded.body)).toMatchObject({ code: 10000, msg: 'Invalid file path' });
  });

  it('answers 404 for files that do not exist, and makes colour versions only of real views', async () => {
    expect((await fetch(fileUrl('mug/nothing.jpg'))).status).toBe(404);
    expect((await fetch(fileUrl('mug/side-FF0000.jpg'))).status).toBe(404);
    expect((await fetch(fileUrl('mug/left.gif'))).status).toBe(400);
  });
});

describe('product models', () => {
  // The same rows ensureCatalog wrote: a product of a model other than the archetype's drawing.
  const rows = () => buildCatalog({ seed: 'catalog-files-test', productCount: 40, imageSize: SIZE });
  const modelProduct = () => {
    const product =
      rows().products.find((p) => p.archetype === 'mens-tee' && Number(p.customInfo.model) > 0) ??
      rows().products.find((p) => Number(p.customInfo.model) > 0);
    if (!product) throw new Error('no product of a model above 0 among the test catalogue');
    return { product, model: Number(product.customInfo.model) };
  };

  it('photographs a model view on its first request, once, into its own folder, with every map a view has', async () => {
    const { product, model } = modelProduct();
    const arch = ARCHETYPES.find((a) => a.key === product.archetype)!;
    const view = modelArchetype(arch, model).views[0]!;
    const names = viewFileNames(view);
    const dir = path.join(buildDir(s.config.dataDir, build), arch.key, `m${model}`);
    await expect(stat(path.join(dir, names.photo))).rejects.toThrow();
    // The product's list picture is in the model's folder; a colour version needs the white photo first.
    const cover = rows().images.find((im) => im.productId === product.id)!;
    expect(cover.src).toContain(`/${arch.key}/m${model}/`);
    const wanted = [names.photo, names.cutout, names.mask, names.shading, names.sheen, names.displacement, names.surface];
    const answers = await Promise.all([...wanted, `${view.id}-FF0000.jpg`].map((n) => fetch(fileUrl(`${arch.key}/m${model}/${n}`))));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const made = (await readdir(dir)).sort();
    expect(made).toEqual([...wanted, `${view.id}-FF0000.jpg`].sort());
    // Written through a private folder and renamed: nothing of it is left behind.
    expect((await readdir(catalogRoot(s.config.dataDir))).filter((n) => n.startsWith('.model-'))).toEqual([]);
    const photo = await sharp(path.join(dir, names.photo)).metadata();
    expect([photo.width, photo.height]).toEqual([SIZE, SIZE]);
    // The model's drawing differs from the archetype's, so its picture does too.
    const base = await raw(path.join(buildDir(s.config.dataDir, build), arch.key, names.mask));
    const own = await raw(path.join(dir, names.mask));
    expect(Buffer.compare(base.data, own.data)).not.toBe(0);
  });

  it("gives the product's template its model's views and print areas, and no other model's", async () => {
    const { product, model } = modelProduct();
    const [bundle] = await loadBundles(s.database.db, [product.id]);
    const template = bundle!.template.template as CustomTemplate;
    for (const v of template.viewList) expect(v.viewData.imageUrl).toContain(`/${product.archetype}/m${model}/`);
    expect(JSON.stringify(template.templateData)).not.toContain('"models"');
    const arch = ARCHETYPES.find((a) => a.key === product.archetype)!;
    const first = modelArchetype(arch, model).views[0]!.prints[0]!.placement;
    const layer = template.viewList[0]!.viewData.layers[0]!;
    if (first.kind === 'bezier' && layer.T === 'SmartObject' && layer.PS?.kind === 'custom') {
      expect(layer.PS.points[0]!.x).toBeCloseTo((first.points[0]![0] * SIZE) / 1000, 1);
    }
  });

  it("answers a model's thumbnail at once with the first model's while its own is photographed, not to be cached", async () => {
    const { product, model } = modelProduct();
    const arch = ARCHETYPES.find((a) => a.key === product.archetype)!;
    // A view of this model no test asked for yet.
    const view = modelArchetype(arch, model).views.at(-1)!;
    const names = viewFileNames(view);
    const file = path.join(buildDir(s.config.dataDir, build), arch.key, `m${model}`, names.photo);
    await expect(stat(file)).rejects.toThrow();
    const thumb = await fetch(fileUrl(`${arch.key}/m${model}/${names.photo}?size=1`));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('cache-control')).toBe('no-store');
    const first = await fetch(fileUrl(`${arch.key}/${names.photo}?size=1`));
    expect(Buffer.compare(Buffer.from(await thumb.arrayBuffer()), Buffer.from(await first.arrayBuffer()))).toBe(0);
    // Meanwhile the model's own photo is made, and from then on its thumbnail is its own.
    await vi.waitFor(() => stat(file), { timeout: 60_000, interval: 250 });
    const own = await fetch(fileUrl(`${arch.key}/m${model}/${names.photo}?size=1`));
    expect(own.headers.get('cache-control')).toContain('immutable');
  });

  it('answers 404 for models that do not exist', async () => {
    expect((await fetch(fileUrl('mug/m9/left.jpg?size=1'))).status).toBe(404);
    expect((await fetch(fileUrl('mug/m9/left.jpg'))).status).toBe(404);
    expect((await fetch(fileUrl('mug/m0/left.jpg'))).status).toBe(404);
    expect((await fetch(fileUrl('mug/m1/nothing.jpg'))).status).toBe(404);
    expect((await fetch(fileUrl('no-such-thing/m1/left.jpg'))).status).toBe(404);
  });
});
