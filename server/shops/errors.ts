/**
 * One error type for every store platform call, classified by what the caller should do:
 * `transient` (429, 5xx, network, throttled) is retried later (after retryAfterMs when the
 * store said so); `auth` means the store revoked our token (app uninstalled); `scope` means the
 * token lacks a permission the call needs (re-authorise); `permanent` is the store refusing the
 * data (its message is shown to the merchant).
 */
export type ShopErrorKind = 'transient' | 'auth' | 'scope' | 'permanent';

export class ShopApiError extends Error {
  constructor(
    message: string,
    readonly kind: ShopErrorKind,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ShopApiError';
  }
}

/** HTTP status → kind, for REST platforms (Etsy, WooCommerce) and the Shopify transport. */
export function kindOfStatus(status: number): ShopErrorKind {
  if (status === 429 || status >= 500 || status === 408) return 'transient';
  if (status === 401) return 'auth';
  if (status === 403) return 'scope';
  return 'permanent';
}

/** Retry-After in seconds (or an HTTP date) → milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const s = header.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const at = Date.parse(s);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Network failures (connection refused, reset, timeout) are transient. */
export function asShopError(err: unknown): ShopApiError {
  if (err instanceof ShopApiError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ShopApiError(`Could not reach the store: ${message}`, 'transient');
}
