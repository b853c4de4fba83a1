/**
 * The merchant's bulk job in IndexedDB (idb-keyval), written after every product that finishes,
 * so a reload or a crash mid-way loses at most the products that were rendering. One job per
 * merchant and browser.
 */
import { del, get, set } from 'idb-keyval';
import type { BulkJob } from '../model/job';

const key = (userId: number) => `pod.bulk.job:${userId}`;

export async function loadJob(userId: number): Promise<BulkJob | null> {
  try {
    const job = await get<BulkJob>(key(userId));
    return job && job.userId === userId && Array.isArray(job.items) ? job : null;
  } catch {
    return null;
  }
}

export async function storeJob(job: BulkJob): Promise<void> {
  // A snapshot: valtio proxies do not survive structured cloning.
  await set(key(job.userId), JSON.parse(JSON.stringify(job)) as BulkJob);
}

export async function clearJob(userId: number): Promise<void> {
  await del(key(userId));
}
