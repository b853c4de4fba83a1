/**
 * Accessibility and fit as a visitor and a merchant would meet them: axe-core finds no serious or
 * critical violation on any page or in the design dialog; a phone lands on the mobile site without
 * the desktop page painting first; the dashboard pages fit a 390 px phone; the dashboard's menu
 * column stays dark to the bottom of a long page.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { logInAsDemo } from './merchants';
import { chooseFirstSizeAndMaterial } from './designer-steps';

const PUBLIC_PAGES = [
  '/',
  '/all-products',
  '/login',
  '/register',
  '/reset-password/send-code',
  '/contact-us',
  '/policy/privacy',
  '/branding-project',
  '/blog',
  '/activities/get-coupons-and-customize-personalized-products',
  '/404',
];
const MERCHANT_PAGES = [
  '/dashboard',
  '/coupons',
  '/balance',
  '/my-account',
  '/my-products',
  '/my-templates',
  '/notification',
  '/orders',
  '/shopping-cart',
  '/bulk-design',
  '/bulk-design/price',
];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

/** Serious and critical axe violations on the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens a page and waits until its chunk has loaded (not for network idle: live streams stay open). */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await page.waitForTimeout(300);
}

test('no serious accessibility violation on the public pages, desktop and phone', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const options of [{ viewport: { width: 1440, height: 900 } }, PHONE]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    for (const path of PUBLIC_PAGES) {
      await settle(page, path);
      expect(await seriousViolations(page), `${path} at ${options.viewport.width} px`).toEqual([]);
    }
    await context.close();
  }
});

test("no serious accessibility violation on the merchant's pages or in the design dialog", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAsDemo(page);
  for (const path of MERCHANT_PAGES) {
    await settle(page, path);
    expect(await seriousViolations(page), path).toEqual([]);
  }

  const list = await page.request.get('/prod-api/api/product/productsCatalogList', {
    params: { category: 'womens-clothing', subcategory: 't-shirt', pageSize: 5 },
  });
  const [tee] = ((await list.json()) as { rows: { url: string }[] }).rows;
  await page.goto((tee as { url: string }).url);
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  const select = page.getByRole('dialog', { name: 'Select a product' });
  await chooseFirstSizeAndMaterial(select);
  await select.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  await expect(dialog.getByRole('button', { name: /^Front mockup/ })).toBeVisible();
  expect(await seriousViolations(page), 'design dialog').toEqual([]);
});

test('a phone lands on the mobile site without the desktop page painting first', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  // Records whether the desktop header was ever put into the document.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('nav.main-nav')) document.documentElement.dataset.desktopPainted = '1';
    }).observe(document, { childList: true, subtree: true });
  });
  for (const [path, mobile] of [
    ['/', '/mobile'],
    ['/all-products?page=2', '/mobile/all-products?page=2'],
    ['/login', '/mobile/login'],
  ] as const) {
    await settle(page, path);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(mobile);
    expect(await page.evaluate(() => document.documentElement.dataset.desktopPainted ?? null), path).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    // Search engines see one page: the desktop address is canonical, the mobile one its alternate.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${path.split('?')[0]}$`));
  }
  await context.close();
});

test("the phone header's menu, cart and login open as popups, and the mobile host serves the mobile site at the root", async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await settle(page, '/mobile/all-products');
  const notice = page.getByRole('dialog', { name: 'Welcome to POD Studio' });
  if (await notice.isVisible()) await notice.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: /^Cart/ }).click();
  await expect(page.getByRole('region', { name: /^Cart/ }).getByText('Your cart is empty.')).toBeVisible();
  await page.getByRole('button', { name: /^Cart/ }).click();

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to POD Studio' }).getByLabel('Email')).toBeVisible();

  // *.localhost is loopback, so m.localhost stands in for the mobile host: its pages sit at the root.
  const port = new URL(page.url()).port;
  await settle(page, `http://m.localhost:${port}/mobile/contact-us`);
  expect(new URL(page.url()).pathname).toBe('/contact-us');
  // Another host is another origin: its notice shows again, and while it is open the page behind is
  // hidden from assistive technology, so it is answered first.
  const hostNotice = page.getByRole('dialog', { name: 'Welcome to POD Studio' });
  if (await hostNotice.isVisible()) await hostNotice.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`http://localhost:${port}/contact-us`);
  await context.close();

  // A wide window on the mobile host goes to the desktop host, same page.
  const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await wide.goto(`http://m.localhost:${port}/contact-us`);
  await expect(wide).toHaveURL(`http://localhost:${port}/contact-us`);
  await wide.close();
});

test("the merchant's pages fit a phone, and the menu column stays dark to the bottom of a long page", async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await logInAsDemo(page);
  for (const path of MERCHANT_PAGES) {
    await settle(page, path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide on a 390 px phone`).toBeLessThanOrEqual(390);
  }
  // On a phone the menu folds under its button, so a page opens on the page, not on the menu; a
  // link in it closes it again.
  await settle(page, '/orders');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  const fold = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menu).toBeHidden();
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeInViewport();
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: 'Balance' }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(menu).toBeHidden();
  await phone.close();

  const desktop = await browser.newContext({ viewport: { width: 1440, height: 700 } });
  const wide = await desktop.newPage();
  await logInAsDemo(wide);
  await settle(wide, '/dashboard');
  const png = await wide.screenshot({ fullPage: true });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect(info.height, 'the dashboard is longer than the window').toBeGreaterThan(700);
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return (data[i] as number) + (data[i + 1] as number) + (data[i + 2] as number);
  };
  // Near the bottom-left corner, in the menu's column: the menu's dark colour, not the page's white.
  expect(at(20, info.height - 10)).toBeLessThan(3 * 60);
  await desktop.close();
});
