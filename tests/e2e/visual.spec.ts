/**
 * Visual regression of the main pages against the baselines committed in `visual-baselines/`:
 * home, catalogue, product page, the design dialog on a product, cart, payment, orders, dashboard
 * and account, each on a 1440 x 900 desktop and on a 390 x 844 phone. Every page is also checked
 * to be no wider than its window.
 *
 * The content is made deterministic: the demo catalogue is generated the same way every run, and
 * the merchant is a fresh one whose cart, address and order this spec makes itself (the demo
 * merchant's data depends on which specs ran before). What still varies between runs (dates,
 * order numbers, the per-run e-mail address and the name taken from it, the chat, catalogue counts
 * that other specs' operator products change) is masked.
 *
 * Refresh the baselines deliberately with `npm run test:visual:update`, and look at every changed
 * picture before committing it.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { json, logIn, merchantPool, type Merchant } from './merchants';
import { chooseFirstSizeAndMaterial } from './designer-steps';

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

interface Card {
  id: number;
  url: string;
}

const pool = merchantPool();
let merchant: Merchant;
/** The product every product page, designer and cart shot shows. */
let product: Card;
/** The pending order the payment and orders shots show. */
let orderId: number;

// One merchant, address, order and cart line for both viewports: made once, through the same API
// calls the cart page makes.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  merchant = await pool.register('visual');
  // A fixed name: the default one is the address's local part, which differs every run.
  await json(merchant.api.put('/prod-api/api/shops/update', { data: { displayname: 'Visual Merchant', gender: 0 } }));
  // A men's t-shirt: operator products that other specs add (to women's t-shirts) never show next
  // to it as related products. `oldest` orders by the generator's own dates, the same every run.
  const list = await json<{ rows: Card[] }>(
    merchant.api.get('/prod-api/api/product/productsCatalogList', {
      params: { category: 'mens-clothing', subcategory: 't-shirt', sort: 'oldest', pageSize: 5 },
    }),
  );
  product = list.rows[0]!;
  await json(
    merchant.api.post('/prod-api/api/shipAddress/addShipAddress', {
      data: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Springfield', country_code: 'US', isDefault: true },
    }),
  );
  const ordered = await json<{ data: { id: number } }>(
    merchant.api.post('/prod-api/api/shipTrolley/addShipTrolley', { data: { productid: product.id, quantity: 2 } }),
  );
  const order = await json<{ data: { id: number } }>(
    merchant.api.post('/prod-api/api/order/shoppingCartOrder', { data: { ids: [ordered.data.id] } }),
  );
  orderId = order.data.id;
  // The cart keeps one line after the order took the first.
  await json(merchant.api.post('/prod-api/api/shipTrolley/addShipTrolley', { data: { productid: product.id, quantity: 1 } }));
});
test.afterAll(() => pool.dispose());

/**
 * Scrolls through the page so that every lazy image (loaded when near the viewport) starts, then
 * waits until every image has loaded and the fonts are ready; a broken image fails here rather
 * than becoming a baseline.
 */
async function imagesAndFontsReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await frame();
    }
    // Strips that scroll sideways (product strips on a phone) load their images the same way.
    const strips = [...document.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.scrollWidth > el.clientWidth && /auto|scroll/.test(getComputedStyle(el).overflowX),
    );
    for (const el of strips) {
      el.scrollIntoView({ block: 'center' });
      for (let x = 0; x <= el.scrollWidth; x += el.clientWidth) {
        el.scrollLeft = x;
        await frame();
      }
      el.scrollLeft = 0;
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await expect
    .poll(
      () =>
        page.evaluate(() => ({
          placeholders: document.querySelectorAll('.img[data-state="0"]').length,
          incomplete: [...document.images].filter((i) => !i.complete).map((i) => i.currentSrc || i.src),
        })),
      // Long enough for a fresh server's first resized copies on a busy machine.
      { message: 'every image loaded', timeout: 90_000 },
    )
    .toEqual({ placeholders: 0, incomplete: [] });
  const broken = await page.evaluate(() =>
    [...document.images].filter((i) => i.naturalWidth === 0 || i.classList.contains('img-error')).map((i) => i.title || i.src),
  );
  expect(broken, 'images that failed to load').toEqual([]);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Opens a page and waits until its chunk and data are in (not for network idle: the chat stream stays open). */
async function open(page: Page, path: string, ready: (page: Page) => Locator): Promise<void> {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * No page may scroll sideways: nothing is wider than the window. The window's width is the one
 * the context was given: on a phone Chromium widens the layout viewport (and `innerWidth`) to
 * content that overflows, as a phone's browser zooms out, so `innerWidth` alone would hide it.
 * Soft, so that the picture is still compared (and written by an update) when a page overflows.
 */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const windowWidth = page.viewportSize()!.width;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: globalThis.innerWidth,
  }));
  expect
    .soft(Math.max(scrollWidth, innerWidth), `${what} is ${scrollWidth} px wide in a ${windowWidth} px window`)
    .toBeLessThanOrEqual(windowWidth);
}

/** What varies between runs on every page: the chat (its unread badge) and the per-run e-mail address. */
const alwaysMasked = (page: Page): Locator[] => [page.locator('.chat-launcher'), page.getByText(merchant.email)];

/**
 * Catalogue pictures nobody asked for yet (later views, product models 1-4) answer with a stand-in
 * (sent with no-store) and are photographed on demand, so what a page shows depends on which specs
 * ran before. Each stand-in on the page is photographed now (its full-size file waits for that),
 * so a baseline holds the real pictures however the suite was run. True when the page must be
 * loaded again to show them.
 */
async function photographStandIns(page: Page): Promise<boolean> {
  const urls = await page.evaluate(() => [...new Set([...document.images].map((i) => i.currentSrc || i.src))]);
  let made = false;
  for (const url of urls) {
    const u = new URL(url);
    if (!u.search || !u.pathname.startsWith('/prod-api/')) continue;
    const thumbnail = await page.request.get(url);
    if (!/no-store/.test(thumbnail.headers()['cache-control'] ?? '')) continue;
    u.search = '';
    expect((await page.request.get(u.toString(), { timeout: 120_000 })).ok(), `${u.pathname} is photographed`).toBe(true);
    made = true;
  }
  return made;
}

async function snapshot(page: Page, shot: Shot, viewport: ViewportName): Promise<void> {
  if (shot.fullPage !== false) {
    await imagesAndFontsReady(page);
    if (await photographStandIns(page)) {
      await page.reload();
      await expect(shot.ready(page)).toBeVisible();
      await shot.prepare?.(page);
      await imagesAndFontsReady(page);
    }
  } else await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expectNoSidewaysScroll(page, `${shot.name} (${viewport})`);
  await expect(page).toHaveScreenshot(`${shot.name}-${viewport}.png`, {
    fullPage: shot.fullPage !== false,
    animations: 'disabled',
    caret: 'hide',
    // CSS pixels: the phone renders at device scale 3, but a baseline three times the size in each
    // direction would add megabytes to the repository and find nothing more.
    scale: 'css',
    // Only what is on screen: an element inside a closed <details> keeps a layout box, and a mask
    // would be painted where it is not drawn.
    mask: [...alwaysMasked(page), ...(shot.mask?.(page) ?? [])].map((l) => l.filter({ visible: true })),
    // Up to 1.5 % of the pixels may differ: Chromium's text anti-aliasing and the GPU-less WebGL
    // mockups can differ by a few pixels along edges between runs, while a moved or missing block, a
    // changed colour or font changes far more than that.
    maxDiffPixelRatio: 0.015,
  });
}

interface Shot {
  name: string;
  path: () => string;
  ready: (page: Page) => Locator;
  /** What else to do before the picture (open a dialog). */
  prepare?: (page: Page) => Promise<void>;
  mask?: (page: Page) => Locator[];
  /** The whole page (default), or only the window (a dialog that covers it). */
  fullPage?: boolean;
  /** The test's time limit, when not two minutes. */
  timeout?: number;
}

/** Counts in the catalogue that other specs' operator products raise. */
const catalogueCounts = (page: Page) => [
  page.locator('.catalog-side .count'),
  page.locator('.cat-tile .muted'),
  page.locator('#results-count'),
];

const SHOTS: Shot[] = [
  {
    name: 'home',
    path: () => '/',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Create your products. We print and ship them.' }),
    mask: catalogueCounts,
  },
  {
    name: 'catalogue',
    path: () => '/all-products/mens-clothing',
    ready: (page) => page.getByRole('heading', { level: 1 }),
    mask: catalogueCounts,
  },
  {
    name: 'product',
    path: () => product.url,
    ready: (page) => page.getByRole('button', { name: 'Design', exact: true }),
  },
  {
    name: 'designer',
    path: () => product.url,
    ready: (page) => page.getByRole('button', { name: 'Design', exact: true }),
    // The dialog covers the window; the page behind it is the product shot's.
    fullPage: false,
    // The first mockups after the server started take a while on a busy machine (the update command
    // starts a fresh server).
    timeout: 180_000,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Design', exact: true }).click();
      const select = page.getByRole('dialog', { name: 'Select a product' });
      await chooseFirstSizeAndMaterial(select);
      // By keyboard: on a phone whose page overflows sideways (see the width check) the tap can land
      // on the options the dialog's body scrolls under its footer.
      await select.getByRole('button', { name: 'Next' }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create a product' });
      // The front mockup has drawn once the renderer reports a revision.
      const front = dialog.getByRole('button', { name: /^Front mockup/ });
      await expect.poll(async () => Number(await front.getAttribute('data-revision')), { timeout: 150_000 }).toBeGreaterThan(-1);
      await expect(dialog.locator('img.img-error')).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: 'Message' }), 'nothing asked to leave the designer').toHaveCount(0);
    },
  },
  {
    name: 'cart',
    path: () => '/shopping-cart',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Shopping Cart' }),
  },
  {
    name: 'pay',
    path: () => `/shopping-cart/pay?orderId=${orderId}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Payment' }),
    mask: (page) => [page.locator('.order-head strong')],
  },
  {
    name: 'orders',
    path: () => '/orders',
    ready: (page) => page.locator('.orders-table'),
    mask: (page) => [
      page.locator('.orders-table tbody th[scope="row"]'),
      page.locator('.orders-table tbody td:nth-of-type(1)'),
      page.locator('.orders-table tbody td:nth-of-type(2)'),
    ],
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Welcome, Visual Merchant' }),
    // The chart's months are the last six before today (Recharts draws their labels in a layer of
    // their own); the carousel turns every 15 s.
    mask: (page) => [page.locator('.recharts-xAxis-tick-labels'), page.locator('.carousel')],
  },
  {
    name: 'account',
    path: () => '/my-account',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
];

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(viewport, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      context = await browser.newContext(VIEWPORTS[viewport]);
      // The phone site's one-time "log in on a PC" notice is answered: the pages behind it are what is compared.
      await context.addInitScript(() => sessionStorage.setItem('pod.mobileNotice', 'seen'));
      page = await context.newPage();
      await logIn(page, merchant);
    });
    test.afterAll(() => context.close());

    for (const shot of SHOTS) {
      test(`${shot.name} looks as its baseline and fits the window`, async () => {
        test.setTimeout(shot.timeout ?? 120_000);
        await open(page, shot.path(), shot.ready);
        await shot.prepare?.(page);
        await snapshot(page, shot, viewport);
      });
    }
  });
}
