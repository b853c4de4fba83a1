/**
 * The catalogue pages against the built app and the generated demo catalogue: home → category →
 * product, colour switch, the image viewer by keyboard, the ship-from rules of the shipping
 * estimate, filters/sort/paging in the URL, the not-found page, the mega menu, the gift zones, the
 * design entry and the mobile site.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInAsDemo } from './merchants';

interface Card {
  id: number;
  url: string;
  title: string;
  shipFromCode: string;
  colors: { name: string }[];
}

async function cards(request: APIRequestContext, params: Record<string, string | number>): Promise<{ rows: Card[]; total: number }> {
  const res = await request.get('/prod-api/api/product/productsCatalogList', { params });
  const body = (await res.json()) as { code: number; msg: string; rows: Card[]; total: number };
  expect(body.code, body.msg).toBe(200);
  return body;
}

/** The first product of a list with at least two colours. */
async function colourfulProduct(request: APIRequestContext, params: Record<string, string | number>): Promise<Card> {
  const { rows } = await cards(request, { pageSize: 25, ...params });
  const found = rows.find((r) => r.colors.length >= 2);
  expect(found, 'a product with two colours or more').toBeTruthy();
  return found as Card;
}

const results = (page: Page) => page.locator('.catalog-results ul.pgrid');
const resultCount = (page: Page) => page.locator('#results-count');

/**
 * Every product title in the results passes `check`, once the new results are in: the list keeps
 * showing the previous ones (aria-busy) until they arrive, so the check is retried until then.
 */
async function expectEveryTitle(page: Page, check: (title: string) => void): Promise<void> {
  await expect(async () => {
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    const titles = await results(page).getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) check(t);
  }).toPass();
}
const priceOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('home → category → product: switch colour, then the image viewer by keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hot-selling products' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Hot-selling products' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '3D-customizable products' })).toBeVisible();
  await expect(page.locator('#how-we-work')).toBeVisible();
  await expect(page.locator('#standout-advantage')).toBeVisible();
  await expect(page.locator('#integrations')).toBeVisible();

  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: /Men's Clothing/ })).toContainText(/\d+ products/);
  await categories.getByRole('link', { name: /Men's Clothing/ }).click();
  await expect(page).toHaveURL(/\/all-products\/mens-clothing$/);
  await expect(page.getByRole('heading', { level: 1, name: "Men's Clothing" })).toBeVisible();

  const tree = page.getByRole('navigation', { name: 'Categories' });
  await tree.getByRole('link', { name: /^Hoodie & Jacket/ }).click();
  await expect(page).toHaveURL(/\/all-products\/mens-clothing\/hoodie-jacket$/);
  await expect(page.getByRole('heading', { level: 1, name: "Men's Clothing: Hoodie & Jacket" })).toBeVisible();
  await expect(tree.getByRole('link', { name: /^Hoodie & Jacket/ })).toHaveAttribute('aria-current', 'page');
  await expect(resultCount(page)).toContainText(/\d+ products/);

  // The first product with two colours or more, by its card.
  const grid = results(page);
  const card = grid
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: /2 colours|[3-9] colours|\d\d colours/ }) })
    .first();
  const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/all-products\/mens-clothing\/hoodie-jacket\/[a-z0-9-]+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));

  // Switch colour: the legend, the swatch and the main picture follow.
  const colour = page.getByRole('group', { name: /^Color:/ });
  const radios = colour.getByRole('radio');
  await expect(radios.first()).toBeChecked();
  const second = (await radios.nth(1).getAttribute('value')) ?? '';
  const main = page.locator('.pdp-main img').first();
  await expect(main).toHaveAttribute('src', /.+/);
  const before = await main.getAttribute('src');
  await radios.nth(1).check();
  await expect(radios.nth(1)).toBeChecked();
  await expect(colour).toHaveAccessibleName(`Color: ${second}`);
  await expect(main).not.toHaveAttribute('src', before ?? '');
  await expect(main).toHaveAttribute('alt', new RegExp(`${second}, Front view`));
  await expect(page).toHaveURL(new RegExp(`color=${encodeURIComponent(second).replace(/%20/g, '(%20|\\+)')}`));

  // The image viewer: a dialog driven by the keyboard.
  const opener = page.getByRole('button', { name: /^View larger:/ });
  await opener.click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toBeVisible();
  const counter = viewer.locator('.viewer-count');
  const stage = viewer.locator('.viewer-stage');
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const total = Number((await counter.textContent())?.split('/')[1]);
  expect(total).toBeGreaterThan(1);
  await expect(viewer.getByRole('img').first()).toHaveAttribute('alt', new RegExp(second));

  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`${total} / ${total}`); // wraps around
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`1 / ${total}`);

  await expect(stage).toHaveAttribute('data-mode', 'contain');
  await page.keyboard.press('Space');
  await expect(stage).toHaveAttribute('data-mode', 'original');
  await expect(viewer.getByRole('button', { name: 'Fit to screen' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(stage).toHaveAttribute('data-mode', 'contain');

  await page.keyboard.press('ArrowUp');
  await expect(stage).toHaveAttribute('data-scale', '1.2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(stage).toHaveAttribute('data-scale', '0.8');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowDown');
  // Zoom-out stops once the scale is no longer above 0.2.
  await expect(stage).toHaveAttribute('data-scale', '0.2');
  await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText(`2 / ${total}`);
  await expect(stage).toHaveAttribute('data-scale', '1');

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('shipping estimate: the ship-from rules and the free European shipping', async ({ page, request }) => {
  const [au] = (await cards(request, { shipFrom: 'Australia', pageSize: 5 })).rows;
  expect(au?.shipFromCode).toBe('AU');
  await page.goto((au as Card).url);
  const calc = page.getByRole('region', { name: 'Shipping estimate' });
  await expect(calc).toContainText('delivers to Australia and New Zealand only');
  const shipTo = calc.getByLabel('Ship to');
  await expect(shipTo).toHaveValue('AU');
  await expect(calc.getByRole('table')).toContainText('Australia Post');

  // Only the destinations this warehouse delivers to are offered.
  await expect(shipTo.locator('option')).toHaveText(['Australia', 'New Zealand']);
  await expect(calc.getByRole('alert')).toHaveCount(0);
  // The server refuses any other destination when asked directly.
  const direct = await (
    await request.get('/prod-api/api/product/getshippingTemplateList', { params: { productid: (au as Card).id, countrycode: 'US' } })
  ).json();
  expect(direct).toMatchObject({ code: 10000, msg: 'Only Ship to Australia and New Zealand' });

  await shipTo.selectOption({ label: 'New Zealand' });
  await expect(calc.getByRole('table')).toContainText('business days');

  const [us] = (await cards(request, { shipFrom: 'USA', pageSize: 5 })).rows;
  await page.goto((us as Card).url);
  const usCalc = page.getByRole('region', { name: 'Shipping estimate' });
  await expect(usCalc.getByLabel('Ship to').locator('option')).toHaveText(['United States']);
  await expect(usCalc.getByRole('table')).toBeVisible();
  await expect(usCalc.getByText('Only Ship to USA')).toHaveCount(0);

  const [cn] = (await cards(request, { shipFrom: 'China', pageSize: 5 })).rows;
  await page.goto((cn as Card).url);
  const cnCalc = page.getByRole('region', { name: 'Shipping estimate' });
  await cnCalc.getByLabel('Ship to').selectOption({ label: 'Germany' });
  await expect(cnCalc.getByRole('row', { name: /Standard Shipping/ })).toContainText('Free');
  await expect(cnCalc.getByText(/Free standard shipping to 28 European countries/)).toBeVisible();
  // Quantity changes the totals.
  const express = cnCalc.getByRole('row', { name: /Express Shipping/ });
  const one = await express.textContent();
  await cnCalc.getByLabel('Quantity').fill('3');
  await expect(express).not.toHaveText(one ?? '');
});

test('a filter keeps its radio, label and count on one line, also after the account pages were opened', async ({ page }) => {
  // The account pages' styles used to take over the filters' class name once they had loaded.
  await logInAsDemo(page);
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'Account & Settings' }).first()).toBeVisible();
  // In-app navigation keeps the styles already loaded (the side menu's catalogue link opens a new
  // tab, so the way in is My Products' "Create a product").
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Products' }).click();
  await page.getByRole('link', { name: 'Create a product' }).first().click();
  await expect(page).toHaveURL(/\/all-products$/);
  // A custom-type filter: it has a count.
  const row = page
    .getByRole('group', { name: 'Custom type' })
    .locator('label')
    .filter({ has: page.locator('.count') })
    .first();
  const radio = row.getByRole('radio');
  const [r, label, count] = await Promise.all([
    radio.boundingBox(),
    row.locator('.filter-option__label').boundingBox(),
    row.locator('.count').boundingBox(),
  ]);
  expect(r && label && count).toBeTruthy();
  const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
  // One line: the three share a middle (within 6 px), and run left to right.
  expect(Math.abs(middle(r!) - middle(label!))).toBeLessThanOrEqual(6);
  expect(Math.abs(middle(count!) - middle(label!))).toBeLessThanOrEqual(6);
  expect(r!.x + r!.width).toBeLessThanOrEqual(label!.x);
  expect(label!.x + label!.width).toBeLessThanOrEqual(count!.x + 1);
});

test('filters, sort and paging change the results and survive a reload and the back button', async ({ page }) => {
  await page.goto('/all-products/home-deco');
  await expect(page.getByRole('heading', { level: 1, name: 'Home Deco' })).toBeVisible();
  await expect(resultCount(page)).toContainText(/\d+ products/);
  const all = priceOf((await resultCount(page).locator('strong').textContent()) ?? '');
  expect(all).toBeGreaterThan(25);
  await expect(results(page).getByRole('listitem')).toHaveCount(25);

  await page.getByRole('radio', { name: 'USA warehouse' }).check();
  await expect(page).toHaveURL(/ship=USA/);
  await expect(resultCount(page).locator('strong')).not.toHaveText(String(all));
  const usa = priceOf((await resultCount(page).locator('strong').textContent()) ?? '');
  expect(usa).toBeLessThan(all);
  for (const tag of await results(page).locator('.pcard-meta').allTextContents()) expect(tag).toContain('Ships from USA');

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await page.getByLabel('Lowest price in dollars').fill('10');
  await page.getByLabel('Highest price in dollars').fill('40');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/min=10&max=40/);
  await expect(page.getByRole('button', { name: 'Remove filter: $10.00 – $40.00' })).toBeVisible();
  // Retried until the new results are in (the list keeps the previous ones while it loads).
  await expect(async () => {
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    const prices = (await results(page).locator('.pcard-price').allTextContents()).map(priceOf);
    expect(prices.length).toBeGreaterThan(0);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    for (const p of prices) {
      expect(p).toBeGreaterThanOrEqual(10);
      expect(p).toBeLessThanOrEqual(40);
    }
  }).toPass();
  const countText = await resultCount(page).textContent();
  const firstTitle = await results(page).getByRole('heading').first().textContent();

  await page.reload();
  await expect(page.getByRole('radio', { name: 'USA warehouse' })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  await expect(page.getByLabel('Lowest price in dollars')).toHaveValue('10');
  await expect(resultCount(page)).toHaveText(countText ?? '');
  await expect(results(page).getByRole('heading').first()).toHaveText(firstTitle ?? '');

  // Search words, then paging with the page-size choices (5, 10, 15, 25).
  await page.getByRole('searchbox', { name: 'Search products' }).fill('pillow');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=pillow/);
  await expect(page.getByRole('button', { name: 'Remove filter: Search: “pillow”' })).toBeVisible();
  await expectEveryTitle(page, (t) => expect(t.toLowerCase()).toContain('pillow'));
  await page.getByRole('button', { name: 'Remove filter: Search: “pillow”' }).click();
  await expect(page).not.toHaveURL(/q=pillow/);

  await expect(page.getByLabel('Per page').locator('option')).toHaveText(['5', '10', '15', '25']);
  await page.getByLabel('Per page').selectOption('5');
  await expect(results(page).getByRole('listitem')).toHaveCount(5);
  const pageOneFirst = await results(page).getByRole('heading').first().textContent();
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(resultCount(page)).toContainText('showing 6–10');
  await expect(results(page).getByRole('heading').first()).not.toHaveText(pageOneFirst ?? '');
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(results(page).getByRole('heading').first()).toHaveText(pageOneFirst ?? '');

  // A filter nothing matches shows the empty state, and clearing brings everything back.
  await page.getByLabel('Lowest price in dollars').fill('99999');
  await page.getByLabel('Highest price in dollars').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(resultCount(page).locator('strong')).toHaveText(String(all));
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
});

test('unknown products and categories show the not-found page', async ({ page }) => {
  for (const path of [
    '/all-products/mens-clothing/hoodie-jacket/no-such-product-handle',
    '/all-products/details/99999999',
    '/all-products/no-such-category',
    '/all-products/mens-clothing/no-such-sub',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Oops! This page is not available.' })).toBeVisible();
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Take me home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a product opens by id and settles on its own address; the header menu comes from the API', async ({ page, request }) => {
  const product = await colourfulProduct(request, { category: 'bags' });
  await page.goto(`/all-products/details/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.goto(`/all-products/wrong/slugs/${product.id}`);
  await expect(page).toHaveURL(new RegExp(`${product.url}$`));

  await page.getByRole('button', { name: /^Products/ }).click();
  const menu = page.getByRole('region', { name: 'Product menu' });
  await expect(menu.locator('img.mega-icon').first()).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Hoodie & Jacket' })).toHaveAttribute('href', '/all-products/mens-clothing/hoodie-jacket');
  await expect(menu.getByRole('link', { name: 'Hot Selling' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Sports Shoes' }).click();
  await expect(page).toHaveURL(/\/all-products\/shoes-socks\/sports-shoes$/);
  await expect(menu).toBeHidden();
});

test('design: no size needed first, visitors log in first, then the designer opens with the choice and asks for sizes itself', async ({
  page,
  request,
}) => {
  const { rows } = await cards(request, { subcategory: 'hoodie-jacket', category: 'mens-clothing', pageSize: 5 });
  await page.goto((rows[0] as Card).url);
  await page
    .getByRole('group', { name: /^Size:/ })
    .getByRole('radio')
    .first()
    .check();
  const material = page.getByRole('group', { name: /^Material:/ });
  if (await material.count()) await material.getByRole('radio').first().check();
  await expect(page.locator('.pdp-price')).not.toContainText('From');

  await page.getByRole('button', { name: 'Design', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Log in to POD Studio' });
  await expect(login).toBeVisible();
  await login.getByLabel('Email').fill('demo@example.com');
  await login.getByLabel('Password').fill('demo1234');
  await login.getByRole('button', { name: 'Log in' }).click();
  // The designer opens on its product step with the page's choices ticked; nothing changed, so closing does not ask.
  const design = page.getByRole('dialog', { name: 'Select a product' });
  await expect(design).toBeVisible();
  await expect(page).toHaveURL(/[?&]design=\d+/);
  const size = design.getByRole('group', { name: /^Size/ });
  await expect(size.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await design.getByRole('button', { name: 'Close' }).click();
  await expect(design).toBeHidden();
  await expect(page).not.toHaveURL(/design=/);

  // Without a size chosen on the page, Design still opens the designer, whose Next asks for one.
  await page.goto(((rows[1] ?? rows[0]) as Card).url);
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  await expect(page.getByText('Please select Size')).toHaveCount(0);
  const again = page.getByRole('dialog', { name: 'Select a product' });
  await expect(again).toBeVisible();
  await expect(again.getByRole('group', { name: /^Size/ }).getByRole('checkbox', { checked: true })).toHaveCount(0);
  await again.getByRole('button', { name: 'Next' }).click();
  await expect(again.getByRole('group', { name: /^Size/ }).getByRole('checkbox').first()).toBeFocused();
  await expect(again).toBeVisible();
});

test('gift zones list gift products by subcategory and by print type', async ({ page }) => {
  await page.goto('/all-products/customized-gift-zone');
  await expect(page.getByRole('heading', { level: 1, name: 'Customized Gift Zone' })).toBeVisible();
  await expect(resultCount(page)).toContainText(/\d+ products/);
  const tree = page.getByRole('navigation', { name: 'Gift categories' });
  await expect(tree.getByRole('link', { name: /^Pillow/ })).toHaveCount(0);
  await tree.getByRole('button', { name: /^Home Deco/ }).click();
  await expect(tree.getByRole('button', { name: /^Home Deco/ })).toHaveAttribute('aria-expanded', 'true');
  await tree.getByRole('link', { name: /^Pillow/ }).click();
  await expect(page).toHaveURL(/\/customized-gift-zone\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pillow');
  await expectEveryTitle(page, (t) => expect(t).toMatch(/Pillow|Cushion/i));

  await page.goto('/all-products/personalized-gifts-zone');
  await expect(page.getByRole('heading', { level: 1, name: 'Personalized Gifts Zone' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Print types' }).getByRole('link', { name: 'Wrap Print' }).click();
  await expect(page).toHaveURL(/\/personalized-gifts-zone\/5$/);
  await expect(resultCount(page)).toContainText(/\d+ products/);

  await page.goto('/all-products/customized-gift-zone/abc');
  await expect(page.getByRole('heading', { name: 'Oops! This page is not available.' })).toBeVisible();
});

test('a picture that fails to load shows the error picture', async ({ page, request }) => {
  const product = await colourfulProduct(request, { category: 'mens-clothing' });
  await page.route('**/prod-api/files/catalog/**', (route) =>
    route.request().resourceType() === 'image' ? route.abort() : route.continue(),
  );
  await page.goto(product.url);
  await expect(page.locator('.pdp-main').getByAltText('loaded error')).toBeVisible();
});

test('the mobile site shows the same catalogue in the mobile layout', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('pod.mobileNotice', 'seen'));
  await page.goto('/all-products/mens-clothing');
  await expect(page).toHaveURL(/\/mobile\/all-products\/mens-clothing$/);
  await expect(page.getByRole('heading', { level: 1, name: "Men's Clothing" })).toBeVisible();
  const drawer = page.locator('details.side-drawer');
  await expect(drawer).not.toHaveAttribute('open', '');
  await drawer.locator('summary').click();
  await page.getByRole('radio', { name: 'Australia warehouse' }).check();
  await expect(page).toHaveURL(/\/mobile\/all-products\/mens-clothing\?ship=Australia/);
  // The list keeps the previous results (aria-busy) until the filtered ones arrive: click only
  // once every card shown ships from Australia.
  await expect(async () => {
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    const cards = await results(page).getByRole('listitem').allTextContents();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toContain('Ships from Australia');
  }).toPass();
  await results(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/mobile\/all-products\/mens-clothing\/[a-z0-9-]+\/[a-z0-9-]+/);
  await expect(page.getByRole('region', { name: 'Shipping estimate' })).toContainText('Australia and New Zealand only');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await context.close();
});
