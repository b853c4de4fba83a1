/**
 * Reading commerce request bodies and queries. Ids and amounts arrive as JSON numbers or as
 * numeric strings (form posts, query strings); anything else is refused with code 10000 and a
 * message naming the field.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './envelope';
import { PAGE_SIZES } from '../../contract/constants';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, CommerceMessages } from '../../contract/commerce';

export type Body = Record<string, unknown>;

export function bodyOf(request: FastifyRequest): Body {
  const b = request.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Body) : {};
}

export function queryOf(request: FastifyRequest): Body {
  const q = request.query;
  return q && typeof q === 'object' ? (q as Body) : {};
}

export function paramsOf(request: FastifyRequest): Body {
  const p = request.params;
  return p && typeof p === 'object' ? (p as Body) : {};
}

/** The first present value among several spellings of a field (productid / productId). */
export function pick(src: Body, ...names: string[]): unknown {
  for (const n of names) {
    const v = src[n];
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')) return v;
  }
  return undefined;
}

const INT_RE = /^-?\d{1,12}$/;

export function asInt(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && INT_RE.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

/** A positive id. */
export function idOf(v: unknown, what: string): number {
  if (v === undefined) throw new AppError(`${what} is required`);
  const n = asInt(v);
  if (n === null || n < 1 || n > 2_147_483_647) throw new AppError(`${what} must be a positive whole number`);
  return n;
}

export function optionalIdOf(v: unknown, what: string): number | undefined {
  return v === undefined ? undefined : idOf(v, what);
}

export function quantityOf(v: unknown, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  const n = asInt(v);
  if (n === null || n < CART_QUANTITY_MIN || n > CART_QUANTITY_MAX) throw new AppError(CommerceMessages.badQuantity);
  return n;
}

/** A list of ids from an array, or a comma list ("1,2,3"). */
export function idListOf(v: unknown, what: string): number[] {
  if (v === undefined) return [];
  const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : [v];
  if (parts.length > 500) throw new AppError(`${what}: too many ids`);
  return [...new Set(parts.map((p) => idOf(typeof p === 'string' ? p.trim() : p, what)))];
}

export function textOf(v: unknown, what: string, max: number): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string' && typeof v !== 'number') throw new AppError(`${what} must be text`);
  const s = String(v).trim();
  if (s.length > max) throw new AppError(`${what} must be at most ${max} characters`);
  return s;
}

export function pagingOf(q: Body, defaultSize: number): { pageNum: number; pageSize: number; offset: number } {
  const rawNum = pick(q, 'pageNum');
  const rawSize = pick(q, 'pageSize');
  const pageNum = rawNum === undefined ? 1 : asInt(rawNum);
  if (pageNum === null || pageNum < 1 || pageNum > 10_000) throw new AppError('pageNum must be a whole number from 1 to 10000');
  const pageSize = rawSize === undefined ? defaultSize : asInt(rawSize);
  if (pageSize === null || !(PAGE_SIZES as readonly number[]).includes(pageSize))
    throw new AppError(`pageSize must be one of ${PAGE_SIZES.join(', ')}`);
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

const KEY_RE = /^[\w.:-]{8,100}$/;

/**
 * The client's idempotency key: the `Idempotency-Key` header or an `idempotencyKey` field.
 * Absent is allowed (null); malformed is refused.
 */
export function idempotencyKeyOf(request: FastifyRequest, body: Body = bodyOf(request)): string | null {
  const header = request.headers['idempotency-key'];
  const raw = (typeof header === 'string' ? header : undefined) ?? pick(body, 'idempotencyKey', 'idempotency_key');
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_RE.test(raw.trim()))
    throw new AppError('Idempotency-Key must be 8 to 100 letters, digits or . _ : -');
  return raw.trim();
}
