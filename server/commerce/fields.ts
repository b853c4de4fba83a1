/**
 * Request field types of the order, coupon, balance, payment and operator calls, beyond the shared
 * ones (../platform/http-schema/fields.ts): an exact word from a fixed list, an amount in cents,
 * a date or date-time filter, the idempotency key sent in the body, and the operator's tracking
 * numbers. Like the shared types, a blank value counts as not given and a repeated query
 * parameter takes its last value.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../platform/envelope';
import { aka, int, isBlank, optionalInt, refuse } from '../platform/http-schema/fields';
import { TRACKING_MAX } from './fulfilment';

/** One value: blank → undefined, repeated query value → the last, strings trimmed. */
function scalar(v: unknown): unknown {
  const last = Array.isArray(v) && v.every((s) => typeof s === 'string') ? v[v.length - 1] : v;
  if (isBlank(last)) return undefined;
  return typeof last === 'string' ? last.trim() : last;
}

/** One of a fixed set of words, spelled exactly; undefined when blank. */
export function word<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(scalar, z.enum(values, { error: message }).optional());
}

/** One of a fixed set of words, spelled exactly; `fallback` when blank. */
export function wordOr<const T extends readonly [string, ...string[]]>(values: T, message: string, fallback: T[number]) {
  return z.preprocess(scalar, z.enum(values, { error: message }).default(fallback as never));
}

/** Amounts in cents are whole numbers of at most 12 digits; the range a call allows is checked where it is used. */
const CENTS_MAX = 999_999_999_999;
const CENTS_MESSAGE = 'amount (cents) is required';

/** A required amount in cents (a whole number, possibly negative: the call checks its range). */
export const amountCents = int('amount (cents)', -CENTS_MAX, CENTS_MAX, CENTS_MESSAGE);
/** An amount in cents, or undefined when blank. */
export const optionalAmountCents = optionalInt('amount (cents)', -CENTS_MAX, CENTS_MAX, CENTS_MESSAGE);
export const amountRequired = CENTS_MESSAGE;

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date (YYYY-MM-DD, taken as UTC) or a date-time, as a Date; undefined when blank. With
 * `endOfDay` a bare date means the last millisecond of that day, so the day is included.
 */
export function dateTime(what: string, { endOfDay = false }: { endOfDay?: boolean } = {}) {
  const bad = `${what} must be a date (YYYY-MM-DD) or a date-time`;
  return z
    .preprocess(
      scalar,
      z
        .string({ error: bad })
        .optional()
        .transform((s, ctx) => {
          if (s === undefined) return undefined;
          const bare = BARE_DATE.test(s);
          const d = bare ? new Date(`${s}T00:00:00Z`) : new Date(s);
          if (Number.isNaN(d.getTime())) {
            return refuse(ctx, bad, s);
          }
          return bare && endOfDay ? new Date(d.getTime() + 86_400_000 - 1) : d;
        }),
    )
    .meta({ description: 'A date (YYYY-MM-DD, UTC) or an ISO 8601 date-time' });
}

/**
 * The idempotency key as a body field (`idempotencyKey` or `idempotency_key`). The
 * Idempotency-Key header, when sent, wins; idempotencyKeyOf checks the key's form.
 */
export const idempotencyKeyField = aka(
  z
    .preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.string({ error: 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -' }).optional(),
    )
    .meta({
      description:
        '8 to 100 letters, digits or . _ : - (or the Idempotency-Key header, which wins); a retry with the same key is answered the same',
    }),
  'idempotency_key',
);

/** A tracking number as text: numbers taken as their text, trimmed, at most TRACKING_MAX characters. */
function trackingText(v: unknown, what: string): string | { error: string } {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string' && typeof v !== 'number') return { error: `${what} must be text` };
  const s = String(v).trim();
  return s.length > TRACKING_MAX ? { error: `${what} must be at most ${TRACKING_MAX} characters` } : s;
}

/**
 * The operator's tracking: one number for every parcel, or one per ship-from place
 * ({CN: '…', US: '…'}, places in any case). The numbers' form is checked when the order ships.
 */
export const trackingField = z
  .preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.unknown().transform((v, ctx): string | Record<string, string> => {
      if (typeof v === 'string' || typeof v === 'number') {
        const s = trackingText(v, 'tracking');
        return typeof s === 'string' ? s : refuse(ctx, s.error, v);
      }
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const out: Record<string, string> = {};
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
          const s = trackingText(x, `tracking.${k}`);
          if (typeof s !== 'string') return refuse(ctx, s.error, v);
          out[k.toUpperCase()] = s;
        }
        return out;
      }
      return refuse(ctx, 'tracking is required', v);
    }),
  )
  .meta({
    anyOf: [
      { type: 'string', maxLength: TRACKING_MAX },
      { type: 'object', additionalProperties: { type: 'string', maxLength: TRACKING_MAX } },
    ],
    description: 'One tracking number for every parcel, or one per ship-from place ({"CN": "…", "US": "…"})',
  });

const IDEMPOTENCY_KEY_RE = /^[\w.:-]{8,100}$/;

/**
 * The client's idempotency key: the `Idempotency-Key` header, else the body's field. Absent is
 * allowed (null); malformed is refused.
 */
export function idempotencyKeyOf(request: FastifyRequest, body: { idempotencyKey?: string | undefined }): string | null {
  const header = request.headers['idempotency-key'];
  const raw = (typeof header === 'string' ? header : undefined) ?? body.idempotencyKey;
  if (raw === undefined) return null;
  if (!IDEMPOTENCY_KEY_RE.test(raw.trim())) throw new AppError('Idempotency-Key must be 8 to 100 letters, digits or . _ : -');
  return raw.trim();
}
