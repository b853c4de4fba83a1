/**
 * A loopback stand-in for Stripe's API, speaking the documented contract the server uses:
 * - Bearer authentication with the secret key (401 invalid_request_error otherwise);
 * - form-encoded bodies with Stripe's bracket notation (metadata[k]=v, payment_method_types[0]=card);
 * - POST /v1/payment_intents, GET /v1/payment_intents/{id}, POST /v1/payment_intents/{id}/confirm
 *   with Stripe's test payment methods (pm_card_visa succeeds, pm_card_chargeDeclined is declined
 *   with a 402 card_error, pm_card_authenticationRequired needs 3-D Secure);
 * - Idempotency-Key: the same key and parameters replay the first response (Idempotent-Replayed:
 *   true), the same key with other parameters is a 400 idempotency_error.
 * Webhooks are signed as Stripe signs them: Stripe-Signature "t=<unix>,v1=<HMAC-SHA256 of
 * '<t>.<payload>' with the endpoint secret>".
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface StripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  next_action: unknown;
  created: number;
  livemode: false;
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, StripeIntent>;
  /** Requests that created something (replays excluded). */
  creates: number;
  requests: { method: string; path: string; idempotencyKey: string | null; replayed: boolean }[];
  /** The payer confirms on the page with Stripe.js (client-side confirmation). */
  succeed(id: string): StripeIntent;
  event(type: string, intent: StripeIntent): Record<string, unknown>;
  signature(payload: string, secret: string, timestamp?: number): string;
  deliver(
    target: string,
    event: Record<string, unknown>,
    opts: { secret: string; timestamp?: number; tamper?: (body: string) => string },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** Stripe's form encoding back to objects: a[b][c]=v, a[0]=v. */
export function decodeStripeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let cur = out as Record<string, unknown>;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) cur[p] = value;
      else cur = (cur[p] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export async function startStripeStandIn(opts: { secretKey: string }): Promise<StripeStandIn> {
  const intents = new Map<string, StripeIntent>();
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();
  const requests: StripeStandIn['requests'] = [];
  const state = { creates: 0 };

  const send = (res: ServerResponse, status: number, body: unknown, replayed = false) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', id('req'));
    if (replayed) res.setHeader('idempotent-replayed', 'true');
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, type: string, message: string, extra: Record<string, unknown> = {}) =>
    send(res, status, { error: { type, message, ...extra } });

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readBody(req);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== opts.secretKey) {
      requests.push({ method: req.method ?? '', path, idempotencyKey: key, replayed: false });
      return error(res, 401, 'invalid_request_error', `Invalid API Key provided: ${String(bearer ?? '').slice(0, 8)}***`);
    }
    if (req.method === 'POST' && key) {
      const hash = createHash('sha256').update(`${path}\n${raw}`).digest('hex');
      const prior = idempotent.get(key);
      if (prior) {
        requests.push({ method: 'POST', path, idempotencyKey: key, replayed: prior.hash === hash });
        if (prior.hash !== hash) {
          return error(
            res,
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        }
        return send(res, prior.status, prior.body, true);
      }
    }
    requests.push({ method: req.method ?? '', path, idempotencyKey: key, replayed: false });
    const answer = (status: number, body: unknown) => {
      if (req.method === 'POST' && key && status !== 401 && status < 500)
        idempotent.set(key, { hash: createHash('sha256').update(`${path}\n${raw}`).digest('hex'), status, body });
      return send(res, status, body);
    };
    const b = decodeStripeForm(raw);

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(b.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return answer(400, {
          error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' },
        });
      if (!b.currency)
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: 'currency',
            message: 'Missing required param: currency.',
          },
        });
      const pi: StripeIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(b.currency),
        status: 'requires_payment_method',
        client_secret: '',
        description: typeof b.description === 'string' ? b.description : null,
        metadata: (b.metadata ?? {}) as Record<string, string>,
        payment_method: null,
        payment_method_types: (b.payment_method_types as string[] | undefined) ?? ['card', 'link'],
        automatic_payment_methods: b.automatic_payment_methods
          ? { enabled: (b.automatic_payment_methods as { enabled?: string }).enabled === 'true' }
          : null,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
      intents.set(pi.id, pi);
      state.creates += 1;
      return answer(200, pi);
    }
    const m = /^\/v1\/payment_intents\/(pi_[\w]+)(\/confirm)?$/.exec(path);
    if (m) {
      const pi = intents.get(m[1]!);
      if (!pi)
        return answer(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${m[1]}'` },
        });
      if (req.method === 'GET' && !m[2]) return send(res, 200, pi);
      if (req.method === 'POST' && m[2]) {
        if (pi.status === 'succeeded' || pi.status === 'canceled') {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
              payment_intent: pi,
            },
          });
        }
        const pm = String(b.payment_method ?? pi.payment_method ?? '');
        if (!pm)
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: "You cannot confirm this PaymentIntent because it's missing a payment method.",
            },
          });
        pi.payment_method = pm;
        if (pm === 'pm_card_chargeDeclined') {
          pi.status = 'requires_payment_method';
          pi.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
          return answer(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: pi,
            },
          });
        }
        if (pm === 'pm_card_authenticationRequired') {
          pi.status = 'requires_action';
          pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
          return answer(200, pi);
        }
        Object.assign(pi, {
          status: 'succeeded',
          amount_received: pi.amount,
          latest_charge: id('ch'),
          last_payment_error: null,
          next_action: null,
        });
        return answer(200, pi);
      }
    }
    return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const signature = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

  return {
    url,
    intents,
    requests,
    get creates() {
      return state.creates;
    },
    succeed(piId) {
      const pi = intents.get(piId);
      if (!pi) throw new Error(`no intent ${piId}`);
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: id('ch'), payment_method: 'pm_card_visa' });
      return pi;
    },
    event(type, intent) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: '2025-03-31.basil',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...intent } },
      };
    },
    signature,
    async deliver(target, event, o) {
      const body = JSON.stringify(event);
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature(body, o.secret, o.timestamp) },
        body: o.tamper ? o.tamper(body) : body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
