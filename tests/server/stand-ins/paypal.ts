/**
 * A loopback stand-in for PayPal's REST API, speaking the documented contract the server uses:
 * - POST /v1/oauth2/token (client credentials, HTTP Basic with client id and secret);
 * - POST /v2/checkout/orders, GET /v2/checkout/orders/{id}, POST /v2/checkout/orders/{id}/capture
 *   (Orders v2: Bearer token, PayPal-Request-Id idempotency, 422 ORDER_NOT_APPROVED /
 *   ORDER_ALREADY_CAPTURED, the representation's purchase_units, payments.captures and links);
 * - POST /v1/notifications/verify-webhook-signature (SHA256withRSA over
 *   "transmission_id|transmission_time|webhook_id|crc32(body)", checked with the key behind
 *   cert_url, which must be the stand-in's own).
 * The test plays the payer with approve(id), and PayPal's webhook sender with deliver(), which
 * signs events with the stand-in's private key the way PayPal does.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';

export interface PayPalOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: Record<string, unknown>[];
  create_time: string;
  update_time?: string;
}

export interface PayPalStandIn {
  url: string;
  webhookId: string;
  orders: Map<string, PayPalOrder>;
  calls: { method: string; path: string; requestId: string | null }[];
  /** The payer approves the order on PayPal's page. */
  approve(id: string): void;
  /** Sends a webhook event to `target`, signed as PayPal signs; `tamper` alters the body after signing. */
  deliver(
    target: string,
    event: Record<string, unknown>,
    opts?: { tamper?: (body: string) => string; transmissionId?: string },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A webhook event in PayPal's shape. */
  event(type: string, resource: Record<string, unknown>): Record<string, unknown>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const ppId = (n = 17) => randomBytes(n).toString('hex').toUpperCase().slice(0, n);

export async function startPayPalStandIn(opts: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** A fixed port (a server configured before the stand-in starts); default any free one. */
  port?: number;
  /**
   * The approval link leads to the stand-in's own payer page, which approves the order when a
   * browser opens it (e2e); by default it is PayPal's sandbox address and a test calls approve().
   */
  payerPage?: boolean;
}): Promise<PayPalStandIn> {
  const orders = new Map<string, PayPalOrder>();
  const tokens = new Set<string>();
  const calls: PayPalStandIn['calls'] = [];
  /** PayPal-Request-Id → the first answer (status and body), per endpoint. */
  const replays = new Map<string, { status: number; body: unknown }>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certPath = '/v1/notifications/certs/CERT-360caa42-stand-in';
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.setHeader('paypal-debug-id', randomBytes(6).toString('hex'));
    res.end(JSON.stringify(body));
  };
  const issue = (res: ServerResponse, status: number, name: string, issueCode: string, description: string) =>
    send(res, status, {
      name,
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: randomBytes(6).toString('hex'),
      details: [{ issue: issueCode, description }],
    });
  const links = (o: PayPalOrder) => [
    { href: `${url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
    ...(o.status === 'CREATED'
      ? [
          {
            href: opts.payerPage ? `${url}/checkoutnow?token=${o.id}` : `https://www.sandbox.paypal.com/checkoutnow?token=${o.id}`,
            rel: 'approve',
            method: 'GET',
          },
        ]
      : []),
    ...(o.status !== 'COMPLETED' ? [{ href: `${url}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' }] : []),
  ];
  const view = (o: PayPalOrder) => ({ ...o, links: links(o) });

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readBody(req);
    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : null;
    calls.push({ method: req.method ?? '', path, requestId });

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
      if (id !== opts.clientId || secret !== opts.clientSecret)
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${now()}${randomBytes(8).toString('hex')}`,
      });
    }
    if (opts.payerPage && req.method === 'GET' && path === '/checkoutnow') {
      // The payer's page: opening it approves the order, as logging in and pressing Pay would.
      const order = orders.get(new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '');
      if (order?.status === 'CREATED') order.status = 'APPROVED';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(`<!doctype html><title>PayPal</title><h1>${order ? 'Payment approved' : 'No such order'}</h1>`);
    }
    if (req.method === 'GET' && path === certPath) {
      res.setHeader('content-type', 'application/x-pem-file');
      return res.end(publicKey.export({ type: 'spki', format: 'pem' }));
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const b = JSON.parse(raw) as Record<string, unknown>;
      const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
      const missing = required.find((k) => b[k] === undefined || b[k] === '');
      if (missing) return issue(res, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', `${missing} is required`);
      let ok = b.auth_algo === 'SHA256withRSA' && b.cert_url === `${url}${certPath}` && b.webhook_id === opts.webhookId;
      if (ok) {
        const message = `${b.transmission_id}|${b.transmission_time}|${b.webhook_id}|${crc32(JSON.stringify(b.webhook_event))}`;
        ok = createVerify('RSA-SHA256').update(message).verify(publicKey, String(b.transmission_sig), 'base64');
      }
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    const replayKey = requestId ? `${req.method} ${path} ${requestId}` : null;
    if (replayKey && replays.has(replayKey)) {
      const r = replays.get(replayKey)!;
      return send(res, r.status, r.body);
    }
    const answer = (status: number, body: unknown) => {
      if (replayKey && status < 300) replays.set(replayKey, { status, body });
      return send(res, status, body);
    };

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const b = JSON.parse(raw || '{}') as { intent?: string; purchase_units?: { amount?: { currency_code?: string; value?: string } }[] };
      const unit = b.purchase_units?.[0];
      if (b.intent !== 'CAPTURE' && b.intent !== 'AUTHORIZE')
        return issue(res, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'intent');
      if (!unit?.amount?.currency_code || !/^\d+(\.\d{2})?$/.test(unit.amount.value ?? ''))
        return issue(res, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'purchase_units[0].amount');
      const order: PayPalOrder = {
        id: ppId(),
        intent: b.intent,
        status: 'CREATED',
        create_time: now(),
        purchase_units: (b.purchase_units ?? []).map((u, i) => ({
          reference_id: `default-${i}`,
          ...u,
          payee: { email_address: 'merchant@example.com', merchant_id: 'STANDINMERCH' },
        })),
      };
      orders.set(order.id, order);
      return answer(201, view(order));
    }
    const m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    if (m) {
      const order = orders.get(m[1]!);
      if (!order) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (req.method === 'GET' && !m[2]) return send(res, 200, view(order));
      if (req.method === 'POST' && m[2]) {
        if (order.status === 'COMPLETED')
          return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        if (order.status !== 'APPROVED')
          return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        order.status = 'COMPLETED';
        order.update_time = now();
        order.purchase_units = order.purchase_units.map((u) => ({
          ...u,
          payments: {
            captures: [
              {
                id: ppId(),
                status: 'COMPLETED',
                amount: u.amount,
                final_capture: true,
                custom_id: u.custom_id,
                seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
                create_time: now(),
                update_time: now(),
              },
            ],
          },
        }));
        return answer(201, view(order));
      }
    }
    return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `${req.method} ${path} is not served by the stand-in`);
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    webhookId: opts.webhookId,
    orders,
    calls,
    approve(id) {
      const o = orders.get(id);
      if (!o || o.status !== 'CREATED') throw new Error(`cannot approve ${id}`);
      o.status = 'APPROVED';
    },
    event(type, resource) {
      return {
        id: `WH-${ppId(8)}-${ppId(17)}`,
        event_version: '1.0',
        create_time: now(),
        resource_type: type.startsWith('CHECKOUT') ? 'checkout-order' : 'capture',
        resource_version: '2.0',
        event_type: type,
        summary: type,
        resource,
      };
    },
    async deliver(target, event, o = {}) {
      const body = JSON.stringify(event);
      const transmissionId = o.transmissionId ?? randomUUID();
      const transmissionTime = new Date().toISOString();
      const sig = createSign('RSA-SHA256')
        .update(`${transmissionId}|${transmissionTime}|${opts.webhookId}|${crc32(body)}`)
        .sign(privateKey, 'base64');
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': sig,
          'paypal-cert-url': `${url}${certPath}`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
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
