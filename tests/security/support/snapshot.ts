/**
 * What the database holds, as a checksum per table (and per owner), to tell whether a call
 * changed anything. Tables are read from the catalogue, so a new table is covered without
 * editing the suite. Each row is hashed as its JSON text (to_jsonb), so one changed value in one
 * row changes its table's checksum.
 *
 * A row's owner is read from the schema: `users.id`, a `user_id` column, or a foreign key to a
 * table with one (order_items → orders.user_id). With two merchants named, every table splits
 * into their rows and the rest, so a change can be told apart: A's data, B's, or shared.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/platform/db/client';

export interface SnapshotScope {
  /** Tables left out entirely (with the reason in the caller). */
  skipTables?: readonly string[];
  /** Columns left out of every row: timestamps that move on reads (last seen, last used). */
  skipColumns?: RegExp;
  /** Merchants whose rows are checksummed apart from the rest. */
  owners?: Record<string, number>;
}

/** table or table:owner → "count:md5". */
export type Snapshot = Map<string, string>;

interface TableInfo {
  name: string;
  columns: string[];
  /** SQL giving the row's owner (a user id), or null for shared tables. */
  owner: string | null;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function describeTables(db: Db): Promise<TableInfo[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const fks = rowsOf<{ table_name: string; column_name: string; ref_table: string; ref_column: string }>(
    await db.execute(sql`
      select kcu.table_name, kcu.column_name, ccu.table_name as ref_table, ccu.column_name as ref_column
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`),
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const hasUser = (t: string) => t === 'users' || (byTable.get(t) ?? []).includes('user_id');
  const ownerColumn = (t: string, alias: string) => (t === 'users' ? `${alias}.id` : `${alias}.user_id`);
  return [...byTable].map(([name, cols]) => {
    let owner: string | null = null;
    if (hasUser(name)) owner = ownerColumn(name, 'x');
    else {
      const fk = fks.find((f) => f.table_name === name && hasUser(f.ref_table));
      if (fk)
        owner = `(select ${ownerColumn(fk.ref_table, 'p')} from ${ident(fk.ref_table)} p where p.${ident(fk.ref_column)} = x.${ident(fk.column_name)})`;
    }
    return { name, columns: cols, owner };
  });
}

export async function snapshot(db: Db, tables: TableInfo[], scope: SnapshotScope = {}): Promise<Snapshot> {
  const owners = Object.entries(scope.owners ?? {});
  const parts = tables
    .filter((t) => !scope.skipTables?.includes(t.name))
    .map((t) => {
      const skipped = scope.skipColumns ? t.columns.filter((c) => scope.skipColumns!.test(c)) : [];
      const row = skipped.length ? `(to_jsonb(x) - array[${skipped.map((c) => `'${c}'`).join(',')}]::text[])::text` : 'to_jsonb(x)::text';
      const owner =
        owners.length && t.owner
          ? `case ${owners.map(([label, id]) => `when ${t.owner} = ${Number(id)} then '${label}'`).join(' ')} else 'other' end`
          : `'all'`;
      return `select '${t.name}' as t, k, count(*)::int as n, md5(string_agg(r, '|' order by r)) as h
        from (select ${owner} as k, ${row} as r from ${ident(t.name)} x) y group by k`;
    });
  const rows = rowsOf<{ t: string; k: string; n: number; h: string }>(await db.execute(sql.raw(parts.join('\nunion all\n'))));
  return new Map(rows.map((r) => [r.k === 'all' ? r.t : `${r.t}:${r.k}`, `${r.n}:${r.h}`]));
}

/** The tables (table or table:owner) whose rows differ. */
export function changed(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

/**
 * Moves every id sequence to its own range (the n-th sequence starts above n × 10,000,000), so an
 * id of one table's row is never also the id of another table's row: a probe that sends
 * merchant A's order id as a cart line id then names nothing, instead of some row by coincidence.
 */
export async function spreadIdSequences(db: Db): Promise<void> {
  const seqs = rowsOf<{ sequence_name: string }>(
    await db.execute(sql`select sequence_name from information_schema.sequences where sequence_schema = 'public' order by 1`),
  );
  let n = 0;
  for (const { sequence_name } of seqs) {
    n++;
    await db.execute(
      sql.raw(`select setval('${ident(sequence_name)}', greatest(${n * 10_000_000}, (select last_value from ${ident(sequence_name)})))`),
    );
  }
}
