/**
 * npm run bench:api — catalogue list latency at a fixed concurrency on loopback, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, or a throwaway server from scripts/pg-test-server.sh when
 * PostgreSQL is installed). Each row prints median, p99 and requests/s, and its ratio to the
 * floor measured in the same run: /prod-api/health, one trivial query through the same stack. The
 * default catalogue list's targets print as PASS or MISS.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { openDatabase } from '../../server/platform/db/client.ts';
import { createMailer } from '../../server/platform/mail.ts';
import { createBlobStorage } from '../../server/platform/blob-storage/index.ts';
import { ensureCatalog } from '../../demo/catalog/ensure.ts';

const { values } = parseArgs({ options: { requests: { type: 'string' }, concurrency: { type: 'string' }, 'no-pg': { type: 'boolean' } } });
const REQUESTS = Number(values.requests ?? 400);
const CONCURRENCY = Number(values.concurrency ?? 8);

const DEFAULT_LIST = '/prod-api/api/product/productsCatalogList?pageNum=1&pageSize=24';
const CASES: [string, string][] = [
  ['floor: health (one trivial query)', '/prod-api/health'],
  ['catalogue list, default (24 newest)', DEFAULT_LIST],
  [
    'category + price range + sort',
    '/prod-api/api/product/productsCatalogList?category=womens-clothing&minPrice=10&maxPrice=40&sort=price_asc&pageSize=24',
  ],
  ['text search + ship-from', '/prod-api/api/product/productsCatalogList?keyword=cotton%20tee&shipFrom=USA&pageSize=24'],
  ['deep page (page 40 of 25)', '/prod-api/api/product/productsCatalogList?pageNum=40&pageSize=25'],
  ['product detail getInfo', '/prod-api/api/product/getInfo/1001'],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

async function load(base: string, url: string): Promise<{ median: number; p99: number; rps: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < REQUESTS) {
      next++;
      const t = performance.now();
      const res = await fetch(base + url);
      const body = (await res.json()) as { code: number };
      times.push(performance.now() - t);
      if (res.status !== 200 || body.code !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { median: pct(times, 0.5), p99: pct(times, 0.99), rps: REQUESTS / wall, errors };
}

async function benchOn(kind: string, databaseUrl: string | null): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pod-bench-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    CLIENT_DIR: path.join(dataDir, 'none'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await database.migrate();
  const t = performance.now();
  const catalog = await ensureCatalog({ db: database.db, dataDir }, { seed: 'bench-api', imageSize: 256 });
  const mailer = createMailer({ smtpUrl: null, dataDir, from: config.mailFrom, log: { info() {} } as never });
  const app = await buildApp({ config, database, db: database.db, mailer, blobs: createBlobStorage(config) }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  console.log(
    `\n${kind}: ${catalog.products} products (catalogue ready in ${((performance.now() - t) / 1000).toFixed(1)} s), ${REQUESTS} requests per row, concurrency ${CONCURRENCY}`,
  );
  console.log(`${'case'.padEnd(40)} ${'median ms'.padStart(10)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'vs floor'.padStart(9)}`);
  let floor = 0;
  let list: Awaited<ReturnType<typeof load>> | null = null;
  for (const [name, url] of CASES) {
    await load(base, url); // warm-up pass: plans cached, pages in memory
    const r = await load(base, url);
    if (!floor) floor = r.median;
    if (url === DEFAULT_LIST) list = r;
    const ratio = `${(r.median / floor).toFixed(2)}x`;
    console.log(
      `${name.padEnd(40)} ${r.median.toFixed(2).padStart(10)} ${r.p99.toFixed(2).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${ratio.padStart(9)}${r.errors ? `  (${r.errors} errors!)` : ''}`,
    );
  }
  if (list) {
    // The catalogue grid's targets, set at concurrency 8.
    const pglite = databaseUrl === null;
    const pass = pglite ? list.rps >= 1000 && list.p99 <= 15 : list.p99 <= 5;
    console.log(
      `target, default catalogue list: ${pglite ? '≥ 1000 req/s and p99 ≤ 15 ms' : 'p99 ≤ 5 ms'} at concurrency 8: ${pass ? 'PASS' : 'MISS'} (${list.rps.toFixed(0)} req/s, p99 ${list.p99.toFixed(1)} ms${CONCURRENCY === 8 ? '' : `, measured at concurrency ${CONCURRENCY}`})`,
    );
  }
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`POD Studio API benchmark ${new Date().toISOString()} — node ${process.version}, loopback HTTP`);
await benchOn('PGlite (embedded)', null);
if (!values['no-pg']) {
  let url = process.env.BENCH_DATABASE_URL ?? null;
  let started: string | null = null;
  if (!url) {
    try {
      started = await mkdtemp(path.join(tmpdir(), 'pod-bench-pg-'));
      url = execFileSync('bash', ['scripts/pg-test-server.sh', 'start', started], { env: { ...process.env, PG_TEST_PORT: '54359' } })
        .toString()
        .trim();
    } catch {
      console.log('\nPostgreSQL: not installed here (apt-get install postgresql) and BENCH_DATABASE_URL not set: skipped');
      started = null;
    }
  }
  if (url) {
    try {
      await benchOn('PostgreSQL', url);
    } finally {
      if (started) execFileSync('bash', ['scripts/pg-test-server.sh', 'stop', started]);
    }
  }
}
