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
import type { z } from 'zod';
import { aka, editText, flag, optionalText } from '../platform/http-schema/fields';

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

/**
 * The fields of an address form, under the names the wire uses (other spellings accepted). An
 * update changes only the fields given; an empty string clears one.
 */
export const addressFields = {
  first_name: aka(editText('first_name', ADDRESS_FIELD_MAX), 'firstName'),
  last_name: aka(editText('last_name', ADDRESS_FIELD_MAX), 'lastName'),
  address1: editText('address1', ADDRESS_FIELD_MAX),
  address2: editText('address2', ADDRESS_FIELD_MAX),
  city: editText('city', ADDRESS_FIELD_MAX),
  province: aka(editText('province', ADDRESS_FIELD_MAX), 'state'),
  zip: aka(editText('zip', ADDRESS_FIELD_MAX), 'postcode', 'postalCode'),
  phone: editText('phone', ADDRESS_FIELD_MAX),
  country_code: aka(optionalText('country_code', 8), 'countryCode'),
  isDefault: aka(flag('isDefault'), 'is_default'),
};

type AddressFields = z.output<z.ZodObject<typeof addressFields>>;
type AddressInput = Partial<
  Pick<AddressRow, 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'province' | 'zip' | 'phone' | 'countryCode' | 'isDefault'>
>;

/** The columns an address form sets; the country must be one the shipping rules know. */
export function addressInput(b: AddressFields, requireCountry: boolean): AddressInput {
  const out: AddressInput = {};
  const text = {
    firstName: b.first_name,
    lastName: b.last_name,
    address1: b.address1,
    address2: b.address2,
    city: b.city,
    province: b.province,
    zip: b.zip,
    phone: b.phone,
  };
  for (const [key, v] of Object.entries(text) as [keyof typeof text, string | undefined][]) if (v !== undefined) out[key] = v;
  if (b.country_code === undefined) {
    if (requireCountry) throw new AppError('country_code is required');
  } else {
    const country = findCountry(b.country_code);
    if (!country) throw new AppError(`Unknown country code: ${b.country_code}`);
    out.countryCode = country.countryCode;
  }
  if (b.isDefault !== undefined) out.isDefault = b.isDefault;
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
