/**
 * Etsy access tokens last an hour: a connection whose token ends within two minutes gets a new
 * one from its refresh token first (saved encrypted). Other platforms' tokens do not expire.
 */
import { eq } from 'drizzle-orm';
import { storeConnections } from '../db/schema';
import type { ConnectionRow } from './connections';
import type { PushDeps } from './push';
import { refreshEtsyToken } from './etsy/api';

export async function refreshIfExpiring(deps: Pick<PushDeps, 'db' | 'config' | 'cipher'>, conn: ConnectionRow, now = new Date()): Promise<ConnectionRow> {
  if (conn.platform !== 'etsy' || !conn.tokenExpiresAt || !conn.secretEnc || !deps.config.etsy) return conn;
  if (conn.tokenExpiresAt.getTime() - now.getTime() > 120_000) return conn;
  const t = await refreshEtsyToken(deps.config.etsy, deps.cipher.decrypt(conn.secretEnc));
  const [row] = await deps.db.update(storeConnections).set({
    accessTokenEnc: deps.cipher.encrypt(t.accessToken), secretEnc: deps.cipher.encrypt(t.refreshToken), tokenExpiresAt: t.expiresAt, updatedAt: new Date(),
  }).where(eq(storeConnections.id, conn.id)).returning();
  return row ?? conn;
}
