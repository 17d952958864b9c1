import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { bookingMessages, type Booking } from '../../../contract/booking.ts';
import { nakshatraLabel, raashiLabel } from '../../../contract/raashi-nakshatra.ts';
import { parseNumericId } from '../../../contract/ids.ts';
import { bookingStateLabels, lifecycleMessages, uploadPath } from '../../../contract/lifecycle.ts';
import type { BookingEventPayload } from '../../../contract/lifecycle-events.ts';
import { formatRupees } from '../../../contract/money.ts';
import { policyText, sankalpLockAt } from '../../../contract/policy.ts';
import {
  selectAction,
  selectActionError,
  selectCanRetry,
  selectDone,
  selectIsSending,
  selectLoadError,
  selectRecord,
  selectStatus,
} from '../../../machines/after-sale/after-sale.selectors.ts';
import {
  bookingCancelDeadline,
  bookingLockAt,
  bookingEventTemplate,
  bookingLifecycleOf,
  type BookingLifecycleSnapshot,
} from '../../../machines/booking-lifecycle/booking-lifecycle.selectors.ts';
import { bookingAfterSaleMachine } from '../../live/after-sale.ts';
import { formatCalendarDay, formatClockTime, formatDateTime } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { TrackParcel } from '../../ui/after-sale/track-parcel.tsx';
import { uploadUrl } from '../../lib/uploads.ts';
import { ActionDialog, formText, ReasonField } from '../../ui/after-sale/action-dialog.tsx';
import { ProofVideo } from '../../ui/after-sale/proof-video.tsx';
import { Timeline } from '../../ui/after-sale/timeline.tsx';
import { ErrorBanner, NotFound, Spinner } from '../../ui/status.tsx';
import { bookingStateTone, StatusPill } from '../../ui/status-pill.tsx';
import { RefundNote } from './order-detail-page.tsx';
import '../../ui/after-sale/after-sale.css';
import { OFFERING_DELIVERY_LABELS } from '../../../contract/offerings.ts';
import { AddToCalendar } from '../../ui/add-to-calendar.tsx';
import { PersonFields, personsFrom } from '../../ui/after-sale/person-fields.tsx';
import { SankalpReadBack } from '../../ui/sankalp/sankalp-read-back.tsx';
import { Fragment, useState } from 'react';

type BookingPageRef = ReturnType<typeof useActorRef<typeof bookingAfterSaleMachine>>;

/** /account/bookings/{id}: the customer's puja booking after payment (docs/product-rules.md, Orders and bookings after the sale). */
export function BookingDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const bookingId = parseNumericId(id);
  if (bookingId === undefined)
    return (
      <div className="container page">
        <BookingNotFound />
      </div>
    );
  return <BookingDetail key={bookingId} id={bookingId} />;
}

function BookingNotFound() {
  return (
    <NotFound
      title="Booking not found"
      text="We could not find this booking in your account."
      links={[
        { href: '/account/bookings', label: 'My Bookings' },
        { href: '/pujas', label: 'Browse Pujas' },
      ]}
    />
  );
}

function BookingDetail({ id }: { id: number }) {
  const page = useActorRef(bookingAfterSaleMachine, { input: { id } });
  const status = useSelector(page, selectStatus);
  const booking = useSelector(page, selectRecord) as Booking | null;
  const loadError = useSelector(page, selectLoadError);
  const canRetry = useSelector(page, selectCanRetry);
  useDocumentTitle(booking ? booking.puja.pujaName : undefined);

  if (status !== 'ready' || !booking)
    return (
      <div className="container page">
        {status === 'failed' && loadError?.code === 'not_found' ? (
          <BookingNotFound />
        ) : status === 'failed' ? (
          <ErrorBanner
            message={loadError?.message ?? bookingMessages.readFailed}
            onRetry={canRetry ? () => page.send({ type: 'record.retry' }) : undefined}
          />
        ) : (
          <Spinner label="Loading your booking..." />
        )}
      </div>
    );
  return <BookingView page={page} booking={booking} />;
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

function BookingView({ page, booking }: { page: BookingPageRef; booking: Booking }) {
  const action = useSelector(page, selectAction);
  const actionError = useSelector(page, selectActionError);
  const sending = useSelector(page, selectIsSending);
  const done = useSelector(page, selectDone);
  // What the booking lifecycle allows the customer now: the same chart the server runs.
  const lifecycle = bookingLifecycleOf(booking);
  const can = (type: BookingEventPayload['type']) =>
    lifecycle.can(bookingEventTemplate(type, 'customer', lifecycle));
  const canCancel = can('booking.cancel');
  const canCorrect = can('booking.correctPersons');
  const canReschedule = can('booking.reschedule');
  const canRefund = can('booking.requestRefund');
  const submit = (request: BookingEventPayload) => page.send({ type: 'action.submit', request });
  const close = () => page.send({ type: 'action.close' });
  const open = (which: 'cancel' | 'persons' | 'reschedule' | 'refund') =>
    page.send({ type: 'action.open', action: which });
  const upcoming = upcomingDates(lifecycle);

  return (
    <div className="container page after-sale">
      <div className="after-sale__head">
        <h1>{booking.puja.pujaName}</h1>
        <StatusPill tone={bookingStateTone[booking.status]}>{bookingStateLabels[booking.status]}</StatusPill>
      </div>
      <dl className="after-sale__facts">
        <div>
          <dt>Booking number</dt>
          <dd>{booking.bookingNumber}</dd>
        </div>
        <div>
          <dt>Puja date</dt>
          <dd>
            <time dateTime={booking.puja.pujaDate}>{formatDateTime(booking.puja.pujaDate)}</time>
          </dd>
        </div>
        <div>
          <dt>Temple</dt>
          <dd>{booking.puja.place}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>{booking.package.title}</dd>
        </div>
        {booking.gift && (
          <div>
            <dt>Gift to</dt>
            <dd>
              {booking.address.recipientName ?? 'the recipient'}
              {booking.gift.message !== '' && (
                <span className="after-sale__gift-message"> “{booking.gift.message}”</span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Prasad to</dt>
          <dd>
            <address>{formatAddress(booking.address)}</address>
          </dd>
        </div>
        {booking.offerings.length > 0 && (
          <div>
            <dt>Offerings</dt>
            <dd>
              <ul className="after-sale__offerings">
                {booking.offerings.map((o) => (
                  <li key={o.offeringId}>
                    {o.name} × {o.quantity} ({OFFERING_DELIVERY_LABELS[o.delivery].toLowerCase()}):{' '}
                    {formatRupees(o.amount)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>Paid</dt>
          <dd>{formatRupees(booking.amount)}</dd>
        </div>
      </dl>
      {/* A cancelled, refunded puja will not take place: nothing to put in a calendar. */}
      {booking.status !== 'refundPending' && booking.status !== 'refunded' && (
        <AddToCalendar booking={booking} />
      )}

      {done && doneMessages[done] && (
        <p className="after-sale__done" role="status">
          {doneMessages[done]}
        </p>
      )}

      {booking.refund && (
        <section className="after-sale__card" aria-labelledby="booking-refund">
          <h2 id="booking-refund">Refund</h2>
          <RefundNote refund={booking.refund} />
        </section>
      )}

      {booking.status === 'notPerformed' && (
        <section className="after-sale__card" aria-labelledby="booking-not-performed">
          <h2 id="booking-not-performed">The puja could not be performed</h2>
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
        </section>
      )}

      {booking.proof && (
        <section className="after-sale__card" aria-labelledby="booking-proof">
          <h2 id="booking-proof">Your puja was performed</h2>
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
        </section>
      )}

      {booking.prasad && (
        <section className="after-sale__card" aria-labelledby="booking-prasad">
          <h2 id="booking-prasad">Prasad</h2>
          <p>
            Sent with {booking.prasad.carrier}, tracking number{' '}
            <strong>{booking.prasad.trackingNumber}</strong>
            {booking.status === 'prasadDelivered' && ' · delivered'}
          </p>
          <TrackParcel carrier={booking.prasad.carrier} trackingNumber={booking.prasad.trackingNumber} />
        </section>
      )}

      <section className="after-sale__card" aria-labelledby="booking-persons">
        <h2 id="booking-persons">Persons</h2>
        {!canCorrect && booking.status !== 'refunded' && booking.status !== 'refundPending' && (
          <p className="after-sale__locked">
            The sankalp was locked on {formatDateTime(new Date(bookingLockAt(lifecycle)).toISOString())}
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
            Names and details can be corrected until{' '}
            {formatDateTime(new Date(sankalpLockAt(booking.puja.pujaDate)).toISOString())}, when the sankalp
            is locked.
          </p>
        )}
        {canCancel && (
          <p className="after-sale__hint">
            You can cancel until {formatDateTime(new Date(bookingCancelDeadline(lifecycle)).toISOString())}.
          </p>
        )}
      </section>

      <section className="after-sale__card" aria-labelledby="booking-timeline">
        <h2 id="booking-timeline">Timeline</h2>
        <Timeline entries={booking.timeline} />
      </section>

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
        open={action === 'reschedule'}
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
