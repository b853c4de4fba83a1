/**
 * Decompression bombs (docs/security.md): a small file that declares a huge picture is measured
 * from its header, refused above 50 megapixels with a clear message before any pixel is decoded,
 * and nothing of it is stored: not by the uploads, not by the design-file upload, and a file put
 * straight into storage (OSS direct upload) is removed when it is registered.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import { pngBomb, pngHeaderOnly } from '../security/support/pictures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { createBlobStorage } from '../../server/platform/blob-storage';
import { uploads } from '../../server/uploads/schema';
import { IMAGE_TOO_LARGE, MAX_INPUT_PIXELS, checkImageSize, processImage } from '../../server/uploads/image-checks';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

/** A small JPEG whose frame header (SOF0) is rewritten to declare width x height. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpg = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .jpeg({ mozjpeg: false })
      .toBuffer(),
  );
  for (let i = 2; i < jpg.length - 9; i++) {
    if (jpg[i] === 0xff && jpg[i + 1] === 0xc0) {
      jpg.writeUInt16BE(height, i + 5);
      jpg.writeUInt16BE(width, i + 7);
      return jpg;
    }
  }
  throw new Error('no SOF0 marker');
}

async function merchant() {
  const user = await createUser(s.database.db, `bomb-${Date.now()}-${Math.random().toString(36).slice(2)}@limits.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, token };
}

async function upload(route: string, file: Buffer, name: string, token: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name);
  const res = await fetch(`${s.url}/prod-api${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: number; msg: string; data?: { url: string } };
}

/** Every stored file of a merchant (local storage under DATA_DIR/files). */
async function storedFiles(userId: number): Promise<string[]> {
  const root = path.join(s.config.dataDir, 'files');
  const all = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return all.filter((f) => f.split(path.sep).includes(String(userId)) && /\.\w+$/.test(f));
}

const rowsOf = async (userId: number) =>
  Number((await s.database.db.select({ n: count() }).from(uploads).where(eq(uploads.userId, userId)))[0]?.n ?? 0);

describe('pictures over 50 megapixels', () => {
  it('measures a picture from its header without decoding it', async () => {
    expect(MAX_INPUT_PIXELS).toBe(50_000_000);
    expect(await checkImageSize(pngHeaderOnly(7071, 7071))).toEqual({ width: 7071, height: 7071 }); // 49,999,041 pixels
    await expect(checkImageSize(pngHeaderOnly(7072, 7071))).rejects.toThrow(IMAGE_TOO_LARGE); // 50,006,112 pixels
    await expect(checkImageSize(pngHeaderOnly(20000, 20000))).rejects.toThrow(IMAGE_TOO_LARGE);
    await expect(checkImageSize(await jpegDeclaring(20000, 20000))).rejects.toThrow(IMAGE_TOO_LARGE);
    // The real bomb: refused in a blink, not after a 1.6 GB decode.
    const bomb = pngBomb(20000, 20000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    await expect(processImage(bomb, 'image/png')).rejects.toThrow(IMAGE_TOO_LARGE);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an upload whose PNG declares 20000x20000 with the message, and stores nothing', async () => {
    const m = await merchant();
    const bomb = pngBomb(20000, 20000);
    for (const route of [
      '/api/uploadsImg/uploadCustomized',
      '/api/uploadsImg/uploadAsynCustomized',
      '/api/uploadsImg/uploadCustomizedNoPrefix',
    ]) {
      expect(await upload(route, bomb, 'bomb.png', m.token), route).toEqual({ code: 10000, msg: IMAGE_TOO_LARGE });
      expect(await upload(route, pngHeaderOnly(20000, 20000), 'header.png', m.token), route).toEqual({ code: 10000, msg: IMAGE_TOO_LARGE });
      expect(await upload(route, await jpegDeclaring(20000, 20000), 'bomb.jpg', m.token), route).toEqual({
        code: 10000,
        msg: IMAGE_TOO_LARGE,
      });
    }
    expect(await storedFiles(m.id)).toEqual([]);
    expect(await rowsOf(m.id)).toBe(0);
    // An ordinary picture still goes through.
    const fine = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    expect((await upload('/api/uploadsImg/uploadCustomized', fine, 'fine.png', m.token)).code).toBe(200);
    expect(await rowsOf(m.id)).toBe(1);
  });

  it('refuses a bomb put straight into storage when it is registered, and removes it', async () => {
    const m = await merchant();
    const store = createBlobStorage(s.config);
    const key = `/CustomizedImages/${m.id}/2026-01-01/${'b'.repeat(32)}.png`;
    await store.put(key, pngBomb(20000, 20000), 'image/png');
    const res = await fetch(`${s.url}/prod-api/api/shopCustomImages/addShopCustomImages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
      body: JSON.stringify({ url: store.publicUrl(key), fileName: 'bomb.png' }),
    });
    expect(await res.json()).toEqual({ code: 10000, msg: IMAGE_TOO_LARGE });
    expect(await store.read(key)).toBeNull();
    expect(await storedFiles(m.id)).toEqual([]);
    expect(await rowsOf(m.id)).toBe(0);
  });
});
