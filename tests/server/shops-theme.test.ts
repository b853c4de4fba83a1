/**
 * The Shopify storefront script and theme style over real HTTP and a real database: an uploaded
 * script is served back as JavaScript from the merchant's own folder, oversize or binary scripts
 * are refused without storing anything, and the theme style only accepts a scriptUrl this
 * merchant uploaded, so storefronts never load another merchant's or a foreign script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { ShopMessages } from '../../contract/shops';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Res<T>>;
}
let n = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `theme${++n}-${Date.now()}@shops.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, call: (method, p, body) => s.api(method, p, body, token) as never };
}

const upload = (m: Merchant, script: unknown) =>
  m.call<{ data?: { url: string } }>('POST', '/api/shopifyOAuth/uploadThemeScript', { script });
const saveStyle = (m: Merchant, style: Record<string, unknown>) =>
  m.call<{ data?: { themeStyle: string } }>('POST', '/api/shopifyOAuth/updateShopifyThemeStyle', { themeStyle: JSON.stringify(style) });
const themeStyleOf = async (m: Merchant) =>
  (await m.call<{ user: { themeStyle: string | null } }>('GET', '/api/user/getInfo')).user.themeStyle;

/** Every file the merchant has in local storage (to show a refused upload stored nothing). */
async function filesOf(userId: number): Promise<string[]> {
  const dir = path.join(s.config.dataDir, 'files', 'CustomizedImages', String(userId));
  const days = await readdir(dir).catch(() => [] as string[]);
  const all = await Promise.all(days.map((d) => readdir(path.join(dir, d)).catch(() => [] as string[])));
  return all.flat();
}

describe('store script upload', () => {
  it('answers a code and a url that serves the script back as JavaScript', async () => {
    const m = await merchant();
    const script = '(function(){var s={"text":"Personalize \\u00e9"};console.log(s.text);})();';
    const res = await upload(m, script);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.url).toMatch(new RegExp(`^/prod-api/storage/CustomizedImages/${m.id}/\\d{4}-\\d{2}-\\d{2}/[A-Za-z0-9]{32}\\.js$`));
    const served = await fetch(`${s.url}${res.data!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await served.text()).toBe(script);
  });

  it('refuses a missing, oversize or binary script and stores nothing', async () => {
    const m = await merchant();
    expect((await upload(m, '')).msg).toBe(ShopMessages.scriptMissing);
    expect((await upload(m, 42)).msg).toBe(ShopMessages.scriptMissing);
    expect((await upload(m, 'x'.repeat(64 * 1024 + 1))).msg).toBe(ShopMessages.scriptTooLarge);
    expect((await upload(m, 'var a = 1;\u0000\u0001\u0002')).msg).toBe(ShopMessages.scriptNotText);
    // A PNG's bytes sent as text: the header's control characters give it away.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('latin1');
    expect((await upload(m, png)).msg).toBe(ShopMessages.scriptNotText);
    expect(await filesOf(m.id)).toEqual([]);
  });

  it('needs a login', async () => {
    const res = await s.api('POST', '/api/shopifyOAuth/uploadThemeScript', { script: 'console.log(1);' });
    expect(res.code).toBe(401);
  });
});

describe('theme style', () => {
  it('saves a style whose script the merchant uploaded and answers it in the user info', async () => {
    const m = await merchant();
    const up = await upload(m, 'console.log("pod");');
    // The absolute form of our own local URL is the same file: it is kept in the canonical form.
    const style = { buttonText: 'Personalize "it"', buttonColor: '#ff6600', position: 'below', scriptUrl: `${s.url}${up.data!.url}` };
    const saved = await saveStyle(m, style);
    expect(saved.code, saved.msg).toBe(200);
    expect(JSON.parse((await themeStyleOf(m))!)).toEqual({ ...style, scriptUrl: up.data!.url });
  });

  it("refuses another merchant's script, a foreign URL or a non-script file, and keeps the saved style", async () => {
    const a = await merchant();
    const b = await merchant();
    const mine = await upload(a, 'console.log("a");');
    const theirs = await upload(b, 'console.log("b");');
    expect((await saveStyle(a, { buttonText: 'Mine', scriptUrl: mine.data!.url })).code).toBe(200);
    const before = await themeStyleOf(a);

    const refused = [
      theirs.data!.url,
      'https://evil.example/steal.js',
      '//evil.example/steal.js',
      `${mine.data!.url.slice(0, -3)}.json`,
      `/prod-api/storage/CustomizedImages/${a.id}/2020-01-01/${'a'.repeat(32)}.js`, // never uploaded
      `${mine.data!.url}?v=2`,
    ];
    for (const scriptUrl of refused) {
      const res = await saveStyle(a, { buttonText: 'Hijacked', scriptUrl });
      expect(res.msg, scriptUrl).toBe(ShopMessages.scriptNotYours);
    }
    expect(await themeStyleOf(a)).toBe(before);
  });
});
