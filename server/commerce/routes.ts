/**
 * All commerce calls: cart and addresses, orders and checkout, coupons and invites, balance,
 * payments and provider webhooks, and the operator's fulfilment calls (OPS_TOKEN). The payment
 * gateways are the app's one set, made from its config in app.ts and shared with the Branding
 * Project's checkout.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import type { Gateways } from './payments/gateways';
import { cartRoutes } from './cart-routes';
import { orderRoutes } from './order-routes';
import { couponRoutes } from './coupon-routes';
import { balanceRoutes } from './balance-routes';
import { paymentRoutes } from './payments/routes';
import { opsRoutes } from './ops-routes';

export function commerceRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  cartRoutes(app, ctx);
  orderRoutes(app, ctx);
  couponRoutes(app, ctx);
  balanceRoutes(app, ctx, gateways);
  paymentRoutes(app, ctx, gateways);
  opsRoutes(app, ctx);
}
