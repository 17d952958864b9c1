import { useState } from 'react';
import { Link } from 'wouter';
import type { PujaDate } from '../../../../contract/catalogue.ts';
import {
  DateRadios,
  firstOpenDate,
  OtherOpenDates,
  personsText,
} from '../../../ui/after-sale/date-choices.tsx';
import type { AdminBooking } from '../../../../contract/admin/bookings.ts';
import { indiaDay } from '../../../../contract/india-time.ts';
import { MAX_OFFERED_DATES, MAX_PROOF_PHOTOS, uploadPath } from '../../../../contract/lifecycle.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { performableFrom, policyText } from '../../../../contract/policy.ts';
import { OFFERING_DELIVERY_LABELS } from '../../../../contract/puja-offering.ts';
import { liveRecordMachine, useStaffRecord } from '../../../live/admin.ts';
import { fetchStaffBooking, sendStaffBookingEvent } from '../../../lib/admin/bookings.ts';
import { countOf, formatCalendarDay, formatClockTime, formatInstant } from '../../../lib/format.ts';
import { uploadUrl } from '../../../lib/uploads.ts';
import { formText } from '../../../ui/after-sale/action-dialog.tsx';
import { PersonFields, personsFrom } from '../../../ui/after-sale/person-fields.tsx';
import { BookingStatePill } from '../../../ui/status-pill.tsx';
import { DialogFields } from '../parts/dialog-fields.tsx';
import { istInputToIso, type FieldSpec } from '../parts/form-field.tsx';
import {
  actionLabels,
  Field,
  ReasonField,
  reasonRequest,
  StepDialog,
  type StepRequest,
} from '../parts/record-parts.tsx';
import {
  LifecycleColumns,
  LifecycleHead,
  Panel,
  ReasonDialog,
  RecordLoading,
  RefundDialog,
  ShipDialog,
  useRecordTitle,
} from '../shared/lifecycle-record.tsx';
import { TableHead } from '../parts/list-parts.tsx';

/** Up to three new dates offered when a puja could not be performed. */
const offeredDateSpecs: FieldSpec[] = [1, 2, 3].map((n) => ({
  name: `date${n}`,
  label: `New date ${n} (IST, optional)`,
  kind: 'datetime',
}));

/** The files chosen in a file input of the submitted form. */
const formFiles = (element: HTMLFormElement, name: string): File[] => {
  const input = element.elements.namedItem(name);
  return input instanceof HTMLInputElement ? [...(input.files ?? [])] : [];
};

const BOOKING_ACTIONS = [
  'booking.perform',
  'booking.shipPrasad',
  'booking.deliverPrasad',
  'booking.markNotPerformed',
  'refund.completed',
  'booking.correctPersons',
  'booking.changeDate',
  'booking.cancel',
] as const;

/** A booking's page: the booking, and a lifecycle step (`booking.perform` uploads its photos first). */
const bookingMachine = liveRecordMachine(
  (id, signal): Promise<AdminBooking> => fetchStaffBooking(id, signal),
  (id, _step: (typeof BOOKING_ACTIONS)[number], request: StepRequest, signal) =>
    sendStaffBookingEvent(id, request, signal),
);

/**
 * Why "Mark performed" is not offered yet on a locked booking: it opens PERFORM_EARLY_MINUTES
 * before the puja (docs/product-rules.md, Orders and bookings after the sale).
 */
function PerformOpensAt({ booking }: { booking: AdminBooking }) {
  // The server's chart decides: locked, and "performed" not among the steps it allows now.
  if (booking.status !== 'sankalpLocked' || booking.allowedEvents.includes('booking.perform')) return null;
  const opensAt = performableFrom(booking.puja.pujaDate);
  return (
    <p className="bo-muted">
      “{actionLabels['booking.perform']}” opens at {formatInstant(opensAt)}, {policyText.performEarly} before
      the puja.
    </p>
  );
}

/** The other open dates of the booking's puja, with their places and lowest price (docs/product-rules.md, Rescheduling). */
function StaffDateChoices({ booking }: { booking: AdminBooking }) {
  return (
    <OtherOpenDates pujaId={booking.puja.id}>
      {(list) => <StaffDateRadios dates={list} persons={booking.persons.length} />}
    </OtherOpenDates>
  );
}

function StaffDateRadios({ dates, persons }: { dates: PujaDate[]; persons: number }) {
  const [chosen, setChosen] = useState<number | null>(() => firstOpenDate(dates, persons));
  return (
    <>
      <DateRadios
        dates={dates}
        persons={persons}
        chosen={chosen}
        onChoose={setChosen}
        extra={(date) => (date.lowestPrice === null ? '' : ` · from ${formatRupees(date.lowestPrice)}`)}
      />
      {chosen === null && (
        <p className="bo-muted" role="status">
          Every other date is fully booked for {personsText(persons)}.
        </p>
      )}
    </>
  );
}

/** One booking for staff: the devotees, the puja, its timeline and its next step. */
export function BookingPage({ id }: { id: number }) {
  const page = useStaffRecord(bookingMachine, id);
  const booking = page.record;
  useRecordTitle(booking ? `Booking ${booking.bookingNumber}` : undefined);
  if (page.loadError || !booking) return <RecordLoading page={page} label="Loading the booking..." />;
  return (
    <>
      <LifecycleHead
        done={page.done}
        back={['/admin/bookings', 'Bookings']}
        title={`Booking ${booking.bookingNumber}`}
        what={`${booking.puja.pujaName} ·`}
        at={booking.puja.pujaDate}
        pill={<BookingStatePill state={booking.status} />}
        actions={
          <Link href={`/admin/sankalp?date=${indiaDay(booking.puja.pujaDate)}`} className="button">
            Sankalp sheet for the day
          </Link>
        }
      />
      <LifecycleColumns
        page={page}
        prefix="booking"
        record={booking}
        known={BOOKING_ACTIONS}
        whyNot={<PerformOpensAt booking={booking} />}
        customerTitle="Customer and prasad address"
        customerNote={
          <p>
            Paid {formatRupees(booking.amount)} online ({booking.paymentStatus})
          </p>
        }
      >
        <Panel
          id="booking-persons"
          title={`Devotees (${booking.package.title}, ${booking.persons.length} of ${booking.package.noPersons})`}
        >
          <table className="bo-table">
            <TableHead columns={['Name', 'Gothra', 'Nakshatra', 'Raashi', 'Born']} />
            <tbody>
              {booking.persons.map((person, i) => (
                <tr key={i}>
                  <td>{person.name}</td>
                  <td>{person.gothra}</td>
                  <td>{person.nakshatra ?? 'Not known'}</td>
                  <td>{person.raashi}</td>
                  <td>
                    {formatCalendarDay(person.dateOfBirth)}
                    {person.birthTime ? `, ${formatClockTime(person.birthTime)}` : ', time not known'}
                    <div className="bo-muted">{person.birthPlace ?? 'Place not known'}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
        {booking.offerings.length > 0 && (
          <Panel id="booking-offerings" title="Chadhava offerings">
            <ul className="bo-offerings">
              {booking.offerings.map((offering) => (
                <li key={offering.offeringId}>
                  {offering.name} × {offering.quantity} {offering.unit} ·{' '}
                  {OFFERING_DELIVERY_LABELS[offering.delivery]} · {formatRupees(offering.amount)}
                </li>
              ))}
            </ul>
          </Panel>
        )}
        {booking.gift && (
          <Panel id="booking-gift" title="A gift">
            <p>The prasad goes to the address below, not to the customer.</p>
            {booking.gift.message ? (
              <p>
                Prasad card: <q>{booking.gift.message}</q>
              </p>
            ) : (
              <p className="bo-muted">No message for the prasad card.</p>
            )}
          </Panel>
        )}
        {booking.proof && (
          <Panel id="booking-proof" title="Proof">
            <a
              href={
                booking.proof.videoUrl.startsWith('/')
                  ? uploadUrl(booking.proof.videoUrl)
                  : booking.proof.videoUrl
              }
              target="_blank"
              rel="noreferrer"
            >
              The puja’s video
            </a>
            {booking.proof.photoIds.length > 0 && (
              <>
                <p className="bo-muted">{countOf(booking.proof.photoIds.length, 'photo')}</p>
                <ul className="bo-photos" aria-label="Photos of the puja">
                  {booking.proof.photoIds.map((photoId, i) => (
                    <li key={photoId}>
                      <a href={uploadUrl(uploadPath(photoId))} target="_blank" rel="noreferrer">
                        <img
                          src={uploadUrl(uploadPath(photoId))}
                          alt={`Proof photo ${i + 1}`}
                          width={96}
                          height={96}
                          loading="lazy"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Panel>
        )}
      </LifecycleColumns>
      <StepDialog
        page={page}
        type="booking.perform"
        description={`The puja was performed. The customer sees the video (from its YouTube or Vimeo link, or the link of a video already in this shop’s uploads) and up to ${MAX_PROOF_PHOTOS} photos.`}
        toRequest={(form, element) => ({
          videoUrl: formText(form, 'videoUrl'),
          photos: formFiles(element, 'photos'),
        })}
      >
        <Field label="Video link" name="videoUrl">
          <input
            id="action-videoUrl"
            name="videoUrl"
            className="input"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            required
          />
        </Field>
        <Field label={`Photos (optional, up to ${MAX_PROOF_PHOTOS})`} name="photos">
          <input
            id="action-photos"
            name="photos"
            className="input"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            // More photos than the proof keeps stops the form with a message, nothing dropped unseen.
            onChange={(event) =>
              event.currentTarget.setCustomValidity(
                event.currentTarget.files && event.currentTarget.files.length > MAX_PROOF_PHOTOS
                  ? `Choose up to ${MAX_PROOF_PHOTOS} photos`
                  : '',
              )
            }
          />
        </Field>
      </StepDialog>
      <ShipDialog
        page={page}
        type="booking.shipPrasad"
        description="The prasad is on its way. The customer sees the carrier, the tracking number and a link to track it."
      />
      <StepDialog page={page} type="booking.deliverPrasad" description="The prasad reached the devotee." />
      <StepDialog
        page={page}
        type="booking.markNotPerformed"
        description={`Say why, and offer up to ${MAX_OFFERED_DATES} new dates (each more than ${policyText.sankalpLock} away). The customer chooses one or a refund.`}
        toRequest={(form) => ({
          ...reasonRequest(form),
          offeredDates: ['date1', 'date2', 'date3']
            .map((name) => formText(form, name))
            .filter(Boolean)
            .map(istInputToIso),
        })}
        danger
      >
        <ReasonField />
        <DialogFields prefix="action" specs={offeredDateSpecs} />
      </StepDialog>
      <RefundDialog page={page} description="Record the refund’s reference." />
      <StepDialog
        page={page}
        type="booking.correctPersons"
        description={`Correct the names, gothras and birth details until the sankalp locks (${policyText.sankalpLock} before the puja). The priests recite them exactly as they are here.`}
        toRequest={(form) => ({ persons: personsFrom(form, booking.persons) })}
      >
        {booking.persons.map((person, i) => (
          <PersonFields key={i} index={i} count={booking.persons.length} person={person} />
        ))}
      </StepDialog>
      <StepDialog
        page={page}
        type="booking.changeDate"
        description={`Move the booking to another open date of this puja, with the same devotees and offerings, until the sankalp locks (${policyText.sankalpLock} before the puja). A cheaper date’s difference is refunded to the customer through the gateway; a dearer date’s is waived.`}
        toRequest={(form) => ({ pujaId: Number(formText(form, 'pujaId')) })}
      >
        <StaffDateChoices booking={booking} />
      </StepDialog>
      <ReasonDialog
        page={page}
        type="booking.cancel"
        description="The booking is cancelled before the sankalp locks, and refunded through the gateway."
      />
    </>
  );
}
