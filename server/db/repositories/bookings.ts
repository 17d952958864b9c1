import { randomUUID } from 'node:crypto';
import {
  bookingMessages,
  isBookingOpen,
  type Booking,
  type BookingPerson,
  type BookingSummary,
} from '../../../contract/booking.ts';
import { bookingNumber } from '../../orders/order-number.ts';
import type { Db } from '../client.ts';
import { Refused, settleRefusal, type Refusal } from '../refusals.ts';
import type { BookingPersonRow, BookingRow } from '../types.ts';

export interface NewBooking {
  userId: number;
  pujaId: number;
  packageId: number;
  /** Validated and trimmed, in the order entered. */
  persons: BookingPerson[];
  addressId: number;
  paymentMethod: 'online';
  paymentId: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** The server's clock: decides whether the window is open, and stamps the booking. */
  now: Date;
}

/** Why a booking was not made. */
export type BookingRefusal = Refusal;

export type CreateBookingResult =
  | { kind: 'created'; id: number }
  | ({ kind: 'refused' } & BookingRefusal)
  /** Another request with the same Idempotency-Key committed first; look it up with findBookingByKey. */
  | { kind: 'duplicateKey' };

/**
 * Makes a booking in ONE transaction, checking in this order: the puja exists, the package
 * exists and is one of the puja's, the booking window is open at `now`, the number of persons
 * is the package's, the address is the customer's. The price is the package's offer price; the
 * puja, package and address are snapshotted; the booking and its persons are inserted together.
 * Any refusal rolls all of it back.
 */
export async function createBooking(db: Db, booking: NewBooking): Promise<CreateBookingResult> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      const puja = await trx
        .selectFrom('puja')
        .select(['id', 'pujaName', 'place', 'pujaDate', 'image'])
        .where('id', '=', booking.pujaId)
        .executeTakeFirst();
      if (!puja)
        throw new Refused({ status: 404, message: bookingMessages.pujaNotFound, code: 'puja_not_found' });

      const pkg = await trx
        .selectFrom('pujaPackage')
        .select(['id', 'pujaId', 'title', 'noPersons', 'offerPrice'])
        .where('id', '=', booking.packageId)
        .executeTakeFirst();
      if (!pkg)
        throw new Refused({
          status: 404,
          message: bookingMessages.packageNotFound,
          code: 'package_not_found',
        });
      if (pkg.pujaId !== puja.id)
        throw new Refused({
          status: 400,
          message: bookingMessages.packageOfAnotherPuja,
          code: 'package_of_another_puja',
        });

      if (puja.pujaDate === null || !isBookingOpen(puja.pujaDate, booking.now))
        throw new Refused({ status: 409, message: bookingMessages.closed, code: 'booking_closed' });

      if (booking.persons.length !== pkg.noPersons)
        throw new Refused({
          status: 400,
          message: bookingMessages.personCountMismatch(pkg.noPersons),
          code: 'person_count_mismatch',
        });

      const address = await trx
        .selectFrom('addresses')
        .selectAll()
        .where('userId', '=', booking.userId)
        .where('id', '=', booking.addressId)
        .executeTakeFirst();
      if (!address)
        throw new Refused({
          status: 404,
          message: bookingMessages.addressNotFound,
          code: 'address_not_found',
        });

      const { id } = await trx
        .insertInto('bookings')
        .values({
          // Replaced below once the id is known; unique meanwhile.
          bookingNumber: `pending-${randomUUID()}`,
          userId: booking.userId,
          pujaId: puja.id,
          packageId: pkg.id,
          pujaName: puja.pujaName,
          pujaPlace: puja.place,
          pujaDate: puja.pujaDate,
          pujaImage: puja.image,
          packageTitle: pkg.title,
          packageNoPersons: pkg.noPersons,
          // The server's price, whatever the client believed it to be.
          amount: pkg.offerPrice,
          paymentMethod: booking.paymentMethod,
          paymentId: booking.paymentId,
          paymentStatus: 'completed',
          status: 'confirmed',
          addressId: address.id,
          street: address.street,
          city: address.city,
          state: address.state,
          postalCode: address.postalCode,
          country: address.country,
          addressIsDefault: address.isDefault,
          idempotencyKey: booking.idempotencyKey,
          requestHash: booking.requestHash,
          createdAt: booking.now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('bookings')
        .set({ bookingNumber: bookingNumber(id, booking.now) })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('bookingPersons')
        .values(booking.persons.map((person, i) => ({ bookingId: id, position: i + 1, ...person })))
        .execute();
      return id;
    });
    return { kind: 'created', id };
  } catch (err) {
    return settleRefusal(err, booking.idempotencyKey !== null);
  }
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
  birthTime: row.birthTime,
  birthPlace: row.birthPlace,
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
    address: {
      id: row.addressId,
      street: row.street,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      country: row.country,
      isDefault: row.addressIsDefault === 1,
    },
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
