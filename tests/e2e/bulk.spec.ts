/**
 * Bulk design as a merchant, against the built app and the real server: pick 12 products, put one
 * design on them, watch the mockups render, reload mid-way and see the job carry on from where it
 * was, save them all, price them by rule and find the 12 products with their mockups in My
 * Products. Then a spreadsheet of 20 rows, 2 of them bad, creates 18 products and names the two
 * rows it could not use.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import * as XLSX from '@e965/xlsx';
import { request as playwrightRequest } from '@playwright/test';
import { BASE, json, logIn, type Merchant } from './merchants';

/**
 * The demo merchant: every spec registers from 127.0.0.1 and the server sends at most 10 e-mail
 * codes an hour to one address, which the other specs use up. Each test tags its products'
 * titles with a word of its own and reads back only those.
 */
async function demoMerchant(): Promise<Merchant> {
  const anon = await playwrightRequest.newContext({ baseURL: BASE });
  const res = await json<{ token: string }>(
    anon.post('/prod-api/api/user/login', { data: { username: 'demo@example.com', password: 'demo1234' } }),
  );
  await anon.dispose();
  return {
    email: 'demo@example.com',
    token: res.token,
    api: await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { authorization: `Bearer ${res.token}` } }),
  };
}

const runTag = () => `zq${Date.now().toString(36)}`;

interface Card {
  id: number;
  handle: string;
  title: string;
  colors: { name: string }[];
}
interface Saved {
  id: number;
  title: string;
  images: { url: string }[];
  variants: { price: number }[];
}

const logo = () =>
  sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="600" height="600"><circle cx="300" cy="300" r="260" fill="#d11f5a"/></svg>') }])
    .png()
    .toBuffer();

/** The merchant's products whose titles hold `tag`. */
async function myProducts(m: Merchant, tag: string): Promise<Saved[]> {
  const list = await json<{ rows: { id: number }[]; total: number }>(
    m.api.get('/prod-api/api/Myexclusive/list', { params: { pageSize: 25, keyword: tag } }),
  );
  const out: Saved[] = [];
  for (const r of list.rows) out.push((await json<{ data: Saved }>(m.api.get(`/prod-api/api/Myexclusive/getInfo/${r.id}`))).data);
  return out;
}

const readyCount = (page: Page) => page.locator('.bulk-item.is-rendered').count();

test('bulk design: 12 products, one design, a reload mid-way, prices by rule, all saved with mockups', async ({ page }) => {
  test.setTimeout(420_000);
  const m = await demoMerchant();
  const tag = runTag();
  await logIn(page, m);
  await page.goto('/bulk-design');
  await expect(page.getByRole('heading', { name: 'Bulk design' })).toBeVisible();

  const boxes = page.getByRole('list', { name: 'Catalogue products' }).getByRole('checkbox');
  await expect(boxes.first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 12; i++) await boxes.nth(i).check();
  await expect(page.getByRole('status').filter({ hasText: 'selected' })).toHaveText('12 selected');

  await page.getByLabel('Upload images').setInputFiles({ name: 'rose-logo.png', mimeType: 'image/png', buffer: await logo() });
  await expect(page.getByRole('list', { name: 'Designs' }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  // The previews draw the design on the products before anything is rendered for real.
  await expect(page.getByRole('img', { name: /^Preview of / })).toHaveCount(6);
  await expect(page.locator('.bulk-preview canvas[data-drawn]')).toHaveCount(6, { timeout: 60_000 });
  await expect(page.locator('.bulk-preview .field-error')).toHaveCount(0);
  // Any picked product can be previewed: the next six, then back.
  const firstSix = await page.getByRole('img', { name: /^Preview of / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const previews = page.getByRole('navigation', { name: 'Previews' });
  await previews.getByRole('button', { name: 'Next products' }).click();
  await expect(previews.getByText('Products 7–12 of 12')).toBeVisible();
  await expect(previews.getByRole('button', { name: 'Next products' })).toBeDisabled();
  await expect(page.locator('.bulk-preview canvas[data-drawn]')).toHaveCount(6, { timeout: 60_000 });
  await expect(page.locator('.bulk-preview .field-error')).toHaveCount(0);
  const nextSix = await page.getByRole('img', { name: /^Preview of / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(nextSix).toHaveLength(6);
  expect(nextSix).not.toEqual(firstSix);
  await previews.getByRole('button', { name: 'Previous products' }).click();
  await expect(previews.getByText('Products 1–6 of 12')).toBeVisible();

  await page.getByRole('textbox', { name: 'Product title' }).fill(`{design} {product} ${tag}`);
  await page.getByRole('button', { name: 'Render 12 products' }).click();
  const bar = page.getByRole('progressbar', { name: 'Mockups rendered' });
  await expect(bar).toBeVisible();
  await expect.poll(() => readyCount(page), { timeout: 180_000 }).toBeGreaterThanOrEqual(2);
  const before = await readyCount(page);
  expect(before, 'reloaded before the job finished').toBeLessThan(12);

  await page.reload();
  await expect(bar).toBeVisible({ timeout: 30_000 });
  // Nothing finished is rendered again: the job picks up with what it had.
  expect(await readyCount(page)).toBeGreaterThanOrEqual(before);
  await expect(page.getByRole('status').filter({ hasText: 'products ·' })).toContainText('12 / 12 products', { timeout: 300_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.locator('.bulk-item.is-rendered img')).toHaveCount(12);

  await page.getByRole('button', { name: 'Save all and set prices' }).click();
  await expect(page).toHaveURL(/\/bulk-design\/price\?custom_type=1&id_list=(\d+,){11}\d+$/, { timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Pricing rule' }).selectOption('fixed');
  await page.getByRole('textbox', { name: 'Price' }).fill('19.00');
  await page.getByRole('checkbox', { name: 'End prices in .99' }).check();
  await page.getByRole('button', { name: 'Apply to all products' }).click();
  await expect(page.getByTestId('bulk-price')).toHaveCount(12);
  for (const cell of await page.getByTestId('bulk-price').all()) await expect(cell).toHaveText('$19.99');
  await page.getByRole('button', { name: 'Save all 12 products' }).click();
  await expect(page).toHaveURL(/\/my-products$/, { timeout: 60_000 });

  const saved = await myProducts(m, tag);
  expect(saved).toHaveLength(12);
  for (const p of saved) {
    expect(p.images.length, `${p.title} has its mockups`).toBeGreaterThanOrEqual(1);
    expect(p.variants.every((v) => v.price === 1999)).toBe(true);
    expect(p.title).toMatch(new RegExp(`^rose-logo .+ ${tag}$`));
  }
  // The mockups are real pictures with the design on them: every product shows the rose (a
  // clearly red-dominant patch) in at least one of its mockups.
  for (const p of saved) {
    let best = 0;
    for (const img of p.images) {
      const res = await page.request.get(img.url);
      const { data, info } = await sharp(await res.body())
        .raw()
        .toBuffer({ resolveWithObject: true });
      let rose = 0;
      for (let i = 0; i < data.length; i += info.channels) if (data[i]! - data[i + 1]! > 60 && data[i]! - data[i + 2]! > 20) rose++;
      best = Math.max(best, rose / (info.width * info.height));
    }
    expect(best, `the design shows on ${p.title}`).toBeGreaterThan(0.003);
  }
});

test("a mockup whose upload fails marks its product failed with the server's message; the others finish, and a retry completes it", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const m = await demoMerchant();
  await logIn(page, m);
  await page.goto('/bulk-design');
  const boxes = page.getByRole('list', { name: 'Catalogue products' }).getByRole('checkbox');
  await expect(boxes.first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await page.getByLabel('Upload images').setInputFiles({ name: 'rose-logo.png', mimeType: 'image/png', buffer: await logo() });
  await expect(page.getByRole('list', { name: 'Designs' }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Product title' }).fill(`{design} {product} ${runTag()}`);

  // The first mockup upload is refused; the worker has gone on rendering meanwhile.
  let refused = 0;
  await page.route('**/uploadsImg/uploadCustomized*', async (route) => {
    if (refused++ === 0) await route.fulfill({ json: { code: 500, msg: 'The file store is unavailable' } });
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Render 3 products' }).click();
  const status = page.getByRole('status').filter({ hasText: 'products ·' });
  await expect(status).toContainText('· 1 failed', { timeout: 240_000 });
  await expect(page.locator('.bulk-item.is-failed')).toHaveCount(1);
  await expect(page.locator('.bulk-item.is-failed .field-error')).toHaveText('The file store is unavailable');
  await expect(page.locator('.bulk-item.is-rendered')).toHaveCount(2, { timeout: 120_000 });
  await expect(page.getByRole('button', { name: 'Retry failed' })).toBeVisible({ timeout: 30_000 });

  await page.unroute('**/uploadsImg/uploadCustomized*');
  await page.getByRole('button', { name: 'Retry failed' }).click();
  await expect(status).toContainText('3 / 3 products', { timeout: 240_000 });
  await expect(page.locator('.bulk-item.is-rendered img')).toHaveCount(3);
  await expect(page.locator('.bulk-item.is-failed')).toHaveCount(0);
});

test('a spreadsheet of 20 rows with 2 bad rows creates 18 products and reports the two by row number', async ({ page }) => {
  test.setTimeout(420_000);
  const m = await demoMerchant();
  const tag = runTag();
  await logIn(page, m);
  const cards = (
    await json<{ rows: Card[] }>(m.api.get('/prod-api/api/product/productsCatalogList', { params: { pageSize: 25 } }))
  ).rows.filter((c) => c.colors.length > 0);
  expect(cards.length).toBeGreaterThanOrEqual(18);
  const rows = Array.from({ length: 20 }, (_, i) => {
    const c = cards[i % cards.length]!;
    return {
      product: i % 2 ? c.handle : String(c.id),
      design_image: 'logo.png',
      design_text: '',
      colours: c.colors[0]!.name,
      sizes: '',
      price: '',
      title: `Sheet ${i + 2} ${tag}`,
    };
  });
  rows[3] = { ...rows[3]!, product: 'no-such-product' }; // sheet row 5
  rows[10] = { ...rows[10]!, colours: 'Plaid' }; // sheet row 12
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), 'Products');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

  await page.goto('/bulk-design');
  // A file that is not a spreadsheet is refused with the product's words, and nothing starts.
  await page
    .getByLabel('Upload spreadsheet')
    .setInputFiles({ name: 'products.xlsx', mimeType: 'application/octet-stream', buffer: await logo() });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a Excel' })).toBeVisible();

  await page
    .getByLabel('Upload design images for the spreadsheet')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logo() });
  await expect(page.getByText('1 images ready')).toBeVisible({ timeout: 30_000 });
  await page
    .getByLabel('Upload spreadsheet')
    .setInputFiles({ name: 'products.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  const rejected = page.getByRole('alert').filter({ hasText: 'Rows not created' });
  await expect(rejected).toBeVisible({ timeout: 60_000 });
  await expect(rejected.getByRole('listitem')).toHaveText([
    /^Row 5: No catalogue product "no-such-product"/,
    /^Row 12: Colour "Plaid" is not offered/,
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'products ·' })).toContainText('18 / 18 products', { timeout: 300_000 });
  await page.getByRole('button', { name: 'Save all and set prices' }).click();
  await expect(page).toHaveURL(/\/bulk-design\/price\?/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Save all 18 products' }).click();
  await expect(page).toHaveURL(/\/my-products$/, { timeout: 60_000 });
  const saved = await myProducts(m, tag);
  expect(saved).toHaveLength(18);
  expect(saved.map((p) => p.title).sort()).toEqual(
    rows
      .filter((_, i) => i !== 3 && i !== 10)
      .map((r) => r.title)
      .sort(),
  );
  expect(saved.every((p) => p.images.length >= 1)).toBe(true);
});
