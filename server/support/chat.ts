/**
 * The service chat's data: one conversation per merchant, messages from either side, pictures the
 * merchant attaches, and read marks. Every read and write names the merchant it is for, and a
 * merchant's calls only ever pass their own id, so one merchant never reaches another's messages.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { users } from '../accounts/schema';
import { ChatMessages, type ChatConversation, type ChatMessage, type ChatSender } from '../../contract/support';
import { serviceAttachments, serviceMessages } from './schema';

type MessageRow = typeof serviceMessages.$inferSelect;
type AttachmentRow = typeof serviceAttachments.$inferSelect;

function toMessage(row: MessageRow, attachment: AttachmentRow | null): ChatMessage {
  return {
    id: row.id,
    userId: row.userId,
    sender: row.sender as ChatSender,
    message: row.body,
    createTime: row.createdAt.toISOString(),
    read: row.readAt !== null,
    attachment: attachment
      ? { id: attachment.id, width: attachment.width, height: attachment.height, fileName: attachment.fileName }
      : null,
  };
}

/** The rows with their pictures. */
async function withAttachments(db: Db, rows: MessageRow[]): Promise<ChatMessage[]> {
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(serviceAttachments)
    .where(
      inArray(
        serviceAttachments.messageId,
        rows.map((r) => r.id),
      ),
    );
  const byMessage = new Map(files.map((f) => [f.messageId, f]));
  return rows.map((r) => toMessage(r, byMessage.get(r.id) ?? null));
}

/**
 * A page of the merchant's conversation, oldest first: the newest `pageSize` messages, or those
 * before `beforeId` (scrolling back), and how many there are in all.
 */
export async function conversationPage(
  db: Db,
  userId: number,
  opts: { pageSize: number; beforeId?: number },
): Promise<{ rows: ChatMessage[]; total: number }> {
  const where = and(eq(serviceMessages.userId, userId), opts.beforeId ? lt(serviceMessages.id, opts.beforeId) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(serviceMessages).where(where).orderBy(desc(serviceMessages.id)).limit(opts.pageSize),
    db.select({ n: count() }).from(serviceMessages).where(eq(serviceMessages.userId, userId)),
  ]);
  return { rows: await withAttachments(db, rows.reverse()), total: Number(total?.n ?? 0) };
}

/**
 * Messages after `afterId`, oldest first, at most `limit`: what a stream that reconnects missed.
 * `userId` null: every conversation (the operator's stream).
 */
export async function messagesAfter(db: Db, userId: number | null, afterId: number, limit = 200): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(serviceMessages)
    .where(and(gt(serviceMessages.id, afterId), userId === null ? undefined : eq(serviceMessages.userId, userId)))
    .orderBy(asc(serviceMessages.id))
    .limit(limit);
  return withAttachments(db, rows);
}

/** The newest message id of the merchant's conversation (`userId` null: of all), 0 when none. */
export async function latestMessageId(db: Db, userId: number | null): Promise<number> {
  const [row] = await db
    .select({ id: max(serviceMessages.id) })
    .from(serviceMessages)
    .where(userId === null ? undefined : eq(serviceMessages.userId, userId));
  return row?.id ?? 0;
}

/** How many of `sender`'s messages in the merchant's conversation the other side has not read. */
export async function unreadFrom(db: Db, userId: number, sender: ChatSender): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(serviceMessages)
    .where(and(eq(serviceMessages.userId, userId), eq(serviceMessages.sender, sender), isNull(serviceMessages.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks every message `sender` sent in the merchant's conversation read; answers how many were unread. */
export async function markRead(db: Db, userId: number, sender: ChatSender): Promise<number> {
  const done = await db
    .update(serviceMessages)
    .set({ readAt: new Date() })
    .where(and(eq(serviceMessages.userId, userId), eq(serviceMessages.sender, sender), isNull(serviceMessages.readAt)))
    .returning({ id: serviceMessages.id });
  return done.length;
}

/**
 * Stores a message. A picture must be the merchant's own and not sent before; message and picture
 * are written together, so a refused picture leaves no message behind.
 */
export async function postMessage(db: Db, userId: number, sender: ChatSender, body: string, attachmentId?: number): Promise<ChatMessage> {
  if (!body && attachmentId === undefined) throw new AppError(ChatMessages.empty);
  return db.transaction(async (tx) => {
    let attachment: AttachmentRow | null = null;
    if (attachmentId !== undefined) {
      const [row] = await tx
        .select()
        .from(serviceAttachments)
        .where(and(eq(serviceAttachments.id, attachmentId), eq(serviceAttachments.userId, userId)))
        .for('update');
      if (!row) throw new AppError(ChatMessages.pictureNotYours);
      if (row.messageId !== null) throw new AppError(ChatMessages.pictureSent);
      attachment = row;
    }
    const [message] = await tx.insert(serviceMessages).values({ userId, sender, body }).returning();
    if (attachment) {
      const [sent] = await tx
        .update(serviceAttachments)
        .set({ messageId: message!.id })
        .where(and(eq(serviceAttachments.id, attachment.id), isNull(serviceAttachments.messageId)))
        .returning();
      if (!sent) throw new AppError(ChatMessages.pictureSent);
      attachment = sent;
    }
    return toMessage(message!, attachment);
  });
}

export interface NewAttachment {
  originalKey: string;
  thumbnailKey: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  fileName: string;
}

export async function saveAttachment(db: Db, userId: number, file: NewAttachment): Promise<AttachmentRow> {
  const [row] = await db
    .insert(serviceAttachments)
    .values({ userId, ...file })
    .returning();
  return row!;
}

/** A picture of the merchant's conversation; `userId` null: any merchant's (the operator). */
export async function findAttachment(db: Db, id: number, userId: number | null): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(serviceAttachments)
    .where(and(eq(serviceAttachments.id, id), userId === null ? undefined : eq(serviceAttachments.userId, userId)));
  return row ?? null;
}

/** Whether the merchant exists: the operator answers only existing conversations. */
export async function merchantExists(db: Db, userId: number): Promise<{ email: string; displayname: string } | null> {
  const [row] = await db.select({ email: users.email, displayname: users.displayname }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The operator's list: every conversation with a message, the latest first, with its unread count. */
export async function conversations(
  db: Db,
  opts: { pageSize: number; offset: number },
): Promise<{ rows: ChatConversation[]; total: number }> {
  const latest = db
    .select({
      userId: serviceMessages.userId,
      lastId: max(serviceMessages.id).as('last_id'),
      unread: sql<number>`count(*) filter (where ${serviceMessages.sender} = 'merchant' and ${serviceMessages.readAt} is null)::int`.as(
        'unread',
      ),
    })
    .from(serviceMessages)
    .groupBy(serviceMessages.userId)
    .as('latest');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: latest.userId,
        unread: latest.unread,
        email: users.email,
        displayname: users.displayname,
        lastMessage: serviceMessages.body,
        lastSender: serviceMessages.sender,
        lastTime: serviceMessages.createdAt,
      })
      .from(latest)
      .innerJoin(serviceMessages, eq(serviceMessages.id, latest.lastId))
      .innerJoin(users, eq(users.id, latest.userId))
      .orderBy(desc(latest.lastId))
      .limit(opts.pageSize)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(distinct ${serviceMessages.userId})::int` }).from(serviceMessages),
  ]);
  return {
    rows: rows.map((r) => ({
      userId: r.userId,
      email: r.email,
      displayname: r.displayname,
      lastMessage: r.lastMessage,
      lastSender: r.lastSender as ChatSender,
      lastTime: r.lastTime.toISOString(),
      unread: Number(r.unread),
    })),
    total: Number(total?.n ?? 0),
  };
}
