/**
 * Password hashes at today's cost: scrypt N = 2^17 for new ones, and an older, cheaper hash
 * replaced the next time its owner logs in (the only moment the password is at hand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { users } from '../../server/accounts/schema';
import { findUserByEmail } from '../../server/accounts/users';

let s: TestServer;
beforeAll(async () => {
  // The server's own default: the harness's cheaper test cost is not set here.
  s = await startServer({ CAPTCHA: 'off', PASSWORD_SCRYPT_LOG_N: '' });
});
afterAll(async () => {
  await s?.close();
});

const costOf = (hash: string) => Number(hash.split('$')[1]);

/** A hash as the server made them before: scrypt N = 2^14. */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashes', () => {
  it('hashes at N = 2^17 by default and rehashes an older hash at the next login', async () => {
    expect(s.config.passwordLogN).toBe(17);
    const email = 'oldhash@example.com';
    await s.database.db.insert(users).values({ email, passwordHash: oldHash('secret123'), displayname: 'oldhash' });

    // A wrong password changes nothing.
    expect((await s.api('POST', '/api/user/login', { username: email, password: 'wrongpass' })).code).toBe(10000);
    expect(costOf((await findUserByEmail(s.database.db, email))!.passwordHash)).toBe(16384);

    const res = await s.api<{ token: string }>('POST', '/api/user/login', { username: email, password: 'secret123' });
    expect(res.code).toBe(200);
    const after = (await findUserByEmail(s.database.db, email))!.passwordHash;
    expect(costOf(after)).toBe(2 ** 17);
    // The new hash still lets its owner in, and the old password only.
    expect((await s.api('POST', '/api/user/login', { username: email, password: 'secret123' })).code).toBe(200);
    expect((await s.api('POST', '/api/user/login', { username: email, password: 'secret124' })).code).toBe(10000);
    const [row] = await s.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row!.h).toBe(after);
  });
});
