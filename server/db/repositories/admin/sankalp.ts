import { indiaDayStart } from '../../../../contract/india-time.ts';
import type { Db } from '../../client.ts';
import type { BookingPersonRow } from '../../types.ts';
import { LOST_BOOKINGS } from './today.ts';

/** The sankalp sheet's bookings (data access only). Days are India's (Asia/Kolkata). */

/** The bookings whose puja is on a day in India and still to be (or being) performed, with their persons. */
export async function bookingsForSankalp(db: Db, day: string) {
  const bookings = await db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.userId')
    .leftJoin('puja', 'puja.id', 'bookings.pujaId')
    .select([
      'bookings.id',
      'bookings.bookingNumber',
      'bookings.status',
      'bookings.pujaId',
      'bookings.pujaName',
      'bookings.pujaPlace',
      'bookings.pujaDate',
      'bookings.packageId',
      'bookings.packageTitle',
      'users.name as customerName',
      'puja.script',
      'bookings.isGift',
      'bookings.giftMessage',
      'bookings.recipientName',
    ])
    .where('bookings.pujaDate', '>=', indiaDayStart(day))
    .where('bookings.pujaDate', '<', indiaDayStart(day, 1))
    .where('bookings.status', 'not in', [...LOST_BOOKINGS, 'notPerformed'])
    .orderBy('bookings.pujaDate')
    .orderBy('bookings.pujaId')
    .orderBy('bookings.packageId')
    .orderBy('bookings.id')
    .execute();
  const persons: BookingPersonRow[] = bookings.length
    ? await db
        .selectFrom('bookingPersons')
        .selectAll()
        .where(
          'bookingId',
          'in',
          bookings.map((b) => b.id),
        )
        .orderBy('bookingId')
        .orderBy('position')
        .execute()
    : [];
  const offerings = bookings.length
    ? await db
        .selectFrom('bookingOfferings')
        .selectAll()
        .where(
          'bookingId',
          'in',
          bookings.map((b) => b.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { bookings, persons, offerings };
}
