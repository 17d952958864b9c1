import { Fragment, useCallback, useState } from 'react';
import { Link } from 'wouter';
import { bookingMessages, type Booking } from '../../../contract/booking.ts';
import { lifecycleMessages, uploadPath } from '../../../contract/lifecycle.ts';
import type { BookingEventPayload } from '../../../contract/lifecycle-events.ts';
import { formatRupees } from '../../../contract/money.ts';
import { OFFERING_DELIVERY_LABELS } from '../../../contract/offerings.ts';
import { policyText, sankalpLockAt } from '../../../contract/policy.ts';
import { nakshatraLabel, raashiLabel } from '../../../contract/raashi-nakshatra.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import {
  bookingCancelDeadline,
  bookingLockAt,
  bookingEventTemplate,
  bookingLifecycleOf,
  type BookingLifecycleSnapshot,
} from '../../../machines/booking-lifecycle/booking-lifecycle.selectors.ts';
import { bookingAfterSaleMachine } from '../../live/after-sale.ts';
import { formatCalendarDay, formatClockTime, formatDateTime, formatInstant } from '../../lib/format.ts';
import { uploadUrl } from '../../lib/uploads.ts';
import { AddToCalendar } from '../../ui/add-to-calendar.tsx';
import { ActionDialog, formText, ReasonField } from '../../ui/after-sale/action-dialog.tsx';
import { PersonFields, personsFrom } from '../../ui/after-sale/person-fields.tsx';
import { ProofVideo } from '../../ui/after-sale/proof-video.tsx';
import { Timeline } from '../../ui/after-sale/timeline.tsx';
import { TrackParcel } from '../../ui/after-sale/track-parcel.tsx';
import { SankalpReadBack } from '../../ui/sankalp/sankalp-read-back.tsx';
import { NotFound } from '../../ui/status.tsx';
import { BookingStatePill } from '../../ui/status-pill.tsx';
import {
  AfterSaleCard,
  AfterSaleHead,
  AfterSaleLoad,
  AfterSaleRoute,
  DoneNote,
  RefundNote,
  useAfterSaleActions,
  type AfterSaleRef,
} from './after-sale-frame.tsx';
import { Fact, Instant } from '../../ui/fact.tsx';
import { ChangeDateFields } from './change-date.tsx';

/** /account/bookings/{id}: the customer's puja booking after payment (docs/product-rules.md, Orders and bookings after the sale). */
export function BookingDetailPage() {
  return (
    <AfterSaleRoute
      notFound={<BookingNotFound />}
      render={(id) => (
        <AfterSaleLoad<Booking>
          key={id}
          machine={bookingAfterSaleMachine}
          id={id}
          title={(booking) => booking.puja.pujaName}
          notFound={<BookingNotFound />}
          readFailed={bookingMessages.readFailed}
          loadingLabel="Loading your booking..."
          render={(page, booking) => <BookingView page={page} booking={booking} />}
        />
      )}
    />
  );
}

const notFoundLinks = [
  { href: '/account/bookings', label: 'My Bookings' },
  { href: '/pujas', label: 'Browse Pujas' },
];

function BookingNotFound() {
  return (
    <NotFound
      title="Booking not found"
      text="We could not find this booking in your account."
      links={notFoundLinks}
    />
  );
}

const doneMessages = {
  cancel: 'Your booking has been cancelled.',
  claim: '',
  persons: 'The person details are corrected. The priests will recite them as you entered them.',
  reschedule: 'Your puja has been moved to the new date.',
  refund: 'Your refund has been issued.',
} as const;

/** The last note staff gave for a puja that could not be performed. */
const notPerformedReason = (booking: Booking) =>
  booking.timeline.findLast((entry) => entry.event === 'booking.markNotPerformed')?.note ?? null;

function BookingView({ page, booking }: { page: AfterSaleRef; booking: Booking }) {
  const { action, actionError, sending, done, submit, close } =
    useAfterSaleActions<BookingEventPayload>(page);
  // What the booking lifecycle allows the customer now: the same chart the server runs.
  const lifecycle = bookingLifecycleOf(booking);
  const can = (type: BookingEventPayload['type']) =>
    lifecycle.can(bookingEventTemplate(type, 'customer', lifecycle));
  const canCancel = can('booking.cancel');
  const canCorrect = can('booking.correctPersons');
  const canReschedule = can('booking.reschedule');
  const canRefund = can('booking.requestRefund');
  const canChangeDate = can('booking.changeDate');
  const open = (which: 'cancel' | 'persons' | 'reschedule' | 'refund') =>
    page.send({ type: 'action.open', action: which });
  const upcoming = upcomingDates(lifecycle);
  // The chosen new date costs more (the dialog pays it, then moves) or none has places.
  const [noPlainMove, setNoPlainMove] = useState(false);
  const moved = useCallback((record: Booking) => page.send({ type: 'action.completed', record }), [page]);

  return (
    <div className="container page after-sale">
      <AfterSaleHead title={booking.puja.pujaName} pill={<BookingStatePill state={booking.status} />} />
      <dl className="after-sale__facts">
        <Fact term="Booking number">{booking.bookingNumber}</Fact>
        <Fact term="Puja date">
          <Instant at={booking.puja.pujaDate} />
        </Fact>
        <Fact term="Temple">{booking.puja.place}</Fact>
        <Fact term="Package">{booking.package.title}</Fact>
        {booking.gift && (
          <Fact term="Gift to">
            {booking.address.recipientName ?? 'the recipient'}
            {booking.gift.message !== '' && (
              <span className="after-sale__gift-message"> “{booking.gift.message}”</span>
            )}
          </Fact>
        )}
        <Fact term="Prasad to">
          <address>{formatAddress(booking.address)}</address>
        </Fact>
        {booking.offerings.length > 0 && (
          <Fact term="Offerings">
            <ul className="after-sale__offerings">
              {booking.offerings.map((o) => (
                <li key={o.offeringId}>
                  {o.name} × {o.quantity} ({OFFERING_DELIVERY_LABELS[o.delivery].toLowerCase()}):{' '}
                  {formatRupees(o.amount)}
                </li>
              ))}
            </ul>
          </Fact>
        )}
        <Fact term="Paid">{formatRupees(booking.amount)}</Fact>
      </dl>
      {canChangeDate && (
        <div className="after-sale__actions">
          {/* The dialog of a move is the chart's `reschedule` action: the offered dates after a
              puja not performed, or (while confirmed) another open date of the same puja. */}
          <button type="button" className="button" onClick={() => open('reschedule')}>
            Change date
          </button>
        </div>
      )}
      {/* A cancelled, refunded puja will not take place: nothing to put in a calendar. */}
      {booking.status !== 'refundPending' && booking.status !== 'refunded' && (
        <AddToCalendar booking={booking} />
      )}

      <DoneNote message={done ? doneMessages[done] : undefined} />

      {booking.refund && (
        <AfterSaleCard id="booking-refund" title="Refund">
          <RefundNote refund={booking.refund} />
        </AfterSaleCard>
      )}

      {booking.status === 'notPerformed' && (
        <AfterSaleCard id="booking-not-performed" title="The puja could not be performed">
          {notPerformedReason(booking) && <p>{notPerformedReason(booking)}</p>}
          <p>We are sorry. Choose another date for the same puja, or a full refund.</p>
          <div className="after-sale__actions">
            {canReschedule && (
              <button type="button" className="button button--primary" onClick={() => open('reschedule')}>
                Choose another date
              </button>
            )}
            {canRefund && (
              <button type="button" className="button" onClick={() => open('refund')}>
                Ask for a refund
              </button>
            )}
          </div>
        </AfterSaleCard>
      )}

      {booking.proof && (
        <AfterSaleCard id="booking-proof" title="Your puja was performed">
          <ProofVideo url={booking.proof.videoUrl} />
          {booking.proof.photoIds.length > 0 && (
            <ul className="after-sale__photos" aria-label="Photos of the puja">
              {booking.proof.photoIds.map((photoId, i) => (
                <li key={photoId}>
                  <img
                    src={uploadUrl(uploadPath(photoId))}
                    alt={`Photo ${i + 1} of your puja`}
                    width={140}
                    height={140}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          )}
        </AfterSaleCard>
      )}

      {booking.prasad && (
        <AfterSaleCard id="booking-prasad" title="Prasad">
          <p>
            Sent with {booking.prasad.carrier}, tracking number{' '}
            <strong>{booking.prasad.trackingNumber}</strong>
            {booking.status === 'prasadDelivered' && ' · delivered'}
          </p>
          <TrackParcel carrier={booking.prasad.carrier} trackingNumber={booking.prasad.trackingNumber} />
        </AfterSaleCard>
      )}

      <AfterSaleCard id="booking-persons" title="Persons">
        {!canCorrect && booking.status !== 'refunded' && booking.status !== 'refundPending' && (
          <p className="after-sale__locked">
            The sankalp was locked on {formatInstant(bookingLockAt(lifecycle))}
            {bookingLockAt(lifecycle) === sankalpLockAt(booking.puja.pujaDate)
              ? `, ${policyText.sankalpLock} before the puja`
              : ', when the booking was made'}
            : the names are with the priests and can no longer be changed.
          </p>
        )}
        <ul className="after-sale__persons">
          {booking.persons.map((person, i) => (
            <li key={i}>
              {/* Stored null means marked "not known" (docs/product-rules.md, Persons): said, not left out. */}
              <strong>{person.name}</strong> · born {formatCalendarDay(person.dateOfBirth)}
              {person.birthTime === null ? ', time not known' : ` at ${formatClockTime(person.birthTime)}`}
              {person.birthPlace === null ? ', place not known' : `, ${person.birthPlace}`} ·{' '}
              {raashiLabel(person.raashi)} ·{' '}
              {person.nakshatra === null ? 'nakshatra not known' : nakshatraLabel(person.nakshatra)} · gothra{' '}
              {person.gothra}
            </li>
          ))}
        </ul>
        {(canCorrect || canCancel) && (
          <div className="after-sale__actions">
            {canCorrect && (
              <button type="button" className="button" onClick={() => open('persons')}>
                Correct details
              </button>
            )}
            {canCancel && (
              <button type="button" className="button" onClick={() => open('cancel')}>
                Cancel booking
              </button>
            )}
          </div>
        )}
        {canCorrect && (
          <p className="after-sale__hint">
            Names and details can be corrected until {formatInstant(sankalpLockAt(booking.puja.pujaDate))},
            when the sankalp is locked.
          </p>
        )}
        {canCancel && (
          <p className="after-sale__hint">
            You can cancel until {formatInstant(bookingCancelDeadline(lifecycle))}.
          </p>
        )}
      </AfterSaleCard>

      <AfterSaleCard id="booking-timeline" title="Timeline">
        <Timeline entries={booking.timeline} />
      </AfterSaleCard>

      <Link href="/account/bookings" className="button">
        Back to My Bookings
      </Link>

      <ActionDialog
        open={action === 'cancel'}
        title="Cancel this booking?"
        description={`${formatRupees(booking.amount)} goes back to your original payment method within ${policyText.refundTime}.`}
        submitLabel="Cancel booking"
        busyLabel="Cancelling..."
        closeLabel="Keep booking"
        noValidate
        danger
        error={actionError?.message}
        busy={sending}
        onClose={close}
        onSubmit={(form) => submit({ type: 'booking.cancel', reason: formText(form, 'reason') })}
      >
        <ReasonField label="Why are you cancelling?" message={lifecycleMessages.reasonRequired} />
      </ActionDialog>

      <ActionDialog
        open={action === 'persons'}
        title="Correct the person details"
        description="The priests recite the names and gothras exactly as they are here."
        submitLabel="Save details"
        busyLabel="Saving..."
        error={actionError?.message}
        busy={sending}
        onClose={close}
        onSubmit={(form) =>
          submit({ type: 'booking.correctPersons', persons: personsFrom(form, booking.persons) })
        }
      >
        <CorrectPersons booking={booking} />
      </ActionDialog>

      <ActionDialog
        open={action === 'reschedule' && booking.status === 'confirmed'}
        title="Change the date"
        description="The same puja at the same temple, with the same persons and offerings. You can change the date once."
        submitLabel="Move my booking"
        busyLabel="Moving..."
        error={actionError?.message}
        busy={sending}
        submitHidden={noPlainMove}
        onClose={close}
        onSubmit={(form) => {
          // A dearer date moves through its payment (ChangeDateFields); a full one not at all.
          if (!noPlainMove) submit({ type: 'booking.changeDate', pujaId: Number(formText(form, 'pujaId')) });
        }}
      >
        <ChangeDateFields booking={booking} onMoved={moved} onNoPlainMove={setNoPlainMove} />
      </ActionDialog>

      <ActionDialog
        open={action === 'reschedule' && booking.status !== 'confirmed'}
        title="Choose another date"
        description="The same puja, at the same temple, on one of these dates."
        submitLabel="Move my puja"
        busyLabel="Moving..."
        error={actionError?.message}
        busy={sending}
        onClose={close}
        onSubmit={(form) => submit({ type: 'booking.reschedule', date: formText(form, 'date') })}
      >
        <fieldset className="after-sale__dates">
          <legend className="visually-hidden">New date</legend>
          {upcoming.map((date, i) => (
            <label key={date} className="action-dialog__check">
              <input type="radio" name="date" value={date} defaultChecked={i === 0} required />
              {formatDateTime(date)}
            </label>
          ))}
        </fieldset>
      </ActionDialog>

      <ActionDialog
        open={action === 'refund'}
        title="Ask for a refund?"
        description={`${formatRupees(booking.amount)} goes back to your original payment method within ${policyText.refundTime}.`}
        submitLabel="Refund me"
        busyLabel="Refunding..."
        error={actionError?.message}
        busy={sending}
        onClose={close}
        onSubmit={() => submit({ type: 'booking.requestRefund' })}
      />
    </div>
  );
}

/**
 * "Correct details": the persons' fields and, under them, the sankalp read back as in the wizard
 * (docs/product-rules.md, The sankalp in the temple's script), following the name and gothra as
 * typed; a spelling in the temple's script edited there is sent with the person.
 */
function CorrectPersons({ booking }: { booking: Booking }) {
  const [persons, setPersons] = useState(() =>
    booking.persons.map((p) => ({
      name: p.name,
      gothra: p.gothra,
      nameInScript: p.nameInScript ?? '',
      gothraInScript: p.gothraInScript ?? '',
    })),
  );
  const change = (index: number, fields: Partial<(typeof persons)[number]>) =>
    setPersons((all) => all.map((p, i) => (i === index ? { ...p, ...fields } : p)));
  return (
    <>
      {booking.persons.map((person, i) => (
        <PersonFields
          key={i}
          index={i}
          count={booking.persons.length}
          person={person}
          // A spelling given by hand was of the name or gothra as it was: a new one is read afresh.
          onTyped={(field, value) =>
            change(
              i,
              field === 'name' ? { name: value, nameInScript: '' } : { gothra: value, gothraInScript: '' },
            )
          }
        />
      ))}
      <SankalpReadBack
        persons={persons}
        script={booking.puja.script ?? 'devanagari'}
        onSpellingChange={(index, field, value) => change(index, { [field]: value })}
      />
      {persons.map((p, i) => (
        <Fragment key={i}>
          <input type="hidden" name={`nameInScript-${i}`} value={p.nameInScript} />
          <input type="hidden" name={`gothraInScript-${i}`} value={p.gothraInScript} />
        </Fragment>
      ))}
    </>
  );
}

/** The offered dates the customer can still choose (their own sankalp lock is ahead). */
function upcomingDates(lifecycle: BookingLifecycleSnapshot): string[] {
  const now = lifecycle.context.now().getTime();
  return lifecycle.context.offeredDates.filter((date) => now < sankalpLockAt(date));
}
