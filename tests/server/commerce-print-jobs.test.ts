/**
 * An order's print files over real HTTP on a real database: a merchant saves a design on a
 * temporary-tattoo product and on a plain one, orders and pays; the operator's print jobs say the
 * tattoo is printed at the ordered size, mirrored, without white, with a cut line at the ordered
 * offset, and the plain product as designed; samples print nothing. Then `npm run order:print`
 * draws them with the real engine in headless Chromium: the tattoo's PNG is the design mirrored
 * (at its DPI, white gone) and its SVG cut line lies the offset outside the artwork.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import type { ProductRow, VariantRow } from '../../demo/catalog/products';
import { seedCatalog, variantsOfIn } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { creditOnce } from '../../server/commerce/ledger';
import { RecordType } from '../../contract/commerce';
import { TATTOO_CUT_OPTION, TATTOO_SIZE_OPTION } from '../../contract/tattoo';

// Enough products that every archetype, the tattoos included, has some.
const OPTIONS: CatalogOptions = { seed: 'commerce-print-jobs-test', productCount: 80, imageSize: 256 };
const OPS_TOKEN = 'ops-print-token-8d2e4a61c9';
const ROOT = path.resolve(__dirname, '../..');

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer({ OPS_TOKEN });
  rows = await seedCatalog(s, OPTIONS);
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  token: string;
  call<T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<Res<T>>;
}

async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `print-${Date.now()}-${Math.random()}@commerce.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  await s.database.db.transaction((tx) =>
    creditOnce(tx, { userId: user.id, type: RecordType.PREPAYMENT, amount: 500_000, balanceChange: 500_000, grantKey: 'test-topup' }),
  );
  return { id: user.id, token, call: (method, p, body) => s.api(method, p, body, token) as never };
}

/** A 200 x 100 PNG: red on the left half, white on the right (mirroring and white removal both show). */
const halfRed = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();

async function upload(m: Merchant, file: Buffer): Promise<string> {
  const form = new FormData();
  form.append('avatarfile', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'art.png');
  const res = await fetch(`${s.url}/prod-api/api/uploadsImg/uploadCustomizedNoPrefix`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${m.token}` },
  });
  const env = (await res.json()) as { code: number; msg: string; data: { url: string } };
  expect(env.code, env.msg).toBe(200);
  return env.data.url;
}

/** A design with one picture covering the flat's left half (flat in design px). */
function designWith(url: string, flat: { width: number; height: number }) {
  return {
    id: 'sku-print',
    color: '#FFFFFF',
    styleId: null,
    BGDesignList: [],
    flatDesignList: [
      {
        flatId: 'front',
        color: '#FFFFFF',
        flatImage: null,
        previewFlatImage: null,
        designList: [
          {
            type: 'image',
            flatId: 'front',
            localId: 'art',
            designId: null,
            left: 0,
            top: 0,
            width: 200,
            height: 100,
            scaleX: flat.width / 200,
            scaleY: flat.height / 100,
            angle: 0,
            flipX: false,
            flipY: false,
            originX: 'left',
            originY: 'top',
            url,
            fileName: 'art.png',
            originalWidth: 200,
            originalHeight: 100,
            tiling: null,
            tilingLayer: null,
          },
        ],
      },
    ],
  };
}

const variantsOf = (p: ProductRow): VariantRow[] => variantsOfIn(rows, p);
const optionValue = (p: ProductRow, v: VariantRow, name: string): string | null => {
  const o = p.options.find((x) => x.name === name);
  if (!o) return null;
  return o.position === 1 ? v.option1 : o.position === 2 ? v.option2 : v.option3;
};
const templateOf = (p: ProductRow) => rows.templates.find((t) => t.id === p.templateId)!.template;

async function saveDesign(m: Merchant, p: ProductRow, v: VariantRow, url: string): Promise<number> {
  const flat = templateOf(p).flatList.find((f) => f.flatId === 'front')!.flatData;
  const doc = { version: 1, customTemplateId: templateOf(p).customTemplateId, design: designWith(url, flat) };
  const res = await m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/add', {
    productfid: p.id,
    title: `My ${p.title}`,
    editObj: JSON.stringify(doc),
    variants: [{ variantId: v.id, price: v.cost * 2 }],
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
}

interface Jobs {
  orderNo: string;
  lines: {
    orderItemId: number;
    title: string;
    files: { flatId: string; dpi: number; fileBase: string; tattoo: Record<string, unknown> | null }[];
  }[];
  skipped: { title: string; reason: string }[];
}

/** A tattoo product whose variant names a size and a cut line. */
function tattooWithCut(): { p: ProductRow; v: VariantRow } {
  for (const p of rows.products.filter(
    (x) => (x.archetype === 'temporary-tattoo' || x.archetype === 'tall-temporary-tattoo') && x.shipFrom !== 'AU',
  )) {
    const v = variantsOf(p).find((x) => optionValue(p, x, TATTOO_CUT_OPTION) === '3 mm' && optionValue(p, x, TATTOO_SIZE_OPTION) !== null);
    if (v) return { p, v };
  }
  throw new Error('no tattoo product with a 3 mm cut line in the test catalogue');
}

async function paidOrder(m: Merchant, lines: { productid: number; myProductId?: number; variantsid: number }[]): Promise<number> {
  await m.call('POST', '/api/shipAddress/addShipAddress', { first_name: 'Ada', address1: '1 Main St', country_code: 'US' });
  const ids: number[] = [];
  for (const l of lines) {
    const added = await m.call<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', { ...l, quantity: 1 });
    expect(added.code, added.msg).toBe(200);
    ids.push(added.data.id);
  }
  const made = await m.call<{ data: { id: number } }>('POST', '/api/order/shoppingCartOrder', { ids });
  expect(made.code, made.msg).toBe(200);
  const paid = await m.call('POST', '/api/order/payOrder', { orderId: made.data.id });
  expect(paid.code, paid.msg).toBe(200);
  return made.data.id;
}

const ops = <T>(p: string, token: string | undefined = OPS_TOKEN) => s.api<Res<T>>('GET', `/ops${p}`, undefined, token);

function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/order-print.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, OPS_TOKEN },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (err += String(d)));
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

describe("an order's print jobs", () => {
  let orderId = 0;
  let tattoo: { p: ProductRow; v: VariantRow };

  beforeAll(async () => {
    const m = await merchant();
    const url = await upload(m, await halfRed());
    tattoo = tattooWithCut();
    // Shipped to the US: products from Australia ship only to Australia and New Zealand.
    const poster = rows.products.find((p) => p.archetype === 'poster' && p.shipFrom !== 'AU')!;
    const posterVariant = variantsOf(poster)[0]!;
    const sample = rows.products.find((p) => p.archetype === 'mug' && p.shipFrom !== 'AU')!;
    const mineTattoo = await saveDesign(m, tattoo.p, tattoo.v, url);
    const minePoster = await saveDesign(m, poster, posterVariant, url);
    orderId = await paidOrder(m, [
      { productid: tattoo.p.id, myProductId: mineTattoo, variantsid: tattoo.v.id },
      { productid: poster.id, myProductId: minePoster, variantsid: posterVariant.id },
      { productid: sample.id, variantsid: variantsOf(sample)[0]!.id },
    ]);
  });

  it('prints a tattoo at the ordered size, mirrored, without white, with the ordered cut line; a poster as designed; a sample not at all', async () => {
    const res = await ops<{ data: Jobs }>(`/orders/${orderId}/printJobs`);
    expect(res.code, res.msg).toBe(200);
    const size = optionValue(tattoo.p, tattoo.v, TATTOO_SIZE_OPTION)!;
    const [w, h] = size.replace(' in', '').split(' x ').map(Number);
    const [tattooLine, posterLine] = res.data.lines;
    expect(tattooLine!.files).toEqual([
      expect.objectContaining({
        flatId: 'front',
        dpi: 300,
        tattoo: { widthIn: w, heightIn: h, dpi: 300, cutOffsetMm: 3, mirror: true, whiteToAlpha: true },
      }),
    ]);
    expect(posterLine!.files).toEqual([expect.objectContaining({ flatId: 'front', dpi: 150, tattoo: null })]);
    expect(res.data.skipped).toEqual([expect.objectContaining({ reason: expect.stringContaining('catalogue sample') })]);
  });

  it('is for the operator only', async () => {
    const m = await merchant();
    for (const token of [undefined, 'wrong-token', m.token])
      expect((await s.api('GET', `/ops/orders/${orderId}/printJobs`, undefined, token)).code).toBe(403);
    expect((await ops('/orders/999999/printJobs')).code).not.toBe(200);
  });

  it('order:print draws the tattoo mirrored without its white, with an SVG cut line the offset outside the artwork', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'order-print-'));
    try {
      const r = await run([String(orderId), '--out', out, '--url', s.url]);
      expect(r.code, r.err + r.out).toBe(0);
      const jobs = (await ops<{ data: Jobs }>(`/orders/${orderId}/printJobs`)).data;
      const file = jobs.lines[0]!.files[0]!;
      const pngFile = path.join(out, `${file.fileBase}.png`);
      const { data, info } = await sharp(pngFile).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const meta = await sharp(pngFile).metadata();
      expect(meta.density).toBe(300);
      const tattooJob = file.tattoo as { widthIn: number; cutOffsetMm: number };
      const designPx = Math.round(tattooJob.widthIn * 300);
      const pad = (info.width - designPx) / 2;
      // 3 mm offset + 1 mm margin at 300 dpi.
      expect(pad).toBe(Math.ceil((4 * 300) / 25.4));
      const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
      const midY = Math.round(info.height / 2);
      // Red was on the left of the design: the print has it on the right; the white half is transparent.
      expect(px(Math.round(pad + designPx * 0.75), midY)).toEqual([255, 0, 0, 255]);
      expect(px(Math.round(pad + designPx * 0.25), midY)[3]).toBe(0);

      const svg = await readFile(path.join(out, `${file.fileBase}.cut.svg`), 'utf8');
      const mm = (v: number) => (v * 25.4) / 300;
      expect(svg).toContain(`width="${Math.round(mm(info.width) * 1000) / 1000}mm"`);
      const d = /<path id="CutContour" d="([^"]+)"/.exec(svg)?.[1] ?? '';
      const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
      expect(points.length).toBeGreaterThan(4);
      const xs = points.map((p) => p[0]);
      // The red half spans the right half of the design area: the cut 3 mm outside it.
      expect(Math.min(...xs)).toBeCloseTo(mm(pad + designPx / 2) - 3, 0);
      expect(Math.max(...xs)).toBeCloseTo(mm(pad + designPx) + 3, 0);

      const posterFile = jobs.lines[1]!.files[0]!;
      const poster = await sharp(path.join(out, `${posterFile.fileBase}.png`)).metadata();
      expect(poster.density).toBe(150);
      const manifest = JSON.parse(await readFile(path.join(out, `${jobs.orderNo}-print.json`), 'utf8')) as { files: unknown[] };
      expect(manifest.files).toHaveLength(2);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 180_000);
});
