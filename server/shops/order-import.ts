/**
 * Orders placed in a connected store become orders in the merchant's Orders, waiting for
 * payment (what the merchant owes us: catalogue cost plus shipping, in cents). Only lines of
 * products we pushed count; they map back through the product link to our product, variant and
 * catalogue variant. A store order is imported once: the store_order_imports row (unique per
 * store and store order id) is written in the same transaction as the order, so a webhook
 * delivered twice, or a webhook and a pull racing, make one order.
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
import type { ShopOrder } from './connector-types';

export type ImportOutcome = { status: 'imported'; orderId: number } | { status: 'duplicate' } | { status: 'skipped'; note: string };

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

export async function importShopOrder(db: Db, shopId: number, order: ShopOrder, source: 'webhook' | 'pull'): Promise<ImportOutcome> {
  const [seen] = await db
    .select({ id: storeOrderImports.id })
    .from(storeOrderImports)
    .where(and(eq(storeOrderImports.shopId, shopId), eq(storeOrderImports.externalOrderId, order.externalId)));
  if (seen) return { status: 'duplicate' };
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) return { status: 'skipped', note: 'store not found' };

  const lines = await ourLines(db, shopId, shop.userId, order);
  if (lines.length === 0) return recordSkip(db, shopId, order, source, 'no products of ours in this order');
  const a = order.address;
  const country = a ? findCountry(a.countryCode.toUpperCase()) : undefined;
  if (!a || !country) return recordSkip(db, shopId, order, source, 'no shipping address we can ship to');
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

  const shipments: { from: ShipFromCode; method: GroupMethod }[] = [];
  for (const from of SHIP_FROM_ORDER) {
    const group = lines.filter((l) => l.product.shipFrom === from);
    if (group.length === 0) continue;
    const q = quoteGroup(
      from,
      group.map((l) => ({ product: l.product, quantity: l.quantity })),
      country,
    );
    const method = q.methods.find((m) => m.isDefault);
    if (q.refused || !method) return recordSkip(db, shopId, order, source, q.refused ?? 'no shipping method');
    shipments.push({ from, method });
  }
  const subtotal = lines.reduce((s, l) => s + l.variant.cost * l.quantity, 0);
  const totals = orderTotals(
    subtotal,
    shipments.reduce((s, x) => s + x.method.cost, 0),
    0,
  );

  return db.transaction(async (tx) => {
    const [claim] = await tx
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
    await tx.insert(orderItems).values(
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
