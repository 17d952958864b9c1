import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  accountFormMachine,
  type AccountFormResult,
} from '../../machines/account-form/account-form.machine.ts';
import {
  selectFormError,
  selectFormResult,
  selectIsSending,
} from '../../machines/account-form/account-form.selectors.ts';
import { fetchBookingCalendar } from '../lib/bookings.ts';
import './after-sale/after-sale.css';

/**
 * "Add to calendar" (docs/product-rules.md, The puja in the calendar): the server's .ics of a
 * booking, saved as a file the phone or computer opens in its calendar. The booking's page and the
 * wizard's confirmation both offer it.
 */
export function AddToCalendar({ booking }: { booking: { id: number; bookingNumber: string } }) {
  const download = useActorRef(
    accountFormMachine.provide({
      actors: {
        submit: fromPromise<AccountFormResult, unknown>(async ({ signal }) => {
          const text = await fetchBookingCalendar(booking.id, signal);
          const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
          const link = document.createElement('a');
          link.href = url;
          link.download = `${booking.bookingNumber}.ics`;
          document.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
          return { message: 'The calendar file is downloaded: open it to add the puja to your calendar.' };
        }),
      },
    }),
  );
  const sending = useSelector(download, selectIsSending);
  const error = useSelector(download, selectFormError);
  const result = useSelector(download, selectFormResult);
  return (
    <div className="after-sale__calendar">
      <button
        type="button"
        className="button"
        disabled={sending}
        onClick={() => download.send({ type: 'form.submit', request: null })}
      >
        {sending ? 'Preparing...' : 'Add to calendar'}
      </button>
      <p aria-live="polite" className="after-sale__calendar-status">
        {error ? <span className="booking-field__error">{error}</span> : result}
      </p>
    </div>
  );
}
