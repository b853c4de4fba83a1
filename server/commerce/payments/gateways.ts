/** The configured payment providers of one app, and the payment-method list the client shows. */
import { NOT_CONFIGURED, PAY_METHOD_RECORD_TYPE, type PaymentMethodInfo } from '../../../contract/commerce';
import type { PaymentsConfig } from './config';
import { PayPalGateway } from './paypal';
import { StripeGateway } from './stripe';

export interface Gateways {
  config: PaymentsConfig;
  paypal: PayPalGateway | null;
  stripe: StripeGateway | null;
}

export function createGateways(config: PaymentsConfig): Gateways {
  return {
    config,
    paypal: config.paypal ? new PayPalGateway(config.paypal) : null,
    stripe: config.stripe ? new StripeGateway(config.stripe) : null,
  };
}

export function paymentMethods(g: Gateways): PaymentMethodInfo[] {
  const info = (
    method: PaymentMethodInfo['method'],
    name: string,
    configured: boolean,
    extra: Partial<PaymentMethodInfo> = {},
  ): PaymentMethodInfo => ({
    method,
    name,
    recordType: PAY_METHOD_RECORD_TYPE[method],
    configured,
    message: configured ? null : NOT_CONFIGURED,
    ...extra,
  });
  return [
    info('balance', 'Balance', true),
    info('paypal', 'PayPal', !!g.paypal, { clientId: g.config.paypal?.clientId ?? null }),
    info('card', 'Credit Card', !!g.stripe, { publishableKey: g.config.stripe?.publishableKey ?? null }),
    info('stripe', 'Stripe', !!g.stripe, { publishableKey: g.config.stripe?.publishableKey ?? null }),
  ];
}

export { PayPalGateway, PayPalError } from './paypal';
export { StripeGateway, StripeGatewayError } from './stripe';
