/**
 * Leaf schemas shared by documents, templates and products. Numbers are JSON numbers (no numeric
 * strings) and finite; ids are strings or integers and come out as strings; 0/1 flags also take
 * booleans and '0' / '1'; colours come out as '#RRGGBB'. Optional members treat null as absent and
 * get a fresh default.
 */
import { z } from 'zod';
import { parseHexColor } from '../color.ts';
import type { Flag, Id, JsonValue } from '../types.ts';
import { describe, isMissingMember, report, typeError, type ErrorFn, oneOfError } from './messages.ts';

// Zod compiles object parsers with `new Function` unless told not to. The app's Content-Security-
// Policy forbids eval, and even zod's probe for it is reported as a violation, so the compiler is
// off before any schema is built (interpreted parsing is fast enough for these documents).
z.config({ jitless: true });

const numberError: ErrorFn = (issue) => {
  if (issue.code !== 'invalid_type') return undefined;
  if (isMissingMember(issue)) return 'required';
  const finite = typeof issue.input === 'number' ? ' finite' : '';
  return `expected a${finite} number, got ${describe(issue.input)}`;
};

export const numberSchema = z.number({ error: numberError });

export const positiveSchema = numberSchema.gt(0, { error: (issue) => `expected a number above 0, got ${describe(issue.input)}` });

export const nonNegativeSchema = numberSchema.min(0, { error: (issue) => `expected a number of 0 or more, got ${describe(issue.input)}` });

export const integerSchema = numberSchema.refine(Number.isInteger, {
  error: (issue) => `expected an integer, got ${describe(issue.input)}`,
});

/** Numbers from `min` to `max`; `what` names one in the error ("an opacity", "a level"). */
export function between(min: number, max: number, what: string, unit = '') {
  const error = (issue: { input?: unknown }) => `expected ${what} from ${min} to ${max}${unit}, got ${describe(issue.input)}`;
  return numberSchema.min(min, { error }).max(max, { error });
}

export const stringSchema = z.string({ error: typeError('a string') });

export const nonEmptySchema = stringSchema.refine((s) => s.trim() !== '', { error: 'expected a non-empty string' });

const idError: ErrorFn = (issue) => {
  if (isMissingMember(issue)) return 'required';
  const v = issue.input;
  if (typeof v === 'number')
    return Number.isFinite(v) ? `expected an integer id, got ${v}` : `expected a finite number, got ${describe(v)}`;
  if (typeof v === 'string') return 'expected a non-empty id';
  return `expected an id (string or integer), got ${describe(v)}`;
};

/** An id: a non-blank string, or an integer (which comes out as its decimal string). */
export const idSchema = z.union(
  [
    z.string().refine((s) => s.trim() !== '', { error: idError, abort: true }),
    z
      .number()
      .refine(Number.isInteger, { error: idError, abort: true })
      .transform((n): Id => String(n)),
  ],
  { error: idError },
);

/** A 0/1 flag; true/false and '0'/'1' are read as the same. */
export const flagSchema = z
  .literal([0, 1, '0', '1', false, true], {
    error: (issue) => (isMissingMember(issue) ? 'required' : `expected 0 or 1, got ${describe(issue.input)}`),
  })
  .transform((v): Flag => (v === 1 || v === '1' || v === true ? 1 : 0));

/** A yes/no field; 0 and 1 are read as false and true. */
export const booleanSchema = z
  .literal([true, false, 1, 0], {
    error: (issue) => (isMissingMember(issue) ? 'required' : `expected a boolean, got ${describe(issue.input)}`),
  })
  .transform((v) => v === true || v === 1);

/** 3 or 6 hex digits after '#', '%23' (the API's placeholder for '#') or nothing, spaces around allowed. */
export const HEX_COLOR_INPUT = /^\s*(?:#|%23)?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*$/;

function hexColor(typeMessage: ErrorFn) {
  return z
    .string({ error: typeMessage })
    .regex(HEX_COLOR_INPUT, { error: (issue) => `bad hex colour ${describe(issue.input)}` })
    .transform((s) => parseHexColor(s) ?? s);
}

/** A colour, normalised to '#RRGGBB' upper case. */
export const hexColorSchema = hexColor(typeError('a string'));

/** A colour as the value of a map entry (where null is a wrong value, not a missing one). */
export const hexColorValueSchema = hexColor((issue) =>
  issue.code === 'invalid_type' ? `expected a string, got ${describe(issue.input)}` : undefined,
);

/** One of `allowed`; `what` starts the error ("unknown blend code 28; expected one of 1, 2, …"). */
export function oneOf<const T extends readonly (string | number)[]>(allowed: T, what: string) {
  return z.literal(allowed, { error: oneOfError(allowed, what) });
}

export function listOf<S extends z.ZodType>(item: S) {
  return z.array(item, { error: typeError('an array') });
}

export function objectOf<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object(shape, { error: typeError('an object') });
}

/** An optional member: absent or null gives `fallback()` (a fresh value each time). */
export function withDefault<S extends z.ZodType, D>(schema: S, fallback: () => D) {
  return schema.nullish().transform((v): NonNullable<z.output<S>> | D => v ?? fallback());
}

/** An optional member that stays absent (undefined) when absent or null. */
export function optional<S extends z.ZodType>(schema: S) {
  return withDefault(schema, () => undefined);
}

/** `n` numbers, as a tuple. */
function numbers<N extends number>(n: N) {
  const error: ErrorFn = (issue) => {
    if (issue.code === 'invalid_type')
      return isMissingMember(issue) ? 'required' : `expected an array of ${n} numbers, got ${describe(issue.input)}`;
    if (issue.code === 'too_big' || issue.code === 'too_small') {
      return `expected ${n} numbers, got ${Array.isArray(issue.input) ? issue.input.length : describe(issue.input)}`;
    }
    return undefined;
  };
  return error;
}

const n = numberSchema;
export const tuple6Schema = z.tuple([n, n, n, n, n, n], { error: numbers(6) });
export const tuple8Schema = z.tuple([n, n, n, n, n, n, n, n], { error: numbers(8) });
export const tuple9Schema = z.tuple([n, n, n, n, n, n, n, n, n], { error: numbers(9) });

// Group nesting in real PSD mockups is a handful of levels; the caps keep hostile input from
// exhausting the stack.
export const MAX_LAYER_DEPTH = 32;
export const MAX_JSON_DEPTH = 64;

/**
 * Copies a JSON value, refusing what JSON cannot hold: non-finite numbers, non-plain objects
 * (dates, maps, class instances), a `__proto__` key and nesting deeper than MAX_JSON_DEPTH.
 * Undefined members are dropped, as JSON.stringify drops them.
 */
function copyJson(v: unknown, ctx: z.core.$RefinementCtx, path: PropertyKey[], depth: number): JsonValue | undefined {
  if (depth > MAX_JSON_DEPTH) return fail(ctx, path, 'nesting too deep');
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : fail(ctx, path, `expected a finite number, got ${describe(v)}`);
  if (Array.isArray(v)) {
    const out: JsonValue[] = [];
    for (let i = 0; i < v.length; i += 1) {
      const e = copyJson(v[i], ctx, [...path, i], depth + 1);
      if (e === undefined) return undefined;
      out.push(e);
    }
    return out;
  }
  if (typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return fail(ctx, path, 'expected plain JSON data');
    const out: Record<string, JsonValue> = {};
    for (const [k, member] of Object.entries(v)) {
      if (k === '__proto__') return fail(ctx, [...path, k], 'key not allowed');
      if (member === undefined) continue;
      const e = copyJson(member, ctx, [...path, k], depth + 1);
      if (e === undefined) return undefined;
      out[k] = e;
    }
    return out;
  }
  return fail(ctx, path, `expected JSON data, got ${describe(v)}`);
}

function fail(ctx: z.core.$RefinementCtx, path: PropertyKey[], message: string): undefined {
  report(ctx, path, message);
  return undefined;
}

/** Any JSON value (free-form data the engine stores and hands back untouched), copied. */
export const jsonValueSchema = z
  .unknown()
  .transform((v, ctx): JsonValue => copyJson(v, ctx, [], 0) ?? null)
  .meta({ description: `Any JSON value, nested at most ${MAX_JSON_DEPTH} deep` });
