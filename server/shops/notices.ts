/**
 * The notices of a store connection (store_connections.notices): what the merchant must know or
 * act on, shown with the store on the stores page. Each check owns the codes it writes and
 * replaces them when it runs again, so a notice goes once its cause is gone.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { storeConnections } from './schema';
import type { StoreNotice } from './connector-types';

/** The stored notices, read defensively (the column is JSON). */
export function noticesOf(raw: unknown): StoreNotice[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (n): n is StoreNotice =>
      typeof n === 'object' && n !== null && typeof (n as StoreNotice).code === 'string' && typeof (n as StoreNotice).message === 'string',
  );
}

async function rewrite(db: Db, connectionId: number, drop: (code: string) => boolean, fresh: StoreNotice[]): Promise<void> {
  const [row] = await db.select({ notices: storeConnections.notices }).from(storeConnections).where(eq(storeConnections.id, connectionId));
  if (!row) return;
  const kept = noticesOf(row.notices).filter((n) => !drop(n.code));
  await db
    .update(storeConnections)
    .set({ notices: [...kept, ...fresh] })
    .where(eq(storeConnections.id, connectionId));
}

/** Replaces the notices whose code starts with `prefix` by `fresh`; others stay as they are. */
export function replaceNotices(db: Db, connectionId: number, prefix: string, fresh: StoreNotice[]): Promise<void> {
  return rewrite(db, connectionId, (code) => code.startsWith(prefix), fresh);
}

/** Sets (message) or clears (null) the one notice with `code`. */
export function setNotice(db: Db, connectionId: number, code: string, message: string | null): Promise<void> {
  return rewrite(db, connectionId, (c) => c === code, message === null ? [] : [{ code, message }]);
}
