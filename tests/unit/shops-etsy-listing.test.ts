/** Our product in Etsy's terms: titles, descriptions, inventory properties and prices, receipts. */
import { describe, expect, it } from 'vitest';
import { etsyDescription, etsyInventory, etsyTitle, orderFromReceipt } from '../../server/shops/etsy/listing';
import { listingSettings } from '../../server/shops/etsy/connector';
import type { PushProduct } from '../../server/shops/push-product';

function product(options: string[], variants: { values: string[]; price: number }[]): PushProduct {
  return {
    id: 1,
    userId: 1,
    catalogProductId: 1,
    title: 'T',
    bodyHtml: '',
    handle: 'pod-1',
    images: [],
    options: options.map((name, i) => ({ name, values: [...new Set(variants.map((v) => v.values[i]!))] })),
    variants: variants.map((v, i) => ({
      id: i + 1,
      catalogVariantId: i + 1,
      sku: `SKU-${i + 1}`,
      priceCents: v.price,
      optionValues: v.values,
      imageUrl: null,
    })),
  };
}

describe('etsyTitle', () => {
  it('keeps what Etsy accepts: %, :, & and + once each, no emoji, at most 140 characters', () => {
    expect(etsyTitle('  Cats & Dogs & Birds: 100% cotton + more: soft ✨  ')).toBe('Cats & Dogs Birds: 100% cotton + more soft');
    expect(etsyTitle('Brand™ Tee®')).toBe('Brand™ Tee®');
    expect([...etsyTitle('x'.repeat(200))]).toHaveLength(140);
    expect(etsyTitle('✨✨')).toBe('');
  });
});

describe('etsyDescription', () => {
  it('turns the HTML into plain paragraphs, or falls back to the title', () => {
    expect(etsyDescription('<p>Soft <b>tee</b></p><ul><li>100% cotton</li><li>A &amp; B</li></ul>', 'T')).toBe(
      'Soft tee\n100% cotton\nA & B',
    );
    expect(etsyDescription('<p> </p>', 'Fallback')).toBe('Fallback');
  });
});

describe('etsyInventory', () => {
  it('puts two options on the custom properties, prices on the property they depend on', () => {
    const inv = etsyInventory(
      product(
        ['Size', 'Color'],
        [
          { values: ['S', 'Red'], price: 1000 },
          { values: ['M', 'Red'], price: 1200 },
          { values: ['S', 'Blue'], price: 1000 },
          { values: ['M', 'Blue'], price: 1200 },
        ],
      ),
      77,
    );
    expect(inv.price_on_property).toEqual([513]);
    expect(inv.sku_on_property).toEqual([513, 514]);
    expect(inv.products[1]).toEqual({
      sku: 'SKU-2',
      property_values: [
        { property_id: 513, property_name: 'Size', value_ids: [], values: ['M'] },
        { property_id: 514, property_name: 'Color', value_ids: [], values: ['Red'] },
      ],
      offerings: [{ price: 12, quantity: 999, is_enabled: true, readiness_state_id: 77 }],
    });
  });

  it('names no price property when all prices match, both when neither decides alone', () => {
    const same = etsyInventory(
      product(
        ['Size'],
        [
          { values: ['S'], price: 500 },
          { values: ['M'], price: 500 },
        ],
      ),
      1,
    );
    expect(same.price_on_property).toEqual([]);
    const both = etsyInventory(
      product(
        ['Size', 'Color'],
        [
          { values: ['S', 'Red'], price: 1000 },
          { values: ['M', 'Red'], price: 1100 },
          { values: ['S', 'Blue'], price: 1200 },
          { values: ['M', 'Blue'], price: 1000 },
        ],
      ),
      1,
    );
    expect(both.price_on_property).toEqual([513, 514]);
  });

  it('folds a third option into the second property so every variant stays distinct, without parentheses', () => {
    const inv = etsyInventory(
      product(
        ['Size', 'Color', 'Material'],
        [
          { values: ['S', 'Red', 'Cotton (organic)'], price: 1000 },
          { values: ['S', 'Red', 'Linen'], price: 1000 },
        ],
      ),
      1,
    );
    expect(inv.products.map((p) => p.property_values.map((v) => [v.property_name, v.values[0]]))).toEqual([
      [
        ['Size', 'S'],
        ['Color / Material', 'Red / Cotton organic'],
      ],
      [
        ['Size', 'S'],
        ['Color / Material', 'Red / Linen'],
      ],
    ]);
  });

  it('sends a product without options as one Etsy product', () => {
    const inv = etsyInventory(product([], [{ values: [], price: 999 }]), 5);
    expect(inv.products).toEqual([
      { sku: 'SKU-1', property_values: [], offerings: [{ price: 9.99, quantity: 999, is_enabled: true, readiness_state_id: 5 }] },
    ]);
    expect(inv.sku_on_property).toEqual([]);
  });
});

describe('listingSettings', () => {
  it('needs the category, shipping profile and processing time, Etsy ids past 32 bits included', () => {
    expect(listingSettings({ taxonomyId: 1001, shippingProfileId: 190000000001, readinessStateId: '4300000002' })).toEqual({
      taxonomyId: 1001,
      shippingProfileId: 190000000001,
      readinessStateId: 4300000002,
    });
    expect(() => listingSettings({ taxonomyId: 1001, shippingProfileId: 5 })).toThrow(/Choose the Etsy category/);
  });
});

describe('orderFromReceipt', () => {
  it('reads the buyer, the address and the lines', () => {
    const order = orderFromReceipt({
      receipt_id: 42,
      name: 'Grace Brewster Hopper',
      first_line: '1 Main St',
      second_line: null,
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      country_iso: 'US',
      buyer_email: 'b@example.com',
      create_timestamp: 1_700_000_000,
      transactions: [{ listing_id: 9, product_id: 8, quantity: 2, sku: 'SKU-1', title: 'Tee' }],
    });
    expect(order).toEqual({
      externalId: '42',
      name: 'Etsy receipt 42',
      createdAt: new Date(1_700_000_000_000),
      email: 'b@example.com',
      address: {
        firstName: 'Grace',
        lastName: 'Brewster Hopper',
        address1: '1 Main St',
        address2: '',
        city: 'Austin',
        province: 'TX',
        zip: '73301',
        countryCode: 'US',
        phone: '',
      },
      lines: [{ externalProductId: '9', externalVariantId: '8', sku: 'SKU-1', quantity: 2, title: 'Tee' }],
    });
  });
});
