import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { okData } from './envelope';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', async () => {
    await ctx.db.execute(sql`select 1`);
    return okData({ db: 'ok', kind: ctx.database.kind });
  });
}
