/**
 * The built client as the server sends it (server/platform/client-files.ts), over real HTTP on a
 * stand-in build made here and pre-compressed by the build's own step (tools/build/client-assets.ts):
 * brotli when the browser accepts it, else gzip, else the file itself, always with
 * `Vary: Accept-Encoding`, the file's own Content-Type and the sent bytes' Content-Length; hashed
 * assets cached for a year, index.html revalidated; source maps, compressed copies by name and
 * build internals never served; the security headers on all of it.
 */
import { request } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { moveSourceMaps, precompress } from '../../tools/build/client-assets';

let s: TestServer;
let clientDir = '';
let mapDir = '';
const JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, title: 'Product ${i}' }`).join(', ')}];\n`;
const CSS = `${Array.from({ length: 80 }, (_, i) => `.row-${i} { padding: ${i}px; color: #123456; }`).join('\n')}\n`;
const HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-4f2a9c.js"></script>' +
  '<link rel="stylesheet" href="/assets/index-77ab01.css"></head><body><div id="root"></div></body></html>';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly the headers given: fetch would add its own Accept-Encoding and decode the body. */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varies = (r: Raw) =>
  String(r.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'pod-client-files-'));
  mapDir = `${clientDir}-maps`;
  await mkdir(path.join(clientDir, 'assets'));
  await mkdir(path.join(clientDir, '.vite'));
  await writeFile(path.join(clientDir, 'index.html'), HTML);
  await writeFile(path.join(clientDir, 'assets', 'index-4f2a9c.js'), JS);
  await writeFile(path.join(clientDir, 'assets', 'index-4f2a9c.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  await writeFile(path.join(clientDir, 'assets', 'index-77ab01.css'), CSS);
  await writeFile(path.join(clientDir, 'assets', 'tiny-0c0c0c.js'), 'export {};\n');
  await writeFile(path.join(clientDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-4f2a9c.js","isEntry":true}}');
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the build does after writing its files: maps out of the served folder, compressed copies beside the rest.
  expect(moveSourceMaps(clientDir, mapDir)).toBe(1);
  await precompress(clientDir);
  // A map left behind by an older build must not be served either.
  await writeFile(path.join(clientDir, 'assets', 'old-1a2b3c.js.map'), '{"version":3}');
  s = await startServer({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await s?.close();
  await rm(clientDir, { recursive: true, force: true });
  await rm(mapDir, { recursive: true, force: true });
});

describe('the build step', () => {
  it('moved the source map out and wrote brotli and gzip copies of the larger text files only', () => {
    expect(existsSync(path.join(clientDir, 'assets', 'index-4f2a9c.js.map'))).toBe(false);
    expect(existsSync(path.join(mapDir, 'assets', 'index-4f2a9c.js.map'))).toBe(true);
    for (const f of ['assets/index-4f2a9c.js', 'assets/index-77ab01.css']) {
      expect(existsSync(path.join(clientDir, `${f}.br`)), f).toBe(true);
      expect(existsSync(path.join(clientDir, `${f}.gz`)), f).toBe(true);
    }
    // Under 1 KB a copy is not worth it; the manifest is not served, so not compressed.
    expect(existsSync(path.join(clientDir, 'assets', 'tiny-0c0c0c.js.br'))).toBe(false);
    expect(existsSync(path.join(clientDir, '.vite', 'manifest.json.br'))).toBe(false);
  });
});

describe('encodings', () => {
  it('sends the brotli copy when brotli is accepted, with the JavaScript type and the copy length', async () => {
    const r = await get('/assets/index-4f2a9c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBe((await readFile(path.join(clientDir, 'assets', 'index-4f2a9c.js.br'))).length);
    expect(r.body.length).toBeLessThan(JS.length / 4);
    expect(brotliDecompressSync(r.body).toString()).toBe(JS);
    expect(varies(r)).toContain('accept-encoding');
  });

  it('sends gzip when brotli is not accepted (absent, or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const r = await get('/assets/index-77ab01.css', { 'accept-encoding': accept });
      expect(r.headers['content-encoding'], accept).toBe('gzip');
      expect(r.headers['content-type'], accept).toMatch(/^text\/css/);
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(gunzipSync(r.body).toString()).toBe(CSS);
      expect(varies(r)).toContain('accept-encoding');
    }
  });

  it('sends the file itself when neither is accepted, still varying on Accept-Encoding', async () => {
    const cases: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }];
    for (const headers of cases) {
      const r = await get('/assets/index-4f2a9c.js', headers);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body.toString()).toBe(JS);
      expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(JS));
      expect(varies(r)).toContain('accept-encoding');
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const r = await get('/assets/tiny-0c0c0c.js', { 'accept-encoding': 'br, gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe('export {};\n');
  });

  it('answers HEAD with the headers of the chosen encoding and no body', async () => {
    const r = await get('/assets/index-4f2a9c.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.body.length).toBe(0);
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const r = await get('/assets/index-4f2a9c.js', accept ? { 'accept-encoding': accept } : {});
      expect(r.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html every time, at /, by name and as the fallback of client routes', async () => {
    for (const p of ['/', '/index.html', '/dashboard', '/all-products/details/7?from=home']) {
      const r = await get(p, { 'accept-encoding': 'br, gzip' });
      expect(r.status, p).toBe(200);
      expect(r.headers['content-type'], p).toMatch(/^text\/html/);
      expect(r.headers['cache-control'], p).toBe('no-cache');
      expect(r.body.toString(), p).toBe(HTML);
    }
  });

  it('revalidates unhashed public files', async () => {
    const r = await get('/favicon.svg');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
  });
});

describe('what is never served', () => {
  it('answers 404 for source maps, compressed copies by name, build internals and missing assets', async () => {
    for (const p of [
      '/assets/index-4f2a9c.js.map',
      '/assets/old-1a2b3c.js.map',
      '/assets/index-4f2a9c.js.br',
      '/assets/index-4f2a9c.js.gz',
      '/.vite/manifest.json',
      '/.build-stamp',
      '/assets/missing-000000.js',
    ]) {
      const r = await get(p, { 'accept-encoding': 'br, gzip' });
      expect(r.status, p).toBe(404);
      expect(r.body.toString(), p).not.toContain('<div id="root">');
      expect(r.body.toString(), p).not.toContain('"mappings"');
    }
  });
});

describe('security headers', () => {
  it('are on compressed assets, pages and the 404 of a source map alike', async () => {
    for (const p of ['/assets/index-4f2a9c.js', '/', '/assets/index-4f2a9c.js.map']) {
      const r = await get(p, { 'accept-encoding': 'br' });
      expect(r.headers['content-security-policy'], p).toBeTruthy();
      expect(r.headers['x-content-type-options'], p).toBe('nosniff');
      expect(r.headers['x-frame-options'], p).toBe('DENY');
    }
  });
});
