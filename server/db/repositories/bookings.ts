import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Booking, BookingPerson, BookingSummary } from '../../../contract/booking.ts';
import { addressFromCopy } from './address-copy.ts';
import type { Db } from '../client.ts';
import type { BookingPersonRow, BookingRow, BookingsTable } from '../types.ts';

/** The puja as a booking snapshots it. */
export function findPujaForBooking(db: Db, id: number) {
  return db
    .selectFrom('puja')
    .select(['id', 'pujaName', 'place', 'pujaDate', 'image'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPackageForBooking(db: Db, id: number) {
  return db
    .selectFrom('pujaPackage')
    .select(['id', 'pujaId', 'title', 'noPersons', 'offerPrice'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type NewBookingRow = Omit<Insertable<BookingsTable>, 'bookingNumber'>;

/** Inserts the booking and its persons (in the order given); its number is made from the id. */
export async function insertBooking(
  db: Db,
  booking: NewBookingRow,
  persons: readonly BookingPerson[],
  numberFor: (id: number) => string,
): Promise<number> {
  const { id } = await db
    .insertInto('bookings')
    // Replaced below once the id is known; unique meanwhile.
    .values({ ...booking, bookingNumber: `pending-${randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('bookings')
    .set({ bookingNumber: numberFor(id) })
    .where('id', '=', id)
    .execute();
  await db
    .insertInto('bookingPersons')
    .values(
      persons.map((person, i) => ({
        bookingId: id,
        position: i + 1,
        ...person,
        birthTime: person.birthTime ?? '',
        birthTimeKnown: person.birthTime === null ? 0 : 1,
        birthPlace: person.birthPlace ?? '',
        birthPlaceKnown: person.birthPlace === null ? 0 : 1,
      })),
    )
    .execute();
  return id;
}

/** The customer's booking made with this Idempotency-Key, if any. */
export function findBookingByKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  return db
    .selectFrom('bookings')
    .select(['id', 'requestHash'])
    .where('userId', '=', userId)
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
}

const toPerson = (row: BookingPersonRow): BookingPerson => ({
  name: row.name,
  dateOfBirth: row.dateOfBirth,
  birthTime: row.birthTimeKnown === 1 ? row.birthTime : null,
  birthPlace: row.birthPlaceKnown === 1 ? row.birthPlace : null,
  raashi: row.raashi,
  nakshatra: row.nakshatra,
  gothra: row.gothra,
});

function toBooking(row: BookingRow, persons: BookingPersonRow[]): Booking {
  return {
    id: row.id,
    bookingNumber: row.bookingNumber,
    createdAt: row.createdAt,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    paymentId: row.paymentId,
    puja: {
      id: row.pujaId,
      pujaName: row.pujaName,
      place: row.pujaPlace,
      pujaDate: row.pujaDate,
      image: row.pujaImage,
    },
    package: { id: row.packageId, title: row.packageTitle, noPersons: row.packageNoPersons },
    persons: persons.map(toPerson),
    address: addressFromCopy(row),
    amount: row.amount,
    currency: 'INR',
  };
}

/** The customer's booking with its persons; undefined when there is none or it is someone else's. */
export async function findBooking(db: Db, userId: number, id: number): Promise<Booking | undefined> {
  const row = await db
    .selectFrom('bookings')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const persons = await db
    .selectFrom('bookingPersons')
    .selectAll()
    .where('bookingId', '=', id)
    .orderBy('position')
    .execute();
  return toBooking(row, persons);
}

/** The customer's bookings, newest first. */
export async function listBookings(db: Db, userId: number): Promise<BookingSummary[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'bookingNumber', 'createdAt', 'pujaName', 'packageTitle', 'pujaDate', 'amount', 'status'])
    .select((eb) =>
      eb
        .selectFrom('bookingPersons')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('bookingPersons.bookingId', '=', 'bookings.id')
        .as('personCount'),
    )
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, personCount: Number(row.personCount ?? 0) }));
}

/** How many bookings exist in all (for tests and the load check). */
export async function countBookings(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
