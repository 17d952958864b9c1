import { randomUUID } from 'node:crypto';
import { personFromColumns } from './person-columns.ts';
import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Booking, BookingSummary } from '../../../contract/booking.ts';
import type { BookingPerson } from '../../../contract/person.ts';
import type { TimelineEntry } from '../../../contract/lifecycle.ts';
import { addressFromCopy } from './address-copy.ts';
import { listLifecycleEvents, refundOf, toTimelineEntry } from './lifecycle-events.ts';
import type { Db } from '../client.ts';
import type { BookingOfferingRow, BookingPersonRow, BookingRow, BookingsTable, Database } from '../types.ts';
import type { BookedOffering } from '../../../contract/offerings.ts';
import type { TempleScriptName } from '../../../contract/temple-script.ts';
import { findPujaScript } from './catalogue.ts';
import { countOf, rowsWhere } from '../queries.ts';
import { isInShop } from './puja-authorisation.ts';

/** The puja as a booking snapshots it. */
export function findPujaForBooking(db: Db, id: number) {
  return (
    db
      .selectFrom('puja')
      .select(['id', 'pujaName', 'place', 'pujaDate', 'image', 'capacity', 'maxPerAccount', 'script'])
      .where('id', '=', id)
      // A retired puja, or a draft, is not in the shop: it cannot be booked.
      .where(isInShop)
      .executeTakeFirst()
  );
}

export function findPackageForBooking(db: Db, id: number) {
  return db
    .selectFrom('pujaPackage')
    .select(['id', 'pujaId', 'title', 'noPersons', 'offerPrice'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const personRows = (bookingId: number, persons: readonly BookingPerson[]) =>
  persons.map((person, i) => ({
    bookingId,
    position: i + 1,
    ...person,
    birthTime: person.birthTime ?? '',
    birthTimeKnown: person.birthTime === null ? 0 : 1,
    birthPlace: person.birthPlace ?? '',
    birthPlaceKnown: person.birthPlace === null ? 0 : 1,
    // The column is NOT NULL: '' is "not known" (docs/decisions/0060-a-booking-without-the-nakshatra.md).
    nakshatra: person.nakshatra ?? ('' as const),
  }));

export type NewBookingRow = Omit<Insertable<BookingsTable>, 'bookingNumber'>;

/** Inserts the booking and its persons (in the order given); its number is made from the id. */
export async function insertBooking(
  db: Db,
  booking: NewBookingRow,
  persons: readonly BookingPerson[],
  numberFor: (id: number) => string,
  offerings: readonly BookedOffering[] = [],
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
  await db.insertInto('bookingPersons').values(personRows(id, persons)).execute();
  if (offerings.length)
    await db
      .insertInto('bookingOfferings')
      .values(offerings.map(({ amount: _amount, ...offering }) => ({ ...offering, bookingId: id })))
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
  ...personFromColumns(row),
  // Only when corrected by hand: otherwise the script is worked out from the Latin.
  ...(row.nameInScript !== null && { nameInScript: row.nameInScript }),
  ...(row.gothraInScript !== null && { gothraInScript: row.gothraInScript }),
});

/** A list kept as JSON text (the offered dates, the proof's photos); none when null. */
export const parseJsonArray = (text: string | null): string[] => (text ? (JSON.parse(text) as string[]) : []);

/** The proof of the puja staff recorded, from its columns; null until it is performed. */
export const proofOf = (row: BookingRow) =>
  row.proofVideoUrl === null
    ? null
    : { videoUrl: row.proofVideoUrl, photoIds: parseJsonArray(row.proofPhotoIds) };

/** The prasad's shipment, from its columns; null until it is sent. */
export const prasadOf = (row: BookingRow) =>
  row.prasadCarrier !== null && row.prasadTrackingNumber !== null
    ? { carrier: row.prasadCarrier, trackingNumber: row.prasadTrackingNumber }
    : null;

/** How many persons a booking names: a `personCount` column for a query on bookings. */
export const personCount = (eb: ExpressionBuilder<Database, 'bookings'>) =>
  eb
    .selectFrom('bookingPersons')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('bookingPersons.bookingId', '=', 'bookings.id')
    .as('personCount');

const toOffering = (row: BookingOfferingRow): BookedOffering => ({
  offeringId: row.offeringId,
  name: row.name,
  unit: row.unit,
  price: row.price,
  quantity: row.quantity,
  delivery: row.delivery,
  amount: row.price * row.quantity,
});

/** A gift's card message, or null for a booking that is not a gift. */
const giftOf = (row: Pick<BookingRow, 'isGift' | 'giftMessage'>) =>
  row.isGift === 1 ? { message: row.giftMessage ?? '' } : null;

function toBooking(
  row: BookingRow,
  persons: BookingPersonRow[],
  timeline: TimelineEntry[],
  offerings: BookingOfferingRow[],
  script: TempleScriptName,
): Booking {
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
      script,
    },
    package: { id: row.packageId, title: row.packageTitle, noPersons: row.packageNoPersons },
    persons: persons.map(toPerson),
    address: addressFromCopy(row),
    amount: row.amount,
    packageAmount: row.packageAmount ?? row.amount,
    offerings: offerings.map(toOffering),
    gift: giftOf(row),
    currency: 'INR',
    offeredDates: parseJsonArray(row.offeredDates),
    dateChanges: row.dateChanges,
    proof: proofOf(row),
    prasad: prasadOf(row),
    refund: refundOf(row.status, row.amount, timeline),
    timeline,
  };
}

/** The booking's row, whoever it belongs to. */
export function findBookingRow(db: Db, id: number): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The booking with its persons and timeline, from its row. */
export async function readBooking(db: Db, row: BookingRow): Promise<Booking> {
  const persons = await rowsWhere(db, 'bookingPersons', { bookingId: row.id }, 'position');
  const events = await listLifecycleEvents(db, 'booking', row.id);
  const offerings = await rowsWhere(db, 'bookingOfferings', { bookingId: row.id }, 'id');
  // The booking page reads the sankalp back in the temple's script, as the wizard did.
  const script = await findPujaScript(db, row.pujaId);
  return toBooking(row, persons, events.map(toTimelineEntry), offerings, script);
}

/** The customer's booking with its persons; undefined when there is none or it is someone else's. */
export async function findBooking(db: Db, userId: number, id: number): Promise<Booking | undefined> {
  const row = await findBookingRow(db, id);
  return row && row.userId === userId ? readBooking(db, row) : undefined;
}

/** The lifecycle's columns of a booking: its state and what its steps recorded. */
export type BookingLifecycleColumns = Pick<
  BookingRow,
  | 'status'
  | 'paymentStatus'
  | 'pujaDate'
  | 'offeredDates'
  | 'dateChanges'
  | 'proofVideoUrl'
  | 'proofPhotoIds'
  | 'prasadCarrier'
  | 'prasadTrackingNumber'
>;

/**
 * Stores the lifecycle's next state and facts with ONE conditional UPDATE, from the booking as the
 * step read it (its status, its date and how often it moved): false when another step changed it
 * meanwhile, so two steps never both apply. A move keeps the status (confirmed), so the date is
 * part of the condition: a cancel or correction read before a move never writes the old date back.
 */
export async function updateBookingLifecycle(
  db: Db,
  before: Pick<BookingRow, 'id' | 'status' | 'pujaId' | 'dateChanges'>,
  set: BookingLifecycleColumns,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('bookings')
    .set(set)
    .where('id', '=', before.id)
    .where('status', '=', before.status)
    .where('pujaId', '=', before.pujaId)
    .where('dateChanges', '=', before.dateChanges)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** The persons as corrected (before the sankalp lock): replaces the booking's list, in order. */
export async function replaceBookingPersons(
  db: Db,
  bookingId: number,
  persons: readonly BookingPerson[],
): Promise<void> {
  await db.deleteFrom('bookingPersons').where('bookingId', '=', bookingId).execute();
  await db.insertInto('bookingPersons').values(personRows(bookingId, persons)).execute();
}

/** Bookings moved to a cheaper date whose difference still waits for its refund (docs/decisions/0077). */
export function findBookingsWithDateChangeRefundDue(db: Db, limit = 200) {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('dateChangeRefundDue', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Confirmed bookings whose puja is at most `lockBefore` (ISO) away from now: the candidates of the
 * scheduled sankalp lock, oldest puja first. The lifecycle decides each one.
 */
export function findBookingsDueForLock(db: Db, lockBefore: string, limit = 200) {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'confirmed')
    .where('pujaDate', '<=', lockBefore)
    .orderBy('pujaDate')
    .limit(limit)
    .execute();
}

/**
 * Confirmed bookings whose puja is before `pujaBefore` (the names reminder's horizon), with
 * when each was made and its puja time: the caller decides which are due a reminder.
 */
export function findConfirmedBookingsBefore(db: Db, pujaBefore: string, limit = 500) {
  return db
    .selectFrom('bookings')
    .select(['id', 'pujaDate', 'createdAt'])
    .where('status', '=', 'confirmed')
    .where('pujaDate', '<=', pujaBefore)
    .orderBy('pujaDate')
    .limit(limit)
    .execute();
}

/** Bookings waiting for their refund (the scheduler settles them through the gateway). */
export function findBookingsAwaitingRefund(db: Db, limit = 100) {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'refundPending')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The customer's bookings, newest first. */
export async function listBookings(db: Db, userId: number): Promise<BookingSummary[]> {
  const rows = await db
    .selectFrom('bookings')
    .select([
      'id',
      'bookingNumber',
      'createdAt',
      'pujaName',
      'packageTitle',
      'pujaDate',
      'amount',
      'status',
      'isGift',
      'recipientName',
    ])
    .select(personCount)
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(({ isGift, recipientName, ...row }) => ({
    ...row,
    personCount: Number(row.personCount ?? 0),
    gift: isGift === 1 ? { recipientName } : null,
  }));
}

/** How many bookings exist in all (for tests and the load check). */
export async function countBookings(db: Db): Promise<number> {
  return countOf(db.selectFrom('bookings'));
}
