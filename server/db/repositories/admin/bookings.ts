import type { AdminBookingQuery } from '../../../../contract/admin/bookings.ts';
import { ADMIN_PAGE_DEFAULT } from '../../../../contract/admin/queues.ts';
import type { BookingState } from '../../../../contract/lifecycle.ts';
import { indiaDayStart } from '../../../../contract/india-time.ts';
import type { Db } from '../../client.ts';
import { customerOf, searchConditions } from './queues.ts';
import { personCount } from '../bookings.ts';

/**
 * The bookings' queue (data access only): filtered by state, by a date range (days in India,
 * Asia/Kolkata) and by a search (./queues.ts); paged, with counts per state.
 */

export async function listBookingsForStaff(db: Db, query: AdminBookingQuery) {
  const dateColumn = query.dateOf === 'booked' ? 'bookings.createdAt' : 'bookings.pujaDate';
  const filtered = (withStatus: boolean) => {
    let q = db.selectFrom('bookings').innerJoin('users', 'users.id', 'bookings.userId');
    if (withStatus && query.status?.length) q = q.where('bookings.status', 'in', query.status);
    if (query.from) q = q.where(dateColumn, '>=', indiaDayStart(query.from));
    if (query.to) q = q.where(dateColumn, '<', indiaDayStart(query.to, 1));
    if (query.q) {
      const conditions = searchConditions(query.q, {
        number: 'bookings.booking_number',
        email: 'users.email',
        phone: 'users.phone',
        mobile: 'bookings.mobile',
      });
      q = q.where((eb) => eb.or(conditions));
    }
    return q;
  };
  const rows = await filtered(true)
    .select([
      'bookings.id',
      'bookings.bookingNumber',
      'bookings.createdAt',
      'bookings.pujaName',
      'bookings.pujaPlace',
      'bookings.packageTitle',
      'bookings.pujaDate',
      'bookings.amount',
      'bookings.status',
      'bookings.userId',
      'bookings.isGift',
      'bookings.recipientName',
      'users.name as customerName',
      'users.email as customerEmail',
      'users.phone as customerPhone',
    ])
    .select(personCount)
    // The soonest puja first when listing by puja date; the newest booking first otherwise.
    .$call((q) =>
      query.dateOf === 'booked'
        ? q.orderBy('bookings.id', 'desc')
        : q.orderBy('bookings.pujaDate').orderBy('bookings.id'),
    )
    .limit(query.limit ?? ADMIN_PAGE_DEFAULT)
    .offset(query.offset ?? 0)
    .execute();
  const byState = await filtered(false)
    .select(['bookings.status as state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('bookings.status')
    .execute();
  const counts = Object.fromEntries(byState.map(({ state, n }) => [state, Number(n)])) as Partial<
    Record<BookingState, number>
  >;
  const total = (query.status?.length ? query.status : Object.keys(counts)).reduce(
    (sum, state) => sum + (counts[state as BookingState] ?? 0),
    0,
  );
  return {
    bookings: rows.map(
      ({
        userId,
        customerName,
        customerEmail,
        customerPhone,
        personCount,
        isGift,
        recipientName,
        ...booking
      }) => ({
        ...booking,
        personCount: Number(personCount ?? 0),
        gift: isGift === 1 ? { recipientName } : null,
        customer: customerOf({ userId, customerName, customerEmail, customerPhone }),
      }),
    ),
    total,
    counts,
  };
}

/** The customer of an order or booking, as the back office shows them. */
