/**
 * The store platforms of the e2e server: Shopify pointed at a loopback stand-in the stores spec
 * starts on a fixed port (the server only calls it when a test connects a store). The app's
 * key and secret are test values shared by the server and the stand-in.
 */
import { E2E_PORT } from './env';

export const SHOPIFY_STANDIN_PORT = E2E_PORT + 1000;
export const SHOPIFY_TEST_APP = { apiKey: 'e2e-shopify-key', apiSecret: 'e2e-shopify-secret' };

export const storesServerEnv: Record<string, string> = {
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  SHOPIFY_API_KEY: SHOPIFY_TEST_APP.apiKey,
  SHOPIFY_API_SECRET: SHOPIFY_TEST_APP.apiSecret,
  SHOPIFY_ADMIN_ORIGIN: `http://127.0.0.1:${SHOPIFY_STANDIN_PORT}`,
};
