/**
 * The cart (shipTrolley on the wire): lines of a catalogue product and variant, either as a sample or as
 * one of the merchant's saved products ("My products", server/commerce/my-products-lookup.ts),
 * grouped by where they ship from. Every call is scoped to the calling
 * merchant: another merchant's line answers exactly like a line that does not exist.
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { cartItems, cartSettings } from './schema';
import { AppError } from '../platform/envelope';
import {
  CART_MAX_ITEMS,
  CART_QUANTITY_MAX,
  CommerceMessages,
  type CartGroup,
  type CartItem,
  type GroupCosts,
} from '../../contract/commerce';
import { firstVariantOf, loadCatalogView, type CatalogView, type SellableProduct } from './catalog-lookup';
import { loadMyProducts, sellsVariant, type SellableMyProduct } from './my-products-lookup';
import { findCountry, findCountryById, quoteGroup, SHIP_FROM_ORDER, shipFromName } from './cart-shipping';
import type { ShipCountry } from '../catalog/shipping-rules';

type CartRow = typeof cartItems.$inferSelect;

export interface CartLine {
  row: CartRow;
  item: CartItem;
  product: SellableProduct | undefined;
}

function toItem(row: CartRow, view: CatalogView, mine: ReadonlyMap<number, SellableMyProduct>): CartLine {
  const product = view.products.get(row.productId);
  const variant = view.variants.get(row.variantId);
  const saved = row.myProductId === null ? undefined : mine.get(row.myProductId);
  // A saved product's line also needs the saved product (still the merchant's) to sell this variant.
  const available =
    !!product &&
    !!variant &&
    variant.productId === row.productId &&
    (row.myProductId === null || (saved?.productfid === row.productId && sellsVariant(saved, row.variantId)));
  const cost = available ? variant!.cost : 0;
  return {
    row,
    product: available ? product : undefined,
    item: {
      id: row.id,
      productid: row.productId,
      myProductId: row.myProductId,
      imagefirst: saved?.imageByVariant.get(row.variantId) || saved?.cover || variant?.image || product?.pic1 || '',
      title: saved?.title ?? product?.title ?? 'Unavailable product',
      anotherName: row.anotherName,
      variantsid: row.variantId,
      variantTitle: variant?.title ?? '',
      sku: variant?.sku ?? '',
      cost,
      quantity: row.quantity,
      subtotal: cost * row.quantity,
      shipFrom: product?.shipFrom ?? 'CN',
      available,
    },
  };
}

/** The merchant's cart lines with live catalogue data, optionally only the ids given (in cart order). */
export async function loadCartLines(db: Db, userId: number, ids?: readonly number[]): Promise<CartLine[]> {
  const where = ids ? and(eq(cartItems.userId, userId), inArray(cartItems.id, [...ids])) : eq(cartItems.userId, userId);
  if (ids && ids.length === 0) return [];
  const rows = await db.select().from(cartItems).where(where).orderBy(asc(cartItems.id));
  const [view, mine] = await Promise.all([
    loadCatalogView(
      db,
      rows.map((r) => r.productId),
      rows.map((r) => r.variantId),
    ),
    loadMyProducts(
      db,
      userId,
      rows.flatMap((r) => (r.myProductId === null ? [] : [r.myProductId])),
    ),
  ]);
  return rows.map((r) => toItem(r, view, mine));
}

export function groupLines(lines: readonly CartLine[]): CartGroup[] {
  return SHIP_FROM_ORDER.flatMap((from) => {
    const mine = lines.filter((l) => l.item.shipFrom === from);
    if (mine.length === 0) return [];
    return [
      {
        shipFrom: from,
        shipFromName: shipFromName(from),
        shipTrolleyItemList: mine.map((l) => l.item),
        quantity: mine.reduce((s, l) => s + l.item.quantity, 0),
        subtotal: mine.reduce((s, l) => s + l.item.subtotal, 0),
      },
    ];
  });
}

export async function cartCountry(db: Db, userId: number): Promise<ShipCountry | null> {
  const [row] = await db.select().from(cartSettings).where(eq(cartSettings.userId, userId));
  return row?.shipCountryId ? (findCountryById(row.shipCountryId) ?? null) : null;
}

export async function listCart(db: Db, userId: number) {
  const [lines, country] = await Promise.all([loadCartLines(db, userId), cartCountry(db, userId)]);
  const groups = groupLines(lines);
  return {
    data: groups,
    total: lines.length,
    quantity: lines.reduce((s, l) => s + l.item.quantity, 0),
    subtotal: lines.reduce((s, l) => s + l.item.subtotal, 0),
    shipCountryId: country?.shipCountryId ?? null,
    countryCode: country?.countryCode ?? null,
  };
}

async function ownLine(db: Db, userId: number, id: number): Promise<CartRow> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  if (!row) throw new AppError(CommerceMessages.cartItemNotFound);
  return row;
}

async function assertRoom(db: Db, userId: number, adding: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  if ((row?.n ?? 0) + adding > CART_MAX_ITEMS) throw new AppError(CommerceMessages.cartFull);
}

export interface AddLine {
  productId: number;
  variantId?: number;
  quantity: number;
  anotherName: string;
  myProductId?: number | null;
}

/**
 * Adds lines; a line for a product and variant already in the cart adds to its quantity
 * (refused past 9999). Every product and variant is checked against the live catalogue first:
 * nothing is written when one of them is missing.
 */
export async function addLines(db: Db, userId: number, adds: readonly AddLine[]): Promise<number[]> {
  if (adds.length === 0) throw new AppError('variants are required');
  const mine = await loadMyProducts(
    db,
    userId,
    adds.flatMap((a) => (a.myProductId == null ? [] : [a.myProductId])),
  );
  const view = await loadCatalogView(
    db,
    adds.map((a) => a.productId),
  );
  const resolved = adds.map((a) => {
    const saved = a.myProductId == null ? undefined : mine.get(a.myProductId);
    if (a.myProductId != null && (!saved || saved.productfid !== a.productId))
      throw new AppError(`${CommerceMessages.productNotFound} (my product ${a.myProductId})`);
    if (!view.products.has(a.productId)) throw new AppError(`${CommerceMessages.productNotFound} (productid ${a.productId})`);
    const variantId = a.variantId ?? (saved ? saved.variantIds.find((id) => view.variants.has(id)) : firstVariantOf(view, a.productId)?.id);
    const variant = variantId === undefined ? undefined : view.variants.get(variantId);
    if (!variant || variant.productId !== a.productId || (saved && !sellsVariant(saved, variant.id))) {
      throw new AppError(`${CommerceMessages.variantNotFound} (variantsid ${a.variantId})`);
    }
    return { ...a, variantId: variant.id };
  });
  const existing = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...new Set(resolved.map((r) => r.productId))])));
  const fresh = resolved.filter((r) => !existing.some((e) => e.variantId === r.variantId && e.myProductId === (r.myProductId ?? null)));
  await assertRoom(db, userId, new Set(fresh.map((r) => `${r.variantId}:${r.myProductId ?? ''}`)).size);
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const r of resolved) {
      const [same] = await tx
        .select()
        .from(cartItems)
        .where(
          and(
            eq(cartItems.userId, userId),
            eq(cartItems.productId, r.productId),
            eq(cartItems.variantId, r.variantId),
            r.myProductId == null ? isNull(cartItems.myProductId) : eq(cartItems.myProductId, r.myProductId),
          ),
        )
        .orderBy(asc(cartItems.id))
        .limit(1)
        .for('update');
      if (same) {
        const quantity = same.quantity + r.quantity;
        if (quantity > CART_QUANTITY_MAX) throw new AppError(`${CommerceMessages.badQuantity}: the cart already holds ${same.quantity}`);
        await tx
          .update(cartItems)
          .set({ quantity, anotherName: r.anotherName || same.anotherName, updatedAt: new Date() })
          .where(eq(cartItems.id, same.id));
        ids.push(same.id);
      } else {
        const [row] = await tx
          .insert(cartItems)
          .values({
            userId,
            productId: r.productId,
            variantId: r.variantId,
            myProductId: r.myProductId ?? null,
            anotherName: r.anotherName,
            quantity: r.quantity,
          })
          .returning({ id: cartItems.id });
        ids.push(row!.id);
      }
    }
    return ids;
  });
}

/** Switches a line to another variant of the same product. */
export async function editVariant(db: Db, userId: number, id: number, variantId: number): Promise<void> {
  const row = await ownLine(db, userId, id);
  const view = await loadCatalogView(db, [row.productId], [variantId]);
  const variant = view.variants.get(variantId);
  if (!view.products.has(row.productId)) throw new AppError(CommerceMessages.productNotFound);
  if (!variant || variant.productId !== row.productId) throw new AppError(`${CommerceMessages.variantNotFound} (variantsid ${variantId})`);
  if (row.myProductId !== null) {
    const saved = (await loadMyProducts(db, userId, [row.myProductId])).get(row.myProductId);
    if (!saved) throw new AppError(CommerceMessages.productNotFound);
    if (!sellsVariant(saved, variantId)) throw new AppError(`${CommerceMessages.variantNotFound} (variantsid ${variantId})`);
  }
  await db
    .update(cartItems)
    .set({ variantId, updatedAt: new Date() })
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
}

export async function editQuantity(db: Db, userId: number, id: number, quantity: number, anotherName?: string): Promise<void> {
  await ownLine(db, userId, id);
  await db
    .update(cartItems)
    .set({ quantity, ...(anotherName !== undefined ? { anotherName } : {}), updatedAt: new Date() })
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
}

/** A second line like the first (then typically switched to another variant with editVariants). */
export async function copyLine(db: Db, userId: number, id: number): Promise<number> {
  const row = await ownLine(db, userId, id);
  await assertRoom(db, userId, 1);
  const [copy] = await db
    .insert(cartItems)
    .values({
      userId,
      productId: row.productId,
      variantId: row.variantId,
      myProductId: row.myProductId,
      anotherName: row.anotherName,
      quantity: row.quantity,
    })
    .returning({ id: cartItems.id });
  return copy!.id;
}

export async function deleteLine(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (gone.length === 0) throw new AppError(CommerceMessages.cartItemNotFound);
}

export async function setShipCountry(db: Db, userId: number, country: ShipCountry): Promise<void> {
  await db
    .insert(cartSettings)
    .values({ userId, shipCountryId: country.shipCountryId })
    .onConflictDoUpdate({ target: cartSettings.userId, set: { shipCountryId: country.shipCountryId, updatedAt: new Date() } });
}

export type { GroupCosts };

/** Per ship-from group of the chosen lines: the methods, times and costs to a country. */
export function groupCosts(lines: readonly CartLine[], country: ShipCountry): GroupCosts[] {
  return SHIP_FROM_ORDER.flatMap((from) => {
    const mine = lines.filter((l) => l.product && l.product.shipFrom === from);
    if (mine.length === 0) return [];
    const q = quoteGroup(
      from,
      mine.map((l) => ({ product: l.product!, quantity: l.item.quantity })),
      country,
    );
    return [
      {
        shipFrom: from,
        shipFromName: shipFromName(from),
        itemIds: mine.map((l) => l.item.id),
        quantity: mine.reduce((s, l) => s + l.item.quantity, 0),
        subtotal: mine.reduce((s, l) => s + l.item.subtotal, 0),
        refused: q.refused,
        methods: q.methods,
      },
    ];
  });
}

export function countryOrThrow(code: string | undefined, id: number | undefined): ShipCountry {
  const country = code ? findCountry(code) : id !== undefined ? findCountryById(id) : undefined;
  if (!country) throw new AppError(code || id !== undefined ? `Unknown country code: ${code ?? id}` : 'countryCode is required');
  return country;
}
