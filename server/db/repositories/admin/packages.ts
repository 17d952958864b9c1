import type { AdminPackage, PackageInput } from '../../../../contract/admin/packages.ts';
import { toCatalogueMarkup } from '../../../../contract/admin/catalogue-fields.ts';
import type { Db } from '../../client.ts';
import { insertRecord, updateAtVersion } from './records.ts';

/*
 * A puja's packages as staff read and write them (data access only; the rules, versions and audit rows are
 * server/services/admin/packages.ts's). Every update is conditional on the version the edit started from
 * (./records.ts).
 */

export async function listPackagesForStaff(db: Db, pujaId: number): Promise<AdminPackage[]> {
  const rows = await db
    .selectFrom('pujaPackage')
    .select(['id', 'pujaId', 'title', 'description', 'noPersons', 'price', 'offerPrice', 'version'])
    .select((eb) =>
      eb
        .selectFrom('bookings')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('bookings.packageId', '=', 'pujaPackage.id')
        .as('bookingCount'),
    )
    .where('pujaId', '=', pujaId)
    .orderBy('noPersons')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    description: toCatalogueMarkup(row.description),
    bookingCount: Number(row.bookingCount ?? 0),
  }));
}

export function findPackageRow(db: Db, id: number) {
  return db.selectFrom('pujaPackage').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertPackage(db: Db, pujaId: number, input: PackageInput): Promise<number> {
  return insertRecord(db, 'pujaPackage', { ...input, pujaId });
}

export function updatePackage(db: Db, id: number, version: number, input: PackageInput): Promise<boolean> {
  return updateAtVersion(db, 'pujaPackage', id, version, input);
}

/** Deletes a package no booking names; false when one does (or it is gone). */
export async function deletePackageWithoutBookings(db: Db, id: number): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('pujaPackage')
    .where('id', '=', id)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('bookings').select('bookings.id').where('bookings.packageId', '=', id))),
    )
    .executeTakeFirst();
  return numDeletedRows > 0n;
}
