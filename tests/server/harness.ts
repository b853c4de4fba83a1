/**
 * Starts the real server on a loopback port over a real database: an in-memory PGlite by default,
 * or a fresh database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs both).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/platform/config';
import { openDatabase, type Database } from '../../server/platform/db/client';
import { createMailer } from '../../server/platform/mail';
import { createBlobStorage } from '../../server/platform/blob-storage';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  logs: string[];
  /** JSON-speaking fetch against the API with an optional bearer token. */
  api<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<T & { code: number; msg: string }>;
  /** The newest e-mail in the outbox sent to `to`. */
  lastMail(to: string): Promise<{ subject: string; text: string } | null>;
  close(): Promise<void>;
}

export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // pool.end() resolves before its backends have all gone; FORCE would kill a closing one and
      // its client would raise "terminating connection due to administrator command" unhandled.
      // So wait for them to leave, and force only a database something still holds.
      try {
        for (let i = 0; ; i++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (err) {
            if (i >= 40) {
              await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            if ((err as { code?: string }).code !== '55006') throw err; // object_in_use
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pod-test-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgDb = baseUrl ? await createPostgresDatabase(baseUrl) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA: 'on',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    // The old, cheaper scrypt cost keeps hundreds of sign-ups fast; accounts.test.ts checks the
    // real default and the rehash from this cost to it.
    PASSWORD_SCRYPT_LOG_N: '14',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: pgDb?.url ?? null, memory: true });
  await database.migrate();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const mailLog = { info: (o: unknown, m?: string) => logs.push(JSON.stringify({ o, m })) } as never;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir, from: config.mailFrom, log: mailLog });
  const app = await buildApp(
    { config, database, db: database.db, mailer, blobs: createBlobStorage(config) },
    {
      logger: { ...(loggerOptions('info') as object), stream } as never,
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    app,
    database,
    config,
    logs,
    async api(method, pathname, body, token, headers) {
      const res = await fetch(`${url}/prod-api${pathname}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as never;
    },
    async lastMail(to) {
      const dir = path.join(dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
      for (const f of files) {
        const mail = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string };
        if (mail.to === to.toLowerCase()) return mail;
      }
      return null;
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const codeIn = (mail: { text: string } | null): string => /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
