/**
 * Text holding a NUL character (U+0000) is refused before any route sees it: PostgreSQL cannot
 * store it in text or jsonb, so letting it through would fail the write half-way with a server
 * error, and no field of the product has a use for it.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../envelope';

/** The dotted path of the first string in `value` holding a NUL, or null when there is none. */
export function nulTextPath(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || '(body)' : null;
  // Deeper than any form of the product; the schema refuses such bodies anyway.
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulTextPath(item, at ? `${at}.${key}` : key, depth + 1) ?? (key.includes('\u0000') ? at || key : null);
    if (found) return found;
  }
  return null;
}

export async function refuseNulText(request: FastifyRequest): Promise<void> {
  const field = nulTextPath(request.params) ?? nulTextPath(request.query) ?? nulTextPath(request.body);
  if (field) throw new AppError(`${field}: text may not contain a NUL character`);
}
