/**
 * The dashboard's figures as the demo merchant: each tile says what the API says, and the chart
 * of orders and spend covers the last six months with the same numbers in its table.
 */
import { expect, test } from '@playwright/test';
import { logInAsDemo } from './merchants';

test('dashboard figures match the account, and the six-month chart has its figures as a table', async ({ page }) => {
  await logInAsDemo(page);

  const api = async <T>(path: string): Promise<T> => (await (await page.request.get(`/prod-api${path}`)).json()) as T;
  const stats = (await api<{ data: { totalOrder: number; pendingOrder: number } }>('/api/order/orderStatistics')).data;
  const money = (await api<{ data: { balance: number } }>('/api/balance/totalPaid')).data;
  const trend = (await api<{ data: { month: string; orders: number; spend: number }[] }>('/api/order/orderTrend?months=6')).data;

  const figures = page.getByRole('region', { name: 'Your figures' });
  // A tile: its name (a link to its page) and its value.
  const tile = (name: string) =>
    figures
      .locator('div')
      .filter({ has: page.getByRole('link', { name, exact: true }) })
      .getByRole('definition');
  await expect(tile('Orders')).toHaveText(String(stats.totalOrder));
  await expect(tile('Pending payment')).toHaveText(String(stats.pendingOrder));
  await expect(tile('Balance')).toHaveText(`$${(money.balance / 100).toFixed(2)}`);

  // The chart is drawn (an SVG with an axis tick per month) and described for screen readers.
  const chart = figures.getByRole('img', { name: /^Orders and spend over the last 6 months/ });
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveCount(6);
  await figures.getByText('Show the figures as a table').click();
  const rows = figures.getByRole('table', { name: 'Orders and spend by month' }).getByRole('row');
  await expect(rows).toHaveCount(7);
  const last = trend.at(-1)!;
  await expect(rows.last().getByRole('cell').first()).toHaveText(String(last.orders));
  await expect(rows.last().getByRole('cell').nth(1)).toHaveText(`$${(last.spend / 100).toFixed(2)}`);

  // A tile leads to its page.
  await figures.getByRole('link', { name: 'Balance', exact: true }).click();
  await expect(page).toHaveURL(/\/balance$/);
});
