/**
 * How a buyer's personalisation travels: the widget's cart properties, Shopify's webhook and
 * WooCommerce's item meta read into order lines, the payload read back by the import, and the
 * storefront script loading the widget only from the app's own address.
 */
import { describe, expect, it } from 'vitest';
import { unwrap, validateSkuDesign } from '../../engine/model/index.ts';
import { lineProperties } from '../../personalizer/properties';
import { widgetParams } from '../../personalizer/params';
import { payloadOf } from '../../server/personalization/order-lines';
import { orderFromWebhook } from '../../server/shops/shopify/connector';
import { wcOrderToShopOrder, type WcOrder } from '../../server/shops/woocommerce/connector';
import { DEFAULT_THEME_BUTTON, storeScript } from '../../src/components/shops/storeScript';
import { PERSONALIZATION_PROPERTY } from '../../contract/personalization';

const design = unwrap(
  validateSkuDesign({
    id: 'd',
    flatDesignList: [
      {
        flatId: 'front',
        designList: [
          {
            type: 'text',
            localId: 'n',
            left: 0,
            top: 0,
            width: 10,
            height: 10,
            text: 'Name',
            personalize: { label: 'Name', kind: 'input' },
          },
        ],
      },
    ],
  }),
);

describe('cart properties', () => {
  it('are the readable lines, then the values as JSON under the hidden property', () => {
    const props = lineProperties(design, { n: { text: 'Ann' } });
    expect(props).toEqual([
      { name: 'Name', value: 'Ann' },
      { name: PERSONALIZATION_PROPERTY, value: '{"v":1,"values":{"n":{"text":"Ann"}}}' },
    ]);
    expect(payloadOf(props)).toEqual({ values: { n: { text: 'Ann' } } });
    expect(payloadOf([{ name: 'Name', value: 'Ann' }])).toBeUndefined();
    expect(payloadOf([{ name: PERSONALIZATION_PROPERTY, value: '{"v":2}' }])).toEqual({ problem: 'the personalisation could not be read' });
    expect(payloadOf([{ name: PERSONALIZATION_PROPERTY, value: 'not json' }])).toEqual({
      problem: 'the personalisation could not be read',
    });
  });

  it('come in with Shopify webhook lines and WooCommerce item meta', () => {
    const shopify = orderFromWebhook({
      id: 5,
      name: '#1001',
      line_items: [
        {
          product_id: 1,
          variant_id: 2,
          quantity: 1,
          title: 'Mug',
          properties: [{ name: 'Name', value: 'Ann' }, { name: 'x', value: { nested: 1 } }, 'junk'],
        },
      ],
    });
    expect(shopify!.lines[0]!.properties).toEqual([{ name: 'Name', value: 'Ann' }]);
    const woo = wcOrderToShopOrder({
      id: 7,
      number: '7',
      date_created_gmt: '2026-11-27T10:00:00',
      shipping: { first_name: '', last_name: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'US' },
      line_items: [
        {
          product_id: 3,
          variation_id: 4,
          quantity: 1,
          sku: '',
          name: 'Mug',
          meta_data: [
            { key: 'Name', value: 'Ann' },
            { key: '_reduced_stock', value: 1 },
            { key: 'odd', value: ['a'] },
          ],
        },
      ],
    } as WcOrder);
    expect(woo.lines[0]!.properties).toEqual([
      { name: 'Name', value: 'Ann' },
      { name: '_reduced_stock', value: '1' },
    ]);
  });
});

describe('the widget address', () => {
  it('needs a known platform, a store and a product', () => {
    expect(widgetParams('?platform=shopify&shop=a.myshopify.com&product=12')).toEqual({
      platform: 'shopify',
      shop: 'a.myshopify.com',
      product: '12',
    });
    expect(widgetParams('?platform=etsy&shop=a&product=1')).toBeNull();
    expect(widgetParams('?platform=shopify&shop=&product=1')).toBeNull();
  });
});

describe('the storefront script', () => {
  it("names the loader on the app's own origin, as JSON, and nothing else", () => {
    const script = storeScript(DEFAULT_THEME_BUTTON, 'https://pod.example');
    expect(script).toContain('var loaderUrl = "https://pod.example/personalizer/loader.js";');
    expect(storeScript(DEFAULT_THEME_BUTTON)).toContain('var loaderUrl = null;');
    // Anything that is not a bare origin is not used.
    expect(storeScript(DEFAULT_THEME_BUTTON, 'https://pod.example/"</script>')).toContain('var loaderUrl = null;');
    expect(storeScript(DEFAULT_THEME_BUTTON, 'javascript:alert(1)')).toContain('var loaderUrl = null;');
  });
});
