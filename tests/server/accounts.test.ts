import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { codeIn, startServer, type TestServer } from './harness';
import { captchas, emailCodes } from '../../server/accounts/schema';
import { FormMessages } from '../../contract/validation';
import { Messages, tryAgainIn } from '../../contract/envelope';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

/** Reads the image code the way a person reads the picture: from where the server keeps it. */
async function captcha(): Promise<{ uuid: string; code: string }> {
  const res = await s.api<{ uuid: string; captchaEnabled: boolean; img: string }>('GET', '/captchaImage');
  expect(res.captchaEnabled).toBe(true);
  expect(res.img).toMatch(/^data:image\/svg\+xml;base64,/);
  const [row] = await s.database.db.select().from(captchas).where(eq(captchas.uuid, res.uuid));
  return { uuid: res.uuid, code: row!.code };
}

let merchants = 0;
/** Each merchant signs up from an address of their own (behind the trusted proxy). */
async function register(email: string, password = 'secret123'): Promise<string> {
  const ip = { 'x-forwarded-for': `198.51.100.${++merchants}` };
  const sent = await s.api('POST', '/api/user/sendEmailCode', { email, type: 'register' }, undefined, ip);
  expect(sent).toMatchObject({ code: 200, msg: Messages.codeSent });
  const code = codeIn(await s.lastMail(email));
  expect(code).toMatch(/^\d{6}$/);
  const res = await s.api<{ token: string }>(
    'POST',
    '/api/user/add',
    { username: email, emailCode: code, password, confirmPassword: password },
    undefined,
    ip,
  );
  expect(res.code).toBe(200);
  return res.token;
}

async function login(username: string, password: string, headers?: Record<string, string>) {
  const c = await captcha();
  return s.api<{ token?: string }>('POST', '/api/user/login', { username, password, code: c.code, uuid: c.uuid }, undefined, headers);
}

describe('health', () => {
  it('answers once migrations ran', async () => {
    expect(await s.api('GET', '/health')).toMatchObject({ code: 200, data: { db: 'ok' } });
  });
});

describe('register → login → getInfo → logout', () => {
  it('walks the whole account life cycle', async () => {
    const email = 'Maker@Example.com';
    await register(email);
    const res = await login('maker@example.com', 'secret123');
    expect(res.code).toBe(200);
    const token = res.token!;
    expect(token.length).toBeGreaterThan(30);

    const info = await s.api<{ user: { sShopUser: { email: { email: string } }; displayname: string; sShops: unknown[] } }>(
      'GET',
      '/api/user/getInfo',
      undefined,
      token,
    );
    expect(info.code).toBe(200);
    expect(info.user.sShopUser.email.email).toBe('maker@example.com');
    expect(info.user.displayname).toBe('maker');
    expect(info.user.sShops).toEqual([]);

    expect((await s.api('POST', '/api/user/logout', undefined, token)).code).toBe(200);
    const after = await s.api('GET', '/api/user/getInfo', undefined, token);
    expect(after).toMatchObject({ code: 401, msg: Messages.identityExpired });
  });

  it('sets an httpOnly SameSite=Lax token cookie and a readable login flag', async () => {
    await register('cookie@example.com');
    const c = await captcha();
    const res = await fetch(`${s.url}/prod-api/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cookie@example.com', password: 'secret123', code: c.code, uuid: c.uuid }),
    });
    const cookies = res.headers.getSetCookie();
    const tokenCookie = cookies.find((x) => x.startsWith('pod_token='))!;
    expect(tokenCookie).toMatch(/HttpOnly/i);
    expect(tokenCookie).toMatch(/SameSite=Lax/i);
    const flag = cookies.find((x) => x.startsWith('pod_login='))!;
    expect(flag).not.toMatch(/HttpOnly/i);
    // The cookie alone authenticates (what the browser sends).
    const info = await fetch(`${s.url}/prod-api/api/user/getInfo`, { headers: { cookie: tokenCookie.split(';')[0]! } });
    expect(((await info.json()) as { code: number }).code).toBe(200);
  });
});

describe('refusals with the spec wording', () => {
  it('rejects a wrong password without saying which part was wrong', async () => {
    await register('wrongpw@example.com');
    expect(await login('wrongpw@example.com', 'nottheone')).toMatchObject({ code: 10000, msg: Messages.wrongCredentials });
    expect(await login('nobody@example.com', 'nottheone')).toMatchObject({ code: 10000, msg: Messages.wrongCredentials });
  });

  it('rejects a wrong image code and never accepts the same code twice', async () => {
    const c = await captcha();
    const wrong = c.code === 'abcd' ? 'abce' : 'abcd';
    expect(
      await s.api('POST', '/api/user/login', { username: 'a@example.com', password: 'secret123', code: wrong, uuid: c.uuid }),
    ).toMatchObject({ code: 10000, msg: 'Verification code error' });
    expect(
      await s.api('POST', '/api/user/login', { username: 'a@example.com', password: 'secret123', code: c.code, uuid: c.uuid }),
    ).toMatchObject({ code: 10000, msg: Messages.captchaExpired });
  });

  it('validates forms with the messages the pages show', async () => {
    expect(await s.api('POST', '/api/user/login', { username: '', password: 'x' })).toMatchObject({ msg: FormMessages.emailRequired });
    expect(
      await s.api('POST', '/api/user/login', { username: 'not-an-email', password: 'secret123', code: 'abcd', uuid: 'x' }),
    ).toMatchObject({ msg: FormMessages.emailInvalid });
    expect(
      await s.api('POST', '/api/user/login', { username: 'a@example.com', password: 'secret123', code: 'abc', uuid: 'x' }),
    ).toMatchObject({ msg: 'Verification code error' });
    expect(
      await s.api('POST', '/api/user/add', {
        username: 'a@example.com',
        emailCode: '123456',
        password: 'has space',
        confirmPassword: 'has space',
      }),
    ).toMatchObject({ msg: FormMessages.passwordInvalid });
    expect(
      await s.api('POST', '/api/user/add', {
        username: 'a@example.com',
        emailCode: '123456',
        password: 'secret123',
        confirmPassword: 'secret124',
      }),
    ).toMatchObject({ msg: FormMessages.confirmMismatch });
    expect(
      await s.api('POST', '/api/user/add', {
        username: 'a@example.com',
        emailCode: '',
        password: 'secret123',
        confirmPassword: 'secret123',
      }),
    ).toMatchObject({ msg: FormMessages.emailCodeRequired });
  });

  it('rejects a wrong e-mail code and creates no account', async () => {
    const email = 'wrongcode@example.com';
    await s.api('POST', '/api/user/sendEmailCode', { email });
    const real = codeIn(await s.lastMail(email));
    const wrong = real === '000000' ? '111111' : '000000';
    expect(
      await s.api('POST', '/api/user/add', { username: email, emailCode: wrong, password: 'secret123', confirmPassword: 'secret123' }),
    ).toMatchObject({ code: 10000, msg: Messages.emailCodeError });
    expect(await login(email, 'secret123')).toMatchObject({ msg: Messages.wrongCredentials });
  });

  it('rejects an expired e-mail code', async () => {
    const email = 'expired@example.com';
    await s.api('POST', '/api/user/sendEmailCode', { email });
    const code = codeIn(await s.lastMail(email));
    await s.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`lower(${emailCodes.email}) = ${email}`);
    expect(
      await s.api('POST', '/api/user/add', { username: email, emailCode: code, password: 'secret123', confirmPassword: 'secret123' }),
    ).toMatchObject({ code: 10000, msg: Messages.emailCodeExpired });
  });

  it('refuses a second account on the same e-mail, whatever its case', async () => {
    await register('dup@example.com');
    expect(await s.api('POST', '/api/user/sendEmailCode', { email: 'DUP@example.com' })).toMatchObject({
      code: 10000,
      msg: Messages.emailTaken,
    });
  });

  it('slows repeated failed logins of an account from one address', async () => {
    await register('limited@example.com');
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push((await login('limited@example.com', 'wrongpass')).msg);
    expect(answers.slice(0, 5).every((m) => m === Messages.wrongCredentials)).toBe(true);
    expect(answers[5]).toBe(tryAgainIn(1000));
  });

  it('counts only failed logins: a merchant who logs in often is never slowed down', async () => {
    await register('often@example.com');
    const from = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 12; i++) expect((await login('often@example.com', 'secret123', from)).code).toBe(200);
    // Failures from elsewhere do not stop the owner here (login-throttle.test.ts has the rest).
    for (let i = 0; i < 10; i++)
      expect((await login('often@example.com', 'wrongpass', { 'x-forwarded-for': `203.0.113.${100 + i}` })).msg).toBe(
        Messages.wrongCredentials,
      );
    expect((await login('often@example.com', 'secret123', from)).code).toBe(200);
  });

  it('rate-limits e-mailed codes per client address', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const answers: string[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await s.api('POST', '/api/user/sendEmailCode', { email: `flood${i}@example.com` }, undefined, ip)).msg);
    expect(answers.slice(0, 10).every((m) => m === Messages.codeSent)).toBe(true);
    expect(answers[10]).toBe(Messages.tooManyRequests);
  });

  it('refuses a second code to the same address within a minute', async () => {
    expect((await s.api('POST', '/api/user/sendEmailCode', { email: 'twice@example.com' })).code).toBe(200);
    expect(await s.api('POST', '/api/user/sendEmailCode', { email: 'twice@example.com' })).toMatchObject({
      code: 10000,
      msg: Messages.tooManyRequests,
    });
  });
});

describe('passwords', () => {
  it('resets a forgotten password by e-mail code and ends old sessions', async () => {
    const email = 'forgot@example.com';
    const oldToken = await register(email, 'oldpass1');
    expect((await s.api('POST', '/api/user/sendEmailCode', { email, type: 'reset' })).code).toBe(200);
    const code = codeIn(await s.lastMail(email));
    expect(
      await s.api('POST', '/api/user/forgetPassword', {
        username: email,
        emailCode: code,
        password: 'newpass1',
        confirmPassword: 'newpass1',
      }),
    ).toMatchObject({ code: 200 });
    expect((await s.api('GET', '/api/user/getInfo', undefined, oldToken)).code).toBe(401);
    expect((await login(email, 'oldpass1')).msg).toBe(Messages.wrongCredentials);
    expect((await login(email, 'newpass1')).code).toBe(200);
  });

  it('changes the password only with the current one', async () => {
    const token = await register('change@example.com', 'firstpw1');
    expect(
      await s.api('POST', '/api/user/changePassword', { oldPassword: 'nope123', password: 'secondpw', confirmPassword: 'secondpw' }, token),
    ).toMatchObject({ code: 10000, msg: Messages.oldPasswordWrong });
    expect(
      (
        await s.api(
          'POST',
          '/api/user/changePassword',
          { oldPassword: 'firstpw1', password: 'secondpw', confirmPassword: 'secondpw' },
          token,
        )
      ).code,
    ).toBe(200);
    expect((await s.api('GET', '/api/user/getInfo', undefined, token)).code).toBe(200);
    expect((await login('change@example.com', 'secondpw')).code).toBe(200);
  });

  it('needs a session to change a password', async () => {
    expect(
      await s.api('POST', '/api/user/changePassword', { oldPassword: 'a', password: 'secondpw', confirmPassword: 'secondpw' }),
    ).toMatchObject({ code: 401, msg: Messages.identityExpired });
  });
});

describe('logs', () => {
  it('carry request ids and never a password, a token or a code', async () => {
    const token = await register('logs@example.com', 'logsecret9');
    await s.api('GET', '/api/user/getInfo', undefined, token);
    const all = s.logs.join('\n');
    expect(all).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    expect(all).not.toContain('logsecret9');
    expect(all).not.toContain(token);
    const code = codeIn(await s.lastMail('logs@example.com'));
    expect(all).not.toContain(code);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await fetch(`${s.url}/prod-api/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404 });
  });
});
