/**
 * Etsy access tokens last an hour: a connection whose token ends within two minutes gets a new
 * one from its refresh token first, and a call Etsy answers 401 gets one at once. Etsy rotates
 * refresh tokens, so two job runners must not spend the same one: the refresh holds the
 * connection's row lock, and a runner that waited for it finds the token already fresh.
 * New tokens are saved encrypted. Other platforms' tokens do not expire.
 */
import { eq } from 'drizzle-orm';
import { storeConnections } from './schema';
import type { ConnectionRow } from './connections';
import type { Db } from '../platform/db/client';
import type { ShopsConfig } from './config';
import type { TokenCipher } from './token-cipher';
import { refreshEtsyToken } from './etsy/api';
import { ShopApiError } from './errors';
import { ShopMessages } from '../../contract/shops';

/** What a refresh needs; the push job's and the job loop's dependencies include it. */
export interface TokenRefreshDeps {
  db: Db;
  config: ShopsConfig;
  cipher: TokenCipher;
}

type Deps = TokenRefreshDeps;
const MARGIN_MS = 120_000;

const expiring = (conn: ConnectionRow, now: Date) =>
  conn.tokenExpiresAt !== null && conn.tokenExpiresAt.getTime() - now.getTime() <= MARGIN_MS;

/**
 * A new token for the connection. `force`: the token in hand was refused, refresh unless
 * someone else already did since `seenToken` was read.
 */
export async function refreshConnection(
  deps: Deps,
  connId: number,
  opts: { force: boolean; seenToken?: string },
  now = new Date(),
): Promise<ConnectionRow> {
  const cfg = deps.config.etsy;
  if (!cfg) throw new ShopApiError(ShopMessages.notConfigured, 'permanent');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(storeConnections).where(eq(storeConnections.id, connId)).for('update');
    if (!row) throw new ShopApiError(ShopMessages.noStore, 'permanent');
    if (row.platform !== 'etsy' || !row.secretEnc) return row;
    const changed = opts.seenToken !== undefined && deps.cipher.decrypt(row.accessTokenEnc) !== opts.seenToken;
    if (opts.force ? changed : !expiring(row, now)) return row;
    const t = await refreshEtsyToken(cfg, deps.cipher.decrypt(row.secretEnc));
    const [saved] = await tx
      .update(storeConnections)
      .set({
        accessTokenEnc: deps.cipher.encrypt(t.accessToken),
        secretEnc: deps.cipher.encrypt(t.refreshToken),
        tokenExpiresAt: t.expiresAt,
        updatedAt: new Date(),
      })
      .where(eq(storeConnections.id, row.id))
      .returning();
    return saved ?? row;
  });
}

export async function refreshIfExpiring(deps: Deps, conn: ConnectionRow, now = new Date()): Promise<ConnectionRow> {
  if (conn.platform !== 'etsy' || !conn.secretEnc || !deps.config.etsy || !expiring(conn, now)) return conn;
  return refreshConnection(deps, conn.id, { force: false }, now);
}

/** What a connector calls when the store refuses its token: the newest token, refreshed if needed. */
export function tokenRefresher(deps: Deps, conn: ConnectionRow): (() => Promise<string>) | undefined {
  if (conn.platform !== 'etsy') return undefined;
  let seen = deps.cipher.decrypt(conn.accessTokenEnc);
  return async () => {
    const row = await refreshConnection(deps, conn.id, { force: true, seenToken: seen });
    seen = deps.cipher.decrypt(row.accessTokenEnc);
    return seen;
  };
}
