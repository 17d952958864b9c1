import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { bookingMessages } from '../../../contract/booking.ts';
import type { Puja } from '../../../contract/catalogue.ts';
import { waitlistMessages } from '../../../contract/waitlist.ts';
import { bookingDraftNow } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { waitlistSpotMachine } from '../../../machines/waitlist-spot/waitlist-spot.machine.ts';
import {
  selectSpotBusy,
  selectSpotEntry,
  selectSpotError,
} from '../../../machines/waitlist-spot/waitlist-spot.selectors.ts';
import { fromPromise } from 'xstate';
import { joinWaitlist } from '../../lib/waitlist.ts';
import { ErrorBanner } from '../../ui/status.tsx';
import type { WizardRef } from './wizard-step-parts.tsx';

const liveSpotMachine = waitlistSpotMachine.provide({
  actors: { join: fromPromise(({ input, signal }) => joinWaitlist(input.draft, signal)) },
});

/**
 * The Payment step of a full date (docs/product-rules.md, Waitlist): instead of paying, the
 * devotee joins the date's waitlist with what they chose, and is told their place in line.
 */
export function WaitlistJoin({
  wizard,
  puja,
  placesLeft,
}: {
  wizard: WizardRef;
  puja: Puja;
  /** The places left for this devotee, fewer than the persons named (0: fully booked). */
  placesLeft: number;
}) {
  const spot = useActorRef(liveSpotMachine, { input: { entry: null } });
  const entry = useSelector(spot, selectSpotEntry);
  const error = useSelector(spot, selectSpotError);
  const busy = useSelector(spot, selectSpotBusy);
  const titleId = useId();
  return (
    <section className="waitlist-join" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {entry
          ? waitlistMessages.joined
          : placesLeft > 0
            ? bookingMessages.full(placesLeft)
            : waitlistMessages.full}
      </h3>
      {entry ? (
        <>
          <p role="status">
            {entry.position !== null ? waitlistMessages.position(entry.position) : waitlistMessages.waiting}{' '}
            for {puja.pujaName}.
          </p>
          <Link href="/account/bookings" className="button">
            See your waitlists
          </Link>
        </>
      ) : (
        <>
          {placesLeft > 0 && <p>{waitlistMessages.fewerPersons}</p>}
          <p>{waitlistMessages.joinHint}</p>
          {error !== null && <ErrorBanner message={error} />}
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => spot.send({ type: 'waitlist.join', draft: bookingDraftNow(wizard.getSnapshot()) })}
          >
            {busy ? 'Joining...' : waitlistMessages.join}
          </button>
        </>
      )}
    </section>
  );
}
