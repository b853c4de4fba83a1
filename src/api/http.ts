/**
 * The one HTTP client (ky): base /prod-api, credentials, Authorization and login-flag headers, and
 * the response-code handling (toasts, re-login on 401/403, store notices on 10003/10004). Calls
 * never throw: they resolve with the envelope, so a caller only checks `code`. Identical pending
 * requests are cancelled (the older one resolves with code 100), errors show one toast at a time,
 * and a counted loading indicator runs while requests are in flight.
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import { Code, Messages, type Envelope } from '../../contract/envelope';
import { HTTP_TIMEOUT_MS } from '../../contract/constants';
import { loadingEnd, loadingStart, toast, ui } from '../state/ui';

export interface CallOptions {
  json?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined | null>;
  /** FormData posts multipart; URLSearchParams posts form-encoded (updateTaxNumber). */
  body?: FormData | URLSearchParams;
  /** Show the server's error message as a toast (default true). */
  showError?: boolean;
  /** Show the server's success message as a toast. */
  showSuccess?: boolean;
  hideLoading?: boolean;
  /** Cancel an identical pending request (default true). */
  dedupe?: boolean;
  signal?: AbortSignal;
}

let bearer: string | null = null;
/** A token handed over by a link (podToken) until the server has turned it into cookies. */
export function setBearer(token: string | null): void {
  bearer = token;
}

let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

const loginFlag = (): string => (document.cookie.split('; ').some((c) => c === 'pod_login=1') ? '1' : '0');

const client = ky.create({
  prefixUrl: '/prod-api',
  credentials: 'include',
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: true,
  hooks: {
    beforeRequest: [
      (request) => {
        if (bearer) request.headers.set('Authorization', `Bearer ${bearer}`);
        request.headers.set('X-Login-Flag', loginFlag());
      },
    ],
  },
});

const pending = new Map<string, AbortController>();

/** `X` types the envelope's extra top-level fields (token, user, captchaEnabled…). */
export async function call<T = unknown, X extends object = object>(
  method: 'get' | 'post' | 'put' | 'delete',
  url: string,
  opts: CallOptions = {},
): Promise<Envelope<T> & Partial<X>> {
  const path = url.replace(/^\/+/, '');
  const key = `${method} ${path} ${JSON.stringify(opts.searchParams ?? null)} ${opts.body ? '' : JSON.stringify(opts.json ?? null)}`;
  const controller = new AbortController();
  if (opts.dedupe !== false) {
    pending.get(key)?.abort();
    pending.set(key, controller);
  }
  opts.signal?.addEventListener('abort', () => controller.abort());
  if (!opts.hideLoading) loadingStart();
  try {
    const searchParams = opts.searchParams
      ? Object.fromEntries(
          Object.entries(opts.searchParams)
            .filter(([, v]) => v !== undefined && v !== null)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined;
    const res = await client(path, { method, json: opts.json, body: opts.body, searchParams, signal: controller.signal });
    const env = (await res.json()) as Envelope<T>;
    return handleEnvelope(env, opts) as Envelope<T> & Partial<X>;
  } catch (err) {
    return (await handleFailure<T>(err, controller, opts)) as Envelope<T> & Partial<X>;
  } finally {
    if (pending.get(key) === controller) pending.delete(key);
    if (!opts.hideLoading) loadingEnd();
  }
}

function handleEnvelope<T>(env: Envelope<T>, opts: CallOptions): Envelope<T> {
  switch (env.code) {
    case Code.SUCCESS:
      if (opts.showSuccess && env.msg) toast('success', env.msg);
      break;
    case Code.UNAUTHORIZED:
    case Code.FORBIDDEN:
      toast('error', Messages.identityExpired);
      onUnauthorized();
      break;
    case Code.WARN:
      toast('warning', env.msg);
      break;
    case Code.STORE_NOT_INSTALLED:
      ui.storeNotice = { code: env.code, text: Messages.storeNotInstalled };
      break;
    case Code.PERMISSIONS_UPDATED:
      // The re-authorisation link comes as data (a string) or as data.url (checkShopifyToken).
      ui.storeNotice = {
        code: env.code,
        text: Messages.permissionsUpdated,
        link: typeof env.data === 'string' ? env.data : authLink(env.data),
      };
      break;
    case Code.IGNORED:
      break;
    default:
      if (opts.showError !== false) toast('error', env.msg || Messages.generalError);
  }
  return env;
}

function authLink(data: unknown): string | undefined {
  const url = (data as { url?: unknown } | null | undefined)?.url;
  return typeof url === 'string' ? url : undefined;
}

async function handleFailure<T>(err: unknown, controller: AbortController, opts: CallOptions): Promise<Envelope<T>> {
  if (controller.signal.aborted && !(err instanceof TimeoutError)) return { code: Code.BREAK, msg: 'cancelled' };
  if (err instanceof HTTPError) {
    const status = err.response.status;
    const body = (await err.response.json().catch(() => null)) as Envelope<T> | null;
    if (status === 401 || status === 403) return handleEnvelope({ code: status, msg: body?.msg ?? Messages.identityExpired }, opts);
    if (status === 404) {
      console.warn('404', err.request.url);
      return { code: Code.NOT_FOUND, msg: body?.msg ?? 'Not found' };
    }
    if (opts.showError !== false) toast('error', Messages.systemException);
    return { code: status, msg: Messages.systemException };
  }
  if (opts.showError !== false) toast('error', Messages.networkError);
  return { code: 0, msg: Messages.networkError };
}
