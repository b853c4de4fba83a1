/**
 * Photo products over real HTTP on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), with real uploads into the local store: the merchant's photo library
 * (addImagesPhoto, getImagesPhotoList, updateSImagesPhoto) and marking a saved photo product
 * (addPhotoProduct). Another merchant's ids and files are refused, bad input is refused with a
 * message and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog } from './fixtures';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { Code } from '../../contract/envelope';
import { PhotoMessages, type LibraryPhoto } from '../../contract/photos';
import type { MyProductDetail } from '../../contract/products';

// Enough products that every archetype, the four photo ones included, gets some.
const OPTIONS: CatalogOptions = { seed: 'photo-products-test', productCount: 120, imageSize: 256 };

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer();
  rows = await seedCatalog(s, OPTIONS);
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Res<T>>;
}

let merchantCount = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `ph${++merchantCount}-${Date.now()}@photos.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, token, call: (method, path, body) => s.api(method, path, body, token) as never };
}

async function upload(m: Merchant, file: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('avatarfile', new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${s.url}/prod-api/api/uploadsImg/uploadCustomized`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${m.token}` },
  });
  const env = (await res.json()) as { code: number; msg: string; data: { url: string; originalUrl: string; thumbnailUrl: string | null } };
  expect(env.code, env.msg).toBe(200);
  return env.data;
}
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();

const addPhoto = (m: Merchant, body: unknown) => m.call<{ data: LibraryPhoto }>('POST', '/api/editImages/addImagesPhoto', body);
const listPhotos = (m: Merchant, q = '') =>
  m.call<{ rows: LibraryPhoto[]; total: number }>('GET', `/api/editImages/getImagesPhotoList${q}`);
const updatePhoto = (m: Merchant, body: unknown) => m.call<{ data: LibraryPhoto }>('PUT', '/api/editImages/updateSImagesPhoto', body);

const EDIT = {
  crop: { x: 0.1, y: 0, width: 0.8, height: 0.75 },
  adjust: { brightness: 20, contrast: -10, saturation: 35, filter: 'warm' },
};

describe('photo library', () => {
  it('adds an upload with the size read from the file, lists it, and keeps its crop and adjustment', async () => {
    const m = await merchant();
    const up = await upload(m, await jpeg(2400, 1600), 'beach.jpg', 'image/jpeg');
    // The client claims another size: the stored file's own header wins.
    const added = await addPhoto(m, { url: up.originalUrl, fileName: 'beach.jpg', width: 10, height: 10 });
    expect(added.code, added.msg).toBe(200);
    expect(added.msg).toBe(PhotoMessages.added);
    expect(added.data).toMatchObject({ url: up.originalUrl, width: 2400, height: 1600, fileName: 'beach.jpg', editObj: null });
    expect(added.data.thumbnailUrl).toBe(up.thumbnailUrl);

    // The same upload again keeps one entry.
    const again = await addPhoto(m, { url: up.originalUrl, fileName: 'beach.jpg' });
    expect(again.data.id).toBe(added.data.id);

    const second = await addPhoto(m, {
      url: (await upload(m, await jpeg(800, 800), 'dog.png', 'image/jpeg')).originalUrl,
      fileName: 'dog',
    });
    expect(second.code, second.msg).toBe(200);

    let listed = await listPhotos(m);
    expect(listed.code).toBe(200);
    expect(listed.total).toBe(2);
    expect(listed.rows.map((r) => r.id)).toEqual([second.data.id, added.data.id]);

    const saved = await updatePhoto(m, { id: added.data.id, editObj: EDIT });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.editObj).toEqual(EDIT);
    // The most recently edited comes first; the edit state reads back as saved.
    listed = await listPhotos(m, '?pageNum=1&pageSize=5');
    expect(listed.rows[0]).toMatchObject({ id: added.data.id, editObj: EDIT });

    // editObj as JSON text (as other editObj fields travel) and with missing parts defaulted.
    const text = await updatePhoto(m, { id: added.data.id, editObj: JSON.stringify({ adjust: { filter: 'sepia' } }) });
    expect(text.code, text.msg).toBe(200);
    expect(text.data.editObj).toEqual({ crop: null, adjust: { brightness: 0, contrast: 0, saturation: 0, filter: 'sepia' } });

    const paged = await listPhotos(m, '?pageNum=2&pageSize=5');
    expect(paged.rows).toEqual([]);
    expect(paged.total).toBe(2);
  });

  it("refuses another merchant's photo and files, and leaves them as they were", async () => {
    const a = await merchant();
    const b = await merchant();
    const up = await upload(a, await jpeg(600, 400), 'a.jpg', 'image/jpeg');
    const mine = await addPhoto(a, { url: up.originalUrl, fileName: 'a.jpg' });
    expect(mine.code).toBe(200);

    // B adds A's file: not theirs.
    const steal = await addPhoto(b, { url: up.originalUrl });
    expect(steal.code).toBe(Code.ERROR);
    expect(steal.msg).toBe(PhotoMessages.notYours);
    // B edits A's photo: not found, and A's photo is unchanged.
    const edit = await updatePhoto(b, { id: mine.data.id, editObj: EDIT });
    expect(edit.code).toBe(Code.NOT_FOUND);
    expect(edit.msg).toBe(PhotoMessages.notFound);
    expect((await listPhotos(a)).rows[0]!.editObj).toBeNull();
    // B's list holds nothing of A's.
    expect(await listPhotos(b)).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('refuses bad input with a message and stores nothing', async () => {
    const m = await merchant();
    const up = await upload(m, await jpeg(300, 300), 'p.jpg', 'image/jpeg');
    const photo = (await addPhoto(m, { url: up.originalUrl })).data;

    const cases: [unknown, RegExp][] = [
      [{ id: photo.id, editObj: { crop: { x: 0.5, y: 0, width: 0.6, height: 1 } } }, /crop must lie inside the photo/],
      [{ id: photo.id, editObj: { crop: { x: -0.1, y: 0, width: 0.5, height: 0.5 } } }, /crop\.x must be a number from 0 to 1/],
      [{ id: photo.id, editObj: { crop: { x: 0, y: 0, width: 0, height: 0.5 } } }, /crop must lie inside the photo/],
      [{ id: photo.id, editObj: { adjust: { brightness: 101 } } }, /adjust\.brightness must be a whole number from -100 to 100/],
      [{ id: photo.id, editObj: { adjust: { contrast: 'lots' } } }, /adjust\.contrast must be a whole number from -100 to 100/],
      [{ id: photo.id, editObj: { adjust: { filter: 'vintage' } } }, /adjust\.filter must be one of none, greyscale, sepia, warm, cool/],
      [{ id: photo.id, editObj: 'not json' }, /editObj must be an object/],
      [{ editObj: EDIT }, /id is required/],
    ];
    for (const [body, msg] of cases) {
      const res = await updatePhoto(m, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.ERROR);
      expect(res.msg).toMatch(msg);
    }
    expect((await listPhotos(m)).rows[0]!.editObj).toBeNull();

    // Not a stored upload, an outside address, a file that is not a picture.
    expect((await addPhoto(m, {})).msg).toMatch(/url is required/);
    expect((await addPhoto(m, { url: 'https://evil.example/x.jpg' })).msg).toBe(PhotoMessages.notYours);
    const gone = up.originalUrl.replace(/[A-Za-z0-9]{32}\.jpg$/, `${'a'.repeat(32)}.jpg`);
    expect((await addPhoto(m, { url: gone })).msg).toBe(PhotoMessages.missing);
    expect((await listPhotos(m)).total).toBe(1);
    expect((await m.call('GET', '/api/editImages/getImagesPhotoList?pageSize=7')).msg).toMatch(/pageSize must be one of/);
  });
});

describe('addPhotoProduct', () => {
  const photoBlank = () => {
    const p = rows.products.find((r) => r.customType === 8 || r.customType === 9);
    if (!p) throw new Error('no photo product in the generated catalogue');
    return p;
  };
  const otherBlank = () => rows.products.find((r) => r.customType !== 8 && r.customType !== 9)!;
  const design = {
    id: 'sku-1',
    flatDesignList: [{ flatId: 'photo', designList: [], color: '#FFFFFF', flatImage: null, previewFlatImage: null }],
    BGDesignList: [],
    color: '#FFFFFF',
    styleId: null,
  };
  const save = async (m: Merchant, productfid: number, customType?: number) => {
    const res = await m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/add', {
      productfid,
      editObj: JSON.stringify(design),
      ...(customType ? { customType } : {}),
      title: 'My photo',
    });
    expect(res.code, res.msg).toBe(200);
    return res.data.id;
  };
  const info = (m: Merchant, id: number) => m.call<{ data: MyProductDetail }>('GET', `/api/Myexclusive/getInfo/${id}`);

  it('the catalogue has photo products of types 8 and 9', () => {
    const types = new Set(rows.products.map((p) => p.customType));
    expect(types.has(8)).toBe(true);
    expect(types.has(9)).toBe(true);
  });

  it("marks the merchant's saved photo product, and refuses another merchant's id", async () => {
    const m = await merchant();
    const other = await merchant();
    const id = await save(m, photoBlank().id);
    expect((await info(m, id)).data.isPhoto).toBe(0);
    expect((await other.call('POST', `/api/Myexclusive/addPhotoProduct/${id}`)).code).toBe(Code.NOT_FOUND);
    expect((await info(m, id)).data.isPhoto).toBe(0);
    const res = await m.call<{ data: { id: number } }>('POST', `/api/Myexclusive/addPhotoProduct/${id}`);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.id).toBe(id);
    expect((await info(m, id)).data.isPhoto).toBe(1);
  });

  it('refuses a product whose blank is not a photo product, whatever customType the save claimed', async () => {
    const m = await merchant();
    const id = await save(m, otherBlank().id, 8);
    const res = await m.call('POST', `/api/Myexclusive/addPhotoProduct/${id}`);
    expect(res.code).toBe(Code.ERROR);
    expect(res.msg).toBe(PhotoMessages.notPhotoProduct);
    expect((await info(m, id)).data.isPhoto).toBe(0);
    expect((await m.call('POST', '/api/Myexclusive/addPhotoProduct/abc')).code).toBe(Code.ERROR);
    expect((await m.call('POST', '/api/Myexclusive/addPhotoProduct/999999')).code).toBe(Code.NOT_FOUND);
  });
});
