/**
 * The accounts' tables: merchants (users, with their profile, currency and tax number), login
 * sessions, e-mailed codes and login image codes.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayname: text('displayname').notNull().default(''),
    gender: integer('gender').notNull().default(0),
    apiType: integer('api_type'),
    type: integer('type'),
    currencyset: text('currencyset').notNull().default('USD'),
    currencysale: integer('currencysale').notNull().default(1),
    haoping: integer('haoping').notNull().default(0),
    themeStyle: text('theme_style'),
    domain: text('domain'),
    employeeid: integer('employeeid'),
    taxNumber: text('tax_number'),
    photoUserType: integer('photo_user_type').notNull().default(0),
    currentShopId: integer('current_shop_id'),
    /**
     * The merchant's invite code (the share link's id): random, so the landing page that says
     * whether a code is valid cannot be used to list who has an account. Made on first use.
     */
    shareCode: text('share_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), uniqueIndex('users_share_code_idx').on(t.shareCode)],
);

/** Opaque session tokens; only their SHA-256 is stored so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** E-mailed 6-digit codes, stored hashed, single use, with a wrong-guess counter. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_lookup_idx').on(sql`lower(${t.email})`, t.purpose)],
);

/** Image codes for login; single use, short-lived. */
export const captchas = pgTable('captchas', {
  uuid: text('uuid').primaryKey(),
  code: text('code').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
