/**
 * Commerce as a merchant in real Chromium against the built app and a real server: a saved
 * product's two variants and a catalogue sample in the cart → address → order → pay by balance →
 * the order is Processing and the balance and payment records moved by exactly the total; the cart
 * popover's empty state and count; delete with confirmation (and a failed delete changing nothing);
 * the ship-from rules' messages; a coupon bound and unbound; the orders page's tabs, sorting, page
 * sizes, detail, cancel and tracking; a visitor's cart → login → cart.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPS_TOKEN } from './env';

const DEMO = { email: 'demo@example.com', password: 'demo1234' };
interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
  rows?: T;
  total?: number;
}

async function api<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Env<T>> {
  const res = await request.fetch(`/prod-api${path}`, {
    method,
    ...(body !== undefined ? { data: body } : {}),
    ...(headers ? { headers } : {}),
  });
  return (await res.json()) as Env<T>;
}

async function ok<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Env<T>> {
  const env = await api<T>(request, method, path, body);
  expect(env.code, `${path}: ${env.msg}`).toBe(200);
  return env;
}

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

interface Variant {
  id: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  cost: number;
}
interface Product {
  id: number;
  title: string;
  variants: Variant[];
}
interface CartGroup {
  shipTrolleyItemList: { id: number; title: string; variantTitle: string }[];
}

const variantName = (v: Variant) => [v.option1, v.option2, v.option3].filter(Boolean).join(' / ') || 'Default';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The nth product shipping from a place that has at least two variants. */
async function productFrom(request: APIRequestContext, shipFrom: 'CN' | 'US' | 'AU', nth = 0): Promise<Product> {
  const list = await ok<{ id: number }[]>(request, 'GET', `/api/product/productsCatalogList?shipFrom=${shipFrom}&pageSize=25`);
  let seen = 0;
  for (const row of list.rows ?? []) {
    const info = await ok<Product>(request, 'GET', `/api/product/getInfo/${row.id}`);
    if (info.data.variants.length >= 2 && seen++ === nth) return info.data;
  }
  throw new Error(`no product #${nth} from ${shipFrom}`);
}

async function emptyCart(request: APIRequestContext) {
  const cart = await ok<CartGroup[]>(request, 'GET', '/api/shipTrolley/getShipTrolleyList');
  for (const g of cart.data) for (const i of g.shipTrolleyItemList) await ok(request, 'POST', `/api/shipTrolley/deleteShipTrolley/${i.id}`);
}

async function cancelPending(request: APIRequestContext) {
  const list = await ok<{ id: number }[]>(request, 'GET', '/api/order/list?tab=ORDER_PENDING&pageSize=25');
  for (const o of list.rows ?? []) await ok(request, 'POST', `/api/order/cancelOrder/${o.id}`);
}

async function defaultAddress(request: APIRequestContext, country: string) {
  await ok(request, 'POST', '/api/shipAddress/addShipAddress', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address1: '1 Main St',
    city: 'Springfield',
    country_code: country,
    isDefault: true,
  });
}

/** A pending order of one catalogue line, made through the API (the UI path is the first test's). */
async function pendingOrder(
  request: APIRequestContext,
  productId: number,
  quantity: number,
): Promise<{ id: number; orderNo: string; subtotal: number; total: number }> {
  const line = await ok<{ id: number }>(request, 'POST', '/api/shipTrolley/addShipTrolley', { productid: productId, quantity });
  return (
    await ok<{ id: number; orderNo: string; subtotal: number; total: number }>(request, 'POST', '/api/order/shoppingCartOrder', {
      ids: [line.data.id],
    })
  ).data;
}

const balanceOf = async (request: APIRequestContext) =>
  (await ok<{ balance: number }>(request, 'GET', '/api/balance/getBalance')).data.balance;

test('a visitor going to the cart logs in first, then lands on the cart', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Cart, 0 items' });
  await button.hover();
  const panel = page.getByRole('region', { name: 'Cart, 0 items' });
  await expect(panel.getByText('Your cart is empty.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Design product' })).toHaveAttribute('href', '/all-products');
  await panel.getByRole('button', { name: 'Go to cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to POD Studio' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(DEMO.email);
  await dialog.getByLabel('Password').fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
});

test('two variants of a saved product and a sample → address → order → pay by balance: Processing, balance and records move by the total', async ({
  page,
}) => {
  await logIn(page);
  const request = page.request;
  await emptyCart(request);
  await cancelPending(request);

  // A saved product ("My products") with two variants, and a catalogue sample.
  const base = await productFrom(request, 'CN', 0);
  const [v1, v2] = base.variants;
  const saved = await ok<{ id: number }>(request, 'POST', '/api/Myexclusive/add', {
    productfid: base.id,
    title: 'E2E Studio Tee',
    variants: [{ variantId: v1!.id }, { variantId: v2!.id }],
  });
  const sample = await productFrom(request, 'CN', 1);
  await ok(request, 'POST', '/api/shipTrolley/addShipTrolley', { productid: sample.id, quantity: 1 });
  await ok(request, 'POST', '/api/shipTrolley/addShipTrolley', {
    productid: base.id,
    myProductId: saved.data.id,
    variantsid: v1!.id,
    quantity: 1,
  });

  await page.goto('/shopping-cart');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  // The second variant through the cart's own "Add variants".
  await page.getByRole('button', { name: 'Add variants of E2E Studio Tee' }).click();
  const add = page.getByRole('dialog', { name: 'Add variants' });
  await add.getByRole('textbox', { name: new RegExp(`^${escapeRe(variantName(v2!))} `) }).fill('2');
  await add.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await expect(page.getByRole('row', { name: `E2E Studio Tee ${variantName(v2!)}` })).toBeVisible();

  // A new address (the demo merchant's first one in this run, or another).
  await page.getByRole('button', { name: 'Add address' }).click();
  const form = page.getByRole('dialog', { name: 'Add address' });
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Address line 1').fill('12 Harbour Road');
  await form.getByLabel('City').fill('Boston');
  await form.getByLabel('Country').selectOption('US');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('radio', { name: /Grace/ })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Shipping from China' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Shipping from China' }).getByRole('radio', { checked: true })).toHaveCount(1);

  await page.getByRole('button', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/shopping-cart\/pay\?orderId=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  const detail = (
    await ok<{ orderNo: string; total: number; items: { title: string; quantity: number; myProductId: number | null }[] }>(
      request,
      'GET',
      `/api/order/detail/${orderId}`,
    )
  ).data;
  expect(detail.items.map((i) => [i.title, i.quantity, i.myProductId]).sort()).toEqual(
    [
      ['E2E Studio Tee', 1, saved.data.id],
      ['E2E Studio Tee', 2, saved.data.id],
      [sample.title, 1, null],
    ].sort(),
  );
  await expect(page.getByTestId('order-total')).toHaveText(`$${(detail.total / 100).toFixed(2)}`);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  const before = await balanceOf(request);
  expect(before).toBeGreaterThanOrEqual(detail.total);
  const total = `$${(detail.total / 100).toFixed(2)}`;
  await page.getByRole('button', { name: `Pay ${total} with Balance` }).click();
  // Nothing is paid until the amount and the balance left are confirmed; Cancel changes nothing.
  const confirmPay = page.getByRole('dialog', { name: 'Pay with Balance' });
  await expect(confirmPay).toContainText(`Pay ${total} for order ${detail.orderNo} from your balance?`);
  await expect(confirmPay).toContainText(`Your balance will be $${((before - detail.total) / 100).toFixed(2)} afterwards.`);
  await confirmPay.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmPay).toBeHidden();
  expect(await balanceOf(request)).toBe(before);
  await page.getByRole('button', { name: `Pay ${total} with Balance` }).click();
  await confirmPay.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/orders\?tabname=ORDER_PROCESSING$/);
  const row = page.getByRole('row', { name: new RegExp(detail.orderNo) });
  await expect(row).toContainText('Processing');

  expect(await balanceOf(request)).toBe(before - detail.total);
  const records = await ok<{ type: number; typeName: string; amount: number; balanceChange: number; orderId: number }[]>(
    request,
    'GET',
    '/api/balance/list?pageSize=5',
  );
  expect(records.rows![0]).toMatchObject({
    type: 1,
    typeName: 'Paid with Balance',
    amount: detail.total,
    balanceChange: -detail.total,
    orderId,
  });

  await row.getByRole('button', { name: `Details of order ${detail.orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${detail.orderNo}` });
  await expect(dialog).toContainText(`Paid with Balance: $${(detail.total / 100).toFixed(2)} · succeeded`);
  await expect(dialog).toContainText('12 Harbour Road');

  // The menus' plain /orders link opens the tab with the order just paid, not an empty Pending one.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/orders\?tabname=ORDER_PROCESSING$/);
  await expect(page.getByRole('tab', { name: /Processing/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: new RegExp(detail.orderNo) })).toBeVisible();
});

test('the cart popover counts lines; delete asks first, and a failed delete changes nothing', async ({ page }) => {
  await logIn(page);
  const request = page.request;
  await emptyCart(request);
  const p = await productFrom(request, 'CN', 2);
  const [a, b] = p.variants;
  await ok(request, 'POST', '/api/shipTrolley/addShipTrolleyVariants', {
    productid: p.id,
    variants: [
      { variantsid: a!.id, quantity: 1 },
      { variantsid: b!.id, quantity: 3 },
    ],
  });

  await page.goto('/all-products');
  await page.getByRole('button', { name: 'Cart, 2 items' }).hover();
  const panel = page.getByRole('region', { name: 'Cart, 2 items' });
  await expect(panel.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(2);

  await page.goto('/shopping-cart');
  const rowA = page.getByRole('row', { name: `${p.title} ${variantName(a!)}` });
  await rowA.getByRole('button', { name: `Delete ${p.title} ${variantName(a!)}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Message' });
  await expect(confirm).toContainText('Are you sure you want to delete this item from the cart?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowA).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await rowA.getByRole('button', { name: `Delete ${p.title} ${variantName(a!)}` }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(rowA).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The other line is deleted elsewhere (another tab): this page's delete now fails and changes nothing here.
  const rowB = page.getByRole('row', { name: `${p.title} ${variantName(b!)}` });
  const cart = await ok<CartGroup[]>(request, 'GET', '/api/shipTrolley/getShipTrolleyList');
  await ok(request, 'POST', `/api/shipTrolley/deleteShipTrolley/${cart.data[0]!.shipTrolleyItemList[0]!.id}`);
  await rowB.getByRole('button', { name: `Delete ${p.title} ${variantName(b!)}` }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This cart item does not exist' })).toBeVisible();
  await expect(rowB).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('the ship-from rules: USA items only to the US, Australian items only to AU/NZ', async ({ page }) => {
  await logIn(page);
  const request = page.request;
  await emptyCart(request);
  const us = await productFrom(request, 'US', 0);
  const au = await productFrom(request, 'AU', 0);
  await ok(request, 'POST', '/api/shipTrolley/addShipTrolley', { productid: us.id, quantity: 1 });
  await ok(request, 'POST', '/api/shipTrolley/addShipTrolley', { productid: au.id, quantity: 1 });
  await defaultAddress(request, 'GB');

  await page.goto('/shopping-cart');
  await expect(page.getByRole('alert').filter({ hasText: /^Only Ship to USA$/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /^Only Ship to Australia and New Zealand$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check out' })).toBeDisabled();

  // To Australia the Australian parcel can go; the US one still cannot.
  await page.getByRole('button', { name: 'Edit address of Ada' }).first().click();
  const form = page.getByRole('dialog', { name: 'Edit address' });
  await form.getByLabel('Country').selectOption('AU');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('group', { name: 'Shipping from Australia' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /^Only Ship to USA$/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /^Only Ship to Australia and New Zealand$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Check out' })).toBeDisabled();
  await emptyCart(request);
});

test('coupons: copy the invite link, receive a coupon, bind it to an order and unbind it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page);
  const request = page.request;
  await emptyCart(request);
  await cancelPending(request);
  await defaultAddress(request, 'US');

  await page.goto('/coupons');
  const link = page.getByRole('textbox', { name: 'Your invite link' });
  await expect(link).toHaveValue(/\/share-coupon\/[A-Za-z0-9_-]{12}$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successful copy' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

  await page.getByRole('button', { name: 'Receive 10% off orders over $50' }).click();
  const got = page.getByRole('dialog', { name: 'You got a discount' });
  await expect(got).toContainText('10% off orders over $50');
  await got.getByRole('button', { name: 'View my coupons' }).click();
  await expect(page.getByRole('list', { name: 'My coupons' })).toContainText('10% off orders over $50');

  // An order over $50, so the coupon applies.
  const p = await productFrom(request, 'CN', 3);
  const quantity = Math.ceil(5000 / p.variants[0]!.cost) + 1;
  const order = await pendingOrder(request, p.id, quantity);
  await page.goto(`/shopping-cart/pay?orderId=${order.id}`);
  await expect(page.getByTestId('order-total')).toHaveText(`$${(order.total / 100).toFixed(2)}`);
  await page.getByRole('radio', { name: /10% off orders over \$50/ }).check();
  await page.getByRole('button', { name: 'Use coupon' }).click();
  const discount = Math.round(order.subtotal / 10);
  await expect(page.getByTestId('order-total')).toHaveText(`$${((order.total - discount) / 100).toFixed(2)}`);
  const bound = (await ok<{ total: number; discount: number }>(request, 'GET', `/api/order/detail/${order.id}`)).data;
  expect([bound.discount, bound.total]).toEqual([discount, order.total - discount]);

  await page.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(page.getByTestId('order-total')).toHaveText(`$${(order.total / 100).toFixed(2)}`);
  // Providers without keys say so (PayPal has the stand-in's, see payments-env.ts).
  await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Credit Card: not configured' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Stripe: not configured' })).toBeDisabled();
  await ok(request, 'POST', `/api/order/cancelOrder/${order.id}`);
});

test('orders: tabs, statistics, page sizes, sorting, detail, cancel, and a shipped order with its tracking link', async ({ page }) => {
  await logIn(page);
  const request = page.request;
  await emptyCart(request);
  await cancelPending(request);
  await defaultAddress(request, 'US');
  const p = await productFrom(request, 'CN', 0);
  const made: { id: number; orderNo: string }[] = [];
  for (let i = 0; i < 6; i += 1) made.push(await pendingOrder(request, p.id, 1 + i));

  await page.goto('/orders');
  await expect(page.getByRole('tab', { name: /Pending Payment/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /Pending Payment/ })).toContainText('6 orders');
  // The statistics as a bar chart: a row per status (a bar where there are orders), its summary naming the counts.
  const chart = page.getByRole('img', { name: /^Orders by status: Pending Payment 6, Processing \d+/ });
  // Axis labels wrap into lines of their own, so the words meet without a space.
  await expect(chart.locator('svg.recharts-surface')).toHaveText(/Pending\s*Payment\s*Processing\s*Shipped\s*Cancelled\s*Failed/);
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(6);

  await page.getByLabel('Per page').selectOption('5');
  await expect(page).toHaveURL(/pageSize=5/);
  await expect(rows).toHaveCount(5);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/pageNum=2/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(made[0]!.orderNo);

  await page.getByLabel('Sort by').selectOption('created_asc');
  await expect(page).toHaveURL(/sort=created_asc/);
  await expect(page).not.toHaveURL(/pageNum=/);
  await expect(rows.first()).toContainText(made[0]!.orderNo);
  await expect(rows).toHaveCount(5);

  await page.getByRole('button', { name: `Details of order ${made[1]!.orderNo}` }).click();
  const detail = page.getByRole('dialog', { name: `Order ${made[1]!.orderNo}` });
  await expect(detail).toContainText('No payment yet.');
  await expect(detail).toContainText('1 Main St');
  await expect(detail.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Cancel order ${made[0]!.orderNo}` }).click();
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row', { name: new RegExp(made[0]!.orderNo) })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Pending Payment/ })).toContainText('5 orders');

  // Paid and shipped by the operator: the Shipped tab shows it with its tracking link.
  await ok(request, 'POST', '/api/order/payOrder', { orderId: made[2]!.id });
  const shipped = await api(
    request,
    'POST',
    `/ops/orders/${made[2]!.id}/fulfil`,
    { tracking: 'YT2499001122' },
    { authorization: `Bearer ${E2E_OPS_TOKEN}` },
  );
  expect(shipped.code, shipped.msg).toBe(200);
  await page.getByRole('tab', { name: /Shipped/ }).click();
  await expect(page).toHaveURL(/tabname=ORDER_FULFILLED/);
  const shippedRow = page.getByRole('row', { name: new RegExp(made[2]!.orderNo) });
  await expect(shippedRow).toContainText('Shipped');
  await shippedRow.getByRole('button', { name: `Details of order ${made[2]!.orderNo}` }).click();
  const shippedDetail = page.getByRole('dialog', { name: `Order ${made[2]!.orderNo}` });
  await expect(shippedDetail).toContainText('Tracking number YT2499001122');
  await expect(shippedDetail.getByRole('link', { name: 'Track parcel' })).toHaveAttribute('href', /YT2499001122/);
  await shippedDetail.getByRole('button', { name: 'Close' }).click();
  await cancelPending(request);
});
