/**
 * Failed logins slow a guesser without locking the owner out: growing waits per (account,
 * address), an image code after repeated failures (even on a server that asks for none by
 * default), and never a refusal of the right password with a solved code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { captchas } from '../../server/accounts/schema';
import { createUser } from '../../server/accounts/users';
import { rateLimits } from '../../server/platform/rate-limit-schema';
import { FormMessages } from '../../contract/validation';
import { Messages, tryAgainIn } from '../../contract/envelope';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ CAPTCHA: 'off' });
});
afterAll(async () => {
  await s?.close();
});

interface LoginAnswer {
  code: number;
  msg: string;
  token?: string;
  captcha?: { uuid: string; img: string };
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });

function login(username: string, password: string, ip: string, captcha?: { uuid: string; code: string }) {
  return s.api<LoginAnswer>('POST', '/api/user/login', { username, password, ...captcha }, undefined, from(ip));
}

/** Reads an image code the way a person reads the picture: from where the server keeps it. */
async function solve(c: { uuid: string } | undefined): Promise<{ uuid: string; code: string }> {
  expect(c?.uuid).toBeTruthy();
  const [row] = await s.database.db.select().from(captchas).where(eq(captchas.uuid, c!.uuid));
  return { uuid: c!.uuid, code: row!.code };
}

/** Moves every login failure of an account back in time, as if `ms` had passed. */
async function elapse(account: string, ms: number) {
  await s.database.db
    .update(rateLimits)
    .set({ lastAt: sql`${rateLimits.lastAt} - ${ms}` })
    .where(like(rateLimits.key, `login:%${account}%`));
}

let accounts = 0;
async function account(): Promise<string> {
  const email = `owner${++accounts}@example.com`;
  await createUser(s.database.db, email, 'secret123');
  return email;
}

describe('login throttle', () => {
  it('asks a stranger for an image code after 3 failures and makes them wait, longer each time, after 5', async () => {
    const email = await account();
    const ip = '203.0.113.10';
    const answers: LoginAnswer[] = [];
    for (let i = 0; i < 3; i++) answers.push(await login(email, 'wrongpass', ip));
    expect(answers.map((a) => a.msg)).toEqual([Messages.wrongCredentials, Messages.wrongCredentials, Messages.wrongCredentials]);
    expect(answers[0]!.captcha).toBeUndefined();
    // The third failure brings the code the next attempt needs.
    expect(answers[2]!.captcha?.img).toMatch(/^data:image\/svg\+xml;base64,/);

    // Without the code: asked for it (with a fresh one), and nothing is counted.
    const noCode = await login(email, 'wrongpass', ip);
    expect(noCode).toMatchObject({ code: 10000, msg: FormMessages.imageCodeRequired });
    expect(noCode.captcha?.uuid).toBeTruthy();

    // Failures 4 and 5, each with a solved code.
    let last = noCode;
    for (let i = 0; i < 2; i++) {
      last = await login(email, 'wrongpass', ip, await solve(last.captcha));
      expect(last.msg).toBe(Messages.wrongCredentials);
    }
    // Now a wait of 1 s, heard again once it has passed; then 2 s after the next failure.
    const early = await login(email, 'wrongpass', ip, await solve(last.captcha));
    expect(early.msg).toBe(tryAgainIn(1000));
    await elapse(email, 1000);
    last = await login(email, 'wrongpass', ip, await solve(early.captcha));
    expect(last.msg).toBe(Messages.wrongCredentials);
    const early2 = await login(email, 'secret123', ip, await solve(last.captcha));
    expect(early2.msg).toBe(tryAgainIn(2000));
    // The owner, at the stranger's own address, gets in once the wait is over, with a code.
    await elapse(email, 2000);
    const owner = await login(email, 'secret123', ip, await solve(early2.captcha));
    expect(owner.code).toBe(200);
    expect(owner.token).toBeTruthy();
  });

  it('never waits more than a minute, however long the guessing went on', async () => {
    const email = await account();
    const ip = '203.0.113.11';
    let last: LoginAnswer | undefined;
    const waits: number[] = [];
    for (let failures = 0; failures < 14;) {
      last = await login(email, 'wrongpass', ip, last?.captcha ? await solve(last.captcha) : undefined);
      if (last.msg === Messages.wrongCredentials) {
        failures++;
        continue;
      }
      const seconds = Number(/^Too many attempts, please try again in (\d+) seconds?$/.exec(last.msg)?.[1]);
      waits.push(seconds);
      await elapse(email, seconds * 1000);
    }
    // Doubling from 1 s after the fifth failure, held at a minute.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    const wait = await login(email, 'secret123', ip, await solve(last!.captcha));
    expect(wait.msg).toBe(tryAgainIn(60_000));
    await elapse(email, 60_000);
    expect((await login(email, 'secret123', ip, await solve(wait.captcha))).code).toBe(200);
  });

  it('lets the owner in from another address after a stranger guessed many times: a solved code, no wait', async () => {
    const email = await account();
    let last: LoginAnswer | undefined;
    // Twelve failures from twelve addresses (a guesser spreading out): no address waits, but the
    // account now asks every address for an image code.
    for (let i = 0; i < 12; i++) {
      last = await login(email, 'wrongpass', `198.18.0.${i + 1}`, last?.captcha ? await solve(last.captcha) : undefined);
      expect(last.msg).toBe(Messages.wrongCredentials);
    }
    const ownerIp = '192.0.2.200';
    const first = await login(email, 'secret123', ownerIp);
    expect(first).toMatchObject({ code: 10000, msg: FormMessages.imageCodeRequired });
    const wrongCode = await login(email, 'secret123', ownerIp, { uuid: first.captcha!.uuid, code: 'zzzz' });
    expect(wrongCode.msg).toBe(FormMessages.imageCodeInvalid);
    expect((await login(email, 'secret123', ownerIp, await solve(wrongCode.captcha))).code).toBe(200);
  });

  it('asks an address that failed for 30 accounts for a code on every account, and still lets a merchant there in', async () => {
    const office = '203.0.113.50';
    for (let i = 0; i < 30; i++) expect((await login(`nobody${i}@example.com`, 'wrongpass', office)).msg).toBe(Messages.wrongCredentials);
    const colleague = await account();
    const asked = await login(colleague, 'secret123', office);
    expect(asked.msg).toBe(FormMessages.imageCodeRequired);
    expect((await login(colleague, 'secret123', office, await solve(asked.captcha))).code).toBe(200);
    // Another address is not affected.
    expect((await login(colleague, 'secret123', '203.0.113.51')).code).toBe(200);
  });

  it('forgets the failures of an address once the owner logs in from it', async () => {
    const email = await account();
    const ip = '203.0.113.60';
    for (let i = 0; i < 2; i++) await login(email, 'wrongpass', ip);
    expect((await login(email, 'secret123', ip)).code).toBe(200);
    // Two more failures would have made four: no code is asked for.
    for (let i = 0; i < 2; i++) expect((await login(email, 'wrongpass', ip)).captcha).toBeUndefined();
  });

  it('counts failures of the store login together with the login page', async () => {
    const email = await account();
    const ip = '203.0.113.70';
    for (let i = 0; i < 3; i++) await login(email, 'wrongpass', ip);
    const store = await s.api<LoginAnswer>(
      'POST',
      '/api/user/manyStoreLogin',
      { username: email, password: 'secret123', claimToken: 'x'.repeat(20) },
      undefined,
      from(ip),
    );
    expect(store).toMatchObject({ msg: FormMessages.imageCodeRequired });
    expect(store.captcha?.uuid).toBeTruthy();
  });

  it('gives an image code for a step-up from captchaImage even where the server asks for none', async () => {
    expect(await s.api('GET', '/captchaImage')).toMatchObject({ code: 200, captchaEnabled: false });
    const stepUp = await s.api<{ captchaEnabled: boolean; uuid: string; img: string }>('GET', '/captchaImage?stepUp=1');
    expect(stepUp).toMatchObject({ code: 200, captchaEnabled: true });
    expect(stepUp.img).toMatch(/^data:image\/svg\+xml;base64,/);
  });
});
