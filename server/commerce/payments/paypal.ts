/**
 * PayPal through the official server SDK (@paypal/paypal-server-sdk): Orders v2 create and
 * capture, with PayPal-Request-Id idempotency; the SDK fetches and renews the OAuth token
 * (client credentials).
 *
 * Two things the SDK does not do, done here on PayPal's documented REST API:
 * - a base URL other than PayPal's two hosts: the SDK hard-codes live and sandbox, so for any
 *   other PAYPAL_API_BASE (a local stand-in, a recording proxy) its HTTP client gets an adapter
 *   that sends the same requests to that base (axios' `adapter` option, passed through the SDK's
 *   `unstable_httpClientOptions`);
 * - webhook verification: POST /v1/notifications/verify-webhook-signature with the transmission
 *   headers, PAYPAL_WEBHOOK_ID and the event, using the SDK's OAuth token.
 */
import { ApiError, CheckoutPaymentIntent, Client, Environment, OrdersController, type Order } from '@paypal/paypal-server-sdk';
import { centsToDecimal, decimalToCents } from '../../../contract/commerce';
import { PAYPAL_LIVE_BASE, PAYPAL_SANDBOX_BASE, type PayPalConfig } from './config';

export interface PayPalOrderResult {
  id: string;
  status: string;
  approveUrl: string | null;
  /** The completed capture, when there is one. */
  capture: { id: string; status: string; amountCents: number; currency: string } | null;
  customId: string | null;
}

export interface PayPalWebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue: string | null,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

/** axios adapter (the SDK's HTTP client is axios) that sends requests to another base on fetch. */
function rebasingAdapter(fromBase: string, toBase: string) {
  return async (config: {
    url?: string;
    method?: string;
    headers?: unknown;
    data?: unknown;
    auth?: { username: string; password: string };
    timeout?: number;
  }) => {
    const url = String(config.url ?? '');
    const target = url.startsWith(fromBase) ? toBase + url.slice(fromBase.length) : url;
    const raw = config.headers as { toJSON?: () => Record<string, unknown> } | Record<string, unknown> | undefined;
    const plain = (
      raw && typeof (raw as { toJSON?: unknown }).toJSON === 'function'
        ? (raw as { toJSON: () => Record<string, unknown> }).toJSON()
        : (raw ?? {})
    ) as Record<string, unknown>;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(plain)) if (v !== undefined && v !== null && v !== false) headers[k] = String(v);
    if (config.auth) headers.authorization = `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`;
    const res = await fetch(target, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: config.data === undefined || config.data === null ? undefined : String(config.data),
      signal: config.timeout ? AbortSignal.timeout(config.timeout) : undefined,
    });
    const data = await res.text();
    return { data, status: res.status, statusText: res.statusText, headers: Object.fromEntries(res.headers), config, request: {} };
  };
}

function toResult(order: Order): PayPalOrderResult {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED') ?? unit?.payments?.captures?.[0];
  const amount = capture?.amount?.value ? decimalToCents(capture.amount.value) : null;
  return {
    id: order.id ?? '',
    status: String(order.status ?? ''),
    approveUrl: order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null,
    capture: capture?.id
      ? { id: capture.id, status: String(capture.status ?? ''), amountCents: amount ?? -1, currency: capture.amount?.currencyCode ?? '' }
      : null,
    customId: unit?.customId ?? capture?.customId ?? null,
  };
}

function asPayPalError(err: unknown): PayPalError {
  if (err instanceof ApiError) {
    let issue: string | null = null;
    let message = err.message;
    try {
      const body = JSON.parse(String(err.body)) as { name?: string; message?: string; details?: { issue?: string }[] };
      issue = body.details?.[0]?.issue ?? body.name ?? null;
      message = body.message ?? message;
    } catch {
      /* not JSON */
    }
    return new PayPalError(message, err.statusCode, issue);
  }
  return new PayPalError(err instanceof Error ? err.message : String(err), 0, null);
}

export class PayPalGateway {
  private readonly orders: OrdersController;
  private readonly client: Client;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(readonly config: PayPalConfig) {
    const known = config.apiBase === PAYPAL_LIVE_BASE || config.apiBase === PAYPAL_SANDBOX_BASE;
    const environment = config.apiBase === PAYPAL_SANDBOX_BASE || !known ? Environment.Sandbox : Environment.Production;
    this.client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: config.clientId, oAuthClientSecret: config.clientSecret },
      environment,
      timeout: 20_000,
      ...(known ? {} : { unstable_httpClientOptions: { adapter: rebasingAdapter(PAYPAL_SANDBOX_BASE, config.apiBase) } }),
    });
    this.orders = new OrdersController(this.client);
  }

  /** Creates a PayPal order for an amount; the same requestId returns the same order. */
  async createOrder(p: {
    amountCents: number;
    referenceId: string;
    customId: string;
    description: string;
    requestId: string;
  }): Promise<PayPalOrderResult> {
    try {
      const { result } = await this.orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: p.referenceId,
              customId: p.customId,
              description: p.description.slice(0, 127),
              amount: { currencyCode: 'USD', value: centsToDecimal(p.amountCents) },
            },
          ],
        },
        paypalRequestId: p.requestId,
        prefer: 'return=representation',
      });
      return toResult(result);
    } catch (err) {
      throw asPayPalError(err);
    }
  }

  /** Captures an approved order; the same requestId replays the first capture. */
  async captureOrder(id: string, requestId: string): Promise<PayPalOrderResult> {
    try {
      const { result } = await this.orders.captureOrder({ id, paypalRequestId: requestId, prefer: 'return=representation' });
      return toResult(result);
    } catch (err) {
      throw asPayPalError(err);
    }
  }

  async getOrder(id: string): Promise<PayPalOrderResult> {
    try {
      const { result } = await this.orders.getOrder({ id });
      return toResult(result);
    } catch (err) {
      throw asPayPalError(err);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const t = await this.client.clientCredentialsAuthManager.fetchToken();
    this.token = { value: t.accessToken, expiresAt: Date.now() + Number(t.expiresIn ?? 300n) * 1000 };
    return t.accessToken;
  }

  /** Asks PayPal whether a webhook delivery is genuine (verify-webhook-signature). */
  async verifyWebhook(h: PayPalWebhookHeaders, event: unknown): Promise<boolean> {
    if (!this.config.webhookId) return false;
    const res = await fetch(`${this.config.apiBase}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await this.accessToken()}` },
      body: JSON.stringify({
        auth_algo: h.authAlgo,
        cert_url: h.certUrl,
        transmission_id: h.transmissionId,
        transmission_sig: h.transmissionSig,
        transmission_time: h.transmissionTime,
        webhook_id: this.config.webhookId,
        webhook_event: event,
      }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { verification_status?: string };
    return body.verification_status === 'SUCCESS';
  }
}
