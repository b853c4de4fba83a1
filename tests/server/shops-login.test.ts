/**
 * Logging in across stores and platforms over real HTTP on a real database: manyStoreLogin (a
 * password login with the image code that claims a waiting store or lands on one of the
 * account's stores) and the sister platform's hand-off (sendEpoloLogin, opened with the session
 * cookie or header, sends the browser on with a one-time token, never the session token;
 * redeemEpoloLogin trades it once, with the platform's secret, for the merchant).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { captchas, sessions } from '../../server/accounts/schema';
import { loginHandoffs, shops } from '../../server/shops/schema';
import { saveConnection, type VerifiedShop } from '../../server/shops/connections';
import { shopTokenCipher } from '../../server/shops/jobs';
import { LoginMessages } from '../../server/shops/login-routes';
import { Code, Messages } from '../../contract/envelope';
import { ShopMessages } from '../../contract/shops';

const SISTER = { handoffUrl: 'https://sister.example/auth/pod-login?from=pod', redeemSecret: 'sister-platform-secret-0123456789' };
let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
async function account(password = 'secret123') {
  const email = `multi${++n}-${Date.now()}@login.test`;
  const user = await createUser(s.database.db, email, password);
  return { id: user.id, email, password };
}

/** A store connected without a login (as after an app install), waiting for a claim. */
async function waitingStore(domain: string): Promise<string> {
  const store: VerifiedShop = {
    platform: 'shopify',
    domain,
    displayName: domain.split('.')[0]!,
    email: null,
    externalId: null,
    accessToken: `shpat_${domain}`,
    scopes: [],
  };
  const res = await saveConnection(s.database.db, shopTokenCipher(s.config.shops, s.config.dataDir), store, null);
  if (res.status !== 'claim') throw new Error('expected a claim');
  return res.claimToken;
}

/** A fresh image code, read where the server keeps it (the picture is for people). */
async function imageCode(): Promise<{ uuid: string; code: string }> {
  const res = await s.api<{ uuid: string }>('GET', '/captchaImage');
  const [row] = await s.database.db.select().from(captchas).where(eq(captchas.uuid, res.uuid));
  return { uuid: res.uuid, code: row!.code };
}

const sessionCount = async (userId: number) => (await s.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const info = (token: string) =>
  s.api<{ user: { shopid: number; sShops: { id: number; myshopifyDomain: string }[] } }>('GET', '/api/user/getInfo', undefined, token);

describe('manyStoreLogin', () => {
  it('logs in with the image code and takes the store waiting for a claim, once', async () => {
    const a = await account();
    const claim = await waitingStore('claim-me.myshopify.com');

    expect((await s.api('POST', '/api/user/manyStoreLogin', { username: a.email, password: a.password, ...(await imageCode()) })).msg).toBe(
      LoginMessages.chooseStore,
    );
    const badCode = await s.api('POST', '/api/user/manyStoreLogin', {
      username: a.email,
      password: a.password,
      uuid: (await imageCode()).uuid,
      code: 'zzzz',
      claimToken: claim,
    });
    expect(badCode.msg).toBe(Messages.captchaError);
    const badPassword = await s.api('POST', '/api/user/manyStoreLogin', {
      username: a.email,
      password: 'wrong-one',
      ...(await imageCode()),
      claimToken: claim,
    });
    expect(badPassword.msg).toBe(Messages.wrongCredentials);
    expect(await sessionCount(a.id)).toBe(0);
    expect(await s.database.db.select().from(shops).where(eq(shops.userId, a.id))).toEqual([]);

    const done = await s.api<{ token: string; data: { shopId: number } }>('POST', '/api/user/manyStoreLogin', {
      username: a.email,
      password: a.password,
      ...(await imageCode()),
      claimToken: claim,
    });
    expect(done.code, done.msg).toBe(200);
    const me = await info(done.token);
    expect(me.user.shopid).toBe(done.data.shopId);
    expect(me.user.sShops.map((x) => x.myshopifyDomain)).toEqual(['claim-me.myshopify.com']);

    // The claim is spent: logging in with it again changes nothing and opens no session.
    const sessionsBefore = await sessionCount(a.id);
    const again = await s.api('POST', '/api/user/manyStoreLogin', {
      username: a.email,
      password: a.password,
      ...(await imageCode()),
      claimToken: claim,
    });
    expect(again.msg).toBe(ShopMessages.claimInvalid);
    expect(await sessionCount(a.id)).toBe(sessionsBefore);
  });

  it("lands on one of the account's own stores, never on another account's", async () => {
    const a = await account();
    const b = await account();
    const first = (
      await s.api<{ data: { shopId: number } }>('POST', '/api/user/manyStoreLogin', {
        username: a.email,
        password: a.password,
        ...(await imageCode()),
        claimToken: await waitingStore('first-a.myshopify.com'),
      })
    ).data.shopId;
    const second = (
      await s.api<{ data: { shopId: number } }>('POST', '/api/user/manyStoreLogin', {
        username: a.email,
        password: a.password,
        ...(await imageCode()),
        claimToken: await waitingStore('second-a.myshopify.com'),
      })
    ).data.shopId;

    const back = await s.api<{ token: string; data: { shopId: number } }>('POST', '/api/user/manyStoreLogin', {
      username: a.email,
      password: a.password,
      ...(await imageCode()),
      shopId: first,
    });
    expect(back.code, back.msg).toBe(200);
    expect((await info(back.token)).user.shopid).toBe(first);
    expect(second).not.toBe(first);

    const foreign = await s.api('POST', '/api/user/manyStoreLogin', {
      username: b.email,
      password: b.password,
      ...(await imageCode()),
      shopId: first,
    });
    expect(foreign.msg).toBe(ShopMessages.storeNotFound);
    expect(await sessionCount(b.id)).toBe(0);
    const [shop] = await s.database.db.select().from(shops).where(eq(shops.id, first));
    expect(shop!.userId).toBe(a.id);
  });
});

describe('sendEpoloLogin', () => {
  const open = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/prod-api/api/shopifyOAuth/sendEpoloLogin${query}`, { redirect: 'manual', headers });
  const redeem = (token: string, secret = SISTER.redeemSecret) =>
    fetch(`${s.url}/prod-api/api/shopifyOAuth/redeemEpoloLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ token }),
    });

  it('says so when the sister platform is not configured', async () => {
    s.config.shops.sister = null;
    const a = await account();
    const { token } = await createSession(s.database.db, a.id);
    const res = await open(`?Authorization=${token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: Code.ERROR, msg: LoginMessages.sisterNotConfigured });
    expect((await redeem('anything')).status).toBe(404);
  });

  it('sends the browser on with a one-time token that the platform redeems once with its secret', async () => {
    s.config.shops.sister = SISTER;
    const a = await account();
    const { token } = await createSession(s.database.db, a.id);
    await saveConnection(
      s.database.db,
      shopTokenCipher(s.config.shops, s.config.dataDir),
      {
        platform: 'shopify',
        domain: 'sister-a.myshopify.com',
        displayName: 'Sister A',
        email: null,
        externalId: null,
        accessToken: 'shpat_x',
        scopes: [],
      },
      a.id,
    );

    // The session comes in a header (or the cookie): a token in the query opens nothing (docs/security.md).
    expect((await open(`?Authorization=${encodeURIComponent(`Bearer ${token}`)}`)).headers.get('location')).toBe(
      '/login?redirect=%2Fdashboard',
    );
    const res = await open('', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(302);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://sister.example/auth/pod-login');
    expect(location.searchParams.get('from')).toBe('pod');
    const handoff = location.searchParams.get('token')!;
    expect(handoff).toMatch(/^[\w-]{40,}$/);
    expect(handoff).not.toBe(token);
    expect(res.headers.get('location')).not.toContain(token);
    expect(s.logs.join('\n')).not.toContain(token);

    // Someone without the platform's secret learns nothing and spends nothing.
    const forged = await redeem(handoff, 'not-the-secret');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: Code.UNAUTHORIZED, msg: LoginMessages.platformSecret });

    const first = await redeem(handoff);
    const body = (await first.json()) as {
      code: number;
      data: { userId: number; email: string; shop: { domain: string; name: string; type: number } };
    };
    expect(body.code).toBe(200);
    expect(body.data).toEqual({
      userId: a.id,
      email: a.email,
      shop: { id: expect.any(Number), domain: 'sister-a.myshopify.com', name: 'Sister A', type: 6 },
    });
    expect(await (await redeem(handoff)).json()).toEqual({ code: Code.ERROR, msg: LoginMessages.handoffInvalid });
  });

  it('takes the session cookie too, refuses a stale hand-off, and sends a visitor without a session to log in', async () => {
    s.config.shops.sister = SISTER;
    const a = await account();
    const { token } = await createSession(s.database.db, a.id);
    const viaCookie = await open('', { cookie: `pod_token=${token}` });
    expect(viaCookie.status).toBe(302);
    const handoff = new URL(viaCookie.headers.get('location')!).searchParams.get('token')!;
    await s.database.db
      .update(loginHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginHandoffs.userId, a.id));
    expect(await (await redeem(handoff)).json()).toEqual({ code: Code.ERROR, msg: LoginMessages.handoffInvalid });

    const handoffsBefore = (await s.database.db.select().from(loginHandoffs)).length;
    for (const [q, headers] of [
      ['', {}],
      ['', { cookie: 'pod_token=not-a-session-token-at-all' }],
      ['', { authorization: `Bearer ${token.slice(0, -2)}xx` }],
      [`?Authorization=${token}`, {}],
    ] as const) {
      const res = await open(q, headers);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login?redirect=%2Fdashboard');
    }
    // A logged-out session no longer opens the platform.
    await s.api('POST', '/api/user/logout', undefined, token);
    expect((await open('', { cookie: `pod_token=${token}` })).headers.get('location')).toBe('/login?redirect=%2Fdashboard');
    expect((await s.database.db.select().from(loginHandoffs)).length).toBe(handoffsBefore);
  });
});
