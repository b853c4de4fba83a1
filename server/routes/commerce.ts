/**
 * All commerce calls (issue 6): cart and addresses, orders and checkout, coupons and invites,
 * balance, payments and provider webhooks, and the operator's fulfilment calls (OPS_TOKEN). Providers are configured from the environment
 * (server/payments/config.ts) when the app is built.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createGateways, paymentsConfigFromEnv, type PaymentsConfig } from '../payments';
import { cartRoutes } from './cart';
import { orderRoutes } from './orders';
import { couponRoutes } from './coupons';
import { balanceRoutes } from './balance';
import { paymentRoutes } from './commerce-payments';
import { opsRoutes } from './commerce-ops';

export function commerceRoutes(app: FastifyInstance, ctx: AppContext, payments: PaymentsConfig = paymentsConfigFromEnv()): void {
  const gateways = createGateways(payments);
  cartRoutes(app, ctx);
  orderRoutes(app, ctx);
  couponRoutes(app, ctx);
  balanceRoutes(app, ctx, gateways);
  paymentRoutes(app, ctx, gateways);
  opsRoutes(app, ctx);
}
