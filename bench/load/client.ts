/**
 * The load generator of `npm run bench:load`, forked by run.ts so that making requests and
 * timing them does not share the server's event loop. It is told the server's address, the
 * merchants and catalogue products to use and the phases to run, runs each phase with a fixed
 * number of lanes (each lane one request at a time), and answers each phase's figures.
 */
import { call, CheckoutBudget, ok, type Answer, type Merchant, type Orderable } from './api.ts';

export type PhaseKind = 'floor' | 'list' | 'mix';

export interface Plan {
  base: string;
  merchants: Merchant[];
  productIds: number[];
  orderable: Orderable[];
  concurrency: number;
  phases: { name: string; kind: PhaseKind; seconds: number; report: boolean }[];
}

export interface RowFigures {
  name: string;
  count: number;
  errors: number;
  p50: number;
  p99: number;
  rps: number;
  firstError: string | null;
}

export interface PhaseFigures {
  name: string;
  kind: PhaseKind;
  seconds: number;
  rows: RowFigures[];
  total: RowFigures;
  /** Checkouts a lane left out because every merchant had used its minute's checkouts. */
  deferred: number;
}

/** The mix of a phase of kind 'mix': what a lane does next, by weight. */
const MIX: readonly [Op, number][] = [
  ['list', 30],
  ['detail', 15],
  ['userInfo', 10],
  ['myProducts', 10],
  ['cart', 10],
  ['orders', 10],
  ['checkout', 15],
];
type Op = 'list' | 'detail' | 'userInfo' | 'myProducts' | 'cart' | 'orders' | 'checkout';

/** Rows in the order they are printed. */
export const ROWS = [
  'floor: health',
  'catalogue list (anonymous)',
  'product detail (anonymous)',
  'user getInfo',
  'my products list',
  'cart',
  'orders list',
  'add to cart',
  'create order',
  'pay from balance',
  'checkout (the 3 calls)',
] as const;
type Row = (typeof ROWS)[number];

/** Lists a shopper pages through: the default grid's first pages, a category, a sort. */
const LIST_QUERIES = [
  'pageNum=1&pageSize=24',
  'pageNum=2&pageSize=24',
  'pageNum=3&pageSize=24',
  'pageNum=1&pageSize=24&sort=popular',
  'pageNum=1&pageSize=24&category=womens-clothing',
  'pageNum=1&pageSize=24&sort=price_asc&minPrice=10&maxPrice=40',
];
export const DEFAULT_LIST = '/api/product/productsCatalogList?pageNum=1&pageSize=24';

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]! : 0;

class Recorder {
  private times = new Map<Row, number[]>();
  private errors = new Map<Row, number>();
  private firstError = new Map<Row, string>();

  add(row: Row, ms: number, answer: Answer<unknown> | null): void {
    let list = this.times.get(row);
    if (!list) this.times.set(row, (list = []));
    list.push(ms);
    if (answer && !ok(answer)) {
      this.errors.set(row, (this.errors.get(row) ?? 0) + 1);
      if (!this.firstError.has(row)) this.firstError.set(row, `${answer.status} ${answer.body.code} ${answer.body.msg}`);
    }
  }

  /** A failed step of a checkout: the composite row counts it as an error too. */
  fail(row: Row, why: string): void {
    this.errors.set(row, (this.errors.get(row) ?? 0) + 1);
    if (!this.firstError.has(row)) this.firstError.set(row, why);
  }

  figures(seconds: number): { rows: RowFigures[]; total: RowFigures } {
    const rows: RowFigures[] = [];
    const all: number[] = [];
    let errors = 0;
    for (const name of ROWS) {
      const t = this.times.get(name);
      if (!t) continue;
      t.sort((a, b) => a - b);
      const e = this.errors.get(name) ?? 0;
      rows.push({
        name,
        count: t.length,
        errors: e,
        p50: pct(t, 0.5),
        p99: pct(t, 0.99),
        rps: t.length / seconds,
        firstError: this.firstError.get(name) ?? null,
      });
      // The composite row is made of calls counted in their own rows already.
      if (name !== 'checkout (the 3 calls)') {
        all.push(...t);
        errors += e;
      }
    }
    all.sort((a, b) => a - b);
    const total = {
      name: 'all requests',
      count: all.length,
      errors,
      p50: pct(all, 0.5),
      p99: pct(all, 0.99),
      rps: all.length / seconds,
      firstError: null,
    };
    return { rows, total };
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function pickOp(): Op {
  const sum = MIX.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * sum;
  for (const [op, w] of MIX) if ((r -= w) < 0) return op;
  return 'list';
}

async function timed<T>(rec: Recorder, row: Row, run: () => Promise<Answer<T>>): Promise<Answer<T>> {
  const t = performance.now();
  const answer = await run();
  rec.add(row, performance.now() - t, answer);
  return answer;
}

let keys = 0;

async function checkout(plan: Plan, rec: Recorder, m: Merchant): Promise<void> {
  const { base } = plan;
  const token = m.token;
  const started = performance.now();
  const item = pick(plan.orderable);
  const added = await timed(rec, 'add to cart', () =>
    call<{ data: { id: number } }>(base, 'POST', '/api/shipTrolley/addShipTrolley', {
      token,
      body: { productid: item.productId, variantsid: item.variantId, quantity: 1 + Math.floor(Math.random() * 3), anotherName: '' },
    }),
  );
  if (!ok(added)) return rec.fail('checkout (the 3 calls)', `add to cart: ${added.body.msg}`);
  const key = `load-${process.pid}-${++keys}`;
  const order = await timed(rec, 'create order', () =>
    call<{ data: { id: number } }>(base, 'POST', '/api/order/shoppingCartOrder', {
      token,
      body: { ids: [added.body.data.id] },
      headers: { 'idempotency-key': `order-${key}` },
    }),
  );
  if (!ok(order)) return rec.fail('checkout (the 3 calls)', `create order: ${order.body.msg}`);
  const paid = await timed(rec, 'pay from balance', () =>
    call(base, 'POST', '/api/order/payOrder', {
      token,
      body: { orderId: order.body.data.id },
      headers: { 'idempotency-key': `pay-${key}` },
    }),
  );
  rec.add('checkout (the 3 calls)', performance.now() - started, paid);
}

async function runPhase(
  plan: Plan,
  kind: PhaseKind,
  seconds: number,
  budget: CheckoutBudget,
): Promise<{ rec: Recorder; deferred: number; wall: number }> {
  const rec = new Recorder();
  const { base } = plan;
  let deferred = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const lane = async () => {
    while (performance.now() < end) {
      if (kind === 'floor') {
        await timed(rec, 'floor: health', () => call(base, 'GET', '/health'));
        continue;
      }
      if (kind === 'list') {
        await timed(rec, 'catalogue list (anonymous)', () => call(base, 'GET', DEFAULT_LIST));
        continue;
      }
      let op = pickOp();
      let m = pick(plan.merchants);
      if (op === 'checkout') {
        const index = budget.take();
        if (index === null) {
          deferred++;
          op = 'cart';
        } else m = plan.merchants[index]!;
      }
      const token = m.token;
      switch (op) {
        case 'list':
          await timed(rec, 'catalogue list (anonymous)', () => call(base, 'GET', `/api/product/productsCatalogList?${pick(LIST_QUERIES)}`));
          break;
        case 'detail':
          await timed(rec, 'product detail (anonymous)', () => call(base, 'GET', `/api/product/getInfo/${pick(plan.productIds)}`));
          break;
        case 'userInfo':
          await timed(rec, 'user getInfo', () => call(base, 'GET', '/api/user/getInfo', { token }));
          break;
        case 'myProducts':
          await timed(rec, 'my products list', () => call(base, 'GET', '/api/Myexclusive/list?pageNum=1&pageSize=10', { token }));
          break;
        case 'cart':
          await timed(rec, 'cart', () => call(base, 'GET', '/api/shipTrolley/getShipTrolleyList', { token }));
          break;
        case 'orders':
          await timed(rec, 'orders list', () => call(base, 'GET', '/api/order/list?pageNum=1&pageSize=10', { token }));
          break;
        case 'checkout':
          await checkout(plan, rec, m);
          break;
      }
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, lane));
  return { rec, deferred, wall: (performance.now() - started) / 1000 };
}

if (process.send) {
  process.once('message', (plan: Plan) => {
    void (async () => {
      // Checkouts stay under the server's 60 a minute per merchant, with room for the window's edge.
      const budget = new CheckoutBudget(plan.merchants.length, 55);
      for (const phase of plan.phases) {
        const { rec, deferred, wall } = await runPhase(plan, phase.kind, phase.seconds, budget);
        if (!phase.report) continue;
        const figures: PhaseFigures = { name: phase.name, kind: phase.kind, seconds: wall, deferred, ...rec.figures(wall) };
        process.send!(figures);
      }
      process.send!('done', () => process.exit(0));
    })();
  });
}
