/**
 * Catalogue pictures under /prod-api/files/catalog/...: the generated files, colour versions and
 * resized copies (?size=1..5 presets, ?w= width), with year-long immutable caching (every URL
 * carries the build id) and ETags.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { Code } from '../../contract/envelope';
import { FileRefused, serveCatalogFile } from './files';

export function catalogFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/files/catalog/*', async (request, reply) => {
    const rel = (request.params as { '*'?: string })['*'] ?? '';
    const q = (request.query ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    try {
      const file = await serveCatalogFile(ctx.config.dataDir, rel, { size: text(q.size), w: text(q.w) });
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', file.etag)
        .header('x-content-type-options', 'nosniff');
      const known = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (known.includes(file.etag) || known.includes('*')) return reply.status(304).send();
      return reply.header('content-type', file.contentType).send(await file.body());
    } catch (error) {
      if (!(error instanceof FileRefused)) throw error;
      return reply.status(error.status).send({ code: error.status === 404 ? Code.NOT_FOUND : Code.ERROR, msg: error.message });
    }
  });
}
