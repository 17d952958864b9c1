import { Link } from 'wouter';
import type { BookingSummary } from '../../../contract/booking.ts';
import { fetchBookings } from '../../lib/bookings.ts';
import { formatRupees } from '../../../contract/money.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ResourceView } from '../../ui/status.tsx';
import { Fact, Instant } from '../../ui/fact.tsx';
import { BookingStatePill } from '../../ui/status-pill.tsx';
import { WaitlistList } from './waitlist-list.tsx';
import './bookings-panel.css';

/** The Bookings tab: the customer's puja bookings, newest first, or the empty state of docs/product-rules.md, Shell and account. */
export function BookingsPanel() {
  const bookings = useResource(fetchBookings);
  return (
    <>
      <WaitlistList />
      <ResourceView resource={bookings} loadingLabel="Loading your bookings...">
        {(list) => (list.length === 0 ? <NoBookings /> : <BookingList bookings={list} />)}
      </ResourceView>
    </>
  );
}

function NoBookings() {
  return (
    <div className="empty-state account-empty">
      <h3>No bookings</h3>
      <p>You haven&apos;t booked any pujas yet.</p>
      <Link href="/pujas" className="button button--primary">
        Browse Pujas
      </Link>
    </div>
  );
}

function BookingList({ bookings }: { bookings: BookingSummary[] }) {
  return (
    <ul className="order-list booking-list" aria-label="My bookings">
      {bookings.map((booking) => (
        <li key={booking.id} className="order-row booking-row">
          <div className="order-row__main">
            <h3 className="booking-row__puja">
              <Link href={`/account/bookings/${booking.id}`}>{booking.pujaName}</Link>
            </h3>
            <span className="booking-row__package">
              {booking.packageTitle}
              {booking.gift && (
                <span className="booking-row__gift">
                  {' '}
                  · Gift{booking.gift.recipientName ? ` for ${booking.gift.recipientName}` : ''}
                </span>
              )}
            </span>
            <span className="order-row__date">
              Booking <span className="order-row__number">{booking.bookingNumber}</span>, booked on{' '}
              <Instant at={booking.createdAt} />
            </span>
          </div>
          <dl className="order-row__facts">
            <Fact term="Puja date">
              <Instant at={booking.pujaDate} />
            </Fact>
            <Fact term="Persons">{booking.personCount}</Fact>
            <Fact term="Status">
              <BookingStatePill state={booking.status} />
            </Fact>
            <Fact term="Amount" className="order-row__total">
              {formatRupees(booking.amount)}
            </Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}
