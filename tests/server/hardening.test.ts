/**
 * What a probe of the running server found and what keeps it fixed: no state change by GET or
 * from another site's page, Secure cookies whenever the merchant came over https, no telling
 * strangers which e-mail addresses or ids have accounts, limits on what anyone may store without
 * a login, and text fields that refuse what they cannot store exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { sessions, users } from '../../server/accounts/schema';
import { uploads } from '../../server/uploads/schema';
import { storeOauthStates } from '../../server/shops/schema';
import { CROSS_SITE_REFUSED } from '../../server/platform/security';
import { AccountMessages } from '../../contract/account';
import { ShopMessages } from '../../contract/shops';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ CAPTCHA: 'off' });
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
async function merchant() {
  const user = await createUser(s.database.db, `hardening${++n}@example.com`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, email: user.email, token };
}

/** A raw request to the API, as a browser would send it (cookie, form body, site headers). */
async function raw(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`${s.url}/prod-api${path}`, { method, headers: init.headers, body: init.body, redirect: 'manual' });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, headers: res.headers };
}

const revoked = async (token: string) => {
  const rows = await s.database.db.select({ revokedAt: sessions.revokedAt }).from(sessions);
  const mine = await s.api('GET', '/api/user/getInfo', undefined, token);
  return { code: mine.code, sessions: rows.length };
};

describe('state changes take a non-GET method', () => {
  it('no longer logs out or removes a library image on GET', async () => {
    const m = await merchant();
    const cookie = `pod_token=${m.token}`;
    expect((await raw('GET', '/api/user/logout', { headers: { cookie } })).status).toBe(404);
    expect((await revoked(m.token)).code).toBe(200);

    const [img] = await s.database.db
      .insert(uploads)
      .values({
        userId: m.id,
        originalKey: `u/${m.id}/a.png`,
        editKey: `u/${m.id}/a.png`,
        mime: 'image/png',
        width: 1,
        height: 1,
        bytes: 1,
      })
      .returning();
    expect((await raw('GET', `/api/shopCustomImages/removeShopCustomImages?id=${img!.id}`, { headers: { cookie } })).status).toBe(404);
    const [still] = await s.database.db.select({ inLibrary: uploads.inLibrary }).from(uploads).where(eq(uploads.id, img!.id));
    expect(still!.inLibrary).toBe(true);

    // The app's own POSTs do it.
    expect(
      (
        await raw('POST', `/api/shopCustomImages/removeShopCustomImages?id=${img!.id}`, {
          headers: { cookie, 'sec-fetch-site': 'same-origin' },
        })
      ).json.code,
    ).toBe(200);
    expect((await raw('POST', '/api/user/logout', { headers: { cookie, 'sec-fetch-site': 'same-origin' } })).json.code).toBe(200);
    expect((await revoked(m.token)).code).toBe(401);
  });
});

describe('writes from another site', () => {
  const profile = (displayname: string) => JSON.stringify({ displayname, gender: 0 });

  it("refuses another site's form posts and simple requests made with the merchant's cookie, and changes nothing", async () => {
    const m = await merchant();
    const cookie = `pod_token=${m.token}`;
    const attempts: { headers: Record<string, string>; body: string }[] = [
      // An HTML form on another site: text/plain body, cookie added by the browser.
      {
        headers: { cookie, 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        body: profile('pwned'),
      },
      // A same-site page on another subdomain.
      {
        headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-site', origin: 'https://x.pod.example' },
        body: profile('pwned'),
      },
      // A browser that sends Origin but not Sec-Fetch-Site.
      { headers: { cookie, 'content-type': 'application/json', origin: 'https://evil.example' }, body: profile('pwned') },
      { headers: { cookie, 'content-type': 'application/json', origin: 'null' }, body: profile('pwned') },
    ];
    for (const a of attempts) {
      const res = await raw('PUT', '/api/shops/update', a);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 403, msg: CROSS_SITE_REFUSED });
    }
    const logout = await raw('POST', '/api/user/logout', { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(logout.status).toBe(403);
    expect((await revoked(m.token)).code).toBe(200);
    const [row] = await s.database.db.select({ displayname: users.displayname }).from(users).where(eq(users.id, m.id));
    expect(row!.displayname).not.toBe('pwned');
  });

  it('refuses a login posted from another site (it would sign the merchant into a stranger’s account)', async () => {
    const other = await merchant();
    const res = await raw('POST', '/api/user/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: `username=${encodeURIComponent(other.email)}&password=secret123`,
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it("accepts the app's own requests, by Sec-Fetch-Site or by Origin, and requests from no page at all", async () => {
    const m = await merchant();
    const cookie = `pod_token=${m.token}`;
    const json = { 'content-type': 'application/json' };
    const asked = [
      { ...json, cookie, 'sec-fetch-site': 'same-origin', origin: s.url },
      { ...json, cookie, origin: s.url },
      { ...json, cookie, 'sec-fetch-site': 'none' },
      // A script or a store's server: no browser headers, a bearer token.
      { ...json, authorization: `Bearer ${m.token}` },
    ];
    for (const [i, headers] of asked.entries()) {
      const res = await raw('PUT', '/api/shops/update', { headers, body: profile(`Maker ${i}`) });
      expect(res.json.code, JSON.stringify(res.json)).toBe(200);
    }
    const [row] = await s.database.db.select({ displayname: users.displayname }).from(users).where(eq(users.id, m.id));
    expect(row!.displayname).toBe('Maker 3');
    // Reading from another site stays possible (GET changes nothing).
    expect((await raw('GET', '/api/product/tblwaretype/list', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });
});

describe('session cookies', () => {
  async function loginCookies(headers: Record<string, string>) {
    const email = `cookie${++n}@example.com`;
    await createUser(s.database.db, email, 'secret123');
    const res = await fetch(`${s.url}/prod-api/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ username: email, password: 'secret123' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    return res.headers.getSetCookie();
  }

  it('are Secure when the request came over https through the trusted proxy, and not over plain http', async () => {
    const overHttps = await loginCookies({ 'x-forwarded-proto': 'https' });
    expect(overHttps.length).toBe(2);
    for (const c of overHttps) expect(c).toMatch(/; Secure/i);
    expect(overHttps.find((c) => c.startsWith('pod_token='))).toMatch(/HttpOnly/i);
    const overHttp = await loginCookies({});
    for (const c of overHttp) expect(c).not.toMatch(/; Secure/i);
  });
});

describe('who has an account is not told to strangers', () => {
  it('answers getUserInfoByEmail the same for a known and an unknown address without a store claim', async () => {
    const known = await merchant();
    const ask = (email: string, extra = '') =>
      s.api<{ code: number; msg: string; data?: unknown }>(
        'GET',
        `/api/shopifyOAuth/getUserInfoByEmail?email=${encodeURIComponent(email)}${extra}`,
      );
    const a = await ask(known.email);
    const b = await ask('nobody-here@example.com');
    expect(a).toEqual(b);
    expect(a).toMatchObject({ code: 10000, msg: ShopMessages.claimInvalid });
    expect(await ask(known.email, '&claimToken=forged-claim-token')).toEqual(
      await ask('nobody-here@example.com', '&claimToken=forged-claim-token'),
    );
  });

  it('answers a share landing the same for a merchant id and a made-up one', async () => {
    const m = await merchant();
    const a = await s.api<{ data: { valid: boolean; shareCode: string | null } }>('GET', `/api/coupons/shareCoupon/${m.id}`);
    const b = await s.api<{ data: { valid: boolean; shareCode: string | null } }>('GET', '/api/coupons/shareCoupon/987654');
    expect(a.data).toEqual(b.data);
    expect(a.data.valid).toBe(false);
  });
});

describe('what anyone may store without a login', () => {
  it('limits WooCommerce connections started without a login per address, and sweeps expired states', async () => {
    await s.database.db.insert(storeOauthStates).values({
      stateHash: 'expired-state-hash',
      platform: 'woocommerce',
      userId: null,
      domain: 'https://old.example.com',
      expiresAt: new Date(Date.now() - 60_000),
    });
    const ip = { 'x-forwarded-for': '203.0.113.90' };
    const answers: number[] = [];
    for (let i = 0; i < 21; i++)
      answers.push(
        (await s.api('POST', '/woocommerce/woocommerce/connectWCNow', { storeUrl: `https://shop${i}.example.com` }, undefined, ip)).code,
      );
    expect(answers.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(answers[20]).toBe(10000);
    const anonymous = await s.database.db.select().from(storeOauthStates).where(isNull(storeOauthStates.userId));
    expect(anonymous).toHaveLength(20);
    expect(await s.database.db.select().from(storeOauthStates).where(eq(storeOauthStates.stateHash, 'expired-state-hash'))).toEqual([]);
    // Another address is not held by this one's limit; a merchant is not held at all.
    expect(
      (
        await s.api('POST', '/woocommerce/woocommerce/connectWCNow', { storeUrl: 'https://mine.example.com' }, undefined, {
          'x-forwarded-for': '203.0.113.91',
        })
      ).code,
    ).toBe(200);
  });
});

describe('text fields refuse what they cannot store exactly', () => {
  const setTax = (token: string, taxNumber: unknown) => s.api('POST', '/api/shops/updateTaxNumber', { taxNumber }, token);
  const stored = async (id: number) => (await s.database.db.select({ t: users.taxNumber }).from(users).where(eq(users.id, id)))[0]!.t;

  it('refuses tax numbers without digits and numbers JSON has rounded, and keeps the number saved before', async () => {
    const m = await merchant();
    expect((await setTax(m.token, 'GB 123 456 789')).code).toBe(200);
    for (const bad of ['abc', 'NaN', 'Infinity', '-Infinity', '--', '12..3']) {
      expect(await setTax(m.token, bad)).toMatchObject({ code: 10000, msg: AccountMessages.taxNumberInvalid });
    }
    // 2^53 + 1 cannot reach the server unrounded as a JSON number: refused, never stored as 2^53.
    const res = await fetch(`${s.url}/prod-api/api/shops/updateTaxNumber`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
      body: '{"taxNumber": 9007199254740993}',
    });
    expect(await res.json()).toMatchObject({ code: 10000, msg: 'taxNumber must be text' });
    expect(await setTax(m.token, { a: 1 })).toMatchObject({ code: 10000, msg: 'taxNumber must be text' });
    expect(await setTax(m.token, ['1', '2'])).toMatchObject({ code: 10000, msg: 'taxNumber must be text' });
    expect(await stored(m.id)).toBe('GB 123 456 789');
    // A number JSON carries exactly is its text.
    expect((await setTax(m.token, 123456789)).code).toBe(200);
    expect(await stored(m.id)).toBe('123456789');
    expect(await setTax(m.token, 1.5e300)).toMatchObject({ code: 10000, msg: 'taxNumber must be text' });
  });

  it('refuses an unsafe number in any text field of a JSON body', async () => {
    const m = await merchant();
    const res = await fetch(`${s.url}/prod-api/api/shops/update`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
      body: '{"displayname": 9007199254740993, "gender": 0}',
    });
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(10000);
    expect(body.msg).toMatch(/must be text/);
    const [row] = await s.database.db.select({ d: users.displayname }).from(users).where(eq(users.id, m.id));
    expect(row!.d).not.toBe('9007199254740992');
  });
});

describe('bodies the database cannot take, or that are not the form a call expects', () => {
  it('refuses text holding a NUL character, naming the field, and stores nothing', async () => {
    const m = await merchant();
    const before = (await s.database.db.select({ d: users.displayname }).from(users).where(eq(users.id, m.id)))[0]!.d;
    const res = await s.api('PUT', '/api/shops/update', { displayname: 'Ann\u0000Lee', gender: 0 }, m.token);
    expect(res).toMatchObject({ code: 10000, msg: 'displayname: text may not contain a NUL character' });
    const after = (await s.database.db.select({ d: users.displayname }).from(users).where(eq(users.id, m.id)))[0]!.d;
    expect(after).toBe(before);
  });

  it('refuses a list, text or null where a call takes an object of fields, and keeps the number saved before', async () => {
    const m = await merchant();
    expect((await s.api('POST', '/api/shops/updateTaxNumber', { taxNumber: 'GB 1' }, m.token)).code).toBe(200);
    for (const body of ['[]', '"probe"', 'null']) {
      const res = await fetch(`${s.url}/prod-api/api/shops/updateTaxNumber`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
        body,
      });
      expect(((await res.json()) as { code: number }).code).toBe(10000);
    }
    expect((await s.database.db.select({ t: users.taxNumber }).from(users).where(eq(users.id, m.id)))[0]!.t).toBe('GB 1');
  });
});
