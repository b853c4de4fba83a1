/**
 * Orders placed in a connected store become orders in the merchant's Orders, waiting for
 * payment (what the merchant owes us: catalogue cost plus shipping, in cents). Only lines of
 * products we pushed count; they map back through the product link to our product, variant and
 * catalogue variant. A store order is imported once: the store_order_imports row (unique per
 * store and store order id) is written in the same transaction as the order, so a webhook
 * delivered twice, or a webhook and a pull racing, make one order.
 *
 * An order of ours without a shipping address (a platform that keeps it from the app: Etsy by
 * the seller's region, Shopify without protected customer data approval) is never made into an
 * order with an empty address: it waits as needs_address, the merchant is told, and it is made
 * once the address is there (entered by the merchant, or brought by a later pull or webhook).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { myProductVariants, myProducts } from '../products/schema';
import { orderEvents, orderItems, orderShipments, orders } from '../commerce/schema';
import { shops, storeOrderImports, storeProductLinks } from './schema';
import { loadCatalogView, type SellableProduct, type SellableVariant } from '../commerce/catalog-lookup';
import { findCountry, quoteGroup, SHIP_FROM_ORDER, type GroupMethod } from '../commerce/cart-shipping';
import { isAddressFilled, orderTotals, type ShipAddress } from '../../contract/commerce';
import type { ShipFromCode } from '../catalog/shipping-rules';
import type { ShopOrder, ShopOrderAddress } from './connector-types';
import { recordMessage } from '../notifications/service';
import { MessageType } from '../../contract/account';
import { preferredMethods, withPreferred } from '../shop-settings/logistics';
import { stampOrderIoss } from '../shop-settings/ioss';
import type { BlobStorage } from '../platform/blob-storage/types';
import { personalizationOfLine, savePersonalizations, type LinePersonalization } from '../personalization/order-lines';

export type ImportOutcome =
  | { status: 'imported'; orderId: number }
  | { status: 'duplicate' }
  | { status: 'skipped'; note: string }
  /** Waiting for a shipping address; `note` says why the address given cannot be used. */
  | { status: 'needs_address'; note?: string };

export type ImportSource = 'webhook' | 'pull' | 'merchant';

/** Where a parcel can go: a country, a street line and a city (what a carrier cannot do without). */
export function addressMissing(a: ShopOrderAddress | null): boolean {
  return !a || !a.countryCode.trim() || !a.address1.trim() || !a.city.trim();
}

/** The store order as stored while it waits (dates as ISO text), and back. */
export function orderToJson(order: ShopOrder): Record<string, unknown> {
  return { ...order, createdAt: order.createdAt.toISOString() };
}
export function orderFromJson(raw: unknown): ShopOrder | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.externalId !== 'string' || !Array.isArray(o.lines)) return null;
  return { ...(o as unknown as ShopOrder), createdAt: new Date(String(o.createdAt)) };
}

/** Same numbering as checkout (server/commerce/checkout.ts): 'PS' + order date + id. */
function orderNoFor(id: number, at: Date): string {
  const ymd = `${String(at.getUTCFullYear()).slice(2)}${String(at.getUTCMonth() + 1).padStart(2, '0')}${String(at.getUTCDate()).padStart(2, '0')}`;
  return `PS${ymd}${String(id).padStart(6, '0')}`;
}

interface Line {
  myProductId: number;
  product: SellableProduct;
  variant: SellableVariant;
  quantity: number;
  title: string;
  properties: ShopOrder['lines'][number]['properties'];
}

/** Our lines of a store order (lines of other products are the store's own business). */
async function ourLines(db: Db, shopId: number, userId: number, order: ShopOrder): Promise<Line[]> {
  const productIds = [...new Set(order.lines.map((l) => l.externalProductId).filter((x): x is string => !!x))];
  if (productIds.length === 0) return [];
  const links = await db
    .select()
    .from(storeProductLinks)
    .where(and(eq(storeProductLinks.shopId, shopId), inArray(storeProductLinks.externalProductId, productIds)));
  if (links.length === 0) return [];
  const mine = await db
    .select({ id: myProducts.id, productfid: myProducts.productfid, title: myProducts.title })
    .from(myProducts)
    .where(
      and(
        eq(myProducts.userId, userId),
        inArray(
          myProducts.id,
          links.map((l) => l.myProductId),
        ),
      ),
    );
  const variants = mine.length
    ? await db
        .select()
        .from(myProductVariants)
        .where(
          inArray(
            myProductVariants.myProductId,
            mine.map((m) => m.id),
          ),
        )
    : [];
  const view = await loadCatalogView(
    db,
    mine.map((m) => m.productfid),
    variants.map((v) => v.variantId),
  );
  const out: Line[] = [];
  for (const l of order.lines) {
    const link = links.find((x) => x.externalProductId === l.externalProductId);
    const product = link && mine.find((m) => m.id === link.myProductId);
    if (!link || !product || l.quantity < 1) continue;
    const map = (link.variantMap ?? {}) as Record<string, string>;
    const ourVariantId = Object.entries(map).find(([, ext]) => ext === l.externalVariantId)?.[0];
    const v =
      variants.find((x) => String(x.id) === ourVariantId) ??
      (l.sku ? variants.find((x) => x.myProductId === product.id && x.sku === l.sku) : undefined);
    const catalogProduct = view.products.get(product.productfid);
    const catalogVariant = v ? view.variants.get(v.variantId) : undefined;
    if (!catalogProduct || !catalogVariant) continue;
    out.push({
      myProductId: product.id,
      product: catalogProduct,
      variant: catalogVariant,
      quantity: Math.min(l.quantity, 9999),
      title: product.title,
      properties: l.properties,
    });
  }
  return out;
}

async function recordSkip(db: Db, shopId: number, order: ShopOrder, source: string, note: string): Promise<ImportOutcome> {
  const rows = await db
    .insert(storeOrderImports)
    .values({ shopId, externalOrderId: order.externalId, externalName: order.name, status: 'skipped', note, source })
    .onConflictDoNothing()
    .returning({ id: storeOrderImports.id });
  return rows.length ? { status: 'skipped', note } : { status: 'duplicate' };
}

/** Records an order of ours that came without a shipping address, and asks the merchant for one (once). */
async function holdForAddress(
  db: Db,
  shop: { id: number; userId: number; simplename: string | null },
  order: ShopOrder,
  source: ImportSource,
): Promise<ImportOutcome> {
  const rows = await db
    .insert(storeOrderImports)
    .values({
      shopId: shop.id,
      externalOrderId: order.externalId,
      externalName: order.name,
      status: 'needs_address',
      note: 'waiting for a shipping address',
      source,
      orderData: orderToJson(order),
    })
    .onConflictDoNothing()
    .returning({ id: storeOrderImports.id });
  if (rows.length === 0) return { status: 'duplicate' };
  await recordMessage(db, shop.userId, {
    type: MessageType.NOTICE,
    title: `Order ${order.name || order.externalId} needs a shipping address`,
    content: `${shop.simplename ?? 'Your store'} sent this order without the customer's shipping address. Enter it under Account & Settings → Stores so the order can be made and shipped.`,
  });
  return { status: 'needs_address' };
}

/**
 * `blobs` reads designs saved as files when a line carries a buyer's personalisation (without it
 * only designs saved inline are read).
 */
export async function importShopOrder(
  db: Db,
  shopId: number,
  order: ShopOrder,
  source: ImportSource,
  blobs?: BlobStorage,
): Promise<ImportOutcome> {
  const [seen] = await db
    .select({ id: storeOrderImports.id, status: storeOrderImports.status })
    .from(storeOrderImports)
    .where(and(eq(storeOrderImports.shopId, shopId), eq(storeOrderImports.externalOrderId, order.externalId)));
  if (seen && seen.status !== 'needs_address') return { status: 'duplicate' };
  // Still without an address: it is waiting already.
  if (seen && addressMissing(order.address)) return { status: 'needs_address' };
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) return { status: 'skipped', note: 'store not found' };

  const lines = await ourLines(db, shopId, shop.userId, order);
  if (lines.length === 0)
    return seen ? { status: 'duplicate' } : recordSkip(db, shopId, order, source, 'no products of ours in this order');
  if (addressMissing(order.address)) return holdForAddress(db, shop, order, source);
  const a = order.address!;
  const country = findCountry(a.countryCode.toUpperCase());
  if (!country)
    return seen
      ? { status: 'needs_address', note: 'We do not ship to this country' }
      : recordSkip(db, shopId, order, source, 'no shipping address we can ship to');
  const address: ShipAddress = {
    id: 0,
    first_name: a.firstName,
    last_name: a.lastName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    zip: a.zip,
    phone: a.phone,
    country_code: country.countryCode,
    country: country.country,
    ship_country_id: country.shipCountryId,
    isDefault: 0,
    filled: false,
  };
  address.filled = isAddressFilled(address);

  // Each parcel goes by the merchant's default for this destination and warehouse when the
  // group offers it, else by the catalogue's default.
  const preferred = await preferredMethods(db, shop.userId, country.countryCode);
  const shipments: { from: ShipFromCode; method: GroupMethod }[] = [];
  for (const from of SHIP_FROM_ORDER) {
    const group = lines.filter((l) => l.product.shipFrom === from);
    if (group.length === 0) continue;
    const q = quoteGroup(
      from,
      group.map((l) => ({ product: l.product, quantity: l.quantity })),
      country,
    );
    const method = withPreferred(q.methods, preferred.get(from)).find((m) => m.isDefault);
    if (q.refused || !method)
      return seen
        ? { status: 'needs_address', note: q.refused ?? 'No shipping method reaches this address' }
        : recordSkip(db, shopId, order, source, q.refused ?? 'no shipping method');
    shipments.push({ from, method });
  }
  // Read before the transaction: each personalised line's checked values and the design they go into.
  const personal: (LinePersonalization | null)[] = [];
  for (const l of lines) personal.push(await personalizationOfLine(db, blobs, shop.userId, l.myProductId, l.properties));
  const subtotal = lines.reduce((s, l) => s + l.variant.cost * l.quantity, 0);
  const totals = orderTotals(
    subtotal,
    shipments.reduce((s, x) => s + x.method.cost, 0),
    0,
  );

  return db.transaction(async (tx) => {
    // The claim: a new row, or the waiting one turned imported (whoever turns it first makes the order).
    const [claim] = seen
      ? await tx
          .update(storeOrderImports)
          .set({ status: 'imported', note: '', orderData: null, source })
          .where(and(eq(storeOrderImports.id, seen.id), eq(storeOrderImports.status, 'needs_address')))
          .returning()
      : await tx
          .insert(storeOrderImports)
          .values({ shopId, externalOrderId: order.externalId, externalName: order.name, status: 'imported', source })
          .onConflictDoNothing()
          .returning();
    if (!claim) return { status: 'duplicate' } as const;
    const [inserted] = await tx
      .insert(orders)
      .values({
        orderNo: `tmp-${randomUUID()}`,
        userId: shop.userId,
        status: 'pending',
        countryCode: country.countryCode,
        shipCountryId: country.shipCountryId,
        address,
        subtotal: totals.subtotal,
        shippingCost: totals.shippingCost,
        discount: 0,
        total: totals.total,
        idempotencyKey: `store:${shopId}:${order.externalId}`,
      })
      .returning();
    const row = inserted!;
    await tx
      .update(orders)
      .set({ orderNo: orderNoFor(row.id, row.createdAt) })
      .where(eq(orders.id, row.id));
    const items = await tx
      .insert(orderItems)
      .values(
        lines.map((l) => ({
          orderId: row.id,
          productId: l.product.id,
          variantId: l.variant.id,
          myProductId: l.myProductId,
          title: l.title,
          variantTitle: l.variant.title,
          anotherName: '',
          imagefirst: l.variant.image || l.product.pic1,
          sku: l.variant.sku,
          shipFrom: l.product.shipFrom,
          unitCost: l.variant.cost,
          quantity: l.quantity,
          lineTotal: l.variant.cost * l.quantity,
        })),
      )
      .returning({ id: orderItems.id });
    await savePersonalizations(
      tx,
      { orderId: row.id, userId: shop.userId },
      items.map((item, i) => ({ orderItemId: item.id, personalization: personal[i] ?? null })),
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
    await stampOrderIoss(tx, shop.userId, row);
    await tx.insert(orderEvents).values({
      orderId: row.id,
      fromStatus: null,
      toStatus: 'pending',
      actor: `store:${shopId}`,
      note: `imported from store order ${order.name || order.externalId} (${source})`,
    });
    await tx.update(storeOrderImports).set({ orderId: row.id }).where(eq(storeOrderImports.id, claim.id));
    return { status: 'imported', orderId: row.id } as const;
  });
}
