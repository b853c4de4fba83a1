/**
 * Field types of the shop calls, beside the shared ones (../platform/http-schema/fields.ts):
 * Etsy's ids (wider than 32 bits), values handed on as they came to the check that judges them
 * (a store address, a shop domain), parameters a signature covers, the store script, the theme
 * style and the push queue's forgiving page numbers.
 */
import { z } from 'zod';
import { ShopMessages } from '../../contract/shops';
import { isBlank, refuse } from '../platform/http-schema/fields';
import { AppError } from '../platform/envelope';
import { checkScript } from './theme-script';

/** A positive Etsy id: up to 15 digits, as a JSON number or a string (Etsy's ids do not fit 32 bits). */
export function etsyId(what: string) {
  const bad = `${what} must be a positive whole number`;
  return z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.union([z.string(), z.number()], { error: (iss) => (iss.input === undefined ? `${what} is required` : bad) }).transform((v, ctx) => {
      const s = String(v).trim();
      const n = /^\d{1,15}$/.test(s) ? Number(s) : NaN;
      if (!Number.isSafeInteger(n) || n < 1) {
        return refuse(ctx, bad, v);
      }
      return n;
    }),
  );
}

/**
 * Any value, handed to the handler as it came (blank is undefined): for fields a domain check
 * judges as a whole, with its own message (a store address, a shop domain).
 */
export function given(description: string) {
  return z.preprocess((v) => (isBlank(v) ? undefined : v), z.unknown().optional()).meta({ description });
}

/** A parameter passed on exactly as sent (blank kept): one a signature covers, so never trimmed. */
export function asSent(description: string) {
  return z.unknown().optional().meta({ description });
}

/**
 * The store script uploaded as text (../theme-script.ts `checkScript`: given, at most 64 KB,
 * plain text). The script is kept exactly as sent, never trimmed.
 */
export const storeScript = z
  .unknown()
  .transform((v, ctx) => {
    try {
      return checkScript(v);
    } catch (err) {
      return refuse(ctx, err instanceof AppError ? err.message : String(err), v);
    }
  })
  .meta({ type: 'string', description: 'The generated storefront script (JavaScript text, at most 64 KB)' });

const styleShape = z.looseObject({
  scriptUrl: z.string().meta({ description: 'The store script, as uploadThemeScript answered it' }),
});
const { $schema: _drop, ...styleDoc } = z.toJSONSchema(styleShape, { io: 'input' });

/**
 * The theme style: a JSON object (or its JSON text) with the uploaded store script's scriptUrl
 * and any settings beside it, handed on as it came (its keys in their order); anything else is
 * refused with ShopMessages.themeStyleInvalid.
 */
export const themeStyle = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return undefined;
    }
  },
  z.custom<z.infer<typeof styleShape>>((v) => styleShape.safeParse(v).success, { error: ShopMessages.themeStyleInvalid }).meta(styleDoc),
);

/**
 * A page number or size read forgivingly, as the push queue page always was: a value that is
 * not a usable number takes `fallback`, then it is kept within 1 and `max`. A repeated query
 * parameter takes its last value.
 */
export function lenientPage(fallback: number, max: number) {
  return z.preprocess((v) => {
    const last: unknown = Array.isArray(v) ? v[v.length - 1] : v;
    if (isBlank(last)) return undefined;
    const n = Number(last) || fallback;
    return Math.trunc(Math.min(max, Math.max(1, n)));
  }, z.int().default(fallback));
}

/**
 * A number read forgivingly: blank takes `fallback`, anything else is `Number(value)`; what is
 * not a finite number reads as 0 (matching nothing, as NaN did).
 */
export function lenientNumber(fallback: number) {
  return z.preprocess((v) => {
    if (isBlank(v)) return undefined;
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  }, z.number().default(fallback));
}
