/**
 * Ship addresses (the shipAddress calls). The country code must be one the shipping rules know;
 * the "filled" rule (a first or last name and an
 * address line) is reported on each address and enforced at checkout, where the ship-from rules
 * are too.
 */
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shipAddresses } from './schema';
import { AppError } from '../platform/envelope';
import { ADDRESS_FIELD_MAX, CommerceMessages, MAX_ADDRESSES, isAddressFilled, type ShipAddress } from '../../contract/commerce';
import { findCountry } from './cart-shipping';
import { pick, textOf, type Body } from '../platform/request-fields';

type AddressRow = typeof shipAddresses.$inferSelect;

export function toWireAddress(r: AddressRow): ShipAddress {
  const country = findCountry(r.countryCode);
  const a = {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    province: r.province,
    zip: r.zip,
    phone: r.phone,
    country_code: r.countryCode,
    country: country?.country ?? r.countryCode,
    ship_country_id: country?.shipCountryId ?? null,
    isDefault: (r.isDefault ? 1 : 0) as 0 | 1,
  };
  return { ...a, filled: isAddressFilled(a) };
}

const FIELDS = {
  firstName: ['first_name', 'firstName'],
  lastName: ['last_name', 'lastName'],
  address1: ['address1'],
  address2: ['address2'],
  city: ['city'],
  province: ['province', 'state'],
  zip: ['zip', 'postcode', 'postalCode'],
  phone: ['phone'],
} as const;

type AddressInput = Partial<Pick<AddressRow, keyof typeof FIELDS | 'countryCode' | 'isDefault'>>;

/** Reads the fields present in a body (an update changes only those). */
export function readAddress(body: Body, requireCountry: boolean): AddressInput {
  const out: AddressInput = {};
  for (const [key, names] of Object.entries(FIELDS) as [keyof typeof FIELDS, readonly string[]][]) {
    const v = pick(body, ...names);
    if (v !== undefined || names.some((n) => body[n] === '')) out[key] = textOf(v, names[0]!, ADDRESS_FIELD_MAX);
  }
  const rawCountry = pick(body, 'country_code', 'countryCode');
  if (rawCountry === undefined) {
    if (requireCountry) throw new AppError('country_code is required');
  } else {
    const country = findCountry(textOf(rawCountry, 'country_code', 8));
    if (!country) throw new AppError(`Unknown country code: ${String(rawCountry)}`);
    out.countryCode = country.countryCode;
  }
  const rawDefault = pick(body, 'isDefault', 'is_default');
  if (rawDefault !== undefined) out.isDefault = rawDefault === true || rawDefault === 1 || rawDefault === '1' || rawDefault === 'true';
  return out;
}

export async function listAddresses(db: Db, userId: number): Promise<ShipAddress[]> {
  const rows = await db
    .select()
    .from(shipAddresses)
    .where(eq(shipAddresses.userId, userId))
    .orderBy(desc(shipAddresses.isDefault), asc(shipAddresses.id));
  return rows.map(toWireAddress);
}

/** The default address, else the first. */
export async function defaultAddress(db: Db, userId: number): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(shipAddresses)
    .where(eq(shipAddresses.userId, userId))
    .orderBy(desc(shipAddresses.isDefault), asc(shipAddresses.id))
    .limit(1);
  return row ?? null;
}

export async function addAddress(db: Db, userId: number, input: AddressInput): Promise<ShipAddress> {
  return db.transaction(async (tx) => {
    const [n] = await tx.select({ n: count() }).from(shipAddresses).where(eq(shipAddresses.userId, userId));
    if ((n?.n ?? 0) >= MAX_ADDRESSES) throw new AppError(CommerceMessages.addressLimit);
    // The first address is the default one.
    const isDefault = input.isDefault ?? (n?.n ?? 0) === 0;
    if (isDefault) await tx.update(shipAddresses).set({ isDefault: false }).where(eq(shipAddresses.userId, userId));
    const [row] = await tx
      .insert(shipAddresses)
      .values({ ...input, countryCode: input.countryCode!, isDefault, userId })
      .returning();
    return toWireAddress(row!);
  });
}

export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput): Promise<ShipAddress> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: shipAddresses.id })
      .from(shipAddresses)
      .where(and(eq(shipAddresses.id, id), eq(shipAddresses.userId, userId)));
    if (!own) throw new AppError(CommerceMessages.addressNotFound);
    if (input.isDefault)
      await tx
        .update(shipAddresses)
        .set({ isDefault: false })
        .where(and(eq(shipAddresses.userId, userId), ne(shipAddresses.id, id)));
    const [row] = await tx
      .update(shipAddresses)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(shipAddresses.id, id), eq(shipAddresses.userId, userId)))
      .returning();
    return toWireAddress(row!);
  });
}

export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(shipAddresses)
    .where(and(eq(shipAddresses.id, id), eq(shipAddresses.userId, userId)))
    .returning();
  if (gone.length === 0) throw new AppError(CommerceMessages.addressNotFound);
  if (gone[0]!.isDefault) {
    const next = await defaultAddress(db, userId);
    if (next) await db.update(shipAddresses).set({ isDefault: true }).where(eq(shipAddresses.id, next.id));
  }
}
