/**
 * A temporary tattoo from design to print file, as a merchant against the built app and the real
 * server: pick a tattoo's size and cut line → design it with an uploaded picture (the mockup shows
 * it on the skin of a forearm) → save → order the saved product and pay from the balance → the
 * operator's `npm run order:print` makes its print files: the PNG is the design mirrored with its
 * white left out, and the SVG beside it is the cut line, the ordered offset outside the artwork.
 */
import { expect, test, type Locator } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { logInAsDemo } from './merchants';
import { E2E_OPS_TOKEN, E2E_PORT } from './env';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Card {
  id: number;
  url: string;
  title: string;
  shipFromCode: 'CN' | 'US' | 'AU';
}

/** The front mockup's pixels, once it has drawn a revision newer than `after`. */
async function mockupRevision(mockup: Locator, after: number): Promise<number> {
  await expect.poll(async () => Number(await mockup.getAttribute('data-revision')), { timeout: 60_000 }).toBeGreaterThan(after);
  return Number(await mockup.getAttribute('data-revision'));
}

/** The artwork: red on the left half, blue top right, paper white bottom right. */
const artwork = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 300, height: 600, channels: 3, background: '#e01010' } }, left: 0, top: 0 },
      { input: { create: { width: 300, height: 300, channels: 3, background: '#1030e0' } }, left: 300, top: 0 },
    ])
    .png()
    .toBuffer();

function orderPrint(orderId: number, out: string): Promise<{ code: number; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/order-print.ts', String(orderId), '--out', out, '--url', `http://127.0.0.1:${E2E_PORT}`],
      {
        cwd: ROOT,
        env: { ...process.env, OPS_TOKEN: E2E_OPS_TOKEN },
      },
    );
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += String(d)));
    child.stderr.on('data', (d: Buffer) => (text += String(d)));
    child.on('close', (code) => resolve({ code: code ?? -1, text }));
  });
}

/** Centre of the pixels matching `is`, in px. */
function centroid(data: Buffer, width: number, is: (r: number, g: number, b: number, a: number) => boolean) {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let i = 0; i < data.length / 4; i++) {
    if (is(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!, data[i * 4 + 3]!)) {
      sx += i % width;
      sy += Math.floor(i / width);
      n++;
    }
  }
  return { x: sx / n, y: sy / n, n };
}

test('design a temporary tattoo, see it on skin, order it, and get a mirrored print file with a cut line', async ({
  page,
  request,
}, info) => {
  test.setTimeout(300_000);
  await logInAsDemo(page);
  const list = await page.request.get('/prod-api/api/product/productsCatalogList', {
    params: { category: 'stationery', subcategory: 'temporary-tattoo', pageSize: 25 },
  });
  const rows = ((await list.json()) as { rows: Card[] }).rows;
  expect(rows.length, 'tattoo products in the catalogue').toBeGreaterThan(0);
  const product = rows[0]!;

  // The product page: a size and, when offered, the wider cut line.
  await page.goto(product.url);
  await page
    .getByRole('group', { name: /^Size:/ })
    .getByRole('radio')
    .first()
    .check();
  const cut = page.getByRole('group', { name: /^Cut Line:/ });
  if (await cut.count()) await cut.getByRole('radio').last().check();
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  const select = page.getByRole('dialog', { name: 'Select a product' });
  await expect(select.getByRole('heading', { name: product.title })).toBeVisible();
  await select.getByRole('button', { name: 'Next' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  const front = dialog.getByRole('button', { name: /^Forearm mockup/ });
  const first = await mockupRevision(front, -1);
  await dialog.getByRole('tab', { name: 'Images' }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'tattoo.png', mimeType: 'image/png', buffer: await artwork() });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded successfully' })).toBeVisible({ timeout: 30_000 });
  await mockupRevision(front, first);
  // The mockup: the art on the arm's skin. Multiplied in, the paper white shows the skin, not white.
  const shot = await front.locator('canvas').screenshot({ path: info.outputPath('tattoo-mockup.png') });
  const { data: mock, info: mockInfo } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let skin = 0;
  for (let i = 0; i < mockInfo.width * mockInfo.height; i++) {
    const [r, g, b] = [mock[i * 3]!, mock[i * 3 + 1]!, mock[i * 3 + 2]!];
    // Skin at any tone: warm, red over green over blue.
    if (r > 60 && r > g + 8 && g > b + 4) skin++;
  }
  expect(skin, 'skin-toned pixels in the mockup').toBeGreaterThan(mockInfo.width * mockInfo.height * 0.05);

  await dialog.getByRole('button', { name: 'Next' }).click();
  const details = page.getByRole('dialog', { name: 'Price & details' });
  const title = `E2E tattoo ${Date.now()}`;
  await details.getByLabel('Title').fill(title);
  const prices = details.getByRole('textbox', { name: /^Price of / });
  for (let i = 0; i < (await prices.count()); i++) await prices.nth(i).fill('9.5');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByRole('heading', { name: 'Saved to My Products' })).toBeVisible({ timeout: 120_000 });
  await details.getByRole('button', { name: 'Done' }).click();

  // Order the saved tattoo, paid from the demo merchant's balance.
  const call = async <T>(method: 'GET' | 'POST', p: string, data?: unknown): Promise<T> => {
    const res = method === 'GET' ? await page.request.get(`/prod-api${p}`) : await page.request.post(`/prod-api${p}`, { data });
    const body = (await res.json()) as { code: number; msg: string; data: T; rows?: unknown };
    expect(body.code, `${p}: ${body.msg}`).toBe(200);
    return (body.rows ?? body.data) as T;
  };
  const [mine] = await call<{ id: number }[]>('GET', `/api/Myexclusive/list?keyword=${encodeURIComponent(title)}`);
  const detail = await call<{ variants: { variantId: number; option1: string | null; option2: string | null; option3: string | null }[] }>(
    'GET',
    `/api/Myexclusive/getInfo/${mine!.id}`,
  );
  const variant = detail.variants[0]!;
  await call('POST', '/api/shipAddress/addShipAddress', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address1: '1 Main St',
    city: product.shipFromCode === 'AU' ? 'Sydney' : 'Springfield',
    country_code: product.shipFromCode === 'AU' ? 'AU' : 'US',
    isDefault: true,
  });
  const line = await call<{ id: number }>('POST', '/api/shipTrolley/addShipTrolley', {
    productid: product.id,
    myProductId: mine!.id,
    variantsid: variant.variantId,
    quantity: 1,
  });
  const order = await call<{ id: number; orderNo: string }>('POST', '/api/order/shoppingCartOrder', { ids: [line.id] });
  await call('POST', '/api/order/payOrder', { orderId: order.id });

  // The operator makes the print files.
  const jobs = (await (
    await request.get(`/prod-api/ops/orders/${order.id}/printJobs`, { headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` } })
  ).json()) as {
    data: { lines: { files: { fileBase: string; tattoo: { widthIn: number; cutOffsetMm: number; dpi: number } | null }[] }[] };
  };
  const file = jobs.data.lines[0]!.files[0]!;
  const tattoo = file.tattoo!;
  expect(tattoo).toMatchObject({ mirror: true, whiteToAlpha: true, dpi: 300 });
  const ordered = [variant.option1, variant.option2, variant.option3];
  expect(ordered).toContain(`${tattoo.cutOffsetMm} mm`);
  const out = info.outputPath('print');
  const made = await orderPrint(order.id, out);
  expect(made.code, made.text).toBe(0);
  expect(made.text).toContain('mirrored');

  // The print: red (the design's left half) now on the right, blue (top right) now top left,
  // the white quarter not printed.
  const png = path.join(out, `${file.fileBase}.png`);
  expect((await sharp(png).metadata()).density).toBe(300);
  const { data, info: px } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const red = centroid(data, px.width, (r, g, b, a) => a > 200 && r > 180 && g < 80 && b < 80);
  const blue = centroid(data, px.width, (r, g, b, a) => a > 200 && b > 180 && r < 80);
  const white = centroid(data, px.width, (r, g, b, a) => a > 0 && r > 235 && g > 235 && b > 235);
  expect(red.n).toBeGreaterThan(1000);
  expect(blue.n).toBeGreaterThan(1000);
  expect(red.x).toBeGreaterThan(blue.x);
  expect(blue.y).toBeLessThan(red.y);
  expect(white.n).toBe(0);

  // The cut line: a CutContour path in mm on a page the PNG's size, the offset outside the art.
  const svg = await readFile(path.join(out, `${file.fileBase}.cut.svg`), 'utf8');
  const mm = (v: number) => (v * 25.4) / 300;
  expect(svg).toContain(`viewBox="0 0 ${Math.round(mm(px.width) * 1000) / 1000} `);
  const d = /<path id="CutContour" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const points = [...d.matchAll(/([\d.]+),([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(points.length).toBeGreaterThan(4);
  let minX = Infinity;
  let maxX = -Infinity;
  for (let i = 0; i < data.length / 4; i++) {
    if (data[i * 4 + 3]! < 128) continue;
    minX = Math.min(minX, i % px.width);
    maxX = Math.max(maxX, i % px.width);
  }
  const xs = points.map((p) => p[0]!);
  expect(Math.abs(Math.min(...xs) - (mm(minX) - tattoo.cutOffsetMm))).toBeLessThan(0.3);
  expect(Math.abs(Math.max(...xs) - (mm(maxX + 1) + tattoo.cutOffsetMm))).toBeLessThan(0.3);
});
