import { lazy, Suspense, useEffect, useState } from 'react';
import type { Booking, BookingDateChangeQuote } from '../../../contract/booking.ts';
import type { PujaDate } from '../../../contract/catalogue.ts';
import { formatRupees } from '../../../contract/money.ts';
import { fetchDateChangeQuote } from '../../lib/bookings.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { DateRadios, firstOpenDate, OtherOpenDates, personsText } from '../../ui/after-sale/date-choices.tsx';

/** Paying a dearer date's difference is rare: its payment machine and options load only then. */
const PayDifference = lazy(() =>
  import('./change-date-payment.tsx').then((m) => ({ default: m.PayDifference })),
);

/**
 * "Change date" (docs/product-rules.md, Rescheduling): the other open dates of the booking's puja,
 * each with its places left, and for the one chosen the price difference the server names before
 * the customer confirms. The form sends the chosen date's puja id as `pujaId`.
 */
export interface ChangeDateProps {
  booking: Booking;
  /** The booking moved after its difference was paid: as the server answered it. */
  onMoved: (booking: Booking) => void;
  /**
   * Whether the dialog's own "Move" has nothing to do: the chosen date costs more (it gives way
   * to paying), or no date has places for the booking.
   */
  onNoPlainMove: (dearer: boolean) => void;
}

export function ChangeDateFields({ booking, onMoved, onNoPlainMove }: ChangeDateProps) {
  return (
    <OtherOpenDates pujaId={booking.puja.id}>
      {(list) => (
        <DateChoices booking={booking} dates={list} onMoved={onMoved} onNoPlainMove={onNoPlainMove} />
      )}
    </OtherOpenDates>
  );
}

function DateChoices({ booking, dates, onMoved, onNoPlainMove }: ChangeDateProps & { dates: PujaDate[] }) {
  // A date without places for the booking's persons is never chosen for the customer.
  // Which radio is chosen is the dialog's own state; the quote for it is the server's.
  const [chosen, setChosen] = useState<number | null>(() => firstOpenDate(dates, booking.persons.length));
  useEffect(() => {
    if (chosen === null) onNoPlainMove(true);
  }, [chosen, onNoPlainMove]);
  return (
    <>
      <DateRadios dates={dates} persons={booking.persons.length} chosen={chosen} onChoose={setChosen} />
      {chosen === null ? (
        <p className="after-sale__hint" role="status">
          Every other date is fully booked for {personsText(booking.persons.length)}.
        </p>
      ) : (
        <DateQuote
          key={chosen}
          bookingId={booking.id}
          pujaId={chosen}
          onMoved={onMoved}
          onNoPlainMove={onNoPlainMove}
        />
      )}
    </>
  );
}

/** The server's words for a difference: nothing, a refund, or more to pay. */
export function differenceText(quote: BookingDateChangeQuote): string {
  if (quote.priceDifference === 0) return 'The same price: nothing to pay, nothing refunded.';
  if (quote.priceDifference < 0)
    return `This date costs ${formatRupees(-quote.priceDifference)} less: it is refunded to your original payment method.`;
  return `This date costs ${formatRupees(quote.priceDifference)} more: pay the difference to move your booking.`;
}

function DateQuote({
  bookingId,
  pujaId,
  onMoved,
  onNoPlainMove,
}: { bookingId: number; pujaId: number } & Pick<ChangeDateProps, 'onMoved' | 'onNoPlainMove'>) {
  const quote = useResource((signal) => fetchDateChangeQuote(bookingId, pujaId, signal));
  const difference = quote.status === 'loaded' && quote.data ? quote.data.priceDifference : 0;
  useEffect(() => onNoPlainMove(difference > 0), [difference, onNoPlainMove]);
  if (quote.status === 'failed') return <ErrorBanner message={quote.error ?? 'Something went wrong'} />;
  return (
    <>
      <p className="after-sale__hint" role="status" aria-live="polite">
        {quote.status === 'loaded' && quote.data ? differenceText(quote.data) : 'Checking the price...'}
      </p>
      {difference > 0 && (
        <Suspense fallback={<Spinner label="Loading the payment options..." />}>
          <PayDifference bookingId={bookingId} pujaId={pujaId} difference={difference} onMoved={onMoved} />
        </Suspense>
      )}
    </>
  );
}
