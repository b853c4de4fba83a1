/**
 * Commerce over real HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * cart arithmetic, addresses and the ship-from rules, checkout in one transaction (and nothing
 * left behind when it fails half-way), the order state machine, coupons and invites, the balance
 * ledger and its invariant, 50 concurrent balance payments of one order, and one merchant never
 * reaching another's cart, addresses, orders or coupons. Expected numbers are computed here from
 * the generated catalogue rows, not read back from the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { codeIn, startServer, type TestServer } from './harness';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog, variantsOfIn } from './fixtures';
import type { ProductRow, VariantRow } from '../../demo/catalog/products';
import { findCountry, quote, type LogisticsCost } from '../../server/catalog/shipping-rules';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { seedDemo, DEMO_EMAIL } from '../../demo/merchant';
import { findUserByEmail } from '../../server/accounts/users';
import { cancelPaidOrder, failOrder } from '../../server/commerce/orders';
import { shipOrder } from '../../server/commerce/fulfilment';
import { onUserRegistered } from '../../server/commerce/coupons';
import {
  CommerceMessages,
  couponDiscount,
  COUPON_TYPE_PERCENT,
  isAddressFilled,
  orderTotals,
  RecordType,
  SHARE_CODE_RE,
  type CartGroup,
  type CouponReceipt,
  type OrderStatistics,
} from '../../contract/commerce';

const OPTIONS: CatalogOptions = { seed: 'commerce-test', productCount: 60, imageSize: 256 };

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer();
  rows = await seedCatalog(s, OPTIONS);
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Res<T>>;
}

let merchantCount = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `m${++merchantCount}-${Date.now()}@commerce.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, token, call: (method, path, body, headers) => s.api(method, path, body, token, headers) as never };
}

const productFrom = (code: 'CN' | 'US' | 'AU', nth = 0): ProductRow => {
  const list = rows.products.filter((p) => p.shipFrom === code && rows.variants.filter((v) => v.productId === p.id).length >= 2);
  if (!list[nth]) throw new Error(`no product #${nth} from ${code}`);
  return list[nth]!;
};
const variantsOf = (p: ProductRow): VariantRow[] => variantsOfIn(rows, p);
const productById = (id: number) => rows.products.find((p) => p.id === id)!;

/** Shipping the way the catalogue's calculator prices it, summed per product (independent of the server's grouping). */
function expectedShipping(lines: { productId: number; quantity: number }[], countryCode: string, logisticsId: number): number {
  const qty = new Map<number, number>();
  for (const l of lines) qty.set(l.productId, (qty.get(l.productId) ?? 0) + l.quantity);
  let total = 0;
  for (const [productId, quantity] of qty) {
    const p = productById(productId);
    const q = quote({
      from: p.shipFrom,
      logistics: p.logistics as LogisticsCost[],
      defaultLogisticsId: p.defaultLogisticsId,
      country: findCountry(countryCode)!,
      quantity,
    });
    if ('refused' in q) throw new Error(q.refused);
    total += q.find((x) => x.logisticsId === logisticsId)!.cost;
  }
  return total;
}

type CartRes = Res<{ data: CartGroup[]; total: number; quantity: number; subtotal: number; countryCode: string | null }>;
const cart = (m: Merchant) => m.call<CartRes>('GET', '/api/shipTrolley/getShipTrolleyList');
const add = (m: Merchant, body: Record<string, unknown>) =>
  m.call<{ data: { id: number; total: number } }>('POST', '/api/shipTrolley/addShipTrolley', body);
const address = (m: Merchant, body: Record<string, unknown>) =>
  m.call<{ data: { id: number; filled: boolean; isDefault: number; country: string } }>('POST', '/api/shipAddress/addShipAddress', body);
const US_ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Main St',
  city: 'Springfield',
  zip: '12345',
  country_code: 'US',
};

interface OrderDetail {
  id: number;
  orderNo: string;
  status: string;
  subtotal: number;
  shippingCost: number;
  discount: number;
  total: number;
  items: { productid: number; variantsid: number; title: string; variantTitle: string; cost: number; quantity: number; subtotal: number }[];
  shipments: {
    shipFrom: string;
    logisticsId: number;
    cost: number;
    trackingNumber: string | null;
    trackUrl: string | null;
    carrier: string;
  }[];
  payments: { method: string; amount: number; status: string }[];
  events: { from: string | null; to: string }[];
  address: { country_code: string };
  coupon: { id: number } | null;
  replayed?: boolean;
}
const checkout = (m: Merchant, body: Record<string, unknown>, headers?: Record<string, string>) =>
  m.call<{ data: OrderDetail }>('POST', '/api/order/shoppingCartOrder', body, headers);
const detail = (m: Merchant, id: number) => m.call<{ data: OrderDetail }>('GET', `/api/order/detail/${id}`);
const pay = (m: Merchant, orderId: number, key?: string) =>
  m.call<{ data: { status: string; balance: number; paymentId: number; replayed: boolean } }>(
    'POST',
    '/api/order/payOrder',
    { orderId },
    key ? { 'idempotency-key': key } : undefined,
  );
const balance = async (m: Merchant) => (await m.call<{ data: { balance: number } }>('GET', '/api/balance/getBalance')).data.balance;

async function topUp(m: Merchant, cents: number, key = `test-credit-${m.id}-${cents}-${Math.random()}`) {
  const { creditOnce } = await import('../../server/commerce/ledger');
  await s.database.db.transaction((tx) =>
    creditOnce(tx, {
      userId: m.id,
      type: RecordType.PREPAYMENT,
      amount: cents,
      balanceChange: cents,
      remark: 'test top-up',
      grantKey: key,
    }),
  );
}

/** A merchant with an address and a pending order for one catalogue item. */
async function pendingOrder(m: Merchant, p = productFrom('CN'), quantity = 2, variant = variantsOf(p)[0]!) {
  const addresses = await m.call<{ data: { id: number }[] }>('GET', '/api/shipAddress/getShipAddress');
  if (addresses.data.length === 0) await address(m, US_ADDRESS);
  const added = await add(m, { productid: p.id, variantsid: variant.id, quantity, anotherName: '' });
  const res = await checkout(m, { ids: [added.data.id] });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

async function ledgerConsistent(userId?: number) {
  const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const bad = rowsOf(
    await s.database.db.execute(sql`
    select a.user_id, a.balance, coalesce(sum(r.balance_change), 0) as sum
    from balance_accounts a left join balance_records r on r.user_id = a.user_id
    ${userId ? sql`where a.user_id = ${userId}` : sql``}
    group by a.user_id, a.balance having a.balance <> coalesce(sum(r.balance_change), 0)`),
  );
  expect(bad).toEqual([]);
  // Each record's balance_after is the running sum of the changes up to it.
  const broken = rowsOf(
    await s.database.db.execute(sql`
    select id from (select id, balance_after, sum(balance_change) over (partition by user_id order by id) as running from balance_records) x
    where balance_after <> running`),
  );
  expect(broken).toEqual([]);
}

// =============================================================================================

describe('cart', () => {
  it('needs a login', async () => {
    expect((await s.api('GET', '/api/shipTrolley/getShipTrolleyList')).code).toBe(401);
  });

  it('adds, merges, groups by ship-from and prices every line in cents from the catalogue', async () => {
    const m = await merchant();
    const cn = productFrom('CN');
    const us = productFrom('US');
    const [v1, v2] = variantsOf(cn);
    const first = await add(m, { productid: cn.id, variantsid: v1!.id, quantity: 2, anotherName: 'Tee for my store' });
    expect(first).toMatchObject({ code: 200, data: { total: 1 } });
    // The same variant again adds to the line.
    const again = await add(m, { productid: cn.id, variantsid: v1!.id, quantity: 3, anotherName: '' });
    expect(again.data.id).toBe(first.data.id);
    // Without variantsid: the product's first variant.
    const usLine = await add(m, { productid: us.id, quantity: 1, anotherName: '' });
    const multi = await m.call<{ data: { ids: number[] } }>('POST', '/api/shipTrolley/addShipTrolleyVariants', {
      productid: cn.id,
      anotherName: 'bulk',
      variants: [{ variantsid: v2!.id, quantity: 4 }],
    });
    expect(multi.code, multi.msg).toBe(200);

    const res = await cart(m);
    expect(res.code).toBe(200);
    expect(res.data.map((g) => g.shipFrom)).toEqual(['CN', 'US']);
    const cnItems = res.data[0]!.shipTrolleyItemList;
    expect(cnItems.map((i) => [i.variantsid, i.quantity])).toEqual([
      [v1!.id, 5],
      [v2!.id, 4],
    ]);
    const item = cnItems[0]!;
    expect(item).toMatchObject({
      id: first.data.id,
      productid: cn.id,
      title: cn.title,
      cost: v1!.cost,
      quantity: 5,
      subtotal: v1!.cost * 5,
      anotherName: 'Tee for my store',
      myProductId: null,
      available: true,
    });
    expect(item.variantTitle).toBe([v1!.option1, v1!.option2, v1!.option3].filter(Boolean).join(' / '));
    expect(item.imagefirst).toMatch(/^\/prod-api\/files\/catalog\//);
    expect(res.data[1]!.shipTrolleyItemList[0]).toMatchObject({ id: usLine.data.id, variantsid: variantsOf(us)[0]!.id, quantity: 1 });
    const expectedSubtotal = v1!.cost * 5 + v2!.cost * 4 + variantsOf(us)[0]!.cost;
    expect(res).toMatchObject({ total: 3, quantity: 10, subtotal: expectedSubtotal });
    expect(res.data[0]!.subtotal).toBe(v1!.cost * 5 + v2!.cost * 4);
    expect(Number.isInteger(res.subtotal)).toBe(true);
  });

  it('edits quantity and variant, copies and deletes lines; a failed call changes nothing', async () => {
    const m = await merchant();
    const p = productFrom('CN', 1);
    const [v1, v2] = variantsOf(p);
    const {
      data: { id },
    } = await add(m, { productid: p.id, variantsid: v1!.id, quantity: 1, anotherName: '' });
    expect((await m.call('POST', '/api/shipTrolley/editShipTrolley', { id, quantity: 9999 })).code).toBe(200);
    for (const quantity of [0, 10000, 1.5, 'abc', -1]) {
      expect(await m.call('POST', '/api/shipTrolley/editShipTrolley', { id, quantity })).toMatchObject({
        code: 10000,
        msg: CommerceMessages.badQuantity,
      });
    }
    expect(await add(m, { productid: p.id, variantsid: v1!.id, quantity: 1, anotherName: '' })).toMatchObject({ code: 10000 });
    expect((await cart(m)).data[0]!.shipTrolleyItemList[0]!.quantity).toBe(9999);
    await m.call('POST', '/api/shipTrolley/editShipTrolley', { id, quantity: 3 });

    expect((await m.call('POST', '/api/shipTrolley/editVariants', { id, variantsid: v2!.id })).code).toBe(200);
    const other = variantsOf(productFrom('CN', 2))[0]!;
    expect(await m.call('POST', '/api/shipTrolley/editVariants', { id, variantsid: other.id })).toMatchObject({
      code: 10000,
      msg: expect.stringContaining(CommerceMessages.variantNotFound),
    });

    const copy = await m.call<{ data: { id: number } }>('POST', `/api/shipTrolley/copyShipTrolley/${id}`);
    expect(copy.code).toBe(200);
    let list = await cart(m);
    expect(list.total).toBe(2);
    expect(list.data[0]!.shipTrolleyItemList.map((i) => [i.variantsid, i.quantity])).toEqual([
      [v2!.id, 3],
      [v2!.id, 3],
    ]);

    expect((await m.call('POST', `/api/shipTrolley/deleteShipTrolley/${copy.data.id}`)).code).toBe(200);
    list = await cart(m);
    expect(list.total).toBe(1);
    // Deleting it again fails and the count stays.
    expect(await m.call('POST', `/api/shipTrolley/deleteShipTrolley/${copy.data.id}`)).toMatchObject({
      code: 10000,
      msg: CommerceMessages.cartItemNotFound,
    });
    expect((await cart(m)).total).toBe(1);
  });

  it('refuses products and variants that do not exist, with a clear message', async () => {
    const m = await merchant();
    expect(await add(m, { productid: 999999, quantity: 1, anotherName: '' })).toMatchObject({
      code: 10000,
      msg: `${CommerceMessages.productNotFound} (productid 999999)`,
    });
    const p = productFrom('CN');
    const foreign = variantsOf(productFrom('US'))[0]!;
    expect(await add(m, { productid: p.id, variantsid: foreign.id, quantity: 1, anotherName: '' })).toMatchObject({
      code: 10000,
      msg: `${CommerceMessages.variantNotFound} (variantsid ${foreign.id})`,
    });
    expect(await add(m, { productid: 'x', quantity: 1 })).toMatchObject({ code: 10000, msg: 'productid must be a positive whole number' });
    // Nothing half-added from a list with one bad variant.
    const res = await m.call('POST', '/api/shipTrolley/addShipTrolleyVariants', {
      productid: p.id,
      variants: [
        { variantsid: variantsOf(p)[0]!.id, quantity: 1 },
        { variantsid: 123456789, quantity: 1 },
      ],
    });
    expect(res.code).toBe(10000);
    expect((await cart(m)).total).toBe(0);
  });

  it('quotes shipping per ship-from group with the spec messages, and keeps a ship country', async () => {
    const m = await merchant();
    const cn = productFrom('CN');
    const au = productFrom('AU');
    const [v1, v2] = variantsOf(cn);
    await add(m, { productid: cn.id, variantsid: v1!.id, quantity: 2, anotherName: '' });
    await add(m, { productid: cn.id, variantsid: v2!.id, quantity: 1, anotherName: '' });
    await add(m, { productid: au.id, quantity: 1, anotherName: '' });
    interface Costs {
      data: {
        countryCode: string;
        groups: {
          shipFrom: string;
          refused: string | null;
          methods: { logisticsId: number; cost: number; freeShipping: boolean; shipTime: string }[];
        }[];
      };
    }
    const us = await m.call<Costs>('POST', '/api/shipTrolley/getLogisticsCostList', { countryCode: 'US' });
    expect(us.code).toBe(200);
    const [cnGroup, auGroup] = us.data.groups;
    expect(auGroup).toMatchObject({ shipFrom: 'AU', refused: 'Only Ship to Australia and New Zealand', methods: [] });
    expect(cnGroup!.refused).toBeNull();
    for (const method of cnGroup!.methods) {
      // Two variants of one product ship as three units of that product.
      expect(method.cost).toBe(expectedShipping([{ productId: cn.id, quantity: 3 }], 'US', method.logisticsId));
    }
    const de = await m.call<Costs>('POST', '/api/shipTrolley/getLogisticsCostList', { countryCode: 'DE' });
    expect(de.data.groups[0]!.methods.find((x) => x.logisticsId === 1)).toMatchObject({ cost: 0, freeShipping: true });

    expect(await m.call('POST', '/api/shipTrolley/updateShipCountryId', { countryCode: 'ZZ' })).toMatchObject({
      code: 10000,
      msg: 'Unknown country code: ZZ',
    });
    const set = await m.call<{ data: { shipCountryId: number; countryCode: string } }>('POST', '/api/shipTrolley/updateShipCountryId', {
      shipCountryId: findCountry('AU')!.shipCountryId,
    });
    expect(set.data.countryCode).toBe('AU');
    expect((await cart(m)).countryCode).toBe('AU');
    const auCosts = await m.call<Costs>('POST', '/api/shipTrolley/getLogisticsCostList', {});
    expect(auCosts.data.countryCode).toBe('AU');
    expect(auCosts.data.groups.every((g) => g.refused === null)).toBe(true);
    const usOnly = productFrom('US');
    await add(m, { productid: usOnly.id, quantity: 1, anotherName: '' });
    const again = await m.call<Costs>('POST', '/api/shipTrolley/getLogisticsCostList', {});
    expect(again.data.groups.find((g) => g.shipFrom === 'US')!.refused).toBe('Only Ship to USA');
  });
});

describe('addresses', () => {
  it('adds, validates, updates and removes; the first is the default; filled follows spec 5', async () => {
    const m = await merchant();
    expect(await address(m, { ...US_ADDRESS, country_code: 'XX' })).toMatchObject({ code: 10000, msg: 'Unknown country code: XX' });
    expect(await address(m, { first_name: 'A', address1: 'x' })).toMatchObject({ code: 10000, msg: 'country_code is required' });
    expect(await address(m, { ...US_ADDRESS, address1: 'x'.repeat(201) })).toMatchObject({
      code: 10000,
      msg: 'address1 must be at most 200 characters',
    });
    const a = await address(m, US_ADDRESS);
    expect(a.data).toMatchObject({ filled: true, isDefault: 1, country: 'United States' });
    const b = await address(m, { last_name: 'Only', country_code: 'gb' });
    expect(b.data).toMatchObject({ filled: false, isDefault: 0, country: 'United Kingdom' });
    const upd = await m.call<{ data: { filled: boolean; isDefault: number } }>('POST', '/api/shipAddress/updateShipAddress', {
      id: b.data.id,
      address2: 'Flat 2',
      isDefault: 1,
    });
    expect(upd.data).toMatchObject({ filled: true, isDefault: 1 });
    const list = await m.call<{ data: { id: number; isDefault: number }[] }>('GET', '/api/shipAddress/getShipAddress');
    expect(list.data.map((x) => [x.id, x.isDefault])).toEqual([
      [b.data.id, 1],
      [a.data.id, 0],
    ]);
    expect((await m.call('POST', `/api/shipAddress/removeShipAddress?id=${b.data.id}`)).code).toBe(200);
    const after = await m.call<{ data: { id: number; isDefault: number }[] }>('GET', '/api/shipAddress/getShipAddress');
    expect(after.data.map((x) => [x.id, x.isDefault])).toEqual([[a.data.id, 1]]);
    expect(await m.call('POST', `/api/shipAddress/removeShipAddress?id=${b.data.id}`)).toMatchObject({
      code: 10000,
      msg: CommerceMessages.addressNotFound,
    });
    expect(isAddressFilled({ first_name: ' ', last_name: '', address1: 'x' })).toBe(false);
  });
});

describe('checkout', () => {
  it('creates the order, items, shipping, total and consumes the cart lines, all in cents on the server', async () => {
    const m = await merchant();
    const cn = productFrom('CN');
    const us = productFrom('US');
    const [v1, v2] = variantsOf(cn);
    const vu = variantsOf(us)[0]!;
    await address(m, US_ADDRESS);
    const a = await add(m, { productid: cn.id, variantsid: v1!.id, quantity: 2, anotherName: 'A' });
    const b = await add(m, { productid: cn.id, variantsid: v2!.id, quantity: 1, anotherName: '' });
    const c = await add(m, { productid: us.id, variantsid: vu.id, quantity: 3, anotherName: '' });
    const keep = await add(m, { productid: productFrom('CN', 3).id, quantity: 1, anotherName: '' });

    const res = await checkout(
      m,
      { ids: [a.data.id, b.data.id, c.data.id], logisticsIds: [2, 4] },
      { 'idempotency-key': `checkout-${m.id}-1` },
    );
    expect(res.code, res.msg).toBe(200);
    const o = res.data;
    const subtotal = v1!.cost * 2 + v2!.cost + vu.cost * 3;
    const shipping =
      expectedShipping([{ productId: cn.id, quantity: 3 }], 'US', 2) + expectedShipping([{ productId: us.id, quantity: 3 }], 'US', 4);
    expect(o).toMatchObject({
      status: 'pending',
      subtotal,
      shippingCost: shipping,
      discount: 0,
      total: subtotal + shipping,
      replayed: false,
    });
    expect(o.orderNo).toMatch(new RegExp(`^PS\\d{6}${String(o.id).padStart(6, '0')}$`));
    expect(o.items.map((i) => [i.variantsid, i.cost, i.quantity, i.subtotal])).toEqual([
      [v1!.id, v1!.cost, 2, v1!.cost * 2],
      [v2!.id, v2!.cost, 1, v2!.cost],
      [vu.id, vu.cost, 3, vu.cost * 3],
    ]);
    expect(o.items[0]!.title).toBe(cn.title);
    expect(o.shipments.map((x) => [x.shipFrom, x.logisticsId])).toEqual([
      ['CN', 2],
      ['US', 4],
    ]);
    expect(o.events).toEqual([expect.objectContaining({ from: null, to: 'pending' })]);
    expect(o.address.country_code).toBe('US');
    // Consumed lines are gone; the line not ordered stays.
    const left = await cart(m);
    expect(left.data.flatMap((g) => g.shipTrolleyItemList.map((i) => i.id))).toEqual([keep.data.id]);
    // Retrying with the same key answers with the same order.
    const retry = await checkout(m, { ids: [a.data.id, b.data.id, c.data.id] }, { 'idempotency-key': `checkout-${m.id}-1` });
    expect(retry.data).toMatchObject({ id: o.id, replayed: true });
    // Without a key the lines are simply gone.
    expect(await checkout(m, { ids: [a.data.id] })).toMatchObject({ code: 10000, msg: CommerceMessages.cartItemsGone });
  });

  it('enforces the ship-from rules and the filled-address rule with the spec messages', async () => {
    const m = await merchant();
    const usAddr = await address(m, US_ADDRESS);
    const gb = await address(m, { ...US_ADDRESS, country_code: 'GB' });
    const bare = await address(m, { last_name: 'Nobody', country_code: 'US' });
    const au = await add(m, { productid: productFrom('AU').id, quantity: 1, anotherName: '' });
    const us = await add(m, { productid: productFrom('US').id, quantity: 1, anotherName: '' });
    expect(await checkout(m, { ids: [au.data.id], addressId: usAddr.data.id })).toMatchObject({
      code: 10000,
      msg: 'Only Ship to Australia and New Zealand',
    });
    expect(await checkout(m, { ids: [us.data.id], addressId: gb.data.id })).toMatchObject({ code: 10000, msg: 'Only Ship to USA' });
    expect(await checkout(m, { ids: [us.data.id], addressId: bare.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.addressNotFilled,
    });
    expect(await checkout(m, { ids: [us.data.id], addressId: usAddr.data.id, logisticsIds: [5] })).toMatchObject({
      code: 10000,
      msg: 'Shipping method 5 does not apply to these items',
    });
    expect(await checkout(m, { ids: [] })).toMatchObject({ code: 10000, msg: CommerceMessages.cartEmpty });
    const nz = await address(m, { ...US_ADDRESS, country_code: 'NZ' });
    expect((await checkout(m, { ids: [au.data.id], addressId: nz.data.id })).code).toBe(200);
    expect((await cart(m)).total).toBe(1);
  });

  it('orders the same cart lines once when checkouts race', async () => {
    const m = await merchant();
    await address(m, US_ADDRESS);
    const a = await add(m, { productid: productFrom('CN').id, quantity: 2, anotherName: '' });
    const b = await add(m, { productid: productFrom('US').id, quantity: 1, anotherName: '' });
    const results = await Promise.all(Array.from({ length: 10 }, () => checkout(m, { ids: [a.data.id, b.data.id] })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 200).every((r) => r.msg === CommerceMessages.cartItemsGone)).toBe(true);
    expect((await m.call<{ total: number }>('GET', '/api/order/list')).total).toBe(1);
    expect((await cart(m)).total).toBe(0);
  });

  it('leaves nothing half-made when the transaction fails in the middle', async () => {
    const m = await merchant();
    await address(m, US_ADDRESS);
    const p = productFrom('CN');
    const line = await add(m, { productid: p.id, quantity: 10, anotherName: '' });
    await topUp(m, 100_000);
    const coupon = await m.call<{ data: CouponReceipt }>('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 2 });
    const db = s.database.db;
    const count = async (table: string) =>
      Number(
        (
          (await db.execute(
            sql.raw(
              `select count(*)::int as n from ${table} where ${table === 'orders' ? 'user_id' : 'order_id in (select id from orders where user_id'} = ${m.id}${table === 'orders' ? '' : ')'}`,
            ),
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const before = { orders: await count('orders'), items: await count('order_items'), shipments: await count('order_shipments') };
    // A fault injected into the last write of the checkout transaction (the first order event).
    await db.execute(
      sql.raw(`create or replace function commerce_test_fault() returns trigger language plpgsql as $$ begin
      if exists (select 1 from orders o where o.id = new.order_id and o.user_id = ${m.id}) then raise exception 'injected failure'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw('create trigger commerce_test_fault before insert on order_events for each row execute function commerce_test_fault()'),
    );
    try {
      const res = await checkout(m, { ids: [line.data.id], couponId: coupon.data.id });
      expect(res.code, res.msg).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger commerce_test_fault on order_events'));
      await db.execute(sql.raw('drop function commerce_test_fault()'));
    }
    expect({ orders: await count('orders'), items: await count('order_items'), shipments: await count('order_shipments') }).toEqual(before);
    expect((await cart(m)).total).toBe(1);
    const mine = await m.call<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList');
    expect(mine.rows.find((r) => r.id === coupon.data.id)).toMatchObject({ status: 0, orderId: null });
    // And the same checkout goes through once the fault is gone.
    const ok = await checkout(m, { ids: [line.data.id], couponId: coupon.data.id });
    expect(ok.code).toBe(200);
    expect(ok.data.coupon).toMatchObject({ id: coupon.data.id });
  });
});

describe('orders', () => {
  it('moves pending → processing → fulfilled with tracking, records every change, refuses illegal moves', async () => {
    const m = await merchant();
    await topUp(m, 100_000);
    const o = await pendingOrder(m);
    // Fulfilling an unpaid order is refused.
    await expect(shipOrder(s.database.db, o.id, { tracking: 'YT123' }, 'system')).rejects.toThrow(/cannot change/);
    const paid = await pay(m, o.id);
    expect(paid.data).toMatchObject({ status: 'processing', balance: 100_000 - o.total });
    expect(await pay(m, o.id)).toMatchObject({ code: 10000, msg: CommerceMessages.orderAlreadyPaid });
    expect(await m.call('POST', `/api/order/cancelOrder/${o.id}`)).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderNotCancellable,
    });
    await shipOrder(s.database.db, o.id, { tracking: 'YT2412345678' }, 'system');
    const d = (await detail(m, o.id)).data;
    expect(d.status).toBe('fulfilled');
    expect(d.events.map((e) => `${e.from}→${e.to}`)).toEqual(['null→pending', 'pending→processing', 'processing→fulfilled']);
    expect(d.shipments[0]).toMatchObject({
      trackingNumber: 'YT2412345678',
      trackUrl: 'https://www.yuntrack.com/parcelTracking?id=YT2412345678',
      carrier: 'YunExpress',
    });
    expect(d.payments).toEqual([expect.objectContaining({ method: 'balance', amount: o.total, status: 'succeeded' })]);
    await expect(shipOrder(s.database.db, o.id, { tracking: 'again' }, 'system')).rejects.toThrow(/cannot change/);
    await expect(failOrder(s.database.db, o.id, 'late')).rejects.toThrow(/cannot change/);
    await expect(cancelPaidOrder(s.database.db, o.id, 'late')).rejects.toThrow(/cannot change/);
  });

  it('cancels pending orders (and they cannot be paid), and refunds failed or cancelled paid orders once', async () => {
    const m = await merchant();
    await topUp(m, 100_000);
    const a = await pendingOrder(m);
    expect((await m.call<{ data: { status: string } }>('POST', `/api/order/cancelOrder/${a.id}`)).data.status).toBe('cancelled');
    expect(await pay(m, a.id)).toMatchObject({ code: 10000, msg: CommerceMessages.orderCancelled });
    expect(await m.call('POST', `/api/order/cancelOrder/${a.id}`)).toMatchObject({ code: 10000, msg: CommerceMessages.orderCancelled });

    const b = await pendingOrder(m);
    await pay(m, b.id);
    const afterPay = await balance(m);
    await failOrder(s.database.db, b.id, 'print head failure');
    expect(await balance(m)).toBe(afterPay + b.total);
    const c = await pendingOrder(m);
    await pay(m, c.id);
    await cancelPaidOrder(s.database.db, c.id, 'out of stock');
    expect(await balance(m)).toBe(afterPay + b.total);
    const records = await m.call<{ rows: { type: number; amount: number; orderId: number }[] }>(
      'GET',
      '/api/balance/list?type=3&pageSize=25',
    );
    expect(records.rows.map((r) => [r.orderId, r.amount]).sort()).toEqual(
      [
        [b.id, b.total],
        [c.id, c.total],
      ].sort(),
    );
    await ledgerConsistent(m.id);
  });

  it('lists by tab with sorting and page sizes, and counts the statistics', async () => {
    const m = await merchant();
    await topUp(m, 500_000);
    const made: OrderDetail[] = [];
    for (let i = 0; i < 7; i += 1) made.push(await pendingOrder(m, productFrom('CN', i % 3), 1 + i));
    await pay(m, made[1]!.id);
    await pay(m, made[2]!.id);
    await pay(m, made[3]!.id);
    await shipOrder(s.database.db, made[3]!.id, { tracking: 'T12345' }, 'system');
    await m.call('POST', `/api/order/cancelOrder/${made[4]!.id}`);
    await pay(m, made[5]!.id);
    await failOrder(s.database.db, made[5]!.id, 'x');
    const stats = await m.call<{ data: OrderStatistics }>('GET', '/api/order/orderStatistics');
    expect(stats.data).toEqual({
      pendingOrder: 2,
      processingOrder: 2,
      fulfilledOrder: 1,
      canceledOrder: 1,
      failedOrder: 1,
      otherOrder: 2,
      totalOrder: 7,
      // Each tab's orders summed: what the orders page shows on its tab.
      pendingAmount: made[0]!.total + made[6]!.total,
      processingAmount: made[1]!.total + made[2]!.total,
      fulfilledAmount: made[3]!.total,
      // The orders page opens on the tab of the order that changed last: made[5], just failed.
      latestStatus: 'failed',
    });

    interface Page {
      rows: { id: number }[];
      total: number;
    }
    const ids = (r: Page) => r.rows.map((x) => x.id);
    const pending = await m.call<Page>('GET', '/api/order/list?tab=ORDER_PENDING');
    expect(pending).toMatchObject({ code: 200, total: 2 });
    expect(ids(pending)).toEqual([made[6]!.id, made[0]!.id]);
    expect(ids(await m.call<Page>('GET', '/api/order/list?tab=ORDER_PENDING&sort=created_asc'))).toEqual([made[0]!.id, made[6]!.id]);
    expect(ids(await m.call<Page>('GET', '/api/order/list?tab=ORDER_PROCESSING&sort=updated_asc'))).toEqual([made[1]!.id, made[2]!.id]);
    // Touching an order moves it in the updated sort.
    const coupon = await m.call<{ data: CouponReceipt }>('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 3 });
    expect(coupon.code).toBe(200);
    expect(ids(await m.call<Page>('GET', '/api/order/list?tab=ORDER_FULFILLED'))).toEqual([made[3]!.id]);
    const all5 = await m.call<Page>('GET', '/api/order/list?pageSize=5&pageNum=2');
    expect(all5).toMatchObject({ total: 7 });
    expect(ids(all5)).toEqual([made[1]!.id, made[0]!.id]);
    expect(await m.call('GET', '/api/order/list?pageSize=7')).toMatchObject({ code: 10000, msg: 'pageSize must be one of 5, 10, 15, 25' });
    expect(await m.call('GET', '/api/order/list?tab=ORDER_NOPE')).toMatchObject({ code: 10000 });
    expect(await m.call('GET', '/api/order/list?sort=price')).toMatchObject({
      code: 10000,
      msg: 'sort must be one of created_desc, created_asc, updated_desc, updated_asc',
    });
    const upd = await m.call<Page>('GET', '/api/order/list?sort=updated_desc&pageSize=25');
    expect(upd.rows[0]!.id).toBe(made[5]!.id);
  });
});

describe('balance ledger', () => {
  it('gives the demo merchant a demo balance once, as a Prepayment record', async () => {
    await seedDemo(s.database.db);
    await seedDemo(s.database.db);
    const user = await findUserByEmail(s.database.db, DEMO_EMAIL);
    const { token } = await createSession(s.database.db, user!.id);
    const list = await s.api<{
      rows: { type: number; typeName: string; amount: number; balanceChange: number }[];
      total: number;
      balance: number;
    }>('GET', '/api/balance/list', undefined, token);
    expect(list).toMatchObject({ code: 200, total: 1, balance: 50_000 });
    expect(list.rows[0]).toMatchObject({ type: 11, typeName: 'Prepayment', amount: 50_000, balanceChange: 50_000 });
  });

  it("charts the merchant's orders and spend per month: this month's counts and refunds, earlier months at zero, nobody else's", async () => {
    const m = await merchant();
    await topUp(m, 30_000);
    const a = await pendingOrder(m, productFrom('CN'), 1);
    const b = await pendingOrder(m, productFrom('CN', 1), 1);
    await pendingOrder(m, productFrom('CN', 2), 1);
    await pay(m, a.id);
    await pay(m, b.id);
    await failOrder(s.database.db, b.id, 'x');
    // Another merchant's orders and payments count for that merchant only.
    const other = await merchant();
    await topUp(other, 30_000);
    await pay(other, (await pendingOrder(other, productFrom('CN'), 1)).id);

    const trend = await m.call<{ data: { month: string; orders: number; spend: number }[] }>('GET', '/api/order/orderTrend?months=3');
    const now = new Date();
    const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    expect(trend.data).toEqual([
      { month: month(2), orders: 0, spend: 0 },
      { month: month(1), orders: 0, spend: 0 },
      // b was paid and refunded: only a's total is spent.
      { month: month(0), orders: 3, spend: a.total },
    ]);
    expect((await m.call<{ data: unknown[] }>('GET', '/api/order/orderTrend')).data).toHaveLength(6);
    expect(await m.call('GET', '/api/order/orderTrend?months=25')).toMatchObject({ code: 10000 });
  });

  it('keeps balance = sum of records through payments, refunds and failures; totalPaid and paging agree', async () => {
    const m = await merchant();
    await topUp(m, 30_000);
    const a = await pendingOrder(m, productFrom('CN'), 1);
    const b = await pendingOrder(m, productFrom('CN', 1), 1);
    await pay(m, a.id);
    await pay(m, b.id);
    await failOrder(s.database.db, b.id, 'x');
    const big = await pendingOrder(m, productFrom('CN', 2), 9000);
    expect(await pay(m, big.id)).toMatchObject({ code: 10000, msg: CommerceMessages.insufficientBalance });
    expect(await balance(m)).toBe(30_000 - a.total);
    const totals = await m.call<{ data: { totalPaid: number; paid: number; refunded: number; toppedUp: number; balance: number } }>(
      'GET',
      '/api/balance/totalPaid',
    );
    expect(totals.data).toEqual({
      totalPaid: a.total,
      paid: a.total + b.total,
      refunded: b.total,
      toppedUp: 30_000,
      balance: 30_000 - a.total,
      currency: 'USD',
    });
    const page1 = await m.call<{ rows: { id: number; type: number; balanceAfter: number; orderNo: string | null }[]; total: number }>(
      'GET',
      '/api/balance/list?pageSize=5',
    );
    expect(page1.total).toBe(4);
    expect(page1.rows.map((r) => r.type)).toEqual([3, 1, 1, 11]);
    expect(page1.rows[0]!.balanceAfter).toBe(30_000 - a.total);
    expect(page1.rows[1]!.orderNo).toBe(b.orderNo);
    expect((await m.call<{ rows: unknown[] }>('GET', '/api/balance/list?type=1')).rows).toHaveLength(2);
    expect(await m.call('GET', '/api/balance/list?type=7')).toMatchObject({ code: 10000 });
    await ledgerConsistent();
  });

  it('50 concurrent balance payments of one order: exactly one succeeds and the balance drops once', async () => {
    const m = await merchant();
    await topUp(m, 1_000_000);
    const o = await pendingOrder(m, productFrom('CN'), 3);
    const start = await balance(m);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => pay(m, o.id, `pay-${o.id}-attempt-${i}`)));
    const wins = results.filter((r) => r.code === 200);
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r.code !== 200).every((r) => r.msg === CommerceMessages.orderAlreadyPaid)).toBe(true);
    expect(await balance(m)).toBe(start - o.total);
    const debits = await m.call<{ rows: { orderId: number }[] }>('GET', '/api/balance/list?type=1&pageSize=25');
    expect(debits.rows.filter((r) => r.orderId === o.id)).toHaveLength(1);
    await ledgerConsistent(m.id);
  });

  it('a retried payment with the same Idempotency-Key answers the same and charges once, also concurrently', async () => {
    const m = await merchant();
    await topUp(m, 1_000_000);
    const o = await pendingOrder(m);
    const start = await balance(m);
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(m, o.id, `same-key-${o.id}`)));
    expect(results.every((r) => r.code === 200)).toBe(true);
    expect(new Set(results.map((r) => r.data.paymentId)).size).toBe(1);
    expect(results.filter((r) => !r.data.replayed)).toHaveLength(1);
    expect(await balance(m)).toBe(start - o.total);
    // The key cannot be reused for another order.
    const other = await pendingOrder(m);
    expect(await pay(m, other.id, `same-key-${o.id}`)).toMatchObject({
      code: 10000,
      msg: 'This Idempotency-Key was already used for another request',
    });
  });

  it('concurrent payments of different orders never spend more than the balance', async () => {
    const m = await merchant();
    const orders: OrderDetail[] = [];
    for (let i = 0; i < 8; i += 1) orders.push(await pendingOrder(m, productFrom('CN'), 1));
    const each = orders[0]!.total;
    expect(orders.every((o) => o.total === each)).toBe(true);
    await topUp(m, each * 3 + 1);
    const results = await Promise.all(orders.map((o) => pay(m, o.id)));
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.code !== 200).every((r) => r.msg === CommerceMessages.insufficientBalance)).toBe(true);
    expect(await balance(m)).toBe(1);
    await ledgerConsistent(m.id);
  });
});

describe('coupons', () => {
  it('computes discounts: percent rounded half up, money capped at the subtotal, nothing under the minimum', () => {
    expect(couponDiscount({ type: COUPON_TYPE_PERCENT, discount: 10, money: 0, minAmount: 0 }, 1005)).toBe(101);
    expect(couponDiscount({ type: COUPON_TYPE_PERCENT, discount: 10, money: 0, minAmount: 0 }, 1004)).toBe(100);
    expect(couponDiscount({ type: 1, discount: 0, money: 1500, minAmount: 0 }, 999)).toBe(999);
    expect(couponDiscount({ type: 1, discount: 0, money: 500, minAmount: 2000 }, 1999)).toBe(0);
    expect(orderTotals(1000, 500, 2000)).toEqual({ subtotal: 1000, shippingCost: 500, discount: 1000, total: 500 });
  });

  it('lists, receives once, binds one coupon per pending order, unbinds, and marks it used when paid', async () => {
    const m = await merchant();
    await topUp(m, 1_000_000);
    const list = await m.call<{ rows: { id: number; source: number; type: number; received: number }[] }>(
      'GET',
      '/api/coupons/getCouponsList',
    );
    expect(list.rows.map((r) => [r.id, r.source, r.type, r.received])).toEqual([
      [2, 2, 2, 0],
      [3, 2, 1, 0],
    ]);
    const got = await m.call<{ data: CouponReceipt }>('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 2 });
    expect(got.data).toMatchObject({ couponId: 2, type: 2, discount: 10, minAmount: 5000, status: 0, orderId: null });
    expect(await m.call('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 2 })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.couponAlreadyReceived,
    });
    expect(await m.call('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 1 })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.couponNotFound,
    });
    expect((await m.call<{ rows: { received: number }[] }>('GET', '/api/coupons/getCouponsList')).rows[0]!.received).toBe(1);

    const small = await pendingOrder(m, productFrom('CN'), 1);
    expect(small.subtotal).toBeLessThan(5000);
    expect((await m.call<{ data: unknown[] }>('POST', '/api/shopCouponReceive/getAvailableList', { orderId: small.id })).data).toEqual([]);
    expect(await m.call('POST', '/api/order/bindingCoupon', { orderId: small.id, couponId: got.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.couponMinimum,
    });

    const o = await pendingOrder(m, productFrom('CN'), 10);
    const available = await m.call<{ data: (CouponReceipt & { discountAmount: number })[] }>(
      'POST',
      '/api/shopCouponReceive/getAvailableList',
      { orderId: o.id },
    );
    const expected = Math.round((o.subtotal * 10) / 100);
    expect(available.data).toEqual([expect.objectContaining({ id: got.data.id, discountAmount: expected })]);
    const bound = await m.call<{ data: { discount: number; total: number } }>('POST', '/api/order/bindingCoupon', {
      orderId: o.id,
      couponId: got.data.id,
    });
    expect(bound.data).toEqual(expect.objectContaining({ discount: expected, total: o.subtotal + o.shippingCost - expected }));
    // One coupon per order, one order per coupon.
    const three = await m.call<{ data: CouponReceipt }>('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 3 });
    expect(await m.call('POST', '/api/order/bindingCoupon', { orderId: o.id, couponId: three.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderHasCoupon,
    });
    const o2 = await pendingOrder(m, productFrom('CN'), 10);
    expect(await m.call('POST', '/api/order/bindingCoupon', { orderId: o2.id, couponId: got.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.couponInUse,
    });
    // Unbind restores the total; binding again works.
    const unbound = await m.call<{ data: { discount: number; total: number } }>('POST', '/api/order/unboundCoupon', { orderId: o.id });
    expect(unbound.data).toMatchObject({ discount: 0, total: o.total });
    expect(await m.call('POST', '/api/order/unboundCoupon', { orderId: o.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderHasNoCoupon,
    });
    await m.call('POST', '/api/order/bindingCoupon', { orderId: o.id, couponId: got.data.id });
    const before = await balance(m);
    await pay(m, o.id);
    expect(await balance(m)).toBe(before - (o.total - expected));
    const mine = await m.call<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList?status=1');
    expect(mine.rows.map((r) => [r.id, r.status, r.orderId])).toEqual([[got.data.id, 1, o.id]]);
    // Only pending orders take or give back coupons.
    expect(await m.call('POST', '/api/order/unboundCoupon', { orderId: o.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderAlreadyPaid,
    });
    expect(await m.call('POST', '/api/order/bindingCoupon', { orderId: o.id, couponId: three.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderAlreadyPaid,
    });
  });

  it('refuses expired coupons and gives a coupon back when its pending order is cancelled', async () => {
    const m = await merchant();
    const got = await m.call<{ data: CouponReceipt }>('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 3 });
    const o = await pendingOrder(m, productFrom('CN'), 20);
    expect((await m.call('POST', '/api/order/bindingCoupon', { orderId: o.id, couponId: got.data.id })).code).toBe(200);
    await m.call('POST', `/api/order/cancelOrder/${o.id}`);
    const back = await m.call<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList?status=0');
    expect(back.rows.find((r) => r.id === got.data.id)).toMatchObject({ status: 0, orderId: null });
    await s.database.db.execute(sql`update coupon_receipts set expires_at = now() - interval '1 day' where id = ${got.data.id}`);
    const o2 = await pendingOrder(m, productFrom('CN'), 20);
    expect(await m.call('POST', '/api/order/bindingCoupon', { orderId: o2.id, couponId: got.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.couponExpired,
    });
    expect(
      (await m.call<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList?status=2')).rows.map((r) => r.id),
    ).toEqual([got.data.id]);
  });

  it('gives the new-user coupon once, and both merchants an invite coupon when one registers through a share link', async () => {
    const inviter = await merchant();
    const share = await inviter.call<{ data: { shareCode: string; shareUrl: string; invitedCount: number } }>('GET', '/api/user/shareInfo');
    // The code is random, not the merchant's id, and stays the same once made.
    const shareCode = share.data.shareCode;
    expect(shareCode).toMatch(SHARE_CODE_RE);
    expect(shareCode).not.toContain(String(inviter.id));
    expect(share.data).toMatchObject({ shareUrl: `/share-coupon/${shareCode}`, invitedCount: 0 });
    expect((await inviter.call<{ data: { shareCode: string } }>('GET', '/api/user/shareInfo')).data.shareCode).toBe(shareCode);
    expect((await s.api<{ data: { valid: boolean } }>('GET', `/api/coupons/shareCoupon/${shareCode}`)).data.valid).toBe(true);
    // A merchant's id is no code: the landing cannot tell which ids have accounts.
    expect((await s.api<{ data: { valid: boolean } }>('GET', `/api/coupons/shareCoupon/${inviter.id}`)).data.valid).toBe(false);
    expect((await s.api<{ data: { valid: boolean } }>('GET', '/api/coupons/shareCoupon/99999999')).data.valid).toBe(false);

    const email = `invited-${Date.now()}@commerce.test`;
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    expect((await s.api('POST', '/api/user/sendEmailCode', { email, type: 'register' }, undefined, ip)).code).toBe(200);
    const code = codeIn(await s.lastMail(email));
    const reg = await s.api<{ token: string; invitedBy: number }>(
      'POST',
      '/api/user/shareRegister',
      { username: email, emailCode: code, password: 'secret123', confirmPassword: 'secret123', shareCode },
      undefined,
      ip,
    );
    expect(reg).toMatchObject({ code: 200, invitedBy: inviter.id });
    const invitee = await s.api<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList', undefined, reg.token);
    expect(invitee.rows.map((r) => r.source).sort()).toEqual([1, 3]);
    const mine = await inviter.call<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList');
    expect(mine.rows.map((r) => [r.source, r.couponId])).toEqual([[3, 4]]);
    expect((await inviter.call<{ data: { invitedCount: number } }>('GET', '/api/user/shareInfo')).data.invitedCount).toBe(1);

    // The hook is idempotent and ignores bad or self codes.
    const other = await merchant();
    const otherCode = (await other.call<{ data: { shareCode: string } }>('GET', '/api/user/shareInfo')).data.shareCode;
    expect(await onUserRegistered(s.database.db, other.id, otherCode)).toEqual({ signupCoupon: true, invitedBy: null });
    expect(await onUserRegistered(s.database.db, other.id, 'abc')).toEqual({ signupCoupon: false, invitedBy: null });
    expect(await onUserRegistered(s.database.db, other.id, inviter.id)).toEqual({ signupCoupon: false, invitedBy: null });
    expect(await onUserRegistered(s.database.db, other.id, shareCode)).toEqual({ signupCoupon: false, invitedBy: inviter.id });
    expect(await onUserRegistered(s.database.db, other.id, shareCode)).toEqual({ signupCoupon: false, invitedBy: null });
    expect((await other.call<{ rows: CouponReceipt[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList')).rows).toHaveLength(2);
  });
});

describe('payment methods without provider keys', () => {
  it('lists balance as configured and the providers as not configured', async () => {
    const res = await s.api<{ data: { method: string; configured: boolean; message: string | null; recordType: number }[] }>(
      'GET',
      '/api/payment/methods',
    );
    expect(res.data.map((x) => [x.method, x.recordType, x.configured, x.message])).toEqual([
      ['balance', 1, true, null],
      ['paypal', 2, false, 'not configured'],
      ['card', 9, false, 'not configured'],
      ['stripe', 14, false, 'not configured'],
    ]);
    const m = await merchant();
    const o = await pendingOrder(m);
    expect(await m.call('POST', '/api/payment/paypal/createOrder', { orderId: o.id })).toMatchObject({
      code: 10000,
      msg: `PayPal: ${CommerceMessages.paymentNotConfigured}`,
    });
    expect(await m.call('POST', '/api/payment/stripe/createIntent', { orderId: o.id, method: 'card' })).toMatchObject({
      code: 10000,
      msg: `Stripe: ${CommerceMessages.paymentNotConfigured}`,
    });
    expect((await s.api('POST', '/api/payment/stripe/webhook', { id: 'evt_1' })).code).toBe(404);
  });
});

describe("one merchant never reaches another merchant's things", () => {
  it('cart, addresses, orders, coupons and payments answer as if they did not exist', async () => {
    const a = await merchant();
    const b = await merchant();
    await topUp(a, 100_000);
    await topUp(b, 100_000);
    const p = productFrom('CN');
    const line = await add(a, { productid: p.id, quantity: 1, anotherName: '' });
    const addr = await address(a, US_ADDRESS);
    const coupon = await a.call<{ data: CouponReceipt }>('POST', '/api/shopCouponReceive/addShopCouponReceive', { couponId: 2 });
    const order = await pendingOrder(a, p, 30);
    await pay(a, order.id);
    const pendingA = await pendingOrder(a, p, 30);

    expect((await cart(b)).total).toBe(0);
    expect(await b.call('POST', '/api/shipTrolley/editShipTrolley', { id: line.data.id, quantity: 5 })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.cartItemNotFound,
    });
    expect(await b.call('POST', '/api/shipTrolley/editVariants', { id: line.data.id, variantsid: variantsOf(p)[1]!.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.cartItemNotFound,
    });
    expect(await b.call('POST', `/api/shipTrolley/copyShipTrolley/${line.data.id}`)).toMatchObject({
      code: 10000,
      msg: CommerceMessages.cartItemNotFound,
    });
    expect(await b.call('POST', `/api/shipTrolley/deleteShipTrolley/${line.data.id}`)).toMatchObject({
      code: 10000,
      msg: CommerceMessages.cartItemNotFound,
    });
    await address(b, US_ADDRESS);
    expect(await checkout(b, { ids: [line.data.id] })).toMatchObject({ code: 10000, msg: CommerceMessages.cartItemsGone });
    const bLine = await add(b, { productid: p.id, quantity: 1, anotherName: '' });
    expect(await checkout(b, { ids: [bLine.data.id], addressId: addr.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.addressNotFound,
    });

    expect((await b.call<{ data: unknown[] }>('GET', '/api/shipAddress/getShipAddress')).data).toHaveLength(1);
    expect(await b.call('POST', '/api/shipAddress/updateShipAddress', { id: addr.data.id, address1: 'hijack' })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.addressNotFound,
    });
    expect(await b.call('POST', `/api/shipAddress/removeShipAddress?id=${addr.data.id}`)).toMatchObject({
      code: 10000,
      msg: CommerceMessages.addressNotFound,
    });

    expect((await b.call<{ total: number }>('GET', '/api/order/list')).total).toBe(0);
    expect((await b.call<{ data: OrderStatistics }>('GET', '/api/order/orderStatistics')).data.totalOrder).toBe(0);
    expect(await detail(b, order.id)).toMatchObject({ code: 10000, msg: CommerceMessages.orderNotFound });
    expect(await pay(b, pendingA.id)).toMatchObject({ code: 10000, msg: CommerceMessages.orderNotFound });
    expect(await b.call('POST', `/api/order/cancelOrder/${pendingA.id}`)).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderNotFound,
    });
    expect(await b.call('POST', '/api/order/bindingCoupon', { orderId: pendingA.id, couponId: coupon.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderNotFound,
    });
    const bOrder = await checkout(b, { ids: [bLine.data.id] });
    expect(await b.call('POST', '/api/order/bindingCoupon', { orderId: bOrder.data.id, couponId: coupon.data.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.couponNotFound,
    });
    expect((await b.call<{ rows: unknown[] }>('GET', '/api/shopCouponReceive/getShopCouponReceiveList')).rows).toHaveLength(0);
    expect(await b.call('POST', '/api/shopCouponReceive/getAvailableList', { orderId: pendingA.id })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderNotFound,
    });
    const payA = (await detail(a, order.id)).data.payments[0]!;
    expect(payA).toBeTruthy();
    const payments = await s.database.db.execute(sql`select id from payments where order_id = ${order.id}`);
    const payId = (payments as unknown as { rows: { id: number }[] }).rows[0]!.id;
    expect(await b.call('GET', `/api/payment/status/${payId}`)).toMatchObject({ code: 10000, msg: CommerceMessages.paymentNotFound });
    expect((await b.call<{ total: number }>('GET', '/api/balance/list')).total).toBe(1);
    expect(await balance(b)).toBe(100_000);
    expect(await balance(a)).toBe(100_000 - order.total);
  });
});
