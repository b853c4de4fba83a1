/**
 * The campaign over real HTTP: its timed coupons with the server's clock, claiming one with the
 * e-mailed code (sendCouponsEmailCode, activateCouponStatus) once per window, every refusal
 * with the product's message and nothing changed by it (coupons, codes, clicks), and share-click
 * tracking (addShopClickIp, addShopCodeIp) counted once a day per visitor and credited to the
 * merchant whose share code it was.
 */
import { afterAll, beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { asc } from 'drizzle-orm';
import { startServer, codeIn, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { couponReceipts } from '../../server/commerce/schema';
import { emailCodes } from '../../server/accounts/schema';
import { shareClicks } from '../../server/activities/schema';
import { CAMPAIGN_EPOCH_MS, ROUND_MS } from '../../server/activities/campaign';
import { ActivityMessages, type Campaign } from '../../contract/activities';
import { FormMessages } from '../../contract/validation';
import { Messages } from '../../contract/envelope';
import type { CouponReceipt } from '../../contract/commerce';

let s: TestServer;
let n = 0;

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
}

async function merchant(): Promise<Merchant> {
  const email = `m${++n}-${Date.now()}@activities.test`;
  const user = await createUser(s.database.db, email, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, email, token, call: (method, p, body, headers) => s.api(method, p, body, token, headers) as never };
}

/** Everything a refusal must leave as it was. */
async function tables() {
  const db = s.database.db;
  return JSON.stringify({
    receipts: await db.select().from(couponReceipts).orderBy(asc(couponReceipts.id)),
    codes: await db.select().from(emailCodes).orderBy(asc(emailCodes.id)),
    clicks: await db.select().from(shareClicks).orderBy(asc(shareClicks.id)),
  });
}

const campaignOf = async (m?: Merchant) =>
  (m
    ? await m.call<{ data: Campaign }>('GET', '/api/activities/couponCampaign')
    : await s.api<{ data: Campaign }>('GET', '/api/activities/couponCampaign')
  ).data;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the campaign', () => {
  it("answers visitors with its timed coupons and the server's clock", async () => {
    const before = Date.now();
    const c = await campaignOf();
    expect(c.title).toBe('Get coupons and customize personalized products');
    expect(Date.parse(c.systemTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(c.items.map((i) => i.id)).toEqual([1, 2, 3]);
    for (const item of c.items) {
      expect(item.systemTime).toBe(c.systemTime);
      expect(item.claimed).toBe(0);
      const now = Date.parse(c.systemTime);
      const expected = now < Date.parse(item.startTime) ? -1 : now < Date.parse(item.endTime) ? 0 : 1;
      expect(item.status).toBe(expected);
    }
    // The flash coupon runs the whole 48-hour round: its end is always within the countdown window.
    const flash = c.items[0]!;
    expect(flash.status).toBe(0);
    expect(Date.parse(flash.endTime) - Date.parse(flash.systemTime)).toBeLessThanOrEqual(172_800_000);
    expect(flash).toMatchObject({ couponId: 5, money: 600, minAmount: 3000, type: 1 });
    expect(c.shareCode).toBeNull();
  });
});

describe('claiming a coupon', () => {
  it('needs a session, and sends nothing without one', async () => {
    const before = await tables();
    const res = await s.api('POST', '/api/user/sendCouponsEmailCode', { id: 1 });
    expect(res.code).toBe(401);
    expect((await s.api('POST', '/api/user/activateCouponStatus', { id: 1, emailCode: '123456' })).code).toBe(401);
    expect(await tables()).toBe(before);
  });

  it('refuses bad input with the product’s messages and changes nothing', async () => {
    const m = await merchant();
    const before = await tables();
    const cases: [string, unknown, string][] = [
      ['/api/user/sendCouponsEmailCode', {}, 'id is required'],
      ['/api/user/sendCouponsEmailCode', { id: 'abc' }, 'id must be a positive whole number'],
      ['/api/user/sendCouponsEmailCode', { id: 99 }, ActivityMessages.itemNotFound],
      ['/api/user/activateCouponStatus', { id: 1 }, FormMessages.emailCodeRequired],
      ['/api/user/activateCouponStatus', { id: 1, emailCode: '  ' }, FormMessages.emailCodeRequired],
      ['/api/user/activateCouponStatus', { id: 1, emailCode: '12ab56' }, FormMessages.emailCodeInvalid],
      ['/api/user/activateCouponStatus', { id: 1, emailCode: '1234567' }, FormMessages.emailCodeInvalid],
      ['/api/user/activateCouponStatus', { emailCode: '123456' }, 'id is required'],
      ['/api/user/activateCouponStatus', { id: 99, emailCode: '123456' }, ActivityMessages.itemNotFound],
      // No code was ever sent: nothing to match, nothing to count a guess against.
      ['/api/user/activateCouponStatus', { id: 1, emailCode: '123456' }, Messages.emailCodeError],
    ];
    for (const [path, body, msg] of cases) {
      const res = await m.call('POST', path, body);
      expect(res, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 10000, msg });
    }
    expect(await tables()).toBe(before);
    expect(await s.lastMail(m.email)).toBeNull();
  });

  it('refuses an item that has not started, sending no code', async () => {
    // An even round: the every-other-round coupon (item 3) is announced, not running.
    const now = Date.now();
    const round = Math.floor((now - CAMPAIGN_EPOCH_MS) / ROUND_MS);
    if (round % 2 === 1) vi.useFakeTimers({ toFake: ['Date'], now: now + ROUND_MS });
    const m = await merchant();
    const c = await campaignOf(m);
    expect(c.items[2]!.status).toBe(-1);
    const before = await tables();
    expect(await m.call('POST', '/api/user/sendCouponsEmailCode', { id: 3 })).toMatchObject({
      code: 10000,
      msg: ActivityMessages.notStarted,
    });
    expect(await m.call('POST', '/api/user/activateCouponStatus', { id: 3, emailCode: '123456' })).toMatchObject({
      msg: ActivityMessages.notStarted,
    });
    expect(await tables()).toBe(before);
    expect(await s.lastMail(m.email)).toBeNull();
  });

  it('e-mails a code to the account, activates the coupon with it, once per window', async () => {
    const m = await merchant();
    const sent = await m.call('POST', '/api/user/sendCouponsEmailCode', { id: 1 });
    expect(sent).toMatchObject({ code: 200, msg: Messages.codeSent });
    const mail = await s.lastMail(m.email);
    expect(mail?.subject).toContain('verification code');
    expect(mail?.text).toContain('$6 off personalized gifts over $30');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code is refused and gives nothing (the code's wrong-guess count is its only change).
    const before = JSON.parse(await tables()) as { receipts: unknown[] };
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await m.call('POST', '/api/user/activateCouponStatus', { id: 1, emailCode: wrong })).toMatchObject({
      msg: Messages.emailCodeError,
    });
    expect((JSON.parse(await tables()) as { receipts: unknown[] }).receipts).toEqual(before.receipts);

    const done = await m.call<{ data: CouponReceipt }>('POST', '/api/user/activateCouponStatus', { id: 1, emailCode: code });
    expect(done).toMatchObject({ code: 200, msg: ActivityMessages.claimed });
    expect(done.data).toMatchObject({
      couponId: 5,
      title: 'Campaign: $6 off personalized gifts over $30',
      money: 600,
      minAmount: 3000,
      status: 0,
    });
    expect(Date.parse(done.data.expireTime) - Date.parse(done.data.receiveTime)).toBeCloseTo(7 * 86_400_000, -5);

    const mine = await m.call<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList');
    expect(mine.rows.map((r) => r.couponId)).toContain(5);
    expect((await campaignOf(m)).items[0]!.claimed).toBe(1);
    // Another merchant's view is their own.
    expect((await campaignOf(await merchant())).items[0]!.claimed).toBe(0);

    // Claimed: no second code, no second coupon, and the used code cannot be played again.
    const after = await tables();
    expect(await m.call('POST', '/api/user/sendCouponsEmailCode', { id: 1 })).toMatchObject({ msg: ActivityMessages.alreadyClaimed });
    expect(await m.call('POST', '/api/user/activateCouponStatus', { id: 1, emailCode: code })).toMatchObject({
      msg: ActivityMessages.alreadyClaimed,
    });
    expect(await tables()).toBe(after);
  });

  it("a code is its own account's only", async () => {
    const a = await merchant();
    const b = await merchant();
    expect((await a.call('POST', '/api/user/sendCouponsEmailCode', { id: 2 })).code).toBe(200);
    const code = codeIn(await s.lastMail(a.email));
    // B holds no code: A's code means nothing for B's address.
    const before = await tables();
    expect(await b.call('POST', '/api/user/activateCouponStatus', { id: 2, emailCode: code })).toMatchObject({
      msg: Messages.emailCodeError,
    });
    expect(await tables()).toBe(before);
    expect((await a.call('POST', '/api/user/activateCouponStatus', { id: 2, emailCode: code })).code).toBe(200);
  });

  it('a second code within a minute is refused', async () => {
    const m = await merchant();
    expect((await m.call('POST', '/api/user/sendCouponsEmailCode', { id: 1 })).code).toBe(200);
    expect(await m.call('POST', '/api/user/sendCouponsEmailCode', { id: 2 })).toMatchObject({ code: 10000, msg: Messages.tooManyRequests });
  });
});

describe('share clicks', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('counts a visit once a day per visitor and place', async () => {
    const first = await s.api<{ data: { counted: boolean } }>(
      'POST',
      '/api/shareCodeIp/addShopClickIp',
      { type: 2 },
      undefined,
      from('198.51.100.7'),
    );
    expect(first).toMatchObject({ code: 200, data: { counted: true, valid: false } });
    const again = await s.api('POST', '/api/shareCodeIp/addShopClickIp', { type: 2 }, undefined, from('198.51.100.7'));
    expect(again).toMatchObject({ data: { counted: false } });
    const elsewhere = await s.api('POST', '/api/shareCodeIp/addShopClickIp', { type: 1 }, undefined, from('198.51.100.7'));
    expect(elsewhere).toMatchObject({ data: { counted: true } });
    const rows = await s.database.db.select().from(shareClicks);
    // The address itself is never stored.
    expect(JSON.stringify(rows)).not.toContain('198.51.100.7');
  });

  it('refuses an unknown place or a missing code, recording nothing', async () => {
    const before = await tables();
    for (const body of [{ type: 5 }, { type: '' }, { type: 'abc' }, {}]) {
      const res = await s.api('POST', '/api/shareCodeIp/addShopClickIp', body);
      expect(res, JSON.stringify(body)).toMatchObject({ code: 10000, msg: ActivityMessages.badType });
    }
    expect(await s.api('POST', '/api/shareCodeIp/addShopCodeIp', { type: 2 })).toMatchObject({ code: 10000, msg: 'code is required' });
    expect(await s.api('POST', '/api/shareCodeIp/addShopCodeIp', { type: 9, code: 'abc' })).toMatchObject({
      msg: ActivityMessages.badType,
    });
    // A GET (a link preview, a prefetch) counts nothing.
    expect((await s.api('GET', '/api/shareCodeIp/addShopClickIp?type=2')).code).not.toBe(200);
    expect(await tables()).toBe(before);
  });

  it("credits visits through a merchant's share code to that merchant, and ignores codes that are no one's", async () => {
    const m = await merchant();
    const info = await m.call<{ data: { shareCode: string } }>('GET', '/api/user/shareInfo');
    const code = info.data.shareCode;
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.2']) {
      await s.api('POST', '/api/shareCodeIp/addShopCodeIp', { type: 2, code }, undefined, from(ip));
    }
    const unknown = await s.api(
      'POST',
      '/api/shareCodeIp/addShopCodeIp',
      { type: 2, code: 'AAAAAAAAAAAA' },
      undefined,
      from('203.0.113.3'),
    );
    expect(unknown).toMatchObject({ code: 200, data: { valid: false } });
    const c = await campaignOf(m);
    expect(c.shareCode).toBe(code);
    expect(c.shareVisitors).toBe(2);
    // Visits of the invite landing count apart from the campaign's.
    await s.api('POST', '/api/shareCodeIp/addShopCodeIp', { type: 1, code }, undefined, from('203.0.113.9'));
    expect((await campaignOf(m)).shareVisitors).toBe(2);
  });
});
