/**
 * Shop settings over real HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * shipping defaults per destination and warehouse and how the cart, checkout and imported store
 * orders follow them; the IOSS number and the orders to the EU it is shown on; the bonus list,
 * its export and common/download (no path leaves the merchant's own files, GET never deletes);
 * getAddressInfo and getShopifyDomain. Every call's bad input gets its message and changes
 * nothing; merchant B can neither read nor change merchant A's settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { seedCatalog, variantsOfIn } from './fixtures';
import type { CatalogRows } from '../../demo/catalog/build';
import type { ProductRow } from '../../demo/catalog/products';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { creditOnce } from '../../server/commerce/ledger';
import { orderShipments } from '../../server/commerce/schema';
import { shops, storeProductLinks } from '../../server/shops/schema';
import { importShopOrder } from '../../server/shops/order-import';
import { merchantDownloads, orderIoss, shopIoss, shopLogistics } from '../../server/shop-settings/schema';
import { RecordType, type GroupCosts } from '../../contract/commerce';
import { ShopMessages, ShopType } from '../../contract/shops';
import { ShipMessages } from '../../server/catalog/shipping-rules';
import {
  IOSS_THRESHOLD_EUR_CENTS,
  ShopSettingsMessages as M,
  type AddressInfo,
  type BonusRecord,
  type IossParam,
  type LogisticsMethod,
  type OrderIoss,
  type ShopifyDomain,
  type ShopLogistics,
} from '../../contract/shop-settings';

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer({ STORE_ORDER_PULL_MS: '0' });
  rows = await seedCatalog(s, { seed: 'shop-settings-test', productCount: 40, imageSize: 256 });
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Res<T>>;
  /** A form-encoded POST, as the settings page sends it. */
  form<T = Record<string, unknown>>(path: string, fields: Record<string, string>): Promise<Res<T>>;
  raw(method: string, path: string): Promise<Response>;
}

let n = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `ship${++n}-${Date.now()}@settings.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  const auth = { authorization: `Bearer ${token}` };
  return {
    id: user.id,
    token,
    call: (method, path, body) => s.api(method, path, body, token) as never,
    form: async (path, fields) =>
      (await (
        await fetch(`${s.url}/prod-api${path}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        })
      ).json()) as never,
    raw: (method, path) => fetch(`${s.url}/prod-api${path}`, { method, headers: auth }),
  };
}

const cnProduct = (nth = 0): ProductRow => {
  const list = rows.products.filter((p) => p.shipFrom === 'CN' && variantsOfIn(rows, p).length >= 2);
  return list[nth]!;
};

const setDefault = (m: Merchant, body: Record<string, unknown>) =>
  m.call<{ data: ShopLogistics }>('POST', '/api/shops/setShopLogistics', body);
const listDefaults = async (m: Merchant) => (await m.call<{ data: ShopLogistics[] }>('GET', '/api/shops/getShopLogistics')).data;
const ownRows = (userId: number) => s.database.db.select().from(shopLogistics).where(eq(shopLogistics.userId, userId));

async function addLine(m: Merchant, p: ProductRow, quantity = 1): Promise<number> {
  const res = await m.call<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', {
    productid: p.id,
    variantsid: variantsOfIn(rows, p)[0]!.id,
    quantity,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
}
async function addAddress(m: Merchant, countryCode: string): Promise<number> {
  const res = await m.call<{ data: { id: number } }>('POST', '/api/shipAddress/addShipAddress', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address1: '1 Main St',
    city: 'Town',
    zip: '12345',
    country_code: countryCode,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
}
const costs = async (m: Merchant, countryCode: string, ids: number[]) =>
  (await m.call<{ data: { groups: GroupCosts[] } }>('POST', '/api/shipTrolley/getLogisticsCostList', { countryCode, ids })).data.groups;
const defaultOf = (g: GroupCosts) => g.methods.find((x) => x.isDefault)!.logisticsId;

interface Detail {
  id: number;
  shipments: { shipFrom: string; logisticsId: number }[];
  ioss: OrderIoss | null;
}
async function order(m: Merchant, ids: number[], addressId: number, logisticsIds: number[] = []): Promise<Detail> {
  const res = await m.call<{ data: Detail }>('POST', '/api/order/shoppingCartOrder', { ids, addressId, logisticsIds });
  expect(res.code, res.msg).toBe(200);
  return (await m.call<{ data: Detail }>('GET', `/api/order/detail/${res.data.id}`)).data;
}

describe('getLogistics', () => {
  it('lists every method, a warehouse’s, or those that reach a country', async () => {
    const m = await merchant();
    const all = await m.call<{ data: LogisticsMethod[] }>('GET', '/api/shops/getLogistics');
    expect(all.data.map((x) => x.logisticsId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.data[0]).toMatchObject({
      shipFrom: 'CN',
      shipFromName: 'China',
      shipMethod: 'Standard Shipping',
      shipTime: '7-12 business days',
    });
    const us = await m.call<{ data: LogisticsMethod[] }>('GET', '/api/shops/getLogistics?shipFrom=us');
    expect(us.data.map((x) => x.logisticsId)).toEqual([3, 4]);
    const nz = await m.call<{ data: LogisticsMethod[] }>('GET', '/api/shops/getLogistics?countryCode=nz');
    expect(nz.data.map((x) => x.shipFrom)).toEqual(['CN', 'CN', 'AU', 'AU']);
  });

  it('refuses an unknown country or warehouse, and a caller without a session', async () => {
    const m = await merchant();
    expect(await m.call('GET', '/api/shops/getLogistics?countryCode=ZZ')).toMatchObject({ code: 10000, msg: M.unknownCountry });
    expect(await m.call('GET', '/api/shops/getLogistics?shipFrom=EU')).toMatchObject({ code: 10000, msg: M.unknownWarehouse });
    for (const [method, path] of [
      ['GET', '/api/shops/getLogistics'],
      ['GET', '/api/shops/getShopLogistics'],
      ['POST', '/api/shops/setShopLogistics'],
      ['POST', '/api/shops/deleteShopLogistics'],
      ['GET', '/api/shops/getIOSSparam'],
      ['POST', '/api/shops/updateIOSSparam'],
      ['GET', '/api/shops/getHonglilist'],
      ['POST', '/api/shops/exportHonglilist'],
      ['GET', '/common/download?fileName=x.csv'],
      ['DELETE', '/common/download?fileName=x.csv'],
      ['POST', '/api/address/getAddressInfo'],
      ['GET', '/api/user/getShopifyDomain'],
    ] as const) {
      expect((await s.api(method, path, method === 'GET' || method === 'DELETE' ? undefined : {})).code, path).toBe(401);
    }
  });
});

describe('shipping defaults', () => {
  it('sets, replaces, lists and deletes defaults per destination and warehouse', async () => {
    const m = await merchant();
    const de = await setDefault(m, { countryCode: 'de', shipFrom: 'CN', logisticsId: 2 });
    expect(de).toMatchObject({
      code: 200,
      data: { countryCode: 'DE', country: 'Germany', shipFrom: 'CN', logisticsId: 2, shipMethod: 'Express Shipping' },
    });
    await setDefault(m, { countryCode: 'ALL', shipFrom: 'CN', logisticsId: 1 });
    await setDefault(m, { countryCode: 'US', shipFrom: 'US', logisticsId: 4 });
    // The same destination and warehouse again replaces the method.
    const again = await setDefault(m, { countryCode: 'DE', shipFrom: 'CN', logisticsId: 1 });
    expect(again.data.id).toBe(de.data.id);
    const list = await listDefaults(m);
    expect(list.map((r) => [r.countryCode, r.shipFrom, r.logisticsId])).toEqual([
      ['ALL', 'CN', 1],
      ['US', 'US', 4],
      ['DE', 'CN', 1],
    ]);
    expect(list[0]!.country).toBe('All other countries');

    expect(await m.call('POST', '/api/shops/deleteShopLogistics', { id: de.data.id })).toMatchObject({ code: 200 });
    expect((await listDefaults(m)).map((r) => r.countryCode)).toEqual(['ALL', 'US']);
  });

  it('takes the forms form-encoded, as the settings page posts them', async () => {
    const m = await merchant();
    const saved = await m.form<{ data: ShopLogistics }>('/api/shops/setShopLogistics', {
      countryCode: 'AU',
      shipFrom: 'AU',
      logisticsId: '6',
    });
    expect(saved).toMatchObject({ code: 200, data: { countryCode: 'AU', logisticsId: 6 } });
    expect(await m.form('/api/shops/deleteShopLogistics', { id: String(saved.data.id) })).toMatchObject({ code: 200 });
    expect(await listDefaults(m)).toEqual([]);
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const m = await merchant();
    await setDefault(m, { countryCode: 'FR', shipFrom: 'CN', logisticsId: 2 });
    const before = await ownRows(m.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ shipFrom: 'CN', logisticsId: 1 }, M.destinationRequired],
      [{ countryCode: '  ', shipFrom: 'CN', logisticsId: 1 }, M.destinationRequired],
      [{ countryCode: 'FR', logisticsId: 1 }, M.warehouseRequired],
      [{ countryCode: 'FR', shipFrom: 'EU', logisticsId: 1 }, M.unknownWarehouse],
      [{ countryCode: 'FR', shipFrom: 'CN' }, M.methodRequired],
      [{ countryCode: 'FR', shipFrom: 'CN', logisticsId: 'fast' }, M.unknownMethod],
      [{ countryCode: 'FR', shipFrom: 'CN', logisticsId: -1 }, M.unknownMethod],
      [{ countryCode: 'FR', shipFrom: 'CN', logisticsId: 99 }, M.unknownMethod],
      [{ countryCode: 'FR', shipFrom: 'US', logisticsId: 1 }, M.methodNotFromWarehouse],
      [{ countryCode: 'ZZ', shipFrom: 'CN', logisticsId: 1 }, M.unknownCountry],
      [{ countryCode: 'FR', shipFrom: 'US', logisticsId: 3 }, ShipMessages.onlyUs],
      [{ countryCode: 'US', shipFrom: 'AU', logisticsId: 5 }, ShipMessages.onlyAuNz],
      [{ countryCode: ['FR'], shipFrom: 'CN', logisticsId: 1 }, 'countryCode must be text'],
    ];
    for (const [body, msg] of cases) expect(await setDefault(m, body), JSON.stringify(body)).toMatchObject({ code: 10000, msg });
    expect(await m.call('POST', '/api/shops/deleteShopLogistics', {})).toMatchObject({ code: 10000, msg: 'id is required' });
    expect(await m.call('POST', '/api/shops/deleteShopLogistics', { id: 'x' })).toMatchObject({
      code: 10000,
      msg: 'id must be a positive whole number',
    });
    expect(await m.call('POST', '/api/shops/deleteShopLogistics', { id: 2_000_000 })).toMatchObject({
      code: 10000,
      msg: M.settingNotFound,
    });
    expect(await ownRows(m.id)).toEqual(before);
  });

  it("never shows or deletes another merchant's defaults", async () => {
    const a = await merchant();
    const b = await merchant();
    const mine = await setDefault(a, { countryCode: 'DE', shipFrom: 'CN', logisticsId: 2 });
    const before = await ownRows(a.id);
    expect(await listDefaults(b)).toEqual([]);
    expect(await b.call('POST', '/api/shops/deleteShopLogistics', { id: mine.data.id })).toMatchObject({
      code: 10000,
      msg: M.settingNotFound,
    });
    expect(await b.form('/api/shops/deleteShopLogistics', { id: String(mine.data.id) })).toMatchObject({
      code: 10000,
      msg: M.settingNotFound,
    });
    // B's own default for the same destination is B's row; A's stays as it was.
    await setDefault(b, { countryCode: 'DE', shipFrom: 'CN', logisticsId: 1 });
    expect(await ownRows(a.id)).toEqual(before);
    expect((await listDefaults(a)).map((r) => r.logisticsId)).toEqual([2]);
  });
});

describe('the cart, checkout and store orders follow the defaults', () => {
  it('preselects the default for the destination, else ALL’s, else the catalogue’s', async () => {
    const m = await merchant();
    const line = await addLine(m, cnProduct());
    const [before] = await costs(m, 'DE', [line]);
    expect(before!.shopLogisticsId).toBeNull();
    const catalogue = defaultOf(before!);
    const other = catalogue === 1 ? 2 : 1;

    await setDefault(m, { countryCode: 'DE', shipFrom: 'CN', logisticsId: other });
    const [de] = await costs(m, 'DE', [line]);
    expect(de!.shopLogisticsId).toBe(other);
    expect(defaultOf(de!)).toBe(other);
    expect(de!.methods.filter((x) => x.isDefault)).toHaveLength(1);
    // Another country has no default of its own: the catalogue's, until ALL names one.
    expect(defaultOf((await costs(m, 'FR', [line]))[0]!)).toBe(catalogue);
    await setDefault(m, { countryCode: 'ALL', shipFrom: 'CN', logisticsId: other });
    expect((await costs(m, 'FR', [line]))[0]!).toMatchObject({ shopLogisticsId: other });
    // The country's own default wins over ALL's.
    await setDefault(m, { countryCode: 'DE', shipFrom: 'CN', logisticsId: catalogue });
    expect(defaultOf((await costs(m, 'DE', [line]))[0]!)).toBe(catalogue);
  });

  it('checkout takes the default for a group left unchosen, and the chosen method otherwise', async () => {
    const m = await merchant();
    const addressId = await addAddress(m, 'DE');
    const [probe] = await costs(m, 'DE', [await addLine(m, cnProduct(1))]);
    const other = defaultOf(probe!) === 1 ? 2 : 1;
    await setDefault(m, { countryCode: 'DE', shipFrom: 'CN', logisticsId: other });

    const unchosen = await order(m, [await addLine(m, cnProduct(0))], addressId);
    expect(unchosen.shipments).toMatchObject([{ shipFrom: 'CN', logisticsId: other }]);
    const chosen = await order(m, [await addLine(m, cnProduct(2))], addressId, [defaultOf(probe!)]);
    expect(chosen.shipments).toMatchObject([{ shipFrom: 'CN', logisticsId: defaultOf(probe!) }]);
  });

  it('a store order is imported with the default for its destination and warehouse', async () => {
    const m = await merchant();
    const p = cnProduct(3);
    const saved = await m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/add', {
      productfid: p.id,
      editObj: JSON.stringify({ id: 'sku-1', flatDesignList: [], BGDesignList: [], color: '#FFFFFF' }),
      title: 'Imported tee',
    });
    expect(saved.code, saved.msg).toBe(200);
    const info = await m.call<{ data: { variants: { id: number }[] } }>('GET', `/api/Myexclusive/getInfo/${saved.data.id}`);
    const [shop] = await s.database.db
      .insert(shops)
      .values({
        userId: m.id,
        myshopifyDomain: `import-${m.id}.myshopify.com`,
        simplename: 'Import',
        type: ShopType.SHOPIFY,
        isDefault: true,
      })
      .returning();
    await s.database.db.insert(storeProductLinks).values({
      shopId: shop!.id,
      myProductId: saved.data.id,
      externalProductId: 'ext-p',
      variantMap: { [String(info.data.variants[0]!.id)]: 'ext-v' },
    });
    const [probe] = await costs(m, 'FR', [await addLine(m, p)]);
    const other = defaultOf(probe!) === 1 ? 2 : 1;
    await setDefault(m, { countryCode: 'FR', shipFrom: 'CN', logisticsId: other });
    await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: 'IM2500000001' });

    const outcome = await importShopOrder(
      s.database.db,
      shop!.id,
      {
        externalId: 'so-1',
        name: '#1001',
        createdAt: new Date(),
        email: null,
        address: {
          firstName: 'Marie',
          lastName: 'Curie',
          address1: '1 Rue de Rivoli',
          address2: '',
          city: 'Paris',
          province: '',
          zip: '75001',
          countryCode: 'FR',
          phone: '',
        },
        lines: [{ externalProductId: 'ext-p', externalVariantId: 'ext-v', sku: null, quantity: 1, title: 'Imported tee' }],
      },
      'pull',
    );
    expect(outcome.status).toBe('imported');
    const orderId = (outcome as { orderId: number }).orderId;
    const parcels = await s.database.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    expect(parcels.map((x) => x.logisticsId)).toEqual([other]);
    const stamped = await s.database.db.select().from(orderIoss).where(eq(orderIoss.orderId, orderId));
    expect(stamped.map((x) => x.iossNumber)).toEqual(['IM2500000001']);
  });
});

describe('IOSS', () => {
  const param = async (m: Merchant) => (await m.call<{ data: IossParam }>('GET', '/api/shops/getIOSSparam')).data;

  it('answers the number and the terms, saves it normalised, clears it with empty', async () => {
    const m = await merchant();
    const first = await param(m);
    expect(first).toMatchObject({ iossNumber: null, thresholdEurCents: IOSS_THRESHOLD_EUR_CENTS });
    expect(first.countries).toContain('DE');
    expect(first.countries).not.toContain('GB');
    expect(await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: ' im 276 1234567 ' })).toMatchObject({
      code: 200,
      iossNumber: 'IM2761234567',
    });
    expect((await param(m)).iossNumber).toBe('IM2761234567');
    expect(await m.form('/api/shops/updateIOSSparam', { iossNumber: 'IM3801234567' })).toMatchObject({
      code: 200,
      iossNumber: 'IM3801234567',
    });
    expect(await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: '' })).toMatchObject({ code: 200, iossNumber: null });
    expect((await param(m)).iossNumber).toBeNull();
  });

  it('refuses anything but IM and 10 digits, changing nothing', async () => {
    const m = await merchant();
    await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: 'IM2761234567' });
    for (const bad of ['IM123', 'IM12345678901', 'XX2761234567', 'IM27612345AB', '2761234567', 'IM 276-1234567', 1234567890]) {
      expect(await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: bad }), String(bad)).toMatchObject({
        code: 10000,
        msg: M.iossInvalid,
      });
    }
    expect(await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: ['IM2761234567'] })).toMatchObject({
      code: 10000,
      msg: 'iossNumber must be text',
    });
    expect(await s.database.db.select().from(shopIoss).where(eq(shopIoss.userId, m.id))).toMatchObject([{ iossNumber: 'IM2761234567' }]);
  });

  it("is another merchant's to read and change, never B's", async () => {
    const a = await merchant();
    const b = await merchant();
    await a.call('POST', '/api/shops/updateIOSSparam', { iossNumber: 'IM2761111111' });
    expect((await param(b)).iossNumber).toBeNull();
    await b.call('POST', '/api/shops/updateIOSSparam', { iossNumber: '' });
    await b.call('POST', '/api/shops/updateIOSSparam', { iossNumber: 'IM2762222222' });
    expect((await param(a)).iossNumber).toBe('IM2761111111');
  });

  it('stamps orders to the EU with the number in force, and says when the goods are over 150 EUR', async () => {
    const m = await merchant();
    const other = await merchant();
    await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: 'IM2763333333' });
    const de = await addAddress(m, 'DE');
    const us = await addAddress(m, 'US');
    const eu = await order(m, [await addLine(m, cnProduct(0))], de);
    expect(eu.ioss).toMatchObject({ iossNumber: 'IM2763333333', eligible: true });
    expect(eu.ioss!.goodsValueEurCents).toBeGreaterThan(0);
    expect((await order(m, [await addLine(m, cnProduct(1))], us)).ioss).toBeNull();
    const big = await order(m, [await addLine(m, cnProduct(2), 500)], de);
    expect(big.ioss).toMatchObject({ iossNumber: 'IM2763333333', eligible: false });

    // A later change is for later orders; the order keeps the number it was placed under.
    await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: 'IM2764444444' });
    expect((await m.call<{ data: Detail }>('GET', `/api/order/detail/${eu.id}`)).data.ioss!.iossNumber).toBe('IM2763333333');
    // Another merchant learns nothing of the order.
    const theirs = await other.call<{ data?: Detail }>('GET', `/api/order/detail/${eu.id}`);
    expect(theirs.code).not.toBe(200);
    expect(JSON.stringify(theirs)).not.toContain('IM276');
    // Without a number an EU order says so.
    await m.call('POST', '/api/shops/updateIOSSparam', { iossNumber: '' });
    expect((await order(m, [await addLine(m, cnProduct(3))], de)).ioss).toMatchObject({ iossNumber: null, eligible: true });
  });
});

describe('bonuses and downloads', () => {
  async function credit(m: Merchant, type: number, amount: number, remark: string) {
    await s.database.db.transaction((tx) =>
      creditOnce(tx, { userId: m.id, type, amount, balanceChange: amount, remark, grantKey: `${type}-${amount}-${remark}` }),
    );
  }

  it('lists cash back and rebates only, newest first, with their sum and pages', async () => {
    const m = await merchant();
    const b = await merchant();
    await credit(m, RecordType.PREPAYMENT, 10_000, 'top-up');
    await credit(m, RecordType.CASH_BACK, 150, 'cash back');
    await credit(m, RecordType.REBATE, 275, 'rebate');
    await credit(m, RecordType.REBATE_2, 25, 'rebate two');
    const list = await m.call<{ rows: BonusRecord[]; total: number; totalAmount: number }>('GET', '/api/shops/getHonglilist?pageSize=5');
    expect(list).toMatchObject({ code: 200, total: 3, totalAmount: 450 });
    expect(list.rows.map((r) => [r.typeName, r.amount])).toEqual([
      ['Rebate', 25],
      ['Rebate', 275],
      ['Cash back', 150],
    ]);
    const second = await m.call<{ rows: BonusRecord[] }>('GET', '/api/shops/getHonglilist?pageSize=5&pageNum=2');
    expect(second.rows).toEqual([]);
    expect(await m.call('GET', '/api/shops/getHonglilist?pageSize=7')).toMatchObject({
      code: 10000,
      msg: 'pageSize must be one of 5, 10, 15, 25',
    });
    expect(await b.call('GET', '/api/shops/getHonglilist')).toMatchObject({ code: 200, total: 0, totalAmount: 0, rows: [] });
  });

  it('exports to a download only its owner reads; GET never deletes, DELETE does; no name reaches another file', async () => {
    const a = await merchant();
    const b = await merchant();
    await credit(a, RecordType.CASH_BACK, 1234, '=HYPERLINK("x")');
    const exported = await a.call<{ data: { fileName: string } }>('POST', '/api/shops/exportHonglilist');
    expect(exported.code, exported.msg).toBe(200);
    const name = exported.data.fileName;
    expect(name).toMatch(/^bonuses-\d{8}-[0-9a-f]{12}\.csv$/);

    const got = await a.raw('GET', `/common/download?fileName=${name}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toContain('text/csv');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(got.headers.get('cache-control')).toContain('no-store');
    const csv = await got.text();
    expect(csv.split('\r\n')[0]).toBe('Date,Type,Amount (USD),Order,Remark');
    expect(csv).toContain('Cash back,$12.34,');
    // A formula in a remark is defused for spreadsheets.
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);

    // B gets nothing of A's file, by GET or DELETE.
    const theirs = await b.raw('GET', `/common/download?fileName=${name}`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ code: 404, msg: M.fileNotFound });
    expect(await b.call('DELETE', `/common/download?fileName=${name}`)).toMatchObject({ code: 10000, msg: M.fileNotFound });

    // A GET asking to delete is refused and deletes nothing.
    for (const flag of ['true', '1']) {
      const refused = await a.raw('GET', `/common/download?fileName=${name}&delete=${flag}`);
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toContain('DELETE');
      expect(await refused.json()).toEqual({ code: 10000, msg: M.deleteNeedsDelete });
    }
    expect((await a.raw('GET', `/common/download?fileName=${name}&delete=false`)).status).toBe(200);
    expect(await s.database.db.select().from(merchantDownloads).where(eq(merchantDownloads.userId, a.id))).toHaveLength(1);

    // Names that are paths, or not names at all.
    for (const bad of [
      '../bonuses.csv',
      '..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'a%2Fb.csv',
      'a%5Cb.csv',
      '.env',
      '..',
      'x%00.csv',
      'a%20b.csv',
    ]) {
      const res = await a.raw('GET', `/common/download?fileName=${bad}`);
      const body = (await res.json()) as { code: number; msg: string };
      expect(body.code, bad).toBe(10000);
      expect(body.msg).toBe(M.fileNameInvalid);
      expect(await a.call('DELETE', `/common/download?fileName=${bad}`)).toMatchObject({ code: 10000, msg: M.fileNameInvalid });
    }
    expect(await a.call('GET', '/common/download')).toMatchObject({ code: 10000, msg: M.fileNameRequired });
    expect(await a.call('DELETE', '/common/download?fileName=')).toMatchObject({ code: 10000, msg: M.fileNameRequired });
    expect(await a.call('DELETE', `/common/download?fileName=${'a'.repeat(121)}.csv`)).toMatchObject({
      code: 10000,
      msg: 'fileName must be at most 120 characters',
    });

    expect(await a.call('DELETE', `/common/download?fileName=${name}`)).toMatchObject({ code: 200 });
    expect((await a.raw('GET', `/common/download?fileName=${name}`)).status).toBe(404);
    expect(await a.call('DELETE', `/common/download?fileName=${name}`)).toMatchObject({ code: 10000, msg: M.fileNotFound });
  });

  it('keeps at most 20 downloads a merchant and none past its day', async () => {
    const m = await merchant();
    const names: string[] = [];
    for (let i = 0; i < 22; i++)
      names.push((await m.call<{ data: { fileName: string } }>('POST', '/api/shops/exportHonglilist')).data.fileName);
    const kept = await s.database.db.select().from(merchantDownloads).where(eq(merchantDownloads.userId, m.id));
    expect(kept.map((r) => r.fileName).sort()).toEqual(names.slice(2).sort());
    await s.database.db
      .update(merchantDownloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(merchantDownloads.fileName, names[5]!));
    expect((await m.raw('GET', `/common/download?fileName=${names[5]}`)).status).toBe(404);
  });
});

describe('getAddressInfo', () => {
  const parse = (m: Merchant, address: unknown) => m.call<{ data: AddressInfo }>('POST', '/api/address/getAddressInfo', { address });

  it('splits a pasted address into the form’s fields', async () => {
    const m = await merchant();
    expect((await parse(m, '1600 Amphitheatre Pkwy, Mountain View, CA 94043, United States')).data).toEqual({
      address1: '1600 Amphitheatre Pkwy',
      address2: '',
      city: 'Mountain View',
      province: 'CA',
      zip: '94043',
      country_code: 'US',
      country: 'United States',
      ship_country_id: 1,
    });
    expect((await parse(m, '221B Baker St\nFlat 2\nLondon NW1 6XE\nUK')).data).toMatchObject({
      address1: '221B Baker St',
      address2: 'Flat 2',
      city: 'London',
      zip: 'NW1 6XE',
      country_code: 'GB',
    });
    expect((await parse(m, 'Unter den Linden 77, 10117 Berlin, Deutschland')).data).toMatchObject({
      address1: 'Unter den Linden 77',
      city: 'Berlin',
      zip: '10117',
      country_code: 'DE',
    });
    expect((await parse(m, '5 George St, Sydney NSW 2000, Australia')).data).toMatchObject({
      city: 'Sydney',
      province: 'NSW',
      zip: '2000',
    });
    // Without a country a US state and postcode make it the US.
    expect((await parse(m, '1 Main St, Springfield, IL 62701')).data).toMatchObject({
      city: 'Springfield',
      province: 'IL',
      country_code: 'US',
    });
    expect((await parse(m, 'somewhere')).data).toMatchObject({ address1: 'somewhere', country_code: '', ship_country_id: null });
  });

  it('refuses a missing, too long or non-text address', async () => {
    const m = await merchant();
    expect(await parse(m, '  ')).toMatchObject({ code: 10000, msg: M.addressRequired });
    expect(await m.call('POST', '/api/address/getAddressInfo', {})).toMatchObject({ code: 10000, msg: M.addressRequired });
    expect(await parse(m, 'x'.repeat(501))).toMatchObject({ code: 10000, msg: 'address must be at most 500 characters' });
    expect(await parse(m, { line: 1 })).toMatchObject({ code: 10000, msg: 'address must be text' });
  });
});

describe('getShopifyDomain', () => {
  const domain = (m: Merchant, query = '') => m.call<{ data: ShopifyDomain | null }>('GET', `/api/user/getShopifyDomain${query}`);

  it("answers the merchant's Shopify store and never another's", async () => {
    const a = await merchant();
    const b = await merchant();
    expect(await domain(a)).toMatchObject({ code: 200, data: null });
    const [woo] = await s.database.db
      .insert(shops)
      .values({ userId: a.id, myshopifyDomain: 'woo.example', simplename: 'Woo', type: ShopType.WOOCOMMERCE, isDefault: true })
      .returning();
    // The current store is WooCommerce and there is no Shopify store yet.
    expect((await domain(a)).data).toBeNull();
    const [shopify] = await s.database.db
      .insert(shops)
      .values({ userId: a.id, myshopifyDomain: 'a-store.myshopify.com', simplename: 'A store', type: ShopType.SHOPIFY })
      .returning();
    expect((await domain(a)).data).toEqual({ shopId: shopify!.id, myshopifyDomain: 'a-store.myshopify.com', simplename: 'A store' });
    expect((await domain(a, `?shopId=${shopify!.id}`)).data).toMatchObject({ shopId: shopify!.id });
    expect((await domain(a, `?shopId=${woo!.id}`)).data).toBeNull();

    expect(await domain(b)).toMatchObject({ code: 200, data: null });
    for (const q of [`?shopId=${shopify!.id}`, `?id=${shopify!.id}`]) {
      const res = await domain(b, q);
      expect(res).toMatchObject({ code: 10000, msg: ShopMessages.storeNotFound });
      expect(JSON.stringify(res)).not.toContain('a-store');
    }
    expect(await domain(a, '?shopId=abc')).toMatchObject({ code: 10000, msg: 'shopId must be a positive whole number' });
  });
});
