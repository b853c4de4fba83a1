/**
 * A photo product as a merchant, against the built app and the real server: open a photo print →
 * upload a photo on the Photo panel → crop it to the print's shape (the DPI band shows) → adjust it
 * (brightness and a greyscale filter, applied by the engine) → see the mockup change → save → the
 * saved design holds the crop and the adjustment, the product is marked a photo product, the photo
 * library kept the edit, and the saved mockup shows the photo adjusted (grey where it was colour).
 */
import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { logInAsDemo } from './merchants';

interface Card {
  id: number;
  url: string;
  title: string;
  customType: number;
}

async function mockupPixels(mockup: Locator, after: number): Promise<{ revision: number; png: string }> {
  await expect.poll(async () => Number(await mockup.getAttribute('data-revision')), { timeout: 30_000 }).toBeGreaterThan(after);
  const revision = Number(await mockup.getAttribute('data-revision'));
  const png = await mockup.locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  return { revision, png };
}

/** Mean RGB of a box of an encoded picture, the box in fractions of its size. */
async function meanRgb(image: Buffer, box: { x: number; y: number; w: number; h: number }): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x0 = Math.round(box.x * info.width);
  const y0 = Math.round(box.y * info.height);
  const x1 = Math.round((box.x + box.w) * info.width);
  const y1 = Math.round((box.y + box.h) * info.height);
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * info.width + x) * info.channels;
      for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      n++;
    }
  }
  return sum.map((v) => v / n) as [number, number, number];
}

const spread = ([r, g, b]: [number, number, number]) => Math.max(r, g, b) - Math.min(r, g, b);

test('crop and adjust a photo on a photo print, save it, and find the adjusted photo in its mockup', async ({ page }) => {
  test.setTimeout(240_000);
  await logInAsDemo(page);
  const list = await page.request.get('/prod-api/api/product/productsCatalogList', { params: { customType: 8, pageSize: 25 } });
  const rows = ((await list.json()) as { rows: Card[] }).rows;
  const product = rows.find((r) => r.customType === 8 && /Photo Print/.test(r.title)) ?? rows.find((r) => r.customType === 8);
  expect(product, 'a photo print in the catalogue').toBeTruthy();
  const photoPrint = product as Card;

  await page.goto(photoPrint.url);
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  const select = page.getByRole('dialog', { name: 'Select a product' });
  // One value of every option (size, paper) to sell.
  const groups = select.getByRole('region', { name: 'Options' }).getByRole('group');
  await expect(groups.first()).toBeVisible();
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).getByRole('checkbox').first().check();
  await select.getByRole('button', { name: 'Next' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  await expect(dialog).toBeVisible();
  // Photo products open on the Photo panel.
  await expect(dialog.getByRole('tablist', { name: 'Design tools' }).getByRole('tab', { name: 'Photo' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const front = dialog.getByRole('button', { name: /^Front mockup/ });
  const blank = await mockupPixels(front, -1);

  // A landscape photo, strongly coloured: red on the left, blue on the right.
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .composite([
      { input: { create: { width: 1200, height: 1600, channels: 3, background: { r: 40, g: 90, b: 200 } } }, left: 1200, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });

  // Crop: the frame has the print's shape (8 x 10: 0.8 wide per 1 tall) and can be zoomed and moved.
  const crop = page.getByRole('dialog', { name: 'Crop photo' });
  await expect(crop).toBeVisible({ timeout: 30_000 });
  const frame = crop.getByRole('group', { name: 'Crop frame' });
  const cropOf = async () => (await frame.getAttribute('data-crop'))!.split(',').map(Number) as [number, number, number, number];
  const [, , w0, h0] = await cropOf();
  expect((w0 * 2400) / (h0 * 1600)).toBeCloseTo(0.8, 2);
  const dpi = crop.getByRole('status').filter({ hasText: 'Print resolution' });
  await expect(dpi).toContainText('Good');
  // Zoomed far in, the framed part no longer has the pixels for the print: the band drops.
  await crop.getByRole('slider', { name: 'Zoom' }).fill('4');
  await expect(dpi).toContainText(/Low resolution/);
  await crop.getByRole('slider', { name: 'Zoom' }).fill('1.2');
  await expect(dpi).not.toContainText(/Low resolution/);
  // Move the frame to the left edge with the keyboard: it shows the red half only.
  await frame.focus();
  for (let i = 0; i < 5; i++) await frame.press('Shift+ArrowLeft');
  const [x, , w, h] = await cropOf();
  expect(x).toBe(0);
  expect(x + w).toBeLessThan(0.5);
  await crop.getByRole('button', { name: 'Apply crop' }).click();
  await expect(crop).toBeHidden();

  const cropped = await mockupPixels(front, blank.revision);
  expect(cropped.png).not.toBe(blank.png);
  const tools = dialog.getByRole('region', { name: 'Selected photo' });
  await expect(tools.getByRole('status').filter({ hasText: 'Print resolution' })).toContainText(/Medium|Good/);

  // Adjust: brighter, then greyscale. The engine applies both to the stage and the mockups.
  await tools.getByRole('slider', { name: /^Brightness/ }).fill('30');
  await tools.getByRole('combobox', { name: 'Filter' }).selectOption('greyscale');
  const adjusted = await mockupPixels(front, cropped.revision);
  expect(adjusted.png).not.toBe(cropped.png);
  const live = Buffer.from(adjusted.png.split(',')[1]!, 'base64');
  // The print's middle on the live mockup: the red photo turned grey.
  expect(spread(await meanRgb(live, { x: 0.4, y: 0.4, w: 0.2, h: 0.2 }))).toBeLessThan(12);

  await dialog.getByRole('button', { name: 'Next' }).click();
  const details = page.getByRole('dialog', { name: 'Price & details' });
  const title = `E2E photo print ${Date.now()}`;
  await details.getByLabel('Title').fill(title);
  const prices = details.getByRole('textbox', { name: /^Price of / });
  for (let i = 0; i < (await prices.count()); i++) await prices.nth(i).fill('19.9');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByRole('heading', { name: 'Saved to My Products' })).toBeVisible({ timeout: 120_000 });
  await details.getByRole('button', { name: 'Done' }).click();

  // The saved product: a photo product whose design holds the crop and the adjustment.
  const saved = await page.request.get('/prod-api/api/Myexclusive/list', { params: { keyword: title } });
  const id = ((await saved.json()) as { rows: { id: number }[] }).rows[0]!.id;
  const info = (await (await page.request.get(`/prod-api/api/Myexclusive/getInfo/${id}`)).json()) as {
    data: { editObj: string; isPhoto: number; images: { url: string; viewId: string }[] };
  };
  expect(info.data.isPhoto).toBe(1);
  const doc = JSON.parse(info.data.editObj) as { design: { flatDesignList: { designList: Record<string, unknown>[] }[] } };
  const flats = doc.design.flatDesignList;
  const element = flats.flatMap((f) => f.designList).find((e) => e.type === 'image');
  expect(element).toMatchObject({
    originalWidth: 2400,
    originalHeight: 1600,
    adjust: { brightness: 30, contrast: 0, saturation: 0, filter: 'greyscale' },
  });
  // The crop: the photo spans the print from its left edge, scaled so the frame's width fills it.
  expect(element!.left).toBeCloseTo(0, 3);
  expect(((element!.scaleX as number) * 2400 * w) / ((element!.scaleY as number) * 1600 * h)).toBeCloseTo(0.8, 2);

  // The library kept the photo's edit.
  const photos = (await (await page.request.get('/prod-api/api/editImages/getImagesPhotoList')).json()) as {
    rows: { fileName: string; editObj: { adjust: { brightness: number; filter: string } | null } | null }[];
  };
  const mine = photos.rows.find((p) => p.fileName === 'holiday.jpg');
  expect(mine?.editObj?.adjust).toMatchObject({ brightness: 30, filter: 'greyscale' });

  // The saved mockup (the JPEG the save rendered and uploaded) shows the photo grey, not red.
  expect(info.data.images.length).toBeGreaterThan(0);
  const mockup = Buffer.from(await (await page.request.get(info.data.images[0]!.url)).body());
  const centre = await meanRgb(mockup, { x: 0.4, y: 0.4, w: 0.2, h: 0.2 });
  expect(spread(centre), `mockup centre ${centre.map(Math.round).join(',')}`).toBeLessThan(14);
  // Brightness +30 then greyscale: the red (200, 60, 40) becomes a grey of about 114 before the paper's light.
  expect(centre[0]).toBeGreaterThan(70);
  expect(centre[0]).toBeLessThan(170);
});
