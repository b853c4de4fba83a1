/**
 * Shipping & IOSS in the browser as the seeded demo merchant: a shipping default set under Account
 * & Settings (after the form refused an incomplete one) is the method the cart preselects for that
 * destination and warehouse; the IOSS number (after a wrong one was refused) shows on the detail of
 * an order to Germany. Everything the test changed is put back at the end.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInAsDemo, toast } from './merchants';
import { ShopSettingsMessages } from '../../contract/shop-settings';
import type { GroupCosts } from '../../contract/commerce';

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

/** A catalogue product shipped from the factory (China). */
async function chinaProduct(request: APIRequestContext): Promise<number> {
  const list = await ok<{ id: number }[]>(request, 'GET', '/api/product/productsCatalogList?shipFrom=CN&pageSize=5');
  const first = list.rows?.[0];
  if (!first) throw new Error('no product ships from China');
  return first.id;
}

test('a shipping default is preselected in the cart, and the IOSS number shows on an order to the EU', async ({ page }) => {
  await logInAsDemo(page);
  const request = page.request;
  // The cart holds only this test's line (the other specs set up their own carts).
  const cart = await ok<{ shipTrolleyItemList: { id: number }[] }[]>(request, 'GET', '/api/shipTrolley/getShipTrolleyList');
  for (const g of cart.data) for (const i of g.shipTrolleyItemList) await ok(request, 'POST', `/api/shipTrolley/deleteShipTrolley/${i.id}`);
  const line = await ok<{ id: number }>(request, 'POST', '/api/shipTrolley/addShipTrolley', {
    productid: await chinaProduct(request),
    quantity: 1,
  });
  const address = await ok<{ id: number }>(request, 'POST', '/api/shipAddress/addShipAddress', {
    first_name: 'Greta',
    last_name: 'Berlin',
    address1: 'Unter den Linden 77',
    city: 'Berlin',
    zip: '10117',
    country_code: 'DE',
    isDefault: true,
  });
  const quoted = await ok<{ groups: GroupCosts[] }>(request, 'POST', '/api/shipTrolley/getLogisticsCostList', {
    countryCode: 'DE',
    ids: [line.data.id],
  });
  const china = quoted.data.groups.find((g) => g.shipFrom === 'CN')!;
  // The method the product would not preselect by itself: the default makes the difference.
  const mine = china.methods.find((m) => !m.isDefault)!;
  let orderId: number | null = null;

  try {
    await page.goto('/my-account?tabname=shipping');
    await expect(page.getByRole('tab', { name: 'Shipping & IOSS' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Shipping default' });
    await form.getByRole('button', { name: 'Save default' }).click();
    await expect(form.getByRole('alert')).toHaveText(ShopSettingsMessages.destinationRequired);

    await form.getByRole('combobox', { name: 'Destination' }).selectOption('DE');
    await form.getByRole('combobox', { name: 'Ships from' }).selectOption('CN');
    const method = form.getByRole('combobox', { name: 'Shipping method' });
    await expect(method).toBeEnabled();
    await method.selectOption(String(mine.logisticsId));
    await form.getByRole('button', { name: 'Save default' }).click();
    await expect(toast(page, 'Shipping default saved')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Germany China ${mine.shipMethod}`) })).toBeVisible();

    const ioss = page.getByRole('form', { name: 'IOSS number' });
    await ioss.getByLabel('IOSS number').fill('IM123');
    await ioss.getByRole('button', { name: 'Save IOSS number' }).click();
    await expect(ioss.getByText(ShopSettingsMessages.iossInvalid)).toBeVisible();
    await ioss.getByLabel('IOSS number').fill('im 276 0000001');
    await ioss.getByRole('button', { name: 'Save IOSS number' }).click();
    await expect(toast(page, 'IOSS number saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'IOSS number' }).getByLabel('IOSS number')).toHaveValue('IM2760000001');

    // The cart preselects the merchant's method for Germany from China.
    await page.goto('/shopping-cart');
    await expect(page.getByRole('radio', { name: /Greta/ })).toBeChecked();
    const group = page.getByRole('group', { name: 'Shipping from China' });
    await expect(group.getByRole('radio', { name: new RegExp(mine.shipMethod) })).toBeChecked();
    await expect(group.getByText('Your default')).toBeVisible();

    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/shopping-cart\/pay\?orderId=\d+$/);
    orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    const detail = await ok<{ orderNo: string; shipments: { logisticsId: number }[] }>(request, 'GET', `/api/order/detail/${orderId}`);
    expect(detail.data.shipments.map((s) => s.logisticsId)).toEqual([mine.logisticsId]);

    await page.goto('/orders?tabname=ORDER_PENDING');
    await page.getByRole('button', { name: `Details of order ${detail.data.orderNo}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${detail.data.orderNo}` });
    await expect(dialog.getByRole('heading', { name: 'IOSS (EU import VAT)' })).toBeVisible();
    await expect(dialog.getByTestId('order-ioss-number')).toHaveText('IM2760000001');
  } finally {
    if (orderId !== null) await ok(request, 'POST', `/api/order/cancelOrder/${orderId}`);
    const defaults = await ok<{ id: number }[]>(request, 'GET', '/api/shops/getShopLogistics');
    for (const d of defaults.data) await ok(request, 'POST', '/api/shops/deleteShopLogistics', { id: d.id });
    await ok(request, 'POST', '/api/shops/updateIOSSparam', { iossNumber: '' });
    await ok(request, 'POST', `/api/shipAddress/removeShipAddress?id=${address.data.id}`);
    const left = await ok<{ shipTrolleyItemList: { id: number }[] }[]>(request, 'GET', '/api/shipTrolley/getShipTrolleyList');
    for (const g of left.data)
      for (const i of g.shipTrolleyItemList) await ok(request, 'POST', `/api/shipTrolley/deleteShipTrolley/${i.id}`);
  }
});
