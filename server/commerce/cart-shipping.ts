/**
 * Shipping of a cart or an order, built on the catalogue's rules and costs
 * (server/catalog/shipping-rules.ts, the same numbers as getshippingTemplateList and getCalculatorList):
 * - items are grouped by where they ship from; each group is one parcel with one method;
 * - a group's cost for a method is the sum, over its products, of the catalogue's quote for that
 *   product and its quantity (variants of one product count together, so a product's further
 *   units get the tiered "additional" price exactly as the calculator shows);
 * - the warehouse rule refuses a group with the product's message ('Only Ship to USA', …).
 */
import {
  DEFAULT_TRACK_URL,
  SHIP_COUNTRIES,
  SHIP_FROM_NAMES,
  findCountry,
  quote,
  shipRefusal,
  SHIPPING_METHODS,
  type ShipCountry,
  type ShipFromCode,
  type ShippingQuote,
} from '../catalog/shipping-rules';
import type { SellableProduct } from './catalog-lookup';
import type { GroupMethod } from '../../contract/commerce';

export type { GroupMethod };

export type GroupQuote = { refused: string; methods: [] } | { refused: null; methods: GroupMethod[] };

export const SHIP_FROM_ORDER: readonly ShipFromCode[] = ['CN', 'US', 'AU'];
export const shipFromName = (c: ShipFromCode): string => SHIP_FROM_NAMES[c];

/** Quotes every method of one ship-from group to a country. */
export function quoteGroup(
  from: ShipFromCode,
  lines: readonly { product: SellableProduct; quantity: number }[],
  country: ShipCountry,
): GroupQuote {
  const refused = shipRefusal(from, country.countryCode);
  if (refused) return { refused, methods: [] };
  const byProduct = new Map<number, { product: SellableProduct; quantity: number }>();
  for (const l of lines) {
    const cur = byProduct.get(l.product.id);
    byProduct.set(l.product.id, { product: l.product, quantity: (cur?.quantity ?? 0) + l.quantity });
  }
  const perProduct: ShippingQuote[][] = [];
  for (const { product, quantity } of byProduct.values()) {
    const q = quote({ from, logistics: product.logistics, defaultLogisticsId: product.defaultLogisticsId, country, quantity });
    if ('refused' in q) return { refused: q.refused, methods: [] };
    perProduct.push(q);
  }
  if (perProduct.length === 0) return { refused: null, methods: [] };
  // A method is offered when every product of the group offers it.
  const first = perProduct[0]!;
  const methods: GroupMethod[] = [];
  for (const base of first) {
    const all = perProduct.map((qs) => qs.find((q) => q.logisticsId === base.logisticsId));
    if (all.some((q) => !q)) continue;
    const found = all as ShippingQuote[];
    methods.push({
      logisticsId: base.logisticsId,
      shipMethod: base.shipMethod,
      carrier: base.carrier,
      shipTime: base.shipTime,
      shipTimeMin: base.shipTimeMin,
      shipTimeMax: base.shipTimeMax,
      cost: found.reduce((sum, q) => sum + q.cost, 0),
      freeShipping: found.every((q) => q.freeShipping),
      isDefault: base.isDefault,
    });
  }
  if (methods.length > 0 && !methods.some((m) => m.isDefault)) methods[0]!.isDefault = true;
  return { refused: null, methods };
}

export { findCountry };

export function findCountryById(id: number): ShipCountry | undefined {
  return SHIP_COUNTRIES_BY_ID.get(id);
}

const SHIP_COUNTRIES_BY_ID = new Map(SHIP_COUNTRIES.map((c) => [c.shipCountryId, c]));

/**
 * The tracking link of a shipment, as getTrackUrl answers it: the carrier's page inside its zone,
 * the universal tracker otherwise; the tracking number appended.
 */
export function trackUrlFor(logisticsId: number, countryCode: string, trackingNumber: string): { url: string; carrier: string } {
  const method = SHIPPING_METHODS.find((m) => m.logisticsId === logisticsId);
  if (!method || shipRefusal(method.from, countryCode))
    return { url: `${DEFAULT_TRACK_URL}${encodeURIComponent(trackingNumber)}`, carrier: '17TRACK' };
  return { url: `${method.trackUrl}${encodeURIComponent(trackingNumber)}`, carrier: method.carrier };
}
