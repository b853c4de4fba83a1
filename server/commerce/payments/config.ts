/**
 * Payment providers are enabled by configuration (environment):
 * - PayPal: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET; PAYPAL_API_BASE (default the live API,
 *   https://api-m.paypal.com; https://api-m.sandbox.paypal.com for the sandbox, or any other base
 *   such as a local stand-in); PAYPAL_WEBHOOK_ID for webhook signature verification.
 * - Stripe (card and Stripe): STRIPE_SECRET_KEY; STRIPE_WEBHOOK_SECRET for webhooks;
 *   STRIPE_PUBLISHABLE_KEY for the client's Stripe.js; STRIPE_API_BASE to point at another base.
 * Without keys a method is listed as not configured and its calls answer so.
 */
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  webhookId: string | null;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | null;
  publishableKey: string | null;
  apiBase: string | null;
}

export interface PaymentsConfig {
  paypal: PayPalConfig | null;
  stripe: StripeConfig | null;
}

export const PAYPAL_LIVE_BASE = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_BASE = 'https://api-m.sandbox.paypal.com';

const val = (v: string | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);

export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv): PaymentsConfig {
  const ppId = val(env.PAYPAL_CLIENT_ID);
  const ppSecret = val(env.PAYPAL_CLIENT_SECRET);
  const stKey = val(env.STRIPE_SECRET_KEY);
  return {
    paypal:
      ppId && ppSecret
        ? {
            clientId: ppId,
            clientSecret: ppSecret,
            apiBase: (val(env.PAYPAL_API_BASE) ?? PAYPAL_LIVE_BASE).replace(/\/+$/, ''),
            webhookId: val(env.PAYPAL_WEBHOOK_ID),
          }
        : null,
    stripe: stKey
      ? {
          secretKey: stKey,
          webhookSecret: val(env.STRIPE_WEBHOOK_SECRET),
          publishableKey: val(env.STRIPE_PUBLISHABLE_KEY),
          apiBase: val(env.STRIPE_API_BASE)?.replace(/\/+$/, '') ?? null,
        }
      : null,
  };
}
