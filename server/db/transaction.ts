import type { Db } from './client.ts';

/**
 * Runs `work` in one transaction: a new one, or the caller's when `db` already is one (Kysely
 * does not nest them). Services use this to make several repository calls commit together.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
