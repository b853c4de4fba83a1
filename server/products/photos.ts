/**
 * The merchant's photo library for photo products (editImages addImagesPhoto,
 * getImagesPhotoList, updateSImagesPhoto). A photo is one of the merchant's own uploads; its size
 * is read from the stored file (never taken from the client), and its edit state (crop and
 * adjustment) is kept so the Photo panel reopens it as it was left.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { AppError } from '../platform/envelope';
import { Code } from '../../contract/envelope';
import { sniffImage } from '../platform/image-sniff';
import { checkImageSize } from '../uploads/image-checks';
import { withSuffix } from '../uploads/object-keys';
import { ownedFile } from './blob-refs';
import { myPhotos, myProducts } from './schema';
import { loadParent } from './parent';
import { ownProduct, type ProductsDeps } from './service';
import type { Db } from '../platform/db/client';
import { isPhotoCustomType, PhotoMessages, type LibraryPhoto, type PhotoEdit } from '../../contract/photos';

type PhotoRow = typeof myPhotos.$inferSelect;

export function libraryPhoto(r: PhotoRow): LibraryPhoto {
  return {
    id: r.id,
    url: r.url,
    thumbnailUrl: r.thumbnailUrl,
    width: r.width,
    height: r.height,
    fileName: r.fileName,
    editObj: (r.editObj as PhotoEdit | null) ?? null,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

export interface AddPhotoInput {
  url: string;
  fileName: string;
}

/**
 * Adds one of the merchant's uploads to their photos, or answers the photo already there for that
 * file (adding the same upload twice keeps one entry).
 */
export async function addPhoto(deps: ProductsDeps, userId: number, input: AddPhotoInput): Promise<LibraryPhoto> {
  const file = await ownedFile(deps.blobs, userId, input.url, ['jpg', 'png']);
  if ('error' in file) throw new AppError(file.error === 'missing' ? PhotoMessages.missing : PhotoMessages.notYours);
  const body = file.body!;
  if (!sniffImage(body.subarray(0, 16))) throw new AppError(PhotoMessages.notPicture);
  // Read from the header: a decompression bomb is refused by its declared size, nothing decoded.
  const size = await checkImageSize(body).catch((err: unknown) => {
    throw err instanceof AppError ? err : new AppError(PhotoMessages.notPicture);
  });
  const thumbKey = withSuffix(file.key, '_thumbnail');
  const thumbnailUrl = (await deps.blobs.read(thumbKey)) ? deps.blobs.publicUrl(thumbKey) : null;
  const [row] = await deps.db
    .insert(myPhotos)
    .values({ userId, url: file.url, thumbnailUrl, width: size.width, height: size.height, fileName: input.fileName })
    .onConflictDoUpdate({ target: [myPhotos.userId, myPhotos.url], set: { updatedAt: new Date() } })
    .returning();
  return libraryPhoto(row!);
}

/** The merchant's photos, the most recently used first. */
export async function listPhotos(
  db: Db,
  userId: number,
  p: { offset: number; limit: number },
): Promise<{ rows: LibraryPhoto[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(myPhotos)
      .where(eq(myPhotos.userId, userId))
      .orderBy(desc(myPhotos.updatedAt), desc(myPhotos.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(myPhotos).where(eq(myPhotos.userId, userId)),
  ]);
  return { rows: rows.map(libraryPhoto), total: totalRow?.n ?? 0 };
}

/** Keeps the photo's crop and adjustment; another merchant's photo answers as not found. */
export async function updatePhotoEdit(db: Db, userId: number, id: number, edit: PhotoEdit): Promise<LibraryPhoto> {
  const [row] = await db
    .update(myPhotos)
    .set({ editObj: edit, updatedAt: new Date() })
    .where(and(eq(myPhotos.id, id), eq(myPhotos.userId, userId)))
    .returning();
  if (!row) throw new AppError(PhotoMessages.notFound, Code.NOT_FOUND);
  return libraryPhoto(row);
}

/**
 * Marks a saved product as a photo product (addPhotoProduct, after the designer's save). Only a
 * product saved on a photo blank (a catalogue product of custom type 8 or 9) can be one.
 */
export async function markPhotoProduct(db: Db, userId: number, id: number): Promise<number> {
  const row = await ownProduct(db, userId, id);
  // The catalogue blank decides, not the customType the client sent with the save.
  const parent = await loadParent(db, row.productfid);
  if (!parent || !isPhotoCustomType(parent.customType)) throw new AppError(PhotoMessages.notPhotoProduct);
  await db
    .update(myProducts)
    .set({ isPhoto: true, updatedAt: new Date() })
    .where(and(eq(myProducts.id, id), eq(myProducts.userId, userId)));
  return id;
}
