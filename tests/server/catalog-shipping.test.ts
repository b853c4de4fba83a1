/**
 * Shipping over HTTP: the ship-from rules with their messages, free shipping to
 * the product's European countries for factory products, quotes, the calculator and tracking links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { ensureCatalog } from '../../demo/catalog/ensure';
import { buildCatalog, type CatalogOptions, type CatalogRows } from '../../demo/catalog/build';
import type { ProductRow } from '../../demo/catalog/products';
import { FREE_SHIPPING_EU } from '../../contract/constants';

const OPTIONS: CatalogOptions = { seed: 'catalog-shipping-test', productCount: 120, imageSize: 256 };

let s: TestServer;
let rows: CatalogRows;
beforeAll(async () => {
  s = await startServer();
  await ensureCatalog({ db: s.database.db, dataDir: s.config.dataDir }, OPTIONS);
  rows = buildCatalog(OPTIONS);
});
afterAll(async () => {
  await s?.close();
});

interface Quote {
  logisticsId: number;
  shipMethod: string;
  shipTime: string;
  cost: number;
  freeShipping: boolean;
  isDefault: boolean;
  countryCode: string;
  shipCountryId: number;
}
interface Data<T> {
  code: number;
  msg: string;
  data: T;
}
interface Page<T> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
}

const from = (code: 'CN' | 'US' | 'AU'): ProductRow => {
  const p = rows.products.find((x) => x.shipFrom === code);
  if (!p) throw new Error(`the test catalogue has no product shipped from ${code}`);
  return p;
};
const variantOf = (p: ProductRow) => rows.variants.find((v) => v.productId === p.id)!;
const quotes = (p: ProductRow, country: string, extra = '') =>
  s.api<Data<Quote[]>>(
    'GET',
    `/api/product/getshippingTemplateList?countrycode=${country}&productid=${p.id}&variantid=${variantOf(p).id}${extra}`,
  );

describe('ship-from rules', () => {
  it('sends Australian products only to Australia and New Zealand', async () => {
    const p = from('AU');
    expect(await quotes(p, 'US')).toMatchObject({ code: 10000, msg: 'Only Ship to Australia and New Zealand' });
    expect(await quotes(p, 'DE')).toMatchObject({ code: 10000, msg: 'Only Ship to Australia and New Zealand' });
    const au = await quotes(p, 'AU');
    expect(au.code).toBe(200);
    expect(au.data.map((q) => q.shipMethod)).toEqual(['Australia Post Parcel', 'Australia Post Express']);
    expect((await quotes(p, 'nz')).code).toBe(200);
  });

  it('sends US products only to the USA', async () => {
    const p = from('US');
    expect(await quotes(p, 'AU')).toMatchObject({ code: 10000, msg: 'Only Ship to USA' });
    expect(await quotes(p, 'GB')).toMatchObject({ code: 10000, msg: 'Only Ship to USA' });
    const us = await quotes(p, 'US');
    expect(us.data.every((q) => q.cost > 0 && !q.freeShipping && q.countryCode === 'US')).toBe(true);
  });

  it('ships factory products anywhere, free by standard shipping to the European list only', async () => {
    const p = from('CN');
    for (const code of FREE_SHIPPING_EU) {
      const res = await quotes(p, code);
      expect(res.code).toBe(200);
      const standard = res.data.find((q) => q.logisticsId === 1)!;
      expect(standard).toMatchObject({ cost: 0, freeShipping: true, isDefault: true });
      expect(res.data.find((q) => q.logisticsId === 2)!.cost).toBeGreaterThan(0);
    }
    for (const code of ['US', 'CA', 'NO', 'CH', 'AU']) {
      const res = await quotes(p, code);
      expect(res.data.every((q) => q.cost > 0 && !q.freeShipping)).toBe(true);
    }
  });

  it('gives ship times and integer costs per method', async () => {
    const res = await quotes(from('CN'), 'CA');
    for (const q of res.data) {
      expect(q.shipTime).toMatch(/^\d+-\d+ business days$/);
      expect(Number.isInteger(q.cost)).toBe(true);
      expect(q.shipCountryId).toBe(2);
    }
  });

  it('refuses bad countries, ids and variants with code 10000', async () => {
    const p = from('CN');
    const other = rows.variants.find((v) => v.productId !== p.id)!;
    expect(await quotes(p, 'XX')).toMatchObject({ code: 10000, msg: 'Unknown country code: XX' });
    expect(await s.api('GET', `/api/product/getshippingTemplateList?productid=${p.id}`)).toMatchObject({
      code: 10000,
      msg: 'countrycode is required',
    });
    expect(await s.api('GET', '/api/product/getshippingTemplateList?countrycode=US&productid=abc')).toMatchObject({
      code: 10000,
      msg: 'productid must be a positive whole number',
    });
    expect(await s.api('GET', '/api/product/getshippingTemplateList?countrycode=US&productid=42')).toMatchObject({
      code: 10000,
      msg: 'Product not found',
    });
    expect(await s.api('GET', `/api/product/getshippingTemplateList?countrycode=US&productid=${p.id}&variantid=${other.id}`)).toMatchObject(
      { code: 10000, msg: 'The variant does not belong to this product' },
    );
  });
});

describe('calculator, countries and tracking', () => {
  it('adds product and shipping costs for a quantity, further items at the tiered rate', async () => {
    const p = from('CN');
    const v = variantOf(p);
    const res = await s.api<
      Page<Quote & { quantity: number; unitCost: number; productCost: number; shippingCost: number; totalCost: number }>
    >('GET', `/api/product/getCalculatorList?productid=${p.id}&countrycode=CA&variantid=${v.id}&quantity=3`);
    expect(res.code).toBe(200);
    const standard = res.rows.find((r) => r.logisticsId === 1)!;
    const logistics = p.logistics.find((l) => l.logistics_id === 1)!;
    expect(standard.productCost).toBe(v.cost * 3);
    // Canada is a 120% zone for factory shipments.
    expect(standard.shippingCost).toBe(Math.round(((logistics.firstCost + 2 * logistics.additionalCost) * 120) / 100));
    expect(standard.totalCost).toBe(standard.productCost + standard.shippingCost);
    expect(await s.api('GET', `/api/product/getCalculatorList?productid=${p.id}&countrycode=CA&quantity=0`)).toMatchObject({ code: 10000 });
    expect(await s.api('GET', `/api/product/getCalculatorList?productid=${from('AU').id}&countrycode=CA`)).toMatchObject({
      code: 10000,
      msg: 'Only Ship to Australia and New Zealand',
    });
  });

  it('lists ship countries, only the allowed ones for a product', async () => {
    const all = await s.api<Page<{ countryCode: string; freeShipping: number; shipCountryId: number }>>(
      'GET',
      '/api/product/shipCountryList',
    );
    expect(all.total).toBeGreaterThan(40);
    expect(
      all.rows
        .filter((r) => r.freeShipping === 1)
        .map((r) => r.countryCode)
        .sort(),
    ).toEqual([...FREE_SHIPPING_EU].sort());
    const au = await s.api<Page<{ countryCode: string }>>('GET', `/api/product/shipCountryList?productid=${from('AU').id}`);
    expect(au.rows.map((r) => r.countryCode)).toEqual(['AU', 'NZ']);
    const us = await s.api<Page<{ countryCode: string }>>('GET', `/api/product/shipCountryList?productid=${from('US').id}`);
    expect(us.rows.map((r) => r.countryCode)).toEqual(['US']);
  });

  it('answers tracking links by country, method and ship country id', async () => {
    const res = await s.api<Data<{ url: string; carrier: string }>>(
      'GET',
      '/api/product/getTrackUrl?countryCode=US&shipMethod=USPS%20Ground%20Advantage&shipCountryId=1',
    );
    expect(res.data).toMatchObject({ carrier: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' });
    const byId = await s.api<Data<{ carrier: string }>>('GET', '/api/product/getTrackUrl?countryCode=DE&shipMethod=2');
    expect(byId.data.carrier).toBe('DHL Express');
    expect(await s.api('GET', '/api/product/getTrackUrl?countryCode=US&shipMethod=1&shipCountryId=4')).toMatchObject({
      code: 10000,
      msg: 'shipCountryId does not match countryCode',
    });
    expect(await s.api('GET', '/api/product/getTrackUrl?countryCode=US&shipMethod=Pigeon')).toMatchObject({
      code: 10000,
      msg: 'Unknown shipping method: Pigeon',
    });
    expect(await s.api('GET', '/api/product/getTrackUrl?countryCode=US')).toMatchObject({ code: 10000, msg: 'shipMethod is required' });
  });
});
