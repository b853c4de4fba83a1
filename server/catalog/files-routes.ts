/**
 * Catalogue pictures under /prod-api/files/catalog/...: the generated files, colour versions and
 * resized copies (?size=1..5 presets, ?w= width), with year-long immutable caching (every URL
 * carries the build id) and ETags. A bad path or size is answered with an HTTP error status
 * (400, 404) and a JSON reason, as a picture URL is loaded by the browser, not by the API client.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { Code } from '../../contract/envelope';
import { fileReply, refusal } from '../platform/http-schema/replies';
import { FileRefused, serveCatalogFile } from './files';

/**
 * size and w are checked by serveCatalogFile (a bad one is a 400, not a code 10000 refusal), so
 * the schema only describes them: anything but a single string is as if absent.
 */
const passedOn = (description: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().optional()).meta({ description });

export function catalogFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/files/catalog/*',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A catalogue picture, its colour version or a resized copy',
        params: z.object({ '*': z.string().meta({ description: 'The path under the catalogue folder, build id first' }) }),
        querystring: z.object({
          size: passedOn('A size preset: 1 to 5 (0 the original)'),
          w: passedOn('A width in pixels, rounded up to the next kept width'),
        }),
        response: {
          200: fileReply('image/*', 'The picture (JPEG or PNG), cached for a year'),
          304: z.null().meta({ description: 'Not modified (If-None-Match matched the ETag)' }),
          400: refusal,
          404: refusal,
        },
      },
    },
    async (request, typedReply) => {
      // The picture goes out as a Buffer and a 304 without a body, which the typed reply (a
      // binary string, a null) does not spell; nothing here is serialised.
      const reply = typedReply as FastifyReply;
      const rel = request.params['*'];
      const { size, w } = request.query;
      try {
        const file = await serveCatalogFile(ctx.config.dataDir, rel, { size, w });
        if (file.provisional) reply.header('cache-control', 'no-store');
        else reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', file.etag);
        reply.header('x-content-type-options', 'nosniff');
        const known = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
        if (!file.provisional && (known.includes(file.etag) || known.includes('*'))) return reply.status(304).send();
        return reply.header('content-type', file.contentType).send(await file.body());
      } catch (error) {
        if (!(error instanceof FileRefused)) throw error;
        return reply.status(error.status).send({ code: error.status === 404 ? Code.NOT_FOUND : Code.ERROR, msg: error.message });
      }
    },
  );
}
