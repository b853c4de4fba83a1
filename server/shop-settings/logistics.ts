/**
 * The merchant's default shipping method per destination and warehouse. A default names a method
 * of its warehouse (server/catalog/shipping-rules.ts) for one destination country, or for 'ALL'
 * (every country without a default of its own). It decides which method is the default of a
 * ship-from group: the one the cart preselects, the one checkout takes for a group the merchant
 * left unchosen, and the one a store order is imported with. When the method is not available for
 * a group (another product mix, a country the warehouse does not reach) the catalogue's default
 * stays. Every query is scoped to the caller's user id.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopLogistics } from './schema';
import { AppError } from '../platform/envelope';
import {
  findCountry,
  methodsFrom,
  SHIP_COUNTRIES,
  SHIP_FROM_NAMES,
  SHIPPING_METHODS,
  shipRefusal,
  type ShipFromCode,
} from '../catalog/shipping-rules';
import {
  ALL_DESTINATIONS,
  ShopSettingsMessages,
  WAREHOUSES,
  type LogisticsMethod,
  type SetShopLogisticsBody,
  type ShopLogistics,
} from '../../contract/shop-settings';
import type { GroupMethod } from '../../contract/commerce';

type Row = typeof shopLogistics.$inferSelect;
/** A transaction of the database (checkout and order import ask inside theirs). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const shipTimeOf = (days: readonly [number, number]) => `${days[0]}-${days[1]} business days`;

/** The methods a warehouse offers; to a country, only where the warehouse ships to it. */
export function logisticsMethods(filter: { shipFrom?: ShipFromCode; countryCode?: string }): LogisticsMethod[] {
  return SHIPPING_METHODS.filter(
    (m) =>
      (filter.shipFrom === undefined || m.from === filter.shipFrom) &&
      (filter.countryCode === undefined || shipRefusal(m.from, filter.countryCode) === null),
  ).map((m) => ({
    logisticsId: m.logisticsId,
    shipMethod: m.name,
    carrier: m.carrier,
    shipFrom: m.from,
    shipFromName: SHIP_FROM_NAMES[m.from],
    shipTime: shipTimeOf(m.days),
  }));
}

/** A destination as given: an ISO code of a country we ship to, or ALL. */
export function destinationOrThrow(code: string): string {
  const upper = code.trim().toUpperCase();
  if (upper === ALL_DESTINATIONS) return ALL_DESTINATIONS;
  const country = findCountry(upper);
  if (!country) throw new AppError(ShopSettingsMessages.unknownCountry);
  return country.countryCode;
}

function toWire(row: Row): ShopLogistics {
  const method = SHIPPING_METHODS.find((m) => m.logisticsId === row.logisticsId);
  const shipFrom = row.shipFrom as ShipFromCode;
  const country = row.countryCode === ALL_DESTINATIONS ? undefined : findCountry(row.countryCode);
  return {
    id: row.id,
    countryCode: row.countryCode,
    country: country?.country ?? 'All other countries',
    shipCountryId: country?.shipCountryId ?? null,
    shipFrom,
    shipFromName: SHIP_FROM_NAMES[shipFrom],
    logisticsId: row.logisticsId,
    shipMethod: method?.name ?? '',
    carrier: method?.carrier ?? '',
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The order the page lists them in: ALL first, then countries as the country list has them, then by warehouse. */
const countryRank = new Map(SHIP_COUNTRIES.map((c, i) => [c.countryCode, i + 1]));
const warehouseRank = new Map(WAREHOUSES.map((w, i) => [w.code, i]));

export async function listShopLogistics(db: Db, userId: number): Promise<ShopLogistics[]> {
  const rows = await db.select().from(shopLogistics).where(eq(shopLogistics.userId, userId)).orderBy(asc(shopLogistics.id));
  return rows
    .map(toWire)
    .sort(
      (a, b) =>
        (countryRank.get(a.countryCode) ?? 0) - (countryRank.get(b.countryCode) ?? 0) ||
        (warehouseRank.get(a.shipFrom) ?? 0) - (warehouseRank.get(b.shipFrom) ?? 0),
    );
}

/**
 * Sets (or replaces) the default for a destination and warehouse. The method must be one of the
 * warehouse's, and the warehouse must ship to the country ('Only Ship to USA', …); ALL is taken
 * for any warehouse (it applies wherever that warehouse ships).
 */
export async function setShopLogistics(db: Db, userId: number, body: SetShopLogisticsBody): Promise<ShopLogistics> {
  const countryCode = destinationOrThrow(body.countryCode);
  const method = SHIPPING_METHODS.find((m) => m.logisticsId === body.logisticsId);
  if (!method) throw new AppError(ShopSettingsMessages.unknownMethod);
  if (method.from !== body.shipFrom) throw new AppError(ShopSettingsMessages.methodNotFromWarehouse);
  if (countryCode !== ALL_DESTINATIONS) {
    const refused = shipRefusal(body.shipFrom, countryCode);
    if (refused) throw new AppError(refused);
  }
  const [row] = await db
    .insert(shopLogistics)
    .values({ userId, countryCode, shipFrom: body.shipFrom, logisticsId: method.logisticsId })
    .onConflictDoUpdate({
      target: [shopLogistics.userId, shopLogistics.countryCode, shopLogistics.shipFrom],
      set: { logisticsId: method.logisticsId, updatedAt: new Date() },
    })
    .returning();
  return toWire(row!);
}

/** Deletes one of the caller's defaults; another merchant's id answers as one that does not exist. */
export async function deleteShopLogistics(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(shopLogistics)
    .where(and(eq(shopLogistics.id, id), eq(shopLogistics.userId, userId)))
    .returning({ id: shopLogistics.id });
  if (gone.length === 0) throw new AppError(ShopSettingsMessages.settingNotFound);
}

/** The merchant's chosen method per warehouse for parcels to a country: its own default, else ALL's. */
export async function preferredMethods(db: Db | Tx, userId: number, countryCode: string): Promise<Map<ShipFromCode, number>> {
  const code = countryCode.trim().toUpperCase();
  const rows = await db
    .select()
    .from(shopLogistics)
    .where(and(eq(shopLogistics.userId, userId), inArray(shopLogistics.countryCode, [code, ALL_DESTINATIONS])));
  const out = new Map<ShipFromCode, number>();
  for (const from of WAREHOUSES.map((w) => w.code)) {
    const mine = rows.find((r) => r.shipFrom === from && r.countryCode === code) ?? rows.find((r) => r.shipFrom === from);
    // A default is only ever saved with a method of its warehouse; this also keeps out one left
    // behind should a method move.
    if (mine && methodsFrom(from).some((m) => m.logisticsId === mine.logisticsId)) out.set(from, mine.logisticsId);
  }
  return out;
}

/**
 * A group's methods with the merchant's method as the default, when the group offers it;
 * otherwise the methods as quoted (the catalogue's default).
 */
export function withPreferred<M extends Pick<GroupMethod, 'logisticsId' | 'isDefault'>>(
  methods: readonly M[],
  preferred: number | undefined,
): M[] {
  if (preferred === undefined || !methods.some((m) => m.logisticsId === preferred)) return [...methods];
  return methods.map((m) => ({ ...m, isDefault: m.logisticsId === preferred }));
}

/**
 * Ship-from groups quoted to a country, with the merchant's defaults applied: each group's
 * default method is the merchant's when the group offers it, and `shopLogisticsId` names it
 * (null when the merchant has none for this destination and warehouse, or the group lacks it).
 */
export async function withShopLogistics<G extends { shipFrom: ShipFromCode; methods: GroupMethod[] }>(
  db: Db,
  userId: number,
  countryCode: string,
  groups: readonly G[],
): Promise<(G & { shopLogisticsId: number | null })[]> {
  const preferred = await preferredMethods(db, userId, countryCode);
  return groups.map((g) => {
    const mine = preferred.get(g.shipFrom);
    const offered = mine !== undefined && g.methods.some((m) => m.logisticsId === mine);
    return { ...g, methods: withPreferred(g.methods, mine), shopLogisticsId: offered ? mine : null };
  });
}
