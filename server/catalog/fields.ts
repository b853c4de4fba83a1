/**
 * The catalogue's own request field types, built on ../platform/http-schema/fields.ts. Anything
 * malformed is refused with code 10000 and a message naming the parameter, rather than silently
 * ignored: a typo in a filter must not look like an empty catalogue.
 *
 * Catalogue ids travel as up to nine digits (see ./id-ranges.ts), so an id field here refuses
 * longer numbers as malformed rather than looking them up.
 */
import { z } from 'zod';
import { int, isBlank, optionalInt, optionalText, paging, requiredText, refuse } from '../platform/http-schema/fields';
import { CATALOG_PAGE_SIZES, MAX_PAGE_NUM } from '../../contract/catalog';
import { CatalogMessages } from './messages';
import { CATEGORIES, type CategoryDef } from './taxonomy';
import { ShipMessages, findCountry, findMethod, type ShipCountry, type ShippingMethod } from './shipping-rules';

/**
 * The length bound of names looked up in a fixed list (a category slug, a country code): no
 * query value can be longer (Node refuses request heads over 16 KiB), so an unknown name is
 * always answered "not found", never "too long".
 */
const LOOKUP_MAX = 16_384;
const ID_MAX = 999_999_999;
const isDigits = (s: string) => /^\d{1,9}$/.test(s);

/** A required catalogue id (1 to 999999999). */
export function catalogId(what: string) {
  return int(what, 1, ID_MAX, `${what} must be a positive whole number`);
}

/** A catalogue id, or undefined when blank. */
export function optionalCatalogId(what: string) {
  return optionalInt(what, 1, ID_MAX, `${what} must be a positive whole number`);
}

/** pageNum (1 to 1000) and pageSize (one of the catalogue's page sizes), to spread into a query. */
export function catalogPaging(defaultSize: number) {
  return paging(defaultSize, { sizes: CATALOG_PAGE_SIZES, maxPage: MAX_PAGE_NUM });
}

/**
 * Catalogue ids, repeated (productIdList=1&productIdList=2) or comma-joined, at most `max`, in
 * the order given (a repeated id is kept). Required.
 */
export function catalogIdList(what: string, max = 100) {
  return z.preprocess(
    (v) =>
      isBlank(v)
        ? []
        : (Array.isArray(v) ? v : [v])
            .flatMap((p) => String(p).split(','))
            .map((s) => s.trim())
            .filter(Boolean),
    z.array(z.string()).transform((parts, ctx) => {
      if (parts.length === 0) return refuse(ctx, `${what} is required`, parts);
      if (parts.length > max) return refuse(ctx, `${what} takes at most ${max} ids`, parts);
      if (!parts.every((p) => isDigits(p) && Number(p) >= 1)) return refuse(ctx, `${what} must be a positive whole number`, parts);
      return parts.map(Number);
    }),
  );
}

/** A category by id or slug, found in the fixed taxonomy; an unknown one is refused. */
function findCategory(raw: string): CategoryDef | undefined {
  return isDigits(raw) ? CATEGORIES.find((c) => c.id === Number(raw)) : CATEGORIES.find((c) => c.slug === raw.toLowerCase());
}

/** A category given by id or slug; undefined when blank, refused when unknown. */
export function categoryRef(what: string) {
  return optionalText(what, LOOKUP_MAX)
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const found = findCategory(raw);
      if (!found) {
        return refuse(ctx, `${CatalogMessages.categoryNotFound}: ${raw}`, raw);
      }
      return found;
    })
    .meta({ description: 'A category id or slug' });
}

/** A subcategory id or slug, resolved by the handler (a slug alone matches it in every category). */
export function subcategoryRef(what: string) {
  return optionalText(what, LOOKUP_MAX).meta({ description: 'A subcategory id or slug' });
}

/** A price in dollars (up to 5 integer digits and 2 decimals), turned into cents exactly. */
export function dollars(what: string) {
  return optionalText(what, LOOKUP_MAX)
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(raw);
      if (!m) {
        return refuse(ctx, `${what} must be a price such as 12 or 12.50`, raw);
      }
      return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    })
    .meta({ description: 'Dollars, such as 12 or 12.50' });
}

/** A price in whole cents (0 to 9999999). */
export function cents(what: string) {
  return optionalInt(what, 0, 9_999_999, `${what} must be a whole number of cents`);
}

/** A ship-to country by ISO code or name; required, refused when unknown. */
export function shipCountry(what: string) {
  return requiredText(what, LOOKUP_MAX)
    .transform((raw, ctx): ShipCountry => {
      const country = findCountry(raw);
      if (!country) {
        return refuse(ctx, `${ShipMessages.unknownCountry}: ${raw}`, raw);
      }
      return country;
    })
    .meta({ description: 'Ship-to country: ISO code such as US' });
}

/** A shipping method by logistics id or name; required, refused when unknown. */
export function shipMethod(what: string) {
  return requiredText(what, LOOKUP_MAX)
    .transform((raw, ctx): ShippingMethod => {
      const method = findMethod(raw);
      if (!method) {
        return refuse(ctx, `${ShipMessages.unknownMethod}: ${raw}`, raw);
      }
      return method;
    })
    .meta({ description: 'A shipping method: its logistics id or name' });
}
