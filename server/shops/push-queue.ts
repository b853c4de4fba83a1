/**
 * The push queue in the database. Any number of job runners (./jobs.ts), in one process or many, claim due jobs
 * with SELECT … FOR UPDATE SKIP LOCKED (two runners never take the same row), a job of a store
 * product is not claimed while another job of that store product runs, and a runner that died
 * mid-job gives its job back after STALE_MS. Finishing a job only counts for the runner that
 * holds it (a job cancelled meanwhile stays cancelled).
 */
import { and, asc, desc, eq, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client';
import { storePushJobs } from './schema';
import { isUniqueViolation } from '../platform/db/errors';
import { AppError } from '../platform/envelope';
import { ShopMessages, type PushQueueItem } from '../../contract/shops';

export type PushJob = typeof storePushJobs.$inferSelect;
export const STALE_MS = 10 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Wait before retry n (1-based): 30 s, 1 min, 2 min, … capped at an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

/** When a failed attempt runs again: the later of our backoff and the store's Retry-After. */
export function nextRunAfterFailure(attempt: number, retryAfter: number | null, now: Date): Date {
  return new Date(now.getTime() + Math.max(backoffMs(attempt), retryAfter ?? 0));
}

export async function enqueue(
  db: Db,
  job: {
    userId: number;
    shopId: number;
    myProductId: number;
    action: 'push' | 'downshelf';
    title: string;
    options?: Record<string, unknown>;
  },
): Promise<PushJob> {
  try {
    // Due now by the same (millisecond) clock claimNext compares with: the column's default is the
    // database's microsecond now(), which can sit just after the runner's Date and hide the job.
    const [row] = await db
      .insert(storePushJobs)
      .values({ ...job, options: job.options ?? {}, nextRunAt: new Date() })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ShopMessages.alreadyQueued);
    throw err;
  }
}

export async function claimNext(db: Db, runnerId: string, now: Date): Promise<PushJob | null> {
  const running = alias(storePushJobs, 'running');
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: storePushJobs.id })
      .from(storePushJobs)
      .where(
        and(
          eq(storePushJobs.status, 'queued'),
          lte(storePushJobs.nextRunAt, now),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(running)
              .where(
                and(
                  eq(running.status, 'running'),
                  eq(running.shopId, storePushJobs.shopId),
                  eq(running.myProductId, storePushJobs.myProductId),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(storePushJobs.nextRunAt), asc(storePushJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [job] = await tx
      .update(storePushJobs)
      .set({ status: 'running', lockedAt: now, lockedBy: runnerId, attempts: sql`${storePushJobs.attempts} + 1`, updatedAt: now })
      .where(and(eq(storePushJobs.id, due.id), eq(storePushJobs.status, 'queued')))
      .returning();
    return job ?? null;
  });
}

/** Jobs whose runner stopped answering go back to the queue. */
export async function requeueStale(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(storePushJobs)
    .set({ status: 'queued', lockedAt: null, lockedBy: null, updatedAt: now })
    .where(and(eq(storePushJobs.status, 'running'), lt(storePushJobs.lockedAt, new Date(now.getTime() - STALE_MS))))
    .returning({ id: storePushJobs.id });
  return rows.length;
}

const held = (job: PushJob) =>
  and(eq(storePushJobs.id, job.id), eq(storePushJobs.status, 'running'), eq(storePushJobs.lockedBy, job.lockedBy ?? ''));

export async function finishJob(db: Db, job: PushJob, message: string, now: Date): Promise<void> {
  await db
    .update(storePushJobs)
    .set({ status: 'done', message, lastError: null, hasRead: 0, lockedAt: null, finishedAt: now, updatedAt: now })
    .where(held(job));
}

export async function failJob(db: Db, job: PushJob, message: string, now: Date): Promise<void> {
  await db
    .update(storePushJobs)
    .set({ status: 'failed', message, lastError: message, hasRead: 0, lockedAt: null, finishedAt: now, updatedAt: now })
    .where(held(job));
}

export async function retryJob(db: Db, job: PushJob, error: string, runAt: Date, now: Date): Promise<void> {
  await db
    .update(storePushJobs)
    .set({ status: 'queued', lastError: error, lockedAt: null, lockedBy: null, nextRunAt: runAt, updatedAt: now })
    .where(held(job));
}

// ---------------------------------------------------------------------------------------------
// What the merchant sees
// ---------------------------------------------------------------------------------------------

function wire(j: PushJob, externalProductId: string | null): PushQueueItem {
  return {
    id: j.id,
    shopId: j.shopId,
    myProductId: j.myProductId,
    title: j.title,
    action: j.action as PushQueueItem['action'],
    status: j.status as PushQueueItem['status'],
    attempts: j.attempts,
    message: j.message || (j.status === 'queued' && j.lastError ? `Retrying: ${j.lastError}` : ''),
    hasRead: j.hasRead === 1,
    externalProductId,
    createTime: j.createdAt.toISOString(),
    updateTime: j.updatedAt.toISOString(),
  };
}

export async function listQueue(
  db: Db,
  userId: number,
  shopId: number,
  paging: { limit: number; offset: number },
  links: (ids: number[]) => Promise<Map<number, string>>,
) {
  const where = and(eq(storePushJobs.userId, userId), eq(storePushJobs.shopId, shopId));
  const [rows, [n], [open]] = await Promise.all([
    db.select().from(storePushJobs).where(where).orderBy(desc(storePushJobs.id)).limit(paging.limit).offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(storePushJobs)
      .where(where),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(storePushJobs)
      .where(and(where, inArray(storePushJobs.status, ['queued', 'running']))),
  ]);
  const external = await links(rows.map((r) => r.myProductId));
  return { rows: rows.map((r) => wire(r, external.get(r.myProductId) ?? null)), total: n?.n ?? 0, pending: open?.n ?? 0 };
}

/** Marks finished pushes read: the ids given, or all of the store's when none are given. */
export async function markRead(db: Db, userId: number, shopId: number, ids: number[]): Promise<number> {
  const rows = await db
    .update(storePushJobs)
    .set({ hasRead: 1 })
    .where(
      and(
        eq(storePushJobs.userId, userId),
        eq(storePushJobs.shopId, shopId),
        inArray(storePushJobs.status, ['done', 'failed']),
        ids.length ? inArray(storePushJobs.id, ids) : undefined,
      ),
    )
    .returning({ id: storePushJobs.id });
  return rows.length;
}
