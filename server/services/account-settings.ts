/**
 * Account & Settings operations (spec section 7 "User and shop"): profile, e-mail change,
 * currency, tax number, and the merchant's messages. Every query is scoped to the caller's user
 * id; routes only parse the request and hand the merchant id in.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shopMessages, storePushJobs, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../lib/envelope';
import { enforce, Limits } from '../lib/rate-limit';
import { consumeEmailCode, issueEmailCode } from './email-codes';
import { findUserByEmail, findUserById, isUniqueViolation } from './accounts';
import { Messages } from '../../contract/envelope';
import { firstError, type Schema } from '../../contract/validation';
import {
  AccountMessages, changeEmailSchema, changeEmailSendSchema, MessageType, profileSchema, pushMessageTitle, taxNumberSchema,
  type MessageTypeValue, type Rate, type ShopMessage,
} from '../../contract/account';

type Body = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function check(schema: Schema, body: Body): void {
  const msg = firstError(schema, body);
  if (msg) throw new AppError(msg);
}

export async function updateProfile(db: Db, userId: number, body: Body): Promise<void> {
  check(profileSchema, body);
  await db.update(users).set({ displayname: str(body.displayname), gender: Number(str(body.gender)), updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Refuses the caller's own address and one that belongs to another account. */
async function assertFreeAddress(db: Db, userId: number, email: string): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (owner?.id === userId) throw new AppError(AccountMessages.sameEmail);
  if (owner) throw new AppError(Messages.emailTaken);
}

/** Mails a code to the NEW address: receiving it proves the merchant controls that mailbox. */
export async function sendChangeEmailCode(db: Db, mailer: Mailer, userId: number, body: Body, ip: string): Promise<void> {
  check(changeEmailSendSchema, body);
  const email = str(body.email).toLowerCase();
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
export async function changeEmail(db: Db, mailer: Mailer, userId: number, body: Body): Promise<string> {
  check(changeEmailSchema, body);
  const email = str(body.email).toLowerCase();
  await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
  await assertFreeAddress(db, userId, email);
  const before = await findUserById(db, userId);
  if (!before) throw new AppError(Messages.identityExpired, 401, 401);
  await consumeEmailCode(db, email, 'change-email', str(body.emailCode));
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
 * in USD, spec section 3 "Cart"), fixed here rather than fetched, and updated by a release.
 */
export const RATES: readonly Rate[] = [
  { id: 1, ratenameEN: 'USD', rateStr: '1' },
  { id: 2, ratenameEN: 'EUR', rateStr: '0.92' },
  { id: 3, ratenameEN: 'GBP', rateStr: '0.79' },
  { id: 4, ratenameEN: 'AUD', rateStr: '1.53' },
  { id: 5, ratenameEN: 'CAD', rateStr: '1.37' },
];

export async function updateCurrency(db: Db, userId: number, body: Body): Promise<void> {
  const currencyset = str(body.currencyset).toUpperCase();
  const currencysale = str(body.currencysale);
  if (!RATES.some((r) => r.ratenameEN === currencyset)) throw new AppError(AccountMessages.currencyInvalid);
  if (currencysale !== '0' && currencysale !== '1') throw new AppError(AccountMessages.currencySaleInvalid);
  await db.update(users).set({ currencyset, currencysale: Number(currencysale), updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Empty clears the number; anything else must look like a tax id. */
export async function updateTaxNumber(db: Db, userId: number, body: Body): Promise<string | null> {
  check(taxNumberSchema, body);
  const taxNumber = str(body.taxNumber) || null;
  await db.update(users).set({ taxNumber, updatedAt: new Date() }).where(eq(users.id, userId));
  return taxNumber;
}

// ---------------------------------------------------------------------------------------------
// Messages (/notification)
// ---------------------------------------------------------------------------------------------

export async function recordMessage(db: Db, userId: number, msg: { type: MessageTypeValue; title: string; content?: string }): Promise<void> {
  await db.insert(shopMessages).values({ userId, type: msg.type, title: msg.title, content: msg.content ?? '' });
}

/** A new merchant's first messages: a welcome, and where to start. */
export async function recordWelcome(db: Db, userId: number): Promise<void> {
  await recordMessage(db, userId, { type: MessageType.PLATFORM, title: 'Welcome to POD Studio', content: 'Design a product from the catalogue, then push it to your store.' });
  await recordMessage(db, userId, { type: MessageType.NOTICE, title: 'Connect your store', content: 'Connect Shopify, Etsy or WooCommerce in Account & Settings to push your products.' });
}

/**
 * Called once a push job has run: a finished push (done or failed) becomes a "product complete"
 * message. Reads the job back so the message says what the queue says, and skips retries,
 * take-downs and jobs another worker or a cancel took over.
 */
export async function recordPushOutcome(db: Db, jobId: number): Promise<void> {
  const [job] = await db.select().from(storePushJobs).where(eq(storePushJobs.id, jobId));
  if (!job || job.action !== 'push' || (job.status !== 'done' && job.status !== 'failed')) return;
  const ok = job.status === 'done';
  await recordMessage(db, job.userId, { type: MessageType.PRODUCT_COMPLETE, title: pushMessageTitle(job.title, ok), content: job.message });
}

const wire = (r: typeof shopMessages.$inferSelect): ShopMessage => ({
  id: r.id, type: r.type as MessageTypeValue, title: r.title, content: r.content, hasRead: r.hasRead === 1, createTime: r.createdAt.toISOString(),
});

export async function listMessages(db: Db, userId: number, paging: { pageSize: number; offset: number }): Promise<{ rows: ShopMessage[]; total: number }> {
  const mine = eq(shopMessages.userId, userId);
  const [rows, [n]] = await Promise.all([
    db.select().from(shopMessages).where(mine).orderBy(desc(shopMessages.id)).limit(paging.pageSize).offset(paging.offset),
    db.select({ n: count() }).from(shopMessages).where(mine),
  ]);
  return { rows: rows.map(wire), total: Number(n?.n ?? 0) };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [n] = await db.select({ n: count() }).from(shopMessages).where(and(eq(shopMessages.userId, userId), eq(shopMessages.hasRead, 0)));
  return Number(n?.n ?? 0);
}

const MAX_IDS = 100;

/** `raw` is the path's comma list, or `all` for every message of the merchant. */
export function parseMessageIds(raw: string): number[] | 'all' {
  if (raw === 'all') return 'all';
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.length > MAX_IDS || !parts.every((p) => /^\d{1,9}$/.test(p) && Number(p) > 0)) {
    throw new AppError(AccountMessages.messageIdsInvalid);
  }
  return [...new Set(parts.map(Number))];
}

/** Marks the merchant's messages read; an id that is not theirs refuses the whole call and changes nothing. */
export async function markMessagesRead(db: Db, userId: number, ids: number[] | 'all'): Promise<number> {
  const mine = eq(shopMessages.userId, userId);
  if (ids === 'all') {
    const rows = await db.update(shopMessages).set({ hasRead: 1 }).where(and(mine, eq(shopMessages.hasRead, 0))).returning({ id: shopMessages.id });
    return rows.length;
  }
  return db.transaction(async (tx) => {
    const [owned] = await tx.select({ n: count() }).from(shopMessages).where(and(mine, inArray(shopMessages.id, ids)));
    if (Number(owned?.n ?? 0) !== ids.length) throw new AppError(AccountMessages.messageNotFound);
    const rows = await tx.update(shopMessages).set({ hasRead: 1 })
      .where(and(mine, inArray(shopMessages.id, ids), sql`${shopMessages.hasRead} = 0`)).returning({ id: shopMessages.id });
    return rows.length;
  });
}
