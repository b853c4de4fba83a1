import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { codeIn, startServer, type TestServer } from './harness';

let s: TestServer;
let tokenA = '';
let tokenB = '';

async function register(email: string): Promise<string> {
  await s.api('POST', '/api/user/sendEmailCode', { email }, undefined, { 'x-forwarded-for': `192.0.2.${email.length}` });
  const code = codeIn(await s.lastMail(email));
  const res = await s.api<{ token: string }>('POST', '/api/user/add', {
    username: email,
    emailCode: code,
    password: 'secret123',
    confirmPassword: 'secret123',
  });
  return res.token;
}

async function upload(path: string, file: Buffer, name: string, token?: string, type = 'image/png', extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append('avatarfile', new Blob([new Uint8Array(file)], { type }), name);
  form.append('imgName', name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const res = await fetch(`${s.url}/prod-api${path}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return (await res.json()) as { code: number; msg: string; data?: Record<string, unknown> };
}

const png = (w: number, h: number, color = '#ff0000') =>
  sharp({ create: { width: w, height: h, channels: 4, background: color } })
    .png()
    .toBuffer();
const jpg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0000ff' } })
    .jpeg()
    .toBuffer();
const fetchBytes = async (url: string) => {
  const res = await fetch(`${s.url}${url}`);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  s = await startServer();
  tokenA = await register('uploader@example.com');
  tokenB = await register('other@example.com');
});
afterAll(async () => {
  await s?.close();
});

describe('image uploads', () => {
  it('stores a PNG under the spec path with its thumbnail and serves it back', async () => {
    const file = await png(300, 200);
    const res = await upload('/api/uploadsImg/uploadCustomized', file, 'logo.png', tokenA);
    expect(res).toMatchObject({ code: 200, msg: 'Uploaded successfully' });
    const d = res.data!;
    const userId = Number(/CustomizedImages\/(\d+)\//.exec(String(d.url))?.[1]);
    expect(String(d.url)).toMatch(new RegExp(`^/prod-api/storage/CustomizedImages/${userId}/\\d{4}-\\d{2}-\\d{2}/[A-Za-z0-9]{32}\\.png$`));
    expect(d.originalUrl).toBe(d.url);
    expect(String(d.thumbnailUrl)).toMatch(/_thumbnail\.png$/);
    expect(d).toMatchObject({ width: 300, height: 200, fileName: 'logo.png' });
    const original = await fetchBytes(String(d.url));
    expect(original.status).toBe(200);
    expect(original.body.equals(file)).toBe(true);
    expect(original.headers.get('cache-control')).toContain('immutable');
    const thumb = await sharp((await fetchBytes(String(d.thumbnailUrl))).body).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(120);
  });

  it('keeps the original of a large image and gives the editor a copy of at most 1200 px', async () => {
    const res = await upload('/api/uploadsImg/uploadCustomized', await jpg(2400, 1800), 'photo.jpg', tokenA, 'image/jpeg');
    expect(res.code).toBe(200);
    const d = res.data!;
    expect(d).toMatchObject({ width: 2400, height: 1800 });
    expect(String(d.url)).toMatch(/_edit\.jpg$/);
    const edit = await sharp((await fetchBytes(String(d.url))).body).metadata();
    expect([edit.width, edit.height]).toEqual([1200, 900]);
    const orig = await sharp((await fetchBytes(String(d.originalUrl))).body).metadata();
    expect([orig.width, orig.height]).toEqual([2400, 1800]);
  });

  it('judges files by content, not by name or declared type', async () => {
    expect(await upload('/api/uploadsImg/uploadCustomized', Buffer.from('GIF89a not really'), 'fake.png', tokenA)).toMatchObject({
      code: 10000,
      msg: 'This file is not a picture(jpeg,png)',
    });
    // A real JPEG sent as "text/plain" named .txt is still a picture.
    expect((await upload('/api/uploadsImg/uploadCustomized', await jpg(20, 20), 'x.txt', tokenA, 'text/plain')).code).toBe(200);
    // PNG magic bytes followed by garbage do not decode.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect(await upload('/api/uploadsImg/uploadCustomized', broken, 'broken.png', tokenA)).toMatchObject({
      msg: 'This file is not a picture(jpeg,png)',
    });
  });

  it('refuses empty and oversized files with the spec messages', async () => {
    expect(await upload('/api/uploadsImg/uploadCustomized', Buffer.alloc(0), 'empty.png', tokenA)).toMatchObject({
      code: 10000,
      msg: 'Please select an image',
    });
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(41_943_041 - 100)]);
    expect(await upload('/api/uploadsImg/uploadCustomized', huge, 'huge.png', tokenA)).toMatchObject({ code: 10000, msg: 'image max 40M' });
  });

  it('needs a logged-in merchant', async () => {
    expect(await upload('/api/uploadsImg/uploadCustomized', await png(10, 10), 'a.png')).toMatchObject({ code: 401 });
  });

  it('stores a large design JSON as a file and refuses what is not JSON', async () => {
    const design = Buffer.from(JSON.stringify({ flats: Array.from({ length: 3000 }, (_, i) => ({ i, text: 'x'.repeat(20) })) }));
    expect(design.length).toBeGreaterThan(60000);
    const res = await upload('/api/uploadsImg/uploadCustomizedNoPrefix', design, 'design.json', tokenA, 'application/json');
    expect(res.code).toBe(200);
    expect(String(res.data!.url)).toMatch(/\/customizedTemplate\/customImages\/\d+\/.+\.json$/);
    expect((await fetchBytes(String(res.data!.url))).body.equals(design)).toBe(true);
    expect(await upload('/api/uploadsImg/uploadCustomizedNoPrefix', Buffer.from('{not json'), 'd.json', tokenA)).toMatchObject({
      code: 10000,
    });
  });

  it('answers local storage for STS when OSS is not configured', async () => {
    expect(await s.api('POST', '/api/uploadsImg/getStsToken', {}, tokenA)).toMatchObject({ code: 200, data: { provider: 'local' } });
  });
});

describe('my uploads library', () => {
  it('lists only my images, newest first, and lets only me remove them', async () => {
    const mine = await s.api<{ rows: { id: number; fileName: string }[]; total: number }>(
      'GET',
      '/api/shopCustomImages/getShopCustomImagesList?pageNum=1&pageSize=10',
      undefined,
      tokenA,
    );
    expect(mine.code).toBe(200);
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.rows[0]?.fileName).toBe('x.txt');
    const theirs = await s.api<{ rows: unknown[]; total: number }>(
      'GET',
      '/api/shopCustomImages/getShopCustomImagesList',
      undefined,
      tokenB,
    );
    expect(theirs.total).toBe(0);

    const id = mine.rows[0]!.id;
    expect(await s.api('POST', `/api/shopCustomImages/removeShopCustomImages?id=${id}`, undefined, tokenB)).toMatchObject({ code: 10000 });
    expect((await s.api('POST', `/api/shopCustomImages/removeShopCustomImages?id=${id}`, undefined, tokenA)).code).toBe(200);
    const after = await s.api<{ rows: { id: number }[]; total: number }>(
      'GET',
      '/api/shopCustomImages/getShopCustomImagesList',
      undefined,
      tokenA,
    );
    expect(after.total).toBe(mine.total - 1);
    expect(after.rows.some((r) => r.id === id)).toBe(false);
  });

  it('keeps one copy of a file uploaded again, back at the front of the list, also after it was removed', async () => {
    const list = () =>
      s.api<{ rows: { id: number; url: string }[]; total: number }>(
        'GET',
        '/api/shopCustomImages/getShopCustomImagesList?pageNum=1&pageSize=50',
        undefined,
        tokenA,
      );
    const file = await png(64, 48, '#12ab34');
    const first = await upload('/api/uploadsImg/uploadCustomized', file, 'badge.png', tokenA);
    const other = await upload('/api/uploadsImg/uploadCustomized', await png(64, 48, '#3412ab'), 'other.png', tokenA);
    const before = await list();
    expect(before.rows[0]?.id).toBe(other.data!.id);

    const again = await upload('/api/uploadsImg/uploadCustomized', file, 'badge copy.png', tokenA);
    expect(again).toMatchObject({ code: 200, msg: 'Uploaded successfully' });
    expect(again.data).toMatchObject({ id: first.data!.id, url: first.data!.url });
    const after = await list();
    expect(after.total).toBe(before.total);
    expect(after.rows[0]?.id).toBe(first.data!.id);

    // Removed from the library, then uploaded again: it comes back, still one copy.
    expect((await s.api('POST', `/api/shopCustomImages/removeShopCustomImages?id=${first.data!.id}`, undefined, tokenA)).code).toBe(200);
    expect((await list()).total).toBe(before.total - 1);
    expect((await upload('/api/uploadsImg/uploadCustomized', file, 'badge.png', tokenA)).data).toMatchObject({ id: first.data!.id });
    expect((await list()).total).toBe(before.total);

    // The same bytes from another merchant are that merchant's own upload.
    const theirs = await upload('/api/uploadsImg/uploadCustomized', file, 'badge.png', tokenB);
    expect(theirs.code).toBe(200);
    expect(theirs.data!.id).not.toBe(first.data!.id);
    expect(String(theirs.data!.url)).not.toBe(String(first.data!.url));
  });

  it("will not register another merchant's file as mine", async () => {
    const up = await upload('/api/uploadsImg/uploadCustomized', await png(10, 10), 'b.png', tokenB);
    expect(await s.api('POST', '/api/shopCustomImages/addShopCustomImages', { url: up.data!.originalUrl }, tokenA)).toMatchObject({
      code: 10000,
      msg: 'This image does not belong to your account',
    });
  });

  it('serves nothing outside the storage keys', async () => {
    for (const p of [
      '/prod-api/storage/../../etc/passwd',
      '/prod-api/storage/%2e%2e/%2e%2e/package.json',
      '/prod-api/storage/CustomizedImages/1/x.png',
    ]) {
      expect((await fetchBytes(p)).status).toBe(404);
    }
  });
});
