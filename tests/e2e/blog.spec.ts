/**
 * The blog in a real browser against the built app and the real server: the list with its
 * categories and paging, an article whose table of contents links scroll to their sections, in-app
 * links between articles, the 404 state, the page as served before any script runs (what a
 * crawler reads: the article's text, working contents links), the RSS feed, no CSP complaint and
 * no serious or critical axe violation on desktop and phone.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const ARTICLE = '/blog/design-your-first-product';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Console messages about the Content-Security-Policy. */
function watchPolicy(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/content security policy|refused to (load|execute|apply)/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test('the list pages: newest articles, categories and paging', async ({ page }) => {
  const csp = watchPolicy(page);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'POD Studio blog' })).toBeVisible();
  const cards = page.locator('.blog-list > .blog-card');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/blog/rss.xml');

  const cats = page.getByRole('navigation', { name: 'Blog categories' });
  await expect(cats.getByRole('link', { name: 'All articles' })).toHaveAttribute('aria-current', 'page');
  await cats.getByRole('link', { name: 'Orders & shipping' }).click();
  await expect(page).toHaveURL(/\/blog\/category\/orders-shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders & shipping' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping times and costs' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What to do about a misprint' })).toBeVisible();
  await expect(cards).toHaveCount(2);

  await page.goto('/blog');
  await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards.first()).toBeVisible();
  expect(csp).toEqual([]);
});

test('an article: its contents links scroll to their sections, related articles open in the app', async ({ page }) => {
  const csp = watchPolicy(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(ARTICLE);
  await expect(page.getByRole('heading', { level: 1, name: 'How to design your first product' })).toBeVisible();
  await expect(page.getByText('Every product you sell through POD Studio starts in the design tool.')).toBeVisible();

  const toc = page.getByRole('navigation', { name: 'On this page' });
  const target = page.getByRole('heading', { level: 2, name: 'Step 3: Price & Details' });
  await expect(target).not.toBeInViewport();
  await toc.getByRole('link', { name: 'Step 3: Price & Details' }).click();
  await expect(page).toHaveURL(/#step-3-price--details$/);
  await expect(target).toBeInViewport();
  // The heading is not hidden under the sticky site header.
  const top = (await target.boundingBox())!.y;
  const headerBottom = await page.locator('.site-header').evaluate((h) => h.getBoundingClientRect().bottom);
  expect(top).toBeGreaterThanOrEqual(headerBottom - 1);

  await toc.getByRole('link', { name: 'Images' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Images' })).toBeInViewport();

  // A related article opens without reloading the app.
  await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
  const related = page.getByRole('complementary', { name: 'Related articles' });
  const firstRelated = related.getByRole('heading', { level: 3 }).first();
  const title = (await firstRelated.textContent())!;
  await firstRelated.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
  await expect(page).toHaveTitle(`${title} | POD Studio`);
  expect(csp).toEqual([]);
});

test('an unknown article says the page is not available', async ({ page }) => {
  const res = await page.goto('/blog/no-such-article');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! This page is not available.' })).toBeVisible();
});

test('the server-rendered page works without JavaScript: the text, the contents links, the list', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(ARTICLE);
  await expect(page.getByRole('heading', { level: 1, name: 'How to design your first product' })).toBeVisible();
  await expect(page.getByText('From an empty account to a saved product', { exact: false }).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Tips for a first design' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tips for a first design' })).toBeInViewport();
  await page.goto('/blog');
  await expect(page.locator('.blog-list > .blog-card')).toHaveCount(6);
  await context.close();
});

test('the RSS feed lists the articles', async ({ request }) => {
  const res = await request.get('/blog/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/rss+xml');
  const xml = await res.text();
  expect(xml).toContain('<title>POD Studio blog</title>');
  expect(xml).toContain('/blog/design-your-first-product</link>');
  expect((xml.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(8);
});

test('no serious accessibility violation on the blog, desktop and phone', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const options of [{ viewport: { width: 1440, height: 900 } }, PHONE]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    for (const path of ['/blog', ARTICLE, '/blog/category/design', '/blog/no-such-article']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.blog-loading, .page-loading')).toHaveCount(0);
      expect(await seriousViolations(page), `${path} at ${options.viewport.width} px`).toEqual([]);
    }
    // The phone gets one column that fits the screen.
    if (options === PHONE) {
      await page.goto(ARTICLE);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await context.close();
  }
});
