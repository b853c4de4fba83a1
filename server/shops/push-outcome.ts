/**
 * A finished store push becomes a "product complete" message for the merchant.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { recordMessage } from '../notifications/service';
import { storePushJobs } from './schema';
import { MessageType, pushMessageTitle } from '../../contract/account';

/**
 * Called once a push job has run: a finished push (done or failed) becomes a "product complete"
 * message. Reads the job back so the message says what the queue says, and skips retries,
 * take-downs and jobs another runner or a cancel took over.
 */
export async function recordPushOutcome(db: Db, jobId: number): Promise<void> {
  const [job] = await db.select().from(storePushJobs).where(eq(storePushJobs.id, jobId));
  if (!job || job.action !== 'push' || (job.status !== 'done' && job.status !== 'failed')) return;
  const ok = job.status === 'done';
  await recordMessage(db, job.userId, { type: MessageType.PRODUCT_COMPLETE, title: pushMessageTitle(job.title, ok), content: job.message });
}
