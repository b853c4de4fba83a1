/**
 * The security policy (docs/security.md) over real HTTP on a real database:
 * - secrets in URLs never reach the request log (session tokens, the podToken hand-off, OAuth
 *   codes and states): the logged URL keeps the path and says `[redacted]`;
 * - a session token in a query string authenticates nothing; the Authorization header and the
 *   session cookie do; the podToken hand-off is traded for the cookie with a POST;
 * - the security headers on an HTML page, a JSON answer, a static file, a stored upload, a
 *   redirect and an error; HSTS only over https.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { loadConfig } from '../../server/platform/config';
import {
  API_CONTENT_SECURITY_POLICY,
  HSTS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  appContentSecurityPolicy,
  redactUrl,
} from '../../server/platform/security';
import { Code, Messages } from '../../contract/envelope';

const SISTER = { handoffUrl: 'https://sister.example/auth/pod-login', redeemSecret: 'sister-platform-secret-0123456789' };
let s: TestServer;
let clientDir = '';

beforeAll(async () => {
  // A stand-in for the built client: the SPA's index.html, a hashed asset and a public file.
  clientDir = await mkdtemp(path.join(tmpdir(), 'pod-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(clientDir, 'assets', 'index-abc.js'), 'console.log("app")');
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  s = await startServer({ CLIENT_DIR: clientDir });
  s.config.shops.sister = SISTER;
});
afterAll(async () => {
  await s?.close();
  await rm(clientDir, { recursive: true, force: true });
});

let n = 0;
async function merchant() {
  const user = await createUser(s.database.db, `sec${++n}-${Date.now()}@security.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, token };
}

const logText = () => s.logs.join('\n');

describe('secrets in URLs stay out of the request log', () => {
  it('redactUrl replaces the values of token-like parameters and keeps the rest as it was', () => {
    expect(redactUrl('/?podToken=abc123&link=%2Forders')).toBe('/?podToken=[redacted]&link=%2Forders');
    expect(redactUrl('/auth/shopify?code=c0de&hmac=ff&shop=a.myshopify.com&state=st4te&timestamp=1')).toBe(
      '/auth/shopify?code=[redacted]&hmac=[redacted]&shop=a.myshopify.com&state=[redacted]&timestamp=1',
    );
    expect(
      redactUrl(
        '/x?access_token=1&refresh_token=2&Authorization=Bearer%20x&X-Amz-Signature=3&api_key=4&secret=5&key=6&signature=7&client_secret=8',
      ),
    ).toBe(
      '/x?access_token=[redacted]&refresh_token=[redacted]&Authorization=[redacted]&X-Amz-Signature=[redacted]&api_key=[redacted]&secret=[redacted]&key=[redacted]&signature=[redacted]&client_secret=[redacted]',
    );
    expect(redactUrl('/shopping-cart/pay?orderId=7&token=PAYPAL-ORDER&PayerID=P1')).toBe(
      '/shopping-cart/pay?orderId=7&token=[redacted]&PayerID=[redacted]',
    );
    expect(redactUrl('/all-products?q=mug&page=2&sort=new')).toBe('/all-products?q=mug&page=2&sort=new');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/a?token')).toBe('/a?token');
  });

  it('never logs a token handed over in a URL, on pages, API calls, hand-offs and OAuth returns', async () => {
    const m = await merchant();
    const secrets = [m.token, 'oauth-code-5d1f7e', 'oauth-state-9a8b7c', 'hmac-0f0e0d', 'access-tok-1a2b3c', 'paypal-ORDER-77'];
    const urls = [
      `/?podToken=${m.token}&link=%2Forders`,
      `/auth/eprolo?token=${m.token}&link=%2Fdashboard`,
      '/auth/shopify?code=oauth-code-5d1f7e&hmac=hmac-0f0e0d&shop=a.myshopify.com&state=oauth-state-9a8b7c',
      '/auth/etsy?code=oauth-code-5d1f7e&state=oauth-state-9a8b7c',
      '/shopping-cart/pay?orderId=1&token=paypal-ORDER-77&PayerID=X',
      `/prod-api/api/user/getInfo?token=${m.token}`,
      `/prod-api/api/user/getInfo?podToken=${m.token}&access_token=access-tok-1a2b3c`,
      `/prod-api/api/shopifyOAuth/sendEpoloLogin?Authorization=${m.token}`,
      `/prod-api/api/shopifyOAuth/sendEpoloLogin?Authorization=Bearer%20${m.token}`,
      `/prod-api/no-such-route?token=${m.token}`,
      `/assets/missing.js?token=${m.token}`,
    ];
    const before = s.logs.length;
    for (const u of urls) {
      const res = await fetch(`${s.url}${u}`, { redirect: 'manual' });
      await res.arrayBuffer();
    }
    // A POST whose query carries the token, and the exchange itself (token in the header).
    await fetch(`${s.url}/prod-api/api/user/session?token=${m.token}`, { method: 'POST' });
    await fetch(`${s.url}/prod-api/api/user/session`, { method: 'POST', headers: { authorization: `Bearer ${m.token}` } });
    await new Promise((r) => setTimeout(r, 50));

    const logged = s.logs.slice(before).join('\n');
    for (const secret of secrets) expect(logged, secret).not.toContain(secret);
    // The requests are still logged, with the path and a marker where the secret was.
    expect(logged).toContain('"url":"/?podToken=[redacted]&link=%2Forders"');
    expect(logged).toContain('"url":"/prod-api/api/user/getInfo?token=[redacted]"');
    expect(logged).toContain('"url":"/prod-api/api/shopifyOAuth/sendEpoloLogin?Authorization=[redacted]"');
    expect(logged).toContain('"url":"/auth/shopify?code=[redacted]&hmac=[redacted]&shop=a.myshopify.com&state=[redacted]"');
    expect(logText()).not.toContain(m.token);
  });
});

describe('tokens travel in headers and cookies, not in query strings', () => {
  it('a session token in the query authenticates nothing; the header and the cookie do', async () => {
    const m = await merchant();
    const viaQuery = await fetch(`${s.url}/prod-api/api/user/getInfo?token=${m.token}`);
    expect(viaQuery.status).toBe(401);
    expect(await viaQuery.json()).toEqual({ code: Code.UNAUTHORIZED, msg: Messages.identityExpired });
    for (const q of [`Authorization=${m.token}`, `podToken=${m.token}`, `access_token=${m.token}`]) {
      expect((await fetch(`${s.url}/prod-api/api/user/getInfo?${q}`)).status, q).toBe(401);
    }
    const viaHeader = await s.api<{ user: { id: number } }>('GET', '/api/user/getInfo', undefined, m.token);
    expect(viaHeader.code).toBe(200);
    const viaCookie = await fetch(`${s.url}/prod-api/api/user/getInfo`, { headers: { cookie: `pod_token=${m.token}` } });
    expect(((await viaCookie.json()) as { code: number }).code).toBe(200);
  });

  it('sendEpoloLogin takes the session from the cookie or the header, no longer from ?Authorization=', async () => {
    const m = await merchant();
    const open = (q: string, headers: Record<string, string> = {}) =>
      fetch(`${s.url}/prod-api/api/shopifyOAuth/sendEpoloLogin${q}`, { redirect: 'manual', headers });
    for (const q of [
      `?Authorization=${m.token}`,
      `?Authorization=${encodeURIComponent(`Bearer ${m.token}`)}`,
      `?authorization=${m.token}`,
      `?token=${m.token}`,
    ]) {
      const res = await open(q);
      expect(res.status, q).toBe(302);
      expect(res.headers.get('location'), q).toBe('/login?redirect=%2Fdashboard');
    }
    for (const headers of [{ cookie: `pod_token=${m.token}` }, { authorization: `Bearer ${m.token}` }] as Record<string, string>[]) {
      const res = await open('', headers);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(SISTER.handoffUrl);
      // The browser goes on with a one-time hand-off token, never with the session token.
      expect(res.headers.get('location')).not.toContain(m.token);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('the podToken hand-off is traded for the session cookie by a POST with the token in a header', async () => {
    const m = await merchant();
    // Not from the query string of the exchange, nor by a GET.
    const queried = await fetch(`${s.url}/prod-api/api/user/session?token=${m.token}`, { method: 'POST' });
    expect(queried.status).toBe(401);
    expect(queried.headers.getSetCookie().some((c) => c.startsWith(`pod_token=${m.token}`))).toBe(false);
    expect((await fetch(`${s.url}/prod-api/api/user/session`, { headers: { authorization: `Bearer ${m.token}` } })).status).toBe(404);

    const res = await fetch(`${s.url}/prod-api/api/user/session`, { method: 'POST', headers: { authorization: `Bearer ${m.token}` } });
    expect(await res.json()).toMatchObject({ code: 200 });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pod_token='))!;
    expect(cookie).toContain(`pod_token=${m.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });
});

describe('security headers', () => {
  const appCsp = appContentSecurityPolicy({ stripeJs: false, assetOrigins: [] });
  const common = (res: Response) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe(REFERRER_POLICY);
    expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    // Plain http, no https public address, no proxy saying https: no HSTS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  };

  it('the policy itself: same-origin scripts, no eval, no inline, no framing, workers and pictures as the app needs', () => {
    expect(appCsp).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "frame-src 'none'",
        "media-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    expect(appCsp).not.toMatch(/unsafe-(eval|inline)/);
    expect(REFERRER_POLICY).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(PERMISSIONS_POLICY).toContain(feature);
  });

  it('adds Stripe.js origins only when Stripe.js is configured, and the object-storage origin when OSS is on', () => {
    const plain = loadConfig({ DATA_DIR: tmpdir() }).security;
    expect(plain).toEqual({ httpsPublicUrl: false, stripeJs: false, assetOrigins: [] });
    const stripe = loadConfig({
      DATA_DIR: tmpdir(),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      PUBLIC_URL: 'https://pod.example',
    }).security;
    expect(stripe).toEqual({ httpsPublicUrl: true, stripeJs: true, assetOrigins: [] });
    const withStripe = appContentSecurityPolicy(stripe);
    expect(withStripe).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(withStripe).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;');
    expect(withStripe).toContain("connect-src 'self' https://api.stripe.com;");
    const oss = loadConfig({
      DATA_DIR: tmpdir(),
      OSS_BUCKET: 'pod',
      OSS_ACCESS_KEY_ID: 'id',
      OSS_ACCESS_KEY_SECRET: 'secret',
      OSS_REGION: 'oss-us-west-1',
      OSS_PUBLIC_URL: 'https://cdn.pod.example/',
    }).security;
    expect(oss.assetOrigins).toEqual(['https://cdn.pod.example']);
    const withOss = appContentSecurityPolicy(oss);
    expect(withOss).toContain("img-src 'self' data: blob: https://cdn.pod.example;");
    expect(withOss).toContain("connect-src 'self' https://cdn.pod.example;");
    expect(
      loadConfig({
        DATA_DIR: tmpdir(),
        OSS_BUCKET: 'pod',
        OSS_ACCESS_KEY_ID: 'id',
        OSS_ACCESS_KEY_SECRET: 'secret',
        OSS_REGION: 'oss-us-west-1',
      }).security.assetOrigins,
    ).toEqual(['https://pod.oss-us-west-1.aliyuncs.com']);
  });

  it('on an HTML page (and the SPA fallback of a client route)', async () => {
    for (const p of ['/', '/dashboard', '/?podToken=x']) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy'), p).toBe(appCsp);
      common(res);
    }
  });

  it('on a JSON API answer, an API error and an API 404', async () => {
    for (const [p, status] of [
      ['/prod-api/health', 200],
      ['/prod-api/api/user/getInfo', 401],
      ['/prod-api/nope', 404],
    ] as const) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(status);
      expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy'), p).toBe(API_CONTENT_SECURITY_POLICY);
      common(res);
    }
  });

  it('on static files: a hashed asset (the scripts and module workers run under it), a public file and a stored upload', async () => {
    for (const p of ['/assets/index-abc.js', '/favicon.svg']) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-security-policy'), p).toBe(appCsp);
      common(res);
    }
    const m = await merchant();
    const form = new FormData();
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const up = (await (
      await fetch(`${s.url}/prod-api/api/uploadsImg/uploadCustomized`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${m.token}` },
      })
    ).json()) as { data: { url: string } };
    const file = await fetch(`${s.url}${up.data.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    common(file);
  });

  it('HSTS only when the request came over https through the trusted proxy, or the public address is https', async () => {
    const proxied = await fetch(`${s.url}/prod-api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toBe(HSTS);
    expect((await fetch(`${s.url}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await fetch(`${s.url}/prod-api/health`)).headers.get('strict-transport-security')).toBeNull();

    const untrusting = await startServer({ TRUST_PROXY: '0' });
    try {
      const res = await fetch(`${untrusting.url}/prod-api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await untrusting.close();
    }
    const https = await startServer({ PUBLIC_URL: 'https://pod.example' });
    try {
      const res = await fetch(`${https.url}/prod-api/health`);
      expect(res.headers.get('strict-transport-security')).toBe(HSTS);
      expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    } finally {
      await https.close();
    }
  });
});
