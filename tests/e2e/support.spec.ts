/**
 * The monthly service review as the demo merchant (no registration to spare in a run): the
 * dashboard asks for it, every rating is required, the review is thanked for, a second one the
 * same month is refused, and closing the ask keeps it closed after a reload.
 */
import { expect, test, type Locator } from '@playwright/test';
import { logInAsDemo } from './merchants';

/** Clicks the n-th star of a rating, as a merchant does (the radio itself is drawn by its star). */
async function rate(dialog: Locator, group: RegExp, stars: number): Promise<void> {
  const name = stars === 1 ? '1 star' : `${stars} stars`;
  const ratings = dialog.getByRole('group', { name: group });
  await ratings
    .locator('label')
    .filter({ has: dialog.page().getByRole('radio', { name }) })
    .click();
  await expect(ratings.getByRole('radio', { name })).toBeChecked();
}

test('service review: asked on the dashboard, ratings required, once a month, and the ask can be closed', async ({ page }) => {
  await logInAsDemo(page);

  const prompt = page.getByRole('region', { name: 'How is our service?' });
  await prompt.getByRole('button', { name: 'Rate our service' }).click();
  const dialog = page.getByRole('dialog', { name: /^We are in demand of your review/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Your support manager' })).toBeVisible();

  // Escape does not throw the ratings away: only the close button closes the dialog.
  await rate(dialog, /^Service/, 4);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  // Two ratings left out: the product's message, and nothing is sent.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Scoring item is required');
  await rate(dialog, /^Response/, 5);
  await rate(dialog, /^Solution/, 3);
  await dialog.getByRole('textbox', { name: 'Comments (optional)' }).fill('Answers came the same day.');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  const thanks = page.getByRole('dialog', { name: 'Submitted successfully' });
  await expect(thanks).toContainText('Thank you for your review, we will continue to work hard to provide you with better service.');
  await thanks.getByRole('button', { name: 'Ok' }).click();
  await expect(thanks).toBeHidden();
  await expect(dialog).toBeHidden();

  // A second review this month is refused, and the dialog says so before anything is sent.
  await prompt.getByRole('button', { name: 'Rate our service' }).click();
  await expect(dialog.getByRole('status')).toHaveText('You can only evaluate once a month,You have already evaluated it.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.toasts').getByText('You can only evaluate once a month,You have already evaluated it.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // "Not now" stops the ask, also after a reload; the review stays a click away.
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How is our service?' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rate our service' })).toBeVisible();
});
