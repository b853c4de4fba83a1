/** What the database's errors mean, for either driver (PGlite and node-postgres both carry PostgreSQL's SQLSTATE). */

/** A unique index refused the row (SQLSTATE 23505): the thing is already there. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
