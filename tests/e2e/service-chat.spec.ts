/**
 * The service chat, the new merchant's guide and the private-token badge, as the demo merchant (no
 * registration to spare in a run). The chat runs between two browsers: the demo merchant on the
 * dashboard and the operator on /ops/service with the operator token typed into the page; each
 * sees the other's messages arrive without reloading, a picture goes with a message, and an answer
 * that arrives while the panel is closed shows as unread on the chat button.
 */
import { expect, test, type Page } from '@playwright/test';
import { logInAsDemo, toast } from './merchants';
import { E2E_OPS_TOKEN } from './env';
import { tinyPng } from '../security/support/pictures';

const CHAT_TITLE = 'Chat with your customer service manager';

async function openOperatorPage(page: Page): Promise<void> {
  await page.goto('/ops/service');
  await page.getByLabel('Operator token').fill(E2E_OPS_TOKEN);
  await page.getByRole('button', { name: 'Open the conversations' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  // The token travels in a header only, never in the address.
  expect(page.url()).not.toContain(E2E_OPS_TOKEN);
}

test('the guide: steps done from the account, a hidden step stays hidden, and "Custom made for you"', async ({ page }) => {
  await logInAsDemo(page);
  const guide = page.getByRole('region', { name: 'Getting started' });
  await expect(guide).toBeVisible();
  const step = (name: string) => guide.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

  await step('Get "Custom made for you" news').getByRole('button', { name: 'Subscribe' }).click();
  await expect(toast(page, 'Subscribed to "Custom made for you"')).toBeVisible();
  await expect(step('Get "Custom made for you" news').getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await expect(guide.getByRole('heading', { name: 'Get "Custom made for you" news (done)' })).toBeVisible();

  await guide.getByRole('button', { name: 'Hide the step Order a sample' }).click();
  await expect(step('Order a sample')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Getting started' })).toBeVisible();
  await expect(step('Order a sample')).toHaveCount(0);
  await expect(step('Connect your store')).toBeVisible();

  // "Open the chat" opens the chat panel (before the merchant has written, the next test writes).
  await step('Say hello to your manager').getByRole('button', { name: 'Open the chat' }).click();
  await expect(page.getByRole('dialog', { name: CHAT_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Close the chat' }).click();
  await expect(page.getByRole('dialog', { name: CHAT_TITLE })).toBeHidden();
});

test('service chat: the merchant and the operator see each other’s messages live', async ({ page, browser }) => {
  await logInAsDemo(page);
  const launcher = page.getByRole('button', { name: /^Chat with your manager/ });
  await launcher.click();
  const chat = page.getByRole('dialog', { name: CHAT_TITLE });
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('status')).toHaveText('Live');
  const merchantLog = chat.getByRole('log', { name: 'Messages' });

  // Nothing to send: the product's message, and nothing is sent.
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('alert')).toHaveText('Please enter a message');
  await chat.getByRole('textbox', { name: 'Message' }).fill('Hello! Is the hoodie available in XL?');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(merchantLog).toContainText('Hello! Is the hoodie available in XL?');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // The operator, in a browser of their own.
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await openOperatorPage(ops);
  await ops.getByRole('button').filter({ hasText: 'Hello! Is the hoodie available in XL?' }).click();
  const thread = ops.getByRole('log', { name: 'Messages' });
  await expect(thread).toContainText('Hello! Is the hoodie available in XL?');
  await expect(ops.getByRole('status').first()).toHaveText('Live');

  // The operator's answer reaches the merchant's open panel without a reload.
  await ops.getByRole('textbox', { name: 'Answer' }).fill('Yes, XL is in stock in every colour.');
  await ops.getByRole('button', { name: 'Send answer' }).click();
  await expect(merchantLog).toContainText('Yes, XL is in stock in every colour.');
  await expect(merchantLog.getByText('Your manager').last()).toBeVisible();

  // The merchant's next message, with a picture, reaches the operator without a reload.
  await chat.getByLabel('Attach a picture').setInputFiles({ name: 'misprint.png', mimeType: 'image/png', buffer: tinyPng(64, 48) });
  await expect(chat.getByRole('img', { name: 'Picture misprint.png' })).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).fill('Great, thanks! Here is the print I mean.');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(thread).toContainText('Great, thanks! Here is the print I mean.');
  await expect(thread.getByRole('img', { name: 'Picture misprint.png' })).toBeVisible();
  await expect(merchantLog.getByRole('img', { name: 'Picture misprint.png' })).toBeVisible();

  // Something that is not a picture is refused before it is sent.
  await chat.getByLabel('Attach a picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(chat.getByRole('alert')).toHaveText('This file is not a picture(jpeg,png)');

  // An answer while the panel is closed shows on the chat button; opening the panel reads it.
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(launcher).toBeFocused();
  await ops.getByRole('textbox', { name: 'Answer' }).fill('We will reprint it for you.');
  await ops.getByRole('button', { name: 'Send answer' }).click();
  await expect(thread).toContainText('We will reprint it for you.');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Chat with your manager 1 unread$/ })).toBeVisible();
  // Writing to the manager is a step of the guide, now done.
  await expect(page.getByRole('heading', { name: 'Say hello to your manager (done)' })).toBeVisible();
  await page.getByRole('button', { name: /^Chat with your manager/ }).click();
  await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('We will reprint it for you.');
  await expect(page.getByRole('button', { name: 'Chat with your manager', exact: true })).toBeVisible();
  // The operator sees the merchant has read the answers.
  await expect(thread.getByText('Read').last()).toBeVisible();

  await opsContext.close();
});

test('the operator page refuses a wrong token and keeps it out of the address', async ({ page }) => {
  await page.goto('/ops/service');
  await page.getByLabel('Operator token').fill('not-the-token');
  await page.getByRole('button', { name: 'Open the conversations' }).click();
  await expect(page.getByRole('alert')).toHaveText('The operator token was refused.');
  expect(page.url()).not.toContain('not-the-token');
});

test('the "Upgrade Your Private API token" badge shows only for the old private token, and opens the store authorisation', async ({
  page,
}) => {
  await logInAsDemo(page);
  await expect(page.getByRole('button', { name: 'Upgrade Your Private API token' })).toHaveCount(0);

  // The demo merchant has no store; its account is shown as one connected through the old
  // private-app token (apiType 1 on a Shopify store), as such accounts are.
  await page.route('**/prod-api/api/user/getInfo*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user: Record<string, unknown> };
    body.user = {
      ...body.user,
      apiType: 1,
      type: 6,
      shopid: 9001,
      domain: 'old-store.myshopify.com',
      sShops: [{ id: 9001, myshopifyDomain: 'old-store.myshopify.com', simplename: 'Old store', type: 6 }],
    };
    await route.fulfill({ response, json: body });
  });
  for (const path of ['/', '/dashboard']) {
    await page.goto(path);
    const badge = page.getByRole('button', { name: 'Upgrade Your Private API token' });
    await expect(badge).toBeVisible();
    await badge.click();
    const dialog = page.getByRole('dialog', { name: 'Store authorization' });
    await expect(dialog).toContainText('old-store.myshopify.com');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});
