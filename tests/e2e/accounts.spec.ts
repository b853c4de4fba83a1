import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox } from './outbox';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a merchant registers, lands on the dashboard, stays logged in, logs out and back in', async ({ page }) => {
  const email = `maker${Date.now()}@example.com`;
  await page.goto('/register');
  await expect(page).toHaveTitle(/Register/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  const code = await codeFromOutbox(email);
  await page.getByLabel('Email verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome, maker/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome, maker/ })).toBeVisible();

  // The site header's account menu: a hover does not open it, a click does; Escape closes it and
  // gives focus back to its button; a new merchant's Orders entry shows no "0" badge.
  await page.goto('/');
  const accountButton = page.getByRole('button', { name: 'Account menu' });
  const accountMenu = page.getByRole('menu', { name: 'Account menu' });
  await accountButton.hover();
  await expect(accountMenu).toBeHidden();
  await accountButton.click();
  await expect(accountMenu).toBeVisible();
  const orders = accountMenu.getByRole('menuitem', { name: 'Orders' });
  await expect(orders).toBeVisible();
  await expect(orders.locator('.badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(accountMenu).toBeHidden();
  await expect(accountButton).toBeFocused();
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message' });
  await expect(dialog).toContainText('Are you sure you want to log out?');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  await page.goto('/login');
  await logIn(page, email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a logged-out visit to /orders goes to login and back to /orders after login', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forders$/);
  await logIn(page, 'demo@example.com', 'demo1234');
  // Back on /orders, which names the tab it opened on.
  await expect(page).toHaveURL(/\/orders(\?tabname=\w+)?$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('a wrong password is refused and what was typed stays', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'demo@example.com', 'wrongpass');
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email address or password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('demo@example.com');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter the correct email address')).toBeVisible();
});

test('after repeated wrong passwords the login form asks for an image code, and can get a new one', async ({ page }) => {
  // An address with no account: its failures slow nobody else's logins.
  const email = `guess${Date.now()}@example.com`;
  await page.goto('/login');
  await expect(page.getByLabel('Verification code', { exact: true })).toHaveCount(0);
  for (let i = 0; i < 3; i++) {
    await logIn(page, email, `wrongpass${i}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email address or password' })).toBeVisible();
  }
  const code = page.getByLabel('Verification code', { exact: true });
  await expect(code).toBeVisible();
  const image = page.getByRole('img', { name: 'Verification code image' });
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  // The form's own rule asks for it before anything is sent.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter the verification code')).toBeVisible();
  const first = await image.getAttribute('src');
  await page.getByRole('button', { name: 'Get a new verification code' }).click();
  await expect(image).not.toHaveAttribute('src', first!);
  await expect(code).toBeVisible();
  // A wrong code is refused and a fresh picture shown; the typed address stays.
  await code.fill('zzzz');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Verification code error' })).toBeVisible();
  await expect(code).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! This page is not available.' })).toBeVisible();
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Take me home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#how-we-work')).toBeVisible();
});

test('policy pages and contact page have real content', async ({ page }) => {
  for (const [path, heading] of [
    ['/policy/privacy', 'Privacy Policy'],
    ['/policy/refund', 'Refund Policy'],
    ['/policy/shipping', 'Shipping Policy'],
    ['/policy/term-condition', 'Terms & Conditions'],
    ['/contact-us', 'Contact Us'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(heading.replace('&', '&')));
  }
});

test('a session ended elsewhere shows the identity-expired message and logs the page out', async ({ page, request }) => {
  await page.goto('/login');
  await logIn(page, 'demo@example.com', 'demo1234');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's own calls finish first: one answered 401 after the logout below would end the
  // page's session before the reload this test is about.
  await page.waitForLoadState('networkidle');
  // End the session on the server with the same cookie, as a logout in another tab would.
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'pod_token')!.value;
  expect((await (await request.post('/prod-api/api/user/logout', { headers: { authorization: `Bearer ${token}` } })).json()).code).toBe(
    200,
  );
  // The next call the page makes is refused: it says so, forgets the user and sends them to login.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Identity expired, please login again!' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  expect((await page.context().cookies()).some((c) => c.name === 'pod_token' || c.name === 'pod_login')).toBe(false);
});

test('a phone-sized screen gets the mobile site and its PC notice', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await page.goto('/contact-us');
  await expect(page).toHaveURL(/\/mobile\/contact-us$/);
  const notice = page.getByRole('dialog', { name: 'Welcome to POD Studio' });
  await expect(notice).toContainText('For the best experience, please log in on a PC.');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await context.close();
});

test('a podToken link logs the merchant in and opens the linked page', async ({ browser, request }) => {
  const login = await (
    await request.post('/prod-api/api/user/login', { data: { username: 'demo@example.com', password: 'demo1234' } })
  ).json();
  expect(login.code).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/?podToken=${encodeURIComponent(login.token)}&link=${encodeURIComponent('/orders')}`);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  // The hand-off became this site's own session: a reload keeps it.
  await page.reload();
  // The orders page names the tab it opened on (the tab of the order that changed last).
  await expect(page).toHaveURL(/\/orders(\?tabname=\w+)?$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await context.close();
});
