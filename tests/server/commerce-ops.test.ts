/**
 * The operator's fulfilment path over real HTTP on a real database: the OPS_TOKEN guard (absent =
 * no endpoint, wrong or merchant token = refused), shipping a paid order with tracking (the
 * merchant then sees it fulfilled with a tracking link), a method switch within the warehouse,
 * refusals that change nothing, cancelling a paid order with its refund (record type 3), and the
 * `npm run order:fulfil` CLI against the running server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServer, type TestServer } from './harness';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { creditOnce } from '../../server/commerce/ledger';
import { opsTokenMatches } from '../../server/platform/ops-guard';
import { CommerceMessages, RecordType } from '../../contract/commerce';

const OPTIONS: CatalogOptions = { seed: 'commerce-ops-test', productCount: 30, imageSize: 256 };
const OPS_TOKEN = 'ops-test-token-3f9a1c7e5b';
const ROOT = path.resolve(__dirname, '../..');

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer({ OPS_TOKEN });
  rows = await seedCatalog(s, OPTIONS);
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  token: string;
  call<T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<Res<T>>;
}
interface Detail {
  id: number;
  orderNo: string;
  status: string;
  total: number;
  shipments: {
    shipFrom: string;
    logisticsId: number;
    ship_method: string;
    carrier: string;
    trackingNumber: string | null;
    trackUrl: string | null;
  }[];
  events: { from: string | null; to: string; actor: string }[];
}

let n = 0;
async function merchant(balanceCents = 0): Promise<Merchant> {
  const user = await createUser(s.database.db, `ops${++n}-${Date.now()}@commerce.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  if (balanceCents > 0) {
    await s.database.db.transaction((tx) =>
      creditOnce(tx, {
        userId: user.id,
        type: RecordType.PREPAYMENT,
        amount: balanceCents,
        balanceChange: balanceCents,
        grantKey: 'test-topup',
      }),
    );
  }
  return { id: user.id, token, call: (method, p, body) => s.api(method, p, body, token) as never };
}

/** A paid order of one CN product to the US. */
async function paidOrder(m: Merchant): Promise<Detail> {
  const p = rows.products.find((x) => x.shipFrom === 'CN')!;
  const list = await m.call<{ data: unknown[] }>('GET', '/api/shipAddress/getShipAddress');
  if (list.data.length === 0)
    await m.call('POST', '/api/shipAddress/addShipAddress', { first_name: 'Ada', address1: '1 Main St', country_code: 'US' });
  const line = await m.call<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', { productid: p.id, quantity: 2 });
  const made = await m.call<{ data: Detail }>('POST', '/api/order/shoppingCartOrder', { ids: [line.data.id] });
  expect(made.code, made.msg).toBe(200);
  const paid = await m.call('POST', '/api/order/payOrder', { orderId: made.data.id });
  expect(paid.code, paid.msg).toBe(200);
  return made.data;
}

const ops = <T = Record<string, unknown>>(method: string, p: string, body?: unknown, token: string | undefined = OPS_TOKEN) =>
  s.api<Res<T>>(method, `/ops${p}`, body, token);
const detail = async (m: Merchant, id: number) => (await m.call<{ data: Detail }>('GET', `/api/order/detail/${id}`)).data;
const balance = async (m: Merchant) => (await m.call<{ data: { balance: number } }>('GET', '/api/balance/getBalance')).data.balance;

describe('the operator token', () => {
  it('compares whole tokens, whatever their length', () => {
    expect(opsTokenMatches(OPS_TOKEN, OPS_TOKEN)).toBe(true);
    expect(opsTokenMatches(OPS_TOKEN, `${OPS_TOKEN}x`)).toBe(false);
    expect(opsTokenMatches(OPS_TOKEN, OPS_TOKEN.slice(0, -1))).toBe(false);
    expect(opsTokenMatches(OPS_TOKEN, '')).toBe(false);
  });

  it('refuses a missing, wrong or merchant token and changes nothing', async () => {
    const m = await merchant(100_000);
    const o = await paidOrder(m);
    for (const token of [undefined, 'wrong-token', m.token]) {
      const res = await s.api('POST', `/ops/orders/${o.id}/fulfil`, { tracking: 'YT1234567' }, token);
      expect(res).toMatchObject({ code: 403 });
    }
    expect((await detail(m, o.id)).status).toBe('processing');
    expect(s.logs.join('\n')).not.toContain(OPS_TOKEN);
  });

  it('does not exist when OPS_TOKEN is not set', async () => {
    const plain = await startServer();
    try {
      const res = await plain.api('POST', '/ops/orders/1/fulfil', { tracking: 'YT1234567' }, OPS_TOKEN);
      expect(res.code).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('fulfilment', () => {
  it('ships a paid order with tracking; the merchant sees it fulfilled with a tracking link and the event', async () => {
    const m = await merchant(100_000);
    const o = await paidOrder(m);
    const shipped = await ops<{ data: Detail }>('POST', `/orders/${o.id}/fulfil`, { tracking: 'YT2412345678' });
    expect(shipped.code, shipped.msg).toBe(200);
    const d = await detail(m, o.id);
    expect(d.status).toBe('fulfilled');
    expect(d.shipments).toEqual([
      expect.objectContaining({ shipFrom: 'CN', trackingNumber: 'YT2412345678', trackUrl: expect.stringContaining('YT2412345678') }),
    ]);
    expect(d.events.at(-1)).toMatchObject({ from: 'processing', to: 'fulfilled', actor: 'operator' });
    const stats = await m.call<{ data: { fulfilledOrder: number; processingOrder: number } }>('GET', '/api/order/orderStatistics');
    expect(stats.data).toMatchObject({ fulfilledOrder: 1, processingOrder: 0 });
    // Once shipped it cannot ship again, nor be cancelled.
    expect(await ops('POST', `/orders/${o.id}/fulfil`, { tracking: 'YT999999' })).toMatchObject({
      code: 10000,
      msg: `${CommerceMessages.illegalTransition} (fulfilled → fulfilled)`,
    });
    expect(await ops('POST', `/orders/${o.id}/cancel`, { reason: 'late' })).toMatchObject({ code: 10000 });
    expect((await detail(m, o.id)).shipments[0]!.trackingNumber).toBe('YT2412345678');
  });

  it('switches the parcel to the method it went with (same warehouse only)', async () => {
    const m = await merchant(100_000);
    const o = await paidOrder(m);
    // A US method for a parcel from China is refused, and nothing changes.
    const wrong = await ops('POST', `/orders/${o.id}/fulfil`, { tracking: 'YT555555', method: 'USPS Priority Mail' });
    expect(wrong.code).toBe(10000);
    expect(wrong.msg).toMatch(/ships from US/);
    expect((await detail(m, o.id)).status).toBe('processing');
    const ok = await ops('POST', `/orders/${o.id}/fulfil`, { tracking: 'JD0145678', method: 'Express Shipping' });
    expect(ok.code, ok.msg).toBe(200);
    expect((await detail(m, o.id)).shipments[0]).toMatchObject({
      logisticsId: 2,
      ship_method: 'Express Shipping',
      carrier: 'DHL Express',
      trackUrl: expect.stringContaining('dhl.com'),
    });
  });

  it('refuses an unpaid order, a bad tracking number and an unknown method, changing nothing', async () => {
    const m = await merchant(100_000);
    const p = rows.products.find((x) => x.shipFrom === 'CN')!;
    await m.call('POST', '/api/shipAddress/addShipAddress', { first_name: 'Ada', address1: '1 Main St', country_code: 'US' });
    const line = await m.call<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', { productid: p.id, quantity: 1 });
    const pending = (await m.call<{ data: Detail }>('POST', '/api/order/shoppingCartOrder', { ids: [line.data.id] })).data;
    expect(await ops('POST', `/orders/${pending.id}/fulfil`, { tracking: 'YT1234567' })).toMatchObject({
      code: 10000,
      msg: `${CommerceMessages.illegalTransition} (pending → fulfilled)`,
    });
    const paid = await paidOrder(m);
    expect(await ops('POST', `/orders/${paid.id}/fulfil`, { tracking: 'no spaces!' })).toMatchObject({
      code: 10000,
      msg: 'A tracking number is 3 to 64 letters, digits or dashes',
    });
    expect(await ops('POST', `/orders/${paid.id}/fulfil`, { tracking: 'YT1234567', method: 'Pigeon' })).toMatchObject({
      code: 10000,
      msg: 'Unknown shipping method: Pigeon',
    });
    expect(await ops('POST', `/orders/${paid.id}/fulfil`, {})).toMatchObject({ code: 10000, msg: 'tracking is required' });
    expect(await ops('POST', '/orders/99999999/fulfil', { tracking: 'YT1234567' })).toMatchObject({
      code: 10000,
      msg: CommerceMessages.orderNotFound,
    });
    expect((await detail(m, paid.id)).shipments[0]!.trackingNumber).toBeNull();
    expect((await detail(m, paid.id)).status).toBe('processing');
  });

  it('cancels a paid order and refunds exactly its total to the balance with one Refund Orders record', async () => {
    const m = await merchant(100_000);
    const o = await paidOrder(m);
    const afterPay = await balance(m);
    expect(afterPay).toBe(100_000 - o.total);
    const res = await ops<{ data: Detail }>('POST', `/orders/${o.id}/cancel`, { reason: 'out of stock' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.status).toBe('cancelled');
    expect(await balance(m)).toBe(100_000);
    // Again: refused, and no second refund.
    expect((await ops('POST', `/orders/${o.id}/cancel`, { reason: 'again' })).code).toBe(10000);
    const refunds = await m.call<{ rows: { type: number; typeName: string; amount: number; orderId: number }[] }>(
      'GET',
      '/api/balance/list?type=3',
    );
    expect(refunds.rows).toEqual([expect.objectContaining({ type: 3, typeName: 'Refund Orders', amount: o.total, orderId: o.id })]);
    expect(await balance(m)).toBe(100_000);
  });
});

function runCli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/order-fulfil.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      err += String(d);
    });
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

describe('npm run order:fulfil', () => {
  it('ships an order through the running server, and says why when it cannot', async () => {
    const m = await merchant(100_000);
    const o = await paidOrder(m);
    const bad = await runCli([String(o.id), '--tracking', 'YT7777777', '--url', s.url], { OPS_TOKEN: 'not-the-token' });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Operator token required');
    expect((await detail(m, o.id)).status).toBe('processing');

    const ok = await runCli([String(o.id), '--tracking', 'CN=YT7777777', '--url', s.url], { OPS_TOKEN });
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain(`Order ${o.orderNo} is fulfilled`);
    expect(ok.out).toContain('tracking YT7777777');
    expect((await detail(m, o.id)).status).toBe('fulfilled');

    const usage = await runCli(['abc'], { OPS_TOKEN });
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('usage: npm run order:fulfil');
  }, 60_000);
});
