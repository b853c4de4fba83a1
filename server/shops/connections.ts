/**
 * Connecting stores to accounts: OAuth states (single use, 15 minutes, bound to who started),
 * saving a connection with its token encrypted, binding it to the merchant (a shops row, made
 * current), and connections finished without a login that wait to be claimed.
 *
 * One store belongs to one account: connecting a store that another account holds is refused
 * (moving it is the transfer's job). A store's verified owner re-installing without a login is
 * logged in to the account that holds it.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops, storeConnections, storeOauthStates } from './schema';
import { users } from '../accounts/schema';
import { newToken, sha256 } from '../platform/tokens';
import { AppError } from '../platform/envelope';
import { findUserByEmail } from '../accounts/users';
import { PLATFORM_TYPE, ShopMessages, type ConnectResult, type ShopPlatform } from '../../contract/shops';
import type { TokenCipher } from './token-cipher';

export type ConnectionRow = typeof storeConnections.$inferSelect;

const STATE_TTL_MS = 15 * 60_000;
const CLAIM_TTL_MS = 60 * 60_000;

export async function createOauthState(
  db: Db,
  p: { platform: ShopPlatform; userId: number | null; domain?: string; verifierEnc?: string | null },
): Promise<string> {
  const state = newToken();
  // Expired states can never be used: swept here, so states started and abandoned (by anyone: some
  // starts need no login) do not pile up.
  await db.delete(storeOauthStates).where(lt(storeOauthStates.expiresAt, new Date()));
  await db.insert(storeOauthStates).values({
    stateHash: sha256(state),
    platform: p.platform,
    userId: p.userId,
    domain: p.domain ?? '',
    verifierEnc: p.verifierEnc ?? null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return state;
}

/**
 * Uses a state once. It must exist, be unused and fresh, belong to this platform and store, and
 * (when `userId` is given, a logged-in finish) to the same merchant who started it.
 */
export async function consumeOauthState(db: Db, p: { platform: ShopPlatform; state: string; domain?: string; userId?: number | null }) {
  if (!p.state) throw new AppError(ShopMessages.stateInvalid);
  const [row] = await db
    .update(storeOauthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(storeOauthStates.stateHash, sha256(p.state)),
        eq(storeOauthStates.platform, p.platform),
        isNull(storeOauthStates.usedAt),
        gt(storeOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw new AppError(ShopMessages.stateInvalid);
  if (p.domain !== undefined && row.domain && row.domain !== p.domain) throw new AppError(ShopMessages.stateInvalid);
  if (p.userId !== undefined && row.userId !== null && row.userId !== p.userId) throw new AppError(ShopMessages.stateInvalid);
  return row;
}

export interface VerifiedShop {
  platform: ShopPlatform;
  domain: string;
  displayName: string;
  email: string | null;
  externalId: string | null;
  accessToken: string;
  secret?: string | null;
  webhookSecret?: string | null;
  tokenExpiresAt?: Date | null;
  scopes: string[];
}

async function findConnection(db: Db, platform: ShopPlatform, domain: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(storeConnections)
    .where(and(eq(storeConnections.platform, platform), eq(storeConnections.domain, domain)));
  return row ?? null;
}

function sealed(cipher: TokenCipher, s: VerifiedShop) {
  return {
    displayName: s.displayName,
    email: s.email,
    externalId: s.externalId,
    accessTokenEnc: cipher.encrypt(s.accessToken),
    secretEnc: s.secret ? cipher.encrypt(s.secret) : null,
    webhookSecretEnc: s.webhookSecret ? cipher.encrypt(s.webhookSecret) : null,
    tokenExpiresAt: s.tokenExpiresAt ?? null,
    scopes: s.scopes.join(','),
    status: 'active',
    updatedAt: new Date(),
  };
}

/** Gives a connection a shops row on `userId` (made current) and marks the account's token as the new app's. */
async function attach(db: Db, conn: ConnectionRow, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    let shopId = conn.shopId;
    const type = PLATFORM_TYPE[conn.platform as ShopPlatform];
    if (shopId === null) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(shops)
        .where(eq(shops.userId, userId));
      const [shop] = await tx
        .insert(shops)
        .values({ userId, myshopifyDomain: conn.domain, simplename: conn.displayName || conn.domain, type, isDefault: n === 0 })
        .returning();
      shopId = shop!.id;
    } else {
      await tx
        .update(shops)
        .set({ simplename: conn.displayName || conn.domain, type })
        .where(eq(shops.id, shopId));
    }
    await tx
      .update(storeConnections)
      .set({ userId, shopId, claimTokenHash: null, claimExpiresAt: null, updatedAt: new Date() })
      .where(eq(storeConnections.id, conn.id));
    // apiType 2: connected through the current app (OAuth), so the old private-token prompt no longer applies.
    await tx
      .update(users)
      .set({ currentShopId: shopId, ...(conn.platform === 'shopify' ? { apiType: 2 } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
    return shopId;
  });
}

/**
 * Saves a verified store. With `ownerId` (a logged-in merchant) it is bound to them; without,
 * it goes to the account that holds it already, or waits to be claimed.
 */
export async function saveConnection(
  db: Db,
  cipher: TokenCipher,
  store: VerifiedShop,
  ownerId: number | null,
  opts: { claimToken?: string } = {},
): Promise<ConnectResult & { userId?: number }> {
  const existing = await findConnection(db, store.platform, store.domain);
  if (ownerId !== null && existing?.userId && existing.userId !== ownerId) throw new AppError(ShopMessages.connectedElsewhere);
  let conn: ConnectionRow;
  if (existing) {
    [conn] = (await db.update(storeConnections).set(sealed(cipher, store)).where(eq(storeConnections.id, existing.id)).returning()) as [
      ConnectionRow,
    ];
  } else {
    [conn] = (await db
      .insert(storeConnections)
      .values({ platform: store.platform, domain: store.domain, ...sealed(cipher, store) })
      .onConflictDoUpdate({ target: [storeConnections.platform, storeConnections.domain], set: sealed(cipher, store) })
      .returning()) as [ConnectionRow];
  }
  const owner = ownerId ?? conn.userId;
  if (owner !== null) {
    const shopId = await attach(db, conn, owner);
    return ownerId !== null ? { status: 'bound', shopId } : { status: 'login', token: '', shopId, userId: owner };
  }
  const claimToken = opts.claimToken ?? newToken();
  await db
    .update(storeConnections)
    .set({ claimTokenHash: sha256(claimToken), claimExpiresAt: new Date(Date.now() + CLAIM_TTL_MS) })
    .where(eq(storeConnections.id, conn.id));
  const accountExists = store.email ? (await findUserByEmail(db, store.email)) !== null : false;
  return { status: 'claim', claimToken, email: store.email, accountExists, platform: store.platform, shop: store.domain };
}

/** A connection waiting to be claimed, by its claim token. */
export async function findClaim(db: Db, claimToken: string): Promise<ConnectionRow> {
  if (!claimToken) throw new AppError(ShopMessages.claimInvalid);
  const [row] = await db
    .select()
    .from(storeConnections)
    .where(
      and(
        eq(storeConnections.claimTokenHash, sha256(claimToken)),
        gt(storeConnections.claimExpiresAt, new Date()),
        isNull(storeConnections.userId),
      ),
    );
  if (!row) throw new AppError(ShopMessages.claimInvalid);
  return row;
}

export async function claimConnection(db: Db, claimToken: string, userId: number): Promise<number> {
  const conn = await findClaim(db, claimToken);
  return attach(db, conn, userId);
}

export async function connectionOfShop(db: Db, shopId: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(storeConnections).where(eq(storeConnections.shopId, shopId));
  return row ?? null;
}

export async function connectionByDomain(db: Db, platform: ShopPlatform, domain: string): Promise<ConnectionRow | null> {
  return findConnection(db, platform, domain);
}

export async function setConnectionStatus(db: Db, id: number, status: 'active' | 'reauthorize' | 'uninstalled'): Promise<void> {
  await db.update(storeConnections).set({ status, updatedAt: new Date() }).where(eq(storeConnections.id, id));
}
