/**
 * Answers of the catalogue's read calls kept in memory, each labelled with the catalogue version
 * it was made at (`catalog_version`, raised by triggers in the transaction of any change to the
 * catalogue tables). Every request reads the version first, one primary-key lookup, and is
 * served a kept answer only when its label is that version, so an answer is never older than the
 * database the request saw: a change made by another server instance, the generator, a test or a
 * hand-written UPDATE is seen by the very next request. Only answers that are the same for every
 * caller go here (the catalogue is public; nothing is keyed by who asks).
 *
 * Why it holds: the version is read before the rows an answer is made from, so the rows are at
 * least as new as the label; and any change after the label raises the version, which empties the
 * store. Answers made while the version moved on are handed out once and not kept.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { catalogVersion } from './schema';

export interface AnswerCacheLimits {
  /** Most answers kept; the least recently used go first. */
  maxEntries: number;
  /** Most bytes kept (counted as the answers' lengths). */
  maxBytes: number;
}

const DEFAULT_LIMITS: AnswerCacheLimits = { maxEntries: 4000, maxBytes: 64 * 1024 * 1024 };

/** The kept answers as one request sees them: at the catalogue version it read. */
export interface CatalogView {
  /** The answer kept under `key` at this version, or the one `make` gives (then kept when still current). */
  get<T>(key: string, make: () => Promise<T>, bytes: (value: T) => number): Promise<T>;
}

export interface CatalogAnswerCache {
  /** Reads the catalogue version (one query) and gives the view of the answers kept at it. */
  view(): Promise<CatalogView>;
  /** How often a kept answer was served, and how often one was made. */
  stats(): { hits: number; misses: number; entries: number; bytes: number };
}

interface Entry {
  value: unknown;
  bytes: number;
}

export function createCatalogAnswerCache(db: Db, limits: AnswerCacheLimits = DEFAULT_LIMITS): CatalogAnswerCache {
  // Prepared once: on PostgreSQL a named statement each pooled connection parses once; on both,
  // the SQL is not rebuilt per request.
  const versionQuery = db
    .select({ version: catalogVersion.version })
    .from(catalogVersion)
    .where(eq(catalogVersion.id, 1))
    .prepare('catalog_version_read');

  let version: number | null = null;
  const entries = new Map<string, Entry>();
  /** Answers being made, so that concurrent requests for one key at one version make it once. */
  const making = new Map<string, Promise<unknown>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const clear = () => {
    entries.clear();
    bytes = 0;
  };

  const keep = (key: string, value: unknown, size: number) => {
    if (size > limits.maxBytes) return;
    const old = entries.get(key);
    if (old) bytes -= old.bytes;
    entries.set(key, { value, bytes: size });
    bytes += size;
    // A Map iterates in insertion order and hits re-insert, so the first key is the least recently used.
    for (const [k, e] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
      entries.delete(k);
      bytes -= e.bytes;
    }
  };

  const viewAt = (seen: number | null): CatalogView => ({
    async get<T>(key: string, make: () => Promise<T>, size: (value: T) => number): Promise<T> {
      // No version row (a database the migration has not reached): nothing is kept.
      if (seen === null) return make();
      const kept = version === seen ? entries.get(key) : undefined;
      if (kept) {
        hits++;
        entries.delete(key);
        entries.set(key, kept);
        return kept.value as T;
      }
      misses++;
      const slot = `${seen}\u0000${key}`;
      const pending = making.get(slot);
      if (pending) return pending as Promise<T>;
      const made = make();
      making.set(slot, made);
      try {
        const value = await made;
        if (version === seen) keep(key, value, size(value));
        return value;
      } finally {
        making.delete(slot);
      }
    },
  });

  return {
    async view() {
      const [row] = await versionQuery.execute();
      const seen = row ? Number(row.version) : null;
      if (seen !== version) {
        // Any other number, higher (a change) or lower (a request whose snapshot predates one, or
        // a database put back): what is kept is labelled with the old one and never served again.
        clear();
        version = seen;
      }
      return viewAt(seen);
    },
    stats: () => ({ hits, misses, entries: entries.size, bytes }),
  };
}
