/**
 * The provider payment flows the routes and webhooks share: start (open a payment row, create the
 * PayPal order or Stripe PaymentIntent with idempotency keys derived from the row), finish
 * (PayPal capture, Stripe confirm or sync) and the webhook handlers. Settling is idempotent
 * (settleProviderPayment), so a retried call or a replayed webhook never records money twice.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { payments, webhookEvents } from '../schema';
import { AppError } from '../../platform/envelope';
import { CommerceMessages, decimalToCents } from '../../../contract/commerce';
import type { Gateways } from './gateways';
import { PayPalError, type PayPalOrderResult } from './paypal';
import { StripeGatewayError, type IntentResult, type StripeMethod } from './stripe';
import {
  assertCapturable,
  attachProviderRef,
  failPayment,
  openProviderPayment,
  paymentByRef,
  settleProviderPayment,
  type OpenPayment,
  type PaymentRow,
  type ProviderMethod,
  type SettleOutcome,
} from './payments';

export interface FlowResult {
  paymentId: number;
  orderId: number | null;
  purpose: string;
  method: string;
  amount: number;
  /** created (waiting for the payer), succeeded, pending (provider still processing), failed, cancelled. */
  status: string;
  outcome?: SettleOutcome;
  paypalOrderId?: string | null;
  approveUrl?: string | null;
  paymentIntentId?: string | null;
  clientSecret?: string | null;
  publishableKey?: string | null;
  nextAction?: unknown;
  message?: string;
}

const base = (p: PaymentRow): FlowResult => ({
  paymentId: p.id,
  orderId: p.orderId,
  purpose: p.purpose,
  method: p.method,
  amount: p.amount,
  status: p.status,
});

export class ProviderFlows {
  constructor(
    private readonly db: Db,
    private readonly g: Gateways,
    private readonly log: FastifyBaseLogger,
  ) {}

  private paypal() {
    if (!this.g.paypal) throw new AppError(`PayPal: ${CommerceMessages.paymentNotConfigured}`);
    return this.g.paypal;
  }

  private stripe() {
    if (!this.g.stripe) throw new AppError(`Stripe: ${CommerceMessages.paymentNotConfigured}`);
    return this.g.stripe;
  }

  private describe(p: PaymentRow): string {
    if (p.purpose === 'brand') return 'POD Studio branding package';
    return p.purpose === 'topup' ? 'POD Studio balance top-up' : `POD Studio order #${p.orderId}`;
  }

  // ------------------------------------------------------------------------------------------
  // PayPal
  // ------------------------------------------------------------------------------------------

  async paypalCreate(userId: number, open: Omit<OpenPayment, 'method'>): Promise<FlowResult> {
    this.paypal();
    return this.paypalStart(await openProviderPayment(this.db, userId, { ...open, method: 'paypal' }));
  }

  /** Creates the PayPal order of a payment row already opened (an order, a top-up, a branding package). */
  async paypalStart(opened: PaymentRow): Promise<FlowResult> {
    const paypal = this.paypal();
    let p = opened;
    if (p.status !== 'created') return { ...base(p), paypalOrderId: p.providerRef };
    if (!p.providerRef) {
      const r = await paypal
        .createOrder({
          amountCents: p.amount,
          referenceId: p.orderId ? `order-${p.orderId}` : `${p.purpose}-${p.id}`,
          customId: String(p.id),
          description: this.describe(p),
          requestId: `pod-create-${p.id}`,
        })
        .catch((err: unknown) => {
          throw this.providerFailure('PayPal', err);
        });
      p = await attachProviderRef(this.db, p.id, r.id);
      return { ...base(p), paypalOrderId: r.id, approveUrl: r.approveUrl };
    }
    return { ...base(p), paypalOrderId: p.providerRef };
  }

  /** Captures an approved PayPal order (PayPal-Request-Id makes a retried capture a replay). */
  async paypalCapture(p: PaymentRow, actor: string): Promise<FlowResult> {
    const paypal = this.paypal();
    if (p.status === 'succeeded') return { ...base(p), outcome: 'already', paypalOrderId: p.providerRef };
    await assertCapturable(this.db, p);
    let r: PayPalOrderResult;
    try {
      r = await paypal.captureOrder(p.providerRef!, `pod-capture-${p.id}`);
    } catch (err) {
      if (err instanceof PayPalError && err.issue === 'ORDER_ALREADY_CAPTURED') {
        r = await paypal.getOrder(p.providerRef!);
      } else if (err instanceof PayPalError && err.status === 422) {
        throw new AppError(`${CommerceMessages.paymentPending}: ${err.issue ?? err.message}`);
      } else {
        throw this.providerFailure('PayPal', err);
      }
    }
    return this.paypalResult(p, r, actor);
  }

  private async paypalResult(p: PaymentRow, r: PayPalOrderResult, actor: string): Promise<FlowResult> {
    if (r.capture?.status === 'COMPLETED') {
      const s = await settleProviderPayment(
        this.db,
        p.id,
        { amountCents: r.capture.amountCents, currency: r.capture.currency, captureRef: r.capture.id },
        actor,
      );
      return { ...base(s.payment), outcome: s.outcome, paypalOrderId: r.id };
    }
    if (r.capture?.status === 'PENDING') return { ...base(p), status: 'pending', paypalOrderId: r.id };
    if (r.capture && ['DECLINED', 'FAILED'].includes(r.capture.status)) {
      await failPayment(this.db, p.id, `PayPal capture ${r.capture.status}`);
      throw new AppError(CommerceMessages.paymentFailed);
    }
    return { ...base(p), paypalOrderId: r.id, message: CommerceMessages.paymentPending };
  }

  async paypalPaymentFor(userId: number, paypalOrderId: string): Promise<PaymentRow> {
    const p = await paymentByRef(this.db, 'paypal', paypalOrderId);
    if (!p || p.userId !== userId) throw new AppError(CommerceMessages.paymentNotFound);
    return p;
  }

  /** A verified PayPal webhook event. */
  async paypalEvent(event: { id?: string; event_type?: string; resource?: Record<string, unknown> }): Promise<string> {
    const type = String(event.event_type ?? '');
    const resource = event.resource ?? {};
    if (type === 'PAYMENT.CAPTURE.COMPLETED' || type === 'PAYMENT.CAPTURE.DENIED') {
      const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id;
      const customId = typeof resource.custom_id === 'string' ? Number(resource.custom_id) : NaN;
      const p =
        (related ? await paymentByRef(this.db, 'paypal', related) : null) ??
        (Number.isSafeInteger(customId) ? await this.paymentRow(customId, 'paypal') : null);
      if (!p) return 'unknown payment';
      if (type === 'PAYMENT.CAPTURE.DENIED') {
        await failPayment(this.db, p.id, 'PayPal capture denied');
        return 'failed';
      }
      const amount = resource.amount as { value?: string; currency_code?: string } | undefined;
      const s = await settleProviderPayment(
        this.db,
        p.id,
        {
          amountCents: amount?.value ? (decimalToCents(amount.value) ?? -1) : -1,
          currency: amount?.currency_code ?? '',
          captureRef: typeof resource.id === 'string' ? resource.id : null,
        },
        'provider:paypal',
      );
      return s.outcome;
    }
    if (type === 'CHECKOUT.ORDER.APPROVED') {
      // The payer approved but the page may never call capture: capture from here.
      const p = typeof resource.id === 'string' ? await paymentByRef(this.db, 'paypal', resource.id) : null;
      if (!p) return 'unknown payment';
      try {
        const r = await this.paypalCapture(p, 'provider:paypal');
        return r.outcome ?? r.status;
      } catch (err) {
        if (err instanceof AppError) return `not captured: ${err.message}`;
        throw err;
      }
    }
    return 'ignored';
  }

  // ------------------------------------------------------------------------------------------
  // Stripe (card and Stripe)
  // ------------------------------------------------------------------------------------------

  async stripeCreate(userId: number, method: StripeMethod, open: Omit<OpenPayment, 'method'>): Promise<FlowResult> {
    this.stripe();
    return this.stripeStart(userId, method, await openProviderPayment(this.db, userId, { ...open, method }));
  }

  /** Creates the PaymentIntent of a payment row already opened (an order, a top-up, a branding package). */
  async stripeStart(userId: number, method: StripeMethod, opened: PaymentRow): Promise<FlowResult> {
    const stripe = this.stripe();
    let p = opened;
    const publishableKey = this.g.config.stripe?.publishableKey ?? null;
    if (p.status === 'created' && !p.providerRef) {
      const intent = await stripe
        .createIntent({
          amountCents: p.amount,
          method,
          description: this.describe(p),
          idempotencyKey: `pod-pi-${p.id}`,
          metadata: { paymentId: String(p.id), orderId: p.orderId ? String(p.orderId) : '', userId: String(userId), purpose: p.purpose },
        })
        .catch((err: unknown) => {
          throw this.providerFailure('Stripe', err);
        });
      p = await attachProviderRef(this.db, p.id, intent.id, intent.clientSecret);
    }
    return { ...base(p), paymentIntentId: p.providerRef, clientSecret: p.status === 'created' ? p.clientSecret : null, publishableKey };
  }

  /** Server-side confirmation with a payment method id (e.g. from Stripe.js createPaymentMethod). */
  async stripeConfirm(p: PaymentRow, paymentMethod: string, actor: string): Promise<FlowResult> {
    const stripe = this.stripe();
    if (p.status === 'succeeded') return { ...base(p), outcome: 'already', paymentIntentId: p.providerRef };
    await assertCapturable(this.db, p);
    const intent = await stripe
      .confirmIntent(p.providerRef!, paymentMethod, `pod-confirm-${p.id}-${paymentMethod}`)
      .catch((err: unknown) => {
        throw this.providerFailure('Stripe', err);
      });
    return this.intentResult(p, intent, actor);
  }

  /** After Stripe.js confirmed on the page: read the intent and settle when it succeeded. */
  async stripeSync(p: PaymentRow, actor: string): Promise<FlowResult> {
    const stripe = this.stripe();
    if (p.status === 'succeeded') return { ...base(p), outcome: 'already', paymentIntentId: p.providerRef };
    if (!p.providerRef) throw new AppError(CommerceMessages.paymentNotFound);
    const intent = await stripe.retrieveIntent(p.providerRef).catch((err: unknown) => {
      throw this.providerFailure('Stripe', err);
    });
    return this.intentResult(p, intent, actor);
  }

  private async intentResult(p: PaymentRow, intent: IntentResult, actor: string): Promise<FlowResult> {
    if (intent.metadata.paymentId && intent.metadata.paymentId !== String(p.id)) throw new AppError(CommerceMessages.paymentNotFound);
    if (intent.status === 'succeeded') {
      const s = await settleProviderPayment(
        this.db,
        p.id,
        { amountCents: intent.amountReceived, currency: intent.currency, captureRef: intent.latestCharge },
        actor,
      );
      return { ...base(s.payment), outcome: s.outcome, paymentIntentId: intent.id };
    }
    if (intent.status === 'canceled') {
      await failPayment(this.db, p.id, 'PaymentIntent canceled');
      throw new AppError(CommerceMessages.paymentFailed);
    }
    if (intent.status === 'processing') return { ...base(p), status: 'pending', paymentIntentId: intent.id };
    if (intent.status === 'requires_action')
      return {
        ...base(p),
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        nextAction: intent.nextAction,
        message: 'Further authentication is required',
      };
    if (intent.lastError) throw new AppError(`${CommerceMessages.paymentFailed}: ${intent.lastError}`);
    return { ...base(p), paymentIntentId: intent.id, message: CommerceMessages.paymentPending };
  }

  /** A verified Stripe webhook event. */
  async stripeEvent(event: { id: string; type: string; object: IntentResult | null }): Promise<string> {
    const intent = event.object;
    if (!intent) return 'ignored';
    const [p] = await this.db
      .select()
      .from(payments)
      .where(and(inArray(payments.method, ['card', 'stripe']), eq(payments.providerRef, intent.id)));
    if (!p) return 'unknown payment';
    if (event.type === 'payment_intent.succeeded') return (await this.intentResult(p, intent, 'provider:stripe')).outcome ?? 'pending';
    if (event.type === 'payment_intent.canceled') {
      await failPayment(this.db, p.id, 'PaymentIntent canceled');
      return 'failed';
    }
    if (event.type === 'payment_intent.payment_failed') {
      // The payer may try another card on the same intent: the payment stays open.
      await this.db
        .update(payments)
        .set({ failureReason: intent.lastError ?? 'payment failed', updatedAt: new Date() })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'created')));
      return 'noted';
    }
    return 'ignored';
  }

  // ------------------------------------------------------------------------------------------

  /** True the first time an event id is seen for a provider. */
  async firstDelivery(provider: 'paypal' | 'stripe', eventId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
    return !row;
  }

  async markDelivered(provider: 'paypal' | 'stripe', eventId: string, eventType: string): Promise<void> {
    await this.db.insert(webhookEvents).values({ provider, eventId, eventType }).onConflictDoNothing();
  }

  private async paymentRow(id: number, method: ProviderMethod): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.method, method)));
    return row ?? null;
  }

  private providerFailure(provider: string, err: unknown): AppError {
    if (err instanceof AppError) return err;
    const status = err instanceof PayPalError || err instanceof StripeGatewayError ? err.status : 0;
    this.log.warn({ provider, status, err: err instanceof Error ? err.message : String(err) }, 'payment provider call failed');
    return new AppError(`${provider}: ${err instanceof Error ? err.message : CommerceMessages.paymentFailed}`);
  }
}
