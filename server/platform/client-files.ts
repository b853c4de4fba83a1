/**
 * Serves the built client (CLIENT_DIR, `npm run build`) with a history fallback for the SPA's routes.
 *
 * - Each file goes out in the encoding the browser accepts: the brotli (`.br`) or gzip (`.gz`)
 *   copy the build wrote beside it (tools/build/client-assets.ts), else the file itself, with
 *   its own Content-Type and the copy's Content-Length, and `Vary: Accept-Encoding` so a shared
 *   cache keeps the encodings apart. Nothing is compressed per request.
 * - Hashed files under /assets/ never change: cached for a year, immutable. index.html (and any
 *   other unhashed file) is revalidated on every load, so a deploy is picked up at once.
 * - Source maps, the compressed copies under their own names, and dot files (`.vite/manifest.json`,
 *   the build stamp) are not served: 404, never the SPA page.
 * - A missing file under /assets/ is a 404 too, not index.html: a page still running the previous
 *   build then fails to load a chunk visibly instead of parsing HTML as JavaScript.
 *
 * Responses pass through the app's onSend hooks, so they carry the security headers.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code, Messages } from '../../contract/envelope';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths that are never a page: build internals, source maps, compressed copies, and missing hashed assets. */
export function isPrivateOrAsset(urlPath: string): boolean {
  return (
    urlPath.startsWith('/assets/') ||
    /\.(map|br|gz)$/i.test(urlPath) ||
    urlPath.split('/').some((segment) => segment.startsWith('.') && segment.length > 1)
  );
}

const notFound = (reply: FastifyReply) => reply.status(404).send({ code: Code.NOT_FOUND, msg: Messages.notFound });

export async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    // Fastify's own 404 would log "Route GET:<url> not found" with the URL unredacted.
    app.setNotFoundHandler((_request, reply) => notFound(reply));
    return;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per file found now (no wildcard route): what is not a file of the build reaches the fallback below.
    wildcard: false,
    // The compressed copies are chosen by Accept-Encoding, never requested by name; maps are not shipped at all.
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const rel = path.relative(clientDir, filePath).split(path.sep).join('/');
      reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(reply);
    const urlPath = request.url.split('?', 1)[0] ?? '';
    if (isPrivateOrAsset(urlPath)) return notFound(reply);
    // Client routes (and the product's 404 page for unknown ones) are resolved by the SPA.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
