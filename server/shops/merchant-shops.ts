/**
 * A merchant's shops (one account may hold several): list, switch the current one,
 * set the default, transfer one to another account. Every call checks the store is the caller's.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops, storeConnections, storePushJobs } from './schema';
import { users } from '../accounts/schema';
import { AppError } from '../platform/envelope';
import { noticesOf } from './notices';
import { storeAdminUrl, ShopMessages, type ShopPlatform, type ShopSummary } from '../../contract/shops';

export type ShopRow = typeof shops.$inferSelect;

export async function ownShop(db: Db, userId: number, shopId: number): Promise<ShopRow> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.userId, userId)));
  if (!row) throw new AppError(ShopMessages.storeNotFound);
  return row;
}

/** The merchant's current store: the one chosen, else the default, else none. */
export async function currentShop(db: Db, userId: number): Promise<ShopRow | null> {
  const [user] = await db.select({ currentShopId: users.currentShopId }).from(users).where(eq(users.id, userId));
  const rows = await db.select().from(shops).where(eq(shops.userId, userId)).orderBy(asc(shops.id));
  return rows.find((s) => s.id === user?.currentShopId) ?? rows.find((s) => s.isDefault) ?? null;
}

export async function listShops(db: Db, userId: number): Promise<ShopSummary[]> {
  const rows = await db.select().from(shops).where(eq(shops.userId, userId)).orderBy(asc(shops.id));
  const current = await currentShop(db, userId);
  const conns = rows.length
    ? await db
        .select({
          shopId: storeConnections.shopId,
          platform: storeConnections.platform,
          status: storeConnections.status,
          displayName: storeConnections.displayName,
          notices: storeConnections.notices,
        })
        .from(storeConnections)
        .where(
          inArray(
            storeConnections.shopId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((s) => {
    const c = conns.find((x) => x.shopId === s.id);
    return {
      id: s.id,
      type: s.type,
      platform: (c?.platform as ShopPlatform | undefined) ?? null,
      myshopifyDomain: s.myshopifyDomain,
      simplename: s.simplename,
      isDefault: s.isDefault,
      isCurrent: s.id === current?.id,
      status: (c?.status as ShopSummary['status'] | undefined) ?? 'none',
      // Etsy's shop page is by name; the others by their domain.
      adminUrl: storeAdminUrl(s.type, c?.platform === 'etsy' ? c.displayName || s.simplename : s.myshopifyDomain),
      // Two checks may find one cause (the order webhook and the order pull): said once.
      notices: [...new Set(noticesOf(c?.notices).map((n) => n.message))],
    };
  });
}

/** Makes a store current; choosing the store that is already current is refused. */
export async function selectShop(db: Db, userId: number, shopId: number): Promise<void> {
  await ownShop(db, userId, shopId);
  const current = await currentShop(db, userId);
  if (current?.id === shopId) throw new AppError(ShopMessages.alreadyCurrent);
  await db.update(users).set({ currentShopId: shopId, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setDefaultShop(db: Db, userId: number, shopId: number): Promise<void> {
  await ownShop(db, userId, shopId);
  await db.transaction(async (tx) => {
    await tx.update(shops).set({ isDefault: false }).where(eq(shops.userId, userId));
    await tx
      .update(shops)
      .set({ isDefault: true })
      .where(and(eq(shops.id, shopId), eq(shops.userId, userId)));
  });
}

/**
 * Moves a store (and its connection) to another account. Pushes still waiting for it are
 * cancelled: they were the old owner's products.
 */
export async function moveShop(db: Db, fromUserId: number, shopId: number, toUserId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [shop] = await tx
      .select()
      .from(shops)
      .where(and(eq(shops.id, shopId), eq(shops.userId, fromUserId)))
      .for('update');
    if (!shop) throw new AppError(ShopMessages.storeNotFound);
    const [hasShops] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.userId, toUserId)).limit(1);
    await tx.update(shops).set({ userId: toUserId, isDefault: !hasShops }).where(eq(shops.id, shopId));
    await tx.update(storeConnections).set({ userId: toUserId, updatedAt: new Date() }).where(eq(storeConnections.shopId, shopId));
    await tx
      .update(storePushJobs)
      .set({ status: 'failed', message: ShopMessages.transferred, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(storePushJobs.shopId, shopId), inArray(storePushJobs.status, ['queued', 'running'])));
    await tx
      .update(users)
      .set({ currentShopId: null, updatedAt: new Date() })
      .where(and(eq(users.id, fromUserId), eq(users.currentShopId, shopId)));
    if (!hasShops) await tx.update(users).set({ currentShopId: shopId, updatedAt: new Date() }).where(eq(users.id, toUserId));
  });
}
