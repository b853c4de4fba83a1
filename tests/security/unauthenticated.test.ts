/**
 * Who may call what, generated from the route table (every route the app registers, with its
 * declared security and request schemas from the app's own OpenAPI document):
 * - the table is whole: every API route is in the document, and every route without a session
 *   requirement is on the commented public list;
 * - every route that requires the session, called without one (nothing, a token in the query
 *   string, a made-up bearer token, a revoked one, a made-up cookie) with a plausible input that
 *   names merchant A's records, answers 401 "Identity expired" and changes nothing;
 * - the operator's routes refuse calls without the operator token (nothing, a merchant's session,
 *   a wrong token, the token in the query); webhooks refuse unsigned and wrongly signed deliveries;
 * - the public routes, given A's ids and e-mail address, disclose nothing of A.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, Messages } from '../../contract/envelope';
import { createSession, sessionUserId } from '../../server/accounts/session';
import { startSecurityServer, type SecurityServer } from './support/security-server';
import { createMerchant, type Merchant } from './support/merchants';
import { changed, snapshot } from './support/snapshot';
import { explain, headerReport, isServerError, plausibleInput, requestOf, secretsInLogs, send, type Request } from './support/probe';
import { allowedBy, OPTIONAL_SESSION_ROUTES, PUBLIC_ROUTES } from './support/access';
import { idProbes, ownerHints } from './support/ids';
import { isWrite, type Route } from './support/route-table';

let env: SecurityServer;
let a: Merchant;
let revokedToken = '';

/** A refused call may count against a rate limit; nothing else may change. */
const SCOPE = { skipTables: ['rate_limits'] };

beforeAll(async () => {
  env = await startSecurityServer();
  a = await createMerchant(env, 'A');
  // A second session of A's, logged out through the app's own logout route (whatever its method).
  revokedToken = (await createSession(env.s.database.db, a.id)).token;
  const logout = env.routes.api.find((r) => r.url.endsWith('/api/user/logout') && r.method !== 'HEAD')!;
  await send(env.s.url, { ...requestOf(logout, plausibleInput(logout)), token: revokedToken });
  expect(await sessionUserId(env.s.database.db, revokedToken)).toBeNull();
});
afterAll(async () => {
  await env?.close();
});

const routesOf = (...access: Route['access'][]) => env.routes.api.filter((r) => access.includes(r.access));

describe('the route table', () => {
  it('documents every API route, and lists every route open without a session with its reason', () => {
    const { api, undocumented } = env.routes;
    expect(api.length).toBeGreaterThan(100);
    expect(undocumented, 'routes missing from the API document escape the schema-driven probes').toEqual([]);
    const unlisted = [
      ...routesOf('public')
        .filter((r) => !allowedBy(PUBLIC_ROUTES, r.key))
        .map((r) => `${r.key}: no session required and not on the public list`),
      ...routesOf('optional-session')
        .filter((r) => !allowedBy(OPTIONAL_SESSION_ROUTES, r.key))
        .map((r) => `${r.key}: session optional and not on the list`),
    ];
    const stale = [...PUBLIC_ROUTES, ...OPTIONAL_SESSION_ROUTES]
      .filter((entry) => !api.some((r) => entry.route.test(r.key)))
      .map((entry) => `allow-list entry ${entry.route} matches no route`);
    console.log(
      `route table: ${api.length} API routes (${['session', 'optional-session', 'public', 'operator', 'webhook'].map((k) => `${routesOf(k as Route['access']).length} ${k}`).join(', ')})`,
    );
    expect([...unlisted, ...stale]).toEqual([]);
  });
});

describe('without a session', () => {
  it('every route that requires the session answers 401 and changes nothing, however the session is missing', async () => {
    const routes = routesOf('session');
    const offenders: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const input = plausibleInput(route, ownerHints(a));
      const base = requestOf(route, input);
      const sep = base.path.includes('?') ? '&' : '?';
      const ways: Record<string, Request> = {
        'no credentials': base,
        'token in the query': {
          ...base,
          path: `${base.path}${sep}token=${a.token}&podToken=${a.token}&access_token=${a.token}&Authorization=${a.token}`,
        },
        'made-up bearer token': { ...base, token: 'x'.repeat(43) },
        'revoked session': { ...base, token: revokedToken },
        'made-up cookie': { ...base, headers: { cookie: `pod_token=${'y'.repeat(43)}` } },
      };
      const before = await snapshot(env.s.database.db, env.tables, SCOPE);
      for (const [how, req] of Object.entries(ways)) {
        const res = await send(env.s.url, req);
        calls++;
        const bodyOk = route.method === 'HEAD' || (res.code === Code.UNAUTHORIZED && res.msg === Messages.identityExpired);
        if (res.status !== 401 || !bodyOk) offenders.push(`${route.key} (${how}): ${explain(req, res)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, SCOPE));
      if (diff.length) offenders.push(`${route.key}: changed ${diff.join(', ')} without a session`);
    }
    console.log(`signed-in routes: ${routes.length} routes, ${calls} calls without a live session`);
    expect(routes.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it("the operator's routes refuse every call without the operator token, and change nothing", async () => {
    const routes = routesOf('operator');
    const offenders: string[] = [];
    for (const route of routes) {
      const input = plausibleInput(route, ownerHints(a));
      const base = requestOf(route, input);
      const sep = base.path.includes('?') ? '&' : '?';
      const ways: Record<string, Request> = {
        'no token': base,
        "a merchant's session": { ...base, token: a.token },
        'a wrong token': { ...base, token: 'not-the-operator-token' },
        'the token in the query': { ...base, path: `${base.path}${sep}token=not-the-operator-token` },
      };
      const before = await snapshot(env.s.database.db, env.tables, SCOPE);
      for (const [how, req] of Object.entries(ways)) {
        const res = await send(env.s.url, req);
        if (res.status !== 403 || (route.method !== 'HEAD' && res.code !== Code.FORBIDDEN))
          offenders.push(`${route.key} (${how}): ${explain(req, res)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, SCOPE));
      if (diff.length) offenders.push(`${route.key}: changed ${diff.join(', ')}`);
    }
    console.log(`operator routes: ${routes.length}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it('webhooks refuse unsigned and wrongly signed deliveries, and change nothing', async () => {
    const routes = routesOf('webhook');
    const offenders: string[] = [];
    // An order for A's store, as the stores and payment providers shape their events.
    const event = {
      id: 'evt_security_probe',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_probe', metadata: { paymentId: String(a.ids.payment) } } },
      resource: { id: 'probe', custom_id: String(a.ids.payment) },
      line_items: [{ id: 1, product_id: 1, variant_id: 1, quantity: 1, sku: `x-M${a.ids.myProduct}`, title: 'probe', price: '1.00' }],
      name: '#1001',
    };
    const providerHeaders = {
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': a.shopDomain,
      'x-wc-webhook-source': `https://${a.shopDomain}/`,
      'x-wc-webhook-topic': 'order.created',
    };
    const forged = {
      ...providerHeaders,
      'x-shopify-hmac-sha256': Buffer.from('forged').toString('base64'),
      'x-wc-webhook-signature': Buffer.from('forged').toString('base64'),
      'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      'paypal-transmission-id': 'probe',
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': 'forged',
      'paypal-cert-url': 'https://api.paypal.com/cert.pem',
      'paypal-auth-algo': 'SHA256withRSA',
    };
    for (const route of routes) {
      const before = await snapshot(env.s.database.db, env.tables, SCOPE);
      for (const [how, headers] of Object.entries({ unsigned: providerHeaders, 'forged signature': forged })) {
        const req: Request = {
          method: route.method,
          path: route.url,
          raw: { data: JSON.stringify(event), type: 'application/json' },
          headers,
        };
        const res = await send(env.s.url, req);
        if (res.status < 400 || res.status >= 500 || res.code === Code.SUCCESS)
          offenders.push(`${route.key} (${how}): ${explain(req, res)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, SCOPE));
      if (diff.length) offenders.push(`${route.key}: changed ${diff.join(', ')}`);
    }
    console.log(`webhooks: ${routes.length}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it("the public routes, given a merchant's ids and e-mail address, disclose nothing of that merchant", async () => {
    const routes = routesOf('public', 'optional-session');
    const offenders: string[] = [];
    let calls = 0;
    // A lookup by e-mail address is asked with A's address; a write that takes one (sending a
    // code) is an account flow of its own and gets a stranger's address.
    const email = (route: Route) => (name: string) =>
      /email|username/i.test(name) ? (isWrite(route) ? 'probe@security.test' : a.email) : undefined;
    for (const route of routes) {
      for (const probe of idProbes(route, a, a, email(route))) {
        const req = requestOf(route, probe.input);
        const res = await send(env.s.url, req);
        calls++;
        if (isServerError(res)) offenders.push(`${route.key} (${probe.label}): server error: ${explain(req, res)}`);
        const leaked = a.secrets.filter((secret) => res.text.includes(secret) || (res.headers.get('location') ?? '').includes(secret));
        if (leaked.length) offenders.push(`${route.key} (${probe.label}): discloses ${leaked.join(', ')}: ${res.text.slice(0, 200)}`);
      }
    }
    console.log(`public routes: ${routes.length} routes, ${calls} calls with merchant A's ids`);
    expect(offenders).toEqual([]);
  });
});

describe('after the probes', () => {
  it('the log holds no session token and no token-like query value unredacted, and every answer carried the security headers', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(secretsInLogs(env.s.logs, [a.token, revokedToken])).toEqual([]);
    const headers = headerReport();
    console.log(
      `security headers checked on ${headers.answers} answers; ${headers.bypassed.length} answered before the app (the headers test reports those)`,
    );
    expect(headers.problems).toEqual([]);
  });
});
