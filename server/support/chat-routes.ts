/**
 * The service chat, the merchant's side: the conversation (servicelist), sending a message
 * (updateService), marking the manager's answers read, attaching a picture, the pictures
 * themselves, and the live stream of the conversation.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { AppError, ok, okData } from '../platform/envelope';
import { enforce } from '../platform/rate-limit';
import { idParams, optionalId, text } from '../platform/http-schema/fields';
import { dataReply, fileReply, okReply, refusal } from '../platform/http-schema/replies';
import { extensionOf, sniffImage } from '../platform/image-sniff';
import { ImageTooLargeError, processImage } from '../uploads/image-checks';
import { uploadKey, withSuffix } from '../uploads/object-keys';
import { Code } from '../../contract/envelope';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX, ChatMessages } from '../../contract/support';
import { conversationPage, findAttachment, markRead, postMessage, saveAttachment, unreadFrom } from './chat';
import { wantsEventStream, type ChatStreams } from './chat-streams';
import { chatAttachment, chatMessage, pageQuery, streamReply } from './chat-schemas';

const tags = ['support'];
/** A person types a few messages a minute; this stops a script, not a chat. */
const MESSAGE_LIMIT = { max: 120, windowMs: 10 * 60_000 };
const ATTACHMENT_LIMIT = { max: 60, windowMs: 60 * 60_000 };

/** The picture of a multipart form, within the chat's size limit. */
async function readPicture(request: FastifyRequest): Promise<{ body: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError(ChatMessages.missingPicture);
  const part = await request.file({ limits: { fileSize: CHAT_ATTACHMENT_MAX_BYTES, files: 1, fields: 5 } });
  if (!part) throw new AppError(ChatMessages.missingPicture);
  let body: Buffer;
  try {
    body = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ChatMessages.tooLarge);
    throw err;
  }
  // The parser can stop at the limit without saying so when the limit falls on a chunk's end.
  if (part.file.truncated || body.length > CHAT_ATTACHMENT_MAX_BYTES) throw new AppError(ChatMessages.tooLarge);
  if (body.length === 0) throw new AppError(ChatMessages.missingPicture);
  return { body, fileName: (part.filename || '').slice(0, 200) };
}

/** Sends a stored chat picture (the original, or its thumbnail with `size=thumbnail`). */
export async function sendPicture(
  ctx: AppContext,
  reply: FastifyReply,
  file: { originalKey: string; thumbnailKey: string; mime: string } | null,
  thumbnail: boolean,
): Promise<FastifyReply> {
  const data = file ? await ctx.blobs.read(thumbnail ? file.thumbnailKey : file.originalKey) : null;
  if (!file || !data) return reply.status(404).send({ code: Code.NOT_FOUND, msg: ChatMessages.fileNotFound });
  return (
    reply
      .header('content-type', file.mime)
      // Behind a login: never kept by a shared cache.
      .header('cache-control', 'private, max-age=86400')
      .send(data)
  );
}

export const pictureQuery = z.object({
  size: z
    .preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().optional())
    .meta({ description: '`thumbnail` for the 120x120 copy; anything else the picture as sent' }),
});

export function chatRoutes(app: FastifyInstance, ctx: AppContext, streams: ChatStreams): void {
  const { db, blobs } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/shops/servicelist',
    {
      schema: {
        tags,
        security,
        summary: 'The conversation with the customer service manager, oldest first, and how many answers are unread',
        querystring: pageQuery,
        response: {
          200: okReply({
            rows: z.array(chatMessage),
            total: z.int().min(0),
            unread: z.int().min(0).meta({ description: "The manager's messages the merchant has not read" }),
          }),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { pageSize, beforeId } = request.query;
      const [page, unread] = await Promise.all([conversationPage(db, userId, { pageSize, beforeId }), unreadFrom(db, userId, 'operator')]);
      return ok({ rows: page.rows, total: page.total, unread });
    },
  );

  api.post(
    '/api/shops/updateService',
    {
      schema: {
        tags,
        security,
        summary: 'Send the customer service manager a message, with a picture uploaded by uploadServiceFile if wanted',
        body: z.object({
          message: text('message', CHAT_MESSAGE_MAX).meta({
            description: `The message, at most ${CHAT_MESSAGE_MAX} characters (may be empty with a picture)`,
          }),
          attachmentId: optionalId('attachmentId').meta({
            description: 'A picture of the merchant’s from uploadServiceFile, not sent before',
          }),
        }),
        response: { 200: dataReply(chatMessage) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await enforce(db, `service-chat:user:${userId}`, MESSAGE_LIMIT);
      const message = await postMessage(db, userId, 'merchant', request.body.message, request.body.attachmentId);
      streams.message(message);
      request.log.info({ userId, messageId: message.id }, 'service chat message from the merchant');
      return okData(message);
    },
  );

  api.post(
    '/api/shops/updateServiceRead',
    {
      schema: {
        tags,
        security,
        summary: "Mark the manager's messages read",
        response: { 200: okReply({ updated: z.int().min(0).meta({ description: 'How many were unread and now are read' }) }) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const updated = await markRead(db, userId, 'operator');
      if (updated > 0) {
        streams.toMerchant(userId, { event: 'unread', data: { unread: 0 } });
        streams.toOperators({ event: 'read', data: { userId, by: 'merchant' } });
      }
      return ok({ updated });
    },
  );

  api.post(
    '/api/shops/uploadServiceFile',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: 'Attach a picture to the chat (JPEG or PNG by content, at most 10 MB); send it with updateService',
        response: { 200: dataReply(chatAttachment) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await enforce(db, `service-file:user:${userId}`, ATTACHMENT_LIMIT);
      const { body, fileName } = await readPicture(request);
      const mime = sniffImage(body.subarray(0, 16));
      if (!mime) throw new AppError(ChatMessages.notPicture);
      let processed;
      try {
        // Measured from its header before anything is decoded: a decompression bomb is refused.
        processed = await processImage(body, mime);
      } catch (err) {
        if (err instanceof ImageTooLargeError) throw err;
        throw new AppError(ChatMessages.notPicture);
      }
      const originalKey = uploadKey({ userId, ext: extensionOf(mime) });
      const thumbnailKey = withSuffix(originalKey, '_thumbnail');
      await blobs.put(originalKey, body, mime);
      await blobs.put(thumbnailKey, processed.thumbnail, mime);
      const row = await saveAttachment(db, userId, {
        originalKey,
        thumbnailKey,
        mime,
        width: processed.width,
        height: processed.height,
        bytes: body.length,
        fileName,
      });
      request.log.info({ userId, bytes: body.length, mime }, 'service chat picture uploaded');
      return okData({ id: row.id, width: row.width, height: row.height, fileName: row.fileName });
    },
  );

  api.get(
    '/api/shops/serviceFile/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A picture of the merchant’s chat',
        params: idParams,
        querystring: pictureQuery,
        response: { 200: fileReply('image/*', 'The picture (JPEG or PNG)'), 404: refusal },
      },
    },
    async (request, typedReply) => {
      const userId = await requireUser(request);
      const file = await findAttachment(db, request.params.id, userId);
      // The picture goes out as a Buffer, which the typed reply (a binary string) does not spell.
      return sendPicture(ctx, typedReply as FastifyReply, file, request.query.size === 'thumbnail');
    },
  );

  api.get(
    '/api/shops/serviceStream',
    {
      schema: {
        tags,
        security,
        summary: 'The conversation live (server-sent events: message, unread, read); ask with Accept: text/event-stream',
        response: streamReply,
      },
    },
    async (request, typedReply) => {
      const userId = await requireUser(request);
      const reply = typedReply as FastifyReply;
      if (!wantsEventStream(request)) return reply.status(406).send({ code: Code.ERROR, msg: ChatMessages.streamOnly });
      const unread = await unreadFrom(db, userId, 'operator');
      return streams.open(request, reply, { userId, token: request.sessionToken }, [{ event: 'unread', data: { unread } }]);
    },
  );
}
