/**
 * Sessions: an opaque token, stored hashed, accepted from `Authorization: Bearer` or the
 * SameSite=Lax cookie. The login-flag cookie is readable by the page and carries no secret.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/client';
import { sessions } from './schema';
import { newToken, sha256 } from '../platform/tokens';
import { AppError } from '../platform/envelope';
import { Code, Messages } from '../../contract/envelope';
import { USER_INFO_TTL_DAYS } from '../../contract/constants';

export const TOKEN_COOKIE = 'pod_token';
export const LOGIN_FLAG_COOKIE = 'pod_login';
export const SESSION_TTL_MS = USER_INFO_TTL_DAYS * 24 * 3600 * 1000;

export function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1] && match[1] !== 'undefined' && match[1] !== 'null') return match[1];
  }
  return request.cookies?.[TOKEN_COOKIE] || null;
}

export async function createSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function sessionUserId(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.userId ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, sha256(token)));
}

/** Revokes every session of a user, except `keepToken` when given (the one changing the password). */
export async function revokeUserSessions(db: Db, userId: number, keepToken?: string): Promise<void> {
  const rows = await db
    .select({ id: sessions.id, tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const keep = keepToken ? sha256(keepToken) : null;
  for (const row of rows) {
    if (row.tokenHash !== keep) await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.id));
  }
}

/**
 * Secure whenever the merchant reached us over https: the public address is https, or this request
 * came over https (itself, or through a proxy trusted with TRUST_PROXY that says so in
 * X-Forwarded-Proto). A cookie set over plain http cannot be Secure, or the browser drops it.
 */
function cookieSecure(reply: FastifyReply, httpsPublicUrl: boolean): boolean {
  return httpsPublicUrl || reply.request.protocol === 'https';
}

export function setSessionCookies(reply: FastifyReply, token: string, expiresAt: Date, httpsPublicUrl: boolean): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: cookieSecure(reply, httpsPublicUrl), expires: expiresAt };
  reply.setCookie(TOKEN_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(LOGIN_FLAG_COOKIE, '1', { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { path: '/' });
  reply.clearCookie(LOGIN_FLAG_COOKIE, { path: '/' });
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | null;
    sessionToken: string | null;
  }
}

/** Resolves the caller; used by every route that needs a merchant. */
export async function requireUser(request: FastifyRequest): Promise<number> {
  if (request.userId) return request.userId;
  throw new AppError(Messages.identityExpired, Code.UNAUTHORIZED, 401);
}
