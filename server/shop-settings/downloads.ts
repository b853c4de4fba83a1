/**
 * The files a merchant downloads with common/download: exports the server made for them, kept in
 * the database (blob storage serves its files to anyone with the URL) for a day. A file is found
 * by the caller's user id and its exact name, never by a path: a name cannot reach another
 * merchant's file or anything on disk. Reading never deletes; deleting is its own call (DELETE).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { merchantDownloads } from './schema';
import { AppError } from '../platform/envelope';
import { ShopSettingsMessages } from '../../contract/shop-settings';

/** How long a download is kept. */
const DOWNLOAD_TTL_MS = 24 * 60 * 60_000;
/** The most downloads one merchant keeps; a new one pushes out the oldest. */
const DOWNLOADS_KEPT = 20;
/** Names this module makes: letters, digits, dots, dashes and underscores, no leading dot. */
export const DOWNLOAD_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
export const DOWNLOAD_NAME_MAX = 120;

interface Download {
  fileName: string;
  contentType: string;
  content: string;
}

/** Stores a file for the merchant and returns its name (`<base>-<date>-<random>.<ext>`). */
export async function saveDownload(
  db: Db,
  userId: number,
  file: { base: string; ext: string; contentType: string; content: string },
): Promise<string> {
  const now = new Date();
  const fileName = `${file.base}-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(6).toString('hex')}.${file.ext}`;
  await db.transaction(async (tx) => {
    // Expired files of anyone go whenever a new one is stored, so none outlives its day for long.
    await tx.delete(merchantDownloads).where(lt(merchantDownloads.expiresAt, now));
    await tx.insert(merchantDownloads).values({
      userId,
      fileName,
      contentType: file.contentType,
      content: file.content,
      expiresAt: new Date(now.getTime() + DOWNLOAD_TTL_MS),
    });
    const kept = await tx
      .select({ id: merchantDownloads.id })
      .from(merchantDownloads)
      .where(eq(merchantDownloads.userId, userId))
      .orderBy(asc(merchantDownloads.createdAt), asc(merchantDownloads.id));
    if (kept.length > DOWNLOADS_KEPT)
      await tx.delete(merchantDownloads).where(
        and(
          eq(merchantDownloads.userId, userId),
          notInArray(
            merchantDownloads.id,
            kept.slice(-DOWNLOADS_KEPT).map((r) => r.id),
          ),
        ),
      );
  });
  return fileName;
}

/** The caller's file of that name, or null: one of another merchant, an expired one and none at all answer alike. */
export async function readDownload(db: Db, userId: number, fileName: string): Promise<Download | null> {
  const [row] = await db
    .select({ fileName: merchantDownloads.fileName, contentType: merchantDownloads.contentType, content: merchantDownloads.content })
    .from(merchantDownloads)
    .where(
      and(eq(merchantDownloads.userId, userId), eq(merchantDownloads.fileName, fileName), gt(merchantDownloads.expiresAt, new Date())),
    );
  return row ?? null;
}

export async function deleteDownload(db: Db, userId: number, fileName: string): Promise<void> {
  const gone = await db
    .delete(merchantDownloads)
    .where(and(eq(merchantDownloads.userId, userId), eq(merchantDownloads.fileName, fileName)))
    .returning({ id: merchantDownloads.id });
  if (gone.length === 0) throw new AppError(ShopSettingsMessages.fileNotFound);
}
