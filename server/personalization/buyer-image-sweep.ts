/**
 * Removes buyer pictures nobody bought. A buyer uploads a picture in the widget before the store
 * has an order (many never check out); the picture is kept BUYER_IMAGE_RETENTION_DAYS, long enough
 * for a cart left open and for a store's order to reach us late (webhook retries, the periodic
 * order pull). After that, a picture that no imported order line's values name is deleted from
 * storage; one an order names belongs to that order and is kept for good (it leaves the list of
 * candidates). `chooseBuyerImageSweep` decides, `sweepBuyerImages` reads and deletes, and
 * `buyerImageSweepTask` is what the server's job loop runs every BUYER_IMAGE_SWEEP_EVERY_MS.
 */
import { asc, inArray, lt, sql } from 'drizzle-orm';
import type { BlobStorage } from '../platform/blob-storage/types';
import type { Db } from '../platform/db/client';
import type { PeriodicTask } from '../shops/jobs';
import { keyFromUrl } from '../products/blob-refs';
import { buyerImages, orderItemPersonalizations } from './schema';

/** How long an unbought buyer picture is kept. */
export const BUYER_IMAGE_RETENTION_DAYS = 30;
export const BUYER_IMAGE_RETENTION_MS = BUYER_IMAGE_RETENTION_DAYS * 24 * 60 * 60_000;
/** How often the server sweeps. */
export const BUYER_IMAGE_SWEEP_EVERY_MS = 60 * 60_000;
/** Old pictures looked at per sweep; the next sweep takes the rest. */
export const BUYER_IMAGE_SWEEP_BATCH = 500;

export interface StoredBuyerImage {
  key: string;
  createdAt: Date;
}

export interface BuyerImageSweep {
  /** Old and named by no order: deleted. */
  remove: string[];
  /** Old and named by an order: kept for good, no longer a candidate. */
  settled: string[];
}

/** Which of `images` to delete and which an order has taken, at `now`; recent pictures are left alone. */
export function chooseBuyerImageSweep(
  images: readonly StoredBuyerImage[],
  referenced: ReadonlySet<string>,
  now: Date,
  retentionMs = BUYER_IMAGE_RETENTION_MS,
): BuyerImageSweep {
  const out: BuyerImageSweep = { remove: [], settled: [] };
  for (const image of images) {
    if (now.getTime() - image.createdAt.getTime() < retentionMs) continue;
    (referenced.has(image.key) ? out.settled : out.remove).push(image.key);
  }
  return out;
}

/** Deletes the old buyer pictures no order names (files first, then their records, so a failed delete is retried). */
export async function sweepBuyerImages(
  db: Db,
  blobs: BlobStorage,
  now = new Date(),
  retentionMs = BUYER_IMAGE_RETENTION_MS,
): Promise<BuyerImageSweep> {
  const old = await db
    .select()
    .from(buyerImages)
    .where(lt(buyerImages.createdAt, new Date(now.getTime() - retentionMs)))
    .orderBy(asc(buyerImages.createdAt))
    .limit(BUYER_IMAGE_SWEEP_BATCH);
  if (old.length === 0) return { remove: [], settled: [] };
  // An order names a picture only after it was uploaded: lines imported since the oldest candidate.
  const result = await db.execute(sql`
    select distinct v.value -> 'image' ->> 'url' as url
    from ${orderItemPersonalizations} p, jsonb_each(p."values") as v
    where p.created_at >= ${old[0]!.createdAt.toISOString()}
      and v.value -> 'image' ->> 'url' is not null`);
  const urls = (result as unknown as { rows: { url: string }[] }).rows.map((r) => r.url);
  const referenced = new Set(urls.map((url) => keyFromUrl(blobs, url)).filter((k): k is string => k !== null));
  const chosen = chooseBuyerImageSweep(old, referenced, now, retentionMs);
  if (chosen.remove.length) {
    await blobs.remove(chosen.remove);
    await db.delete(buyerImages).where(inArray(buyerImages.key, chosen.remove));
  }
  if (chosen.settled.length) await db.delete(buyerImages).where(inArray(buyerImages.key, chosen.settled));
  return chosen;
}

/** The sweep as the server's job loop runs it. */
export function buyerImageSweepTask(db: Db, blobs: BlobStorage, log: { info(o: object, m?: string): void }): PeriodicTask {
  return {
    name: 'buyer picture sweep',
    everyMs: BUYER_IMAGE_SWEEP_EVERY_MS,
    async run(now) {
      const swept = await sweepBuyerImages(db, blobs, now);
      if (swept.remove.length || swept.settled.length)
        log.info({ removed: swept.remove.length, keptForOrders: swept.settled.length }, 'buyer pictures swept');
    },
  };
}
