/**
 * Account & Settings over real HTTP and a real database: profile, e-mail change by code,
 * currency and tax number, and the merchant's messages (only their own), including the
 * "product complete" message a finished store push leaves behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { recordMessage } from '../../server/notifications/service';
import { captchas } from '../../server/accounts/schema';
import { shops } from '../../server/shops/schema';
import { eq } from 'drizzle-orm';
import { enqueue } from '../../server/shops/push-queue';
import { startShopJobs, type ShopJobs } from '../../server/shops/jobs';
import { AccountMessages, MessageType, pushMessageTitle, type Rate, type ShopMessage } from '../../contract/account';
import { FormMessages } from '../../contract/validation';
import { Messages } from '../../contract/envelope';
import { ShopMessages } from '../../contract/shops';
import type { UserInfo } from '../../contract/api';

let s: TestServer;
let runner: ShopJobs;
const silent = { info() {}, warn() {}, error() {} };
beforeAll(async () => {
  s = await startServer({ STORE_ORDER_PULL_MS: '0' });
  runner = startShopJobs({ db: s.database.db, config: s.config.shops, dataDir: s.config.dataDir, log: silent, loop: false });
});
afterAll(async () => {
  await runner?.close();
  await s?.close();
});

interface Merchant {
  id: number;
  email: string;
  token: string;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T & { code: number; msg: string }>;
  info(): Promise<UserInfo>;
}
let n = 0;
async function merchant(): Promise<Merchant> {
  const email = `acct${++n}@settings.test`;
  const user = await createUser(s.database.db, email, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  const call: Merchant['call'] = (method, path, body, headers) => s.api(method, path, body, token, headers) as never;
  return { id: user.id, email, token, call, info: async () => (await call<{ user: UserInfo }>('GET', '/api/user/getInfo')).user };
}
/** Each code send comes from an address of its own, so the per-IP limit is not what a test measures. */
let ips = 0;
const fromIp = () => ({ 'x-forwarded-for': `203.0.113.${++ips}` });

/** Logs in as a person would, reading the image code from where the server keeps it. */
async function login(username: string, password: string) {
  const { uuid } = await s.api<{ uuid: string }>('GET', '/captchaImage');
  const [row] = await s.database.db.select().from(captchas).where(eq(captchas.uuid, uuid));
  return s.api('POST', '/api/user/login', { username, password, code: row!.code, uuid }, undefined, fromIp());
}

describe('profile', () => {
  it('saves a trimmed display name and gender, shown by getInfo', async () => {
    const m = await merchant();
    expect(await m.call('PUT', '/api/shops/update', { displayname: '  Ada Shop  ', gender: 2 })).toMatchObject({ code: 200 });
    expect(await m.info()).toMatchObject({ displayname: 'Ada Shop', gender: 2 });
  });

  it('refuses a blank or too long name and an unknown gender, changing nothing', async () => {
    const m = await merchant();
    await m.call('PUT', '/api/shops/update', { displayname: 'Kept', gender: 1 });
    expect(await m.call('PUT', '/api/shops/update', { displayname: '   ', gender: 1 })).toMatchObject({
      code: 10000,
      msg: AccountMessages.displaynameRequired,
    });
    expect(await m.call('PUT', '/api/shops/update', { displayname: 'x'.repeat(51), gender: 1 })).toMatchObject({
      code: 10000,
      msg: AccountMessages.displaynameTooLong,
    });
    expect(await m.call('PUT', '/api/shops/update', { displayname: 'New', gender: 3 })).toMatchObject({
      code: 10000,
      msg: AccountMessages.genderInvalid,
    });
    expect(await m.call('PUT', '/api/shops/update', { displayname: 'New' })).toMatchObject({
      code: 10000,
      msg: AccountMessages.genderInvalid,
    });
    expect(await m.info()).toMatchObject({ displayname: 'Kept', gender: 1 });
  });

  it('needs a session', async () => {
    expect(await s.api('PUT', '/api/shops/update', { displayname: 'X', gender: 0 })).toMatchObject({
      code: 401,
      msg: Messages.identityExpired,
    });
  });
});

describe('e-mail change', () => {
  it('sends a code to the new address, switches on the right code once, keeps the session, and tells the old address', async () => {
    const m = await merchant();
    const other = await merchant();
    const to = `new-${m.id}@settings.test`;
    expect(await m.call('POST', '/api/user/updateShopUserEmailSendCode', { email: to }, fromIp())).toMatchObject({
      code: 200,
      msg: Messages.codeSent,
    });
    const code = codeIn(await s.lastMail(to));
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await m.call('POST', '/api/user/updateShopUserEmail', { email: to, emailCode: wrong })).toMatchObject({
      code: 10000,
      msg: Messages.emailCodeError,
    });
    expect((await m.info()).sShopUser.email.email).toBe(m.email);

    expect(await m.call('POST', '/api/user/updateShopUserEmail', { email: to, emailCode: code })).toMatchObject({
      code: 200,
      msg: AccountMessages.emailChanged,
    });
    // Same session, new address; the old mailbox is told.
    expect((await m.info()).sShopUser.email.email).toBe(to);
    expect((await s.lastMail(m.email))?.text).toContain(to);
    // The code is single-use.
    expect(await m.call('POST', '/api/user/updateShopUserEmail', { email: to, emailCode: code })).toMatchObject({ code: 10000 });
    // Another merchant's session and address are untouched.
    expect((await other.info()).sShopUser.email.email).toBe(other.email);

    // The new address logs in; the old one no longer does.
    expect((await login(to, 'secret123')).code).toBe(200);
    expect(await login(m.email, 'secret123')).toMatchObject({ code: 10000, msg: Messages.wrongCredentials });
  });

  it("refuses an address used by another account, and the merchant's own address", async () => {
    const m = await merchant();
    const other = await merchant();
    expect(await m.call('POST', '/api/user/updateShopUserEmailSendCode', { email: other.email.toUpperCase() }, fromIp())).toMatchObject({
      code: 10000,
      msg: Messages.emailTaken,
    });
    expect(await s.lastMail(other.email)).toBeNull();
    expect(await m.call('POST', '/api/user/updateShopUserEmailSendCode', { email: m.email }, fromIp())).toMatchObject({
      code: 10000,
      msg: AccountMessages.sameEmail,
    });
    expect(await m.call('POST', '/api/user/updateShopUserEmailSendCode', { email: 'not-an-email' }, fromIp())).toMatchObject({
      code: 10000,
      msg: FormMessages.emailInvalid,
    });
    expect(await m.call('POST', '/api/user/updateShopUserEmail', { email: other.email, emailCode: '123456' })).toMatchObject({
      code: 10000,
      msg: Messages.emailTaken,
    });
    expect(await m.call('POST', '/api/user/updateShopUserEmail', { email: `x-${m.id}@settings.test`, emailCode: '12' })).toMatchObject({
      code: 10000,
      msg: FormMessages.emailCodeInvalid,
    });
    expect((await m.info()).sShopUser.email.email).toBe(m.email);
  });

  it('is rate-limited per client IP like the other code sends (10 an hour)', async () => {
    const m = await merchant();
    const ip = { 'x-forwarded-for': '192.0.2.77' };
    const answers: number[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await m.call('POST', '/api/user/updateShopUserEmailSendCode', { email: `burst${i}-${m.id}@settings.test` }, ip)).code);
    expect(answers).toEqual(Array(10).fill(200));
    expect(await m.call('POST', '/api/user/updateShopUserEmailSendCode', { email: `burst-last-${m.id}@settings.test` }, ip)).toMatchObject({
      code: 10000,
      msg: Messages.tooManyRequests,
    });
  });
});

describe('currency and tax number', () => {
  it('lists the currencies and saves one with the show-in-currency flag', async () => {
    const m = await merchant();
    const rates = await m.call<{ data: Rate[] }>('GET', '/api/shops/rateList');
    expect(rates.data.map((r) => r.ratenameEN)).toEqual(['USD', 'EUR', 'GBP', 'AUD', 'CAD']);
    expect(rates.data[0]).toEqual({ id: 1, ratenameEN: 'USD', rateStr: '1' });
    expect(await m.call('PUT', '/api/shops/updateCurrencySETAndCurrencySale', { currencyset: 'EUR', currencysale: 0 })).toMatchObject({
      code: 200,
    });
    expect(await m.info()).toMatchObject({ currencyset: 'EUR', currencysale: 0 });
  });

  it('refuses a currency not in the list and a flag other than 0/1, changing nothing', async () => {
    const m = await merchant();
    expect(await m.call('PUT', '/api/shops/updateCurrencySETAndCurrencySale', { currencyset: 'JPY', currencysale: 1 })).toMatchObject({
      code: 10000,
      msg: AccountMessages.currencyInvalid,
    });
    expect(await m.call('PUT', '/api/shops/updateCurrencySETAndCurrencySale', { currencyset: 'GBP', currencysale: 2 })).toMatchObject({
      code: 10000,
      msg: AccountMessages.currencySaleInvalid,
    });
    expect(await m.info()).toMatchObject({ currencyset: 'USD', currencysale: 1 });
  });

  it('saves a form-encoded tax number, refuses a malformed one, and clears it when empty', async () => {
    const m = await merchant();
    const post = async (taxNumber: string) => {
      const res = await fetch(`${s.url}/prod-api/api/shops/updateTaxNumber`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ taxNumber }).toString(),
      });
      return (await res.json()) as { code: number; msg: string };
    };
    expect(await post(' GB 123-456/78 ')).toMatchObject({ code: 200 });
    expect((await m.info()).sShopUser.taxNumber).toBe('GB 123-456/78');
    expect(await post('<script>')).toMatchObject({ code: 10000, msg: AccountMessages.taxNumberInvalid });
    expect(await post('A'.repeat(31))).toMatchObject({ code: 10000, msg: AccountMessages.taxNumberInvalid });
    expect((await m.info()).sShopUser.taxNumber).toBe('GB 123-456/78');
    expect(await post('')).toMatchObject({ code: 200 });
    expect((await m.info()).sShopUser.taxNumber).toBeNull();
  });
});

describe('messages', () => {
  interface List {
    rows: ShopMessage[];
    total: number;
  }

  it("lists only the merchant's own messages, newest first, with paging and an unread count", async () => {
    const a = await merchant();
    const b = await merchant();
    for (let i = 1; i <= 6; i++) await recordMessage(s.database.db, a.id, { type: MessageType.NOTICE, title: `Notice ${i}` });
    await recordMessage(s.database.db, b.id, { type: MessageType.PLATFORM, title: 'For B only' });

    const first = await a.call<List>('GET', '/api/sMessgaeShop/list?pageNum=1&pageSize=5');
    expect(first.total).toBe(6);
    expect(first.rows.map((r) => r.title)).toEqual(['Notice 6', 'Notice 5', 'Notice 4', 'Notice 3', 'Notice 2']);
    const second = await a.call<List>('GET', '/api/sMessgaeShop/list?pageNum=2&pageSize=5');
    expect(second.rows.map((r) => r.title)).toEqual(['Notice 1']);
    expect(await a.call('GET', '/api/shops/getUnReadMsgByShopid')).toMatchObject({ code: 200, data: 6 });
    expect(await a.call('GET', '/api/sMessgaeShop/list?pageSize=7')).toMatchObject({ code: 10000 });
    const bList = await b.call<List>('GET', '/api/sMessgaeShop/list');
    expect(bList.rows.map((r) => r.title)).toEqual(['For B only']);
  });

  it("marks one, then all read; another merchant's ids are refused and stay unread", async () => {
    const a = await merchant();
    const b = await merchant();
    for (const t of ['One', 'Two', 'Three']) await recordMessage(s.database.db, a.id, { type: MessageType.PLATFORM, title: t });
    await recordMessage(s.database.db, b.id, { type: MessageType.PLATFORM, title: 'Theirs' });
    const [three] = (await a.call<List>('GET', '/api/sMessgaeShop/list')).rows;
    const [theirs] = (await b.call<List>('GET', '/api/sMessgaeShop/list')).rows;

    expect(await a.call('PUT', `/api/sMessgaeShop/updateRead/${three!.id}`)).toMatchObject({ code: 200, updated: 1 });
    expect((await a.call<List>('GET', '/api/sMessgaeShop/list')).rows.map((r) => r.hasRead)).toEqual([true, false, false]);
    expect(await a.call('GET', '/api/shops/getUnReadMsgByShopid')).toMatchObject({ data: 2 });

    expect(await a.call('PUT', `/api/sMessgaeShop/updateRead/${theirs!.id}`)).toMatchObject({
      code: 10000,
      msg: AccountMessages.messageNotFound,
    });
    expect(await a.call('PUT', `/api/sMessgaeShop/updateRead/${three!.id},${theirs!.id}`)).toMatchObject({ code: 10000 });
    expect(await a.call('PUT', '/api/sMessgaeShop/updateRead/1;DROP')).toMatchObject({
      code: 10000,
      msg: AccountMessages.messageIdsInvalid,
    });
    expect(await b.call('GET', '/api/shops/getUnReadMsgByShopid')).toMatchObject({ data: 1 });

    expect(await a.call('PUT', '/api/sMessgaeShop/updateRead/all')).toMatchObject({ code: 200, updated: 2 });
    expect(await a.call('GET', '/api/shops/getUnReadMsgByShopid')).toMatchObject({ data: 0 });
    expect(await b.call('GET', '/api/shops/getUnReadMsgByShopid')).toMatchObject({ data: 1 });
  });

  it('a finished store push leaves a "product complete" message with the store\'s answer', async () => {
    const m = await merchant();
    // A store without a connection: the job runner runs the job and it fails with the store message.
    const [shop] = await s.database.db.insert(shops).values({ userId: m.id, simplename: 'gone', type: 6 }).returning();
    await enqueue(s.database.db, { userId: m.id, shopId: shop!.id, myProductId: 999999, action: 'push', title: 'Cat Tee' });
    expect(await runner.drain()).toBe(1);

    const list = await m.call<List>('GET', '/api/sMessgaeShop/list');
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      type: MessageType.PRODUCT_COMPLETE,
      title: pushMessageTitle('Cat Tee', false),
      content: ShopMessages.noStore,
      hasRead: false,
    });
    expect(await m.call('GET', '/api/shops/getUnReadMsgByShopid')).toMatchObject({ data: 1 });
  });
});
