/**
 * Customer support calls: the monthly service review (saveEvaluation) and closing the prompt that
 * asks for one (closeHaopingPop); the service chat (./chat-routes.ts, the operator's side in
 * ./ops-chat-routes.ts) and the new merchant's guide (./guidance-routes.ts) are registered here too.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { findUserById } from '../accounts/users';
import { users } from '../accounts/schema';
import { ok } from '../platform/envelope';
import { enforce } from '../platform/rate-limit';
import { int, isBlank, optionalId, optionalText } from '../platform/http-schema/fields';
import { okReply } from '../platform/http-schema/replies';
import { REVIEW_REMARK_MAX, REVIEW_STARS, SupportMessages } from '../../contract/support';
import { saveReview } from './reviews';
import { ChatStreams } from './chat-streams';
import { chatRoutes } from './chat-routes';
import { opsChatRoutes } from './ops-chat-routes';
import { guidanceRoutes } from './guidance-routes';

const tags = ['support'];

/** A rating: 1 to 5 stars; not given or 0 is "Scoring item is required". */
const score = (what: string) =>
  z
    .preprocess((v) => (isBlank(v) ? 0 : v), int(what, 0, REVIEW_STARS, `${what} must be a whole number from 1 to ${REVIEW_STARS}`))
    .refine((n) => n >= 1, SupportMessages.scoreRequired)
    .meta({ description: `1 to ${REVIEW_STARS} stars` });

/** Reviews are few by nature: this only stops a script from hammering the refusal. */
const REVIEW_LIMIT = { max: 20, windowMs: 60 * 60_000 };

export function supportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // One set of live chat streams per app; closing the app ends them, so open chats never hold it up.
  const streams = new ChatStreams(db, ctx.config.serviceChatHeartbeatMs ?? undefined);
  app.addHook('preClose', () => streams.closeAll());
  chatRoutes(app, ctx, streams);
  opsChatRoutes(app, ctx, streams);
  guidanceRoutes(app, ctx);

  api.post(
    '/api/saveEvaluation',
    {
      schema: {
        tags,
        security,
        summary: 'Review the service: three ratings and a comment, once a calendar month',
        body: z.object({
          serveScore: score('serveScore'),
          replyScore: score('replyScore'),
          solutionScore: score('solutionScore'),
          remark: optionalText('remark', REVIEW_REMARK_MAX).meta({ description: 'Comments (optional)' }),
          employeeid: optionalId('employeeid').meta({ description: "The support employee rated; the account's own when left out" }),
        }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await enforce(db, `review:user:${userId}`, REVIEW_LIMIT);
      const user = await findUserById(db, userId);
      // The merchant rates the employee who serves the account; another id is not theirs to rate.
      await saveReview(db, userId, request.body, user?.employeeid ?? null);
      request.log.info({ userId }, 'service reviewed');
      return ok(undefined, SupportMessages.submittedTitle);
    },
  );

  api.post(
    '/api/user/closeHaopingPop',
    { schema: { tags, security, summary: 'Stop asking the merchant to review the service', response: { 200: okReply() } } },
    async (request) => {
      const userId = await requireUser(request);
      await db.update(users).set({ haoping: 1, updatedAt: new Date() }).where(eq(users.id, userId));
      return ok();
    },
  );
}
