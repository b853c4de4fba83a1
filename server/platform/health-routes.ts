import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from './context';
import { okData } from './envelope';
import { dataReply } from './http-schema/replies';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server is up and its database answers',
        response: {
          200: dataReply(
            z.looseObject({
              db: z.literal('ok').meta({ description: 'The database answered a query' }),
              kind: z.enum(['pglite', 'postgres']).meta({ description: 'Which database the server runs on' }),
            }),
          ),
        },
      },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return okData({ db: 'ok' as const, kind: ctx.database.kind });
    },
  );
}
