/**
 * The new merchant's guide (shopUserGuidance) and the "Custom made for you" subscription
 * (shopCustomizedSubscribe). A step is done when the merchant's own account shows it; which steps
 * the merchant closed is kept per merchant, so the guide stays as they left it on every device.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client';
import { shops, storePushJobs } from '../shops/schema';
import { myProducts } from '../products/schema';
import { orders } from '../commerce/schema';
import { GUIDANCE_STEPS, type GuidanceStep, type GuidanceStepKey } from '../../contract/support';
import { customizedSubscriptions, guidanceClosed, serviceMessages } from './schema';

/** Whether a table has a row matching `where` (the merchant's own, as every `where` here says). */
async function any(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

export async function isSubscribed(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: customizedSubscriptions.subscribed })
    .from(customizedSubscriptions)
    .where(eq(customizedSubscriptions.userId, userId));
  return row?.subscribed ?? false;
}

/** Every step of the guide with whether it is done and whether the merchant closed it. */
export async function guidanceFor(db: Db, userId: number): Promise<GuidanceStep[]> {
  const checks: Record<GuidanceStepKey, Promise<boolean>> = {
    'connect-store': any(db, shops, eq(shops.userId, userId)),
    'design-product': any(db, myProducts, and(eq(myProducts.userId, userId), eq(myProducts.isTemplate, false))),
    'push-product': any(
      db,
      storePushJobs,
      and(eq(storePushJobs.userId, userId), eq(storePushJobs.action, 'push'), eq(storePushJobs.status, 'done')),
    ),
    // A sample counts once it is paid for: a pending order is only a cart turned into an order.
    'order-sample': any(db, orders, and(eq(orders.userId, userId), ne(orders.status, 'pending'))),
    'meet-manager': any(db, serviceMessages, and(eq(serviceMessages.userId, userId), eq(serviceMessages.sender, 'merchant'))),
    'custom-made': isSubscribed(db, userId),
  };
  const done = Object.fromEntries(
    await Promise.all(Object.entries(checks).map(async ([key, check]) => [key, await check] as const)),
  ) as Record<GuidanceStepKey, boolean>;
  const closed = new Set(
    (await db.select({ stepId: guidanceClosed.stepId }).from(guidanceClosed).where(eq(guidanceClosed.userId, userId))).map((r) => r.stepId),
  );
  return GUIDANCE_STEPS.map((s) => ({
    id: s.id,
    key: s.key,
    title: s.title,
    text: s.text,
    done: done[s.key],
    closed: closed.has(s.id),
  }));
}

/** Closes steps of the guide for the merchant; closing one already closed changes nothing. */
export async function closeSteps(db: Db, userId: number, stepIds: readonly number[]): Promise<void> {
  if (stepIds.length === 0) return;
  await db
    .insert(guidanceClosed)
    .values(stepIds.map((stepId) => ({ userId, stepId })))
    .onConflictDoNothing();
}

/** Subscribes or unsubscribes the merchant from "Custom made for you". */
export async function setSubscribed(db: Db, userId: number, subscribed: boolean): Promise<void> {
  await db
    .insert(customizedSubscriptions)
    .values({ userId, subscribed })
    .onConflictDoUpdate({ target: customizedSubscriptions.userId, set: { subscribed, updatedAt: new Date() } });
}
