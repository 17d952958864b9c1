import type { AdminAstrologer, AstrologerInput } from '../../../../contract/admin/astrologers.ts';
import { toCatalogueMarkup } from '../../../../contract/admin/catalogue-fields.ts';
import type { Db } from '../../client.ts';
import { insertRecord, updateAtVersion } from './records.ts';

/*
 * Astrologers as staff read and write them (data access only; the rules, versions and audit rows are
 * server/services/admin/astrologers.ts's). Every update is conditional on the version the edit started from
 * (./records.ts).
 */

const toAstrologer = (row: { specializations: string; bio: string }) => ({
  specializations: JSON.parse(row.specializations) as string[],
  bio: toCatalogueMarkup(row.bio),
});

export async function listAstrologersForStaff(db: Db): Promise<AdminAstrologer[]> {
  const rows = await db.selectFrom('astrologer').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ ...row, ...toAstrologer(row) }));
}

export async function findAstrologerForStaff(db: Db, id: number): Promise<AdminAstrologer | undefined> {
  const row = await db.selectFrom('astrologer').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, ...toAstrologer(row) };
}

const astrologerColumns = (input: AstrologerInput) => ({
  ...input,
  specializations: JSON.stringify(input.specializations),
});

export function insertAstrologer(db: Db, input: AstrologerInput): Promise<number> {
  return insertRecord(db, 'astrologer', astrologerColumns(input));
}

export function updateAstrologer(
  db: Db,
  id: number,
  version: number,
  input: AstrologerInput,
): Promise<boolean> {
  return updateAtVersion(db, 'astrologer', id, version, astrologerColumns(input));
}
