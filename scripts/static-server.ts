/**
 * A small static file server on 127.0.0.1 for pages that run the built engine package without
 * Vite: the embedding example and the bulk render CLI's pages. Module workers need an http(s)
 * origin (file:// pages cannot start them), and every file carries the headers given, so a test
 * can serve the app's own Content-Security-Policy and prove the package runs under it.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Answers a request itself (true), or leaves it to the mounts (false). */
export type RequestHook = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean | Promise<boolean>;

export interface StaticServerOptions {
  /** URL path prefix ('/engine/dist/') → folder. Only files inside a mounted folder are served. */
  readonly mounts: Readonly<Record<string, string>>;
  /** Added to every answer. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Tried before the mounts, for answers that are not files of a folder. */
  readonly hook?: RequestHook;
  readonly port?: number;
}

/** The file `pathname` names under a mount, or null when it names none (or climbs out of one). */
function fileFor(mounts: Readonly<Record<string, string>>, pathname: string): string | null {
  // Longest prefix first, so '/a/b/' wins over '/a/'.
  for (const prefix of Object.keys(mounts).sort((a, b) => b.length - a.length)) {
    if (!pathname.startsWith(prefix)) continue;
    const dir = path.resolve(mounts[prefix]!);
    const file = path.resolve(dir, `.${path.posix.sep}${pathname.slice(prefix.length)}`);
    return file === dir || file.startsWith(dir + path.sep) ? file : null;
  }
  return null;
}

/** Streams `file` with its content type, or answers 404. */
export async function sendFile(res: ServerResponse, file: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  const target = info?.isDirectory() ? path.join(file, 'index.html') : file;
  const size = info?.isDirectory() ? (await stat(target).catch(() => null))?.size : info?.size;
  if (size === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': 'no-store',
  });
  createReadStream(target).pipe(res);
}

export async function serveStatic(options: StaticServerOptions): Promise<StaticServer> {
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    void (async () => {
      if (options.hook && (await options.hook(req, res, pathname))) return;
      const file = fileFor(options.mounts, pathname);
      if (!file) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      else await sendFile(res, file);
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(err instanceof Error ? err.message : String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
