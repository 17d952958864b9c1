import { useState } from 'react';
import type { Booking, BookingDateChangeQuote } from '../../../contract/booking.ts';
import type { PujaDate } from '../../../contract/catalogue.ts';
import { formatRupees } from '../../../contract/money.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fetchDateChangeQuote } from '../../lib/bookings.ts';
import { fetchOtherDates } from '../../lib/catalogue.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ErrorBanner, ResourceView } from '../../ui/status.tsx';

/**
 * "Change date" (docs/product-rules.md, Rescheduling): the other open dates of the booking's puja,
 * each with its places left, and for the one chosen the price difference the server names before
 * the customer confirms. The form sends the chosen date's puja id as `pujaId`.
 */
export function ChangeDateFields({ booking }: { booking: Booking }) {
  const dates = useResource((signal) => fetchOtherDates(booking.puja.id, signal));
  return (
    <ResourceView resource={dates} loadingLabel="Loading the other dates...">
      {(list) =>
        list.length === 0 ? (
          <p role="status">There is no other date of this puja open for booking now.</p>
        ) : (
          <DateChoices booking={booking} dates={list} />
        )
      }
    </ResourceView>
  );
}

/** How many places a date has left, when it counts them. */
const placesText = (date: PujaDate) =>
  date.placesLeft === null
    ? ''
    : date.placesLeft === 0
      ? ' · fully booked'
      : ` · ${date.placesLeft} ${date.placesLeft === 1 ? 'place' : 'places'} left`;

function DateChoices({ booking, dates }: { booking: Booking; dates: PujaDate[] }) {
  const first = dates.find((d) => d.placesLeft !== 0) ?? dates[0]!;
  // Which radio is chosen is the dialog's own state; the quote for it is the server's.
  const [chosen, setChosen] = useState(first.id);
  return (
    <>
      <fieldset className="after-sale__dates">
        <legend>New date</legend>
        {dates.map((date) => (
          <label key={date.id} className="action-dialog__check">
            <input
              type="radio"
              name="pujaId"
              value={date.id}
              checked={chosen === date.id}
              disabled={date.placesLeft === 0}
              onChange={() => setChosen(date.id)}
              required
            />
            {formatDateTime(date.pujaDate)}
            {placesText(date)}
          </label>
        ))}
      </fieldset>
      <DateQuote key={chosen} bookingId={booking.id} pujaId={chosen} />
    </>
  );
}

/** The server's words for a difference: nothing, a refund, or more to pay. */
export function differenceText(quote: BookingDateChangeQuote): string {
  if (quote.priceDifference === 0) return 'The same price: nothing to pay, nothing refunded.';
  if (quote.priceDifference < 0)
    return `This date costs ${formatRupees(-quote.priceDifference)} less: it is refunded to your original payment method.`;
  return `This date costs ${formatRupees(quote.priceDifference)} more.`;
}

function DateQuote({ bookingId, pujaId }: { bookingId: number; pujaId: number }) {
  const quote = useResource((signal) => fetchDateChangeQuote(bookingId, pujaId, signal));
  if (quote.status === 'failed') return <ErrorBanner message={quote.error ?? 'Something went wrong'} />;
  return (
    <p className="after-sale__hint" role="status" aria-live="polite">
      {quote.status === 'loaded' && quote.data ? differenceText(quote.data) : 'Checking the price...'}
    </p>
  );
}
