import type { FamilyProfile, FamilyProfileInput } from '../../../contract/family.ts';
import { personFromColumns } from './person-columns.ts';
import type { Db } from '../client.ts';
import type { FamilyProfileRow } from '../types.ts';
import { countOf, rowsWhere } from '../queries.ts';

/** A customer's family members (docs/product-rules.md, Family profiles): each query names its owner. */

const columnsOf = (input: FamilyProfileInput) => ({
  relation: input.relation,
  name: input.name,
  dateOfBirth: input.dateOfBirth,
  birthTime: input.birthTime ?? '',
  birthTimeKnown: input.birthTime === null ? 0 : 1,
  birthPlace: input.birthPlace ?? '',
  birthPlaceKnown: input.birthPlace === null ? 0 : 1,
  raashi: input.raashi,
  nakshatra: input.nakshatra ?? ('' as const),
  gothra: input.gothra,
  gothraNotKnown: input.gothraNotKnown ? 1 : 0,
});

const toProfile = (row: FamilyProfileRow): FamilyProfile => ({
  id: row.id,
  relation: row.relation,
  gothraNotKnown: row.gothraNotKnown === 1,
  ...personFromColumns(row),
});

/** The customer's family, in the order they were added. */
export async function listFamilyProfiles(db: Db, userId: number): Promise<FamilyProfile[]> {
  return (await rowsWhere(db, 'familyProfiles', { userId }, 'id')).map(toProfile);
}

export async function countFamilyProfiles(db: Db, userId: number): Promise<number> {
  return countOf(db.selectFrom('familyProfiles').where('userId', '=', userId));
}

/** One of the customer's family; undefined when there is none or it is someone else's. */
export async function findFamilyProfile(
  db: Db,
  userId: number,
  id: number,
): Promise<FamilyProfile | undefined> {
  const row = await db
    .selectFrom('familyProfiles')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row && toProfile(row);
}

export async function insertFamilyProfile(
  db: Db,
  userId: number,
  input: FamilyProfileInput,
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('familyProfiles')
    .values({ ...columnsOf(input), userId, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** False when the customer has no such family member. */
export async function updateFamilyProfile(
  db: Db,
  userId: number,
  id: number,
  input: FamilyProfileInput,
  at: string,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('familyProfiles')
    .set({ ...columnsOf(input), updatedAt: at })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export async function deleteFamilyProfile(db: Db, userId: number, id: number): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('familyProfiles')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}
