/**
 * Payment calls: the method list (which providers are configured), PayPal (create order,
 * capture), Stripe for card and Stripe (create PaymentIntent, confirm, sync), a payment's status,
 * and the two providers' webhooks, which read the raw body to check signatures.
 * Every create/confirm takes an Idempotency-Key (header or idempotencyKey field).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { requireUser } from '../../accounts/session';
import { enforce } from '../../platform/rate-limit';
import { AppError, okData } from '../../platform/envelope';
import { Code } from '../../../contract/envelope';
import type { Gateways } from './gateways';
import { paymentMethods } from './gateways';
import { ProviderFlows } from './provider-flows';
import { paymentById, type OpenPayment } from './payments';
import { asInt, bodyOf, idOf, idempotencyKeyOf, paramsOf, pick, textOf, type Body } from '../../platform/request-fields';

export const PaymentLimits = {
  createPerUser: { max: 60, windowMs: 10 * 60_000 },
} as const;

/** An order payment (orderId) or a balance top-up (purpose 'topup' with amount in cents). */
export function openOf(request: FastifyRequest, b: Body): Omit<OpenPayment, 'method'> {
  const key = idempotencyKeyOf(request, b);
  const purpose = String(pick(b, 'purpose') ?? (pick(b, 'orderId') !== undefined ? 'order' : ''));
  if (purpose === 'topup') {
    const amount = asInt(pick(b, 'amount'));
    if (amount === null) throw new AppError('amount (cents) is required');
    return { purpose: 'topup', amount, key };
  }
  return { purpose: 'order', orderId: idOf(pick(b, 'orderId', 'id'), 'orderId'), key };
}

export function paymentRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  const { db } = ctx;
  const flows = new ProviderFlows(db, gateways, app.log);

  app.get('/api/payment/methods', async () => okData(paymentMethods(gateways)));

  app.get('/api/payment/status/:id', async (request) => {
    const userId = await requireUser(request);
    const p = await paymentById(db, userId, idOf(paramsOf(request).id, 'id'));
    return okData({
      paymentId: p.id,
      orderId: p.orderId,
      purpose: p.purpose,
      method: p.method,
      amount: p.amount,
      status: p.status,
      failureReason: p.failureReason,
    });
  });

  app.post('/api/payment/paypal/createOrder', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const open = openOf(request, b);
    await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
    return okData(await flows.paypalCreate(userId, open));
  });

  app.post('/api/payment/paypal/captureOrder', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const ref = pick(b, 'paypalOrderId', 'orderID', 'token');
    const p =
      ref !== undefined
        ? await flows.paypalPaymentFor(userId, textOf(ref, 'paypalOrderId', 64))
        : await paymentById(db, userId, idOf(pick(b, 'paymentId'), 'paymentId'));
    if (p.method !== 'paypal') throw new AppError('This is not a PayPal payment');
    return okData(await flows.paypalCapture(p, `merchant:${userId}`));
  });

  /** Stripe PaymentIntent for method 'card' (record type 9) or 'stripe' (record type 14). */
  app.post('/api/payment/stripe/createIntent', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const method = String(pick(b, 'method') ?? 'card');
    if (method !== 'card' && method !== 'stripe') throw new AppError("method must be 'card' or 'stripe'");
    const open = openOf(request, b);
    await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
    return okData(await flows.stripeCreate(userId, method, open));
  });

  app.post('/api/payment/stripe/confirm', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const p = await paymentById(db, userId, idOf(pick(b, 'paymentId'), 'paymentId'));
    if (p.method !== 'card' && p.method !== 'stripe') throw new AppError('This is not a Stripe payment');
    const pm = textOf(pick(b, 'paymentMethodId', 'payment_method'), 'paymentMethodId', 255);
    if (!pm) throw new AppError('paymentMethodId is required');
    return okData(await flows.stripeConfirm(p, pm, `merchant:${userId}`));
  });

  app.post('/api/payment/stripe/sync', async (request) => {
    const userId = await requireUser(request);
    const p = await paymentById(db, userId, idOf(pick(bodyOf(request), 'paymentId'), 'paymentId'));
    if (p.method !== 'card' && p.method !== 'stripe') throw new AppError('This is not a Stripe payment');
    return okData(await flows.stripeSync(p, `merchant:${userId}`));
  });

  // Webhooks: the raw body is kept as a string (signatures are computed over the exact bytes).
  app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

    hooks.post('/api/payment/paypal/webhook', async (request, reply) => {
      if (!gateways.paypal || !gateways.config.paypal?.webhookId)
        return reply.status(404).send({ code: Code.NOT_FOUND, msg: 'PayPal webhooks are not configured' });
      const raw = typeof request.body === 'string' ? request.body : '';
      let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(raw) as typeof event;
      } catch {
        return reply.status(400).send({ code: Code.ERROR, msg: 'Invalid JSON' });
      }
      const h = (name: string) => String(request.headers[name] ?? '');
      const verified = await gateways.paypal
        .verifyWebhook(
          {
            transmissionId: h('paypal-transmission-id'),
            transmissionTime: h('paypal-transmission-time'),
            transmissionSig: h('paypal-transmission-sig'),
            certUrl: h('paypal-cert-url'),
            authAlgo: h('paypal-auth-algo'),
          },
          event,
        )
        .catch((err: unknown) => {
          request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'PayPal webhook verification call failed');
          return false;
        });
      if (!verified || !event.id) {
        request.log.warn({ eventId: event.id }, 'PayPal webhook refused: signature not verified');
        return reply.status(400).send({ code: Code.ERROR, msg: 'Webhook signature verification failed' });
      }
      if (!(await flows.firstDelivery('paypal', event.id))) return { code: Code.SUCCESS, msg: 'duplicate', duplicate: true };
      const result = await flows.paypalEvent(event);
      await flows.markDelivered('paypal', event.id, String(event.event_type ?? ''));
      request.log.info({ eventId: event.id, type: event.event_type, result }, 'PayPal webhook handled');
      return { code: Code.SUCCESS, msg: result };
    });

    hooks.post('/api/payment/stripe/webhook', async (request, reply) => {
      if (!gateways.stripe || !gateways.config.stripe?.webhookSecret)
        return reply.status(404).send({ code: Code.NOT_FOUND, msg: 'Stripe webhooks are not configured' });
      const raw = typeof request.body === 'string' ? request.body : '';
      let event;
      try {
        event = gateways.stripe.verifyWebhook(raw, String(request.headers['stripe-signature'] ?? ''));
      } catch (err) {
        request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Stripe webhook refused');
        return reply.status(400).send({ code: Code.ERROR, msg: 'Webhook signature verification failed' });
      }
      if (!(await flows.firstDelivery('stripe', event.id))) return { code: Code.SUCCESS, msg: 'duplicate', duplicate: true };
      const result = await flows.stripeEvent(event);
      await flows.markDelivered('stripe', event.id, event.type);
      request.log.info({ eventId: event.id, type: event.type, result }, 'Stripe webhook handled');
      return { code: Code.SUCCESS, msg: result };
    });
  });
}
