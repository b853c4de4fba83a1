/** The service chat's wire shapes, for the merchant's and the operator's routes alike. */
import { z } from 'zod';
import { optionalId, paging } from '../platform/http-schema/fields';
import { fileReply, refusal } from '../platform/http-schema/replies';
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE, type ChatAttachment, type ChatConversation, type ChatMessage } from '../../contract/support';

const sender = z.enum(['merchant', 'operator']).meta({ description: 'Who wrote it: the merchant or the customer service team' });

export const chatAttachment = z.looseObject({
  id: z.int(),
  width: z.int(),
  height: z.int(),
  fileName: z.string(),
}) satisfies z.ZodType<ChatAttachment>;

export const chatMessage = z.looseObject({
  id: z.int(),
  userId: z.int().meta({ description: 'The merchant whose conversation it is' }),
  sender,
  message: z.string(),
  createTime: z.string().meta({ description: 'When it was sent, ISO 8601' }),
  read: z.boolean().meta({ description: 'Whether the other side has read it' }),
  attachment: chatAttachment.nullable(),
}) satisfies z.ZodType<ChatMessage>;

export const chatConversation = z.looseObject({
  userId: z.int(),
  email: z.string(),
  displayname: z.string(),
  lastMessage: z.string(),
  lastSender: sender,
  lastTime: z.string(),
  unread: z.int().min(0),
}) satisfies z.ZodType<ChatConversation>;

/** A page of a conversation: the newest `pageSize` messages, or those before `beforeId`. */
export const pageQuery = z.object({
  pageSize: paging(CHAT_PAGE_SIZE, { sizeMax: CHAT_PAGE_MAX }).pageSize,
  beforeId: optionalId('beforeId').meta({ description: 'Only messages older than this one (scrolling back)' }),
});

/** A live stream: events while it lasts; a refusal (406) when not asked for as one. */
export const streamReply = {
  200: fileReply('text/event-stream', 'Server-sent events: `message` (a ChatMessage, with its id as the event id), `unread`, `read`'),
  406: refusal,
};
