/**
 * A product made from a mockup PSD, end to end: the operator uploads the PSD, a merchant finds the
 * product, designs on it, and sees the design in the mockup the PSD's template draws (its smart
 * objects warped, the photo around them), then saves it with its mockup.
 */
import { expect, test } from '@playwright/test';
import { logInAsDemo } from './merchants';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { writeFixturePsd } from '../cli/fixtures';
import { E2E_OPS_TOKEN } from './env';

interface Made {
  productId: number;
  handle: string;
  printAreas: { flatId: string }[];
}

async function mockupRgb(png: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(png.split(',')[1]!, 'base64'))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (Math.round(y * info.height) * info.width + Math.round(x * info.width)) * 3;
  return [...data.subarray(i, i + 3)];
}

test('an operator adds a product from a PSD and a merchant designs on it', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'pod-e2e-psd-'));
  await writeFixturePsd(path.join(dir, 'mock.psd'));
  const psd = await readFile(path.join(dir, 'mock.psd'));
  await rm(dir, { recursive: true, force: true });
  // The first subcategory of the first category (taxonomy ids are category x 100 + position).
  const subcategoryId = 101;
  const res = await page.request.post('/prod-api/ops/catalog/psd', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    multipart: {
      title: 'Marble coaster mockup',
      subcategoryId: String(subcategoryId),
      cost: '6.40',
      file: { name: 'mock.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: psd },
    },
  });
  const made = ((await res.json()) as { code: number; data: Made }).data;
  expect(made.productId).toBeGreaterThan(0);

  await logInAsDemo(page);

  const info = (await (await page.request.get(`/prod-api/api/product/getInfo/${made.productId}`)).json()) as {
    data: { url: string; title: string };
  };
  await page.goto(info.data.url);
  await expect(page.getByRole('heading', { name: 'Marble coaster mockup' })).toBeVisible();
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  const select = page.getByRole('dialog', { name: 'Select a product' });
  await select.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  const mockup = dialog.getByRole('button', { name: /^Mockup mockup/ });
  await expect.poll(async () => Number(await mockup.getAttribute('data-revision')), { timeout: 60_000 }).toBeGreaterThan(-1);

  // A blue picture on the current print area shows in the PSD's mockup, where its smart object is.
  await dialog.getByRole('tab', { name: 'Images' }).click();
  const blue = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 20, g: 40, b: 230 } } })
    .png()
    .toBuffer();
  const before = Number(await mockup.getAttribute('data-revision'));
  await dialog.locator('input[type=file]').setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: blue });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded successfully' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => Number(await mockup.getAttribute('data-revision')), { timeout: 60_000 }).toBeGreaterThan(before);
  const png = await mockup.locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  // The document is 300x200: the plain smart object covers x 150-250, y 100-150; the warped one
  // sits near 20-120, 20-70. One of them shows the blue design; the photo (200,200,200) elsewhere.
  const inFlat = await mockupRgb(png, 200 / 300, 125 / 200);
  const inWarp = await mockupRgb(png, 70 / 300, 50 / 200);
  const blueSeen = [inFlat, inWarp].some(([r, g, b]) => b! > 150 && r! < 80 && g! < 100);
  expect(blueSeen, `flat ${inFlat} warp ${inWarp}`).toBe(true);
  const outside = await mockupRgb(png, 10 / 300, 190 / 200);
  expect(
    outside.every((v) => Math.abs(v - 200) <= 3),
    `photo ${outside}`,
  ).toBe(true);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'psd-designer.png') });

  // "Open larger" shows the view at the size it is saved at.
  await mockup.click();
  const large = page.getByRole('img', { name: 'Mockup mockup' });
  await expect.poll(async () => large.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBe(1600);
  await page.getByRole('button', { name: 'Close viewer' }).click();

  await dialog.getByRole('button', { name: 'Next' }).click();
  const details = page.getByRole('dialog', { name: 'Price & details' });
  const title = `PSD coaster ${Date.now()}`;
  await details.getByLabel('Title').fill(title);
  const prices = details.getByRole('textbox', { name: /^Price of / });
  for (let i = 0; i < (await prices.count()); i++) await prices.nth(i).fill('14.9');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByRole('heading', { name: 'Saved to My Products' })).toBeVisible({ timeout: 120_000 });
  const saved = await page.request.get('/prod-api/api/Myexclusive/list', { params: { keyword: title } });
  const id = ((await saved.json()) as { rows: { id: number }[] }).rows[0]!.id;
  const mine = (await (await page.request.get(`/prod-api/api/Myexclusive/getInfo/${id}`)).json()) as {
    data: { images: { url: string }[] };
  };
  expect(mine.data.images.length).toBeGreaterThanOrEqual(1);
  // Saved view images are 1600 px on the longer side (the PSD is 300 x 200).
  const saved1 = await page.request.get(mine.data.images[0]!.url);
  const meta = await sharp(await saved1.body()).metadata();
  expect([meta.width, meta.height]).toEqual([1600, 1067]);
});
