/**
 * Stripe through the official package: PaymentIntents for 'card' (card only, record type 9) and
 * 'stripe' (Stripe's automatic payment methods, record type 14), with idempotency keys on every
 * write, and webhooks verified with the Stripe-Signature HMAC scheme (stripe.webhooks.constructEvent,
 * 5-minute tolerance). STRIPE_API_BASE points the client at another base (host, port, protocol).
 */
import Stripe from 'stripe';
import type { StripeConfig } from './config';

export type StripeMethod = 'card' | 'stripe';

export interface IntentResult {
  id: string;
  status: string;
  amountCents: number;
  amountReceived: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  latestCharge: string | null;
  nextAction: unknown;
  lastError: string | null;
}

export interface StripeEventLite {
  id: string;
  type: string;
  object: IntentResult | null;
}

export class StripeGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type: string | null,
  ) {
    super(message);
    this.name = 'StripeGatewayError';
  }
}

function toIntent(pi: Stripe.PaymentIntent): IntentResult {
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amount,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    clientSecret: pi.client_secret ?? null,
    metadata: (pi.metadata ?? {}) as Record<string, string>,
    latestCharge: typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? null),
    nextAction: pi.next_action ?? null,
    lastError: pi.last_payment_error?.message ?? null,
  };
}

function wrap(err: unknown): StripeGatewayError {
  const e = err as { message?: string; statusCode?: number; type?: string };
  return new StripeGatewayError(e?.message ?? String(err), e?.statusCode ?? 0, e?.type ?? null);
}

export class StripeGateway {
  private readonly stripe: Stripe;

  constructor(readonly config: StripeConfig) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createIntent(p: {
    amountCents: number;
    method: StripeMethod;
    metadata: Record<string, string>;
    description: string;
    idempotencyKey: string;
  }): Promise<IntentResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: p.amountCents,
          currency: 'usd',
          description: p.description,
          metadata: p.metadata,
          ...(p.method === 'card' ? { payment_method_types: ['card'] } : { automatic_payment_methods: { enabled: true } }),
        },
        { idempotencyKey: p.idempotencyKey },
      );
      return toIntent(pi);
    } catch (err) {
      throw wrap(err);
    }
  }

  /** Server-side confirmation with a payment method (Stripe.js may confirm on the client instead). */
  async confirmIntent(id: string, paymentMethod: string, idempotencyKey: string): Promise<IntentResult> {
    try {
      return toIntent(await this.stripe.paymentIntents.confirm(id, { payment_method: paymentMethod }, { idempotencyKey }));
    } catch (err) {
      throw wrap(err);
    }
  }

  async retrieveIntent(id: string): Promise<IntentResult> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (err) {
      throw wrap(err);
    }
  }

  /** Verifies Stripe-Signature over the raw body; throws on a bad or stale signature. */
  verifyWebhook(rawBody: string | Buffer, signature: string): StripeEventLite {
    if (!this.config.webhookSecret) throw new StripeGatewayError('STRIPE_WEBHOOK_SECRET is not configured', 400, 'configuration');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    const obj = event.data?.object as { object?: string } | undefined;
    return {
      id: event.id,
      type: event.type,
      object: obj?.object === 'payment_intent' ? toIntent(obj as unknown as Stripe.PaymentIntent) : null,
    };
  }
}
