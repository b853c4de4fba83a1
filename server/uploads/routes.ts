/**
 * Uploads and the merchant's own image library (shopCustomImages). Files are checked by content,
 * stored under the upload folders of ./object-keys.ts, and answered
 * with the editor copy, the original and the thumbnail.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createHash } from 'node:crypto';
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
import { dataReply, fileReply, okReply, pageReply, refusal } from '../platform/http-schema/replies';
import { libraryImageId, libraryQuery, uploadedImage, uploadPlace } from './http-schemas';
import { sessionSecurity as security } from '../accounts/signed-in';

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

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

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
  // The parser may also end a file at the limit without raising: a cut file is still too large.
  if (part.file.truncated || body.length > maxBytes) throw new AppError(UploadMessages.tooLarge);
  if (body.length === 0) throw new AppError(UploadMessages.missing);
  return { part, body };
}

function field(part: MultipartFile, name: string): string {
  const f = part.fields[name];
  const one = Array.isArray(f) ? f[0] : f;
  return one && 'value' in one && typeof one.value === 'string' ? one.value : '';
}

const tags = ['uploads'];
const consumes = ['multipart/form-data'];

export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, blobs } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

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

  /**
   * The merchant's earlier upload of the very same bytes, put back at the front of the library:
   * uploading a file again must not leave a second copy in "My uploads".
   */
  async function sameUpload(userId: number, contentHash: string): Promise<UploadRow | null> {
    const [row] = await db
      .update(uploads)
      .set({ inLibrary: true, createdAt: new Date() })
      .where(and(eq(uploads.userId, userId), eq(uploads.contentHash, contentHash)))
      .returning();
    return row ?? null;
  }

  async function uploadImage(request: FastifyRequest<{ Querystring: z.output<typeof uploadPlace> }>) {
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
    const contentHash = sha256(body);
    const again = await sameUpload(userId, contentHash);
    if (again) {
      request.log.info({ userId, bytes: body.length, mime }, 'image uploaded again: the earlier upload is kept');
      return okData(view(again), 'Uploaded successfully');
    }
    const user = await findUserById(db, userId);
    const query = request.query;
    const ext = extensionOf(mime);
    const originalKey = uploadKey({
      userId,
      ext,
      photoUserType: user?.photoUserType ?? 0,
      pathType: Number(field(part, 'pathType') || query.pathType || 0),
      dateType: Number(field(part, 'dateType') || query.dateType || 0),
    });
    const editKey = processed.edit ? withSuffix(originalKey, '_edit') : originalKey;
    // Branded photo users (photoUserType 1) skip the thumbnail.
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
        contentHash,
      })
      .returning();
    request.log.info({ userId, bytes: body.length, mime }, 'image uploaded');
    return okData(view(row!), 'Uploaded successfully');
  }

  const uploadSchema = {
    tags,
    security,
    consumes,
    summary: 'Upload a picture (JPEG or PNG, judged by content): the original, an editor copy and a thumbnail',
    querystring: uploadPlace,
    response: { 200: dataReply(uploadedImage) },
  };
  api.post('/api/uploadsImg/uploadCustomized', { schema: uploadSchema }, uploadImage);
  api.post('/api/uploadsImg/uploadAsynCustomized', { schema: uploadSchema }, uploadImage);

  /** A design file (edit JSON over 60000 characters) or an image, stored without the image pipeline. */
  api.post(
    '/api/uploadsImg/uploadCustomizedNoPrefix',
    {
      schema: {
        tags,
        security,
        consumes,
        summary: 'Upload a design file (JSON) or a picture, stored as it is',
        response: { 200: dataReply(z.looseObject({ url: z.string() })) },
      },
    },
    async (request) => {
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
    },
  );

  api.post(
    '/api/uploadsImg/getStsToken',
    {
      schema: {
        tags,
        security,
        summary: 'Temporary credentials for uploading straight into object storage, or where to upload when storage is local',
        response: {
          200: dataReply(
            z.union([
              z.looseObject({ provider: z.literal('local'), uploadUrl: z.string() }),
              z.looseObject({
                provider: z.literal('oss'),
                region: z.string(),
                bucket: z.string(),
                accessKeyId: z.string(),
                accessKeySecret: z.string(),
                securityToken: z.string(),
                expiration: z.string(),
                endpoint: z.string().optional(),
              }),
            ]),
          ),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      if (!blobs.stsToken) return okData({ provider: 'local', uploadUrl: '/prod-api/api/uploadsImg/uploadCustomized' });
      return okData({ provider: 'oss', ...(await blobs.stsToken(userId)) });
    },
  );

  api.get(
    '/api/shopCustomImages/getShopCustomImagesList',
    {
      schema: {
        tags,
        security,
        summary: "The merchant's image library, newest first",
        querystring: libraryQuery,
        response: { 200: pageReply(uploadedImage) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { pageNum, pageSize } = request.query;
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
    },
  );

  /** Registers a file the browser put straight into object storage (STS upload). */
  api.post(
    '/api/shopCustomImages/addShopCustomImages',
    {
      schema: {
        tags,
        security,
        summary: 'Add a file uploaded straight into object storage to the library',
        body: z.object({
          url: z.preprocess((v) => String(v ?? ''), z.string()).meta({ description: "The file's URL, in the merchant's own folder" }),
          fileName: z.preprocess((v) => String(v ?? '').slice(0, 200), z.string()),
        }),
        response: { 200: dataReply(uploadedImage) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const body = request.body;
      const key = keyFromUrl(body.url, blobs.publicUrl(''));
      if (!key || !ownedBy(key, userId)) throw new AppError(UploadMessages.notYours);
      const data = await blobs.read(key);
      if (!data) throw new AppError(UploadMessages.missing);
      const mime = sniffImage(data.subarray(0, 16));
      if (!mime) throw new AppError(UploadMessages.notPicture);
      const contentHash = sha256(data);
      const again = await sameUpload(userId, contentHash);
      if (again) {
        // The library keeps the earlier copy; the second one in the bucket would only be orphaned.
        if (again.originalKey !== key) await blobs.remove([key]);
        return okData(view(again));
      }
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
          fileName: body.fileName,
          mime,
          width: processed.width,
          height: processed.height,
          bytes: data.length,
          contentHash,
        })
        .returning();
      return okData(view(row!));
    },
  );

  // A POST: it changes the library, so a link or an image tag on another site cannot do it.
  api.post(
    '/api/shopCustomImages/removeShopCustomImages',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an image from the library (designs that use it keep working)',
        querystring: z.object({ id: libraryImageId }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { id } = request.query;
      // Only hidden from the library: designs that already use the image keep working.
      const done = await db
        .update(uploads)
        .set({ inLibrary: false })
        .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
        .returning({ id: uploads.id });
      if (done.length === 0) throw new AppError(UploadMessages.notYours);
      return ok();
    },
  );

  if (blobs.kind === 'local') {
    api.get(
      `${LOCAL_FILES_PREFIX.replace('/prod-api', '')}/*`,
      {
        schema: {
          tags,
          summary: 'A stored file (local storage only)',
          params: z.object({ '*': z.string().meta({ description: 'The storage key' }) }),
          response: {
            200: {
              description: 'The file, with its own type: a picture, a design file or a theme script',
              content: Object.assign(
                {},
                ...['image/png', 'image/jpeg', SCRIPT_CONTENT_TYPE, 'application/json'].map((t) => fileReply(t, '').content),
              ),
            },
            404: refusal,
          },
        },
      },
      async (request, reply) => {
        const key = `/${request.params['*']}`;
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
          .send(data as never); // the bytes, never serialised
      },
    );
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
