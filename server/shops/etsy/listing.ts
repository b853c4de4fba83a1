/**
 * Our product in Etsy's terms (pure, unit-tested): a listing title and description Etsy
 * accepts, the listing inventory (one Etsy product per variant on Etsy's two custom variation
 * properties, with the price, SKU and processing time of each), and a shop receipt as a store
 * order.
 */
import type { PushProduct } from '../push-product';
import type { ShopOrder } from '../connector-types';
import { centsToDecimal } from '../../../contract/commerce';

/** Etsy's custom variation properties ("property_id 513 and 514 with a property_name"). */
export const CUSTOM_PROPERTIES = [513, 514] as const;
export const ETSY_TITLE_MAX = 140;
/** Etsy takes up to 20 pictures on a listing (uploadListingImage refuses a 21st rank). */
export const ETSY_IMAGES_MAX = 20;
/** Quantity offered for made-to-order products (Etsy's maximum per product is 999). */
export const ETSY_QUANTITY = 999;

/**
 * A title Etsy accepts: letters, digits, punctuation, maths symbols, spaces and ™©®, with
 * %, :, & and + at most once each, at most 140 characters.
 */
export function etsyTitle(raw: string): string {
  const seen = new Set<string>();
  let out = '';
  for (const ch of raw.replace(/\s+/g, ' ').trim()) {
    if (!/[\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u.test(ch)) continue;
    if ('%:&+'.includes(ch)) {
      if (seen.has(ch)) continue;
      seen.add(ch);
    }
    out += ch;
  }
  return [...out.replace(/\s+/g, ' ').trim()].slice(0, ETSY_TITLE_MAX).join('').trim();
}

/** Etsy descriptions are plain text: the product's HTML as readable paragraphs. */
export function etsyDescription(html: string, fallback: string): string {
  const text = html
    .replace(/<\s*(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  return text || fallback;
}

/** Etsy refuses parentheses in variation values; they also stay short. */
const cleanValue = (s: string) => s.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 45) || '-';

export interface EtsyInventoryBody {
  products: {
    sku: string;
    property_values: { property_id: number; property_name: string; value_ids: number[]; values: string[] }[];
    offerings: { price: number; quantity: number; is_enabled: boolean; readiness_state_id: number }[];
  }[];
  price_on_property: number[];
  quantity_on_property: number[];
  sku_on_property: number[];
  readiness_state_on_property: number[];
}

/**
 * The inventory of a listing. Etsy has two variation properties; a product with a third option
 * folds the second and third into one ("Color / Material": "Red / Cotton") so every variant
 * stays a distinct combination. price_on_property names the properties prices depend on (Etsy
 * refuses prices that differ between products the named properties do not tell apart).
 */
export function etsyInventory(product: PushProduct, readinessStateId: number): EtsyInventoryBody {
  const opts = product.options;
  const groups: number[][] = opts.length <= 2 ? opts.map((_, i) => [i]) : [[0], opts.slice(1).map((_, i) => i + 1)];
  const names = groups.map((g) =>
    g
      .map((i) => opts[i]!.name)
      .join(' / ')
      .slice(0, 45),
  );
  const valuesOf = (v: PushProduct['variants'][number]) => groups.map((g) => cleanValue(g.map((i) => v.optionValues[i] ?? '').join(' / ')));
  const rows = product.variants.map((v) => ({ v, values: valuesOf(v) }));
  const props = groups.map((_, i) => CUSTOM_PROPERTIES[i]!);

  /** Whether the price is a function of the values at `idx` alone. */
  const decides = (idx: number[]) => {
    const seen = new Map<string, number>();
    for (const r of rows) {
      const key = idx.map((i) => r.values[i]).join('\u0000');
      const price = seen.get(key);
      if (price !== undefined && price !== r.v.priceCents) return false;
      seen.set(key, r.v.priceCents);
    }
    return true;
  };
  const candidates = props.length === 2 ? [[], [0], [1], [0, 1]] : props.length === 1 ? [[], [0]] : [[]];
  const priceOn = (candidates.find(decides) ?? props.map((_, i) => i)).map((i) => props[i]!);

  return {
    products: rows.map(({ v, values }) => ({
      sku: v.sku,
      property_values: props.map((id, i) => ({ property_id: id, property_name: names[i]!, value_ids: [], values: [values[i]!] })),
      offerings: [
        { price: Number(centsToDecimal(v.priceCents)), quantity: ETSY_QUANTITY, is_enabled: true, readiness_state_id: readinessStateId },
      ],
    })),
    price_on_property: priceOn,
    quantity_on_property: [],
    sku_on_property: props.length ? [...props] : [],
    readiness_state_on_property: [],
  };
}

/**
 * A shop receipt. The address fields may be absent altogether: Etsy shares the buyer's address
 * only where the seller's region and the app's access allow it.
 */
export interface EtsyReceipt {
  receipt_id: number;
  name?: string | null;
  first_line?: string | null;
  second_line?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country_iso?: string | null;
  buyer_email?: string | null;
  create_timestamp: number;
  transactions: { listing_id: number | null; product_id: number | null; quantity: number; sku: string | null; title: string | null }[];
}

export function orderFromReceipt(r: EtsyReceipt): ShopOrder {
  const [firstName = '', ...rest] = (r.name ?? '').trim().split(/\s+/);
  return {
    externalId: String(r.receipt_id),
    name: `Etsy receipt ${r.receipt_id}`,
    createdAt: new Date(r.create_timestamp * 1000),
    email: r.buyer_email ?? null,
    // No country: no address to ship to (the order waits for the merchant to enter one).
    address: r.country_iso
      ? {
          firstName,
          lastName: rest.join(' '),
          address1: r.first_line ?? '',
          address2: r.second_line ?? '',
          city: r.city ?? '',
          province: r.state ?? '',
          zip: r.zip ?? '',
          countryCode: r.country_iso,
          phone: '',
        }
      : null,
    lines: r.transactions.map((t) => ({
      externalProductId: t.listing_id === null ? null : String(t.listing_id),
      externalVariantId: t.product_id === null ? null : String(t.product_id),
      sku: t.sku || null,
      quantity: t.quantity,
      title: t.title ?? '',
    })),
  };
}
