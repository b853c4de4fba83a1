/**
 * The server the security probes run against: the real app from the server harness (loopback
 * HTTP, a real database), with every optional part switched on so its routes do their real work
 * instead of answering "not configured": Shopify, PayPal and Stripe against the server suite's
 * loopback stand-ins, the operator token, the sister platform's hand-off, and a built client
 * (a page, an asset and a public file). A small generated catalogue is written, and the id
 * sequences are spread apart (see `spreadIdSequences`).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from '../../server/harness';
import { seedCatalog } from '../../server/fixtures';
import { startShopifyStandIn, type ShopifyStandIn } from '../../server/stand-ins/shopify';
import { startPayPalStandIn, type PayPalStandIn } from '../../server/stand-ins/paypal';
import { startStripeStandIn, type StripeStandIn } from '../../server/stand-ins/stripe';
import type { CatalogRows } from '../../../demo/catalog/build';
import { buildRouteTable, captureRoutes, type ApiDocument, type RouteTable } from './route-table';
import { describeTables, spreadIdSequences } from './snapshot';

export const OPS_TOKEN = 'security-suite-ops-token-5e1b7c9d3a';
export const SHOPIFY_APP = { apiKey: 'security-standin-key', apiSecret: 'shpss_securityStandInSecret0123' };
const PAYPAL = { clientId: 'AcSecurityStandIn', clientSecret: 'EcSecurityStandIn', webhookId: '5SECURITY0000000WEBHOOK' };
const STRIPE = { secretKey: 'sk_test_51SecurityStandIn', webhookSecret: 'whsec_securityStandIn', publishableKey: 'pk_test_51Security' };
export const SISTER_SECRET = 'security-sister-secret-0123456789';

export interface SecurityServer {
  s: TestServer;
  routes: RouteTable;
  catalog: CatalogRows;
  shopify: ShopifyStandIn;
  tables: Awaited<ReturnType<typeof describeTables>>;
  close(): Promise<void>;
}

/** The payment providers' keys and the operator token, handed to the server's config. */
const SERVER_ENV: Record<string, string> = {
  OPS_TOKEN,
  PAYPAL_CLIENT_ID: PAYPAL.clientId,
  PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
  PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
  STRIPE_SECRET_KEY: STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
  STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
};

export async function startSecurityServer(): Promise<SecurityServer> {
  const [shopify, paypal, stripe]: [ShopifyStandIn, PayPalStandIn, StripeStandIn] = await Promise.all([
    startShopifyStandIn(SHOPIFY_APP),
    startPayPalStandIn(PAYPAL),
    startStripeStandIn({ secretKey: STRIPE.secretKey }),
  ]);
  const clientDir = await mkdtemp(path.join(tmpdir(), 'pod-security-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-sec.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(clientDir, 'assets', 'index-sec.js'), 'console.log("app")');
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const env = { ...SERVER_ENV, PAYPAL_API_BASE: paypal.url, STRIPE_API_BASE: stripe.url };
  const capture = captureRoutes();
  let s: TestServer;
  try {
    s = await startServer({
      ...env,
      CLIENT_DIR: clientDir,
      SHOPIFY_API_KEY: SHOPIFY_APP.apiKey,
      SHOPIFY_API_SECRET: SHOPIFY_APP.apiSecret,
      SHOPIFY_ADMIN_ORIGIN: shopify.url,
      STORE_ORDER_PULL_MS: '0',
      EPOLO_URL: 'https://sister.example/auth/pod-login',
      EPOLO_SECRET: SISTER_SECRET,
    });
  } finally {
    capture.stop();
  }
  // Redirects, webhooks and pushed image URLs name this test server.
  s.config.shops.publicUrl = s.url;
  const catalog = await seedCatalog(s, { seed: 'security-suite', productCount: 12, imageSize: 128 });
  await spreadIdSequences(s.database.db);
  await s.app.ready();
  const routes = buildRouteTable(capture.routes, s.app.swagger() as unknown as ApiDocument);
  const tables = await describeTables(s.database.db);
  return {
    s,
    routes,
    catalog,
    shopify,
    tables,
    async close() {
      await s.close();
      await Promise.all([shopify.close(), paypal.close(), stripe.close()]);
      await rm(clientDir, { recursive: true, force: true });
    },
  };
}
