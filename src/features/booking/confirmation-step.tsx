import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Booking } from '../../../contract/booking.ts';
import { PUJA_DELIVERABLES } from '../../../contract/catalogue-display.ts';
import { formatRupees } from '../../../contract/money.ts';
import { policyText, sankalpLockAt } from '../../../contract/policy.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { selectBooking } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AddToCalendar } from '../../ui/add-to-calendar.tsx';
import { BookedOfferings } from './offerings.tsx';
import { PersonNames, StepHeading, type HeadingRef, type WizardRef } from './wizard-step-parts.tsx';

/* ------------------------------------------------------------------------------------------
 * Step 4: Confirmation
 * ---------------------------------------------------------------------------------------- */

export function ConfirmationStep({
  wizard,
  headingRef,
  onViewBookings,
}: {
  wizard: WizardRef;
  headingRef: HeadingRef;
  onViewBookings: () => void;
}) {
  const booking = useSelector(wizard, selectBooking);
  const titleId = useId();
  if (!booking) return null;
  return (
    <section className="booking-step booking-confirmation" aria-labelledby={titleId}>
      <div className="booking-confirmation__head">
        <span className="booking-confirmation__icon" aria-hidden="true">
          ✓
        </span>
        <StepHeading headingRef={headingRef} id={titleId}>
          Booking Confirmed!
        </StepHeading>
        <p className="booking-confirmation__number">
          Booking number: <strong>{booking.bookingNumber}</strong>
        </p>
      </div>
      <dl className="booking-summary">
        <div>
          <dt>Puja</dt>
          <dd>{booking.puja.pujaName}</dd>
        </div>
        <div>
          <dt>Puja date</dt>
          <dd>{formatDateTime(booking.puja.pujaDate)}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>{booking.package.title}</dd>
        </div>
        <div>
          <dt>Persons</dt>
          <dd>
            <PersonNames names={booking.persons.map((p) => p.name)} />
          </dd>
        </div>
        <div>
          <dt>{booking.gift ? 'Gift to' : 'Address'}</dt>
          <dd>{formatAddress(booking.address)}</dd>
        </div>
        {booking.gift && booking.gift.message !== '' && (
          <div>
            <dt>Prasad card</dt>
            <dd>“{booking.gift.message}”</dd>
          </div>
        )}
        {booking.offerings.length > 0 && (
          <div>
            <dt>Offerings</dt>
            <dd>
              <BookedOfferings offerings={booking.offerings} />
            </dd>
          </div>
        )}
        <div className="booking-summary__total">
          <dt>Amount paid</dt>
          <dd>{formatRupees(booking.amount)}</dd>
        </div>
      </dl>
      <WhatHappensNext booking={booking} />
      <AddToCalendar booking={booking} />
      <div className="booking-step__actions">
        <Link href={`/account/bookings/${booking.id}`} className="button button--primary">
          View this booking
        </Link>
        <button type="button" className="button" onClick={onViewBookings}>
          View My Bookings
        </button>
      </div>
    </section>
  );
}

/** The days within which a deliverable of the puja's page comes (docs/product-rules.md, Pujas). */
function deliverableDays(item: string): string {
  const found = PUJA_DELIVERABLES.find((d) => d.item === item);
  return found ? `${found.minDays}–${found.maxDays} days` : '';
}

/**
 * What follows the booking (docs/product-rules.md, Orders and bookings after the sale): the names
 * lock, the puja, its proof on the booking's page, the prasad, with the figures of
 * contract/policy.ts and contract/catalogue-display.ts.
 */
function WhatHappensNext({ booking }: { booking: Booking }) {
  const titleId = useId();
  const lockAt = new Date(sankalpLockAt(booking.puja.pujaDate)).toISOString();
  return (
    <section className="booking-next" aria-labelledby={titleId}>
      <h3 id={titleId}>What happens next</h3>
      <ol>
        <li>
          Until {formatDateTime(lockAt)} ({policyText.sankalpLock} before the puja) you can correct the names
          and details on your booking’s page. Then the sankalp is locked.
        </li>
        <li>
          On {formatDateTime(booking.puja.pujaDate)} the priests perform the puja at {booking.puja.place},
          reciting your sankalp.
        </li>
        <li>
          Photos and a video of the puja appear on your booking’s page within{' '}
          {deliverableDays('Proof of the puja')} of the puja.
        </li>
        <li>
          The prasad is shipped to {booking.gift ? 'the recipient' : 'your address'} and arrives within{' '}
          {deliverableDays('Prasad')} of the puja.
        </li>
      </ol>
    </section>
  );
}
