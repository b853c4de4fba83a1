/**
 * The branding project as the demo merchant: a Starter_Pack customised on /branding-project (logo
 * and artwork uploaded, a non-picture refused, the hang tag in kraft priced in), submitted, paid
 * from the balance, enabled ('Are you sure to enable it?', 'Successful operation'), an order placed
 * that shows the branded items in its detail, closing refused while that order is unshipped, then
 * closed once it is cancelled, so the demo merchant's later orders are as before.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { logInAsDemo } from './merchants';
import { tinyPng } from '../security/support/pictures';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
  rows?: T;
}

async function ok<T = unknown>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Env<T>> {
  const res = await request.fetch(`/prod-api${path}`, { method, ...(body !== undefined ? { data: body } : {}) });
  const env = (await res.json()) as Env<T>;
  expect(env.code, `${path}: ${env.msg}`).toBe(200);
  return env;
}

/** Picks a file through the button that opens the file picker. */
async function upload(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()]);
  await chooser.setFiles(file);
}

/** Serious and critical axe violations on the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: tinyPng(32, 32) });

test('a Starter_Pack: customise, pay by balance, enable, order with its branded items, close after the order is cancelled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsDemo(page);
  const request = page.request;
  const balanceBefore = (await ok<{ balance: number }>(request, 'GET', '/api/balance/getBalance')).data.balance;

  await page.goto('/branding-project');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding Project' })).toBeVisible();
  const packages = page.getByRole('list', { name: 'Branding packages' });
  await expect(packages.getByRole('heading', { name: 'Starter Pack' })).toBeVisible();
  await expect(packages.getByRole('heading', { name: 'Pro Plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Customise Starter Pack' }).click();
  await expect(page).toHaveURL(/\/branding-project\?package_id=1$/);
  await expect(page.getByRole('heading', { name: 'Customise Starter Pack' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A file that is not a picture is refused before it is sent: a toast, and the message beside the button.
  const editor = page.getByRole('region', { name: 'Customise Starter Pack' });
  await upload(page, 'Upload hang tag artwork', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.locator('.toasts').getByText('This file is not a picture(jpeg,png)')).toBeVisible();
  await expect(editor.getByText('This file is not a picture(jpeg,png)')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Upload hang tag artwork' })).toHaveAccessibleDescription(
    'This file is not a picture(jpeg,png)',
  );

  await upload(page, 'Upload logo', png('logo.png'));
  await expect(page.getByRole('img', { name: 'Logo: uploaded picture' })).toBeVisible();
  for (const item of ['Hang tag', 'Label', 'Card']) {
    await upload(page, `Upload ${item.toLowerCase()} artwork`, png(`${item}.png`));
    await expect(page.getByRole('img', { name: `${item} with your artwork` })).toBeVisible();
  }
  await page.getByLabel('Hang tag text').fill('Made by Demo');
  await expect(page.getByRole('img', { name: 'Hang tag with your artwork' }).getByText('Made by Demo')).toBeVisible();
  await page
    .getByRole('group', { name: 'Paper' })
    .getByLabel(/Kraft brown/)
    .check();
  await expect(page.getByTestId('brand-price')).toHaveText('$57.00');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.toasts').getByText('Submitted: the package is waiting for payment')).toBeVisible();
  await expect(editor.getByText('Waiting for payment')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Pay $57.00 with Balance' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pay $57.00 with Balance' }).click();
  const confirmPay = page.getByRole('dialog', { name: 'Pay with Balance' });
  await expect(confirmPay).toContainText('Pay $57.00 for Starter Pack from your balance?');
  await confirmPay.getByRole('button', { name: 'Pay $57.00' }).click();
  await expect(page.locator('.toasts').getByText('Payment successful')).toBeVisible();
  await expect(editor.getByText('Paid', { exact: true })).toBeVisible();
  expect((await ok<{ balance: number }>(request, 'GET', '/api/balance/getBalance')).data.balance).toBe(balanceBefore - 5700);

  await page.getByRole('button', { name: 'Enable Starter Pack' }).click();
  const confirmEnable = page.getByRole('dialog', { name: 'Message' });
  await expect(confirmEnable).toContainText('Are you sure to enable it?');
  await confirmEnable.getByRole('button', { name: 'Confirm' }).click();
  const enabled = page.getByRole('dialog', { name: 'Message' });
  await expect(enabled).toContainText('Successful operation');
  await enabled.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('region', { name: 'Customise Starter Pack' }).getByText('In use', { exact: true })).toBeVisible();

  // An order while the package is in use carries its items.
  const addresses = await ok<unknown[]>(request, 'GET', '/api/shipAddress/getShipAddress');
  if (addresses.data.length === 0)
    await ok(request, 'POST', '/api/shipAddress/addShipAddress', {
      first_name: 'Ada',
      address1: '1 Main St',
      city: 'Springfield',
      country_code: 'US',
      isDefault: true,
    });
  const list = await ok<{ id: number }[]>(request, 'GET', '/api/product/productsCatalogList?shipFrom=CN&pageSize=5');
  const line = await ok<{ id: number }>(request, 'POST', '/api/shipTrolley/addShipTrolley', { productid: list.rows![0]!.id, quantity: 2 });
  const order = (await ok<{ id: number; orderNo: string }>(request, 'POST', '/api/order/shoppingCartOrder', { ids: [line.data.id] })).data;

  await page.goto('/orders?tabname=ORDER_PENDING');
  await page.getByRole('button', { name: `Details of order ${order.orderNo}` }).click();
  const detail = page.getByRole('dialog', { name: `Order ${order.orderNo}` });
  const branded = detail.getByRole('region', { name: 'Branded items (Starter Pack)' });
  await expect(branded).toBeVisible();
  await expect(branded.getByRole('img', { name: 'Hang tag with your artwork' })).toBeVisible();
  await expect(branded.getByText('Kraft brown · × 2 · included')).toBeVisible();
  await expect(branded.getByText('Woven · × 2 · included')).toBeVisible();
  await expect(branded.getByText('One-sided · × 1 · included')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await detail.getByRole('button', { name: 'Close' }).click();

  // Closing is refused while that order is unshipped.
  await page.goto('/branding-project?package_id=1');
  await page.getByRole('button', { name: 'Close Starter Pack' }).click();
  const blocked = page.getByRole('dialog', { name: 'Message' });
  await expect(blocked).toContainText('unshipped orders');
  await blocked.getByRole('button', { name: 'OK' }).click();

  // Once it is cancelled, the package closes.
  await ok(request, 'POST', `/api/order/cancelOrder/${order.id}`);
  await page.getByRole('button', { name: 'Close Starter Pack' }).click();
  const confirmClose = page.getByRole('dialog', { name: 'Message' });
  await expect(confirmClose).toContainText('Are you sure to close it?');
  await confirmClose.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Message' })).toContainText('Successful operation');
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Enable Starter Pack' })).toBeVisible();
});

test('a visitor sees the packages on the desktop and the mobile site, and logs in to customise', async ({ page }) => {
  await page.goto('/branding-project');
  await expect(page.getByRole('list', { name: 'Branding packages' }).getByRole('heading', { name: 'Starter Pack' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Customise Pro Plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to POD Studio' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mobile/branding-project');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding Project' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Branding packages' }).getByRole('heading', { name: 'Pro Plan' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
