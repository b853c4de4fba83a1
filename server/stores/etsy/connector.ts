/**
 * Etsy listings for one shop: a listing per product (created as a draft, then activated), its
 * variations as Etsy inventory products on the custom variation properties (Etsy allows two),
 * and receipts as store orders. Listing settings (taxonomy, shipping profile, readiness state)
 * come from the push (etsy/pushEtsyProduct).
 */
import type { EtsyAppConfig } from '../config';
import type { PushProduct } from '../product';
import type { ProductLink, StoreConnector, StoreOrder } from '../types';
import { etsyApi } from './api';
import { centsToDecimal } from '../../../contract/commerce';
import { StoreApiError } from '../errors';

/** Etsy's custom variation property ids ("Custom property 1 and 2"). */
const CUSTOM_PROPERTIES = [513, 514];

interface Listing { listing_id: number; state: string }
interface Inventory { products: { product_id: number; sku: string; property_values: { property_id: number; values: string[] }[] }[] }
interface Receipt {
  receipt_id: number; name: string; first_line: string | null; second_line: string | null; city: string | null; state: string | null; zip: string | null;
  country_iso: string | null; buyer_email: string | null; create_timestamp: number;
  transactions: { listing_id: number; product_id: number; quantity: number; sku: string | null; title: string }[];
}

export function etsyInventory(product: PushProduct) {
  const options = product.options.slice(0, CUSTOM_PROPERTIES.length);
  return {
    products: product.variants.map((v) => ({
      sku: v.sku,
      property_values: options.map((o, i) => ({ property_id: CUSTOM_PROPERTIES[i]!, property_name: o.name, value_ids: [], values: [v.optionValues[i] ?? ''] })),
      offerings: [{ price: Number(centsToDecimal(v.priceCents)), quantity: 999, is_enabled: true }],
    })),
    price_on_property: options.length ? [CUSTOM_PROPERTIES[0]] : [],
    quantity_on_property: [],
    sku_on_property: options.map((_, i) => CUSTOM_PROPERTIES[i]!),
  };
}

export function etsyConnector(cfg: EtsyAppConfig, shopId: string, accessToken: string): StoreConnector {
  const api = etsyApi(cfg, accessToken);
  return {
    async pushProduct(product: PushProduct, link: ProductLink | null, options: Record<string, unknown>): Promise<ProductLink> {
      const minPrice = Math.min(...product.variants.map((v) => v.priceCents));
      if (!Number.isFinite(minPrice)) throw new StoreApiError('The product has no variants to sell', 'permanent');
      const fields = {
        title: product.title.slice(0, 140),
        description: product.bodyHtml.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() || product.title,
      };
      let listingId: number;
      if (link) {
        listingId = Number(link.externalProductId);
        await api.send<Listing>('PATCH', `/shops/${shopId}/listings/${listingId}`, fields);
      } else {
        const created = await api.send<Listing>('POST', `/shops/${shopId}/listings`, {
          ...fields, quantity: 999, price: Number(centsToDecimal(minPrice)), who_made: 'i_did', when_made: 'made_to_order', type: 'physical',
          taxonomy_id: Number(options.taxonomyId ?? options.taxonomy_id),
          shipping_profile_id: Number(options.shippingProfileId ?? options.shipping_profile_id),
          readiness_state_id: Number(options.readinessStateId ?? options.readiness_state_id),
        });
        listingId = created.listing_id;
      }
      const inventory = await api.send<Inventory>('PUT', `/listings/${listingId}/inventory`, etsyInventory(product));
      const variantMap: Record<string, string> = {};
      for (const v of product.variants) {
        const p = inventory.products.find((x) => x.sku === v.sku);
        if (p) variantMap[String(v.id)] = String(p.product_id);
      }
      await api.send<Listing>('PATCH', `/shops/${shopId}/listings/${listingId}`, { state: 'active' });
      return { externalProductId: String(listingId), variantMap };
    },
    async setListed(link: ProductLink, listed: boolean): Promise<void> {
      await api.send<Listing>('PATCH', `/shops/${shopId}/listings/${link.externalProductId}`, { state: listed ? 'active' : 'inactive' });
    },
    async pullOrders(since: Date | null): Promise<StoreOrder[]> {
      const res = await api.get<{ count: number; results: Receipt[] }>(`/shops/${shopId}/receipts`, {
        limit: 100, ...(since ? { min_created: Math.floor(since.getTime() / 1000) } : {}),
      });
      return res.results.map((r) => ({
        externalId: String(r.receipt_id),
        name: `Etsy receipt ${r.receipt_id}`,
        createdAt: new Date(r.create_timestamp * 1000),
        email: r.buyer_email,
        address: r.country_iso ? (() => {
          const [firstName = '', ...rest] = (r.name ?? '').split(' ');
          return { firstName, lastName: rest.join(' '), address1: r.first_line ?? '', address2: r.second_line ?? '', city: r.city ?? '', province: r.state ?? '', zip: r.zip ?? '', countryCode: r.country_iso ?? '', phone: '' };
        })() : null,
        lines: r.transactions.map((t) => ({ externalProductId: String(t.listing_id), externalVariantId: String(t.product_id), sku: t.sku, quantity: t.quantity, title: t.title })),
      })).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}
