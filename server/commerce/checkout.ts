/**
 * order/shoppingCartOrder: turns chosen cart lines into a pending order in ONE transaction —
 * order, items (a snapshot of title, variant and cost), one shipment per ship-from group with its
 * method and cost, the coupon and its discount, the total, the first order event, the IOSS number
 * of an order to the EU, and the cart lines consumed. Everything is computed here from the live catalogue in cents; the client's
 * numbers are never trusted. If anything fails nothing is left behind (the transaction rolls back).
 *
 * A retried request with the same idempotency key answers with the order the first one made.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { cartItems, orderEvents, orderItems, orderShipments, orders, shipAddresses } from './schema';
import { AppError } from '../platform/envelope';
import { CommerceMessages, isAddressFilled, orderTotals } from '../../contract/commerce';
import type { ShipFromCode } from '../catalog/shipping-rules';
import { loadCatalogView } from './catalog-lookup';
import { loadMyProducts, sellsVariant } from './my-products-lookup';
import { toWireAddress } from './addresses';
import { bindLocked } from './coupons';
import { findCountry, quoteGroup, SHIP_FROM_ORDER, type GroupMethod } from './cart-shipping';
import type { OrderRow } from './orders';
import type { Tx } from './ledger';
import { preferredMethods, withPreferred } from '../shop-settings/logistics';
import { stampOrderIoss } from '../shop-settings/ioss';
import { addBrandItems } from '../branding/order-items';

export interface CheckoutInput {
  itemIds: number[];
  addressId?: number;
  /** Chosen methods; each id belongs to one ship-from place. Groups without one take their default. */
  logisticsIds: number[];
  couponId?: number;
  idempotencyKey: string | null;
}

/** 'PS' + order date + the order's id (at least 6 digits): unique by construction, e.g. PS261122000042. */
function orderNoFor(id: number, at: Date): string {
  const ymd = `${String(at.getUTCFullYear()).slice(2)}${String(at.getUTCMonth() + 1).padStart(2, '0')}${String(at.getUTCDate()).padStart(2, '0')}`;
  return `PS${ymd}${String(id).padStart(6, '0')}`;
}

async function byKey(db: Db, userId: number, key: string | null): Promise<OrderRow | null> {
  if (!key) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

export async function createOrderFromCart(db: Db, userId: number, input: CheckoutInput): Promise<{ order: OrderRow; replayed: boolean }> {
  const earlier = await byKey(db, userId, input.idempotencyKey);
  if (earlier) return { order: earlier, replayed: true };
  if (input.itemIds.length === 0) throw new AppError(CommerceMessages.cartEmpty);
  try {
    const order = await db.transaction((tx) => build(tx, userId, input));
    return { order, replayed: false };
  } catch (err) {
    // A concurrent retry with the same key: the first one's order is the answer.
    const raced = await byKey(db, userId, input.idempotencyKey);
    if (raced) return { order: raced, replayed: true };
    throw err;
  }
}

async function build(tx: Tx, userId: number, input: CheckoutInput): Promise<OrderRow> {
  // Lock the chosen lines: a concurrent checkout of the same lines waits, then finds them gone.
  const lines = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, input.itemIds)))
    .orderBy(asc(cartItems.id))
    .for('update');
  if (lines.length !== input.itemIds.length) throw new AppError(CommerceMessages.cartItemsGone);

  const view = await loadCatalogView(
    tx,
    lines.map((l) => l.productId),
    lines.map((l) => l.variantId),
  );
  const mine = await loadMyProducts(
    tx,
    userId,
    lines.flatMap((l) => (l.myProductId === null ? [] : [l.myProductId])),
  );
  const priced = lines.map((l) => {
    const product = view.products.get(l.productId);
    const variant = view.variants.get(l.variantId);
    if (!product || !variant || variant.productId !== l.productId) throw new AppError(CommerceMessages.itemUnavailable);
    // A saved product must still be the merchant's and still sell the variant; the item keeps its title and picture.
    const saved = l.myProductId === null ? undefined : mine.get(l.myProductId);
    if (l.myProductId !== null && (!saved || saved.productfid !== l.productId || !sellsVariant(saved, l.variantId)))
      throw new AppError(CommerceMessages.itemUnavailable);
    const title = saved?.title ?? product.title;
    const image = saved?.imageByVariant.get(variant.id) || saved?.cover || variant.image || product.pic1;
    return { line: l, product, variant, title, image };
  });

  // The address asked for, else the default one.
  const [addressRow] = await tx
    .select()
    .from(shipAddresses)
    .where(and(eq(shipAddresses.userId, userId), input.addressId !== undefined ? eq(shipAddresses.id, input.addressId) : undefined))
    .orderBy(desc(shipAddresses.isDefault), asc(shipAddresses.id))
    .limit(1);
  if (!addressRow) throw new AppError(CommerceMessages.addressNotFound);
  const address = toWireAddress(addressRow);
  if (!isAddressFilled(address)) throw new AppError(CommerceMessages.addressNotFilled);
  const country = findCountry(address.country_code);
  if (!country) throw new AppError(`Unknown country code: ${address.country_code}`);

  // One parcel per ship-from place: the warehouse rule, then the chosen method, else the
  // merchant's default for this destination and warehouse, else the catalogue's.
  const preferred = await preferredMethods(tx, userId, country.countryCode);
  const shipments: { from: ShipFromCode; method: GroupMethod }[] = [];
  for (const from of SHIP_FROM_ORDER) {
    const group = priced.filter((p) => p.product.shipFrom === from);
    if (group.length === 0) continue;
    const q = quoteGroup(
      from,
      group.map((p) => ({ product: p.product, quantity: p.line.quantity })),
      country,
    );
    if (q.refused) throw new AppError(q.refused);
    const methods = withPreferred(q.methods, preferred.get(from));
    const chosen = methods.find((m) => input.logisticsIds.includes(m.logisticsId)) ?? methods.find((m) => m.isDefault);
    if (!chosen) throw new AppError('No shipping method is available for these items');
    shipments.push({ from, method: chosen });
  }
  const unknown = input.logisticsIds.filter((id) => !shipments.some((s) => s.method.logisticsId === id));
  if (unknown.length > 0) throw new AppError(`Shipping method ${unknown[0]} does not apply to these items`);

  const subtotal = priced.reduce((s, p) => s + p.variant.cost * p.line.quantity, 0);
  const shippingCost = shipments.reduce((s, x) => s + x.method.cost, 0);
  const base = orderTotals(subtotal, shippingCost, 0);

  const [inserted] = await tx
    .insert(orders)
    .values({
      orderNo: `tmp-${randomUUID()}`,
      userId,
      status: 'pending',
      countryCode: country.countryCode,
      shipCountryId: country.shipCountryId,
      address,
      subtotal: base.subtotal,
      shippingCost: base.shippingCost,
      discount: 0,
      total: base.total,
      idempotencyKey: input.idempotencyKey,
    })
    .returning();
  const [numbered] = await tx
    .update(orders)
    .set({ orderNo: orderNoFor(inserted!.id, inserted!.createdAt) })
    .where(eq(orders.id, inserted!.id))
    .returning();
  let row = numbered!;

  await tx.insert(orderItems).values(
    priced.map((p) => ({
      orderId: row.id,
      productId: p.product.id,
      variantId: p.variant.id,
      myProductId: p.line.myProductId,
      title: p.title,
      variantTitle: p.variant.title,
      anotherName: p.line.anotherName,
      imagefirst: p.image,
      sku: p.variant.sku,
      shipFrom: p.product.shipFrom,
      unitCost: p.variant.cost,
      quantity: p.line.quantity,
      lineTotal: p.variant.cost * p.line.quantity,
    })),
  );
  await tx.insert(orderShipments).values(
    shipments.map((s) => ({
      orderId: row.id,
      shipFrom: s.from,
      logisticsId: s.method.logisticsId,
      shipMethod: s.method.shipMethod,
      carrier: s.method.carrier,
      shipTime: s.method.shipTime,
      cost: s.method.cost,
    })),
  );

  if (input.couponId !== undefined) {
    const discount = await bindLocked(tx, row, input.couponId);
    const totals = orderTotals(subtotal, shippingCost, discount);
    [row] = (await tx
      .update(orders)
      .set({ couponReceiptId: input.couponId, discount: totals.discount, total: totals.total })
      .where(eq(orders.id, row.id))
      .returning()) as [OrderRow];
  }

  await stampOrderIoss(tx, userId, row);
  // The branding package in use puts its items (tags, labels, cards…) into the order.
  await addBrandItems(
    tx,
    userId,
    row.id,
    priced.reduce((n, p) => n + p.line.quantity, 0),
  );
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, input.itemIds)));
  await tx
    .insert(orderEvents)
    .values({ orderId: row.id, fromStatus: null, toStatus: 'pending', actor: `merchant:${userId}`, note: 'ordered from the cart' });
  return row;
}
