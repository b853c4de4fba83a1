/**
 * The service chat, the operator's side, behind OPS_TOKEN like the other operator endpoints (sent
 * as `Authorization: Bearer <OPS_TOKEN>`; without OPS_TOKEN they do not exist):
 *
 * - GET  /ops/service/conversations                    every conversation, the latest first, with unread counts
 * - GET  /ops/service/conversations/:userId/messages   one merchant's conversation, oldest first
 * - POST /ops/service/conversations/:userId/messages   {message}: answer the merchant
 * - POST /ops/service/conversations/:userId/read       mark the merchant's messages read
 * - GET  /ops/service/files/:id                        a picture of any conversation
 * - GET  /ops/service/stream                           every conversation live (server-sent events)
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { opsGuard } from '../platform/ops-guard';
import { AppError, ok, okData, page } from '../platform/envelope';
import { id, idParams, offsetOf, paging, text } from '../platform/http-schema/fields';
import { dataReply, fileReply, okReply, pageReply, refusal } from '../platform/http-schema/replies';
import { Code } from '../../contract/envelope';
import { CHAT_MESSAGE_MAX, ChatMessages } from '../../contract/support';
import { conversationPage, conversations, findAttachment, markRead, merchantExists, postMessage, unreadFrom } from './chat';
import { wantsEventStream, type ChatStreams } from './chat-streams';
import { chatConversation, chatMessage, pageQuery, streamReply } from './chat-schemas';
import { pictureQuery, sendPicture } from './chat-routes';

const tags = ['operator'];
const description =
  'Operator only: send `Authorization: Bearer <OPS_TOKEN>`. Without OPS_TOKEN on the server the call does not exist (404).';
const merchantParams = z.object({ userId: id('userId').meta({ description: 'The merchant whose conversation it is' }) });

export function opsChatRoutes(app: FastifyInstance, ctx: AppContext, streams: ChatStreams): void {
  const { db } = ctx;
  app.register(async (plugin) => {
    plugin.addHook('onRequest', opsGuard(ctx.config.opsToken));
    const ops = plugin.withTypeProvider<ZodTypeProvider>();

    const merchantOf = async (userId: number) => {
      const merchant = await merchantExists(db, userId);
      if (!merchant) throw new AppError(ChatMessages.noConversation);
      return merchant;
    };

    ops.get(
      '/ops/service/conversations',
      {
        schema: {
          tags,
          description,
          summary: 'Every service chat conversation, the latest first, with how many messages the operator has not read',
          querystring: z.object({ ...paging(20, { sizeMax: 100 }) }),
          response: { 200: pageReply(chatConversation) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await conversations(db, { pageSize: q.pageSize, offset: offsetOf(q) });
        return page(rows, total);
      },
    );

    ops.get(
      '/ops/service/conversations/:userId/messages',
      {
        schema: {
          tags,
          description,
          summary: "A merchant's conversation, oldest first",
          params: merchantParams,
          querystring: pageQuery,
          response: {
            200: okReply({
              rows: z.array(chatMessage),
              total: z.int().min(0),
              unread: z.int().min(0).meta({ description: "The merchant's messages the operator has not read" }),
              merchant: z.looseObject({ email: z.string(), displayname: z.string() }),
            }),
          },
        },
      },
      async (request) => {
        const { userId } = request.params;
        const merchant = await merchantOf(userId);
        const { pageSize, beforeId } = request.query;
        const [{ rows, total }, unread] = await Promise.all([
          conversationPage(db, userId, { pageSize, beforeId }),
          unreadFrom(db, userId, 'merchant'),
        ]);
        return ok({ rows, total, unread, merchant });
      },
    );

    ops.post(
      '/ops/service/conversations/:userId/messages',
      {
        schema: {
          tags,
          description,
          summary: 'Answer a merchant in the service chat',
          params: merchantParams,
          body: z.object({
            message: text('message', CHAT_MESSAGE_MAX)
              .refine((s) => s.length > 0, ChatMessages.empty)
              .meta({ description: `The answer, at most ${CHAT_MESSAGE_MAX} characters` }),
          }),
          response: { 200: dataReply(chatMessage) },
        },
      },
      async (request) => {
        const { userId } = request.params;
        await merchantOf(userId);
        const message = await postMessage(db, userId, 'operator', request.body.message);
        // Answering means the operator has read what the merchant wrote.
        const read = await markRead(db, userId, 'merchant');
        streams.message(message);
        streams.toMerchant(userId, { event: 'unread', data: { unread: await unreadFrom(db, userId, 'operator') } });
        if (read > 0) {
          streams.toMerchant(userId, { event: 'read', data: { userId, by: 'operator' } });
          streams.toOperators({ event: 'read', data: { userId, by: 'operator' } });
        }
        request.log.info({ userId, messageId: message.id }, 'service chat answered by the operator');
        return okData(message);
      },
    );

    ops.post(
      '/ops/service/conversations/:userId/read',
      {
        schema: {
          tags,
          description,
          summary: "Mark a merchant's messages read",
          params: merchantParams,
          response: { 200: okReply({ updated: z.int().min(0) }) },
        },
      },
      async (request) => {
        const { userId } = request.params;
        await merchantOf(userId);
        const updated = await markRead(db, userId, 'merchant');
        if (updated > 0) {
          streams.toMerchant(userId, { event: 'read', data: { userId, by: 'operator' } });
          streams.toOperators({ event: 'read', data: { userId, by: 'operator' } });
        }
        return ok({ updated });
      },
    );

    ops.get(
      '/ops/service/files/:id',
      {
        schema: {
          tags,
          description,
          summary: 'A picture of any service chat conversation',
          params: idParams,
          querystring: pictureQuery,
          response: { 200: fileReply('image/*', 'The picture (JPEG or PNG)'), 404: refusal },
        },
      },
      async (request, typedReply) => {
        const file = await findAttachment(db, request.params.id, null);
        return sendPicture(ctx, typedReply as FastifyReply, file, request.query.size === 'thumbnail');
      },
    );

    ops.get(
      '/ops/service/stream',
      { schema: { tags, description, summary: 'Every conversation live (server-sent events)', response: streamReply } },
      async (request, typedReply) => {
        const reply = typedReply as FastifyReply;
        if (!wantsEventStream(request)) return reply.status(406).send({ code: Code.ERROR, msg: ChatMessages.streamOnly });
        return streams.open(request, reply, { userId: null, token: null });
      },
    );
  });
}
