import { BOOKING_STATES_FREEING_PLACES } from '../../../contract/lifecycle.ts';
import { sql, type ExpressionBuilder } from 'kysely';
import { isPostgres, type Db } from '../client.ts';
import type { Database } from '../types.ts';
import { isInShop } from './puja-authorisation.ts';

/**
 * Places at the temple (docs/product-rules.md, Places at the temple; docs/decisions/0075): what a
 * puja date has taken is counted from its bookings each time, the persons of every booking not
 * cancelled, so no kept number can drift from the bookings it stands for.
 */

/**
 * The places a puja's bookings hold, as a column of a query on `puja`: one for each person named
 * on a booking not cancelled (the names the priest reads), and one for each person of a waitlist
 * offer not yet taken up (docs/product-rules.md, Waitlist: an offer holds its places), except
 * the offers of `exceptUserId`, for whom their own held places are free.
 */
export const placesTakenColumn = (eb: ExpressionBuilder<Database, 'puja'>, exceptUserId?: number) => {
  const booked = eb
    .selectFrom('bookingPersons')
    .innerJoin('bookings', 'bookings.id', 'bookingPersons.bookingId')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('bookings.pujaId', '=', 'puja.id')
    .where('bookings.status', 'not in', BOOKING_STATES_FREEING_PLACES);
  let offered = eb
    .selectFrom('waitlistEntries')
    .select(sql<number>`coalesce(sum(waitlist_entries.persons), 0)`.as('n'))
    .whereRef('waitlistEntries.pujaId', '=', 'puja.id')
    .where('waitlistEntries.status', '=', 'offered');
  if (exceptUserId !== undefined) offered = offered.where('waitlistEntries.userId', '!=', exceptUserId);
  return sql<number>`(${booked}) + (${offered})`.as('placesTaken');
};

/**
 * The places a puja's bookings and waitlist offers hold (placesTakenColumn), 0 for a puja that is
 * not there; `forUserId`'s own offers left out (the places held for them are theirs to book).
 */
export async function placesTaken(db: Db, pujaId: number, forUserId?: number): Promise<number> {
  const row = await db
    .selectFrom('puja')
    .select((eb) => placesTakenColumn(eb, forUserId))
    .where('puja.id', '=', pujaId)
    .executeTakeFirst();
  // PostgreSQL answers COUNT as a string.
  return Number(row?.placesTaken ?? 0);
}

/** The places left of `capacity` when `taken` are held: null when unlimited, never below 0. */
export const placesLeftOf = (capacity: number | null, taken: number): number | null =>
  capacity === null ? null : Math.max(0, capacity - taken);

/**
 * The puja's capacity when it is in the shop (isInShop: neither retired nor a draft), the only
 * pujas whose freed places are offered to a waitlist; undefined otherwise.
 */
export function findPujaPlaces(db: Db, pujaId: number): Promise<{ capacity: number | null } | undefined> {
  return db
    .selectFrom('puja')
    .select('capacity')
    .where('puja.id', '=', pujaId)
    .where(isInShop)
    .executeTakeFirst();
}

/**
 * Holds the puja's row until the booking's transaction ends, so two bookings of its last places
 * count one after the other. SQLite's write transactions already run one at a time (BEGIN
 * IMMEDIATE); PostgreSQL needs the row lock.
 */
export async function lockPujaPlaces(db: Db, pujaId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('puja').select('id').where('id', '=', pujaId).forUpdate().execute();
}
