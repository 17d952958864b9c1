import type { AdminOffering, OfferingInput, PujaOffering } from '../../../contract/offerings.ts';
import type { Db } from '../client.ts';
import { insertRecord, updateAtVersion } from './admin/records.ts';
import type { PujaOfferingRow } from '../catalogue-types.ts';
import { rowsWhere } from '../queries.ts';

/** Pujas' chadhava offerings (docs/product-rules.md, Chadhava offerings). */

const toPublic = (row: PujaOfferingRow): PujaOffering => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price,
  unit: row.unit,
  delivery: row.delivery,
  maxQuantity: row.maxQuantity,
});

const toAdmin = (row: PujaOfferingRow): AdminOffering => ({
  ...toPublic(row),
  pujaId: row.pujaId,
  version: row.version,
  retiredAt: row.retiredAt,
});

/** The offerings a puja offers now (not retired), in the order staff added them. */
export async function listPujaOfferings(db: Db, pujaId: number): Promise<PujaOffering[]> {
  const rows = await rowsWhere(db, 'pujaOffering', { pujaId, retiredAt: null }, 'id');
  return rows.map(toPublic);
}

/** Every offering of a puja, retired ones included, for staff. */
export async function listOfferingsForStaff(db: Db, pujaId: number): Promise<AdminOffering[]> {
  return (await rowsWhere(db, 'pujaOffering', { pujaId }, 'id')).map(toAdmin);
}

export async function findOfferingForStaff(db: Db, id: number): Promise<AdminOffering | undefined> {
  const row = await db.selectFrom('pujaOffering').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAdmin(row);
}

/** The puja's live offerings with these ids, for pricing a booking. */
export function findOfferingsForBooking(db: Db, pujaId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pujaOffering')
    .selectAll()
    .where('pujaId', '=', pujaId)
    .where('id', 'in', [...ids])
    .where('retiredAt', 'is', null)
    .execute();
}

export function insertOffering(db: Db, pujaId: number, input: OfferingInput): Promise<number> {
  return insertRecord(db, 'pujaOffering', { ...input, pujaId });
}

/** Conditional on the version it started from: false when someone saved meanwhile. */
export function updateOffering(db: Db, id: number, version: number, input: OfferingInput): Promise<boolean> {
  return updateAtVersion(db, 'pujaOffering', id, version, input);
}
