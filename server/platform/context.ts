import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail';
import type { BlobStorage } from './blob-storage/types';

/** What every route module gets: no globals, so tests build as many apps as they like. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  blobs: BlobStorage;
}
