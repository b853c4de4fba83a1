/**
 * Personalised products end to end, against the built app, the real server and the store
 * stand-ins (tests/server/stand-ins/shopify.ts on the port shops-env.ts points the server at, and
 * tests/server/stand-ins/woocommerce.ts on a port of its own):
 * - Shopify: a merchant marks a text of a personalised mug as a field buyers fill in (label,
 *   limit, colour), saves and pushes it; a plain page on another origin stands in for the store's
 *   product page and loads the storefront script; Add to cart is held until the buyer personalises;
 *   a buyer personalises in the widget and sees the live mockup; the cart form posts the line-item
 *   properties, the stand-in's order webhook brings the order into Orders with the buyer's values,
 *   and the print file rendered there shows them.
 * - WooCommerce: the merchant makes a text a required choice among two texts in two colours and
 *   pushes the mug to a WooCommerce store; a plain page on another origin includes the loader as the
 *   WordPress snippet does; Add to cart is held until the buyer picks an option, the mockup shows
 *   it, the form posts `pod_properties[...]`, and the store's order (that line item meta, through
 *   the stand-in's webhook) shows the chosen option in Orders and in its print design.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { BASE, json, logIn, merchantPool, type Merchant } from './merchants';
import { E2E_PORT } from './env';
import { SHOPIFY_STANDIN_PORT, SHOPIFY_TEST_APP } from './shops-env';
import { startShopifyStandIn, type ShopifyStandIn } from '../server/stand-ins/shopify';
import { startWooCommerceStandIn, type WooCommerceStandIn } from '../server/stand-ins/woocommerce';
import { DEFAULT_THEME_BUTTON, storeScript } from '../../src/components/shops/storeScript';
import { PERSONALIZATION_PROPERTY } from '../../contract/personalization';

/** The stand-in store's product page: another port on loopback, so another origin than the app. */
const STORE_PAGE_PORT = E2E_PORT + 1500;
const STORE_ORIGIN = `http://127.0.0.1:${STORE_PAGE_PORT}`;
// A store of its own per run (a store belongs to one account at a time).
const DOMAIN = `gift-works-${Date.now().toString(36)}.myshopify.com`;
const SHOTS = process.env.PERSONAL_SHOTS_DIR ?? '/tmp/pw-personal/shots';

let standIn: ShopifyStandIn;
let woo: WooCommerceStandIn;
let storePage: Server;
const pool = merchantPool();
/** What the product page sells and loads; set once the product is pushed and the script uploaded. */
const shop = {
  productId: '',
  variantId: '',
  scriptUrl: '',
  orders: [] as { name: string; properties: { name: string; value: string }[] }[],
};

/** The WooCommerce store's product page: what it sells, every add-to-cart it received, the orders it made. */
const wooShop = {
  productId: 0,
  variationId: 0,
  posts: [] as [string, string][][],
  orders: [] as number[],
};

/** Fields of a urlencoded form body, in order (repeated names kept). */
function formFields(body: string): [string, string][] {
  return [...new URLSearchParams(body).entries()];
}

/** The product page as a Shopify theme renders its essentials: the shop's name, the cart form with the product id, the app's script. */
function productPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Named Mug – Gift Works</title>
<script>window.Shopify = { shop: ${JSON.stringify(DOMAIN)} };</script></head>
<body><main><h1>Named Mug</h1>
<form action="/cart/add" method="post">
<input type="hidden" name="id" value="${shop.variantId}"><input type="hidden" name="product-id" value="${shop.productId}">
<label>Quantity <input name="quantity" value="1" size="3"></label>
<button type="submit" name="add">Add to cart</button>
</form></main>
<script src="${shop.scriptUrl}"></script></body></html>`;
}

/**
 * A WooCommerce single product page (a variable product's cart form as WooCommerce renders it),
 * with the loader tag exactly as the WordPress snippet makes it: WordPress prints enqueued footer
 * scripts at the end of the body, and the snippet's filter puts data-platform and data-shop
 * (home_url(): the store address the merchant connected) before src.
 */
function wooProductPage(): string {
  const id = wooShop.productId;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Greeting Mug – Woo Gifts</title></head>
<body class="product-template-default single single-product"><main><h1 class="product_title entry-title">Greeting Mug</h1>
<form class="variations_form cart" action="/product/greeting-mug/" method="post" enctype="multipart/form-data" data-product_id="${id}">
<div class="woocommerce-variation-add-to-cart variations_button">
<div class="quantity"><label for="quantity_1">Greeting Mug quantity</label><input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" min="1"></div>
<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>
<input type="hidden" name="add-to-cart" value="${id}"><input type="hidden" name="product_id" value="${id}">
<input type="hidden" name="variation_id" class="variation_id" value="${wooShop.variationId}">
</div></form></main>
<script data-platform="woocommerce" data-shop="${woo.url}" src="${BASE}/personalizer/loader.js?ver=6.7" id="pod-personalizer-js"></script>
</body></html>`;
}

/** The WordPress side of an add-to-cart with the snippet: pod_properties[...] become the line's item meta, and the buyer checks out. */
async function wooAddToCart(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
  const fields = [...form.entries()].map(([k, v]) => [k, String(v)] as [string, string]);
  wooShop.posts.push(fields);
  const meta = fields.flatMap(([k, v]) => {
    const m = /^pod_properties\[(.+)\]$/.exec(k);
    return m ? [{ key: m[1]!, value: v }] : [];
  });
  const order = await woo.createOrder([
    {
      productId: Number(form.get('product_id')),
      variationId: Number(form.get('variation_id')),
      quantity: Number(form.get('quantity') ?? 1),
      meta,
    },
  ]);
  wooShop.orders.push(order.id);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><title>Order received</title><h1>Order ${order.id} received</h1><p>webhooks: ${order.deliveries.join(',')}</p>`);
}

async function startStorePage(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/product/greeting-mug/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(wooProductPage());
      return;
    }
    if (req.method === 'POST' && req.url === '/product/greeting-mug/') {
      wooAddToCart(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
      return;
    }
    if (req.method === 'GET' && req.url === '/products/named-mug') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(productPage());
      return;
    }
    if (req.method === 'POST' && req.url === '/cart/add') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        // The cart line with its properties, straight to checkout: the stand-in makes the order and fires its webhook.
        const fields = formFields(Buffer.concat(chunks).toString('utf8'));
        const properties = fields.flatMap(([k, v]) => {
          const m = /^properties\[(.+)\]$/.exec(k);
          return m ? [{ name: m[1]!, value: v }] : [];
        });
        const quantity = Number(fields.find(([k]) => k === 'quantity')?.[1] ?? 1);
        const variantId = `gid://shopify/ProductVariant/${fields.find(([k]) => k === 'id')?.[1]}`;
        standIn
          .createOrder(DOMAIN, [{ variantId, quantity, properties }])
          .then(({ order, deliveries }) => {
            shop.orders.push({ name: order.name, properties });
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            res.end(
              `<!doctype html><title>Thank you</title><h1>Order ${order.name} placed</h1><p>webhooks: ${deliveries.map((d) => d.status).join(',')}</p>`,
            );
          })
          .catch((err: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(err));
          });
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(STORE_PAGE_PORT, '127.0.0.1', resolve));
  return server;
}

async function connectByApi(m: Merchant): Promise<void> {
  const start = await json<{ data: { url: string } }>(m.api.post('/prod-api/api/shopifyauthShopify', { params: { shop: DOMAIN } }));
  const callback = new URL(await standIn.approve(start.data.url));
  await json(m.api.post('/prod-api/api/shopifyOAuth/bindShop', { data: Object.fromEntries(callback.searchParams) }));
}

/** Pixels of an image or canvas on the page near a colour (within `tol` per channel). */
async function pixelsNear(page: Page, selector: string, rgb: [number, number, number], tol = 60, frame?: string): Promise<number> {
  const target = frame ? page.frameLocator(frame).locator(selector) : page.locator(selector);
  return target.evaluate(
    (node, [r, g, b, t]) => {
      const source = node as HTMLImageElement | HTMLCanvasElement;
      const w = source instanceof HTMLImageElement ? source.naturalWidth : source.width;
      const h = source instanceof HTMLImageElement ? source.naturalHeight : source.height;
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(source, 0, 0);
      const d = ctx.getImageData(0, 0, w, h).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4)
        if (d[i + 3]! > 128 && Math.abs(d[i]! - r!) < t! && Math.abs(d[i + 1]! - g!) < t! && Math.abs(d[i + 2]! - b!) < t!) n++;
      return n;
    },
    [...rgb, tol],
  );
}

/** The designer on the catalogue's personalised mug (one value of every option chosen): the "Create a product" dialog. */
async function openMugDesigner(page: Page): Promise<Locator> {
  const list = await json<{ rows: { id: number; url: string; title: string }[] }>(
    page.request.get('/prod-api/api/product/productsCatalogList', { params: { customType: 12, pageSize: 25 } }),
  );
  const mug = list.rows.find((r) => /Mug/.test(r.title)) ?? list.rows[0]!;
  expect(mug, 'a personalised product in the catalogue').toBeTruthy();
  await page.goto(mug.url);
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  // One value of every option (the size has none chosen yet), then on to the design.
  const select = page.getByRole('dialog', { name: 'Select a product' });
  await expect(select.getByRole('heading', { name: mug.title })).toBeVisible();
  const size = select.getByRole('group', { name: /^Size/ });
  if (await size.count()) await size.getByRole('checkbox').first().check();
  await select.getByRole('button', { name: 'Next' }).click();
  return page.getByRole('dialog', { name: 'Create a product' });
}

/** Saves the design in `dialog` as the merchant's product `title` (19.50 each); answers its id. */
async function saveDesign(page: Page, m: Merchant, dialog: Locator, title: string): Promise<number> {
  await dialog.getByRole('button', { name: 'Next' }).click();
  const details = page.getByRole('dialog', { name: 'Price & details' });
  await details.getByLabel('Title').fill(title);
  const prices = details.getByRole('textbox', { name: /^Price of / });
  for (let i = 0; i < (await prices.count()); i++) await prices.nth(i).fill('19.5');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByRole('heading', { name: 'Saved to My Products' })).toBeVisible({ timeout: 120_000 });
  await details.getByRole('button', { name: 'Done' }).click();
  const saved = await json<{ rows: { id: number }[] }>(m.api.get('/prod-api/api/Myexclusive/list', { params: { keyword: title } }));
  return saved.rows[0]!.id;
}

test.beforeAll(async () => {
  standIn = await startShopifyStandIn({ ...SHOPIFY_TEST_APP, port: SHOPIFY_STANDIN_PORT, insecureWebhooks: true });
  woo = await startWooCommerceStandIn();
  storePage = await startStorePage();
  await mkdir(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await pool.dispose();
  await standIn?.close();
  await woo?.close();
  await new Promise<void>((resolve) => (storePage ? storePage.close(() => resolve()) : resolve()));
});

test('a merchant marks a personalised field, a buyer personalises on the store page, the order and its print file carry the values', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const m = await pool.account('personal');
  await connectByApi(m);
  await logIn(page, m);

  // --- The merchant designs a personalised mug and marks its text for buyers.
  const dialog = await openMugDesigner(page);
  await dialog.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' }).fill('Your name');

  const personal = dialog.getByRole('region', { name: 'Personalisation' });
  await personal.getByRole('checkbox', { name: 'Buyers personalise this text' }).check();
  await personal.getByRole('textbox', { name: 'Label buyers see' }).fill('Name on the mug');
  await personal.getByRole('checkbox', { name: 'Required' }).check();
  await personal.getByRole('spinbutton', { name: 'Most characters' }).fill('12');
  await personal.getByLabel('Colour to add').fill('#d62828');
  await personal.getByRole('button', { name: 'Add colour' }).click();
  await expect(personal.getByRole('button', { name: 'Remove colour #D62828' })).toBeVisible();
  await expect(personal.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/designer-personalisation.png` });

  // A picture under the name, which buyers replace with their own photo.
  await dialog.getByRole('tab', { name: 'Images' }).click();
  const green = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 170, b: 60 } } })
    .png()
    .toBuffer();
  await dialog.locator('input[type=file]').first().setInputFiles({ name: 'merchant-photo.png', mimeType: 'image/png', buffer: green });
  const layers = dialog.getByRole('region', { name: 'Layers' });
  const pictureLayer = layers.getByRole('button', { name: /^Image: / });
  await expect(pictureLayer).toBeVisible({ timeout: 30_000 });
  await pictureLayer.click();
  // Kept under the name (the layer at the bottom cannot go further back).
  if (await layers.getByRole('button', { name: /^Send backward: Image: / }).isEnabled())
    await dialog.getByRole('button', { name: 'Send backward', exact: true }).click();
  await personal.getByRole('checkbox', { name: 'Buyers personalise this picture' }).check();
  await personal.getByRole('textbox', { name: 'Label buyers see' }).fill('Your photo');
  await expect(personal.getByRole('alert')).toHaveCount(0);

  const title = `Named Mug ${Date.now()}`;
  const myProductId = await saveDesign(page, m, dialog, title);
  const info = await json<{ data: { editObj: string } }>(m.api.get(`/prod-api/api/Myexclusive/getInfo/${myProductId}`));
  expect(info.data.editObj).toContain('"label":"Name on the mug"');

  // --- Pushed to the store, and the storefront script uploaded (what saving the theme style does).
  await json(m.api.post(`/prod-api/api/sendProductShopify/addQueque/${myProductId}`));
  await expect
    .poll(() => [...standIn.shop(DOMAIN).products.values()].find((p) => p.title === title)?.variants.length ?? 0, { timeout: 120_000 })
    .toBeGreaterThan(0);
  const inStore = [...standIn.shop(DOMAIN).products.values()].find((p) => p.title === title)!;
  shop.productId = inStore.id.split('/').pop()!;
  shop.variantId = inStore.variants[0]!.id.split('/').pop()!;
  const uploaded = await json<{ data: { url: string } }>(
    m.api.post('/prod-api/api/shopifyOAuth/uploadThemeScript', { data: { script: storeScript(DEFAULT_THEME_BUTTON, BASE) } }),
  );
  shop.scriptUrl = new URL(uploaded.data.url, BASE).href;

  // --- A buyer on the store's product page (another origin), in a browser of their own.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const framed: string[] = [];
  buyer.on('console', (msg) => msg.type() === 'error' && framed.push(msg.text()));
  await buyer.goto(`${STORE_ORIGIN}/products/named-mug`);
  await expect(buyer.getByRole('button', { name: 'Personalize' })).toBeVisible();
  // The storefront script loads the loader with the page; once it holds the cart form, Add to cart
  // before personalising places nothing: it says why and opens the widget.
  await expect(buyer.locator('form[data-pod-guarded]')).toHaveCount(1);
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  const widgetDialog = buyer.getByRole('dialog', { name: 'Personalise this product' });
  await expect(widgetDialog).toBeVisible();
  await expect(buyer.getByRole('alert')).toHaveText('Please personalise this product before adding it to the cart.');
  expect(shop.orders).toEqual([]);
  const widget = buyer.frameLocator('iframe[title="Personalise this product"]');
  await expect(widget.getByRole('heading', { name: `Personalise ${title}` })).toBeVisible({ timeout: 30_000 });
  const preview = widget.getByRole('img', { name: `Preview of your personalised ${title}` });
  await expect(preview).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });

  // The limits hold: an empty required field is refused, typing stops at 12 characters.
  await widget.getByRole('button', { name: 'Add personalisation' }).click();
  await expect(widget.getByRole('alert')).toHaveText('"Name on the mug" is required');
  const name = widget.getByRole('textbox', { name: 'Name on the mug' });
  await name.fill('ALICE IN WONDERLAND');
  await expect(name).toHaveValue('ALICE IN WON');
  await name.fill('ALICE');
  await widget.getByRole('group', { name: 'Name on the mug: colour' }).getByRole('radio', { name: '#D62828' }).check();
  // The buyer's own photo replaces the merchant's picture.
  const blue = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 60, b: 220 } } })
    .png()
    .toBuffer();
  await widget.getByLabel('Your photo').setInputFiles({ name: 'my-photo.png', mimeType: 'image/png', buffer: blue });
  await expect(widget.getByRole('status').filter({ hasText: 'Your photo: picture uploaded' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => pixelsNear(buyer, 'canvas.pz-preview', [30, 60, 220], 50, 'iframe[title="Personalise this product"]'), { timeout: 60_000 })
    .toBeGreaterThan(200);
  // The live mockup redraws with the buyer's red name.
  await expect
    .poll(() => pixelsNear(buyer, 'canvas.pz-preview', [214, 40, 40], 70, 'iframe[title="Personalise this product"]'), { timeout: 60_000 })
    .toBeGreaterThan(50);
  await buyer.screenshot({ path: `${SHOTS}/widget-on-store-page.png` });

  await widget.getByRole('button', { name: 'Add personalisation' }).click();
  await expect(widgetDialog).toHaveCount(0);
  const form = buyer.locator('form[action="/cart/add"]');
  await expect(form.locator('input[name="properties[Name on the mug]"]')).toHaveValue('ALICE (#D62828)');
  const payload = JSON.parse(await form.locator(`input[name="properties[${PERSONALIZATION_PROPERTY}]"]`).inputValue()) as {
    v: number;
    values: Record<string, unknown>;
  };
  expect(payload.v).toBe(1);
  // In the design's order: the picture (at the bottom of the stack) first, then the name.
  expect(Object.values(payload.values)).toEqual([
    { image: { url: expect.stringMatching(/^\/prod-api\/storage\/buyer-images\//), width: 300, height: 300 } },
    { text: 'ALICE', color: '#D62828' },
  ]);
  await expect(form.locator('input[name="properties[Your photo]"]')).toHaveValue('uploaded picture');
  await expect(buyer.getByRole('button', { name: /Personalised/ })).toBeVisible();
  await expect(buyer.getByRole('alert')).toHaveCount(0);
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyer.getByRole('heading', { name: /Order #\d+ placed/ })).toBeVisible();
  await expect(buyer.getByText('webhooks: 200')).toBeVisible();
  expect(framed.filter((e) => /Content Security Policy|frame-ancestors|Refused/.test(e))).toEqual([]);
  await buyerContext.close();

  // --- The order arrives in Orders with the buyer's values, and its print file shows them.
  await page.goto('/orders');
  const row = page.getByRole('table').getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /^Details of order/ }).click();
  const values = page.getByRole('listitem', { name: `Personalisation of ${title}` });
  await expect(values.getByRole('definition')).toHaveText(['uploaded picture', 'ALICE (#D62828)']);
  await expect(values.getByRole('term')).toHaveText(['Your photo', 'Name on the mug']);
  await values.getByRole('button', { name: `Render the print file of ${title}` }).click();
  const printFile = values.getByRole('img', { name: new RegExp(`^Print file of ${title}`) });
  await expect(printFile).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => printFile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The merchant's text was near-black: red ink in the print is the buyer's name in the buyer's colour.
  expect(await pixelsNear(page, 'img.order-print-file', [214, 40, 40], 40)).toBeGreaterThan(200);
  // The buyer's blue photo in place of the merchant's green picture.
  expect(await pixelsNear(page, 'img.order-print-file', [30, 60, 220], 30)).toBeGreaterThan(1000);
  expect(await pixelsNear(page, 'img.order-print-file', [40, 170, 60], 30)).toBe(0);
  await printFile.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/order-print-file.png` });
  // The page's policy keeps fetch off blob: URLs; the image's own pixels are read back through a canvas.
  const dataUrl = await printFile.evaluate((img: HTMLImageElement) => {
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    c.getContext('2d')!.drawImage(img, 0, 0);
    return c.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  await writeFile(`${SHOTS}/print-file.png`, png);

  // The print design is the merchant's with the buyer's text in, the rest as designed.
  const orders = await json<{ rows: { id: number; items: { id: number; title: string }[] }[] }>(m.api.get('/prod-api/api/order/list'));
  const order = orders.rows.find((o) => o.items.some((i) => i.title === title))!;
  const print = await json<{
    data: { design: { flatDesignList: { designList: { type: string; text?: string; fill?: string; url?: string }[] }[] } };
  }>(m.api.get(`/prod-api/api/order/${order.id}/items/${order.items[0]!.id}/printDesign`));
  const elements = print.data.design.flatDesignList.flatMap((f) => f.designList);
  expect(elements.filter((e) => e.type === 'text')).toEqual([expect.objectContaining({ text: 'ALICE', fill: '#D62828' })]);
  expect(elements.filter((e) => e.type === 'image')).toEqual([expect.objectContaining({ url: expect.stringContaining('/buyer-images/') })]);
});

test('a required choice on a WooCommerce product page: Add to cart waits for the pick, the order shows it', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const m = await pool.account('personal-woo');
  // --- The merchant connects the WooCommerce store (its key grant, approved by the store's admin).
  const start = await json<{ data: { url: string } }>(
    m.api.post('/prod-api/woocommerce/woocommerce/connectWCForLogin', { data: { storeUrl: woo.url } }),
  );
  const approved = await woo.approve(start.data.url);
  expect(approved.callbackStatus).toBe(200);
  const bound = await json<{ data: { status: string } }>(
    m.api.post('/prod-api/woocommerce/woocommerce/connectResult', {
      data: { state: new URL(approved.returnUrl).searchParams.get('state') },
    }),
  );
  expect(bound.data.status).toBe('bound');
  await logIn(page, m);

  // --- A greeting buyers pick among two of the merchant's texts, each in its own colour.
  const dialog = await openMugDesigner(page);
  await dialog.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' }).fill('GREETINGS');
  const personal = dialog.getByRole('region', { name: 'Personalisation' });
  await personal.getByRole('checkbox', { name: 'Buyers personalise this text' }).check();
  await personal.getByRole('textbox', { name: 'Label buyers see' }).fill('Greeting');
  await personal.getByRole('checkbox', { name: 'Required' }).check();
  await personal.getByRole('radio', { name: 'pick one of your texts or colours' }).check();
  await personal.getByRole('textbox', { name: 'Option 1 label' }).fill('Birthday');
  await personal.getByRole('textbox', { name: 'Option 1 text' }).fill('HAPPY BIRTHDAY');
  await personal.getByLabel('Option 1 colour').fill('#d62828');
  await personal.getByRole('textbox', { name: 'Option 2 label' }).fill('Thanks');
  await personal.getByRole('textbox', { name: 'Option 2 text' }).fill('THANK YOU');
  await personal.getByLabel('Option 2 colour').fill('#1d4ed8');
  await expect(personal.getByRole('alert')).toHaveCount(0);
  await personal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/designer-choice.png` });
  const title = `Greeting Mug ${Date.now()}`;
  const myProductId = await saveDesign(page, m, dialog, title);
  const info = await json<{ data: { editObj: string } }>(m.api.get(`/prod-api/api/Myexclusive/getInfo/${myProductId}`));
  expect(info.data.editObj).toContain('"kind":"choice"');

  // --- Pushed to the WooCommerce store.
  await json(m.api.post(`/prod-api/api/sendProductShopify/addQueque/${myProductId}`));
  await expect
    .poll(() => [...woo.products.values()].find((p) => p.name === title)?.variations.length ?? 0, { timeout: 120_000 })
    .toBeGreaterThan(0);
  const inStore = [...woo.products.values()].find((p) => p.name === title)!;
  wooShop.productId = inStore.id;
  wooShop.variationId = inStore.variations[0]!.id;

  // --- A buyer on the store's product page (another origin).
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const refused: string[] = [];
  buyer.on('console', (msg) => msg.type() === 'error' && refused.push(msg.text()));
  await buyer.goto(`${STORE_ORIGIN}/product/greeting-mug/`);
  // The loader's button sits beside Add to cart.
  const personalize = buyer.getByRole('button', { name: 'Personalize' });
  await expect(personalize).toBeVisible();
  expect(await buyer.locator('form.cart button').evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim()))).toEqual([
    'Personalize',
    'Add to cart',
  ]);

  // Add to cart before picking: nothing reaches the store, a message says why and the widget opens.
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  const widgetDialog = buyer.getByRole('dialog', { name: 'Personalise this product' });
  await expect(widgetDialog).toBeVisible();
  await expect(buyer.getByRole('alert')).toHaveText('Please personalise this product before adding it to the cart.');
  expect(wooShop.posts).toEqual([]);

  const frame = 'iframe[title="Personalise this product"]';
  const widget = buyer.frameLocator(frame);
  await expect(widget.getByRole('heading', { name: `Personalise ${title}` })).toBeVisible({ timeout: 30_000 });
  const preview = widget.getByRole('img', { name: `Preview of your personalised ${title}` });
  await expect(preview).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });
  const greeting = widget.getByRole('group', { name: /^Greeting/ });
  await expect(greeting.getByRole('radio')).toHaveCount(2);
  // Nothing picked: the mockup shows the merchant's own (dark) greeting, in neither option's colour.
  const BLUE: [number, number, number] = [29, 78, 216];
  const RED: [number, number, number] = [214, 40, 40];
  expect(await pixelsNear(buyer, 'canvas.pz-preview', BLUE, 40, frame)).toBeLessThan(20);
  await greeting.getByRole('radio', { name: 'Birthday' }).check();
  await expect.poll(() => pixelsNear(buyer, 'canvas.pz-preview', RED, 50, frame), { timeout: 60_000 }).toBeGreaterThan(50);
  await greeting.getByRole('radio', { name: 'Thanks' }).check();
  await expect.poll(() => pixelsNear(buyer, 'canvas.pz-preview', BLUE, 40, frame), { timeout: 60_000 }).toBeGreaterThan(50);
  await expect.poll(() => pixelsNear(buyer, 'canvas.pz-preview', RED, 50, frame), { timeout: 30_000 }).toBeLessThan(20);
  await buyer.screenshot({ path: `${SHOTS}/widget-choice-on-woocommerce-page.png` });

  await widget.getByRole('button', { name: 'Add personalisation' }).click();
  await expect(widgetDialog).toHaveCount(0);
  await expect(buyer.getByRole('alert')).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: /Personalised/ })).toBeVisible();
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyer.getByRole('heading', { name: /Order \d+ received/ })).toBeVisible();
  await expect(buyer.getByText('webhooks: 200')).toBeVisible();
  expect(refused.filter((e) => /Content Security Policy|frame-ancestors|Refused/.test(e))).toEqual([]);
  await buyerContext.close();

  // What the form posted: the cart fields as WooCommerce has them, and the snippet's pod_properties.
  expect(wooShop.posts).toHaveLength(1);
  const posted = wooShop.posts[0]!;
  expect(posted).toContainEqual(['add-to-cart', String(wooShop.productId)]);
  expect(posted).toContainEqual(['variation_id', String(wooShop.variationId)]);
  const properties = posted.filter(([k]) => k.startsWith('pod_properties['));
  expect(properties.map(([k]) => k)).toEqual(['pod_properties[Greeting]', `pod_properties[${PERSONALIZATION_PROPERTY}]`]);
  expect(properties[0]![1]).toBe('Thanks');
  const payload = JSON.parse(properties[1]![1]) as { v: number; values: Record<string, unknown> };
  expect(payload).toEqual({ v: 1, values: { [Object.keys(payload.values)[0]!]: { option: 1 } } });

  // --- The store's order arrives in Orders with the option picked, and its print design has that text.
  await page.goto('/orders');
  const row = page.getByRole('table').getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /^Details of order/ }).click();
  const values = page.getByRole('listitem', { name: `Personalisation of ${title}` });
  await expect(values.getByRole('term')).toHaveText(['Greeting']);
  await expect(values.getByRole('definition')).toHaveText(['Thanks']);
  await values.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/order-choice.png` });
  const orders = await json<{ rows: { id: number; items: { id: number; title: string }[] }[] }>(m.api.get('/prod-api/api/order/list'));
  const order = orders.rows.find((o) => o.items.some((i) => i.title === title))!;
  const print = await json<{ data: { design: { flatDesignList: { designList: { type: string; text?: string; fill?: string }[] }[] } } }>(
    m.api.get(`/prod-api/api/order/${order.id}/items/${order.items[0]!.id}/printDesign`),
  );
  const texts = print.data.design.flatDesignList.flatMap((f) => f.designList).filter((e) => e.type === 'text');
  expect(texts).toEqual([expect.objectContaining({ text: 'THANK YOU', fill: '#1D4ED8' })]);
});
