/**
 * The merchant's messages (the /notification page): platform messages, notices, and a "product
 * complete" message for every finished store push. Every query is scoped to the caller's user id.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { shopMessages } from './schema';
import { AccountMessages, MessageType, type MessageTypeValue, type ShopMessage } from '../../contract/account';

export async function recordMessage(
  db: Db,
  userId: number,
  msg: { type: MessageTypeValue; title: string; content?: string },
): Promise<void> {
  await db.insert(shopMessages).values({ userId, type: msg.type, title: msg.title, content: msg.content ?? '' });
}

/** A new merchant's first messages: a welcome, and where to start. */
export async function recordWelcome(db: Db, userId: number): Promise<void> {
  await recordMessage(db, userId, {
    type: MessageType.PLATFORM,
    title: 'Welcome to POD Studio',
    content: 'Design a product from the catalogue, then push it to your store.',
  });
  await recordMessage(db, userId, {
    type: MessageType.NOTICE,
    title: 'Connect your store',
    content: 'Connect Shopify, Etsy or WooCommerce in Account & Settings to push your products.',
  });
}

const wire = (r: typeof shopMessages.$inferSelect): ShopMessage => ({
  id: r.id,
  type: r.type as MessageTypeValue,
  title: r.title,
  content: r.content,
  hasRead: r.hasRead === 1,
  createTime: r.createdAt.toISOString(),
});

export async function listMessages(
  db: Db,
  userId: number,
  paging: { pageSize: number; offset: number },
): Promise<{ rows: ShopMessage[]; total: number }> {
  const mine = eq(shopMessages.userId, userId);
  const [rows, [n]] = await Promise.all([
    db.select().from(shopMessages).where(mine).orderBy(desc(shopMessages.id)).limit(paging.pageSize).offset(paging.offset),
    db.select({ n: count() }).from(shopMessages).where(mine),
  ]);
  return { rows: rows.map(wire), total: Number(n?.n ?? 0) };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [n] = await db
    .select({ n: count() })
    .from(shopMessages)
    .where(and(eq(shopMessages.userId, userId), eq(shopMessages.hasRead, 0)));
  return Number(n?.n ?? 0);
}

/** Marks the merchant's messages read; an id that is not theirs refuses the whole call and changes nothing. */
export async function markMessagesRead(db: Db, userId: number, ids: number[] | 'all'): Promise<number> {
  const mine = eq(shopMessages.userId, userId);
  if (ids === 'all') {
    const rows = await db
      .update(shopMessages)
      .set({ hasRead: 1 })
      .where(and(mine, eq(shopMessages.hasRead, 0)))
      .returning({ id: shopMessages.id });
    return rows.length;
  }
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ n: count() })
      .from(shopMessages)
      .where(and(mine, inArray(shopMessages.id, ids)));
    if (Number(owned?.n ?? 0) !== ids.length) throw new AppError(AccountMessages.messageNotFound);
    const rows = await tx
      .update(shopMessages)
      .set({ hasRead: 1 })
      .where(and(mine, inArray(shopMessages.id, ids), sql`${shopMessages.hasRead} = 0`))
      .returning({ id: shopMessages.id });
    return rows.length;
  });
}
