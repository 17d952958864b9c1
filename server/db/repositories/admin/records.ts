import type { InsertObject, UpdateObject } from 'kysely';
import type { Db } from '../../client.ts';
import type { Database } from '../../types.ts';

/**
 * What the back office's record repositories share (data access only): every edit is an UPDATE
 * conditional on the version it started from that bumps it, false meaning someone else saved
 * first (or the row is gone); retiring is the same with a time (or null to restore).
 */

/** The tables whose rows staff edit by version. */
type VersionedTable =
  'puja' | 'pujaPackage' | 'product' | 'category' | 'astrologer' | 'coupons' | 'pujaOffering';

/** A search text as a LIKE pattern matching it anywhere, its wildcards escaped. */
export const likeAnywhere = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A table staff create records in, with the columns of one of its new rows. */
type NewRecord = { [T in VersionedTable]: [table: T, values: InsertObject<Database, T>] }[VersionedTable];

/** Inserts a record staff made (at version 1), answering its new id. */
export async function insertRecord(db: Db, ...[table, values]: NewRecord): Promise<number> {
  const row = values as InsertObject<Database, VersionedTable>;
  const { id } = await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Writes `values` to the row `id` of `table` if it is still at `version`, and bumps the version. */
export async function updateAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  id: number,
  version: number,
  values: UpdateObject<Database, T>,
): Promise<boolean> {
  // Widened to the union: Kysely types a generic table's columns only one table at a time.
  const anyOf: VersionedTable = table;
  const { numUpdatedRows } = await db
    .updateTable(anyOf)
    .set(values as UpdateObject<Database, VersionedTable>)
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** The tables whose rows are retired rather than deleted. */
export type RetiringTable = 'puja' | 'product' | 'astrologer' | 'category' | 'pujaOffering';

/** Retires (a time) or restores (null) a record, conditional on its version. */
export function setRetired(
  db: Db,
  table: RetiringTable,
  id: number,
  version: number,
  retiredAt: string | null,
): Promise<boolean> {
  return updateAtVersion(db, table, id, version, { retiredAt });
}
