import { isBookingOpen } from '../../../contract/policy.ts';
import type { PujaDate } from '../../../contract/catalogue.ts';
import type { Db } from '../client.ts';
import { placesLeftOf, placesTakenColumn } from './places.ts';
import { isInShop } from './puja-authorisation.ts';

/**
 * The dates of one puja (docs/product-rules.md, Rescheduling): each date is its own puja record;
 * a repeat keeps the id of the record its series began with (`seriesId`), and the first record
 * (seriesId null) is the series itself.
 */

/** The series a puja record belongs to: its `seriesId`, or its own id. Undefined when there is no such puja. */
export async function seriesOf(db: Db, pujaId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('puja')
    .select(['id', 'seriesId'])
    .where('id', '=', pujaId)
    .executeTakeFirst();
  return row ? (row.seriesId ?? row.id) : undefined;
}

/** The first date of the series of the puja named `pujaName` (its record with no seriesId): its id and capacity. */
export function findFirstDateByName(
  db: Db,
  pujaName: string,
): Promise<{ id: number; capacity: number | null } | undefined> {
  return db
    .selectFrom('puja')
    .select(['id', 'capacity'])
    .where('pujaName', '=', pujaName)
    .where('seriesId', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * The other dates of the puja's series still open for booking at `now`: in the shop (neither
 * retired nor a draft, `isInShop`, as the catalogue), the booking window open (its sankalp lock ahead), each with its places left (null: unlimited) and its
 * cheapest package's offer price. Soonest first; empty when there are none (or no such puja).
 */
export async function otherDatesOf(db: Db, pujaId: number, now: Date): Promise<PujaDate[]> {
  const series = await seriesOf(db, pujaId);
  if (series === undefined) return [];
  const rows = await db
    .selectFrom('puja')
    .select((eb) => [
      'puja.id',
      'puja.pujaDate',
      'puja.capacity',
      placesTakenColumn(eb),
      eb
        .selectFrom('pujaPackage')
        .select((sub) => sub.fn.min<number>('pujaPackage.offerPrice').as('p'))
        .whereRef('pujaPackage.pujaId', '=', 'puja.id')
        .as('lowestPrice'),
    ])
    .where('puja.id', '!=', pujaId)
    .where(isInShop)
    .where((eb) => eb.or([eb('puja.id', '=', series), eb('puja.seriesId', '=', series)]))
    .execute();
  return rows
    .filter((row): row is typeof row & { pujaDate: string } => isBookingOpen(row.pujaDate, now))
    .map((row) => ({
      id: row.id,
      pujaDate: row.pujaDate,
      capacity: row.capacity,
      // PostgreSQL answers COUNT and MIN of an integer as strings.
      placesLeft: placesLeftOf(row.capacity, Number(row.placesTaken ?? 0)),
      lowestPrice: row.lowestPrice === null ? null : Number(row.lowestPrice),
    }))
    .sort((a, b) => Date.parse(a.pujaDate) - Date.parse(b.pujaDate) || a.id - b.id);
}
