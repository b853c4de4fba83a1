/**
 * The campaign page in a real browser: a visitor sees the running countdown and is asked to log
 * in to claim; the demo merchant claims a coupon with the code e-mailed to the account and finds
 * it in their coupons; the personalized products are listed; no serious or critical axe violation.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { logInAsDemo } from './merchants';
import { codeFromOutbox } from './outbox';

const PATH = '/activities/get-coupons-and-customize-personalized-products';
const FLASH = 'Campaign: $6 off personalized gifts over $30';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const flashCard = (page: Page) =>
  page.locator('.act-coupon').filter({ has: page.getByRole('heading', { name: '$6 off personalized gifts over $30' }) });

test('a visitor sees the countdown ticking and is asked to log in to claim', async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Get coupons and customize personalized products' })).toBeVisible();
  const card = flashCard(page);
  const timer = card.getByRole('timer');
  await expect(timer).toBeVisible();
  await expect(timer).toHaveAttribute('aria-label', /^Ends in \d+ days \d+ hours \d+ minutes \d+ seconds$/);
  const first = await timer.getAttribute('aria-label');
  await expect(timer).not.toHaveAttribute('aria-label', first!, { timeout: 3000 });
  for (const unit of ['days', 'hours', 'minutes', 'seconds']) await expect(card.locator(`[data-unit="${unit}"]`)).toHaveText(/^\d{2}$/);

  await expect(card.getByRole('button', { name: 'Log in to claim' })).toBeVisible();
  await card.getByRole('button', { name: 'Log in to claim' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The login dialog is modal: the page behind is hidden from assistive technology until it closes.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Personalized products to start from, and the way to all of them.
  await expect(page.getByRole('list', { name: 'Personalized products' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the whole Personalized Gifts Zone' })).toHaveAttribute(
    'href',
    '/all-products/personalized-gifts-zone',
  );
});

test('the demo merchant claims a coupon with the e-mailed code', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto(PATH);
  const card = flashCard(page);
  await expect(card.getByRole('timer')).toBeVisible();
  await card.getByRole('button', { name: 'Claim coupon' }).click();
  const form = card.getByRole('form', { name: /^Activate / });
  await expect(form).toContainText('demo@example.com');

  // The code check happens in the browser first, with the product's messages.
  await form.getByRole('button', { name: 'Activate coupon' }).click();
  await expect(form.getByText('Please enter email verification code')).toBeVisible();

  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(page.locator('.toasts').getByText('The verification code has been sent to your email')).toBeVisible();
  await expect(form.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  const code = await codeFromOutbox('demo@example.com');
  await form.getByLabel('Email verification code').fill(code);
  await form.getByRole('button', { name: 'Activate coupon' }).click();

  await expect(page.locator('.toasts').getByText('Coupon activated: it is in your coupons now')).toBeVisible();
  await expect(card.getByRole('status')).toContainText('Claimed');
  await expect(card.getByRole('button', { name: 'Claim coupon' })).toHaveCount(0);

  // It is the merchant's coupon now, and stays claimed on the next visit.
  await page.goto('/coupons');
  await expect(page.getByText(FLASH).first()).toBeVisible();
  await page.goto(PATH);
  await expect(flashCard(page).getByRole('status')).toContainText('Claimed');
});

test('no serious accessibility violation on the campaign page, visitor and merchant', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(PATH);
  await expect(page.getByRole('timer').first()).toBeVisible();
  expect(await seriousViolations(page), 'visitor').toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page), 'visitor at 390 px').toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInAsDemo(page);
  await page.goto(PATH);
  await expect(page.getByRole('timer').first()).toBeVisible();
  // The claim form too, where the coupon is still to claim (the test above may have claimed it).
  const claim = flashCard(page).getByRole('button', { name: 'Claim coupon' });
  if ((await claim.count()) > 0) await claim.click();
  expect(await seriousViolations(page), 'merchant').toEqual([]);
});
