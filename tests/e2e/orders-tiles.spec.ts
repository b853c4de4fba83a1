/**
 * The orders page's statistics as a merchant reads them: one tile per tab, each the tab itself (a
 * click or the arrow keys open its list), and each tile's count and amount are those of the orders
 * its tab lists. A fresh merchant, so the figures are exactly the orders made here.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatUsd } from '../../contract/commerce';
import { json, logIn, merchantPool, type Merchant } from './merchants';

const pool = merchantPool();
let m: Merchant;
test.afterAll(() => pool.dispose());

/** A pending order of one catalogue line, made through the same calls as the cart page. */
async function pendingOrder(quantity: number): Promise<{ id: number; orderNo: string; total: number }> {
  const list = await json<{ rows: { id: number }[] }>(
    m.api.get('/prod-api/api/product/productsCatalogList', { params: { pageSize: 5, shipFrom: 'CN' } }),
  );
  const line = await json<{ data: { id: number } }>(
    m.api.post('/prod-api/api/shipTrolley/addShipTrolley', { data: { productid: list.rows[0]!.id, quantity } }),
  );
  const order = await json<{ data: { id: number; orderNo: string; total: number } }>(
    m.api.post('/prod-api/api/order/shoppingCartOrder', { data: { ids: [line.data.id] } }),
  );
  return order.data;
}

const tablist = (page: Page) => page.getByRole('tablist', { name: 'Order status' });
const orderRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
/** The money column of the listed orders, summed in cents. */
async function listedAmount(page: Page): Promise<number> {
  const cells = await orderRows(page).locator('td:nth-of-type(4)').allInnerTexts();
  return cells.reduce((sum, t) => sum + Math.round(Number(t.replace(/[$,]/g, '')) * 100), 0);
}

test('orders: one statistics tile per tab, each opening its list, with the count and amount of the orders it lists', async ({ page }) => {
  m = await pool.account('tiles');
  await json(
    m.api.post('/prod-api/api/shipAddress/addShipAddress', {
      data: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Springfield', country_code: 'US', isDefault: true },
    }),
  );
  const made = [await pendingOrder(1), await pendingOrder(3)];
  await logIn(page, m);
  await page.goto('/orders?tabname=ORDER_PENDING');

  // As many tiles as tabs, and no other statistics block beside them.
  const tabs = tablist(page).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await expect(page.getByLabel('Order statistics')).toHaveCount(0);
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

  // The selected tile's figures are the listed orders': their count and their totals summed.
  const pending = page.getByRole('tab', { name: /Pending Payment/ });
  await expect(orderRows(page)).toHaveCount(2);
  await expect(pending).toContainText('2 orders');
  const amount = made[0]!.total + made[1]!.total;
  expect(await listedAmount(page)).toBe(amount);
  await expect(pending).toContainText(formatUsd(amount));

  // Keyboard: the arrow keys move to the next tile and open its list (an empty one, with a way on).
  await pending.focus();
  await page.keyboard.press('ArrowRight');
  const processing = page.getByRole('tab', { name: /Processing/ });
  await expect(processing).toBeFocused();
  await expect(page).toHaveURL(/tabname=ORDER_PROCESSING/);
  await expect(processing).toContainText('0 orders');
  await expect(processing).toContainText(formatUsd(0));
  await expect(orderRows(page)).toHaveCount(0);
  await expect(page.getByText(/^No orders here yet\./)).toBeVisible();

  // A click on a tile opens its list too; cancelling an order moves the figures with the list.
  await pending.click();
  await expect(page).toHaveURL(/tabname=ORDER_PENDING/);
  await page.getByRole('button', { name: `Cancel order ${made[0]!.orderNo}` }).click();
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(pending).toContainText(/\b1 order(?!s)/);
  await expect(pending).toContainText(formatUsd(made[1]!.total));
  expect(await listedAmount(page)).toBe(made[1]!.total);
});
