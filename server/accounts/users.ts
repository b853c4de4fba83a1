/** Account operations behind the user routes: register, authenticate, passwords, profile. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops } from '../shops/schema';
import { users } from './schema';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password';
import { AppError } from '../platform/envelope';
import { Messages } from '../../contract/envelope';
import type { UserInfo } from '../../contract/api';
import { isUniqueViolation } from '../platform/db/errors';
import { reviewedThisMonth } from '../support/reviews';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function createUser(db: Db, email: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  const displayname = email.split('@')[0] ?? email;
  try {
    const [row] = await db.insert(users).values({ email: email.trim().toLowerCase(), passwordHash, displayname }).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (err) {
    // The unique index on lower(email) is the real guard against two concurrent sign-ups.
    if (isUniqueViolation(err)) throw new AppError(Messages.emailTaken);
    throw err;
  }
}

/** Same work and same answer whether the e-mail exists or the password is wrong. */
export async function authenticate(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const okPassword = await verifyPassword(password, user?.passwordHash || (await dummyHash()));
  if (!user || !okPassword) throw new AppError(Messages.wrongCredentials);
  // The password is at hand only now: a hash made at an older, cheaper cost is replaced.
  if (needsRehash(user.passwordHash)) await setPassword(db, user.id, password);
  return user;
}

export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function userInfo(db: Db, user: UserRow): Promise<UserInfo> {
  const shopRows = await db.select().from(shops).where(eq(shops.userId, user.id)).orderBy(shops.id);
  const current = shopRows.find((s) => s.id === user.currentShopId) ?? shopRows.find((s) => s.isDefault) ?? null;
  return {
    shopid: current?.id ?? null,
    sShopUser: { id: user.id, email: { email: user.email }, taxNumber: user.taxNumber, photoUserType: user.photoUserType },
    sShops: shopRows.map((s) => ({ id: s.id, myshopifyDomain: s.myshopifyDomain, simplename: s.simplename, type: s.type })),
    apiType: current ? user.apiType : null,
    type: current?.type ?? null,
    currencyset: user.currencyset,
    currencysale: user.currencysale,
    haoping: user.haoping,
    isEvaluation: (await reviewedThisMonth(db, user.id)) ? 1 : 0,
    themeStyle: user.themeStyle,
    domain: current?.myshopifyDomain ?? user.domain,
    employeeid: user.employeeid,
    gender: user.gender,
    displayname: user.displayname,
  };
}
