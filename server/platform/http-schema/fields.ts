/**
 * The zod field types request schemas are built from. Every route declares its body, query and
 * path parameters with these; Fastify validates them before the handler runs (a refusal is code
 * 10000 with a message naming the field) and the same schemas describe the API in the OpenAPI
 * document.
 *
 * Ids, amounts and flags arrive as JSON numbers or as strings (form posts, query strings), so
 * each field accepts both and hands the handler a number. A blank field (absent, null or only
 * spaces) counts as not given; a repeated query parameter (`a=1&a=2`) takes its last value.
 * A field may also be accepted under other spellings (`productId` beside `productid`): see
 * `aka` and ./aliases.ts.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../../../contract/constants';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, CommerceMessages } from '../../../contract/commerce';

/** Ids are PostgreSQL `integer`s. */
const ID_MAX = 2_147_483_647;

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * A JSON number sent where text is expected, as its text, when that text is certain: a safe
 * integer, or a plain decimal of at most 15 significant digits. Beyond those, JSON.parse has
 * already rounded the number (2^53 + 1 arrives as 2^53), so any other number stays a number and
 * the field refuses it as "must be text" rather than store a value nobody sent.
 */
export function numberAsText(v: unknown): unknown {
  if (typeof v !== 'number') return v;
  if (Number.isSafeInteger(v)) return String(v);
  const s = String(v);
  return Number.isFinite(v) && !/e/i.test(s) && s.replace(/^-?0*\.?0*|\./g, '').length <= 15 ? s : v;
}

/** One value: blank → undefined, repeated query value → the last, strings trimmed. */
function scalar(v: unknown): unknown {
  const last = Array.isArray(v) && v.every((s) => typeof s === 'string') ? v[v.length - 1] : v;
  if (isBlank(last)) return undefined;
  return typeof last === 'string' ? last.trim() : last;
}

/** Refuses the value with `message`, shown as written (for a transform or preprocess step). */
export function refuse(ctx: { issues: z.core.$ZodRawIssue[] }, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

/** Other spellings a field is also accepted under; listed in the API document as `x-aliases`. */
export function aka<T extends z.ZodType>(schema: T, ...aliases: string[]): T {
  return schema.meta({ 'x-aliases': aliases });
}

/** A whole number in [min, max] given as a JSON number or a string of digits. */
function wholeNumber(what: string, min: number, max: number, bad: string) {
  const digits = min < 0 ? /^-?\d{1,12}$/ : /^\d{1,12}$/;
  return z
    .union([z.int({ error: bad }).min(min, bad).max(max, bad), z.string({ error: bad }).regex(digits, bad)], {
      error: (iss) => (iss.input === undefined ? `${what} is required` : bad),
    })
    .transform((v, ctx) => {
      const n = Number(v);
      if (n < min || n > max) {
        return refuse(ctx, bad, v);
      }
      return n;
    });
}

const idBody = (what: string) => wholeNumber(what, 1, ID_MAX, `${what} must be a positive whole number`);

/** A required positive id. */
export function id(what: string) {
  return z.preprocess(scalar, idBody(what));
}

/** A positive id, or undefined when blank. */
export function optionalId(what: string) {
  return z.preprocess(scalar, idBody(what).optional());
}

/** A whole number in [min, max]; `message` replaces the default refusal. */
export function int(what: string, min: number, max: number, message = `${what} must be a whole number from ${min} to ${max}`) {
  return z.preprocess(scalar, wholeNumber(what, min, max, message));
}

export function optionalInt(what: string, min: number, max: number, message = `${what} must be a whole number from ${min} to ${max}`) {
  return z.preprocess(scalar, wholeNumber(what, min, max, message).optional());
}

/** A cart or order quantity; blank takes `fallback` when one is given. */
export function quantity(fallback?: number) {
  const inner = wholeNumber('quantity', CART_QUANTITY_MIN, CART_QUANTITY_MAX, CommerceMessages.badQuantity);
  return fallback === undefined ? z.preprocess(scalar, inner) : z.preprocess(scalar, inner.optional().default(fallback));
}

/**
 * A list of distinct ids: a JSON array, a repeated query parameter or a comma list ("1,2,3").
 * Blank is an empty list unless `required`.
 */
export function idList(what: string, { max = 500, required = false }: { max?: number; required?: boolean } = {}) {
  const item = wholeNumber(what, 1, ID_MAX, `${what} must be a positive whole number`);
  return z.preprocess(
    (v) => {
      if (isBlank(v)) return [];
      const parts = Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? [v] : v;
      if (!Array.isArray(parts)) return parts;
      return parts.flatMap((p) => (typeof p === 'string' ? p.split(',') : [p])).filter((p) => !isBlank(p));
    },
    z
      .array(item, { error: `${what} must be a list of ids` })
      .max(max, `${what}: at most ${max} ids`)
      .refine((list) => !required || list.length > 0, `${what} is required`)
      .transform((list) => [...new Set(list)]),
  );
}

/** Trimmed text of at most `max` characters; blank is ''. Numbers are taken as their text. */
export function text(what: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'number' ? numberAsText(v) : scalar(v)),
    z
      .string({ error: `${what} must be text` })
      .max(max, `${what} must be at most ${max} characters`)
      .optional()
      .transform((s) => s ?? ''),
  );
}

/** Trimmed text that must be given. */
export function requiredText(what: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'number' ? numberAsText(v) : scalar(v)),
    z
      .string({ error: (iss) => (iss.input === undefined ? `${what} is required` : `${what} must be text`) })
      .max(max, `${what} must be at most ${max} characters`),
  );
}

/** Text that is absent (undefined) when blank: for edits where absent means "leave as it is". */
export function optionalText(what: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'number' ? numberAsText(v) : scalar(v)),
    z
      .string({ error: `${what} must be text` })
      .max(max, `${what} must be at most ${max} characters`)
      .optional(),
  );
}

/**
 * Text for an edit that changes only the fields given: absent (or null) is undefined, an empty
 * string clears the field.
 */
export function editText(what: string, max: number) {
  return z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'number' ? numberAsText(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `${what} must be text` })
      .max(max, `${what} must be at most ${max} characters`)
      .optional(),
  );
}

/** A 0/1 (or true/false) switch; undefined when blank. */
export function flag(what: string) {
  const bad = `${what} must be 0 or 1`;
  return z.preprocess(
    (v) => {
      const s = scalar(v);
      if (s === true || s === 1 || s === '1' || s === 'true') return true;
      if (s === false || s === 0 || s === '0' || s === 'false') return false;
      return s;
    },
    z.boolean({ error: bad }).optional(),
  );
}

/**
 * One of a fixed set of words, matched without regard to case, with extra spellings mapped to
 * their meaning (`usa` → `US`); undefined when blank.
 */
export function choice<T extends string>(what: string, spellings: Readonly<Record<string, T>>, message: string) {
  const keys = Object.keys(spellings);
  return z.preprocess(
    (v) => {
      const s = scalar(v);
      return typeof s === 'string' || typeof s === 'number' ? String(s).toLowerCase() : s;
    },
    z
      .enum(keys as [string, ...string[]], { error: message })
      .optional()
      .transform((k) => (k === undefined ? undefined : spellings[k])),
  );
}

/** pageNum and pageSize, to spread into a query schema; `offsetOf` turns them into a row offset. */
export function paging(
  defaultSize: number,
  { sizes = PAGE_SIZES, maxPage = 10_000, sizeMax }: { sizes?: readonly number[]; maxPage?: number; sizeMax?: number } = {},
) {
  const badSize = sizeMax ? `pageSize must be a whole number from 1 to ${sizeMax}` : `pageSize must be one of ${sizes.join(', ')}`;
  const size = sizeMax
    ? wholeNumber('pageSize', 1, sizeMax, badSize)
    : wholeNumber('pageSize', 1, Math.max(...sizes), badSize).refine((n) => sizes.includes(n), badSize);
  return {
    pageNum: z.preprocess(
      scalar,
      wholeNumber('pageNum', 1, maxPage, `pageNum must be a whole number from 1 to ${maxPage}`).optional().default(1),
    ),
    pageSize: z.preprocess(scalar, size.optional().default(defaultSize)),
  };
}

export function offsetOf(p: { pageNum: number; pageSize: number }): number {
  return (p.pageNum - 1) * p.pageSize;
}

/** An id in the path (`/orders/:id`). */
export const idParams = z.object({ id: id('id') });
