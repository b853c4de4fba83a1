/**
 * Before a request is validated, fields given under another spelling (`productId` for
 * `productid`, see `aka`) are moved to the name the schema uses, so handlers read one name.
 * The first non-blank spelling wins, the schema's own name first. Lists of objects are followed.
 *
 * Some calls take their fields from the query string or the body alike (form-style clients send
 * either); a route says so with `config: { fieldsFromQuery: true }` and its body schema then
 * sees the query's fields under the body's.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isBlank } from './fields';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body schema also reads fields from the query string (the body's win). */
    fieldsFromQuery?: boolean;
  }
}

type Shape = Record<string, z.ZodType>;

/** Looks through optional, default, preprocess and similar wrappers to the schema underneath. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema as z.ZodType & { _zod: { def: Record<string, unknown> } };
  for (let i = 0; i < 8; i++) {
    const def = s._zod.def;
    const next = (def.innerType ?? (def.type === 'pipe' ? (isTransform(def.in) ? def.out : def.in) : undefined)) as typeof s | undefined;
    if (!next) break;
    s = next;
  }
  return s;
}

function isTransform(s: unknown): boolean {
  return (s as { _zod?: { def?: { type?: string } } })?._zod?.def?.type === 'transform';
}

function aliasesOf(schema: z.ZodType): string[] {
  // The meta sits on the schema `aka` returned, which a caller may have wrapped again.
  for (let s: z.ZodType | undefined = schema, i = 0; s && i < 4; i++) {
    const meta = z.globalRegistry.get(s) as { 'x-aliases'?: string[] } | undefined;
    if (meta?.['x-aliases']) return meta['x-aliases'];
    const inner: z.ZodType | undefined = (s as unknown as { _zod: { def: { innerType?: z.ZodType } } })._zod.def.innerType;
    s = inner;
  }
  return [];
}

function shapeOf(schema: z.ZodType | undefined): Shape | null {
  if (!schema) return null;
  const s = unwrap(schema) as unknown as { _zod: { def: { type: string; shape?: Shape } } };
  return s._zod.def.type === 'object' && s._zod.def.shape ? s._zod.def.shape : null;
}

function elementOf(schema: z.ZodType): z.ZodType | null {
  const s = unwrap(schema) as unknown as { _zod: { def: { type: string; element?: z.ZodType } } };
  return s._zod.def.type === 'array' && s._zod.def.element ? s._zod.def.element : null;
}

/** Renames aliased fields in `value` (in place) as `shape` declares them. */
export function applyAliases(value: unknown, shape: Shape): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  const obj = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(shape)) {
    if (isBlank(obj[key])) {
      const alias = aliasesOf(field).find((a) => !isBlank(obj[a]));
      if (alias !== undefined) obj[key] = obj[alias];
    }
    const nested = shapeOf(field);
    if (nested) applyAliases(obj[key], nested);
    const element = elementOf(field);
    const elementShape = element ? shapeOf(element) : null;
    if (elementShape && Array.isArray(obj[key])) for (const item of obj[key] as unknown[]) applyAliases(item, elementShape);
  }
}

export async function normaliseFields(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
  if (!schema) return;
  const bodyShape = shapeOf(schema.body);
  if (bodyShape) {
    // No body at all reads as no fields (a call whose fields are all optional may send none); a
    // body that is there but not an object (a list, text, null) is left for the schema to refuse.
    const body = request.body === undefined ? {} : request.body;
    const isObject = Boolean(body) && typeof body === 'object' && !Array.isArray(body);
    if (isObject) {
      request.body = request.routeOptions.config.fieldsFromQuery ? { ...(request.query as object), ...(body as object) } : body;
      applyAliases(request.body, bodyShape);
    } else request.body = body;
  }
  const queryShape = shapeOf(schema.querystring);
  if (queryShape) applyAliases(request.query, queryShape);
}
