/** The monthly service review: one per merchant and calendar month. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { isUniqueViolation } from '../platform/db/errors';
import { SupportMessages, reviewMonth, type ServiceReviewBody } from '../../contract/support';
import { serviceReviews } from './schema';

/** Whether the merchant has reviewed this calendar month. */
export async function reviewedThisMonth(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceReviews.id })
    .from(serviceReviews)
    .where(and(eq(serviceReviews.userId, userId), eq(serviceReviews.month, reviewMonth(now))))
    .limit(1);
  return row !== undefined;
}

/** Stores the review; a second one in the same month is refused (also when two are sent at once). */
export async function saveReview(
  db: Db,
  userId: number,
  body: ServiceReviewBody,
  employeeId: number | null,
  now = new Date(),
): Promise<void> {
  try {
    await db.insert(serviceReviews).values({
      userId,
      month: reviewMonth(now),
      serveScore: body.serveScore,
      replyScore: body.replyScore,
      solutionScore: body.solutionScore,
      remark: body.remark ?? '',
      employeeId,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(SupportMessages.onceAMonth);
    throw err;
  }
}
