/**
 * Upload limits on every upload route, found in the route table as the signed-in routes that read
 * multipart/form-data (the operator's PSD import is behind the operator token with its own limits,
 * docs/security.md):
 * - a PNG that declares 20000x20000 (a real deflated bomb, and a small file with only the header
 *   saying so) is refused with 'The picture is too large (at most 50 megapixels)';
 * - a file that is not a picture (HTML, SVG with a script, GIF, PDF, an executable, PNG magic
 *   followed by junk) is refused by its content, whatever name and type it is sent with;
 * - neither stores a file or a row, while a small real picture still goes through each route.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityServer, type SecurityServer } from './support/security-server';
import { createMerchant, type Merchant } from './support/merchants';
import { changed, snapshot } from './support/snapshot';
import { explain, headerReport, pictureForm, secretsInLogs, send, type Request } from './support/probe';
import { isMultipart, type Route } from './support/route-table';
import { pngBomb, pngDeclaring, tinyPng } from './support/pictures';

/** The wording docs/security.md gives for a picture over 50 megapixels. */
const TOO_LARGE = 'The picture is too large (at most 50 megapixels)';

let env: SecurityServer;
let c: Merchant;
let routes: Route[];

beforeAll(async () => {
  env = await startSecurityServer();
  c = await createMerchant(env, 'C');
  routes = env.routes.api.filter((r) => isMultipart(r) && r.access === 'session');
});
afterAll(async () => {
  await env?.close();
});

/** Every stored file (local storage under DATA_DIR/files). */
async function storedFiles(): Promise<number> {
  const all = await readdir(path.join(env.s.config.dataDir, 'files'), { recursive: true }).catch(() => [] as string[]);
  return all.filter((f) => /\.\w+$/.test(String(f))).length;
}

const upload = (route: Route, file: Uint8Array, name: string, type: string): Request => {
  const form = new FormData();
  form.append('imgName', name);
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return { method: route.method, path: route.url, form, token: c.token };
};

/** A refused upload changes nothing; only the upload rate limit counts it. */
const SCOPE = { skipTables: ['rate_limits'] };

describe('upload routes', () => {
  it('are found in the route table', () => {
    console.log(`upload routes: ${routes.map((r) => r.key).join(', ')}`);
    expect(routes.length).toBeGreaterThanOrEqual(2);
  });

  it('refuse a PNG that declares 20000x20000 with the 50-megapixel message, and store nothing', async () => {
    const offenders: string[] = [];
    const bombs = { 'deflated 20000x20000 bomb': pngBomb(20000, 20000), 'small file declaring 20000x20000': pngDeclaring(20000, 20000) };
    for (const route of routes) {
      const files = await storedFiles();
      const before = await snapshot(env.s.database.db, env.tables, SCOPE);
      for (const [what, file] of Object.entries(bombs)) {
        const req = upload(route, file, 'bomb.png', 'image/png');
        const res = await send(env.s.url, req);
        if (res.code === 200 || res.msg !== TOO_LARGE) offenders.push(`${route.key} (${what}): ${explain(req, res)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, SCOPE));
      if (diff.length) offenders.push(`${route.key}: a refused picture changed ${diff.join(', ')}`);
      if ((await storedFiles()) !== files) offenders.push(`${route.key}: a refused picture left a file in storage`);
    }
    expect(offenders).toEqual([]);
  });

  it('refuse a file that is not a picture by its content, whatever its name and type, and store nothing', async () => {
    const fakes: Record<string, [Uint8Array, string, string]> = {
      'HTML sent as a PNG': [Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'x.png', 'image/png'],
      'SVG with a script': [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ],
      GIF: [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'x.gif', 'image/gif'],
      PDF: [Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'x.pdf', 'application/pdf'],
      executable: [Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)]), 'x.png', 'image/png'],
      'PNG magic and junk': [Buffer.concat([tinyPng().subarray(0, 8), Buffer.alloc(256, 7)]), 'x.png', 'image/png'],
    };
    const offenders: string[] = [];
    for (const route of routes) {
      const files = await storedFiles();
      const before = await snapshot(env.s.database.db, env.tables, SCOPE);
      for (const [what, [file, name, type]] of Object.entries(fakes)) {
        const req = upload(route, file, name, type);
        const res = await send(env.s.url, req);
        if (res.code === 200 || res.status >= 500) offenders.push(`${route.key} (${what}): ${explain(req, res)}`);
      }
      const diff = changed(before, await snapshot(env.s.database.db, env.tables, SCOPE));
      if (diff.length) offenders.push(`${route.key}: a refused file changed ${diff.join(', ')}`);
      if ((await storedFiles()) !== files) offenders.push(`${route.key}: a refused file left a file in storage`);
    }
    expect(offenders).toEqual([]);
  });

  it('still take a small real picture (so the refusals above are for the files, not the form)', async () => {
    const offenders: string[] = [];
    for (const route of routes) {
      const req: Request = { method: route.method, path: route.url, form: pictureForm('fine.png', tinyPng(16, 16)), token: c.token };
      const res = await send(env.s.url, req);
      if (res.code !== 200) offenders.push(`${route.key}: ${explain(req, res)}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('after the probes', () => {
  it('the log holds no session token and no token-like query value unredacted, and every answer carried the security headers', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(secretsInLogs(env.s.logs, [c.token])).toEqual([]);
    const headers = headerReport();
    expect(headers.problems).toEqual([]);
  });
});
