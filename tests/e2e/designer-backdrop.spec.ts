/**
 * The designer's stage shows the product around the print area: the front photo in the preview
 * colour, lined up with the print area, and re-rendered when the merchant previews another colour.
 */
import { expect, test, type Page } from '@playwright/test';
import { logInAsDemo } from './merchants';

/** Mean luminance (0-255) of the backdrop photo's centre, read from its own canvas. */
const centreLuminance = (page: Page) =>
  page.getByTestId('product-backdrop').evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d')!;
    const { data } = ctx.getImageData(Math.floor(c.width / 2) - 8, Math.floor(c.height * 0.45) - 8, 16, 16);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
    return sum / (data.length / 4);
  });

test('the stage draws the product photo under the print area, in the previewed colour', async ({ page }) => {
  test.setTimeout(180_000);
  await logInAsDemo(page);
  const list = await page.request.get('/prod-api/api/product/productsCatalogList', {
    params: { category: 'womens-clothing', subcategory: 't-shirt', pageSize: 25 },
  });
  const rows = ((await list.json()) as { rows: { url: string; colors: { name: string }[] }[] }).rows;
  // A tee that comes in white and in a dark colour.
  const tee = rows.find((r) => r.colors.some((c) => c.name === 'White') && r.colors.some((c) => /Black|Charcoal|Navy/.test(c.name)));
  expect(tee, 'a t-shirt in white and a dark colour').toBeTruthy();
  const dark = tee!.colors.find((c) => /Black|Charcoal|Navy/.test(c.name))!.name;

  await page.goto(tee!.url);
  for (const name of ['Size', 'Material']) {
    const group = page.getByRole('group', { name: new RegExp(`^${name}:`) });
    if (await group.count()) await group.getByRole('radio').first().check();
  }
  const white = page.getByRole('group', { name: /^Color:/ }).getByRole('radio', { name: 'White', exact: true });
  if (await white.count()) await white.check();
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  // The first step asks for the options still open (a size); pick the first of each.
  const select = page.getByRole('dialog', { name: 'Select a product' });
  await expect(select.getByRole('group', { name: /^Color/ })).toBeVisible();
  for (const name of ['Size', 'Material']) {
    const first = select
      .getByRole('group', { name: new RegExp(`^${name} \\(`) })
      .getByRole('checkbox')
      .first();
    if (!(await first.count())) continue;
    await expect(async () => {
      await first.check();
      await expect(first).toBeChecked({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
  await select.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  await expect(dialog).toBeVisible();

  const backdrop = page.getByTestId('product-backdrop');
  await expect(backdrop).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  // The product surrounds the print area: the photo's box holds the print area's box.
  const photo = (await backdrop.boundingBox())!;
  const area = (await page.getByTestId('print-area').boundingBox())!;
  expect(photo.x).toBeLessThanOrEqual(area.x);
  expect(photo.y).toBeLessThanOrEqual(area.y);
  expect(photo.x + photo.width).toBeGreaterThanOrEqual(area.x + area.width);
  expect(photo.y + photo.height).toBeGreaterThanOrEqual(area.y + area.height);
  expect(await centreLuminance(page)).toBeGreaterThan(200);

  // Previewing the dark colour re-renders the photo in it.
  await dialog
    .getByRole('group', { name: /^Color/ })
    .getByRole('checkbox', { name: dark, exact: true })
    .check();
  await dialog.getByRole('radio', { name: `Show ${dark}`, exact: true }).check();
  await expect.poll(() => centreLuminance(page), { timeout: 60_000 }).toBeLessThan(120);
  await expect(backdrop).toHaveAttribute('data-ready', 'true');

  // The print areas are tabs the arrow keys move between, one tab stop for the row.
  const areas = dialog.getByRole('tablist', { name: 'Print areas' }).getByRole('tab');
  const count = await areas.count();
  expect(count, 'a tee has a front and a back').toBeGreaterThan(1);
  const first = areas.first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(areas.nth(1)).toHaveAttribute('tabindex', '-1');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(areas.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(areas.nth(1)).toBeFocused();
  await expect(dialog.getByRole('tabpanel', { name: (await areas.nth(1).textContent())! })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first).toBeFocused();
});
