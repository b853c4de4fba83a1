/**
 * Uploads and the merchant's own image library (shopCustomImages). Files are checked by content,
 * stored under the upload folders of ./object-keys.ts, and answered
 * with the editor copy, the original and the thumbnail.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { AppError, ok, okData, page } from '../platform/envelope';
import { enforce } from '../platform/rate-limit';
import { uploads } from './schema';
import { findUserById } from '../accounts/users';
import { extensionOf, sniffImage } from '../platform/image-sniff';
import { KEY_RE } from '../platform/blob-storage/object-key';
import { uploadKey, withSuffix } from './object-keys';
import { checkImageSize, ImageTooLargeError, processImage } from './image-checks';
import { LOCAL_FILES_PREFIX } from '../platform/blob-storage/local';
import { SCRIPT_CONTENT_TYPE } from '../shops/theme-script';
import { PAGE_SIZES } from '../../contract/constants';

export const UploadMessages = {
  notPicture: 'This file is not a picture(jpeg,png)',
  tooLarge: 'image max 40M',
  missing: 'Please select an image',
  notJson: 'This file is not a design file',
  notYours: 'This image does not belong to your account',
} as const;

export const MAX_IMAGE_BYTES = 41_943_040;
const MAX_DESIGN_JSON_BYTES = 5 * 1024 * 1024;
const UPLOAD_LIMIT = { max: 600, windowMs: 60 * 60_000 };

type UploadRow = typeof uploads.$inferSelect;

async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<{ part: MultipartFile; body: Buffer }> {
  if (!request.isMultipart()) throw new AppError(UploadMessages.missing);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  if (!part) throw new AppError(UploadMessages.missing);
  let body: Buffer;
  try {
    body = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(UploadMessages.tooLarge);
    throw err;
  }
  if (body.length === 0) throw new AppError(UploadMessages.missing);
  return { part, body };
}

function field(part: MultipartFile, name: string): string {
  const f = part.fields[name];
  const one = Array.isArray(f) ? f[0] : f;
  return one && 'value' in one && typeof one.value === 'string' ? one.value : '';
}

export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, blobs } = ctx;

  const view = (row: UploadRow) => ({
    id: row.id,
    url: blobs.publicUrl(row.editKey),
    originalUrl: blobs.publicUrl(row.originalKey),
    thumbnailUrl: row.thumbnailKey ? blobs.publicUrl(row.thumbnailKey) : null,
    width: row.width,
    height: row.height,
    fileName: row.fileName,
    createTime: row.createdAt.toISOString(),
  });

  async function uploadImage(request: FastifyRequest) {
    const userId = await requireUser(request);
    await enforce(db, `upload:user:${userId}`, UPLOAD_LIMIT);
    const { part, body } = await readFilePart(request, MAX_IMAGE_BYTES);
    const mime = sniffImage(body.subarray(0, 16));
    if (!mime) throw new AppError(UploadMessages.notPicture);
    let processed;
    try {
      // Measured from the header before anything is decoded: a decompression bomb is refused
      // with its own message, and nothing is stored.
      processed = await processImage(body, mime);
    } catch (err) {
      if (err instanceof ImageTooLargeError) throw err;
      // The header looked like an image but the file does not decode: not a picture either.
      throw new AppError(UploadMessages.notPicture);
    }
    const user = await findUserById(db, userId);
    const query = request.query as Record<string, string | undefined>;
    const ext = extensionOf(mime);
    const originalKey = uploadKey({
      userId,
      ext,
      photoUserType: user?.photoUserType ?? 0,
      pathType: Number(field(part, 'pathType') || query.pathType || 0),
      dateType: Number(field(part, 'dateType') || query.dateType || 0),
    });
    const editKey = processed.edit ? withSuffix(originalKey, '_edit') : originalKey;
    // Branded photo users skip the thumbnail (spec: photoUserType 1).
    const thumbnailKey = user?.photoUserType === 1 ? null : withSuffix(originalKey, '_thumbnail');
    await blobs.put(originalKey, body, mime);
    if (processed.edit) await blobs.put(editKey, processed.edit, mime);
    if (thumbnailKey) await blobs.put(thumbnailKey, processed.thumbnail, mime);
    const fileName = (field(part, 'imgName') || part.filename || '').slice(0, 200);
    const [row] = await db
      .insert(uploads)
      .values({
        userId,
        originalKey,
        editKey,
        thumbnailKey,
        fileName,
        mime,
        width: processed.width,
        height: processed.height,
        bytes: body.length,
      })
      .returning();
    request.log.info({ userId, bytes: body.length, mime }, 'image uploaded');
    return okData(view(row!), 'Uploaded successfully');
  }

  app.post('/api/uploadsImg/uploadCustomized', uploadImage);
  app.post('/api/uploadsImg/uploadAsynCustomized', uploadImage);

  /** A design file (edit JSON over 60000 characters) or an image, stored without the image pipeline. */
  app.post('/api/uploadsImg/uploadCustomizedNoPrefix', async (request) => {
    const userId = await requireUser(request);
    await enforce(db, `upload:user:${userId}`, UPLOAD_LIMIT);
    const { body } = await readFilePart(request, MAX_IMAGE_BYTES);
    const mime = sniffImage(body.subarray(0, 16));
    if (mime) {
      // Stored as it is, but read by the engine and by the server later: the same size limit.
      await checkImageSize(body).catch((err: unknown) => {
        throw err instanceof ImageTooLargeError ? err : new AppError(UploadMessages.notPicture);
      });
      const key = uploadKey({ userId, ext: extensionOf(mime), pathType: 1 });
      await blobs.put(key, body, mime);
      return okData({ url: blobs.publicUrl(key) });
    }
    if (body.length > MAX_DESIGN_JSON_BYTES) throw new AppError(UploadMessages.notJson);
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError(UploadMessages.notJson);
    }
    const key = uploadKey({ userId, ext: 'json', pathType: 1 });
    await blobs.put(key, body, 'application/json');
    return okData({ url: blobs.publicUrl(key) });
  });

  app.post('/api/uploadsImg/getStsToken', async (request) => {
    const userId = await requireUser(request);
    if (!blobs.stsToken) return okData({ provider: 'local', uploadUrl: '/prod-api/api/uploadsImg/uploadCustomized' });
    return okData({ provider: 'oss', ...(await blobs.stsToken(userId)) });
  });

  app.get('/api/shopCustomImages/getShopCustomImagesList', async (request) => {
    const userId = await requireUser(request);
    const q = request.query as Record<string, string | undefined>;
    const pageNum = Math.max(1, Number(q.pageNum ?? 1) | 0);
    const pageSize = PAGE_SIZES.includes(Number(q.pageSize) as never) || Number(q.pageSize) === 20 ? Number(q.pageSize) : 20;
    const where = and(eq(uploads.userId, userId), eq(uploads.inLibrary, true));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(uploads)
        .where(where)
        .orderBy(desc(uploads.createdAt), desc(uploads.id))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize),
      db.select({ n: count() }).from(uploads).where(where),
    ]);
    return page(rows.map(view), Number(total?.n ?? 0));
  });

  /** Registers a file the browser put straight into object storage (STS upload). */
  app.post('/api/shopCustomImages/addShopCustomImages', async (request) => {
    const userId = await requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = keyFromUrl(String(body.url ?? ''), blobs.publicUrl(''));
    if (!key || !ownedBy(key, userId)) throw new AppError(UploadMessages.notYours);
    const data = await blobs.read(key);
    if (!data) throw new AppError(UploadMessages.missing);
    const mime = sniffImage(data.subarray(0, 16));
    if (!mime) throw new AppError(UploadMessages.notPicture);
    const processed = await processImage(data, mime).catch(async (err: unknown) => {
      if (!(err instanceof ImageTooLargeError)) throw new AppError(UploadMessages.notPicture);
      // A decompression bomb put straight into the bucket does not stay there.
      await blobs.remove([key]);
      throw err;
    });
    const thumbnailKey = withSuffix(key, '_thumbnail');
    await blobs.put(thumbnailKey, processed.thumbnail, mime);
    const editKey = processed.edit ? withSuffix(key, '_edit') : key;
    if (processed.edit) await blobs.put(editKey, processed.edit, mime);
    const [row] = await db
      .insert(uploads)
      .values({
        userId,
        originalKey: key,
        editKey,
        thumbnailKey,
        fileName: String(body.fileName ?? '').slice(0, 200),
        mime,
        width: processed.width,
        height: processed.height,
        bytes: data.length,
      })
      .returning();
    return okData(view(row!));
  });

  app.get('/api/shopCustomImages/removeShopCustomImages', async (request) => {
    const userId = await requireUser(request);
    const id = Number((request.query as Record<string, string | undefined>).id);
    if (!Number.isInteger(id) || id <= 0) throw new AppError('Please choose an image to remove');
    // Only hidden from the library: designs that already use the image keep working.
    const done = await db
      .update(uploads)
      .set({ inLibrary: false })
      .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
      .returning({ id: uploads.id });
    if (done.length === 0) throw new AppError(UploadMessages.notYours);
    return ok();
  });

  if (blobs.kind === 'local') {
    app.get(`${LOCAL_FILES_PREFIX.replace('/prod-api', '')}/*`, async (request, reply) => {
      const key = `/${(request.params as { '*': string })['*']}`;
      const data = KEY_RE.test(key) ? await blobs.read(key) : null;
      if (!data) return reply.status(404).send({ code: 404, msg: 'File not found' });
      const type = key.endsWith('.png')
        ? 'image/png'
        : key.endsWith('.jpg')
          ? 'image/jpeg'
          : key.endsWith('.js')
            ? SCRIPT_CONTENT_TYPE
            : 'application/json';
      // Names are random and never reused, so the content at a URL never changes.
      return reply
        .header('content-type', type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    });
  }
}

function keyFromUrl(url: string, base: string): string | null {
  const b = base.replace(/\/$/, '');
  let path = url;
  if (b && url.startsWith(b)) path = url.slice(b.length);
  else if (/^https?:\/\//.test(url)) path = new URL(url).pathname;
  return KEY_RE.test(path) ? path : null;
}

const ownedBy = (key: string, userId: number) =>
  key.startsWith(`/CustomizedImages/${userId}/`) ||
  key.startsWith(`/CustomizedImages/imagePhoto/${userId}/`) ||
  key.startsWith(`/customizedTemplate/customImages/${userId}/`);
