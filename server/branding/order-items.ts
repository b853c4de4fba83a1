/**
 * Branded items in orders: while a paid package is in use, every order the merchant places gets
 * the package's items (one per product piece for tags and labels, one per order for bags, boxes,
 * tape and cards), each with the merchant's artwork and chosen option, as a snapshot. They are
 * included in the package's price, so they add nothing to the order's total.
 *
 * Imports only tables and contract: checkout and order reading (server/commerce) import this one.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { Tx } from '../commerce/ledger';
import { brandCustoms, brandOrderItems } from './schema';
import {
  BRAND_ITEMS,
  BrandStatus,
  brandPackageDef,
  defaultOptions,
  itemPictureFor,
  type BrandItemKind,
  type BrandOrderItem,
} from '../../contract/branding';

/** Adds the items of the package in use (if any) to a new order, in the checkout's transaction. */
export async function addBrandItems(tx: Tx, userId: number, orderId: number, pieces: number): Promise<void> {
  // Shared lock: closing the package waits for this order, then sees it as unshipped.
  const [inUse] = await tx
    .select()
    .from(brandCustoms)
    .where(and(eq(brandCustoms.userId, userId), eq(brandCustoms.isUse, 1), eq(brandCustoms.status, BrandStatus.PAID)))
    .limit(1)
    .for('share');
  const pkg = inUse ? brandPackageDef(inUse.packageId) : undefined;
  if (!inUse || !pkg || pieces < 1) return;
  const options = { ...defaultOptions(pkg.items), ...inUse.options };
  await tx.insert(brandOrderItems).values(
    pkg.items.map((kind) => {
      const def = BRAND_ITEMS[kind];
      const choice = def.option.choices.find((c) => c.value === options[kind]) ?? def.option.choices[0]!;
      return {
        orderId,
        userId,
        customId: inUse.id,
        packageId: pkg.package_id,
        kind,
        title: def.name,
        choice: choice.label,
        picture: inUse.artwork[kind] || '',
        quantity: def.per === 'piece' ? pieces : 1,
      };
    }),
  );
}

/** The branded items of an order (the caller has checked the order is the merchant's). */
export async function brandItemsOf(db: Db, orderId: number): Promise<BrandOrderItem[]> {
  const rows = await db.select().from(brandOrderItems).where(eq(brandOrderItems.orderId, orderId)).orderBy(asc(brandOrderItems.id));
  return rows.map((r) => ({
    id: r.id,
    package_id: r.packageId,
    packageTitle: brandPackageDef(r.packageId)?.title ?? '',
    kind: r.kind as BrandItemKind,
    title: r.title,
    choice: r.choice,
    picture: r.picture,
    itemPicture: itemPictureFor(r.kind as BrandItemKind, r.choice),
    quantity: r.quantity,
  }));
}
