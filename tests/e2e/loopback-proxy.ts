/**
 * A plain HTTP forwarder on a fixed loopback port to a stand-in listening on a random one: the
 * e2e server is started with its platform origins before any test runs, so they must be known
 * in advance. Requests and answers pass through unchanged (redirects included).
 */
import { createServer, request, type Server } from 'node:http';

export async function startLoopbackProxy(port: number, target: string): Promise<{ close(): Promise<void> }> {
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
