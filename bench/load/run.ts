/**
 * npm run bench:load — the real server under a mixed load at a fixed concurrency, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, or a throwaway server from scripts/pg-test-server.sh when
 * PostgreSQL is installed). The server is built in this process as bench:api builds it; the load
 * comes from a forked client process (./client.ts), so timing requests does not take the
 * server's event loop.
 *
 * Phases, each at --concurrency lanes: the floor (/prod-api/health, one trivial query through the
 * same stack), the default catalogue list alone, then the mix: anonymous catalogue lists and
 * product details, logged-in reads of several merchants (getInfo, my products, cart, orders) and
 * checkouts (add to cart → create order → pay from balance). The floor and the list take a sixth
 * of --duration each, the mix the rest. Every row prints p50, p99, requests/s, errors, and p50 as a
 * multiple of the floor's. `--crash` runs the crash test instead (./crash.ts).
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { openDatabase } from '../../server/platform/db/client.ts';
import { createMailer } from '../../server/platform/mail.ts';
import { createBlobStorage } from '../../server/platform/blob-storage/index.ts';
import { ensureCatalog } from '../../demo/catalog/ensure.ts';
import { creditOnce } from '../../server/commerce/ledger.ts';
import { findUserByEmail } from '../../server/accounts/users.ts';
import { RecordType } from '../../contract/commerce.ts';
import { catalogueSample, saveProducts, signUp, type Merchant } from './api.ts';
import type { PhaseFigures, Plan } from './client.ts';
import { runCrash } from './crash.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    concurrency: { type: 'string' },
    merchants: { type: 'string' },
    'no-pg': { type: 'boolean' },
    'no-pglite': { type: 'boolean' },
    crash: { type: 'boolean' },
    kills: { type: 'string' },
  },
});
const DURATION = Number(values.duration ?? 60);
const CONCURRENCY = Number(values.concurrency ?? 16);
const MERCHANTS = Number(values.merchants ?? 48);
if (!(DURATION >= 6) || !(CONCURRENCY >= 1) || !(MERCHANTS >= 1))
  throw new Error('--duration (≥ 6 s), --concurrency and --merchants must be positive');

/** Money enough for every checkout a run can make: cents. */
const STARTING_BALANCE = 500_000_000;

const here = path.dirname(fileURLToPath(import.meta.url));

function printPhase(p: PhaseFigures, floorP50: number | null): void {
  console.log(`\n  ${p.name} (${p.seconds.toFixed(1)} s, ${CONCURRENCY} lanes)`);
  console.log(
    `  ${'row'.padEnd(30)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)} ${'p50 vs floor'.padStart(13)}`,
  );
  for (const r of [...p.rows, p.total]) {
    const ratio = floorP50 ? `${(r.p50 / floorP50).toFixed(2)}x` : '';
    console.log(
      `  ${r.name.padEnd(30)} ${String(r.count).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)} ${ratio.padStart(13)}${r.firstError ? `  first error: ${r.firstError}` : ''}`,
    );
  }
  if (p.deferred) console.log(`  ${p.deferred} checkouts were left out: every merchant had used its 60 a minute (--merchants)`);
}

async function benchOn(kind: string, databaseUrl: string | null): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pod-bench-load-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    CLIENT_DIR: path.join(dataDir, 'none'),
    CAPTCHA: 'off',
    TRUST_PROXY: '1',
    DEMO: '0',
    // The cheapest password hashing the server allows: sign-ups are set-up here, not what is measured.
    PASSWORD_SCRYPT_LOG_N: '14',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await database.migrate();
  const t = performance.now();
  const catalog = await ensureCatalog({ db: database.db, dataDir }, { seed: 'bench-load', imageSize: 256 });
  const mailer = createMailer({ smtpUrl: null, dataDir, from: config.mailFrom, log: { info() {} } as never });
  const app = await buildApp({ config, database, db: database.db, mailer, blobs: createBlobStorage(config) }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const sample = await catalogueSample(base);
    const tag = Date.now().toString(36);
    const merchants: Merchant[] = [];
    for (let i = 0; i < MERCHANTS; i++) merchants.push(await signUp(base, path.join(dataDir, 'outbox'), i + 1, tag));
    for (const [i, m] of merchants.entries()) {
      await saveProducts(base, m, sample.orderable, 4 + (i % 5));
      const user = await findUserByEmail(database.db, m.email);
      if (!user) throw new Error(`no user ${m.email}`);
      // Top-ups go through PayPal or Stripe; the bench credits the ledger as the tests do.
      await database.db.transaction((tx) =>
        creditOnce(tx, {
          userId: user.id,
          type: RecordType.PREPAYMENT,
          amount: STARTING_BALANCE,
          balanceChange: STARTING_BALANCE,
          remark: 'bench:load starting balance',
          grantKey: `bench-load-${m.email}`,
        }),
      );
    }
    console.log(
      `\n${kind}: ${catalog.products} products, ${MERCHANTS} merchants signed up (ready in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );

    const slice = Math.max(2, Math.round(DURATION / 6));
    const plan: Plan = {
      base,
      merchants,
      productIds: sample.productIds,
      orderable: sample.orderable,
      concurrency: CONCURRENCY,
      phases: [
        // Warm-up: JIT, plans, pages in memory, kept catalogue answers.
        { name: 'warm-up', kind: 'mix', seconds: Math.min(5, slice), report: false },
        { name: 'floor: /prod-api/health alone', kind: 'floor', seconds: slice, report: true },
        { name: 'catalogue list alone (default page)', kind: 'list', seconds: slice, report: true },
        { name: 'mix', kind: 'mix', seconds: DURATION - 2 * slice, report: true },
      ],
    };
    const child = fork(path.join(here, 'client.ts'), [], { execArgv: process.execArgv });
    const phases: PhaseFigures[] = [];
    await new Promise<void>((resolve, reject) => {
      child.on('message', (m: PhaseFigures | 'done') => {
        if (m === 'done') return resolve();
        phases.push(m);
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load client exited with ${code}`))));
      child.send(plan);
    });
    const floor = phases.find((p) => p.kind === 'floor')!;
    const floorP50 = floor.total.p50;
    for (const p of phases) printPhase(p, floorP50);
    const list = phases.find((p) => p.kind === 'list')!.total;
    console.log(
      `\n  catalogue list alone: ${list.rps.toFixed(0)} req/s = ${((list.rps / floor.total.rps) * 100).toFixed(0)} % of the floor's ${floor.total.rps.toFixed(0)}; p99 ${list.p99.toFixed(1)} ms (floor ${floor.total.p99.toFixed(1)} ms)`,
    );
    return phases.every((p) => p.total.errors === 0);
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL from BENCH_DATABASE_URL, or a throwaway server; null when neither can be had. */
function withPostgres(): { url: string; stop: () => void } | null {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, stop: () => {} };
  const dir = path.join(tmpdir(), `pod-bench-load-pg-${process.pid}`);
  try {
    const url = execFileSync('bash', ['scripts/pg-test-server.sh', 'start', dir], { env: { ...process.env, PG_TEST_PORT: '54361' } })
      .toString()
      .trim();
    return {
      url,
      stop: () => {
        execFileSync('bash', ['scripts/pg-test-server.sh', 'stop', dir]);
        execFileSync('rm', ['-rf', dir]);
      },
    };
  } catch {
    console.log('\nPostgreSQL: not installed here (apt-get install postgresql) and BENCH_DATABASE_URL not set: skipped');
    return null;
  }
}

let clean = true;
if (values.crash) {
  clean = await runCrash({
    kills: Number(values.kills ?? 10),
    merchants: Math.min(MERCHANTS, 24),
    pg: !values['no-pg'],
    pglite: !values['no-pglite'],
    withPostgres,
  });
} else {
  console.log(
    `POD Studio load benchmark ${new Date().toISOString()} — node ${process.version}, loopback HTTP, ${CONCURRENCY} lanes, ${DURATION} s per database`,
  );
  if (!values['no-pglite']) clean = (await benchOn('PGlite (embedded)', null)) && clean;
  const pg = values['no-pg'] ? null : withPostgres();
  if (pg) {
    try {
      clean = (await benchOn('PostgreSQL', pg.url)) && clean;
    } finally {
      pg.stop();
    }
  }
}
process.exitCode = clean ? 0 : 1;
