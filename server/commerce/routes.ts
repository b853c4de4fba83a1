/**
 * All commerce calls: cart and addresses, orders and checkout, coupons and invites, balance,
 * payments and provider webhooks, and the operator's fulfilment calls (OPS_TOKEN). Payment
 * providers are configured from the environment (./payments/config.ts) when the app is built.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { createGateways, paymentsConfigFromEnv, type PaymentsConfig } from './payments/gateways';
import { cartRoutes } from './cart-routes';
import { orderRoutes } from './order-routes';
import { couponRoutes } from './coupon-routes';
import { balanceRoutes } from './balance-routes';
import { paymentRoutes } from './payments/routes';
import { opsRoutes } from './ops-routes';

export function commerceRoutes(app: FastifyInstance, ctx: AppContext, payments: PaymentsConfig = paymentsConfigFromEnv()): void {
  const gateways = createGateways(payments);
  cartRoutes(app, ctx);
  orderRoutes(app, ctx);
  couponRoutes(app, ctx);
  balanceRoutes(app, ctx, gateways);
  paymentRoutes(app, ctx, gateways);
  opsRoutes(app, ctx);
}
