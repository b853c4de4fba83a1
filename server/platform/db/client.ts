/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a real PostgreSQL when a URL is
 * given. Both speak the same SQL, share the schema and the checked-in migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite as PGliteClient, QueryOptions } from '@electric-sql/pglite';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(opts: { databaseUrl: string | null; dataDir?: string; memory?: boolean }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.memory ? null : path.join(opts.dataDir ?? './data', 'pglite'));
}

async function openPglite(dir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  const db = drizzle(withParsersMergedOnce(client), { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * drizzle sends the same few type parsers with every query (timestamps, dates and intervals kept
 * as text), and PGlite merges them into a fresh copy of its table of about 320 parsers each time:
 * measured, that copy was 18 % of the time of a catalogue answer served from memory and roughly
 * a third of a one-row query. Every query of this client comes from drizzle, so the parsers it
 * sends are written into the client's own table and the query runs with that table as it is,
 * which parses each column exactly as the merged copy would.
 */
function withParsersMergedOnce(client: PGliteClient): PGliteClient {
  const merged = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    Object.assign(client.parsers, options.parsers);
    return { ...options, parsers: undefined };
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (text, params, options) => query(text, params, merged(options));
  client.transaction = (callback) =>
    transaction((tx) =>
      callback(
        new Proxy(tx, {
          get: (target, key, receiver) =>
            key === 'query'
              ? (text: string, params?: unknown[], options?: QueryOptions) => target.query(text, params, merged(options))
              : Reflect.get(target, key, receiver),
        }),
      ),
    );
  return client;
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
