import type { Address, AddressInput } from '../../../contract/address.ts';
import type { Db } from '../client.ts';
import type { AddressRow } from '../types.ts';
import { countOf } from '../queries.ts';

const toAddress = ({ userId: _userId, createdAt: _createdAt, isDefault, ...row }: AddressRow): Address => ({
  ...row,
  isDefault: isDefault === 1,
});

/** The address's own columns from the input (whether it becomes the default is decided apart). */
const fields = ({ isDefault: _isDefault, ...address }: AddressInput) => address;

/** The customer's addresses: the default first, then newest first. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAddress);
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  return countOf(db.selectFrom('addresses').where('userId', '=', userId));
}

function findRow(db: Db, userId: number, id: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAddress(db: Db, userId: number, id: number): Promise<Address | undefined> {
  const row = await findRow(db, userId, id);
  return row && toAddress(row);
}

/** Clears the customer's default; the caller sets the new one in the same transaction. */
async function clearDefault(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ isDefault: 0 })
    .where('userId', '=', userId)
    .where('isDefault', '=', 1)
    .execute();
}

/** Adds an address. The customer's first address is the default whatever was asked. */
export function createAddress(db: Db, userId: number, input: AddressInput): Promise<Address> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('addresses')
      .select('id')
      .where('userId', '=', userId)
      .limit(1)
      .executeTakeFirst();
    const makeDefault = existing === undefined || input.isDefault === true;
    if (makeDefault) await clearDefault(trx, userId);
    const row = await trx
      .insertInto('addresses')
      .values({
        ...fields(input),
        userId,
        isDefault: makeDefault ? 1 : 0,
        createdAt: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

/**
 * Replaces an address's fields. `isDefault: true` makes it the only default; `false` (or
 * absent) never takes the default away, so a customer with addresses always has one.
 */
export function updateAddress(
  db: Db,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<Address | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await findRow(trx, userId, id);
    if (!row) return undefined;
    const makeDefault = input.isDefault === true && row.isDefault !== 1;
    if (makeDefault) await clearDefault(trx, userId);
    const updated = await trx
      .updateTable('addresses')
      .set({ ...fields(input), isDefault: makeDefault ? 1 : row.isDefault })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAddress(updated);
  });
}

/** Makes this address the customer's only default. */
export function setDefaultAddress(db: Db, userId: number, id: number): Promise<Address | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await findRow(trx, userId, id);
    if (!row) return undefined;
    if (row.isDefault !== 1) {
      await clearDefault(trx, userId);
      await trx
        .updateTable('addresses')
        .set({ isDefault: 1 })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .execute();
    }
    return toAddress({ ...row, isDefault: 1 });
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await findRow(trx, userId, id);
    if (!row) return false;
    await trx.deleteFrom('addresses').where('id', '=', id).where('userId', '=', userId).execute();
    if (row.isDefault === 1) {
      const newest = await trx
        .selectFrom('addresses')
        .select('id')
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (newest)
        await trx.updateTable('addresses').set({ isDefault: 1 }).where('id', '=', newest.id).execute();
    }
    return true;
  });
}
