/**
 * The balance page as the demo merchant (no registration: the e-mail codes of one address are
 * scarce in a run): the balance and its records from the side menu, a filter by type that a
 * reload keeps, dates the wrong way round, the CSV export of what the filter shows, and a top-up
 * through PayPal (the loopback stand-in, whose payer page approves the order when it opens).
 */
import { expect, test } from '@playwright/test';
import { logInAsDemo } from './merchants';
import { readFile } from 'node:fs/promises';
import { startPayPalStandIn, type PayPalStandIn } from '../server/stand-ins/paypal';
import { PAYPAL_STANDIN_PORT, PAYPAL_TEST_APP } from './payments-env';

let paypal: PayPalStandIn;
test.beforeAll(async () => {
  paypal = await startPayPalStandIn({ ...PAYPAL_TEST_APP, port: PAYPAL_STANDIN_PORT, payerPage: true });
});
test.afterAll(async () => {
  await paypal?.close();
});

const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

test('balance: summary, records filtered by type and kept on reload, a wrong date range, CSV export', async ({ page }) => {
  await logInAsDemo(page);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Balance' }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  const summary = page.getByRole('definition').first();
  await expect(summary).toHaveText(/^\$\d[\d,]*\.\d\d$/);
  const balance = (await summary.textContent())!;

  // The demo account was credited once: a Prepayment record whose balance after is today's balance
  // unless other specs paid from it since.
  const records = page.getByRole('table', { name: 'Payment records' });
  await expect(records.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Prepayment' });
  await page.getByRole('button', { name: 'Show records' }).click();
  await expect(page).toHaveURL(/\/balance\?type=11$/);
  const rowHeads = records.getByRole('rowheader');
  await expect(rowHeads.first()).toHaveText('Prepayment');
  for (const cell of await rowHeads.all()) await expect(cell).toHaveText('Prepayment');
  const count = await rowHeads.count();
  await expect(page.getByRole('status').filter({ hasText: /records?$/ })).toHaveText(count === 1 ? '1 record' : `${count} records`);

  // The filter lives in the address: a reload shows the same records and the same choice.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('11');
  await expect(rowHeads).toHaveCount(count);

  // The export holds what the filter shows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^balance-records_type-11_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('Time,Type,Order,Amount (USD),Balance change (USD),Balance after (USD),Remark');
  expect(csv).toHaveLength(count + 1);
  expect(csv.slice(1).every((line) => line.split(',')[1] === 'Prepayment')).toBe(true);

  // A type with no records says so; dates the wrong way round are named, not searched.
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'E-Coin' });
  await page.getByRole('button', { name: 'Show records' }).click();
  await expect(page.getByText('No records match this filter.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByRole('link', { name: 'Clear filter' }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await page.getByLabel('From', { exact: true }).fill('2026-03-02');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await page.getByRole('button', { name: 'Show records' }).click();
  await expect(page.getByRole('alert')).toHaveText('The start date is after the end date');
  // The balance itself is the same whatever the filter.
  await page.getByRole('link', { name: 'Clear filter' }).click();
  await expect(page.getByRole('definition').first()).toHaveText(balance);
});

test('balance: a top-up through PayPal shows as a Prepayment record and raises the balance by its amount', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('/balance');
  const balance = page.getByRole('definition').first();
  await expect(balance).toHaveText(/^\$\d/);
  const before = dollars(await balance.textContent());

  const amount = page.getByRole('textbox', { name: 'Amount (USD)' });
  // Outside the range: said, and no provider button starts anything.
  await amount.fill('0.50');
  await expect(page.getByRole('alert')).toHaveText('The amount must be from 1 to 10000 USD');
  await expect(page.getByRole('button', { name: /^Top up .*PayPal$/ })).toBeDisabled();
  await amount.fill('25');
  const start = page.getByRole('button', { name: 'Top up $25.00 with PayPal' });
  const [payer] = await Promise.all([page.waitForEvent('popup'), start.click()]);
  // The payer approves on PayPal's page (the stand-in's), then completes the payment here.
  await expect(payer.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
  await payer.close();
  await page.getByRole('button', { name: 'Complete PayPal payment' }).click();
  await expect(page.locator('.toasts').getByText('Your balance was topped up')).toBeVisible();
  await expect(balance).toHaveText(`$${(before + 25).toFixed(2)}`);
  const first = page.getByRole('table', { name: 'Payment records' }).getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText('Prepayment');
  await expect(first.getByRole('cell').nth(2)).toHaveText('$25.00');
  await expect(amount).toHaveValue('');
  // PayPal was asked once to create and once to capture the order.
  expect(paypal.calls.filter((c) => c.method === 'POST' && /^\/v2\/checkout\/orders(\/[^/]+\/capture)?$/.test(c.path)).length).toBe(2);
});
