/**
 * The merchant's messages: the list (newest first, paged), marking messages read, and the unread
 * count the header shows.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { ok, okData, page } from '../platform/envelope';
import { offsetOf, paging, refuse } from '../platform/http-schema/fields';
import { dataReply, okReply, pageReply } from '../platform/http-schema/replies';
import { AccountMessages, MessageType, type ShopMessage } from '../../contract/account';
import { listMessages, markMessagesRead, unreadCount } from './service';

const DEFAULT_MESSAGE_PAGE_SIZE = 10;
const tags = ['notifications'];

const shopMessage = z.looseObject({
  id: z.int(),
  type: z.literal(Object.values(MessageType)).meta({ description: '1 platform message, 2 notice, 3 product complete, 4 product details' }),
  title: z.string(),
  content: z.string(),
  hasRead: z.boolean(),
  createTime: z.string().meta({ description: 'When the message was left, ISO 8601' }),
}) satisfies z.ZodType<ShopMessage>;

const MAX_IDS = 100;

/** The messages to mark read: a comma list of ids, or `all` for every message of the merchant. */
const messageIds = z
  .string()
  .meta({ description: `A comma list of up to ${MAX_IDS} message ids, or all` })
  .transform((raw, ctx): number[] | 'all' => {
    if (raw === 'all') return 'all';
    const parts = raw.split(',').map((p) => p.trim());
    if (parts.length > MAX_IDS || !parts.every((p) => /^\d{1,9}$/.test(p) && Number(p) > 0)) {
      return refuse(ctx, AccountMessages.messageIdsInvalid, raw);
    }
    return [...new Set(parts.map(Number))];
  });

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/sMessgaeShop/list',
    {
      schema: {
        tags,
        security,
        summary: "The merchant's messages, newest first",
        querystring: z.object({ ...paging(DEFAULT_MESSAGE_PAGE_SIZE) }),
        response: { 200: pageReply(shopMessage) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      const { rows, total } = await listMessages(db, userId, { pageSize: q.pageSize, offset: offsetOf(q) });
      return page(rows, total);
    },
  );

  /** `ids` is a comma list of message ids, or `all`; an id that is not the merchant's refuses the whole call. */
  api.put(
    '/api/sMessgaeShop/updateRead/:ids',
    {
      schema: {
        tags,
        security,
        summary: 'Mark messages read',
        params: z.object({ ids: messageIds }),
        response: { 200: okReply({ updated: z.int().meta({ description: 'How many messages were unread and now are read' }) }) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const updated = await markMessagesRead(db, userId, request.params.ids);
      return ok({ updated });
    },
  );

  api.get(
    '/api/shops/getUnReadMsgByShopid',
    {
      schema: {
        tags,
        security,
        summary: "How many of the merchant's messages are unread",
        response: { 200: dataReply(z.int().min(0)) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await unreadCount(db, userId));
    },
  );
}
