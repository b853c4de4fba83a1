/**
 * The merchant's messages: the list (newest first, paged), marking messages read, and the unread
 * count the header shows.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { ok, okData, page } from '../platform/envelope';
import { pagingOf, paramsOf, queryOf } from '../platform/request-fields';
import { listMessages, markMessagesRead, parseMessageIds, unreadCount } from './service';

const DEFAULT_MESSAGE_PAGE_SIZE = 10;

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/sMessgaeShop/list', async (request) => {
    const userId = await requireUser(request);
    const { rows, total } = await listMessages(db, userId, pagingOf(queryOf(request), DEFAULT_MESSAGE_PAGE_SIZE));
    return page(rows, total);
  });

  app.put('/api/sMessgaeShop/updateRead/:ids', async (request) => {
    const userId = await requireUser(request);
    const updated = await markMessagesRead(db, userId, parseMessageIds(String(paramsOf(request).ids ?? '')));
    return ok({ updated });
  });

  app.get('/api/shops/getUnReadMsgByShopid', async (request) => {
    const userId = await requireUser(request);
    return okData(await unreadCount(db, userId));
  });
}
