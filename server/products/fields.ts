/**
 * Field types the product calls need beyond server/platform/http-schema/fields.ts: refusals worded
 * as the product pages word them, numbers and text where null clears a saved value, and the
 * batch id lists.
 */
import { z } from 'zod';
import { idList, optionalInt, refuse } from '../platform/http-schema/fields';
import { BATCH_IDS_MAX, ProductMessages } from '../../contract/products';

/** `schema`, with every refusal worded as `message`. */
export function worded<T extends z.ZodType>(schema: T, message: string) {
  return z.preprocess((v, ctx) => (schema.safeParse(v).success ? v : refuse(ctx, message, v)), schema);
}

/**
 * A whole number from -1000000 to 1000000 for an edit: absent is undefined (keep), null or ''
 * is null (clear).
 */
export function nullableInt(what: string) {
  // '' clears; other blank text is not a number (and is refused as one).
  return z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && v.trim() === '' ? 'blank' : v),
    optionalInt(what, -1_000_000, 1_000_000, `${what} must be a whole number`).nullable(),
  );
}

/** Trimmed text for an edit: absent is undefined (keep), null is '' (clear). Numbers are taken as their text. */
export function keptText(what: string, max: number) {
  return z.preprocess(
    (v) => (v === null ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `${what} must be text` })
      .max(max, `${what} must be at most ${max} characters`)
      .optional(),
  );
}

/** The products (or variants) one batch call acts on: at least one, at most BATCH_IDS_MAX. */
export function batchIds(what: string) {
  return idList(what)
    .refine((ids) => ids.length > 0, ProductMessages.nothingSelected)
    .refine((ids) => ids.length <= BATCH_IDS_MAX, `At most ${BATCH_IDS_MAX} products at once`);
}
