/**
 * The server's security policy (docs/security.md): secrets kept out of the request log, and the
 * security headers every response carries.
 */
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../contract/envelope';

// ---------------------------------------------------------------------------------------------
// Secrets in URLs

/**
 * Query parameters whose values are secrets (session tokens, hand-off tokens, OAuth codes and
 * states, signatures, keys). Compared case-insensitively; a name that merely contains "token",
 * "secret", "password", "signature" or "authorization" counts too (access_token, X-Amz-Signature).
 */
const SECRET_PARAM_NAMES = new Set([
  'token',
  'podtoken',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'state',
  'key',
  'secret',
  'signature',
  'sig',
  'hmac',
  'password',
  'authorization',
  'auth',
  'claim',
  'claimtoken',
  'api_key',
  'apikey',
  'client_secret',
  'session',
  'code_verifier',
  'oauth_verifier',
  'payerid',
]);
const SECRET_PARAM_RE = /token|secret|password|passwd|signature|authorization|credential|api[-_]?key/i;

export const REDACTED = '[redacted]';

export function isSecretParam(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    /* keep it raw */
  }
  const n = decoded.trim().toLowerCase().replace(/\[\]$/, '');
  return SECRET_PARAM_NAMES.has(n) || SECRET_PARAM_RE.test(n);
}

/**
 * The URL as it may be logged: every secret query value replaced by `[redacted]`. The rest of the
 * URL is kept byte for byte (no re-encoding), so logs still say which page or call it was.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash === -1 ? '' : url.slice(hash)}`;
}

/** pino serializer of `req` (Fastify's own, with the URL redacted). */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Security headers

export interface SecurityOptions {
  /** The public address is https (PUBLIC_URL): HSTS on every response. */
  httpsPublicUrl: boolean;
  /** Stripe.js is loaded by the pay page (STRIPE_PUBLISHABLE_KEY set): allow its documented origins. */
  stripeJs: boolean;
  /** Origins pictures are read from besides this one (object storage / CDN when OSS is on). */
  assetOrigins: readonly string[];
}

/** Stripe's documented CSP for Stripe.js and Elements (docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * The policy the app (index.html) and its module workers run under. Scripts come only from this
 * origin (Vite's index.html has no inline script; the workers are same-origin module files), no
 * eval (the engine installs pixi.js's eval-free polyfills, engine/render/compose/renderer.ts), no
 * inline styles (React's style props go through the CSSOM, which CSP does not govern).
 */
export function appContentSecurityPolicy(opts: Pick<SecurityOptions, 'stripeJs' | 'assetOrigins'>): string {
  const stripe = opts.stripeJs;
  const assets = [...new Set(opts.assetOrigins)];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(stripe ? STRIPE_CSP.script : [])]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...assets]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...assets, ...(stripe ? STRIPE_CSP.connect : [])]],
    ['worker-src', ["'self'"]],
    ['frame-src', stripe ? [...STRIPE_CSP.frame] : ["'none'"]],
    ['media-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The buyer's personalisation widget: its page and loader, the one part of the app a store's page may frame. */
export const PERSONALIZER_PREFIX = '/personalizer/';

/**
 * Who may frame the personalisation widget: any https page (a connected store's product page,
 * on its myshopify domain, its own domain or a WooCommerce site; we cannot know every domain a
 * store is served from), and plain-http pages too where stores on private hosts are allowed
 * (STORES_ALLOW_PRIVATE_HOSTS: the loopback stand-ins). The widget holds no session and no
 * merchant data: a framing page can show it, never act as the merchant through it.
 */
export function personalizerFrameAncestors(allowPlainHttp: boolean): string[] {
  return allowPlainHttp ? ['https:', 'http:'] : ['https:'];
}

/** The widget's policy: the app's, except that the pages of `frameAncestors` may frame it. */
export function personalizerContentSecurityPolicy(
  opts: Pick<SecurityOptions, 'stripeJs' | 'assetOrigins'>,
  frameAncestors: readonly string[],
): string {
  return appContentSecurityPolicy(opts).replace("frame-ancestors 'none'", `frame-ancestors ${frameAncestors.join(' ')}`);
}

/** API answers (JSON, pictures, files) are never documents: they may load nothing and be framed nowhere. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// Only features Chromium knows: an unknown one (bluetooth) makes it log a warning on every page.
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * An onSend hook that puts the security headers on every response: pages, API answers, static
 * files, redirects and errors. A header a route has set itself (sendEpoloLogin's no-referrer)
 * is left as it is.
 */
export function securityHeaders(
  opts: SecurityOptions,
  apiPrefix: string,
  widgetAncestors: readonly string[] = personalizerFrameAncestors(false),
) {
  const appCsp = appContentSecurityPolicy(opts);
  const widgetCsp = personalizerContentSecurityPolicy({ stripeJs: false, assetOrigins: opts.assetOrigins }, widgetAncestors);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    const set = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    // The widget is framed by store pages (its CSP names who may); everything else is framed nowhere.
    const isWidget = !isApi && path.startsWith(PERSONALIZER_PREFIX);
    set('content-security-policy', isApi ? API_CONTENT_SECURITY_POLICY : isWidget ? widgetCsp : appCsp);
    if (!isWidget) set('x-frame-options', 'DENY');
    set('x-content-type-options', 'nosniff');
    set('referrer-policy', REFERRER_POLICY);
    set('permissions-policy', PERMISSIONS_POLICY);
    // HSTS means something only over https: when the public address is https, or when this
    // request came over https (itself, or through a trusted proxy's X-Forwarded-Proto).
    if (opts.httpsPublicUrl || request.protocol === 'https') set('strict-transport-security', HSTS);
  };
}

/**
 * The security headers of an answer made before the app has a request to look at (a URL the
 * router cannot decode, a path parameter over its length, a request Node's HTTP parser refuses).
 * Such an answer is never a document, so it takes the API's policy.
 */
export function preAppSecurityHeaders(opts: Pick<SecurityOptions, 'httpsPublicUrl'>): Record<string, string> {
  return {
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    ...(opts.httpsPublicUrl ? { 'strict-transport-security': HSTS } : {}),
  };
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (headers or URL over 16 KB, a
 * malformed request line, a request that took too long) is answered as Fastify would, in the
 * product's envelope and with the security headers, then the connection is closed.
 */
export function clientErrorAnswer(headers: Record<string, string>) {
  return (err: NodeJS.ErrnoException, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request'];
    const body = JSON.stringify({ code: status, msg: reason });
    const lines = [
      `HTTP/1.1 ${status} ${reason}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(err);
  };
}

// ---------------------------------------------------------------------------------------------
// Cross-site writes

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'This request came from another site and was refused';

/**
 * Whether a state-changing request comes from a page of another site. Browsers say where a
 * request comes from: `Sec-Fetch-Site` (every current browser), else `Origin` (sent with every
 * cross-origin POST). A request with neither comes from no browser page (a store's webhook, a
 * script, a test): nothing for another site to abuse, since only a browser adds the merchant's
 * cookie on its own.
 */
export function isCrossSiteWrite(
  req: { method: string; headers: Record<string, string | string[] | undefined> },
  ownOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') return !ownOrigins.includes(origin.toLowerCase());
  return false;
}

/**
 * An onRequest hook refusing every state-changing request another site's page makes (a form
 * posted to us, a fetch with `text/plain` or multipart that needs no preflight): the browser would
 * add the merchant's SameSite=Lax cookie only to top-level GET navigations, but a same-site page
 * or an older browser could still send it, and a cross-site login would sign the merchant into a
 * stranger's account. Our own origins: the one this request was addressed to (behind a trusted
 * proxy, the forwarded one) and PUBLIC_URL's.
 */
export function refuseCrossSiteWrites(publicOrigin: string | null) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const own = [`${request.protocol}://${request.host}`.toLowerCase(), ...(publicOrigin ? [publicOrigin.toLowerCase()] : [])];
    if (!isCrossSiteWrite(request, own)) return undefined;
    request.log.warn({ site: request.headers['sec-fetch-site'], origin: request.headers.origin }, 'cross-site write refused');
    return reply.status(403).send({ code: Code.FORBIDDEN, msg: CROSS_SITE_REFUSED });
  };
}
