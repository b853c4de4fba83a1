/**
 * The request schemas of the API document (JSON Schema, generated from the routes' zod schemas)
 * read two ways: a plausible value for a field, and values that are wrong for it. The suite builds
 * its probes from these, so a new route or field is probed without editing a test. Whether a
 * value is one the route must refuse is judged by the route's own zod schema (`schemaAccepts`),
 * since the wire rules (blank is absent, numbers as text, a repeated query value takes the last)
 * live there and not in the document.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  description?: string;
  'x-aliases'?: string[];
}

export type Where = 'body' | 'query' | 'path';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typesOf(s: JsonSchema): string[] {
  return s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
}

/** Strict JSON Schema check of the keywords the document uses. */
function strictly(s: JsonSchema, v: unknown): boolean {
  if (s.anyOf && !s.anyOf.some((b) => strictly(b, v))) return false;
  if (s.oneOf && !s.oneOf.some((b) => strictly(b, v))) return false;
  if (s.allOf && !s.allOf.every((b) => strictly(b, v))) return false;
  if (s.const !== undefined && v !== s.const) return false;
  if (s.enum && !s.enum.some((e) => e === v)) return false;
  const types = typesOf(s);
  if (types.length > 0 && !types.some((t) => hasType(t, v))) return false;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return false;
    if (s.minimum !== undefined && v < s.minimum) return false;
    if (s.maximum !== undefined && v > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return false;
  }
  if (typeof v === 'string') {
    if (s.minLength !== undefined && v.length < s.minLength) return false;
    if (s.maxLength !== undefined && v.length > s.maxLength) return false;
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(v)) return false;
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) return false;
    if (s.maxItems !== undefined && v.length > s.maxItems) return false;
    if (s.items && !v.every((item) => strictly(s.items!, item))) return false;
  }
  if (isPlainObject(v) && (s.properties || s.required)) {
    for (const name of s.required ?? []) if (isBlank(v[name])) return false;
    for (const [name, field] of Object.entries(s.properties ?? {})) {
      if (v[name] !== undefined && !strictly(field, v[name])) return false;
    }
    if (s.additionalProperties === false && Object.keys(v).some((k) => !(k in (s.properties ?? {})))) return false;
  }
  return true;
}

function hasType(t: string, v: unknown): boolean {
  switch (t) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isPlainObject(v);
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Plausible values

export interface SampleHints {
  /** A value for a field by its name (the caller's ids, e-mail addresses), or undefined. */
  byName?: (name: string, schema: JsonSchema) => unknown;
}

const STRING_CANDIDATES = ['probe', '1', '123456', 'secret123', 'US', 'a1b2c3d4e5f6', 'Probe value'];

function stringHint(name: string, s: JsonSchema): string {
  const n = name.toLowerCase();
  if (s.format === 'email' || n.includes('email') || n === 'username') return 'probe@security.test';
  if (s.format === 'password' || n.includes('password')) return 'secret123';
  if (n.includes('country')) return 'US';
  if (n.endsWith('url')) return '/prod-api/storage/none.png';
  if (n === 'shop' || n.includes('domain')) return 'probe-store.myshopify.com';
  if (n.includes('html')) return '<p>probe</p>';
  return 'probe';
}

/** A value that satisfies `s`, as a client would send it. */
export function sample(s: JsonSchema, name: string, hints: SampleHints = {}, depth = 0): unknown {
  const hinted = hints.byName?.(name, s);
  if (hinted !== undefined) return hinted;
  // Paging takes a few fixed sizes the document does not list; an idempotency key replays the
  // first answer to every later call that repeats it, so a probe leaves it out.
  if (name === 'pageSize') return 10;
  if (name === 'pageNum') return 1;
  if (/idempotency/i.test(name)) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum.find((e) => e !== null) ?? s.enum[0];
  if (s.default !== undefined && s.default !== null) return s.default;
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const branch = union.find((b) => !typesOf(b).includes('null')) ?? union[0]!;
    return sample(branch, name, hints, depth);
  }
  const type = typesOf(s).find((t) => t !== 'null') ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      let n = 1;
      if (s.minimum !== undefined) n = Math.max(n, s.minimum);
      if (s.exclusiveMinimum !== undefined) n = Math.max(n, Math.floor(s.exclusiveMinimum) + 1);
      if (s.maximum !== undefined) n = Math.min(n, s.maximum);
      return n;
    }
    case 'boolean':
      return false;
    case 'array': {
      if (depth > 4) return [];
      const count = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: count }, () => sample(s.items ?? {}, name, hints, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .map(([k, v]) => [k, sample(v, k, hints, depth + 1)])
          .filter(([, v]) => v !== undefined),
      );
    }
    default: {
      const first = stringHint(name, s);
      const fits = [first, ...STRING_CANDIDATES].find((c) => strictly({ ...s, type: 'string' }, c));
      return fits ?? first;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Wrong values

export interface BadValue {
  label: string;
  value: unknown;
}

const HUGE = 'x'.repeat(100_000);

/**
 * Values that are wrong for a field of schema `s`, each with a label for the report: a wrong
 * type, a nested object, edge numbers (negative, huge, fractional, NaN and Infinity as text), a
 * huge string, too many items. Which of them the field must refuse is judged by the route's schema.
 */
export function badValues(s: JsonSchema, where: Where): BadValue[] {
  const values: BadValue[] = [
    { label: 'nested object', value: { $gt: '', nested: { deeper: [1, { x: 'y' }] } } },
    { label: 'boolean', value: true },
    { label: 'text', value: 'not-a-valid-value 💥' },
    { label: 'NUL character', value: 'nul\u0000byte' },
    { label: 'negative number', value: -1 },
    { label: 'fraction', value: 1.5 },
    { label: 'huge number', value: 1e308 },
    { label: 'NaN as text', value: 'NaN' },
    { label: 'Infinity as text', value: 'Infinity' },
    { label: 'huge string', value: HUGE },
    { label: 'list of objects', value: [{}, { a: 1 }] },
  ];
  const lists = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((b) => typesOf(b).includes('array'));
  if (lists) values.push({ label: 'too many items', value: Array.from({ length: 5000 }, (_, i) => i + 1) });
  if (where !== 'body') {
    // Query and path values are text: the wrong values are the texts a client could send. A
    // "huge" one stays under Node's 16 KB header limit, so it reaches the app.
    return values
      .filter((b) => typeof b.value !== 'object' && typeof b.value !== 'boolean')
      .map((b) => ({ label: b.label, value: b.value === HUGE ? HUGE.slice(0, 8_000) : String(b.value) }))
      .concat([
        { label: 'too long number', value: '99999999999999999999999' },
        { label: 'exponent', value: '1e999' },
        { label: 'path traversal', value: '../../etc/passwd' },
      ]);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Fields that carry ids

/**
 * A field that names a record: `id`, a name ending in Id / _id / id / Ids / ids / List / _list
 * (productid, orderId, id_list, productIdList…), or one of its aliases does. `uuid` (the login
 * image code's nonce) is not a record of anyone's.
 */
export function isIdName(name: string): boolean {
  if (/uuid$/i.test(name)) return false;
  return /^ids?$/i.test(name) || /(Id|_id|id)s?$/.test(name) || /(List|_list)$/.test(name);
}

export function fieldNames(name: string, s: JsonSchema): string[] {
  return [name, ...(s['x-aliases'] ?? [])];
}

/** A field holding objects (a list of them, or one): its own fields carry the ids, not it. */
export function holdsObjects(s: JsonSchema): boolean {
  const all = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  return all.some((b) => b.properties !== undefined || b.items?.properties !== undefined || b.items?.type === 'object');
}
