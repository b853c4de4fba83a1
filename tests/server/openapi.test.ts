/**
 * The API document: served at /prod-api/docs, generated from the routes' schemas, and equal to the
 * copy kept in docs/api/openapi.json (a schema change without `npm run openapi` fails here).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { API_DOCUMENT_PATH, formatApiDocument } from '../../server/api-document';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>
  >;
}

describe('API document', () => {
  it('is served at /prod-api/docs as OpenAPI 3.1 and matches the checked-in copy (run `npm run openapi` after changing a route)', async () => {
    const res = await fetch(`${server.url}/prod-api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApi;
    expect(doc.openapi).toBe('3.1.0');
    expect(formatApiDocument(doc)).toBe(readFileSync(API_DOCUMENT_PATH, 'utf8'));
  });

  it('describes every API route with its inputs and its reply', async () => {
    const doc = (await (await fetch(`${server.url}/prod-api/docs`)).json()) as OpenApi;
    const routes = server.app.printRoutes({ commonPrefix: false });
    const undocumented: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Without a reply schema the generator writes a bare "Default Response".
        const replies = Object.values(op.responses ?? {}) as { description?: string; content?: unknown }[];
        if (!replies.some((r) => r.content || (r.description && r.description !== 'Default Response')))
          undocumented.push(`${method.toUpperCase()} ${p}`);
        // A route with path parameters declares them.
        const named = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        for (const n of named) if (!op.parameters?.some((x) => x.in === 'path' && x.name === n)) undocumented.push(`${method} ${p} :${n}`);
      }
    }
    expect(undocumented).toEqual([]);
    expect(routes).toContain('/prod-api/api/shipTrolley/addShipTrolley');
    expect(Object.keys(doc.paths)).toContain('/prod-api/api/shipTrolley/addShipTrolley');
  });

  it('refuses a malformed field with the field named, as code 10000; without a session the answer is 401 first', async () => {
    const email = `openapi-${Date.now()}@example.com`;
    const user = await createUser(server.database.db, email, 'secret-123');
    const { token } = await createSession(server.database.db, user.id);
    expect(await server.api('POST', '/api/shipTrolley/addShipTrolley', { productid: 'abc' }, token)).toEqual({
      code: 10000,
      msg: 'productid must be a positive whole number',
    });
    expect(await server.api('POST', '/api/shipTrolley/addShipTrolley', {}, token)).toEqual({ code: 10000, msg: 'productid is required' });
    // The other spelling is accepted and checked under the schema's name.
    expect((await server.api('POST', '/api/shipTrolley/addShipTrolley', { productId: '0' }, token)).msg).toBe(
      'productid must be a positive whole number',
    );
    const anonymous = await server.api('POST', '/api/shipTrolley/addShipTrolley', { productid: 'abc' });
    expect(anonymous.code).toBe(401);
  });
});
