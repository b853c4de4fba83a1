/**
 * Merchants for e2e specs, registered through the real API (e-mail code from the outbox) and
 * logged into a page by the session cookies the login would have set.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { codeFromOutbox } from './outbox';
import { E2E_PORT } from './env';

export const BASE = `http://127.0.0.1:${E2E_PORT}`;

export interface Merchant {
  email: string;
  token: string;
  api: APIRequestContext;
}

/** The envelope of a call that must succeed. */
export async function json<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T & { code: number; msg: string }> {
  const body = (await (await res).json()) as T & { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body;
}

let clientAddresses = Math.floor(Math.random() * 200);
/** A documentation-range address (RFC 5737) for one sign-up. */
const nextClientAddress = () => `198.51.100.${(clientAddresses++ % 254) + 1}`;

/**
 * One spec's merchants. `account(label)` registers on first use and then shares it: the server
 * sends at most 10 e-mail codes an hour to one address, and every spec registers from 127.0.0.1.
 */
export function merchantPool() {
  const made: Merchant[] = [];
  const accounts = new Map<string, Promise<Merchant>>();

  async function register(label: string, email = `${label}${Date.now()}@example.com`): Promise<Merchant> {
    // Each sign-up from an address of its own (the e2e server trusts X-Forwarded-For, as behind a
    // proxy): the server sends at most 10 e-mail codes an hour to one client address, and the
    // suite's sign-ups all come from 127.0.0.1.
    const anon = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() } });
    await json(anon.post('/prod-api/api/user/sendEmailCode', { data: { email } }));
    const code = await codeFromOutbox(email);
    const res = await json<{ token: string }>(
      anon.post('/prod-api/api/user/add', {
        data: { username: email, emailCode: code, password: 'secret123', confirmPassword: 'secret123' },
      }),
    );
    await anon.dispose();
    const m = {
      email,
      token: res.token,
      api: await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { authorization: `Bearer ${res.token}` } }),
    };
    made.push(m);
    return m;
  }

  return {
    register,
    account(label: string, email?: string): Promise<Merchant> {
      if (!accounts.has(label)) accounts.set(label, register(label, email));
      return accounts.get(label)!;
    },
    async dispose(): Promise<void> {
      for (const m of made) await m.api.dispose();
    },
  };
}

/** The browser logged in as the merchant. */
export async function logIn(page: Page, m: Merchant): Promise<void> {
  await page.context().addCookies([
    { name: 'pod_token', value: m.token, url: BASE, httpOnly: true, sameSite: 'Lax' },
    { name: 'pod_login', value: '1', url: BASE, sameSite: 'Lax' },
  ]);
}

export const toast = (page: Page, text: string) => page.locator('.toasts').getByText(text);

/** Logs the page in as the seeded demo merchant through the login form, landing on the dashboard. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
