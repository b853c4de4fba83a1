/**
 * `npm start` (after scripts/start.ts has built the client if needed) and `npm run serve`: open and
 * migrate the database, seed the demo, serve the app and the API on one port.
 *
 * At a terminal it prints a short start-up (address, demo login, where data lives) and readable log
 * lines; when stdout is not a terminal (CI, e2e, a process manager) every line is pino JSON.
 */
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { createMailer } from './platform/mail';
import { createBlobStorage } from './platform/blob-storage';
import { prettyLogStream } from './platform/log-format';
import { buildApp, loggerOptions } from './app';
import { catalogOptionsFromEnv, ensureCatalog } from '../demo/catalog/ensure';
import { ensureMaterials, materialOptionsFromEnv } from '../demo/materials/ensure';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../demo/merchant';
import { startShopJobs } from './shops/jobs';
import { buyerImageSweepTask } from './personalization/buyer-image-sweep';
import { existsSync } from 'node:fs';
import path from 'node:path';

const terminal = Boolean(process.stdout.isTTY);
const say = (line: string) => {
  if (terminal) console.log(line);
};
const here = (p: string) => {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? `./${rel}` : p;
};

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
// First start generates the demo catalogue (rows and pictures); later starts find its marker and reuse it.
// Said only when it takes a while, so a normal start stays quiet.
const slow = setTimeout(
  () => say('  Generating the demo catalogue and design materials (first start only, about a minute on 2 cores)…'),
  2000,
);
const catalog = await ensureCatalog({ db: database.db, dataDir: config.dataDir }, catalogOptionsFromEnv(process.env));
const materials = await ensureMaterials({ db: database.db, dataDir: config.dataDir }, materialOptionsFromEnv(process.env));
clearTimeout(slow);

const jsonLogs = loggerOptions(config.logLevel) as Exclude<ReturnType<typeof loggerOptions>, boolean | undefined>;
// Fastify's "Server listening at …" lines (one per interface) would repeat the start-up's address.
const logger = terminal ? { ...jsonLogs, stream: prettyLogStream({ hide: /^Server listening at / }) } : jsonLogs;
let app: Awaited<ReturnType<typeof buildApp>> | null = null;
const mailerLog = { info: (o: unknown, m?: string) => app?.log.info(o, m) } as never;
const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, log: mailerLog });
const blobs = createBlobStorage(config);
app = await buildApp({ config, database, db: database.db, mailer, blobs }, { logger });
const generated = catalog.rowsGenerated || catalog.imagesGenerated || materials.rowsGenerated || materials.imagesGenerated;
// The demo data's details matter when it was just made; a start that reused it says so only in JSON logs.
if (generated || !terminal) {
  app.log.info(catalog, catalog.rowsGenerated || catalog.imagesGenerated ? 'catalogue generated' : 'catalogue reused');
  app.log.info(materials, materials.rowsGenerated || materials.imagesGenerated ? 'materials generated' : 'materials reused');
}

if (config.demo) {
  const { created } = await seedDemo(database.db);
  if (!terminal) app.log.info({ created }, 'demo merchant ready');
}
const clientBuilt = existsSync(path.join(config.clientDir, 'index.html'));
if (!clientBuilt) {
  app.log.warn({ clientDir: config.clientDir }, 'client is not built: run `npm run build` (npm start does it) to serve the app');
}

// Shop pushes, order pulls and the periodic sweeps run as background jobs; close() waits for the job in hand.
const shopJobs = startShopJobs({
  db: database.db,
  config: config.shops,
  dataDir: config.dataDir,
  log: app.log,
  blobs,
  periodic: [buyerImageSweepTask(database.db, blobs, app.log)],
});

const shutdown = async (signal: string) => {
  app?.log.info({ signal }, 'shutting down');
  await shopJobs.close();
  await app?.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

const where = `http://localhost:${config.port}`;
const data = config.databaseUrl
  ? `files in ${here(config.dataDir)}, database PostgreSQL (DATABASE_URL)`
  : `${here(config.dataDir)} (embedded PGlite database in ${here(path.join(config.dataDir, 'pglite'))})`;
const demoLogin = config.demo ? `${DEMO_EMAIL} / ${DEMO_PASSWORD}` : null;
const mail = config.smtpUrl ? null : here(path.join(config.dataDir, 'outbox'));
if (terminal) {
  const rows: [string, string | null][] = [
    ['Demo login', demoLogin],
    ['Data', data],
    ['Mail', mail && `not sent: written to ${mail}`],
    ['Image codes', config.captcha ? null : 'off (CAPTCHA=off)'],
    ['Public URL', process.env.PUBLIC_URL ? config.shops.publicUrl : null],
  ];
  console.log(`\n  POD Studio is running at \x1b[1m${where}\x1b[0m${clientBuilt ? '' : ' (API only: the client is not built)'}\n`);
  for (const [label, text] of rows) if (text) console.log(`  ${label.padEnd(12)} ${text}`);
  console.log('\n  Logs follow; Ctrl+C stops.\n');
} else {
  app.log.info({ url: where, demoLogin, dataDir: config.dataDir, database: database.kind, mailOutbox: mail }, 'POD Studio is running');
}
