/**
 * Account & Settings operations: profile, e-mail change, currency and tax number, all on the
 * merchant's users row. Every query is scoped to the caller's user id; the routes check the forms
 * (contract/account.ts rules, and `currencyRules` here) and hand the merchant id and the values in.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { users } from './schema';
import type { Mailer } from '../platform/mail';
import { AppError } from '../platform/envelope';
import { enforce, Limits } from '../platform/rate-limit';
import { consumeEmailCode, issueEmailCode } from './email-codes';
import { findUserByEmail, findUserById } from './users';
import { isUniqueViolation } from '../platform/db/errors';
import { Messages } from '../../contract/envelope';
import type { Schema } from '../../contract/validation';
import { AccountMessages, type ChangeEmailBody, type CurrencyBody, type ProfileBody, type Rate } from '../../contract/account';

export async function updateProfile(db: Db, userId: number, profile: ProfileBody): Promise<void> {
  await db
    .update(users)
    .set({ displayname: profile.displayname, gender: profile.gender, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Refuses the caller's own address and one that belongs to another account. */
async function assertFreeAddress(db: Db, userId: number, email: string): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (owner?.id === userId) throw new AppError(AccountMessages.sameEmail);
  if (owner) throw new AppError(Messages.emailTaken);
}

/** Mails a code to the NEW address: receiving it proves the merchant controls that mailbox. */
export async function sendChangeEmailCode(db: Db, mailer: Mailer, userId: number, address: string, ip: string): Promise<void> {
  const email = address.toLowerCase();
  // The same limits as every other code send, so this route is no way around them.
  await enforce(db, `code:ip:${ip}`, Limits.emailCodePerIp);
  await enforce(db, `code:addr:${email}`, Limits.emailCodePerAddress);
  await assertFreeAddress(db, userId, email);
  const code = await issueEmailCode(db, email, 'change-email');
  await mailer.send({
    to: email,
    tag: 'email-code:change-email',
    subject: `Your POD Studio verification code: ${code}`,
    text: `Your verification code is ${code}. Use it to make this your account's email address. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
  });
}

/** Switches the login address after the code check; sessions stay valid (the password did not change). */
export async function changeEmail(db: Db, mailer: Mailer, userId: number, change: ChangeEmailBody): Promise<string> {
  const email = change.email.toLowerCase();
  await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
  await assertFreeAddress(db, userId, email);
  const before = await findUserById(db, userId);
  if (!before) throw new AppError(Messages.identityExpired, 401, 401);
  await consumeEmailCode(db, email, 'change-email', change.emailCode);
  try {
    await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (err) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(err)) throw new AppError(Messages.emailTaken);
    throw err;
  }
  // The old mailbox hears about it, so a hijacked session cannot move the account silently.
  await mailer.send({
    to: before.email,
    tag: 'email-changed',
    subject: 'Your POD Studio email address was changed',
    text: `The email address of your POD Studio account was changed to ${email}. If you did not do this, contact customer care at once.`,
  });
  return email;
}

/**
 * The currencies a merchant can show prices in. The rates are display-only (prices are charged
 * in USD, as the cart shows them), fixed here rather than fetched, and updated by a release.
 */
export const RATES: readonly Rate[] = [
  { id: 1, ratenameEN: 'USD', rateStr: '1' },
  { id: 2, ratenameEN: 'EUR', rateStr: '0.92' },
  { id: 3, ratenameEN: 'GBP', rateStr: '0.79' },
  { id: 4, ratenameEN: 'AUD', rateStr: '1.53' },
  { id: 5, ratenameEN: 'CAD', rateStr: '1.37' },
];

/** The currency form: a currency of RATES (any case) and the show-in-currency flag, 0 or 1. */
export const currencyRules: Schema = {
  currencyset: [(v) => (RATES.some((r) => r.ratenameEN === v.toUpperCase()) ? null : AccountMessages.currencyInvalid)],
  currencysale: [(v) => (v === '0' || v === '1' ? null : AccountMessages.currencySaleInvalid)],
};

export async function updateCurrency(db: Db, userId: number, currency: CurrencyBody): Promise<void> {
  await db
    .update(users)
    .set({ currencyset: currency.currencyset.toUpperCase(), currencysale: currency.currencysale, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Empty clears the number (the form's rules checked a filled one). */
export async function updateTaxNumber(db: Db, userId: number, given: string): Promise<string | null> {
  const taxNumber = given || null;
  await db.update(users).set({ taxNumber, updatedAt: new Date() }).where(eq(users.id, userId));
  return taxNumber;
}
