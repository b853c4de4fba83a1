/**
 * `npm run bench:load -- --crash` (also `npm run bench:crash`): the server as it runs in
 * production (`tsx server/main.ts` in a child process, on PGlite in its data folder or on a fresh
 * PostgreSQL database) is killed with SIGKILL at random moments while merchants check out and pay,
 * and restarted. After every kill the database is checked directly (for PGlite, by opening the
 * very folder the killed server left: its crash recovery is part of the test), and after every
 * restart through the API:
 *
 * - no half order: every order has its items, parcels and first event; every paid order has its
 *   successful payment and its ledger entry, and every balance payment belongs to a paid order;
 * - every order is charged at most once (one ledger entry, one successful payment) and for its total;
 * - every balance is the sum of its ledger entries, and each entry's balance_after the running sum;
 * - nothing acknowledged is lost: every order the server answered 200 for exists, every payment it
 *   answered 200 for is on a paid order; payments whose answer the kill cut off are sent again
 *   with the same Idempotency-Key, and are charged once.
 *
 * Exit code 1 when any check fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/platform/db/client.ts';
import { creditOnce } from '../../server/commerce/ledger.ts';
import { findUserByEmail } from '../../server/accounts/users.ts';
import { RecordType } from '../../contract/commerce.ts';
import { call, CheckoutBudget, ok, signUp, type Merchant, type Orderable } from './api.ts';
import { freePort } from '../app-server.ts';

export interface CrashOptions {
  kills: number;
  merchants: number;
  pg: boolean;
  pglite: boolean;
  withPostgres: () => { url: string; stop: () => void } | null;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LANES = 12;
const STARTING_BALANCE = 500_000_000;

/** What the server acknowledged, to be found again after every crash. */
export interface Acked {
  orders: Map<number, { merchant: number; total: number }>;
  paid: Set<number>;
  /** Payments sent whose answer never came (the kill cut them off): retried with the same key. */
  unknown: Map<string, { merchant: number; orderId: number }>;
}

interface Check {
  name: string;
  bad: string[];
}

const rowsOf = async <T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

class ServerProcess {
  child: ChildProcess | null = null;
  log = '';

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly base: string,
  ) {}

  async start(): Promise<number> {
    const t = performance.now();
    this.log = '';
    const child = spawn(process.execPath, [...process.execArgv, 'server/main.ts'], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (b: Buffer) => {
      this.log = (this.log + b.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting:\n${this.log}`);
      const health = await call(this.base, 'GET', '/health');
      if (ok(health)) return performance.now() - t;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
    this.child = null;
  }
}

/** The database-side checks; each names the rows that break it. */
export async function checkDatabase(db: Database['db'], acked: Acked): Promise<Check[]> {
  const ids = (rows: { id: number | string }[]) => rows.map((r) => String(r.id));
  const checks: Check[] = [];
  const add = (name: string, bad: string[]) => checks.push({ name, bad });
  add(
    'every order has its items',
    ids(await rowsOf(db, sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`)),
  );
  add(
    'every order has its parcels',
    ids(await rowsOf(db, sql`select o.id from orders o where not exists (select 1 from order_shipments s where s.order_id = o.id)`)),
  );
  add(
    'every order has its first event',
    ids(
      await rowsOf(
        db,
        sql`select o.id from orders o where not exists (select 1 from order_events e where e.order_id = o.id and e.from_status is null)`,
      ),
    ),
  );
  add(
    'items add up to the order',
    ids(
      await rowsOf(
        db,
        sql`select o.id from orders o join (select order_id, sum(line_total) as s from order_items group by order_id) i on i.order_id = o.id
            where i.s <> o.subtotal or o.total <> o.subtotal + o.shipping_cost - o.discount`,
      ),
    ),
  );
  add(
    'every paid order has its ledger entry and payment',
    ids(
      await rowsOf(
        db,
        sql`select o.id from orders o where o.paid_at is not null and o.pay_type = ${RecordType.PAID_WITH_BALANCE} and (
              not exists (select 1 from balance_records r where r.order_id = o.id and r.type = ${RecordType.PAID_WITH_BALANCE})
              or not exists (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded'))`,
      ),
    ),
  );
  add(
    'every balance payment is on a paid order',
    ids(
      await rowsOf(
        db,
        sql`select r.id from balance_records r join orders o on o.id = r.order_id
            where r.type = ${RecordType.PAID_WITH_BALANCE} and (o.paid_at is null or o.status = 'pending')`,
      ),
    ),
  );
  add(
    'every order is charged at most once',
    ids(
      await rowsOf(
        db,
        sql`select order_id as id from balance_records where type = ${RecordType.PAID_WITH_BALANCE} and order_id is not null
            group by order_id having count(*) > 1
            union select order_id as id from payments where purpose = 'order' and status = 'succeeded' and order_id is not null
            group by order_id having count(*) > 1`,
      ),
    ),
  );
  add(
    'every charge is the order total',
    ids(
      await rowsOf(
        db,
        sql`select r.id from balance_records r join orders o on o.id = r.order_id
            where r.type = ${RecordType.PAID_WITH_BALANCE} and (r.amount <> o.total or r.balance_change <> -o.total)`,
      ),
    ),
  );
  add(
    'every successful balance payment has its ledger entry',
    ids(
      await rowsOf(
        db,
        sql`select p.id from payments p where p.method = 'balance' and p.status = 'succeeded'
            and not exists (select 1 from balance_records r where r.payment_id = p.id)`,
      ),
    ),
  );
  add(
    'every balance is the sum of its ledger',
    (
      await rowsOf<{ user_id: number }>(
        db,
        sql`select a.user_id from balance_accounts a left join balance_records r on r.user_id = a.user_id
            group by a.user_id, a.balance having a.balance <> coalesce(sum(r.balance_change), 0)`,
      )
    ).map((r) => `user ${r.user_id}`),
  );
  add(
    "every entry's balance_after is the running sum",
    ids(
      await rowsOf(
        db,
        sql`select id from (select id, balance_after, sum(balance_change) over (partition by user_id order by id) as running
            from balance_records) x where balance_after <> running`,
      ),
    ),
  );
  const orders = await rowsOf<{ id: number; paid: boolean }>(db, sql`select id, paid_at is not null as paid from orders`);
  const found = new Map(orders.map((o) => [Number(o.id), o.paid]));
  add('every acknowledged order is there', [...acked.orders.keys()].filter((id) => !found.has(id)).map(String));
  add('every acknowledged payment is on a paid order', [...acked.paid].filter((id) => found.get(id) !== true).map(String));
  return checks;
}

/** The API-side checks, through each merchant's own session. */
async function checkApi(base: string, merchants: Merchant[], acked: Acked): Promise<Check[]> {
  const ledger: string[] = [];
  const orders: string[] = [];
  for (const [i, m] of merchants.entries()) {
    let sum = 0;
    let balance: number | null = null;
    for (let pageNum = 1; ; pageNum++) {
      const page = await call<{ rows: { balanceChange: number }[]; total: number; balance: number }>(
        base,
        'GET',
        `/api/balance/list?pageSize=25&pageNum=${pageNum}`,
        { token: m.token },
      );
      if (!ok(page)) {
        ledger.push(`${m.email}: ${page.body.msg}`);
        break;
      }
      balance ??= page.body.balance;
      sum += page.body.rows.reduce((s, r) => s + r.balanceChange, 0);
      if (pageNum * 25 >= page.body.total) break;
    }
    const told = await call<{ data: { balance: number } }>(base, 'GET', '/api/balance/getBalance', { token: m.token });
    if (!ok(told) || told.body.data.balance !== sum || balance !== sum)
      ledger.push(`${m.email}: balance ${ok(told) ? told.body.data.balance : told.body.msg}, ledger sum ${sum}`);
    for (const [id, o] of acked.orders) {
      if (o.merchant !== i) continue;
      const d = await call<{ data: { status: string; items: unknown[]; total: number; payments: { status: string }[] } }>(
        base,
        'GET',
        `/api/order/detail/${id}`,
        { token: m.token },
      );
      if (!ok(d)) {
        orders.push(`order ${id}: ${d.body.msg}`);
        continue;
      }
      const succeeded = d.body.data.payments.filter((p) => p.status === 'succeeded').length;
      if (d.body.data.items.length === 0) orders.push(`order ${id}: no items`);
      if (succeeded > 1) orders.push(`order ${id}: ${succeeded} successful payments`);
      if (acked.paid.has(id) && d.body.data.status === 'pending') orders.push(`order ${id}: paid, but pending`);
    }
  }
  return [
    { name: 'API: balance = sum of the ledger, for every merchant', bad: ledger },
    { name: 'API: acknowledged orders have items, at most one payment, paid ones not pending', bad: orders },
  ];
}

/** Checkouts and payments from LANES lanes until stopped. */
function drive(base: string, merchants: Merchant[], orderable: Orderable[], acked: Acked, budget: CheckoutBudget) {
  let stopped = false;
  let keys = 0;
  const counts = { orders: 0, payments: 0, cutOff: 0 };
  const pay = async (mi: number, orderId: number, key: string) => {
    const a = await call(base, 'POST', '/api/order/payOrder', {
      token: merchants[mi]!.token,
      body: { orderId },
      headers: { 'idempotency-key': key },
    });
    if (ok(a)) {
      acked.paid.add(orderId);
      acked.unknown.delete(key);
      counts.payments++;
    } else if (a.status === 0 || a.status >= 500) {
      acked.unknown.set(key, { merchant: mi, orderId });
      counts.cutOff++;
    }
  };
  const lane = async () => {
    while (!stopped) {
      const mi = budget.take();
      if (mi === null) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const m = merchants[mi]!;
      const item = orderable[Math.floor(Math.random() * orderable.length)]!;
      const added = await call<{ data: { id: number } }>(base, 'POST', '/api/shipTrolley/addShipTrolley', {
        token: m.token,
        body: { productid: item.productId, variantsid: item.variantId, quantity: 1 + Math.floor(Math.random() * 3), anotherName: '' },
      });
      if (!ok(added)) continue;
      const key = `crash-${process.pid}-${++keys}-${randomBytes(3).toString('hex')}`;
      const order = await call<{ data: { id: number; total: number } }>(base, 'POST', '/api/order/shoppingCartOrder', {
        token: m.token,
        body: { ids: [added.body.data.id] },
        headers: { 'idempotency-key': `order-${key}` },
      });
      if (!ok(order)) continue;
      acked.orders.set(order.body.data.id, { merchant: mi, total: order.body.data.total });
      counts.orders++;
      const r = Math.random();
      if (r < 0.2) {
        // A double click: two payments of one order with different keys, at once.
        await Promise.all([pay(mi, order.body.data.id, `pay-${key}-a`), pay(mi, order.body.data.id, `pay-${key}-b`)]);
      } else if (r < 0.3) {
        // A retry with the same key after an answer that went missing.
        await Promise.all([pay(mi, order.body.data.id, `pay-${key}`), pay(mi, order.body.data.id, `pay-${key}`)]);
      } else if (r < 0.9) {
        await pay(mi, order.body.data.id, `pay-${key}`);
      }
      // The rest stay pending, as abandoned checkouts do.
    }
  };
  const running = Promise.all(Array.from({ length: LANES }, lane));
  return {
    counts,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

function report(checks: Check[]): boolean {
  let clean = true;
  for (const c of checks) {
    clean &&= c.bad.length === 0;
    console.log(
      `    ${c.bad.length === 0 ? 'ok  ' : 'FAIL'} ${c.name}${c.bad.length ? `: ${c.bad.slice(0, 8).join(', ')}${c.bad.length > 8 ? ` … (${c.bad.length})` : ''}` : ''}`,
    );
  }
  return clean;
}

async function crashOn(kind: string, databaseUrl: string | null, opts: CrashOptions): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pod-bench-crash-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'warn',
    CAPTCHA: 'off',
    TRUST_PROXY: '1',
    DEMO: '0',
    PASSWORD_SCRYPT_LOG_N: '14',
    STORE_ORDER_PULL_MS: '0',
    CATALOG_SEED: 'bench-crash',
    CATALOG_PRODUCTS: '200',
    CATALOG_IMAGE_SIZE: '256',
    MATERIALS_COUNT: '4',
    MATERIALS_BACKGROUNDS: '1',
    MATERIALS_CLIPART_SIZE: '64',
    MATERIALS_BACKGROUND_SIZE: '64',
  };
  const server = new ServerProcess(env, base);
  // PGlite belongs to one process at a time: the checks open its folder only while the server is down.
  const withDb = async <T>(fn: (db: Database['db']) => Promise<T>): Promise<T> => {
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };
  const acked: Acked = { orders: new Map(), paid: new Set(), unknown: new Map() };
  let clean = true;
  try {
    const firstStart = await server.start();
    console.log(`\n${kind}: server up in ${(firstStart / 1000).toFixed(1)} s (first start: catalogue and materials generated)`);
    const sampleRows = await call<{ rows: { id: number }[] }>(base, 'GET', '/api/product/productsCatalogList?shipFrom=China&pageSize=12');
    const orderable: Orderable[] = [];
    for (const row of sampleRows.body.rows) {
      const d = await call<{ data: { variants: { id: number }[] } }>(base, 'GET', `/api/product/getInfo/${row.id}`);
      orderable.push(...d.body.data.variants.slice(0, 2).map((v) => ({ productId: row.id, variantId: v.id })));
    }
    const tag = randomBytes(3).toString('hex');
    const merchants: Merchant[] = [];
    for (let i = 0; i < opts.merchants; i++) merchants.push(await signUp(base, path.join(dataDir, 'outbox'), i + 1, tag));
    if (!databaseUrl) await server.kill('SIGTERM');
    await withDb(async (db) => {
      for (const m of merchants) {
        const user = await findUserByEmail(db, m.email);
        await db.transaction((tx) =>
          creditOnce(tx, {
            userId: user!.id,
            type: RecordType.PREPAYMENT,
            amount: STARTING_BALANCE,
            balanceChange: STARTING_BALANCE,
            remark: 'bench:crash starting balance',
            grantKey: `bench-crash-${m.email}`,
          }),
        );
      }
    });
    console.log(
      `  ${merchants.length} merchants signed up through the API, each credited ${STARTING_BALANCE / 100} USD; ${LANES} lanes check out and pay`,
    );

    const budget = new CheckoutBudget(merchants.length, 55);
    for (let k = 1; k <= opts.kills; k++) {
      const up = server.child ? 0 : await server.start();
      // Payments the last kill cut off are sent again with the same key: charged once at most.
      const retried = [...acked.unknown];
      for (const [key, p] of retried) {
        const a = await call(base, 'POST', '/api/order/payOrder', {
          token: merchants[p.merchant]!.token,
          body: { orderId: p.orderId },
          headers: { 'idempotency-key': key },
        });
        if (ok(a)) acked.paid.add(p.orderId);
        if (a.status !== 0) acked.unknown.delete(key);
      }
      const load = drive(base, merchants, orderable, acked, budget);
      const after = 300 + Math.random() * 2700;
      await new Promise((r) => setTimeout(r, after));
      await server.kill('SIGKILL');
      await load.stop();
      const checks = await withDb((db) => checkDatabase(db, acked));
      const failed = checks.filter((c) => c.bad.length > 0);
      console.log(
        `  kill ${k}/${opts.kills}: ${up ? `restarted in ${(up / 1000).toFixed(1)} s` : 'server up'}, ${retried.length} cut-off payments retried, SIGKILL after ${(after / 1000).toFixed(1)} s of load (${load.counts.orders} orders and ${load.counts.payments} payment calls answered 200, ${load.counts.cutOff} payment calls cut off); database checks: ${checks.length - failed.length}/${checks.length} hold`,
      );
      if (failed.length) clean = report(failed) && clean;
    }
    console.log(
      `  final checks (database, after ${opts.kills} kills; ${acked.orders.size} orders and ${acked.paid.size} payments acknowledged in all):`,
    );
    clean = report(await withDb((db) => checkDatabase(db, acked))) && clean;
    await server.start();
    for (const [key, p] of acked.unknown) {
      const a = await call(base, 'POST', '/api/order/payOrder', {
        token: merchants[p.merchant]!.token,
        body: { orderId: p.orderId },
        headers: { 'idempotency-key': key },
      });
      if (ok(a)) acked.paid.add(p.orderId);
    }
    console.log('  final checks (API, restarted):');
    clean = report(await checkApi(base, merchants, acked)) && clean;
    await server.kill('SIGTERM');
    console.log('  final checks (database, after the last retries and a clean stop):');
    clean = report(await withDb((db) => checkDatabase(db, acked))) && clean;
  } catch (err) {
    clean = false;
    console.log(`  FAILED: ${(err as Error).message}`);
  } finally {
    await server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
  return clean;
}

/** A database of its own on the PostgreSQL server, dropped afterwards. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `bench_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function runCrash(opts: CrashOptions): Promise<boolean> {
  console.log(`POD Studio crash test ${new Date().toISOString()} — node ${process.version}, ${opts.kills} kills per database`);
  let clean = true;
  if (opts.pglite) clean = (await crashOn('PGlite (embedded, on disk)', null, opts)) && clean;
  const pg = opts.pg ? opts.withPostgres() : null;
  if (pg) {
    try {
      const db = await freshDatabase(pg.url);
      try {
        clean = (await crashOn('PostgreSQL', db.url, opts)) && clean;
      } finally {
        await db.drop();
      }
    } finally {
      pg.stop();
    }
  }
  console.log(clean ? '\nAll checks held.' : '\nSOME CHECKS FAILED.');
  return clean;
}
