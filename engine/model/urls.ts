/**
 * Picture URLs of templates and designs made absolute. The engine loads pictures where it renders,
 * often a worker, and a relative URL there resolves against the worker's script rather than the
 * file the template came from; a host resolves them against that file first.
 */

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A copy of `value` (a template, a design, any JSON) with every relative URL resolved against
 * `base`: string fields whose name ends in `url` or `Url` (imageUrl, shadingUrl, maskUrl, url…).
 * Absolute URLs, `data:` and `blob:` URLs and empty strings are kept as they are.
 */
export function withAbsoluteUrls<T>(value: T, base: string | URL): T {
  return resolve(value, String(base)) as T;
}

function resolve(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, base));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = typeof v === 'string' && /url$/i.test(key) && v !== '' && !ABSOLUTE.test(v) ? new URL(v, base).href : resolve(v, base);
  }
  return out;
}
