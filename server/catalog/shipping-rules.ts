/**
 * Shipping: where products ship from, the methods, countries, costs and the rules that decide
 * where a product may go.
 *
 * How the rules combine:
 * 1. Products ship from the factory (ship flag 0, 'CN', worldwide) or from a local warehouse
 *    (ship flag 1): 'US' or 'AU'.
 * 2. The warehouse rule comes first: an AU product goes only to AU and NZ ('Only Ship to
 *    Australia and New Zealand'), a US product only to the US ('Only Ship to USA').
 * 3. Free shipping to the listed European countries applies to the standard method of factory
 *    products. Warehouse products never reach Europe (rule 2), so the two never conflict.
 * Money is integer cents throughout.
 */
import { FREE_SHIPPING_EU } from '../../contract/constants';
import type { ShipFromName } from '../../contract/catalog';
import type { ShippingQuote } from '../../contract/commerce';

export type ShipFromCode = 'CN' | 'US' | 'AU';

export const SHIP_FROM_NAMES: Readonly<Record<ShipFromCode, ShipFromName>> = { CN: 'China', US: 'USA', AU: 'Australia' };

/** A stored ship-from column as its code; anything unknown is the factory. */
export function asShipFrom(value: string): ShipFromCode {
  return value === 'US' || value === 'AU' ? value : 'CN';
}

export const ShipMessages = {
  onlyAuNz: 'Only Ship to Australia and New Zealand',
  onlyUs: 'Only Ship to USA',
  unknownCountry: 'Unknown country code',
  unknownMethod: 'Unknown shipping method',
} as const;

export interface ShippingMethod {
  logisticsId: number;
  name: string;
  carrier: string;
  from: ShipFromCode;
  /** First item in cents for a 100 g parcel to the cheapest zone. */
  baseCents: number;
  /** Cents per 100 g above that. */
  per100gCents: number;
  /** Business days to the home zone [min, max]; other zones add ZONE_DAYS. */
  days: readonly [number, number];
  /** Tracking page; the number is appended. */
  trackUrl: string;
  tiered: boolean;
}

export const SHIPPING_METHODS: readonly ShippingMethod[] = [
  {
    logisticsId: 1,
    name: 'Standard Shipping',
    carrier: 'YunExpress',
    from: 'CN',
    baseCents: 399,
    per100gCents: 90,
    days: [7, 12],
    trackUrl: 'https://www.yuntrack.com/parcelTracking?id=',
    tiered: true,
  },
  {
    logisticsId: 2,
    name: 'Express Shipping',
    carrier: 'DHL Express',
    from: 'CN',
    baseCents: 1299,
    per100gCents: 180,
    days: [3, 6],
    trackUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=',
    tiered: true,
  },
  {
    logisticsId: 3,
    name: 'USPS Ground Advantage',
    carrier: 'USPS',
    from: 'US',
    baseCents: 499,
    per100gCents: 60,
    days: [2, 5],
    trackUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
    tiered: true,
  },
  {
    logisticsId: 4,
    name: 'USPS Priority Mail',
    carrier: 'USPS',
    from: 'US',
    baseCents: 899,
    per100gCents: 80,
    days: [1, 3],
    trackUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
    tiered: true,
  },
  {
    logisticsId: 5,
    name: 'Australia Post Parcel',
    carrier: 'Australia Post',
    from: 'AU',
    baseCents: 699,
    per100gCents: 70,
    days: [2, 6],
    trackUrl: 'https://auspost.com.au/mypost/track/details/',
    tiered: true,
  },
  {
    logisticsId: 6,
    name: 'Australia Post Express',
    carrier: 'Australia Post',
    from: 'AU',
    baseCents: 1199,
    per100gCents: 90,
    days: [1, 3],
    trackUrl: 'https://auspost.com.au/mypost/track/details/',
    tiered: false,
  },
];

export const DEFAULT_TRACK_URL = 'https://t.17track.net/en#nums=';

export interface ShipCountry {
  shipCountryId: number;
  countryCode: string;
  country: string;
  /** Cost multiplier in percent for factory shipments (distance / customs). */
  zonePercent: number;
  /** Extra days on top of a method's home-zone days. */
  extraDays: number;
}

const c = (shipCountryId: number, countryCode: string, country: string, zonePercent: number, extraDays: number): ShipCountry => ({
  shipCountryId,
  countryCode,
  country,
  zonePercent,
  extraDays,
});

export const SHIP_COUNTRIES: readonly ShipCountry[] = [
  c(1, 'US', 'United States', 100, 0),
  c(2, 'CA', 'Canada', 120, 2),
  c(3, 'GB', 'United Kingdom', 110, 1),
  c(4, 'AU', 'Australia', 120, 1),
  c(5, 'NZ', 'New Zealand', 130, 2),
  c(6, 'DE', 'Germany', 110, 1),
  c(7, 'FR', 'France', 110, 1),
  c(8, 'IT', 'Italy', 115, 2),
  c(9, 'ES', 'Spain', 115, 2),
  c(10, 'NL', 'Netherlands', 110, 1),
  c(11, 'BE', 'Belgium', 110, 1),
  c(12, 'AT', 'Austria', 115, 2),
  c(13, 'IE', 'Ireland', 115, 2),
  c(14, 'PT', 'Portugal', 120, 2),
  c(15, 'SE', 'Sweden', 120, 2),
  c(16, 'DK', 'Denmark', 120, 2),
  c(17, 'FI', 'Finland', 125, 3),
  c(18, 'PL', 'Poland', 120, 2),
  c(19, 'CZ', 'Czech Republic', 120, 2),
  c(20, 'HU', 'Hungary', 120, 2),
  c(21, 'GR', 'Greece', 125, 3),
  c(22, 'RO', 'Romania', 125, 3),
  c(23, 'SK', 'Slovakia', 125, 3),
  c(24, 'SI', 'Slovenia', 125, 3),
  c(25, 'HR', 'Croatia', 125, 3),
  c(26, 'EE', 'Estonia', 125, 3),
  c(27, 'LV', 'Latvia', 125, 3),
  c(28, 'LT', 'Lithuania', 125, 3),
  c(29, 'LU', 'Luxembourg', 115, 2),
  c(30, 'MT', 'Malta', 130, 3),
  c(31, 'CY', 'Cyprus', 130, 3),
  c(32, 'IS', 'Iceland', 140, 4),
  c(33, 'NO', 'Norway', 135, 3),
  c(34, 'CH', 'Switzerland', 130, 2),
  c(35, 'JP', 'Japan', 90, 0),
  c(36, 'KR', 'South Korea', 90, 0),
  c(37, 'SG', 'Singapore', 95, 0),
  c(38, 'MX', 'Mexico', 140, 4),
  c(39, 'BR', 'Brazil', 170, 8),
  c(40, 'AE', 'United Arab Emirates', 130, 3),
  c(41, 'IL', 'Israel', 135, 3),
  c(42, 'ZA', 'South Africa', 160, 6),
  c(43, 'IN', 'India', 120, 4),
  c(44, 'SA', 'Saudi Arabia', 135, 4),
];

const countriesByCode = new Map(SHIP_COUNTRIES.map((x) => [x.countryCode, x]));
const freeEu: ReadonlySet<string> = new Set(FREE_SHIPPING_EU);

export function findCountry(code: string): ShipCountry | undefined {
  return countriesByCode.get(code.trim().toUpperCase());
}

export function isFreeShippingCountry(code: string): boolean {
  return freeEu.has(code.toUpperCase());
}

export function methodsFrom(from: ShipFromCode): ShippingMethod[] {
  return SHIPPING_METHODS.filter((m) => m.from === from);
}

export function findMethod(idOrName: string): ShippingMethod | undefined {
  const key = idOrName.trim().toLowerCase();
  return SHIPPING_METHODS.find((m) => String(m.logisticsId) === key || m.name.toLowerCase() === key);
}

/** The warehouse rule: null when the product may go to the country, else the product's message. */
export function shipRefusal(from: ShipFromCode, countryCode: string): string | null {
  const code = countryCode.toUpperCase();
  if (from === 'AU' && code !== 'AU' && code !== 'NZ') return ShipMessages.onlyAuNz;
  if (from === 'US' && code !== 'US') return ShipMessages.onlyUs;
  return null;
}

/** The product's logistics cost entry (logistics_id, is_tiered), in cents. */
export interface LogisticsCost {
  logistics_id: number;
  is_tiered: 0 | 1;
  firstCost: number;
  additionalCost: number;
}

export function logisticsFor(from: ShipFromCode, weightGrams: number): LogisticsCost[] {
  const hundreds = Math.max(0, Math.ceil(weightGrams / 100) - 1);
  return methodsFrom(from).map((m) => {
    const firstCost = m.baseCents + hundreds * m.per100gCents;
    return {
      logistics_id: m.logisticsId,
      is_tiered: m.tiered ? 1 : 0,
      firstCost,
      // Tiered methods charge less for each further item in the same parcel.
      additionalCost: m.tiered ? Math.round(firstCost * 0.4) : firstCost,
    };
  });
}

export type { ShippingQuote };

/** Quotes for one product to one country, or the product's refusal message (callers answer code 10000). */
export function quote(opts: {
  from: ShipFromCode;
  logistics: readonly LogisticsCost[];
  defaultLogisticsId: number;
  country: ShipCountry;
  quantity: number;
}): ShippingQuote[] | { refused: string } {
  const refused = shipRefusal(opts.from, opts.country.countryCode);
  if (refused) return { refused };
  const free = opts.from === 'CN' && isFreeShippingCountry(opts.country.countryCode);
  return opts.logistics.flatMap((l) => {
    const m = SHIPPING_METHODS.find((x) => x.logisticsId === l.logistics_id);
    if (!m) return [];
    // Warehouse methods are domestic: no zone surcharge inside their own zone.
    const zone = m.from === 'CN' ? opts.country.zonePercent : opts.country.countryCode === 'NZ' ? 125 : 100;
    const extraDays = m.from === 'CN' ? opts.country.extraDays : opts.country.countryCode === 'NZ' ? 3 : 0;
    const items = l.firstCost + Math.max(0, opts.quantity - 1) * (l.is_tiered ? l.additionalCost : l.firstCost);
    const isFree = free && m.logisticsId === 1;
    const [min, max] = [m.days[0] + extraDays, m.days[1] + extraDays];
    return [
      {
        logisticsId: m.logisticsId,
        shipMethod: m.name,
        carrier: m.carrier,
        shipTime: `${min}-${max} business days`,
        shipTimeMin: min,
        shipTimeMax: max,
        cost: isFree ? 0 : Math.round((items * zone) / 100),
        freeShipping: isFree,
        isDefault: m.logisticsId === opts.defaultLogisticsId,
        shipCountryId: opts.country.shipCountryId,
        countryCode: opts.country.countryCode,
      },
    ];
  });
}
