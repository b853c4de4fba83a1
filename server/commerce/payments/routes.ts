/**
 * Payment calls: the method list (which providers are configured), PayPal (create order,
 * capture), Stripe for card and Stripe (create PaymentIntent, confirm, sync), a payment's status,
 * and the two providers' webhooks, which read the raw body to check signatures.
 * Every create/confirm takes an Idempotency-Key (header or idempotencyKey field).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { requireUser } from '../../accounts/session';
import { enforce } from '../../platform/rate-limit';
import { AppError, okData } from '../../platform/envelope';
import { Code } from '../../../contract/envelope';
import type { Gateways } from './gateways';
import { paymentMethods } from './gateways';
import { ProviderFlows } from './provider-flows';
import { paymentById, type OpenPayment } from './payments';
import { aka, id, idParams, isBlank, optionalId, optionalText, text } from '../../platform/http-schema/fields';
import { dataReply, okReply, refusal } from '../../platform/http-schema/replies';
import { amountRequired, idempotencyKeyField, optionalAmountCents, idempotencyKeyOf } from '../fields';
import { flowResult, paymentMethodInfo, paymentState } from './payment-replies';
import { sessionSecurity as security } from '../../accounts/signed-in';

export const PaymentLimits = {
  createPerUser: { max: 60, windowMs: 10 * 60_000 },
} as const;

const tags = ['payments'];

/** An order payment (orderId) or a balance top-up (purpose 'topup' with amount in cents). */
const openFields = {
  purpose: optionalText('purpose', 20).meta({ description: "'topup' tops the balance up by amount; otherwise the order orderId is paid" }),
  orderId: aka(optionalId('orderId'), 'id'),
  amount: optionalAmountCents.meta({ description: 'Top-ups: the amount, cents (1 to 10000 USD)' }),
  idempotencyKey: idempotencyKeyField,
};
type OpenFields = z.output<z.ZodObject<typeof openFields>>;

function openOf(request: FastifyRequest, b: OpenFields): Omit<OpenPayment, 'method'> {
  const key = idempotencyKeyOf(request, b);
  if (b.purpose === 'topup') {
    if (b.amount === undefined) throw new AppError(amountRequired);
    return { purpose: 'topup', amount: b.amount, key };
  }
  if (b.orderId === undefined) throw new AppError('orderId is required');
  return { purpose: 'order', orderId: b.orderId, key };
}

const paymentIdField = id('paymentId');

export function paymentRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  const { db } = ctx;
  const flows = new ProviderFlows(db, gateways, app.log);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/payment/methods',
    {
      schema: {
        tags,
        summary: 'The payment methods and whether each is configured, with the public ids the client SDKs need',
        response: { 200: dataReply(z.array(paymentMethodInfo)) },
      },
    },
    async () => okData(paymentMethods(gateways)),
  );

  api.get(
    '/api/payment/status/:id',
    {
      schema: { tags, security, summary: "A payment's status", params: idParams, response: { 200: dataReply(paymentState) } },
    },
    async (request) => {
      const userId = await requireUser(request);
      const p = await paymentById(db, userId, request.params.id);
      return okData({
        paymentId: p.id,
        orderId: p.orderId,
        purpose: p.purpose,
        method: p.method,
        amount: p.amount,
        status: p.status,
        failureReason: p.failureReason,
      });
    },
  );

  api.post(
    '/api/payment/paypal/createOrder',
    {
      schema: {
        tags,
        security,
        summary: 'Create a PayPal order for an order or a top-up (the payer then approves it)',
        body: z.object(openFields),
        response: { 200: dataReply(flowResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const open = openOf(request, request.body);
      await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
      return okData(await flows.paypalCreate(userId, open));
    },
  );

  api.post(
    '/api/payment/paypal/captureOrder',
    {
      schema: {
        tags,
        security,
        summary: 'Capture an approved PayPal order (by its PayPal id, or the payment id)',
        body: z.object({
          paypalOrderId: aka(optionalText('paypalOrderId', 64), 'orderID', 'token'),
          paymentId: optionalId('paymentId'),
        }),
        response: { 200: dataReply(flowResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      if (b.paypalOrderId === undefined && b.paymentId === undefined) throw new AppError('paymentId is required');
      const p =
        b.paypalOrderId !== undefined ? await flows.paypalPaymentFor(userId, b.paypalOrderId) : await paymentById(db, userId, b.paymentId!);
      if (p.method !== 'paypal') throw new AppError('This is not a PayPal payment');
      return okData(await flows.paypalCapture(p, `merchant:${userId}`));
    },
  );

  /** Stripe PaymentIntent for method 'card' (record type 9) or 'stripe' (record type 14). */
  api.post(
    '/api/payment/stripe/createIntent',
    {
      schema: {
        tags,
        security,
        summary: 'Create a Stripe PaymentIntent (card or Stripe) for an order or a top-up',
        body: z.object({
          method: z.preprocess(
            (v) => (isBlank(v) ? undefined : v),
            z.enum(['card', 'stripe'], { error: "method must be 'card' or 'stripe'" }).default('card'),
          ),
          ...openFields,
        }),
        response: { 200: dataReply(flowResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const open = openOf(request, request.body);
      await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
      return okData(await flows.stripeCreate(userId, request.body.method, open));
    },
  );

  api.post(
    '/api/payment/stripe/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm a Stripe payment on the server with a payment method id',
        body: z.object({
          paymentId: paymentIdField,
          paymentMethodId: aka(text('paymentMethodId', 255), 'payment_method').meta({
            description: 'e.g. from Stripe.js createPaymentMethod',
          }),
        }),
        response: { 200: dataReply(flowResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const p = await paymentById(db, userId, b.paymentId);
      if (p.method !== 'card' && p.method !== 'stripe') throw new AppError('This is not a Stripe payment');
      if (!b.paymentMethodId) throw new AppError('paymentMethodId is required');
      return okData(await flows.stripeConfirm(p, b.paymentMethodId, `merchant:${userId}`));
    },
  );

  api.post(
    '/api/payment/stripe/sync',
    {
      schema: {
        tags,
        security,
        summary: 'After Stripe.js confirmed on the page: read the PaymentIntent and settle it when it succeeded',
        body: z.object({ paymentId: paymentIdField }),
        response: { 200: dataReply(flowResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const p = await paymentById(db, userId, request.body.paymentId);
      if (p.method !== 'card' && p.method !== 'stripe') throw new AppError('This is not a Stripe payment');
      return okData(await flows.stripeSync(p, `merchant:${userId}`));
    },
  );

  // Webhooks: the raw body is kept as a string (signatures are computed over the exact bytes).
  app.register(async (plugin) => {
    plugin.removeContentTypeParser('application/json');
    plugin.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    const hooks = plugin.withTypeProvider<ZodTypeProvider>();
    const webhook = (provider: string, signature: string) => ({
      schema: {
        tags,
        summary: `${provider}'s webhook: a signed event, handled once`,
        description: `The provider's event as raw JSON, verified by ${signature} before anything is done. A replayed event is acknowledged and ignored.`,
        response: {
          200: okReply({ duplicate: z.boolean().optional().meta({ description: 'True for an event already handled' }) }).meta({
            description: 'Handled: msg says what it did (paid, already, credited, topup, failed, ignored, …)',
          }),
          400: refusal.meta({ description: 'Not JSON, or the signature did not verify' }),
          404: refusal.meta({ description: 'The provider or its webhook secret is not configured' }),
        },
      },
    });

    hooks.post('/api/payment/paypal/webhook', webhook('PayPal', "PayPal's verify-webhook-signature"), async (request, reply) => {
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

    hooks.post('/api/payment/stripe/webhook', webhook('Stripe', 'the Stripe-Signature header'), async (request, reply) => {
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
