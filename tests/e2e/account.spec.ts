/**
 * Account & Settings against the built app and the real server: the tabs and the "Setting"
 * entry, changing the password (refusals keep what was typed; the new password logs in), and
 * the pricing rule (checked, saved, shown again after a reload, and used by new products).
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { BASE, json, logIn, merchantPool, toast } from './merchants';

const pool = merchantPool();
const { account, register } = pool;

test.afterAll(() => pool.dispose());

test('Setting opens the profile tab; tabs follow the address and the arrow keys', async ({ page }) => {
  const m = await account('shared');
  await logIn(page, m);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Setting', exact: true }).click();
  await expect(page).toHaveURL(/\/my-account\?tabname=profile$/);
  await expect(page.getByRole('heading', { name: 'Account & Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(m.email);
  await expect(page.getByRole('tabpanel')).toContainText('No store connected');

  await page.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Password' })).toBeFocused();
  await expect(page).toHaveURL(/tabname=password$/);
  await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();

  await page.goto('/my-account?tabname=pricing_rules');
  await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/my-account?tabname=stores');
  await expect(page.getByText('No store connected yet.')).toBeVisible();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Connect your store' }).click();
  await expect(page.getByRole('dialog', { name: 'Add store' })).toBeVisible();
});

test('changing the password: refusals keep the form, the new password logs in, the old one no longer does', async ({ page }) => {
  const m = await register('passwd');
  await logIn(page, m);
  await page.goto('/my-account?tabname=password');
  const form = page.getByRole('form', { name: 'Change password' });

  await form.getByLabel('Current password').fill('wrongpass');
  await form.getByLabel('New password', { exact: true }).fill('newsecret1');
  await form.getByLabel('Confirm new password').fill('newsecret2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The two passwords do not match')).toBeVisible();

  await form.getByLabel('Confirm new password').fill('newsecret1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is incorrect');
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue('newsecret1');

  await form.getByLabel('Current password').fill('secret123');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed successfully')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // This session stays; a fresh login needs the new password.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account & Settings' })).toBeVisible();
  const anon = await playwrightRequest.newContext({ baseURL: BASE });
  const old = (await (await anon.post('/prod-api/api/user/login', { data: { username: m.email, password: 'secret123' } })).json()) as {
    code: number;
    msg: string;
  };
  expect(old.msg).toBe('Incorrect email address or password');
  await json(anon.post('/prod-api/api/user/login', { data: { username: m.email, password: 'newsecret1' } }));
  await anon.dispose();
});

test('the pricing rule is checked, saved, shown again and prices new products', async ({ page }) => {
  const m = await account('shared');
  await logIn(page, m);
  await page.goto('/my-account?tabname=pricing_rules');
  const form = page.getByRole('form', { name: 'Pricing rule' });

  // The default: twice the cost.
  await expect(form.getByRole('radio', { name: 'Multiplier of the cost' })).toBeChecked();
  await expect(form.getByLabel('Multiplier', { exact: true })).toHaveValue('2.00');
  await expect(form).toContainText('A product costing $10.00 sells for $20.00.');

  await form.getByLabel('Multiplier', { exact: true }).fill('0.5');
  await form.getByRole('button', { name: 'Save pricing rule' }).click();
  await expect(form.getByText('Please enter a multiplier from 1.00 to 100.00')).toBeVisible();
  const unchanged = await json<{ data: { mode: string; multiplierPct: number } }>(m.api.get('/prod-api/api/shops/getPriceRule'));
  expect(unchanged.data).toMatchObject({ mode: 'multiplier', multiplierPct: 200 });

  await form.getByRole('radio', { name: 'Fixed markup on the cost' }).check();
  await form.getByLabel('Markup (USD)').fill('3.5');
  await expect(form).toContainText('A product costing $10.00 sells for $13.50.');
  await form.getByRole('button', { name: 'Save pricing rule' }).click();
  await expect(toast(page, 'Saved successfully')).toBeVisible();

  await page.reload();
  await expect(form.getByRole('radio', { name: 'Fixed markup on the cost' })).toBeChecked();
  await expect(form.getByLabel('Markup (USD)')).toHaveValue('3.50');

  // A product saved without prices now sells at cost + 3.50.
  const list = await json<{ rows: { id: number }[] }>(m.api.get('/prod-api/api/product/productsCatalogList', { params: { pageSize: 5 } }));
  const saved = await json<{ data: { id: number } }>(
    m.api.post('/prod-api/api/Myexclusive/add', { data: { productfid: list.rows[0]!.id, title: 'Ruled Tee' } }),
  );
  const detail = await json<{ data: { variants: { cost: number; price: number }[] } }>(
    m.api.get(`/prod-api/api/Myexclusive/getInfo/${saved.data.id}`),
  );
  expect(detail.data.variants.length).toBeGreaterThan(0);
  for (const v of detail.data.variants) expect(v.price).toBe(v.cost + 350);
});

test('the sister platform hand-off logs the merchant in and follows the link; a dead token says so', async ({ page }) => {
  const m = await account('shared');
  await page.goto(`/auth/eprolo?token=${encodeURIComponent(m.token)}&link=${encodeURIComponent('/my-account?tabname=pricing_rules')}`);
  await expect(page).toHaveURL(/\/my-account\?tabname=pricing_rules$/);
  await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');

  await page.context().clearCookies();
  await page.goto('/auth/eprolo?token=not-a-session');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The login link has expired. Please log in again.');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});
