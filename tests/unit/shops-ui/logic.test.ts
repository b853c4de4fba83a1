import { describe, expect, it } from 'vitest';
import {
  callbackKind,
  goToStoreTarget,
  pushDecision,
  queueNeedsPolling,
  shopifyQueryObject,
  storeLabel,
  storeTypeName,
} from '../../../src/components/shops/logic';
import { claimPath } from '../../../src/pages/shop-auth/claim';
import { themeStylePlan } from '../../../src/components/shops/themeStyle';

const shop = { id: 1, simplename: 'My Shop', myshopifyDomain: 'my-shop.myshopify.com' };

describe('pushDecision', () => {
  it('asks for a store when there is none', () => {
    expect(pushDecision({ apiType: null, type: null, sShops: [] })).toBe('no-store');
  });
  it('prompts the upgrade for the old private token (apiType 1 on a Shopify store) only', () => {
    expect(pushDecision({ apiType: 1, type: 6, sShops: [shop] })).toBe('upgrade');
    expect(pushDecision({ apiType: 2, type: 6, sShops: [shop] })).toBe('queue');
    expect(pushDecision({ apiType: 1, type: 9, sShops: [shop] })).toBe('queue');
  });
  it('queues for types 6, 9, 100 and empty, sends Etsy to its own push, refuses the rest', () => {
    for (const type of [6, 9, 100, null]) expect(pushDecision({ apiType: null, type, sShops: [shop] })).toBe('queue');
    expect(pushDecision({ apiType: null, type: 11, sShops: [shop] })).toBe('etsy');
    expect(pushDecision({ apiType: null, type: 7, sShops: [shop] })).toBe('refused');
  });
});

describe('queueNeedsPolling', () => {
  it('polls while something is queued or running, not when all finished or empty', () => {
    expect(queueNeedsPolling([])).toBe(false);
    expect(queueNeedsPolling([{ status: 'done' }, { status: 'failed' }])).toBe(false);
    expect(queueNeedsPolling([{ status: 'done' }, { status: 'queued' }])).toBe(true);
    expect(queueNeedsPolling([{ status: 'running' }])).toBe(true);
  });
});

describe('shopifyQueryObject', () => {
  it('keeps every value of a repeated parameter, as Shopify signs them', () => {
    expect(shopifyQueryObject(new URLSearchParams('ids[]=1&ids[]=2&shop=a.myshopify.com&host=YQ%3D%3D'))).toEqual({
      'ids[]': ['1', '2'],
      shop: 'a.myshopify.com',
      host: 'YQ==',
    });
    expect(shopifyQueryObject(new URLSearchParams('ids[]=7'))).toEqual({ 'ids[]': ['7'] });
  });
});

describe('callbackKind', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('tells a Shopify consent return from an admin install launch', () => {
    expect(callbackKind('shopify', q('code=c&hmac=h&shop=a.myshopify.com&state=s&timestamp=1'))).toBe('finish');
    expect(callbackKind('shopify', q('hmac=h&shop=a.myshopify.com&timestamp=1'))).toBe('install');
    expect(callbackKind('shopify', q(''))).toBe('invalid');
  });
  it('reads a refusal from Etsy (error) and WooCommerce (success=0)', () => {
    expect(callbackKind('etsy', q('error=access_denied&state=s'))).toBe('denied');
    expect(callbackKind('etsy', q('code=c&state=s'))).toBe('finish');
    expect(callbackKind('woocommerce', q('state=s&success=0&user_id=s'))).toBe('denied');
    expect(callbackKind('woocommerce', q('state=s&success=1&user_id=s'))).toBe('finish');
    expect(callbackKind('woocommerce', q('success=1'))).toBe('invalid');
  });
});

describe('goToStoreTarget', () => {
  const base = { shopid: 1, apiType: null };
  it('opens the authorisation dialog without a store', () => {
    expect(goToStoreTarget({ ...base, type: null, domain: null, sShops: [] })).toEqual({ kind: 'authorize' });
  });
  it('opens the Shopify admin for type 6, the Etsy shop by name for 11, wp-admin otherwise', () => {
    expect(goToStoreTarget({ ...base, type: 6, domain: 'my-shop.myshopify.com', sShops: [shop] })).toEqual({
      kind: 'open',
      url: 'https://my-shop.myshopify.com/admin',
    });
    expect(goToStoreTarget({ ...base, type: 11, domain: '12345', sShops: [{ ...shop, simplename: 'CraftyCo' }] })).toEqual({
      kind: 'open',
      url: 'https://www.etsy.com/shop/CraftyCo',
    });
    expect(goToStoreTarget({ ...base, type: 9, domain: 'https://wp.example/', sShops: [shop] })).toEqual({
      kind: 'open',
      url: 'https://wp.example/wp-admin',
    });
  });
});

describe('names', () => {
  it('names store types and falls back to the domain', () => {
    expect(storeTypeName(6)).toBe('Shopify');
    expect(storeTypeName(11)).toBe('Etsy');
    expect(storeTypeName(9)).toBe('WooCommerce');
    expect(storeTypeName(null)).toBe('Store');
    expect(storeLabel({ simplename: null, myshopifyDomain: 'a.myshopify.com' })).toBe('a.myshopify.com');
  });
});

describe('claimPath', () => {
  it('sends an existing account to store login and a new one to set password, with the claim', () => {
    const r = { status: 'claim' as const, claimToken: 'tok', email: 'o@x.example', platform: 'shopify' as const, shop: 'a.myshopify.com' };
    expect(claimPath({ ...r, accountExists: true })).toBe(
      '/auth/store-login?claim=tok&shop=a.myshopify.com&platform=shopify&email=o%40x.example',
    );
    expect(claimPath({ ...r, accountExists: false, email: null })).toBe(
      '/auth/set-password?claim=tok&shop=a.myshopify.com&platform=shopify',
    );
  });
});

describe('themeStylePlan', () => {
  it('uploads the script first when there is no style yet, whatever the mode', () => {
    expect(themeStylePlan(null, -1)).toEqual({ upload: true, save: true });
    expect(themeStylePlan('', 0)).toEqual({ upload: true, save: true });
  });
  it('does nothing in mode -1 once a style exists', () => {
    expect(themeStylePlan('{"scriptUrl":"https://cdn.example/s.js"}', -1)).toEqual({ upload: false, save: false });
  });
  it('uploads again when the url is missing or the mode is 1, else only saves', () => {
    expect(themeStylePlan('{"color":"red"}', 0)).toEqual({ upload: true, save: true });
    expect(themeStylePlan('{"scriptUrl":"https://cdn.example/s.js"}', 1)).toEqual({ upload: true, save: true });
    expect(themeStylePlan('{"scriptUrl":"https://cdn.example/s.js"}', 0)).toEqual({ upload: false, save: true });
    expect(themeStylePlan('not json', 0)).toEqual({ upload: true, save: true });
  });
});
