/**
 * What a merchant with nothing yet sees, and the pictures the site shows: the home page and the
 * dashboard show products in the catalogue's own photographs (served by the app, loaded, not
 * text-only cards), and every empty list (orders in each tab, products, stores, bulk pricing)
 * says it is empty and offers the next step as a link or button that leads there.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, logIn, merchantPool, type Merchant } from './merchants';

const pool = merchantPool();
let fresh: Merchant;
test.beforeAll(async () => {
  fresh = await pool.account('empty');
});
test.afterAll(() => pool.dispose());

/**
 * The photographs in a product list: each scrolled into view, loaded from this app's catalogue
 * files, and drawn at a real size.
 */
async function expectProductPhotos(page: Page, list: Locator, atLeast: number): Promise<void> {
  // The list's own items, the product cards (a card's colour swatches are a list of their own).
  const cards = list.locator(':scope > li');
  await expect(cards.first()).toBeVisible();
  const items = await cards.all();
  expect(items.length).toBeGreaterThanOrEqual(atLeast);
  for (const item of items.slice(0, atLeast)) {
    const img = item.locator('img').first();
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc), { timeout: 15_000 })
      .toMatch(new RegExp(`^${BASE}/prod-api/files/`));
    const box = (await img.boundingBox())!;
    expect(box.width, 'a photo drawn at card size').toBeGreaterThan(80);
  }
  expect(page.url()).toContain(BASE);
}

test('home and dashboard show products in the catalogue’s photographs', async ({ page }) => {
  await page.goto('/');
  await expectProductPhotos(page, page.getByRole('list', { name: 'Hot-selling products' }), 5);

  await logIn(page, fresh);
  await page.goto('/dashboard');
  const strip = page.getByRole('region', { name: 'Popular products to design' });
  await expectProductPhotos(page, strip.getByRole('list', { name: 'Popular products to design' }), 5);
  // A product there opens its page, where designing starts.
  const first = strip.locator('ul.pgrid > li').first().getByRole('link').first();
  const href = await first.getAttribute('href');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});

test('empty lists say so and offer the next step', async ({ page }) => {
  await logIn(page, fresh);

  // Orders: every tab empty, each with the way to the catalogue and to the cart.
  for (const tab of ['ORDER_PENDING', 'ORDER_PROCESSING', 'ORDER_FULFILLED']) {
    await page.goto(`/orders?tabname=${tab}`);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText(/^No orders here yet\./)).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/all-products');
    await expect(panel.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/shopping-cart');
  }
  await page.getByRole('tabpanel').getByRole('link', { name: 'Browse products' }).click();
  await expect(page).toHaveURL(/\/all-products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();

  // Products: the catalogue, to design the first one.
  await page.goto('/my-products');
  await expect(page.getByText('You have not saved any products yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the catalogue to design one' })).toHaveAttribute('href', '/all-products');

  // Stores: connecting one opens the add-store dialog.
  await page.goto('/my-account?tabname=stores');
  await expect(page.getByText('No store connected yet.')).toBeVisible();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Connect your store' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // Bulk pricing without a bulk design: the way to start one.
  await page.goto('/bulk-design/price');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Design Price' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products to price' })).toBeVisible();
  await page.getByRole('link', { name: 'Start a bulk design' }).click();
  await expect(page).toHaveURL(/\/bulk-design$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk design' })).toBeVisible();
});
