/**
 * The render queue in the database (./schema.ts). Any number of render nodes, on one machine or
 * many, claim jobs with SELECT … FOR UPDATE SKIP LOCKED (two nodes never take the same job); a
 * node that died mid-job gives its jobs back once they are STALE_MS old; finishing or failing a
 * job counts only for the node that holds it. A job that failed MAX_ATTEMPTS times stays failed.
 */
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { renderJobs } from './schema';

export type RenderJobRow = typeof renderJobs.$inferSelect;
export type RenderJobStatus = 'queued' | 'running' | 'done' | 'failed';

export const STALE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;

/** Adds a batch's jobs; lines already in the batch (by position) are kept as they are. Returns how many were new. */
export async function enqueueBatch(db: Db, batch: string, jobs: readonly { position: number; job: unknown }[]): Promise<number> {
  let added = 0;
  // In slices, so a file of many thousand lines stays within the database's parameter limit.
  for (let i = 0; i < jobs.length; i += 500) {
    const rows = await db
      .insert(renderJobs)
      .values(jobs.slice(i, i + 500).map((j) => ({ batch, position: j.position, job: j.job })))
      .onConflictDoNothing({ target: [renderJobs.batch, renderJobs.position] })
      .returning({ id: renderJobs.id });
    added += rows.length;
  }
  return added;
}

/**
 * Claims up to `count` jobs of the batch for `node`, lowest positions first: queued ones, and
 * running ones whose node has held them longer than STALE_MS (it died or lost the database).
 */
export async function claimJobs(db: Db, batch: string, node: string, count: number, now = new Date()): Promise<RenderJobRow[]> {
  const staleBefore = new Date(now.getTime() - STALE_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: renderJobs.id })
      .from(renderJobs)
      .where(
        and(
          eq(renderJobs.batch, batch),
          or(eq(renderJobs.status, 'queued'), and(eq(renderJobs.status, 'running'), lt(renderJobs.lockedAt, staleBefore))),
        ),
      )
      .orderBy(asc(renderJobs.position))
      .limit(count)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(renderJobs)
      .set({ status: 'running', lockedBy: node, lockedAt: now, attempts: sql`${renderJobs.attempts} + 1` })
      .where(
        inArray(
          renderJobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return claimed.sort((a, b) => a.position - b.position);
  });
}

/** Marks a job done with where its image went; false when `node` no longer holds it. */
export async function finishJob(db: Db, id: number, node: string, output: string): Promise<boolean> {
  const rows = await db
    .update(renderJobs)
    .set({ status: 'done', output, lastError: null, lockedBy: null, lockedAt: null, finishedAt: new Date() })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'running'), eq(renderJobs.lockedBy, node)))
    .returning({ id: renderJobs.id });
  return rows.length > 0;
}

/**
 * Records a failed attempt. A job that can never render (`final`: its line is invalid) fails at
 * once; any other goes back to the queue until it has had MAX_ATTEMPTS. Answers the job's status
 * now, or null when `node` no longer holds it.
 */
export async function failJob(db: Db, id: number, node: string, reason: string, final = false): Promise<RenderJobStatus | null> {
  const rows = await db
    .update(renderJobs)
    .set({
      status: final ? 'failed' : sql`case when ${renderJobs.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'queued' end`,
      lastError: reason.slice(0, 2000),
      lockedBy: null,
      lockedAt: null,
      finishedAt: final ? new Date() : sql`case when ${renderJobs.attempts} >= ${MAX_ATTEMPTS} then now() else null end`,
    })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'running'), eq(renderJobs.lockedBy, node)))
    .returning({ status: renderJobs.status });
  return (rows[0]?.status as RenderJobStatus | undefined) ?? null;
}

/** How many jobs of the batch are in each state. */
export async function batchCounts(db: Db, batch: string): Promise<Record<RenderJobStatus, number>> {
  const rows = await db
    .select({ status: renderJobs.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(renderJobs)
    .where(eq(renderJobs.batch, batch))
    .groupBy(renderJobs.status);
  const counts: Record<RenderJobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const r of rows) counts[r.status as RenderJobStatus] = r.n;
  return counts;
}

/** The batch's failed jobs with their last reason, in file order. */
export async function failedJobs(db: Db, batch: string): Promise<{ position: number; job: unknown; lastError: string | null }[]> {
  return db
    .select({ position: renderJobs.position, job: renderJobs.job, lastError: renderJobs.lastError })
    .from(renderJobs)
    .where(and(eq(renderJobs.batch, batch), eq(renderJobs.status, 'failed')))
    .orderBy(asc(renderJobs.position));
}
