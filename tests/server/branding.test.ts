/**
 * The branding project's calls (brandSupport) over real HTTP on a real database: the packages,
 * saving, pricing and submitting a customisation with the merchant's own uploads, paying by
 * balance, PayPal, card and the Shopify bill (each charges once, however often it is asked),
 * switching a package in and out of use with the unshipped-order check, the branded items in the
 * orders placed meanwhile, and merchant B never reading, changing, paying or switching A's package.
 * Bad input gets the product's messages and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { startPayPalStandIn, type PayPalStandIn } from './stand-ins/paypal';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe';
import { startShopifyStandIn, type ShopifyStandIn } from './stand-ins/shopify';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { tinyPng } from '../security/support/pictures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { creditOnce } from '../../server/commerce/ledger';
import { brandCustoms, brandOrderItems, brandPayments } from '../../server/branding/schema';
import { payments } from '../../server/commerce/schema';
import { CommerceMessages, RecordType } from '../../contract/commerce';
import { Code, Messages } from '../../contract/envelope';
import {
  BRAND_ITEMS,
  BrandMessages,
  BrandStatus,
  badChoiceMessage,
  missingArtworkMessage,
  type BrandCustom,
  type BrandOrderItem,
  type BrandPackage,
  type BrandPrice,
} from '../../contract/branding';

const OPTIONS: CatalogOptions = { seed: 'branding-test', productCount: 12, imageSize: 128 };
const PAYPAL = { clientId: 'AcBrandStandIn', clientSecret: 'EcBrandStandInSecret', webhookId: '8PT597110X687430BRAND' };
const STRIPE = { secretKey: 'sk_test_51BrandStandIn', webhookSecret: 'whsec_brandStandIn', publishableKey: 'pk_test_51Brand' };
const SHOPIFY = { apiKey: 'pod-brand-key', apiSecret: 'shpss_brandStandInSecret0123456789' };

let s: TestServer;
let rows: CatalogRows;
let paypal: PayPalStandIn;
let stripe: StripeStandIn;
let shopify: ShopifyStandIn;

beforeAll(async () => {
  [paypal, stripe, shopify] = await Promise.all([
    startPayPalStandIn(PAYPAL),
    startStripeStandIn({ secretKey: STRIPE.secretKey }),
    startShopifyStandIn(SHOPIFY),
  ]);
  const payments = {
    PAYPAL_CLIENT_ID: PAYPAL.clientId,
    PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
    STRIPE_SECRET_KEY: STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
  };
  s = await startServer({
    ...payments,
    SHOPIFY_API_KEY: SHOPIFY.apiKey,
    SHOPIFY_API_SECRET: SHOPIFY.apiSecret,
    SHOPIFY_ADMIN_ORIGIN: shopify.url,
    STORE_ORDER_PULL_MS: '0',
  });
  rows = await seedCatalog(s, OPTIONS);
});
afterAll(async () => {
  await s?.close();
  await Promise.all([paypal?.close(), stripe?.close(), shopify?.close()]);
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Res<T>>;
  upload(name?: string): Promise<string>;
}

let n = 0;
async function merchant(credit = 0): Promise<Merchant> {
  const user = await createUser(s.database.db, `brand${++n}-${Date.now()}@branding.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  if (credit > 0)
    await s.database.db.transaction((tx) =>
      creditOnce(tx, {
        userId: user.id,
        type: RecordType.PREPAYMENT,
        amount: credit,
        balanceChange: credit,
        grantKey: 'branding-test',
      }),
    );
  return {
    id: user.id,
    token,
    call: (method, path, body, headers) => s.api(method, `/api/brandSupport${path}`, body, token, headers) as never,
    async upload(name = 'art.png') {
      const form = new FormData();
      form.append('avatarfile', new Blob([new Uint8Array(tinyPng(16, 16))], { type: 'image/png' }), name);
      form.append('imgName', name);
      const res = (await (
        await fetch(`${s.url}/prod-api/api/uploadsImg/uploadCustomized`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as Res<{ data: { url: string } }>;
      expect(res.code, res.msg).toBe(200);
      return res.data.url;
    },
  };
}

const recordOf = async (userId: number, packageId: number) =>
  (
    await s.database.db
      .select()
      .from(brandCustoms)
      .where(sql`${brandCustoms.userId} = ${userId} and ${brandCustoms.packageId} = ${packageId}`)
  )[0] ?? null;

const balanceOf = async (m: Merchant) =>
  (await s.api<{ data: { balance: number } }>('GET', '/api/balance/getBalance', undefined, m.token)).data.balance;

/** Every item of a package with its own artwork, the logo and a hang tag text. */
async function fullSave(m: Merchant, packageId: number, extra: Record<string, unknown> = {}) {
  const pkg = (await m.call<{ data: BrandPackage }>('GET', `/getPackageInfo?package_id=${packageId}`)).data;
  const body: Record<string, unknown> = {
    package_id: packageId,
    logo: await m.upload('logo.png'),
    diao_pai_info: 'Made with love',
    ...extra,
  };
  for (const kind of pkg.items) body[kind === 'ka_pian' ? 'ka_pian_pic' : kind] = await m.upload(`${kind}.png`);
  const saved = await m.call<{ data: BrandCustom }>('POST', '/savePackageInfo', body);
  expect(saved.code, saved.msg).toBe(200);
  return saved.data;
}

async function submitted(m: Merchant, packageId: number, extra: Record<string, unknown> = {}) {
  await fullSave(m, packageId, extra);
  const sub = await m.call<{ data: BrandCustom }>('POST', '/submitPackageInfo', { package_id: packageId });
  expect(sub.code, sub.msg).toBe(200);
  return sub.data;
}

/** A pending order of `quantity` pieces of a CN product. */
async function order(m: Merchant, quantity = 2): Promise<{ id: number; total: number }> {
  const p = rows.products.find((x) => x.shipFrom === 'CN')!;
  const list = await s.api<{ data: unknown[] }>('GET', '/api/shipAddress/getShipAddress', undefined, m.token);
  if (list.data.length === 0)
    await s.api('POST', '/api/shipAddress/addShipAddress', { first_name: 'Ada', address1: '1 Main St', country_code: 'US' }, m.token);
  const added = await s.api<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', { productid: p.id, quantity }, m.token);
  const res = await s.api<{ data: { id: number; total: number } }>(
    'POST',
    '/api/order/shoppingCartOrder',
    { ids: [added.data.id] },
    m.token,
  );
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

const orderDetail = (m: Merchant, id: number) =>
  s.api<{ data: { total: number; subtotal: number; brandItems: BrandOrderItem[] } }>('GET', `/api/order/detail/${id}`, undefined, m.token);

describe('the packages', () => {
  it('lists Starter_Pack and Pro_Plan with their items, open to visitors', async () => {
    const list = await s.api<{ data: BrandPackage[] }>('GET', '/api/brandSupport/packageList');
    expect(list.code).toBe(200);
    expect(list.data.map((p) => p.name)).toEqual(['Starter_Pack', 'Pro_Plan']);
    expect(list.data[1]!.itemList.map((i) => i.name)).toEqual(['Hang tag', 'Label', 'Packaging bag', 'Box', 'Tape', 'Card']);
    const one = await s.api<{ data: BrandPackage }>('GET', '/api/brandSupport/getPackageInfo?package_id=1');
    expect(one.data.items).toEqual(['diao_pai', 'biao_qian', 'ka_pian']);
    expect((await s.api('GET', '/api/brandSupport/getPackageInfo?package_id=9')).msg).toBe(BrandMessages.packageNotFound);
    expect((await s.api('GET', '/api/brandSupport/getPackageInfo?package_id=abc')).msg).toBe('package_id must be a positive whole number');
  });

  it('needs a session for everything of a merchant', async () => {
    for (const [method, path] of [
      ['GET', '/getCurrentCustomInfo'],
      ['POST', '/savePackageInfo'],
      ['POST', '/submitPackageInfo'],
      ['POST', '/getPackagePrice'],
      ['POST', '/payment_brand'],
      ['POST', '/onAuthorize_brand'],
      ['POST', '/switchIsUse'],
      ['POST', '/beforeSwitchIsUse'],
      ['POST', '/shopify_payment_brand'],
    ] as const) {
      const res = await s.api(method, `/api/brandSupport${path}`, method === 'POST' ? { package_id: 1 } : undefined);
      expect(res.code, path).toBe(Code.UNAUTHORIZED);
    }
  });
});

describe('customising a package', () => {
  it('prices options: the defaults, the saved choices, and choices asked about', async () => {
    const m = await merchant();
    const base = await m.call<{ data: BrandPrice }>('POST', '/getPackagePrice', { package_id: 1 });
    expect(base.data.price).toBe(4900);
    const asked = await m.call<{ data: BrandPrice }>('POST', '/getPackagePrice', {
      package_id: 1,
      options: { diao_pai: 'kraft' },
      ka_pian: 2,
    });
    expect(asked.data.price).toBe(4900 + 800 + 600);
    expect(asked.data.lines.find((l) => l.kind === 'ka_pian')!.choice).toBe('Two-sided');
    expect((await m.call('POST', '/getPackagePrice', { package_id: 1, options: { diao_pai: 'gold' } })).msg).toBe(
      badChoiceMessage('diao_pai'),
    );
    expect((await m.call('POST', '/getPackagePrice', { package_id: 1, options: { constructor: 'x' } })).msg).toBe(
      `constructor ${BrandMessages.notInPackage}`,
    );
    await m.call('POST', '/savePackageInfo', { package_id: 2, options: { zhi_xiang: 'l' } });
    expect((await m.call<{ data: BrandPrice }>('POST', '/getPackagePrice', { package_id: 2 })).data.price).toBe(19900 + 3000);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const m = await merchant();
    const other = await merchant();
    const theirs = await other.upload('theirs.png');
    const mine = await m.upload();
    const cases: [Record<string, unknown>, string][] = [
      [{ package_id: 7 }, BrandMessages.packageNotFound],
      [{}, 'package_id is required'],
      [{ package_id: 1, diao_pai: theirs }, `Hang tag: ${BrandMessages.notYours}`],
      [{ package_id: 1, logo: 'https://elsewhere.example/logo.png' }, `Logo: ${BrandMessages.notYours}`],
      [{ package_id: 1, bao_zhuang_dai: mine }, `Packaging bag ${BrandMessages.notInPackage}`],
      [{ package_id: 1, options: { diao_pai: 'gold' } }, badChoiceMessage('diao_pai')],
      [{ package_id: 1, options: { zhi_xiang: 's' } }, `Box ${BrandMessages.notInPackage}`],
      [{ package_id: 1, options: 'kraft' }, 'options must map item kinds to choices'],
      [{ package_id: 1, ka_pian: 3 }, BrandMessages.badKaPian],
      [{ package_id: 1, whatsapp: 'call me' }, BrandMessages.badWhatsapp],
      [{ package_id: 1, diao_pai_info: 'x'.repeat(201) }, 'diao_pai_info must be at most 200 characters'],
    ];
    for (const [body, msg] of cases) {
      const res = await m.call('POST', '/savePackageInfo', body);
      expect(res.code, JSON.stringify(body)).toBe(Code.ERROR);
      expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    expect(await recordOf(m.id, 1)).toBeNull();
    // A record that exists stays as it was too.
    await m.call('POST', '/savePackageInfo', { package_id: 1, diao_pai: mine, skype: 'brand.live' });
    const before = await recordOf(m.id, 1);
    expect((await m.call('POST', '/savePackageInfo', { package_id: 1, diao_pai: theirs, skype: 'changed' })).code).toBe(Code.ERROR);
    expect(await recordOf(m.id, 1)).toEqual(before);
  });

  it('submits only a complete customisation, fixing its price; a change after submitting needs submitting again', async () => {
    const m = await merchant();
    expect((await m.call('POST', '/submitPackageInfo', { package_id: 1 })).msg).toBe(BrandMessages.notCustomised);
    await m.call('POST', '/savePackageInfo', { package_id: 1, logo: await m.upload() });
    expect((await m.call('POST', '/submitPackageInfo', { package_id: 1 })).msg).toBe(missingArtworkMessage(BRAND_ITEMS.diao_pai.name));
    const sub = await submitted(m, 1, { options: { diao_pai: 'kraft' } });
    expect(sub.status).toBe(BrandStatus.SUBMITTED);
    expect(sub.price).toBe(4900 + 800);
    const info = await m.call<{ data: BrandCustom; rows: BrandCustom[] }>('GET', '/getCurrentCustomInfo?package_id=1');
    expect(info.data.statusName).toBe('Waiting for payment');
    expect(info.data.diao_pai).toMatch(/\/CustomizedImages\//);
    expect(info.data.diao_pai_info).toBe('Made with love');
    const changed = await m.call<{ data: BrandCustom }>('POST', '/savePackageInfo', { package_id: 1, ka_pian: 2 });
    expect(changed.data.status).toBe(BrandStatus.DRAFT);
    expect(changed.data.price).toBe(4900 + 800 + 600);
    expect((await m.call('POST', '/payment_brand', { package_id: 1 })).msg).toBe(BrandMessages.notSubmitted);
  });
});

describe('paying', () => {
  it('by balance: once, however often it is asked; not enough balance changes nothing', async () => {
    const m = await merchant(4000);
    await submitted(m, 1);
    const poor = await m.call('POST', '/payment_brand', { package_id: 1, method: 'balance', idempotencyKey: 'brand-key-0001' });
    expect(poor.msg).toBe(CommerceMessages.insufficientBalance);
    expect(await balanceOf(m)).toBe(4000);
    expect((await recordOf(m.id, 1))!.status).toBe(BrandStatus.SUBMITTED);
    await s.database.db.transaction((tx) =>
      creditOnce(tx, { userId: m.id, type: RecordType.PREPAYMENT, amount: 10_000, balanceChange: 10_000, grantKey: 'more' }),
    );
    const paid = await m.call<{ data: { status: string; balance: number; replayed: boolean; custom: BrandCustom } }>(
      'POST',
      '/payment_brand',
      {
        package_id: 1,
        method: 'balance',
        idempotencyKey: 'brand-key-0002',
      },
    );
    expect(paid.code, paid.msg).toBe(200);
    expect(paid.data.custom.status).toBe(BrandStatus.PAID);
    expect(paid.data.balance).toBe(14_000 - 4900);
    const replay = await m.call<{ data: { replayed: boolean; custom: BrandCustom } }>('POST', '/payment_brand', {
      package_id: 1,
      idempotencyKey: 'brand-key-0002',
    });
    expect(replay.data.replayed).toBe(true);
    const again = await m.call('POST', '/payment_brand', { package_id: 1, idempotencyKey: 'brand-key-0003' });
    expect(again.msg).toBe(BrandMessages.alreadyPaid);
    // Concurrent payments with fresh keys: none charges again.
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) => m.call('POST', '/payment_brand', { package_id: 1, idempotencyKey: `brand-burst-${i}000` })),
    );
    expect(burst.every((r) => r.msg === BrandMessages.alreadyPaid)).toBe(true);
    expect(await balanceOf(m)).toBe(14_000 - 4900);
    const paidRows = await s.database.db.select().from(payments).where(eq(payments.userId, m.id));
    expect(paidRows.filter((p) => p.purpose === 'brand' && p.status === 'succeeded')).toHaveLength(1);
    const saveAfter = await m.call('POST', '/savePackageInfo', { package_id: 1, skype: 'later' });
    expect(saveAfter.msg).toBe(BrandMessages.paidLocked);
    const mixed = await m.call('POST', '/savePackageInfo', { package_id: 1, order_pic: await m.upload('photo.png'), skype: 'later' });
    expect(mixed.msg).toBe(BrandMessages.paidLocked);
    // Only the photo of the finished packaging can still be given, and it shows now that the package is paid.
    const photo = await m.call<{ data: BrandCustom }>('POST', '/savePackageInfo', {
      package_id: 1,
      order_pic: await m.upload('photo.png'),
    });
    expect(photo.code, photo.msg).toBe(200);
    expect(photo.data.order_pic).toMatch(/\/CustomizedImages\//);
    expect(photo.data.status).toBe(BrandStatus.PAID);
    const info = await m.call<{ data: BrandCustom }>('GET', '/getCurrentCustomInfo?package_id=1');
    expect(info.data.paidTime).not.toBeNull();
    const ledger = await s.api<{ rows: { type: number; remark: string; balanceChange: number }[] }>(
      'GET',
      '/api/balance/list',
      undefined,
      m.token,
    );
    expect(ledger.rows.filter((r) => r.remark === 'Branding Starter Pack' && r.balanceChange === -4900)).toHaveLength(1);
  });

  it('by PayPal: approved and captured once through onAuthorize_brand', async () => {
    const m = await merchant();
    const sub = await submitted(m, 2);
    const started = await m.call<{ data: { paypalOrderId: string; approveUrl: string; paymentId: number; amount: number } }>(
      'POST',
      '/payment_brand',
      { package_id: 2, method: 'paypal', idempotencyKey: 'brand-pp-0001' },
    );
    expect(started.code, started.msg).toBe(200);
    expect(started.data.amount).toBe(sub.price);
    // A second click (same key) gets the same PayPal order.
    const twice = await m.call<{ data: { paypalOrderId: string } }>('POST', '/payment_brand', {
      package_id: 2,
      method: 'paypal',
      idempotencyKey: 'brand-pp-0001',
    });
    expect(twice.data.paypalOrderId).toBe(started.data.paypalOrderId);
    const early = await m.call('POST', '/onAuthorize_brand', { package_id: 2, orderID: started.data.paypalOrderId });
    expect(early.code).toBe(Code.ERROR);
    expect((await recordOf(m.id, 2))!.status).toBe(BrandStatus.SUBMITTED);
    paypal.approve(started.data.paypalOrderId);
    const captured = await m.call<{ data: { status: string; outcome: string; custom: BrandCustom } }>('POST', '/onAuthorize_brand', {
      package_id: 2,
      orderID: started.data.paypalOrderId,
    });
    expect(captured.code, captured.msg).toBe(200);
    expect(captured.data.outcome).toBe('paid');
    expect(captured.data.custom.status).toBe(BrandStatus.PAID);
    const replay = await m.call<{ data: { outcome: string } }>('POST', '/onAuthorize_brand', {
      package_id: 2,
      orderID: started.data.paypalOrderId,
    });
    expect(replay.data.outcome).toBe('already');
    expect((await m.call('POST', '/payment_brand', { package_id: 2, method: 'paypal' })).msg).toBe(BrandMessages.alreadyPaid);
    const ledger = await s.api<{ rows: { type: number; amount: number }[] }>('GET', '/api/balance/list', undefined, m.token);
    expect(ledger.rows.filter((r) => r.type === RecordType.PAYPAL && r.amount === sub.price)).toHaveLength(1);
  });

  it('by card through Stripe: confirmed and settled once', async () => {
    const m = await merchant();
    const sub = await submitted(m, 1);
    const started = await m.call<{ data: { paymentId: number; clientSecret: string; publishableKey: string } }>('POST', '/payment_brand', {
      package_id: 1,
      method: 'card',
      idempotencyKey: 'brand-card-0001',
    });
    expect(started.code, started.msg).toBe(200);
    expect(started.data.clientSecret).toBeTruthy();
    expect(started.data.publishableKey).toBe(STRIPE.publishableKey);
    const confirm = () =>
      s.api<{ data: { status: string; outcome?: string } }>(
        'POST',
        '/api/payment/stripe/confirm',
        { paymentId: started.data.paymentId, paymentMethodId: 'pm_card_visa' },
        m.token,
      );
    const paid = await confirm();
    expect(paid.code, paid.msg).toBe(200);
    expect(paid.data.outcome).toBe('paid');
    expect((await confirm()).data.outcome).toBe('already');
    const row = await recordOf(m.id, 1);
    expect(row!.status).toBe(BrandStatus.PAID);
    const ledger = await s.api<{ rows: { type: number; amount: number }[] }>('GET', '/api/balance/list', undefined, m.token);
    expect(ledger.rows.filter((r) => r.type === RecordType.CREDIT_CARD && r.amount === sub.price)).toHaveLength(1);
  });

  it('on the Shopify bill: a one-time charge approved on Shopify, settled once', async () => {
    const m = await merchant();
    await submitted(m, 1);
    expect((await m.call('POST', '/shopify_payment_brand', { package_id: 1 })).code).toBe(Code.STORE_NOT_INSTALLED);
    const domain = `brand-${m.id}.myshopify.com`;
    const start = await s.api<{ data: { url: string } }>('POST', `/api/shopifyauthShopify?shop=${domain}`, undefined, m.token);
    const callback = new URL(await shopify.approve(start.data.url));
    const bound = await s.api('POST', '/api/shopifyOAuth/bindShop', Object.fromEntries(callback.searchParams), m.token);
    expect(bound.code, bound.msg).toBe(200);
    const first = await m.call<{ data: { confirmationUrl: string; status: string } }>('POST', '/shopify_payment_brand', { package_id: 1 });
    expect(first.code, first.msg).toBe(200);
    expect(first.data.status).toBe('created');
    expect(first.data.confirmationUrl).toContain('/confirm_purchase');
    const again = await m.call<{ data: { confirmationUrl: string } }>('POST', '/shopify_payment_brand', { package_id: 1 });
    expect(again.data.confirmationUrl).toBe(first.data.confirmationUrl);
    const purchase = [...shopify.shop(domain).purchases.values()][0]!;
    expect(purchase.price).toEqual({ amount: '49.00', currencyCode: 'USD' });
    shopify.decidePurchase(domain, purchase.id, 'ACTIVE');
    const settled = await m.call<{ data: { status: string; outcome: string; custom: BrandCustom } }>('POST', '/shopify_payment_brand', {
      package_id: 1,
    });
    expect(settled.code, settled.msg).toBe(200);
    expect(settled.data.outcome).toBe('paid');
    expect(settled.data.custom.status).toBe(BrandStatus.PAID);
    expect((await m.call('POST', '/shopify_payment_brand', { package_id: 1 })).msg).toBe(BrandMessages.alreadyPaid);
    expect(shopify.shop(domain).purchases.size).toBe(1);
  });
});

describe('using a package', () => {
  it('puts its items into the orders while in use; closing waits for those orders to ship', async () => {
    const m = await merchant(100_000);
    expect((await m.call('POST', '/switchIsUse', { package_id: 1, is_use: 1 })).msg).toBe(BrandMessages.notCustomised);
    await submitted(m, 1, { options: { diao_pai: 'kraft' } });
    expect((await m.call('POST', '/switchIsUse', { package_id: 1, is_use: 1 })).msg).toBe(BrandMessages.notPaid);
    expect((await m.call('POST', '/switchIsUse', { package_id: 1, is_use: 2 })).msg).toBe(BrandMessages.badIsUse);
    const before = await order(m, 3);
    expect((await orderDetail(m, before.id)).data.brandItems).toEqual([]);
    await m.call('POST', '/payment_brand', { package_id: 1 });
    const on = await m.call<{ data: BrandCustom }>('POST', '/switchIsUse', { package_id: 1, is_use: 1 });
    expect(on.msg).toBe(BrandMessages.success);
    expect(on.data.is_use).toBe(1);

    const branded = await order(m, 3);
    const detail = (await orderDetail(m, branded.id)).data;
    expect(detail.brandItems.map((i) => [i.title, i.choice, i.quantity])).toEqual([
      ['Hang tag', 'Kraft brown', 3],
      ['Label', 'Woven', 3],
      ['Card', 'One-sided', 1],
    ]);
    expect(detail.brandItems[0]!.picture).toMatch(/\/CustomizedImages\//);
    // Included in the package: the order costs what the same order without branding costs.
    expect(detail.total).toBe(before.total);

    // Another package cannot be switched on meanwhile.
    await submitted(m, 2);
    await m.call('POST', '/payment_brand', { package_id: 2 });
    expect((await m.call('POST', '/switchIsUse', { package_id: 2, is_use: 1 })).msg).toBe(BrandMessages.anotherInUse);

    expect((await m.call<{ data: number }>('POST', '/beforeSwitchIsUse', { package_id: 1 })).data).toBe(1);
    const refused = await m.call('POST', '/switchIsUse', { package_id: 1, is_use: 0 });
    expect(refused.msg).toBe(BrandMessages.unshippedOrders);
    expect((await recordOf(m.id, 1))!.isUse).toBe(1);

    // Once the order is cancelled, nothing is left to ship: the package closes.
    expect((await s.api('POST', `/api/order/cancelOrder/${branded.id}`, undefined, m.token)).code).toBe(200);
    expect((await m.call<{ data: number }>('POST', '/beforeSwitchIsUse', { package_id: 1 })).data).toBe(0);
    const off = await m.call<{ data: BrandCustom }>('POST', '/switchIsUse', { package_id: 1, is_use: 0 });
    expect(off.data.is_use).toBe(0);
    const after = await order(m, 1);
    expect((await orderDetail(m, after.id)).data.brandItems).toEqual([]);
    expect((await m.call('POST', '/switchIsUse', { package_id: 2, is_use: 1 })).code).toBe(200);
  });
});

describe("merchant B and A's package", () => {
  it("cannot read, change, pay, authorise or switch A's package", async () => {
    const a = await merchant(100_000);
    const b = await merchant(100_000);
    await submitted(a, 1, { skype: 'a-secret-skype' });
    const started = await a.call<{ data: { paypalOrderId: string } }>('POST', '/payment_brand', { package_id: 1, method: 'paypal' });
    paypal.approve(started.data.paypalOrderId);
    const aRow = await recordOf(a.id, 1);
    const aLinks = await s.database.db.select().from(brandPayments).where(eq(brandPayments.userId, a.id));

    const read = await b.call<{ data: BrandCustom | null; rows: BrandCustom[] }>('GET', '/getCurrentCustomInfo?package_id=1');
    expect(read.data).toBeNull();
    expect(JSON.stringify(read)).not.toContain('a-secret-skype');
    const aArt = aRow!.artwork.diao_pai!;
    expect((await b.call('POST', '/savePackageInfo', { package_id: 1, diao_pai: aArt })).msg).toBe(`Hang tag: ${BrandMessages.notYours}`);
    expect((await b.call('POST', '/submitPackageInfo', { package_id: 1 })).msg).toBe(BrandMessages.notCustomised);
    expect((await b.call('POST', '/payment_brand', { package_id: 1 })).msg).toBe(BrandMessages.notCustomised);
    expect((await b.call('POST', '/onAuthorize_brand', { package_id: 1, orderID: started.data.paypalOrderId })).msg).toBe(
      CommerceMessages.paymentNotFound,
    );
    expect((await b.call('POST', '/switchIsUse', { package_id: 1, is_use: 1 })).msg).toBe(BrandMessages.notCustomised);
    expect((await b.call('POST', '/beforeSwitchIsUse', { package_id: 1 })).msg).toBe(BrandMessages.notCustomised);
    expect((await b.call('POST', '/shopify_payment_brand', { package_id: 1 })).code).not.toBe(200);
    // B's capture through the generic PayPal call is refused as well.
    expect((await s.api('POST', '/api/payment/paypal/captureOrder', { paypalOrderId: started.data.paypalOrderId }, b.token)).msg).toBe(
      CommerceMessages.paymentNotFound,
    );

    expect(await recordOf(a.id, 1)).toEqual(aRow);
    expect(await s.database.db.select().from(brandPayments).where(eq(brandPayments.userId, a.id))).toEqual(aLinks);
    expect(await recordOf(b.id, 1)).toBeNull();
    // A still completes A's own payment.
    const own = await a.call<{ data: { custom: BrandCustom } }>('POST', '/onAuthorize_brand', {
      package_id: 1,
      orderID: started.data.paypalOrderId,
    });
    expect(own.data.custom.status).toBe(BrandStatus.PAID);
    const aItems = await s.database.db.select().from(brandOrderItems).where(eq(brandOrderItems.userId, b.id));
    expect(aItems).toEqual([]);
  });

  it('answers messages in the envelope, never a server error, for odd ids', async () => {
    const m = await merchant();
    for (const body of [{ package_id: -1 }, { package_id: 'x' }, { package_id: 1e12 }, { package_id: null }]) {
      const res = await m.call('POST', '/switchIsUse', { ...body, is_use: 1 });
      expect(res.code).toBe(Code.ERROR);
      expect(res.msg).not.toBe(Messages.systemException);
    }
  });
});
