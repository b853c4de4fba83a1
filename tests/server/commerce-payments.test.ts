/**
 * PayPal and Stripe through the server's provider adapters (the official packages) against
 * loopback stand-ins that speak the providers' HTTP contracts: create, approve/confirm, capture,
 * webhooks with signature checks, replayed webhooks and retried requests that never charge or
 * credit twice, and money that arrives for an order already paid another way going to the balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { startPayPalStandIn, type PayPalStandIn } from './stand-ins/paypal';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { creditOnce } from '../../server/commerce/ledger';
import { centsToDecimal, CommerceMessages, RecordType } from '../../contract/commerce';
import { PayPalGateway } from '../../server/commerce/payments/paypal';
import { StripeGateway } from '../../server/commerce/payments/stripe';

const OPTIONS: CatalogOptions = { seed: 'commerce-payments-test', productCount: 30, imageSize: 256 };
const PAYPAL = { clientId: 'AcStandInClientId', clientSecret: 'EcStandInSecret', webhookId: '8PT597110X687430LKGECATA' };
const STRIPE = {
  secretKey: 'sk_test_51StandInSecretKey',
  webhookSecret: 'whsec_standInEndpointSecret',
  publishableKey: 'pk_test_51StandIn',
};

let s: TestServer;
let rows: CatalogRows;
let paypal: PayPalStandIn;
let stripe: StripeStandIn;

beforeAll(async () => {
  [paypal, stripe] = await Promise.all([startPayPalStandIn(PAYPAL), startStripeStandIn({ secretKey: STRIPE.secretKey })]);
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
  s = await startServer(payments);
  rows = await seedCatalog(s, OPTIONS);
});
afterAll(async () => {
  await s?.close();
  await paypal?.close();
  await stripe?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Res<T>>;
}
let n = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `pay${++n}-${Date.now()}@commerce.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, call: (method, path, body, headers) => s.api(method, path, body, token, headers) as never };
}

async function pendingOrder(m: Merchant, quantity = 2): Promise<{ id: number; total: number; orderNo: string }> {
  const p = rows.products.find((x) => x.shipFrom === 'CN')!;
  const list = await m.call<{ data: unknown[] }>('GET', '/api/shipAddress/getShipAddress');
  if (list.data.length === 0)
    await m.call('POST', '/api/shipAddress/addShipAddress', { first_name: 'Grace', address1: '2 Side St', country_code: 'US' });
  const added = await m.call<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', {
    productid: p.id,
    quantity,
    anotherName: '',
  });
  const res = await m.call<{ data: { id: number; total: number; orderNo: string } }>('POST', '/api/order/shoppingCartOrder', {
    ids: [added.data.id],
  });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

const order = async (m: Merchant, id: number) =>
  (
    await m.call<{ data: { status: string; payType: number | null; payments: { method: string; status: string }[] } }>(
      'GET',
      `/api/order/detail/${id}`,
    )
  ).data;
const records = async (m: Merchant) =>
  await m.call<{ rows: { type: number; amount: number; balanceChange: number; orderId: number | null }[]; balance: number }>(
    'GET',
    '/api/balance/list?pageSize=25',
  );
const webhook = (provider: 'paypal' | 'stripe') => `${s.url}/prod-api/api/payment/${provider}/webhook`;

async function ledgerConsistent() {
  const bad = await s.database.db.execute(sql`
    select a.user_id from balance_accounts a left join balance_records r on r.user_id = a.user_id
    group by a.user_id, a.balance having a.balance <> coalesce(sum(r.balance_change), 0)`);
  expect((bad as unknown as { rows: unknown[] }).rows).toEqual([]);
}

describe('payment methods', () => {
  it('lists PayPal, card and Stripe as configured, with the public ids the client needs', async () => {
    const res = await s.api<{ data: { method: string; configured: boolean; clientId?: string | null; publishableKey?: string | null }[] }>(
      'GET',
      '/api/payment/methods',
    );
    expect(res.data.map((x) => [x.method, x.configured])).toEqual([
      ['balance', true],
      ['paypal', true],
      ['card', true],
      ['stripe', true],
    ]);
    expect(res.data[1]!.clientId).toBe(PAYPAL.clientId);
    expect(res.data[2]!.publishableKey).toBe(STRIPE.publishableKey);
    expect(JSON.stringify(res)).not.toContain(PAYPAL.clientSecret);
    expect(JSON.stringify(res)).not.toContain(STRIPE.secretKey);
  });
});

describe("the stand-ins hold the providers' rules", () => {
  it('refuse wrong credentials and unsigned webhook checks', async () => {
    const badPayPal = new PayPalGateway({
      clientId: PAYPAL.clientId,
      clientSecret: 'wrong',
      apiBase: paypal.url,
      webhookId: PAYPAL.webhookId,
    });
    await expect(
      badPayPal.createOrder({ amountCents: 1000, referenceId: 'x', customId: '1', description: 'x', requestId: 'r-1' }),
    ).rejects.toMatchObject({ name: 'PayPalError' });
    const badStripe = new StripeGateway({ secretKey: 'sk_test_wrong', webhookSecret: null, publishableKey: null, apiBase: stripe.url });
    await expect(
      badStripe.createIntent({ amountCents: 1000, method: 'card', metadata: {}, description: 'x', idempotencyKey: 'k-1' }),
    ).rejects.toMatchObject({ status: 401 });
    // A genuine gateway with another webhook id gets FAILURE for a genuine event.
    const otherHook = new PayPalGateway({ ...PAYPAL, webhookId: 'WH-OTHER', apiBase: paypal.url });
    const h = {
      transmissionId: 't',
      transmissionTime: new Date().toISOString(),
      transmissionSig: 'c2ln',
      certUrl: `${paypal.url}/v1/notifications/certs/CERT-360caa42-stand-in`,
      authAlgo: 'SHA256withRSA',
    };
    expect(await otherHook.verifyWebhook(h, { id: 'WH-1' })).toBe(false);
    // Stripe's idempotency: the same key with other parameters is refused.
    const good = new StripeGateway({ secretKey: STRIPE.secretKey, webhookSecret: null, publishableKey: null, apiBase: stripe.url });
    await good.createIntent({ amountCents: 1000, method: 'card', metadata: {}, description: 'x', idempotencyKey: 'same-key-1' });
    await expect(
      good.createIntent({ amountCents: 2000, method: 'card', metadata: {}, description: 'x', idempotencyKey: 'same-key-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });
});

describe('PayPal (Orders v2)', () => {
  it('creates an order (idempotently), refuses capture before approval, captures once after it', async () => {
    const m = await merchant();
    const o = await pendingOrder(m);
    const key = `pp-create-${o.id}`;
    interface Created {
      data: { paymentId: number; paypalOrderId: string; approveUrl: string | null; amount: number; status: string };
    }
    const created = await m.call<Created>('POST', '/api/payment/paypal/createOrder', { orderId: o.id }, { 'idempotency-key': key });
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({ amount: o.total, status: 'created' });
    expect(created.data.approveUrl).toContain(created.data.paypalOrderId);
    const pp = paypal.orders.get(created.data.paypalOrderId)!;
    expect(pp.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'USD', value: centsToDecimal(o.total) },
      custom_id: String(created.data.paymentId),
    });
    const again = await m.call<Created>('POST', '/api/payment/paypal/createOrder', { orderId: o.id }, { 'idempotency-key': key });
    expect(again.data.paypalOrderId).toBe(created.data.paypalOrderId);
    // A retry without a key reuses the open payment too: one PayPal order in all.
    const noKey = await m.call<Created>('POST', '/api/payment/paypal/createOrder', { orderId: o.id });
    expect(noKey.data.paypalOrderId).toBe(created.data.paypalOrderId);
    expect(paypal.calls.filter((c) => c.method === 'POST' && c.path === '/v2/checkout/orders')).toHaveLength(1);

    const early = await m.call('POST', '/api/payment/paypal/captureOrder', { paypalOrderId: created.data.paypalOrderId });
    expect(early).toMatchObject({ code: 10000, msg: `${CommerceMessages.paymentPending}: ORDER_NOT_APPROVED` });
    expect((await order(m, o.id)).status).toBe('pending');

    paypal.approve(created.data.paypalOrderId);
    const captured = await m.call<{ data: { status: string; outcome: string } }>('POST', '/api/payment/paypal/captureOrder', {
      paypalOrderId: created.data.paypalOrderId,
    });
    expect(captured.data).toMatchObject({ status: 'succeeded', outcome: 'paid' });
    expect(await order(m, o.id)).toMatchObject({ status: 'processing', payType: RecordType.PAYPAL });
    const retry = await m.call<{ data: { outcome: string } }>('POST', '/api/payment/paypal/captureOrder', {
      paypalOrderId: created.data.paypalOrderId,
    });
    expect(retry.data.outcome).toBe('already');
    expect(paypal.calls.filter((c) => c.path.endsWith('/capture'))).toHaveLength(2);
    const list = await records(m);
    expect(list.rows).toEqual([expect.objectContaining({ type: RecordType.PAYPAL, amount: o.total, balanceChange: 0, orderId: o.id })]);
    expect(list.balance).toBe(0);
    // Another merchant cannot capture it.
    const other = await merchant();
    expect(await other.call('POST', '/api/payment/paypal/captureOrder', { paypalOrderId: created.data.paypalOrderId })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.paymentNotFound,
    });
  });

  it('verifies webhooks through verify-webhook-signature, refuses tampered ones and ignores replays', async () => {
    const m = await merchant();
    const o = await pendingOrder(m, 3);
    const created = await m.call<{ data: { paymentId: number; paypalOrderId: string } }>('POST', '/api/payment/paypal/createOrder', {
      orderId: o.id,
    });
    paypal.approve(created.data.paypalOrderId);
    // The payer approved and closed the page: PayPal's CHECKOUT.ORDER.APPROVED makes the server capture.
    const approved = paypal.event('CHECKOUT.ORDER.APPROVED', { id: created.data.paypalOrderId, status: 'APPROVED', intent: 'CAPTURE' });
    const forged = await paypal.deliver(webhook('paypal'), approved, { tamper: (b) => b.replace('APPROVED', 'COMPLETED') });
    expect(forged.status).toBe(400);
    expect((await order(m, o.id)).status).toBe('pending');
    const first = await paypal.deliver(webhook('paypal'), approved);
    expect(first).toMatchObject({ status: 200, body: { code: 200, msg: 'paid' } });
    expect((await order(m, o.id)).status).toBe('processing');
    const replay = await paypal.deliver(webhook('paypal'), approved);
    expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
    // The capture-completed event that follows finds the payment settled.
    const capture = paypal.orders.get(created.data.paypalOrderId)!.purchase_units[0]!.payments as {
      captures: { id: string; amount: unknown }[];
    };
    const completed = paypal.event('PAYMENT.CAPTURE.COMPLETED', {
      id: capture.captures[0]!.id,
      status: 'COMPLETED',
      amount: capture.captures[0]!.amount,
      custom_id: String(created.data.paymentId),
      supplementary_data: { related_ids: { order_id: created.data.paypalOrderId } },
    });
    expect((await paypal.deliver(webhook('paypal'), completed)).body).toMatchObject({ msg: 'already' });
    expect((await records(m)).rows.filter((r) => r.type === RecordType.PAYPAL)).toHaveLength(1);
    await ledgerConsistent();
  });

  it('does not capture for an order paid meanwhile by balance, and tops the balance up through PayPal', async () => {
    const m = await merchant();
    const o = await pendingOrder(m);
    const created = await m.call<{ data: { paypalOrderId: string; paymentId: number } }>('POST', '/api/payment/paypal/createOrder', {
      orderId: o.id,
    });
    paypal.approve(created.data.paypalOrderId);
    await s.database.db.transaction((tx) =>
      creditOnce(tx, { userId: m.id, type: RecordType.PREPAYMENT, amount: 100_000, balanceChange: 100_000, grantKey: 'pp-test' }),
    );
    expect((await m.call('POST', '/api/order/payOrder', { orderId: o.id })).code).toBe(200);
    expect(await m.call('POST', '/api/payment/paypal/captureOrder', { paypalOrderId: created.data.paypalOrderId })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderAlreadyPaid,
    });
    expect(paypal.orders.get(created.data.paypalOrderId)!.status).toBe('APPROVED');
    expect((await m.call<{ data: { status: string } }>('GET', `/api/payment/status/${created.data.paymentId}`)).data.status).toBe(
      'cancelled',
    );

    const top = await m.call<{ data: { paypalOrderId: string; amount: number; purpose: string } }>(
      'POST',
      '/api/balance/recharge',
      { amount: 2500, method: 'paypal' },
      { 'idempotency-key': `topup-${m.id}-1` },
    );
    expect(top.data).toMatchObject({ amount: 2500, purpose: 'topup' });
    paypal.approve(top.data.paypalOrderId);
    const before = (await records(m)).balance;
    expect(
      (await m.call<{ data: { outcome: string } }>('POST', '/api/payment/paypal/captureOrder', { paypalOrderId: top.data.paypalOrderId }))
        .data.outcome,
    ).toBe('topup');
    expect(
      (await m.call<{ data: { outcome: string } }>('POST', '/api/payment/paypal/captureOrder', { paypalOrderId: top.data.paypalOrderId }))
        .data.outcome,
    ).toBe('already');
    const after = await records(m);
    expect(after.balance).toBe(before + 2500);
    expect(
      after.rows
        .filter((r) => r.type === RecordType.PREPAYMENT)
        .map((r) => r.amount)
        .sort(),
    ).toEqual([100_000, 2500].sort());
    expect(await m.call('POST', '/api/balance/recharge', { amount: 50, method: 'paypal' })).toMatchObject({
      code: 10000,
      msg: 'The amount must be from 1 to 10000 USD',
    });
  });
});

describe('Stripe (PaymentIntents for card and Stripe)', () => {
  interface Intent {
    data: {
      paymentId: number;
      paymentIntentId: string;
      clientSecret: string | null;
      publishableKey: string;
      amount: number;
      status: string;
      outcome?: string;
      message?: string;
    };
  }

  it('card: creates an intent once per key, confirms server-side, settles once; a declined card leaves it open', async () => {
    const m = await merchant();
    const o = await pendingOrder(m);
    const key = `stripe-card-${o.id}`;
    const created = await m.call<Intent>(
      'POST',
      '/api/payment/stripe/createIntent',
      { orderId: o.id, method: 'card' },
      { 'idempotency-key': key },
    );
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({ amount: o.total, status: 'created', publishableKey: STRIPE.publishableKey });
    expect(created.data.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const pi = stripe.intents.get(created.data.paymentIntentId)!;
    expect(pi).toMatchObject({
      amount: o.total,
      currency: 'usd',
      payment_method_types: ['card'],
      metadata: { paymentId: String(created.data.paymentId), orderId: String(o.id) },
    });
    const creates = stripe.creates;
    const again = await m.call<Intent>(
      'POST',
      '/api/payment/stripe/createIntent',
      { orderId: o.id, method: 'card' },
      { 'idempotency-key': key },
    );
    expect(again.data.paymentIntentId).toBe(created.data.paymentIntentId);
    expect(stripe.creates).toBe(creates);
    // Stripe received our idempotency key for the create.
    expect(
      stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `pod-pi-${created.data.paymentId}`),
    ).toHaveLength(1);

    const declined = await m.call('POST', '/api/payment/stripe/confirm', {
      paymentId: created.data.paymentId,
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(declined).toMatchObject({ code: 10000, msg: 'Stripe: Your card was declined.' });
    expect((await order(m, o.id)).status).toBe('pending');
    const paid = await m.call<Intent>('POST', '/api/payment/stripe/confirm', {
      paymentId: created.data.paymentId,
      paymentMethodId: 'pm_card_visa',
    });
    expect(paid.data).toMatchObject({ status: 'succeeded', outcome: 'paid' });
    expect(await order(m, o.id)).toMatchObject({ status: 'processing', payType: RecordType.CREDIT_CARD });
    const retry = await m.call<Intent>('POST', '/api/payment/stripe/confirm', {
      paymentId: created.data.paymentId,
      paymentMethodId: 'pm_card_visa',
    });
    expect(retry.data.outcome).toBe('already');
    const sync = await m.call<Intent>('POST', '/api/payment/stripe/sync', { paymentId: created.data.paymentId });
    expect(sync.data.outcome).toBe('already');
    expect((await records(m)).rows).toEqual([expect.objectContaining({ type: RecordType.CREDIT_CARD, amount: o.total, balanceChange: 0 })]);
  });

  it('stripe: the page confirms, the signed webhook settles; bad, stale and replayed webhooks change nothing', async () => {
    const m = await merchant();
    const o = await pendingOrder(m, 4);
    const created = await m.call<Intent>('POST', '/api/payment/stripe/createIntent', { orderId: o.id, method: 'stripe' });
    expect(stripe.intents.get(created.data.paymentIntentId)!.automatic_payment_methods).toEqual({ enabled: true });
    const pi = stripe.succeed(created.data.paymentIntentId);
    const event = stripe.event('payment_intent.succeeded', pi);

    expect((await stripe.deliver(webhook('stripe'), event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect(
      (await stripe.deliver(webhook('stripe'), event, { secret: STRIPE.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 }))
        .status,
    ).toBe(400);
    expect(
      (
        await stripe.deliver(webhook('stripe'), event, {
          secret: STRIPE.webhookSecret,
          tamper: (b) => b.replace(`"amount":${o.total}`, '"amount":1'),
        })
      ).status,
    ).toBe(400);
    expect((await order(m, o.id)).status).toBe('pending');

    const ok = await stripe.deliver(webhook('stripe'), event, { secret: STRIPE.webhookSecret });
    expect(ok).toMatchObject({ status: 200, body: { code: 200, msg: 'paid' } });
    expect(await order(m, o.id)).toMatchObject({ status: 'processing', payType: RecordType.STRIPE });
    expect((await stripe.deliver(webhook('stripe'), event, { secret: STRIPE.webhookSecret })).body).toMatchObject({ duplicate: true });
    // The same news by another event id (Stripe may send both) and by the page's sync: still once.
    const other = stripe.event('payment_intent.succeeded', pi);
    expect((await stripe.deliver(webhook('stripe'), other, { secret: STRIPE.webhookSecret })).body).toMatchObject({ msg: 'already' });
    expect((await m.call<Intent>('POST', '/api/payment/stripe/sync', { paymentId: created.data.paymentId })).data.outcome).toBe('already');
    expect((await records(m)).rows.filter((r) => r.type === RecordType.STRIPE)).toHaveLength(1);
  });

  it('money that arrives for an order already paid by balance goes to the balance', async () => {
    const m = await merchant();
    await s.database.db.transaction((tx) =>
      creditOnce(tx, { userId: m.id, type: RecordType.PREPAYMENT, amount: 100_000, balanceChange: 100_000, grantKey: 'st-test' }),
    );
    const o = await pendingOrder(m);
    const created = await m.call<Intent>('POST', '/api/payment/stripe/createIntent', { orderId: o.id, method: 'card' });
    expect((await m.call('POST', '/api/order/payOrder', { orderId: o.id })).code).toBe(200);
    // The page had already confirmed the card with Stripe.js.
    const pi = stripe.succeed(created.data.paymentIntentId);
    const res = await stripe.deliver(webhook('stripe'), stripe.event('payment_intent.succeeded', pi), { secret: STRIPE.webhookSecret });
    expect(res.body).toMatchObject({ msg: 'credited' });
    const list = await records(m);
    expect(list.balance).toBe(100_000 - o.total + o.total);
    expect(list.rows.map((r) => r.type)).toEqual([
      RecordType.REFUND_ORDERS,
      RecordType.CREDIT_CARD,
      RecordType.PAID_WITH_BALANCE,
      RecordType.PREPAYMENT,
    ]);
    expect((await order(m, o.id)).payType).toBe(RecordType.PAID_WITH_BALANCE);
    await ledgerConsistent();
  });

  it('a concurrent burst of confirms and webhooks for one intent settles it exactly once', async () => {
    const m = await merchant();
    const o = await pendingOrder(m);
    const created = await m.call<Intent>('POST', '/api/payment/stripe/createIntent', { orderId: o.id, method: 'card' });
    const pi = stripe.succeed(created.data.paymentIntentId);
    const burst = await Promise.all([
      ...Array.from({ length: 10 }, () => m.call<Intent>('POST', '/api/payment/stripe/sync', { paymentId: created.data.paymentId })),
      ...Array.from({ length: 5 }, () =>
        stripe.deliver(webhook('stripe'), stripe.event('payment_intent.succeeded', pi), { secret: STRIPE.webhookSecret }),
      ),
    ]);
    expect(burst.every((r) => ('status' in r && typeof r.status === 'number' ? r.status === 200 : 'code' in r && r.code === 200))).toBe(
      true,
    );
    expect((await records(m)).rows.filter((r) => r.type === RecordType.CREDIT_CARD)).toHaveLength(1);
    expect((await order(m, o.id)).status).toBe('processing');
    await ledgerConsistent();
  });
});
