/**
 * Calls over real HTTP, built from the route table, and the checks every answer gets: no server
 * error, and the security headers (docs/security.md) on every response the suite sees.
 */
import { inputsOf, isMultipart, pathOf, queryOf, type Field, type Route } from './route-table';
import { sample, type SampleHints } from './json-schema';
import { tinyPng } from './pictures';

export interface Request {
  method: string;
  /** Path and query, from the server's root. */
  path: string;
  json?: unknown;
  raw?: { data: string | Uint8Array; type: string };
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The envelope's code and message, when the answer is one. */
  code: number | null;
  msg: string;
  /** Set when no HTTP answer came (the connection failed). */
  failed?: string;
}

/** An input of a route: path values, query values (as the text they travel as) and the body. */
export interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

const headerProblems: string[] = [];
const bypassProblems: string[] = [];
let answersSeen = 0;

export async function send(baseUrl: string, req: Request): Promise<Answer> {
  const headers: Record<string, string> = { ...(req.token ? { authorization: `Bearer ${req.token}` } : {}), ...req.headers };
  let body: string | Uint8Array | FormData | undefined;
  if (req.form) body = req.form;
  else if (req.raw) {
    body = req.raw.data;
    headers['content-type'] = req.raw.type;
  } else if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    headers['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(`${baseUrl}${req.path}`, {
      method: req.method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
    });
    const text = await res.text();
    let code: number | null = null;
    let msg = '';
    try {
      const json = JSON.parse(text) as { code?: unknown; msg?: unknown };
      if (typeof json.code === 'number') code = json.code;
      if (typeof json.msg === 'string') msg = json.msg;
    } catch {
      // Not JSON: a page, a file, a redirect.
    }
    const answer = { status: res.status, headers: res.headers, text, code, msg };
    noteHeaders(req, answer);
    return answer;
  } catch (err) {
    return { status: 0, headers: new Headers(), text: '', code: null, msg: '', failed: err instanceof Error ? err.message : String(err) };
  }
}

/** A server error: a 5xx, the envelope's 500, or no answer at all. */
export const isServerError = (a: Answer) => !!a.failed || a.status >= 500 || a.code === 500;

export const explain = (req: Request, a: Answer) =>
  `${req.method} ${req.path.length > 160 ? `${req.path.slice(0, 160)}…` : req.path} → ${a.failed ? `no answer (${a.failed})` : `HTTP ${a.status} code ${a.code ?? '-'} ${JSON.stringify(a.msg.slice(0, 120))}`}`;

// ---------------------------------------------------------------------------------------------
// Security headers on every answer

const STRICT_REFERRER = ['strict-origin-when-cross-origin', 'strict-origin', 'same-origin', 'no-referrer'];

/** What is wrong with an answer's security headers ([] when nothing). */
export function securityHeaderProblems(path: string, headers: Headers): string[] {
  const problems: string[] = [];
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push(`X-Content-Type-Options ${headers.get('x-content-type-options')}`);
  if (headers.get('x-frame-options') !== 'DENY') problems.push(`X-Frame-Options ${headers.get('x-frame-options')}`);
  // A route may set a stricter policy of its own (the hand-off redirect says no-referrer).
  if (!STRICT_REFERRER.includes(headers.get('referrer-policy') ?? '')) problems.push(`Referrer-Policy ${headers.get('referrer-policy')}`);
  if (!headers.get('permissions-policy')?.includes('camera=()')) problems.push(`Permissions-Policy ${headers.get('permissions-policy')}`);
  const csp = headers.get('content-security-policy');
  if (!csp) problems.push('no Content-Security-Policy');
  else {
    if (!csp.includes("frame-ancestors 'none'")) problems.push(`CSP without frame-ancestors 'none': ${csp}`);
    if (/'unsafe-(inline|eval)'/.test(csp)) problems.push(`CSP allows unsafe-inline/eval: ${csp}`);
    if (path.startsWith('/prod-api') && !csp.includes("default-src 'none'")) problems.push(`API CSP without default-src 'none': ${csp}`);
  }
  return problems;
}

function noteHeaders(req: Request, a: Answer): void {
  answersSeen++;
  const problems = securityHeaderProblems(req.path, a.headers);
  if (!problems.length) return;
  const line = `${req.method} ${req.path.slice(0, 120)} (HTTP ${a.status}): ${problems.join('; ')}`;
  // The app's onSend hook stamps every answer it sends with X-Request-Id; an answer without one
  // was written before the app saw the request (by the router or Node's HTTP parser).
  (a.headers.get('x-request-id') ? headerProblems : bypassProblems).push(line);
}

/**
 * The answers seen so far whose security headers were wrong: those the app sent (`problems`), and
 * those written before the app saw the request (`bypassed`: a malformed URL, an over-long path
 * parameter or URL), which one test probes on purpose.
 */
export function headerReport(): { answers: number; problems: string[]; bypassed: string[] } {
  return { answers: answersSeen, problems: [...new Set(headerProblems)], bypassed: [...new Set(bypassProblems)] };
}

// ---------------------------------------------------------------------------------------------
// Inputs from the schemas

/** Query and path values travel as text; a list as repeated values. */
const asWireText = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map((x) => asWireText(x))
    : typeof v === 'object' && v !== null
      ? JSON.stringify(v)
      : v === undefined
        ? v
        : String(v);

/**
 * A plausible input for a route: every declared field with a value its schema allows (or `hints`
 * gives), or with `keep`, only the fields it keeps (path parameters always).
 */
export function plausibleInput(route: Route, hints: SampleHints = {}, keep: (f: Field) => boolean = () => true): Input {
  const input: Input = { params: {}, query: {} };
  const body: Record<string, unknown> = {};
  for (const f of inputsOf(route)) {
    if (f.where !== 'path' && !keep(f)) continue;
    const v = sample(f.schema, f.name, hints);
    if (v === undefined) continue;
    if (f.where === 'path') input.params[f.name] = asWireText(v);
    else if (f.where === 'query') input.query[f.name] = asWireText(v);
    else body[f.name] = v;
  }
  if (route.body) input.body = body;
  return input;
}

/** The same input with one field set (query and path values as text). */
export function withField(input: Input, field: Field, value: unknown): Input {
  const next: Input = { params: { ...input.params }, query: { ...input.query }, body: input.body };
  if (field.where === 'path') next.params[field.name] = asWireText(value);
  else if (field.where === 'query') next.query[field.name] = asWireText(value);
  else next.body = { ...(input.body as Record<string, unknown>), [field.name]: value };
  return next;
}

/** The same input without one field. */
export function withoutField(input: Input, field: Field): Input {
  const next: Input = { params: { ...input.params }, query: { ...input.query }, body: input.body };
  if (field.where === 'path') delete next.params[field.name];
  else if (field.where === 'query') delete next.query[field.name];
  else {
    const body = { ...(input.body as Record<string, unknown>) };
    delete body[field.name];
    next.body = body;
  }
  return next;
}

/** A multipart form with one small picture, as the upload routes read it. */
export function pictureForm(name = 'probe.png', file: Uint8Array = tinyPng()): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name);
  return form;
}

/** The HTTP request of an input; multipart routes get a form with a picture unless `form` is given. */
export function requestOf(route: Route, input: Input, extra: Partial<Request> = {}): Request {
  const path = `${pathOf(route, input.params)}${queryOf(input.query)}`;
  const req: Request = { method: route.method, path, ...extra };
  if (!req.raw && !req.form && req.json === undefined && route.method !== 'GET' && route.method !== 'HEAD') {
    if (isMultipart(route)) req.form = pictureForm();
    else if (input.body !== undefined) req.json = input.body;
  }
  return req;
}

// ---------------------------------------------------------------------------------------------
// Secrets in the logs

/**
 * Log lines that hold one of `secrets`, or a token-like query value that is not `[redacted]`
 * (`podToken=…`, `token=…`, `access_token=…`, `claimToken=…`, `Authorization=…`).
 */
export function secretsInLogs(logs: readonly string[], secrets: readonly string[]): string[] {
  const found: string[] = [];
  const live = secrets.filter((t) => t.length >= 16);
  const tokenLike = /([?&])([\w.-]*(?:token|authorization)[\w.-]*)=([^&"\s\\]+)/gi;
  // The report names where a secret was, never the secret itself.
  const masked = (line: string) =>
    live
      .reduce((l, t) => l.split(t).join('<live token>'), line)
      .replace(tokenLike, '$1$2=<value>')
      .slice(0, 300);
  for (const line of logs) {
    if (live.some((t) => line.includes(t))) found.push(`a live session token in: ${masked(line)}`);
    for (const m of line.matchAll(tokenLike)) {
      if (m[3] !== '[redacted]' && m[3] !== '%5Bredacted%5D') found.push(`${m[2]}= not redacted in: ${masked(line)}`);
    }
  }
  return [...new Set(found)];
}
