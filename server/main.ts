/** `npm start`: open and migrate the database, seed the demo, serve the app and the API on one port. */
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { createMailer } from './platform/mail';
import { createBlobStorage } from './platform/blob-storage';
import { buildApp } from './app';
import { catalogOptionsFromEnv, ensureCatalog } from '../demo/catalog/ensure';
import { ensureMaterials, materialOptionsFromEnv } from '../demo/materials/ensure';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../demo/merchant';
import { startShopJobs } from './shops/jobs';
import { existsSync } from 'node:fs';
import path from 'node:path';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
// First start generates the demo catalogue (rows and pictures); later starts find its marker and reuse it.
const catalog = await ensureCatalog({ db: database.db, dataDir: config.dataDir }, catalogOptionsFromEnv(process.env));
const materials = await ensureMaterials({ db: database.db, dataDir: config.dataDir }, materialOptionsFromEnv(process.env));

let app: Awaited<ReturnType<typeof buildApp>> | null = null;
const mailerLog = { info: (o: unknown, m?: string) => app?.log.info(o, m) } as never;
const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, log: mailerLog });
app = await buildApp({ config, database, db: database.db, mailer, blobs: createBlobStorage(config) });
app.log.info(catalog, catalog.rowsGenerated || catalog.imagesGenerated ? 'catalogue generated' : 'catalogue reused');
app.log.info(materials, materials.rowsGenerated || materials.imagesGenerated ? 'materials generated' : 'materials reused');

if (config.demo) {
  const { created } = await seedDemo(database.db);
  app.log.info({ created }, 'demo merchant ready');
}
if (!existsSync(path.join(config.clientDir, 'index.html'))) {
  app.log.warn({ clientDir: config.clientDir }, 'client is not built: run `npm run build` (npm start does it) to serve the app');
}

// Shop pushes and order pulls run as background jobs; close() waits for the job in hand.
const shopJobs = startShopJobs({ db: database.db, config: config.shops, dataDir: config.dataDir, log: app.log });

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
console.log(`\n  POD Studio is running at ${where}  (database: ${database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`);
if (config.demo) console.log(`  Demo merchant: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
if (!config.captcha) console.log('  Image codes are off (CAPTCHA=off)');
if (!config.smtpUrl) console.log(`  Mail goes to ${path.join(config.dataDir, 'outbox')}`);
console.log('');
