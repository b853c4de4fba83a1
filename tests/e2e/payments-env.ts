/**
 * PayPal for the e2e server: pointed at the loopback stand-in the balance spec starts on a fixed
 * port (the server calls it only when a merchant pays or tops up with PayPal). Card and Stripe
 * stay without keys, so the pages' "not configured" state is covered too.
 */
import { E2E_PORT } from './env';

export const PAYPAL_STANDIN_PORT = E2E_PORT + 1002;
export const PAYPAL_TEST_APP = { clientId: 'e2e-paypal-client', clientSecret: 'e2e-paypal-secret', webhookId: 'e2e-paypal-webhook' };

export const paymentsServerEnv: Record<string, string> = {
  PAYPAL_CLIENT_ID: PAYPAL_TEST_APP.clientId,
  PAYPAL_CLIENT_SECRET: PAYPAL_TEST_APP.clientSecret,
  PAYPAL_API_BASE: `http://127.0.0.1:${PAYPAL_STANDIN_PORT}`,
};
