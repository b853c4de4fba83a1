/**
 * Store connections from the merchant's side, against the built app, the real server and a
 * loopback Shopify stand-in (tests/server/stand-ins/shopify.ts, Shopify's documented OAuth,
 * GraphQL Admin and webhook contract) that this spec starts on the port the server is pointed at
 * (tests/e2e/shops-env.ts). Covers: connecting a store through the add-store dialog and the
 * install page, a push going from queued to done, the product with its variants and images in
 * the store, a store order arriving in Orders, the store switch, default and transfer, the
 * keyboard path through the add-store dialog and Etsy's disclaimer before authorisation.
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { codeFromOutbox } from './outbox';
import sharp from 'sharp';
import { BASE, json, logIn, merchantPool, toast, type Merchant } from './merchants';
import { ETSY_STANDIN_PORT, ETSY_TEST_APP, SHOPIFY_STANDIN_PORT, SHOPIFY_TEST_APP } from './shops-env';
import { startLoopbackProxy } from './loopback-proxy';
import { startShopifyStandIn, type ShopifyStandIn } from '../server/stand-ins/shopify';
import { startEtsyStandIn, type EtsyStandIn } from '../server/stand-ins/etsy';
import { startWooCommerceStandIn } from '../server/stand-ins/woocommerce';
import { ShopMessages } from '../../contract/shops';

interface CatalogVariant {
  id: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
}
interface CatalogProduct {
  id: number;
  options: { position: number; isColor: boolean; values: { name: string; hex: string | null }[] }[];
  variants: CatalogVariant[];
}

let standIn: ShopifyStandIn;
let etsy: EtsyStandIn;
let etsyProxy: { close(): Promise<void> };
let product: CatalogProduct;
const pool = merchantPool();
const { account } = pool;

/** Connects a stand-in store without a browser: the same install link, consent and callback the page uses. */
async function connectByApi(m: Merchant, shop: string): Promise<void> {
  const start = await json<{ data: { url: string } }>(m.api.post('/prod-api/api/shopifyauthShopify', { params: { shop } }));
  const callback = new URL(await standIn.approve(start.data.url));
  await json(m.api.post('/prod-api/api/shopifyOAuth/bindShop', { data: Object.fromEntries(callback.searchParams) }));
}

async function uploadJpeg(m: Merchant, color: string, label: string): Promise<string> {
  const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const res = await json<{ data: { url: string } }>(
    m.api.post('/prod-api/api/uploadsImg/uploadCustomizedNoPrefix', {
      multipart: { avatarfile: { name: `${label}.jpg`, mimeType: 'image/jpeg', buffer } },
    }),
  );
  return res.data.url;
}

/** A saved product in two colours with a front view per colour, as the designer saves it. */
async function saveProduct(m: Merchant, title: string): Promise<{ id: number; variantCount: number; imageCount: number }> {
  const colour = product.options.find((o) => o.isColor)!;
  const colourOf = (v: CatalogVariant) => (colour.position === 1 ? v.option1 : colour.position === 2 ? v.option2 : v.option3);
  const colours = colour.values.slice(0, 2);
  const variants = product.variants.filter((v) => colours.some((c) => c.name === colourOf(v)));
  const saved = await json<{ data: { id: number } }>(
    m.api.post('/prod-api/api/Myexclusive/add', {
      data: {
        productfid: product.id,
        title,
        colorIds: colours.map((c) => ({ id: c.name, color: c.hex })),
        variants: variants.map((v) => ({ variantId: v.id, price: 2500 })),
      },
    }),
  );
  const list = [];
  for (const c of colours) {
    list.push({
      url: await uploadJpeg(m, c.hex!, `front-${c.name}`),
      viewId: 'front',
      viewName: 'Front',
      colorValue: c.hex,
      colorName: c.name,
      variantIds: variants.filter((v) => colourOf(v) === c.name).map((v) => v.id),
    });
  }
  await json(m.api.post('/prod-api/api/editImages/addImagesEditList', { data: { productId: saved.data.id, list } }));
  return { id: saved.data.id, variantCount: variants.length, imageCount: list.length };
}

test.beforeAll(async () => {
  // The server under test has only an http address, which real Shopify refuses for webhooks.
  standIn = await startShopifyStandIn({ ...SHOPIFY_TEST_APP, port: SHOPIFY_STANDIN_PORT, insecureWebhooks: true });
  etsy = await startEtsyStandIn(ETSY_TEST_APP);
  etsyProxy = await startLoopbackProxy(ETSY_STANDIN_PORT, etsy.url);
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const list = await json<{ rows: { id: number; colors: unknown[] }[] }>(
    api.get('/prod-api/api/product/productsCatalogList', { params: { pageSize: 25 } }),
  );
  const pick = list.rows.find((r) => r.colors.length >= 2)!;
  product = (await json<{ data: CatalogProduct }>(api.get(`/prod-api/api/product/getInfo/${pick.id}`))).data;
  await api.dispose();
});

test.afterAll(async () => {
  await pool.dispose();
  await standIn?.close();
  await etsyProxy?.close();
  await etsy?.close();
});

test('connect a Shopify store, push a product from queued to done, and its store order arrives in Orders', async ({ page }) => {
  test.setTimeout(150_000);
  const m = await account('pusher');
  const saved = await saveProduct(m, 'Stand-in Tee');
  await logIn(page, m);
  await page.goto('/dashboard');
  await expect(page.getByText('No store connected yet.')).toBeVisible();

  // Add Store → Shopify (the default type) → the store's install page → back to /auth/shopify.
  await page.getByRole('button', { name: 'Add Store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add store' });
  await expect(dialog.getByText('Please Select the store type and install it.')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Shopify/ })).toBeChecked();
  await dialog.getByLabel('Shopify store address').fill('tee-works');
  await dialog.getByRole('button', { name: 'Install Shopify app' }).click();
  await expect(page.getByRole('heading', { name: 'Install POD Studio on tee-works.myshopify.com' })).toBeVisible();
  await page.getByRole('button', { name: 'Install app' }).click();

  await expect(page).toHaveURL(/\/my-account\?tabname=stores$/);
  await expect(toast(page, 'Your Shopify store is connected')).toBeVisible();
  const stores = page.getByRole('list', { name: 'Connected stores' });
  await expect(stores.getByRole('listitem', { name: 'Tee Works' })).toContainText('Shopify');
  await expect(stores.getByRole('listitem', { name: 'Tee Works' }).getByText('Now')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Push queue' })).toBeVisible();
  await expect(page.getByText('Nothing has been pushed to this store yet.')).toBeVisible();

  // The store answers the first attempt with a 500: the push stays queued for its retry.
  // (Only the product write fails: the button's token check before queueing goes through.)
  standIn.failNext('500', 1, 2, 'PodProductSet');
  await page.goto('/my-products');
  await page.getByRole('button', { name: 'Push Stand-in Tee to store' }).click();
  await expect(toast(page, ShopMessages.pushQueued)).toBeVisible();
  await page.goto('/my-account?tabname=stores');
  const queue = page.getByRole('table');
  const row = queue.getByRole('row', { name: /Stand-in Tee/ });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Queued')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Done')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await expect(row).toContainText('Push');

  // The store holds the product with every variant and the view images.
  const inStore = [...standIn.shop('tee-works.myshopify.com').products.values()];
  expect(inStore.map((p) => p.title)).toEqual(['Stand-in Tee']);
  expect(inStore[0]!.variants).toHaveLength(saved.variantCount);
  expect(inStore[0]!.variants.every((v) => v.price === '25.00')).toBe(true);
  expect(inStore[0]!.media.length).toBe(saved.imageCount);
  expect(inStore[0]!.media.every((x) => x.src.startsWith(`${BASE}/prod-api/`))).toBe(true);

  // The finished push is unread until marked read.
  await row.getByRole('button', { name: 'Mark Stand-in Tee as read' }).click();
  await expect(row.getByRole('button', { name: 'Mark Stand-in Tee as read' })).toHaveCount(0);

  // A customer orders it in the store: the signed webhook brings the order into Orders.
  const { deliveries } = await standIn.createOrder('tee-works.myshopify.com', [{ variantId: inStore[0]!.variants[0]!.id, quantity: 2 }]);
  expect(deliveries.map((d) => d.status)).toContain(200);
  await page.goto('/orders');
  const orders = page.getByRole('table');
  await expect(orders.getByRole('row', { name: /Stand-in Tee/ })).toBeVisible();
  await expect(orders.getByRole('row', { name: /Stand-in Tee/ })).toContainText('2');
});

test('the add-store dialog works by keyboard and says what is wrong with an address', async ({ page }) => {
  const m = await account('solo');
  await logIn(page, m);
  await page.goto('/dashboard');
  const add = page.getByRole('button', { name: 'Add Store' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add store' });
  await expect(dialog).toBeVisible();

  // Into the radio group, then arrows choose the type: 1 Etsy, 2 WooCommerce, 3 Shopify.
  await dialog.getByRole('radio', { name: /Shopify/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('radio', { name: /WooCommerce/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /WooCommerce/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('WordPress store address')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please enter the address of your WordPress store, e.g. https://your-store.com')).toBeVisible();
  await page.keyboard.type('not a store');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please enter the address of your WordPress store, e.g. https://your-store.com')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await dialog.getByRole('radio', { name: /WooCommerce/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /Shopify/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('bad_domain!');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please enter your store address, e.g. your-store.myshopify.com')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Without a store, the go-to-store icon opens the store authorisation dialog instead.
  await page.getByRole('button', { name: 'Go to store' }).click();
  await expect(page.getByRole('dialog', { name: 'Store authorization' }).getByRole('radio', { name: /Shopify/ })).toBeChecked();
});

test("Etsy shows its disclaimer before authorisation, then connects through Etsy's consent page", async ({ page }) => {
  const m = await account('solo');
  const seller = etsy.addSeller({ email: `seller${Date.now()}@example.com`, shopName: 'CraftyCorner' });
  await logIn(page, m);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add Store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add store' });
  await dialog.getByRole('radio', { name: /Etsy/ }).check();
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/etsy/auth')) asked = true;
  });
  await dialog.getByRole('button', { name: 'Connect Etsy' }).click();
  const disclaimer = page.getByRole('dialog', { name: 'Etsy' });
  await expect(disclaimer).toContainText(
    'The term "Etsy" is a trademark of Etsy, Inc. This application uses the Etsy API but is not endorsed or certified by Etsy, Inc.',
  );
  expect(asked).toBe(false);
  await disclaimer.getByRole('button', { name: 'Cancel' }).click();
  await expect(disclaimer).toBeHidden();
  expect(asked).toBe(false);

  // Agreeing asks the server for the consent link (PKCE, state) and goes there.
  await dialog.getByRole('button', { name: 'Connect Etsy' }).click();
  await disclaimer.getByRole('button', { name: 'Continue to Etsy' }).click();
  await expect(page.getByRole('heading', { name: 'Grant access to your Etsy account?' })).toBeVisible();
  expect(asked).toBe(true);
  await page.getByLabel('User').fill(String(seller.userId));
  await page.getByRole('button', { name: 'Allow Access' }).click();

  await expect(page).toHaveURL(/\/my-account\?tabname=stores$/);
  await expect(toast(page, 'Your Etsy store is connected')).toBeVisible();
  const store = page.getByRole('list', { name: 'Connected stores' }).getByRole('listitem', { name: 'CraftyCorner' });
  await expect(store).toContainText('Etsy');
  await expect(store.getByRole('link', { name: 'Open store' })).toHaveAttribute('href', 'https://www.etsy.com/shop/CraftyCorner');
});

test("declining on Etsy's consent page says so and offers to try again", async ({ page }) => {
  const m = await account('solo');
  await logIn(page, m);
  await page.goto('/auth/etsy');
  await page.getByRole('button', { name: 'Connect Etsy' }).click();
  await page.getByRole('dialog', { name: 'Etsy' }).getByRole('button', { name: 'Continue to Etsy' }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/auth\/etsy\?.*error=access_denied/);
  await expect(page.getByRole('alert')).toHaveText('The Etsy authorization was cancelled.');
  await expect(page.getByRole('button', { name: 'Connect Etsy' })).toBeVisible();
});

test('switching refuses the current store, switches to another, sets the default and transfers a store', async ({ page }) => {
  const m = await account('multi');
  const other = await account('owner', 'owner@claimed-shop.example');
  await connectByApi(m, 'first-shop');
  await connectByApi(m, 'second-shop');
  await logIn(page, m);

  // The last connected store is current; the header's switch shows its name cut to 6 characters.
  await page.goto('/');
  // By keyboard: the popover also opens on hover, which a mouse click would toggle shut again.
  await page.getByRole('button', { name: 'Switch store' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Switch store' });
  await expect(panel.getByRole('list', { name: 'Your stores' })).toContainText('Second...');
  await panel.getByRole('button', { name: 'Now' }).click();
  await expect(toast(page, 'This is already the current store')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Switch store' })).toBeHidden();

  await panel.getByRole('button', { name: 'Switch to First Shop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Switch store' });
  await expect(confirm).toContainText('Switch to First Shop?');
  await confirm.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByRole('button', { name: 'Switch store' })).toHaveText('First ...');
  const info = await json<{ user: { shopid: number; sShops: { id: number; simplename: string }[] } }>(
    m.api.get('/prod-api/api/user/getInfo'),
  );
  expect(info.user.sShops.find((s) => s.id === info.user.shopid)?.simplename).toBe('First Shop');

  // Stores tab: default and transfer.
  await page.goto('/my-account?tabname=stores');
  const stores = page.getByRole('list', { name: 'Connected stores' });
  await expect(stores.getByRole('listitem', { name: 'First Shop' }).getByText('Default', { exact: true })).toBeVisible();
  await stores.getByRole('button', { name: 'Set Second Shop as default' }).click();
  await expect(toast(page, 'Default store set')).toBeVisible();
  await expect(stores.getByRole('listitem', { name: 'Second Shop' }).getByText('Default', { exact: true })).toBeVisible();
  await expect(stores.getByRole('listitem', { name: 'First Shop' }).getByText('Default', { exact: true })).toHaveCount(0);

  await stores.getByRole('button', { name: 'Transfer Second Shop' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer store' });
  await transfer.getByLabel('Email of the receiving account').fill(m.email);
  await transfer.getByRole('button', { name: 'Send code' }).click();
  await expect(transfer.getByRole('alert')).toHaveText('The store is already on this account');
  await transfer.getByLabel('Email of the receiving account').fill(other.email);
  await transfer.getByRole('button', { name: 'Send code' }).click();
  // Sent: the newest mail to the receiver is now the transfer code, not the sign-up one.
  await expect(transfer.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await transfer.getByLabel('Email verification code').fill(await codeFromOutbox(other.email));
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'The store has been transferred')).toBeVisible();
  await expect(stores.getByRole('listitem')).toHaveCount(1);
  await expect(stores.getByRole('listitem', { name: 'First Shop' })).toBeVisible();
  const theirs = await json<{ data: { simplename: string }[] }>(other.api.get('/prod-api/api/stores/list'));
  expect(theirs.data.map((s) => s.simplename)).toEqual(['Second Shop']);
});

test('a store connected without a login becomes a new account with a password', async ({ page }) => {
  // Without a claim, /auth/set-password stays the first-password page of store-made accounts.
  await page.goto('/auth/set-password');
  await expect(page.getByText('Your account was created through your store.')).toBeVisible();

  await page.goto('/auth/shopify');
  await expect(page.getByRole('heading', { name: 'Connect Shopify' })).toBeVisible();
  await page.getByLabel('Shopify store address').fill('fresh-owner.myshopify.com');
  await page.getByRole('button', { name: 'Install Shopify app' }).click();
  await page.getByRole('button', { name: 'Install app' }).click();

  await expect(page).toHaveURL(/\/auth\/set-password\?claim=/);
  await expect(page.getByText('fresh-owner.myshopify.com is connected.')).toBeVisible();
  await expect(page.getByText('owner@fresh-owner.example')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The password is 6-20 characters, not contain space.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('owner1234');
  await page.getByLabel('Confirm password').fill('owner1234');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('One store connected.')).toBeVisible();

  const anon = await playwrightRequest.newContext({ baseURL: BASE });
  await json(anon.post('/prod-api/api/user/login', { data: { username: 'owner@fresh-owner.example', password: 'owner1234' } }));
  await anon.dispose();
});

test('a store connected without a login whose e-mail has an account is added after logging in', async ({ page }) => {
  await account('owner', 'owner@claimed-shop.example');
  await page.goto('/auth/shopify');
  await page.getByLabel('Shopify store address').fill('claimed-shop');
  await page.getByRole('button', { name: 'Install Shopify app' }).click();
  await page.getByRole('button', { name: 'Install app' }).click();

  await expect(page).toHaveURL(/\/auth\/store-login\?claim=/);
  await expect(page.getByRole('heading', { name: 'Store login' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Store login' });
  await expect(form.getByLabel('Email')).toHaveValue('owner@claimed-shop.example');
  // A wrong password changes nothing: no session, the store still waits.
  await form.getByLabel('Password').fill('wrongpass');
  await form.getByRole('button', { name: 'Log in and add the store' }).click();
  await expect(form.getByRole('alert')).toHaveText('Incorrect email address or password');
  await form.getByLabel('Password').fill('secret123');
  await form.getByRole('button', { name: 'Log in and add the store' }).click();
  await expect(page).toHaveURL(/\/my-account\?tabname=stores$/);
  await expect(toast(page, 'claimed-shop.myshopify.com is now connected to your account')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Connected stores' }).getByRole('listitem', { name: 'Claimed Shop' })).toBeVisible();
});

test('connect a WooCommerce store through its key grant and push a product to it', async ({ page }) => {
  test.setTimeout(90_000);
  const wc = await startWooCommerceStandIn();
  try {
    const m = await account('solo');
    const saved = await saveProduct(m, 'Woo Hoodie');
    await logIn(page, m);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Add Store' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add store' });
    await dialog.getByRole('radio', { name: /WooCommerce/ }).check();
    await dialog.getByLabel('WordPress store address').fill(wc.url);
    await dialog.getByRole('button', { name: 'Connect WooCommerce' }).click();

    // The store's key grant page; its admin approves (WooCommerce posts the keys to the server).
    await expect(page.getByRole('heading', { name: 'POD Studio would like to connect to your store' })).toBeVisible();
    const { callbackStatus, returnUrl } = await wc.approve(page.url());
    expect(callbackStatus).toBe(200);
    await page.goto(returnUrl);
    await expect(page).toHaveURL(/\/my-account\?tabname=stores$/);
    await expect(toast(page, 'Your WooCommerce store is connected')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Connected stores' }).getByRole('listitem', { name: '127.0.0.1' })).toContainText(
      'WooCommerce',
    );

    await json(m.api.post(`/prod-api/api/sendProductShopify/addQueque/${saved.id}`));
    const row = page.getByRole('table').getByRole('row', { name: /Woo Hoodie/ });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByText('Done')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 45_000 });
    const inStore = [...wc.products.values()];
    expect(inStore.map((p) => p.name)).toEqual(['Woo Hoodie']);
    expect(inStore[0]!.variations).toHaveLength(saved.variantCount);
  } finally {
    await wc.close();
  }
});
