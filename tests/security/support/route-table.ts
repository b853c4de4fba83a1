/**
 * The route table the probes are generated from: every route the running app registered (caught
 * with an onRoute hook, so a route missing from the API document is still seen), joined with its
 * entry in the app's own OpenAPI document (`app.swagger()`, the document `buildApiDocument`
 * writes) for its security requirement and its request schemas.
 *
 * The hook is added through Fastify's documented `fastify.initialization` diagnostics channel,
 * which hands over each new instance before any plugin or route is registered: the harness builds
 * the app, and the suite sees every route it adds without a hook of its own in server code.
 */
import diagnostics from 'node:diagnostics_channel';
import type { JsonSchema, Where } from './json-schema';

/** Who may call a route, as the route table declares it. */
export type Access =
  /** security: [{session: []}]: refused with 401 without a live session. */
  | 'session'
  /** security: [{session: []}, {}]: works with or without a session. */
  | 'optional-session'
  /** under /prod-api/ops/: `Authorization: Bearer <OPS_TOKEN>`. */
  | 'operator'
  /** a provider's signed webhook (no session; the signature is the credential). */
  | 'webhook'
  /** no credential declared. */
  | 'public';

export interface Field {
  name: string;
  where: Where;
  required: boolean;
  schema: JsonSchema;
}

export interface Route {
  method: string;
  /** Fastify's pattern: /prod-api/api/order/detail/:id */
  url: string;
  /** `METHOD url`, how findings name a route. */
  key: string;
  /** The API document's entry (for a HEAD route: its GET's). */
  documented: boolean;
  summary: string;
  access: Access;
  params: Field[];
  query: Field[];
  body: JsonSchema | null;
  bodyTypes: string[];
  /** Content types the route declares it reads (`consumes`): multipart/form-data for uploads. */
  consumes: string[];
  /** The route's zod schemas, as the server validates with them. */
  schemas: RequestSchemas;
}

/** A route's own request schema (zod): the judge of whether an input is one the route accepts. */
export interface RequestSchema {
  safeParseAsync(value: unknown): Promise<{ success: boolean }>;
}

interface RequestSchemas {
  params?: RequestSchema;
  querystring?: RequestSchema;
  body?: RequestSchema;
}

interface CapturedRoute {
  method: string;
  url: string;
  consumes: string[];
  hidden: boolean;
  schemas: RequestSchemas;
}

interface DocOperation {
  summary?: string;
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface ApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
}

interface RouteOptionsSeen {
  method: string | string[];
  url: string;
  schema?: RequestSchemas & { consumes?: string[]; hide?: boolean };
}
interface HookableInstance {
  addHook(name: 'onRoute', hook: (options: RouteOptionsSeen) => void): unknown;
}

const parser = (schema: unknown): RequestSchema | undefined =>
  schema && typeof (schema as RequestSchema).safeParseAsync === 'function' ? (schema as RequestSchema) : undefined;

/** Starts recording the routes of every Fastify instance created until `stop()`. */
export function captureRoutes(): { routes: CapturedRoute[]; stop(): void } {
  const routes: CapturedRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: HookableInstance };
    fastify.addHook('onRoute', (options) => {
      for (const method of [options.method].flat()) {
        routes.push({
          method: method.toUpperCase(),
          url: options.url,
          consumes: options.schema?.consumes ?? [],
          hidden: options.schema?.hide === true,
          schemas: {
            params: parser(options.schema?.params),
            querystring: parser(options.schema?.querystring),
            body: parser(options.schema?.body),
          },
        });
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  return { routes, stop: () => diagnostics.unsubscribe('fastify.initialization', onInit) };
}

/** /prod-api/a/:id and /prod-api/b/:userId? and /prod-api/c/* as the document writes them. */
export const documentPath = (url: string) => url.replace(/:(\w+)(\?)?/g, '{$1}$2').replace(/\*$/, '{*}');

function requiresSession(security: Record<string, unknown>[] | undefined): boolean {
  return !!security && security.length > 0 && security.every((req) => 'session' in req);
}

function accessOf(url: string, method: string, op: DocOperation | undefined): Access {
  if (url.startsWith('/prod-api/ops/')) return 'operator';
  if (requiresSession(op?.security)) return 'session';
  if (op?.security?.some((req) => 'session' in req)) return 'optional-session';
  if (method === 'POST' && /webhook/i.test(url)) return 'webhook';
  return 'public';
}

export interface RouteTable {
  /** Every route under /prod-api. */
  api: Route[];
  /** Routes outside /prod-api (the built client's files). */
  other: { method: string; url: string }[];
  /** Routes under /prod-api the document does not describe (besides hidden ones). */
  undocumented: string[];
}

export function buildRouteTable(captured: CapturedRoute[], doc: ApiDocument): RouteTable {
  const api: Route[] = [];
  const other: { method: string; url: string }[] = [];
  const undocumented: string[] = [];
  const seen = new Set<string>();
  for (const r of captured) {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!r.url.startsWith('/prod-api')) {
      other.push({ method: r.method, url: r.url });
      continue;
    }
    if (r.hidden) continue;
    const docMethod = r.method === 'HEAD' ? 'get' : r.method.toLowerCase();
    const op = doc.paths[documentPath(r.url)]?.[docMethod];
    if (!op) undocumented.push(key);
    const fields = (where: 'path' | 'query'): Field[] =>
      (op?.parameters ?? [])
        .filter((p) => p.in === where)
        .map((p) => ({ name: p.name, where, required: p.required === true, schema: p.schema ?? {} }));
    const content = op?.requestBody?.content ?? {};
    const bodyTypes = Object.keys(content);
    const json = content['application/json'] ?? Object.values(content)[0];
    api.push({
      method: r.method,
      url: r.url,
      key,
      documented: !!op,
      summary: op?.summary ?? '',
      access: accessOf(r.url, r.method, op),
      params: fields('path'),
      query: fields('query'),
      body: json?.schema ?? null,
      bodyTypes,
      consumes: r.consumes,
      schemas: r.schemas,
    });
  }
  return { api, other, undocumented };
}

export const isWrite = (r: Route) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
export const isMultipart = (r: Route) => r.consumes.includes('multipart/form-data');

/** Every declared input of a route, body fields included, as one list. */
export function inputsOf(r: Route): Field[] {
  const required = new Set(r.body?.required ?? []);
  const body = Object.entries(r.body?.properties ?? {}).map(([name, schema]) => ({
    name,
    where: 'body' as const,
    required: required.has(name),
    schema,
  }));
  return [...r.params, ...r.query, ...body];
}

/** The URL of a route with its path parameters filled in (an optional one left out when absent). */
export function pathOf(r: Route, params: Record<string, unknown>): string {
  return r.url
    .replace(/\/:(\w+)\?/g, (_, name: string) => (params[name] === undefined ? '' : `/${encodeURIComponent(asText(params[name]))}`))
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(asText(params[name] ?? '1')))
    .replace(/\*$/, () => String(params['*'] ?? 'none'));
}

function asText(v: unknown): string {
  return Array.isArray(v) ? v.map(String).join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** A query string from values: lists as repeated parameters, objects as JSON text. */
export function queryOf(values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [name, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) q.append(name, asText(item));
    else q.append(name, asText(v));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether the route's own schemas accept an input (path values and query values as the text they
 * travel as): false means the server must refuse the call before its handler runs.
 */
export async function schemaAccepts(r: Route, input: { params?: unknown; query?: unknown; body?: unknown }): Promise<boolean> {
  const checks: [RequestSchema | undefined, unknown][] = [
    [r.schemas.params, input.params ?? {}],
    [r.schemas.querystring, input.query ?? {}],
    [r.schemas.body, input.body],
  ];
  for (const [schema, value] of checks) if (schema && !(await schema.safeParseAsync(value)).success) return false;
  return true;
}
