/**
 * The store platforms of the e2e server: Shopify and Etsy pointed at loopback stand-ins the
 * stores spec starts on fixed ports (the server only calls them when a test connects a store;
 * Etsy's stand-in picks its own port, so a forwarder holds the fixed one). The apps' keys and
 * secrets are test values shared by the server and the stand-ins.
 */
import { E2E_PORT } from './env';

export const SHOPIFY_STANDIN_PORT = E2E_PORT + 1000;
export const SHOPIFY_TEST_APP = { apiKey: 'e2e-shopify-key', apiSecret: 'e2e-shopify-secret' };

export const ETSY_STANDIN_PORT = E2E_PORT + 1001;
export const ETSY_TEST_APP = { clientId: 'e2e-etsy-keystring', sharedSecret: 'e2e-etsy-secret' };

export const shopsServerEnv: Record<string, string> = {
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  SHOPIFY_API_KEY: SHOPIFY_TEST_APP.apiKey,
  SHOPIFY_API_SECRET: SHOPIFY_TEST_APP.apiSecret,
  SHOPIFY_ADMIN_ORIGIN: `http://127.0.0.1:${SHOPIFY_STANDIN_PORT}`,
  ETSY_CLIENT_ID: ETSY_TEST_APP.clientId,
  ETSY_SHARED_SECRET: ETSY_TEST_APP.sharedSecret,
  ETSY_API_ORIGIN: `http://127.0.0.1:${ETSY_STANDIN_PORT}`,
  ETSY_CONNECT_ORIGIN: `http://127.0.0.1:${ETSY_STANDIN_PORT}`,
  // The WooCommerce stand-in is a plain-http store on loopback, which production refuses.
  STORES_ALLOW_PRIVATE_HOSTS: '1',
};
