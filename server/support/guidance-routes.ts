/**
 * The new merchant's guide on the dashboard (shopUserGuidance/list, closeShopUserGuidance) and the
 * "Custom made for you" subscription (shopCustomizedSubscribe).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { ok } from '../platform/envelope';
import { flag, int } from '../platform/http-schema/fields';
import { okReply } from '../platform/http-schema/replies';
import { GUIDANCE_STEPS, GuidanceMessages } from '../../contract/support';
import { closeSteps, guidanceFor, isSubscribed, setSubscribed } from './guidance';

const tags = ['support'];

const guidanceStep = z.looseObject({
  id: z.int(),
  key: z.enum(GUIDANCE_STEPS.map((s) => s.key) as [string, ...string[]]),
  title: z.string(),
  text: z.string(),
  done: z.boolean().meta({ description: "The merchant's account shows the step done" }),
  closed: z.boolean().meta({ description: 'The merchant closed the step' }),
});

/** `all` closes the whole guide; it travels as 0. */
const ALL = 0;
const stepToClose = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'all' ? ALL : v),
    int('id', ALL, GUIDANCE_STEPS.length, GuidanceMessages.noSuchStep),
  )
  .meta({ description: `A step's id (1 to ${GUIDANCE_STEPS.length}), or \`all\` (also 0) for the whole guide` });

export function guidanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/shopUserGuidance/list',
    {
      schema: {
        tags,
        security,
        summary: "The new merchant's guide: every step, whether it is done and whether the merchant closed it",
        response: {
          200: okReply({
            rows: z.array(guidanceStep),
            total: z.int().min(0),
            customizedSubscribed: z.boolean().meta({ description: 'Subscribed to "Custom made for you" (shopCustomizedSubscribe)' }),
          }),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const [rows, customizedSubscribed] = await Promise.all([guidanceFor(db, userId), isSubscribed(db, userId)]);
      return ok({ rows, total: rows.length, customizedSubscribed });
    },
  );

  api.post(
    '/api/shopUserGuidance/closeShopUserGuidance',
    {
      schema: {
        tags,
        security,
        summary: 'Close a step of the guide, or the whole guide; it stays closed',
        body: z.object({ id: stepToClose }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { id } = request.body;
      await closeSteps(db, userId, id === ALL ? GUIDANCE_STEPS.map((s) => s.id) : [id]);
      return ok();
    },
  );

  api.post(
    '/api/user/shopCustomizedSubscribe',
    {
      schema: {
        tags,
        security,
        summary: 'Subscribe to "Custom made for you" news (new customizable products, custom-made offers), or unsubscribe',
        body: z.object({
          subscribe: flag('subscribe').meta({ description: '1 subscribes (when left out too), 0 unsubscribes' }),
        }),
        response: { 200: okReply({ subscribed: z.boolean() }) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const subscribed = request.body.subscribe ?? true;
      await setSubscribed(db, userId, subscribed);
      return ok({ subscribed }, subscribed ? GuidanceMessages.subscribed : GuidanceMessages.unsubscribed);
    },
  );
}
