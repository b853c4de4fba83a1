/**
 * Reads are reads, and every answer carries the security headers, generated from the route table:
 * - no GET or HEAD route changes the database: each is called as a logged-in merchant with that
 *   merchant's own ids in every id field (the operator's with the operator token), and the tables
 *   are compared before and after (a GET that writes can be triggered by any page that links to it);
 * - every answer of those calls, the app's page and files, 404s, a redirect and the router's own
 *   refusals carry X-Content-Type-Options, a Content-Security-Policy, X-Frame-Options DENY, a strict
 *   Referrer-Policy and a Permissions-Policy (the exact values are tests/server/security.test.ts's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionUserId } from '../../server/accounts/session';
import { OPS_TOKEN, startSecurityServer, type SecurityServer } from './support/security-server';
import { createMerchant, type Merchant } from './support/merchants';
import { changed, snapshot, type SnapshotScope } from './support/snapshot';
import { explain, headerReport, isServerError, requestOf, secretsInLogs, send, type Request } from './support/probe';
import { idProbes } from './support/ids';

let env: SecurityServer;
let a: Merchant;
const tokens: string[] = [];

beforeAll(async () => {
  env = await startSecurityServer();
  a = await createMerchant(env, 'A');
  tokens.push(a.token);
});
afterAll(async () => {
  await env?.close();
});

/**
 * Rate-limit counters count reads too (that is their job), and a "last seen" stamp on a session or
 * a connection moves with every call by design; everything else must stay as it was.
 */
const SCOPE: SnapshotScope = { skipTables: ['rate_limits'], skipColumns: /^last_(seen|used|active)(_at)?$/ };

/** GET routes that may write one table, each with the reason. */
const GET_WRITES_ALLOWED: { route: RegExp; table: string; why: string }[] = [
  {
    route: /^(GET|HEAD) \/prod-api\/captchaImage$/,
    table: 'captchas',
    why: 'the login image code is made when the form shows it: single use, expires in minutes, no merchant data',
  },
  {
    route: /^(GET|HEAD) \/prod-api\/api\/shopifyOAuth\/sendEpoloLogin$/,
    table: 'login_handoffs',
    why: 'a top-level link (so the SameSite=Lax cookie comes with it) that mints a one-time, two-minute hand-off to the sister platform for the merchant who clicked it (docs/security.md)',
  },
];

/** A session of A's for the probes: a GET that logs out must not end the fixture's own. */
let probeToken = '';
async function liveProbeToken(): Promise<string> {
  if (probeToken && (await sessionUserId(env.s.database.db, probeToken))) return probeToken;
  probeToken = (await createSession(env.s.database.db, a.id)).token;
  tokens.push(probeToken);
  return probeToken;
}

describe('GET and HEAD', () => {
  it('no GET or HEAD route changes anything, called with the caller’s own ids', async () => {
    const routes = env.routes.api.filter((r) => r.method === 'GET' || r.method === 'HEAD');
    const offenders: string[] = [];
    let calls = 0;
    for (const route of routes) {
      // A new session (when a route ended the last one) is made before the tables are read.
      const token = route.access === 'operator' ? OPS_TOKEN : await liveProbeToken();
      const before = await snapshot(env.s.database.db, env.tables, SCOPE);
      for (const probe of idProbes(route, a)) {
        const base = requestOf(route, probe.input);
        // The session token also rides in the query as the hand-off links carry theirs: it must
        // authenticate nothing there and reach the log only as [redacted].
        const path = `${base.path}${base.path.includes('?') ? '&' : '?'}podToken=${token}&token=${token}`;
        const req = { ...base, path, token };
        const res = await send(env.s.url, req);
        calls++;
        if (isServerError(res)) offenders.push(`${route.key} (${probe.label}): server error: ${explain(req, res)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, SCOPE));
      const unexpected = diff.filter((t) => !GET_WRITES_ALLOWED.some((x) => x.route.test(route.key) && x.table === t));
      if (unexpected.length) offenders.push(`${route.key}: a read changed ${unexpected.join(', ')}`);
    }
    console.log(`read-only probe: ${routes.length} GET/HEAD routes, ${calls} calls with the caller's own ids`);
    expect(routes.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});

describe('security headers', () => {
  it('are on every answer: API reads, the page, its files, 404s, a redirect, and refusals made before the app sees the request', async () => {
    const withParam = env.routes.api.find((r) => r.method === 'GET' && r.params.length > 0 && r.access === 'session')!;
    const extra: Request[] = [
      // The built client's routes: index.html, the hashed asset, the public file.
      ...env.routes.other.map((r) => ({ method: r.method, path: r.url })),
      { method: 'GET', path: '/dashboard/some/client/route' },
      { method: 'GET', path: '/prod-api/no-such-route' },
      { method: 'POST', path: '/no-such-page', json: {} },
      { method: 'GET', path: '/assets/missing-file.js' },
      // Redirects to the login page without a session.
      { method: 'GET', path: '/prod-api/api/shopifyOAuth/sendEpoloLogin' },
      // Answered by the router before any hook: a malformed escape, a path parameter over its length.
      { method: 'GET', path: `${withParam.url.replace(/:\w+\??/, '%E0%A4%A')}` },
      { method: 'GET', path: `${withParam.url.replace(/:\w+\??/, '9'.repeat(120))}`, token: a.token },
      // Answered by Node's HTTP parser: a URL over its 16 KB header limit.
      { method: 'GET', path: `/prod-api/api/product/list?keyword=${'k'.repeat(20_000)}` },
    ];
    for (const req of extra) await send(env.s.url, req);
    const { answers, problems, bypassed } = headerReport();
    console.log(`security headers checked on ${answers} answers (${extra.length} beyond the API reads)`);
    expect(answers).toBeGreaterThan(100);
    expect([...problems, ...bypassed]).toEqual([]);
  });
});

describe('after the probes', () => {
  it('the log holds no session token and no token-like query value unredacted', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(secretsInLogs(env.s.logs, tokens)).toEqual([]);
    // The probes' tokens did go through the request log, as the redaction marker shows.
    expect(env.s.logs.some((l) => l.includes('podToken=[redacted]&token=[redacted]'))).toBe(true);
  });
});
