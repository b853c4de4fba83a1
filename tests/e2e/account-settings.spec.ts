/**
 * Account & Settings in the browser as the seeded demo merchant (no sign-up: the e-mail code
 * budget per IP belongs to the other specs): edit the profile and see it after a reload, change
 * the currency, and read notifications. Each test puts back what it changed.
 */
import { expect, test, type Page } from '@playwright/test';

interface Info {
  displayname: string;
  gender: number;
  currencyset: string;
  currencysale: number;
}

/** The page's request context shares the browser's cookies, so this logs the page in. */
async function logIn(page: Page): Promise<Info> {
  const res = (await (
    await page.request.post('/prod-api/api/user/login', { data: { username: 'demo@example.com', password: 'demo1234' } })
  ).json()) as { code: number };
  expect(res.code).toBe(200);
  return ((await (await page.request.get('/prod-api/api/user/getInfo')).json()) as { user: Info }).user;
}

const toast = (page: Page, text: string) => page.locator('.toasts').getByText(text);

test('edits the profile and sees it after a reload', async ({ page }) => {
  const before = await logIn(page);
  try {
    await page.goto('/my-account?tabname=profile');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Display name').fill('');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByText('Please enter a display name')).toBeVisible();

    await form.getByLabel('Display name').fill('  Demo Studio  ');
    await form.getByRole('radio', { name: 'Female' }).check();
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(toast(page, 'Profile saved')).toBeVisible();
    // The top bar follows at once.
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Demo Studio');

    await page.reload();
    const again = page.getByRole('form', { name: 'Profile' });
    await expect(again.getByLabel('Display name')).toHaveValue('Demo Studio');
    await expect(again.getByRole('radio', { name: 'Female' })).toBeChecked();
  } finally {
    await page.request.put('/prod-api/api/shops/update', { data: { displayname: before.displayname, gender: before.gender } });
  }
});

test('changes the currency and the show-in-currency setting', async ({ page }) => {
  const before = await logIn(page);
  try {
    await page.goto('/my-account?tabname=currency');
    await expect(page.getByRole('tab', { name: 'Currency & Tax' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Currency' });
    await form.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await expect(form.getByText('for display only')).toBeVisible();
    await form.getByLabel('Show prices in this currency').uncheck();
    await form.getByRole('button', { name: 'Save currency' }).click();
    await expect(toast(page, 'Currency saved')).toBeVisible();

    await page.reload();
    const again = page.getByRole('form', { name: 'Currency' });
    await expect(again.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
    await expect(again.getByLabel('Show prices in this currency')).not.toBeChecked();
  } finally {
    await page.request.put('/prod-api/api/shops/updateCurrencySETAndCurrencySale', {
      data: { currencyset: before.currencyset, currencysale: before.currencysale },
    });
  }
});

test('notifications: unread are marked, one and then all can be marked read', async ({ page }) => {
  await logIn(page);
  await page.goto('/dashboard');
  // One locator for the top-bar link whatever its count says.
  const link = page.getByRole('link', { name: /^Notifications/ });
  await expect(link).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await link.click();
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

  const list = page.getByRole('list', { name: 'Messages' });
  const welcome = list.getByRole('listitem').filter({ hasText: 'Welcome to POD Studio' });
  await expect(welcome).toContainText('Platform message');
  await expect(welcome).toContainText('Unread');
  await expect(list.getByRole('listitem').filter({ hasText: 'Connect your store' })).toContainText('Notice');

  const unreadBefore = Number(/(\d+) unread/.exec((await link.getAttribute('aria-label')) ?? '')?.[1]);
  await welcome.getByRole('button', { name: 'Mark "Welcome to POD Studio" as read' }).click();
  await expect(welcome).not.toContainText('Unread');
  await expect(link).toHaveAccessibleName(unreadBefore > 1 ? `Notifications, ${unreadBefore - 1} unread` : 'Notifications');

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect(link).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Unread', { exact: true })).toHaveCount(0);
});
