/** Pure pieces of the store connections: shop domains, HMACs, backoff, wording helpers, token sealing, product mapping. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  hmacMessage,
  missingScopes,
  normalizeShopDomain,
  signQuery,
  verifyQueryHmac,
  verifyWebhookHmac,
} from '../../server/shops/shopify/oauth';
import { backoffMs, nextRunAfterFailure } from '../../server/shops/push-queue';
import { retryAfterMs, kindOfStatus } from '../../server/shops/errors';
import { createTokenCipher, parseKey } from '../../server/shops/token-cipher';
import { productSetVariables, variantMapFrom } from '../../server/shops/shopify/product-input';
import type { PushProduct } from '../../server/shops/push-product';
import { canQueuePush, needsTokenUpgrade, shortStoreName, storeAdminUrl } from '../../contract/shops';
import { wooShopOrigin } from '../../server/shops/woocommerce/routes';
import { splitBatch } from '../../server/shops/woocommerce/connector';

describe('Shopify shop domains and signatures', () => {
  it('normalises what a merchant types into a myshopify domain, and refuses anything else', () => {
    expect(normalizeShopDomain('My-Store')).toBe('my-store.myshopify.com');
    expect(normalizeShopDomain('https://my-store.myshopify.com/admin/products')).toBe('my-store.myshopify.com');
    expect(normalizeShopDomain('my_store')).toBe('my_store.myshopify.com');
    expect(normalizeShopDomain('https://admin.shopify.com/store/My_Store-2/products?x=1')).toBe('my_store-2.myshopify.com');
    expect(normalizeShopDomain('admin.shopify.com/store/shop')).toBe('shop.myshopify.com');
    expect(normalizeShopDomain('admin.shopify.com/store/')).toBeNull();
    expect(normalizeShopDomain('_store')).toBeNull();
    expect(normalizeShopDomain('evil.com')).toBeNull();
    expect(normalizeShopDomain('my-store.myshopify.com.evil.com')).toBeNull();
    expect(normalizeShopDomain('')).toBeNull();
  });

  it('signs the sorted query without hmac and checks it in constant form', () => {
    const q: Record<string, string> = { shop: 'a.myshopify.com', code: 'c', timestamp: String(Math.floor(Date.now() / 1000)), state: 's' };
    expect(hmacMessage({ ...q, hmac: 'x' })).toBe(`code=c&shop=a.myshopify.com&state=s&timestamp=${q.timestamp}`);
    const signed = { ...q, hmac: signQuery(q, 'secret') };
    expect(verifyQueryHmac(signed, 'secret')).toBe(true);
    expect(verifyQueryHmac(signed, 'other')).toBe(false);
    expect(verifyQueryHmac({ ...signed, shop: 'b.myshopify.com' }, 'secret')).toBe(false);
    const old = { ...q, timestamp: String(Math.floor(Date.now() / 1000) - 3 * 24 * 3600) };
    expect(verifyQueryHmac({ ...old, hmac: signQuery(old, 'secret') }, 'secret')).toBe(false);
  });

  it("builds the signed message as Shopify's library does: values URL-encoded, lists as name[] once per value", () => {
    expect(hmacMessage({ shop: 'a.myshopify.com', host: 'YWRtaW4=', state: 'a b&c', hmac: 'x', signature: 'y' })).toBe(
      'host=YWRtaW4%3D&shop=a.myshopify.com&state=a+b%26c',
    );
    expect(hmacMessage({ ids: ['2', '1'], shop: 's', 'extra[]': '9' })).toBe('extra%5B%5D=9&ids%5B%5D=2&ids%5B%5D=1&shop=s');
  });

  it('checks webhook bodies byte for byte', async () => {
    const { createHmac } = await import('node:crypto');
    const body = '{"id":1}';
    const h = createHmac('sha256', 'k').update(body).digest('base64');
    expect(verifyWebhookHmac(body, h, 'k')).toBe(true);
    expect(verifyWebhookHmac('{"id":2}', h, 'k')).toBe(false);
    expect(verifyWebhookHmac(body, undefined, 'k')).toBe(false);
  });

  it('treats a granted write scope as covering its read scope', () => {
    expect(missingScopes(['read_products', 'write_products', 'read_orders'], ['write_products'])).toEqual(['read_orders']);
  });
});

describe('retries', () => {
  it('backs off exponentially up to an hour and never sooner than Retry-After', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3600_000);
    const now = new Date(0);
    expect(nextRunAfterFailure(1, 120_000, now).getTime()).toBe(120_000);
    expect(nextRunAfterFailure(1, 2_000, now).getTime()).toBe(30_000);
  });

  it('reads Retry-After in seconds or as a date, and classifies statuses', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('1.5')).toBe(1500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeNull();
    expect([429, 500, 503, 401, 403, 422].map(kindOfStatus)).toEqual(['transient', 'transient', 'transient', 'auth', 'scope', 'permanent']);
  });
});

describe('token sealing', () => {
  it('round-trips, never shows the token, and refuses a tampered or foreign ciphertext', () => {
    const key = randomBytes(32);
    const c = createTokenCipher(key);
    const sealed = c.encrypt('shpat_secret');
    expect(sealed).not.toContain('shpat_secret');
    expect(c.decrypt(sealed)).toBe('shpat_secret');
    expect(c.encrypt('shpat_secret')).not.toBe(sealed);
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => c.decrypt(parts.join(':'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(parseKey(key.toString('hex')).equals(key)).toBe(true);
    expect(() => parseKey('short')).toThrow();
  });
});

describe('wording and rules of the UI', () => {
  it('cuts store names to 6 characters plus an ellipsis', () => {
    expect(shortStoreName('Sunset Shirts')).toBe('Sunset...');
    expect(shortStoreName('Shop')).toBe('Shop');
    expect(shortStoreName(null)).toBe('');
  });
  it('links to the store admin by type', () => {
    expect(storeAdminUrl(6, 'a.myshopify.com')).toBe('https://a.myshopify.com/admin');
    expect(storeAdminUrl(11, 'My Etsy Shop')).toBe('https://www.etsy.com/shop/My%20Etsy%20Shop');
    expect(storeAdminUrl(9, 'https://shop.example/')).toBe('https://shop.example/wp-admin');
  });
  it('allows a queued push for types 6, 9, 100 or none, and flags the old private token', () => {
    expect([6, 9, 100, null, 11, 3].map(canQueuePush)).toEqual([true, true, true, true, false, false]);
    expect(needsTokenUpgrade({ apiType: 1, type: 6 })).toBe(true);
    expect(needsTokenUpgrade({ apiType: 2, type: 6 })).toBe(false);
  });
  it('accepts only public https WooCommerce stores unless private hosts are allowed', () => {
    expect(wooShopOrigin('shop.example', false)).toBe('https://shop.example');
    expect(wooShopOrigin('http://shop.example', false)).toBeNull();
    expect(wooShopOrigin('https://127.0.0.1:8443', false)).toBeNull();
    expect(wooShopOrigin('https://192.168.1.2', false)).toBeNull();
    expect(wooShopOrigin('http://127.0.0.1:9000/shop', true)).toBe('http://127.0.0.1:9000');
  });
});

describe('Shopify product mapping', () => {
  const product: PushProduct = {
    id: 7,
    userId: 1,
    catalogProductId: 3,
    title: 'Tee',
    bodyHtml: '<p>x</p>',
    handle: 'pod-7',
    options: [
      { name: 'Color', values: ['White', 'Black'] },
      { name: 'Size', values: ['M'] },
    ],
    variants: [
      { id: 70, catalogVariantId: 30, sku: 'T-W-M', priceCents: 1999, optionValues: ['White', 'M'], imageUrl: 'https://x/w.jpg' },
      { id: 71, catalogVariantId: 31, sku: 'T-B-M', priceCents: 2005, optionValues: ['Black', 'M'], imageUrl: null },
    ],
    images: [{ url: 'https://x/w.jpg', alt: 'Tee - Front' }],
  };

  it('creates by handle, updates by id with the known variant ids, prices as decimals', () => {
    const create = productSetVariables(product, null);
    expect(create.identifier).toEqual({ handle: 'pod-7' });
    expect(create.input.variants[0]).toMatchObject({
      price: '19.99',
      sku: 'T-W-M',
      optionValues: [
        { optionName: 'Color', name: 'White' },
        { optionName: 'Size', name: 'M' },
      ],
      file: { originalSource: 'https://x/w.jpg' },
    });
    expect(create.input.variants[1]).not.toHaveProperty('file');
    expect(create.input.productOptions).toEqual([
      { name: 'Color', position: 1, values: [{ name: 'White' }, { name: 'Black' }] },
      { name: 'Size', position: 2, values: [{ name: 'M' }] },
    ]);
    const update = productSetVariables(product, {
      externalProductId: 'gid://shopify/Product/1',
      variantMap: { 70: 'gid://shopify/ProductVariant/9' },
    });
    expect(update.identifier).toEqual({ id: 'gid://shopify/Product/1' });
    expect(update.input.variants[0]).toMatchObject({ id: 'gid://shopify/ProductVariant/9' });
    expect(update.input.variants[1]).not.toHaveProperty('id');
  });

  it('maps the store variants back to ours by option values', () => {
    const map = variantMapFrom(product, [
      {
        id: 'gid://v/2',
        selectedOptions: [
          { name: 'Color', value: 'Black' },
          { name: 'Size', value: 'M' },
        ],
      },
      {
        id: 'gid://v/1',
        selectedOptions: [
          { name: 'Color', value: 'White' },
          { name: 'Size', value: 'M' },
        ],
      },
    ]);
    expect(map).toEqual({ 70: 'gid://v/1', 71: 'gid://v/2' });
  });
});

describe('WooCommerce batches', () => {
  it('splits a batch into batches of at most 100 objects, creates first, keeping their order', () => {
    const create = Array.from({ length: 150 }, (_, i) => ({ n: i }));
    const parts = splitBatch({ create, update: [{ id: 1 }], delete: [7, 8] });
    expect(parts.map((p) => p.create.length + p.update.length + p.delete.length)).toEqual([100, 53]);
    expect(parts.flatMap((p) => p.create)).toEqual(create);
    expect(parts[1]).toMatchObject({ update: [{ id: 1 }], delete: [7, 8] });
    expect(splitBatch({ create: [], update: [], delete: [] })).toEqual([]);
  });
});
