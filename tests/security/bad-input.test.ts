/**
 * Bad input to every write route (POST, PUT, PATCH, DELETE), generated from the route table, sent
 * by a logged-in merchant with the merchant's own ids elsewhere in the call (the operator's routes
 * with the operator token): per route, a body that is not JSON, an unsupported content type, a
 * body that is not an object, an empty object, a number JSON turns into Infinity, a deeply nested
 * body, a prototype-pollution body, and per declared field (path, query, body) a nested object, a
 * boolean, text, a negative, fractional or huge number, NaN and Infinity as text, a huge string, a
 * list of objects, too many items, or the field left out; upload routes also get JSON, a form
 * without a file and an empty file.
 * - No answer is a server error (5xx), whatever the input.
 * - An input the route's own schema refuses (its zod schema, judged here) is refused, and the
 *   database is unchanged after all of them. (Inputs the schema accepts, such as a huge string
 *   where no limit is declared, may do their work; only "no server error" holds for them.)
 * - Object.prototype is untouched afterwards, and the server still answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionUserId } from '../../server/accounts/session';
import { OPS_TOKEN, startSecurityServer, type SecurityServer } from './support/security-server';
import { createMerchant, type Merchant } from './support/merchants';
import { changed, snapshot, type SnapshotScope } from './support/snapshot';
import {
  explain,
  headerReport,
  isServerError,
  plausibleInput,
  requestOf,
  secretsInLogs,
  send,
  withField,
  withoutField,
  type Input,
  type Request,
} from './support/probe';
import { ownerHints } from './support/ids';
import { badValues } from './support/json-schema';
import { inputsOf, isMultipart, isWrite, schemaAccepts, type Route } from './support/route-table';
import { tinyPng } from './support/pictures';

let env: SecurityServer;
let c: Merchant;
const tokens: string[] = [];

beforeAll(async () => {
  env = await startSecurityServer();
  c = await createMerchant(env, 'C');
  tokens.push(c.token);
});
afterAll(async () => {
  await env?.close();
});

/** A refused attempt counts against its rate limit by design (that is how guessing is slowed). */
const SCOPE: SnapshotScope = { skipTables: ['rate_limits'] };

interface Case {
  label: string;
  req: Request;
  /** The route's own schema refuses this input: the call must be refused and change nothing. */
  mustRefuse: boolean;
}

/** What arrives after JSON: NaN and Infinity become null, undefined fields vanish. */
const overTheWire = (v: unknown) => (v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown));

async function casesFor(route: Route, token: string): Promise<Case[]> {
  const base = plausibleInput(route, ownerHints(c));
  const judged = async (label: string, input: Input, req: Request): Promise<Case> => ({
    label,
    req: { ...req, token },
    mustRefuse: !(await schemaAccepts(route, { params: input.params, query: input.query, body: overTheWire(input.body) })),
  });
  const plain = requestOf(route, base);
  const whole = (
    label: string,
    raw: { data: string | Uint8Array; type: string } | undefined,
    mustRefuse: boolean,
    extra: Partial<Request> = {},
  ): Case => ({
    label,
    req: { method: plain.method, path: plain.path, token, ...(raw ? { raw } : {}), ...extra },
    mustRefuse,
  });
  const cases: Case[] = [
    // Refused by the body parser before any route code runs.
    whole('not JSON', { data: '{"a": ', type: 'application/json' }, true),
    whole('unsupported content type', { data: '<probe/>', type: 'application/xml' }, true),
    // Hostile but parseable: must not crash the server; whether they are refused is up to the route.
    whole('deeply nested JSON', { data: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, type: 'application/json' }, false),
    whole(
      'prototype pollution',
      {
        data: `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},${JSON.stringify(base.body ?? {}).slice(1)}`,
        type: 'application/json',
      },
      false,
    ),
  ];
  if (isMultipart(route)) {
    const form = (file?: Uint8Array) => {
      const f = new FormData();
      f.append('imgName', 'probe.png');
      if (file) f.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'probe.png');
      return f;
    };
    cases.push(
      whole('JSON instead of a form', undefined, true, { json: { file: tinyPng().toString('base64') } }),
      whole('a form without a file', undefined, true, { form: form() }),
      whole('an empty file', undefined, true, { form: form(new Uint8Array(0)) }),
    );
  }
  if (route.body) {
    const body = (label: string, value: unknown, data = JSON.stringify(value)) =>
      judged(label, { ...base, body: value }, { ...plain, json: undefined, raw: { data, type: 'application/json' } });
    cases.push(
      await body('a list instead of an object', []),
      await body('text instead of an object', 'probe'),
      await body('null body', null),
      await body('empty object', {}),
      await judged(
        'text/plain body',
        { ...base, body: 'probe' },
        { ...plain, json: undefined, raw: { data: 'probe', type: 'text/plain' } },
      ),
    );
    // A number literal JSON.parse turns into Infinity, in the first field that takes numbers.
    const numeric = inputsOf(route).find((f) => f.where === 'body' && JSON.stringify(f.schema).includes('"integer"'));
    if (numeric) {
      const text = JSON.stringify({ ...(base.body as object), [numeric.name]: '__INFINITY__' }).replace('"__INFINITY__"', '1e999');
      cases.push(await body(`${numeric.name} = 1e999`, { ...(base.body as object), [numeric.name]: Infinity }, text));
    }
  }
  for (const f of inputsOf(route)) {
    for (const bad of badValues(f.schema, f.where)) {
      const input = withField(base, f, bad.value);
      cases.push(await judged(`${f.where} ${f.name}: ${bad.label}`, input, requestOf(route, input)));
    }
    const left = withoutField(base, f);
    if (f.where !== 'path') cases.push(await judged(`${f.where} ${f.name}: left out`, left, requestOf(route, left)));
  }
  return cases;
}

/** The merchant's session, renewed when a call ended it (before the tables are read). */
async function liveToken(): Promise<string> {
  if (await sessionUserId(env.s.database.db, c.token)) return c.token;
  c.token = (await createSession(env.s.database.db, c.id)).token;
  tokens.push(c.token);
  return c.token;
}

describe('bad input to every write route', () => {
  it('is never a server error; what the schema refuses is refused and changes nothing', async () => {
    const routes = env.routes.api.filter(isWrite);
    const offenders: string[] = [];
    let refusedCalls = 0;
    let otherCalls = 0;
    for (const route of routes) {
      const token = route.access === 'operator' ? OPS_TOKEN : await liveToken();
      const cases = await casesFor(route, token);
      const before = await snapshot(env.s.database.db, env.tables, SCOPE);
      for (const k of cases.filter((x) => x.mustRefuse)) {
        const res = await send(env.s.url, k.req);
        refusedCalls++;
        if (isServerError(res)) offenders.push(`${route.key} (${k.label}): server error: ${explain(k.req, res)}`);
        else if (res.status < 400 && res.code === 200) offenders.push(`${route.key} (${k.label}): accepted: ${explain(k.req, res)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, SCOPE));
      if (diff.length) offenders.push(`${route.key}: refused input changed ${diff.join(', ')}`);
      // Inputs the schema accepts may do their work; they must not break the server.
      for (const k of cases.filter((x) => !x.mustRefuse)) {
        const res = await send(env.s.url, k.req);
        otherCalls++;
        if (isServerError(res)) offenders.push(`${route.key} (${k.label}): server error: ${explain(k.req, res)}`);
      }
    }
    console.log(
      `bad input: ${routes.length} write routes, ${refusedCalls} inputs their schema refuses, ${otherCalls} hostile inputs it accepts`,
    );
    expect(routes.length).toBeGreaterThan(80);
    expect(offenders).toEqual([]);
  });

  it('left Object.prototype untouched, and the server still answers', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await send(env.s.url, { method: 'GET', path: '/prod-api/health' });
    expect(health.status).toBe(200);
  });
});

describe('after the probes', () => {
  it('the log holds no session token and no token-like query value unredacted, and every answer carried the security headers', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(secretsInLogs(env.s.logs, tokens)).toEqual([]);
    const headers = headerReport();
    console.log(
      `security headers checked on ${headers.answers} answers; ${headers.bypassed.length} answered before the app (the headers test reports those)`,
    );
    expect(headers.problems).toEqual([]);
  });
});
