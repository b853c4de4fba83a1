/**
 * One merchant never reaches another's data, generated from the route table: merchant A owns one
 * of everything (a store, uploads, saved products and templates, view images, addresses, cart
 * lines, orders, a payment, a coupon, a queued push, a message), each text marked with A's random
 * marker. Merchant B, with the same kinds of things of B's own, calls every route that takes an
 * id (a path parameter, or a field named id / …Id / …_id / …Ids / …List, also inside the body's
 * lists) with each of A's ids in turn.
 * - No answer to B holds A's marker, A's stored file names, order numbers or session token.
 * - A's rows are unchanged (checksummed per owner after every route), and no shared row changes.
 * - Afterwards none of B's rows holds A's marker, and B's own lists show nothing of A's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSession, sessionUserId } from '../../server/accounts/session';
import { startSecurityServer, type SecurityServer } from './support/security-server';
import { createMerchant, type Merchant } from './support/merchants';
import { changed, snapshot, type SnapshotScope } from './support/snapshot';
import { explain, headerReport, isServerError, plausibleInput, requestOf, secretsInLogs, send, type Answer } from './support/probe';
import { idProbes, ownerHints, takesIds } from './support/ids';
import { isWrite, type Route } from './support/route-table';

let env: SecurityServer;
let a: Merchant;
let b: Merchant;
const tokens: string[] = [];

beforeAll(async () => {
  env = await startSecurityServer();
  a = await createMerchant(env, 'A');
  b = await createMerchant(env, 'B');
  tokens.push(a.token, b.token);
});
afterAll(async () => {
  await env?.close();
});

/** Every call counts against a rate limit of B's; rows are split into A's, B's and the rest. */
const scope = (): SnapshotScope => ({ skipTables: ['rate_limits'], owners: { a: a.id, b: b.id } });

/**
 * Shared rows a call of B's may change when it carries one of A's ids. Empty: every shared table
 * (coupons, e-mailed codes, OAuth states, webhook events) changing on such a call is a finding.
 */
const SHARED_CHANGES_ALLOWED: { route: RegExp; table: string; why: string }[] = [];

const leaks = (res: Answer) => a.secrets.filter((s) => res.text.includes(s) || (res.headers.get('location') ?? '').includes(s));

/** B's session, renewed when a call ended it (logging out is B's own business). */
async function liveTokenOfB(): Promise<string> {
  if (await sessionUserId(env.s.database.db, b.token)) return b.token;
  b.token = (await createSession(env.s.database.db, b.id)).token;
  tokens.push(b.token);
  return b.token;
}

/** Lookups by e-mail address are asked with A's address; writes taking one (sending a code) are account flows, with B's. */
const emailOf = (route: Route) => (name: string) => (/email|username/i.test(name) ? (isWrite(route) ? b.email : a.email) : undefined);

describe("merchant B with merchant A's ids", () => {
  it("sees nothing of A's and changes nothing of A's, on every route that takes an id", async () => {
    const routes = env.routes.api.filter(takesIds);
    const offenders: string[] = [];
    let calls = 0;
    const start = await snapshot(env.s.database.db, env.tables, scope());
    for (const route of routes) {
      const before = await snapshot(env.s.database.db, env.tables, scope());
      for (const probe of idProbes(route, a, b, emailOf(route))) {
        const req = { ...requestOf(route, probe.input), token: await liveTokenOfB() };
        const res = await send(env.s.url, req);
        calls++;
        if (isServerError(res)) offenders.push(`${route.key} (${probe.label}): server error: ${explain(req, res)}`);
        const leaked = leaks(res);
        if (leaked.length) offenders.push(`${route.key} (${probe.label}): B is shown A's ${leaked.join(', ')}: ${res.text.slice(0, 300)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, scope()));
      for (const key of diff.filter((k) => k.endsWith(':a')))
        offenders.push(`${route.key}: B's calls changed A's rows in ${key.slice(0, -2)}`);
      for (const key of diff.filter((k) => !k.endsWith(':a') && !k.endsWith(':b'))) {
        const table = key.split(':')[0]!;
        if (!SHARED_CHANGES_ALLOWED.some((x) => x.route.test(route.key) && x.table === table))
          offenders.push(`${route.key}: B's calls with A's ids changed shared rows in ${key}`);
      }
    }
    const end = await snapshot(env.s.database.db, env.tables, scope());
    const aTables = [...new Set([...start.keys(), ...end.keys()])].filter((k) => k.endsWith(':a'));
    console.log(
      `cross-merchant matrix: ${routes.length} routes that take ids, ${calls} calls with A's ids; A's rows in ${aTables.length} tables`,
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(aTables.length, "A's fixture should own rows in many tables").toBeGreaterThan(12);
    expect(offenders).toEqual([]);
    // A's rows as a whole, compared across the matrix once more.
    expect(changed(start, end).filter((k) => k.endsWith(':a'))).toEqual([]);
  });

  it("leaves none of A's texts in B's rows, and B's own lists show nothing of A's", async () => {
    const found: string[] = [];
    for (const t of env.tables.filter((t) => t.owner)) {
      const rows = (await env.s.database.db.execute(
        sql.raw(`select count(*)::int as n from "${t.name}" x where ${t.owner} = ${b.id} and to_jsonb(x)::text like '%${a.marker}%'`),
      )) as unknown as { rows: { n: number }[] };
      if (rows.rows[0]!.n > 0) found.push(`${t.name}: ${rows.rows[0]!.n} of B's rows hold A's marker`);
    }
    // Every read B can make, with B's own ids; and, as a control that the marker is there to be
    // seen, the same read made by A with A's ids.
    const reads = env.routes.api.filter((r) => r.method === 'GET' && r.access !== 'operator');
    const controlToken = (await createSession(env.s.database.db, a.id)).token;
    tokens.push(controlToken);
    const seenByA: string[] = [];
    for (const route of reads) {
      const req = { ...requestOf(route, plausibleInput(route, ownerHints(b))), token: await liveTokenOfB() };
      const res = await send(env.s.url, req);
      const leaked = leaks(res);
      if (leaked.length) found.push(`${route.key}: B's own read shows A's ${leaked.join(', ')}: ${res.text.slice(0, 300)}`);
      if (isServerError(res)) found.push(`${route.key}: server error: ${explain(req, res)}`);
      const own = await send(env.s.url, { ...requestOf(route, plausibleInput(route, ownerHints(a))), token: controlToken });
      if (own.text.includes(a.marker)) seenByA.push(route.key);
    }
    console.log(`B's reads: ${reads.length} GET routes; A's marker shows to A through ${seenByA.length} of them and to B through none`);
    expect(found).toEqual([]);
    expect(
      seenByA.length,
      "A's own reads should show A's marker (else its absence from B's answers proves nothing)",
    ).toBeGreaterThanOrEqual(5);
  });
});

describe('after the probes', () => {
  it("the log holds neither merchant's session token nor a token-like query value unredacted, and every answer carried the security headers", async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(secretsInLogs(env.s.logs, tokens)).toEqual([]);
    const headers = headerReport();
    console.log(
      `security headers checked on ${headers.answers} answers; ${headers.bypassed.length} answered before the app (the headers test reports those)`,
    );
    expect(headers.problems).toEqual([]);
  });
});
