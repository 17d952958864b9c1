import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { waitlistMessages, type WaitlistEntry } from '../../../contract/waitlist.ts';
import { pujaBookingPath } from '../../../machines/puja-wizard/wizard-place.ts';
import { waitlistSpotMachine } from '../../../machines/waitlist-spot/waitlist-spot.machine.ts';
import {
  selectCanLeave,
  selectSpotBusy,
  selectSpotEntry,
  selectSpotError,
} from '../../../machines/waitlist-spot/waitlist-spot.selectors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { fetchWaitlist, leaveWaitlist } from '../../lib/waitlist.ts';
import { Fact, Instant } from '../../ui/fact.tsx';
import { ErrorBanner } from '../../ui/status.tsx';

const liveSpotMachine = waitlistSpotMachine.provide({
  actors: { leave: fromPromise(({ input, signal }) => leaveWaitlist(input.id, signal)) },
});

/**
 * The devotee's waitlists (docs/product-rules.md, Waitlist), above their bookings: each entry's
 * state, its place in line, "Pay now" while a place is held, and leaving. Shown only when there is one.
 */
export function WaitlistList() {
  const entries = useResource(fetchWaitlist);
  const titleId = useId();
  if (!entries.data || entries.data.length === 0) return null;
  return (
    <section className="waitlists" aria-labelledby={titleId}>
      <h3 id={titleId}>{waitlistMessages.title}</h3>
      <ul className="order-list">
        {entries.data.map((entry) => (
          <WaitlistRow key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

/** What an entry's state says: its place in line, the pay-by time, or how it ended. */
function stateText(entry: WaitlistEntry): string {
  if (entry.status === 'waiting' && entry.position !== null) return waitlistMessages.position(entry.position);
  if (entry.status === 'offered' && entry.offerExpiresAt)
    return waitlistMessages.offeredPayBy(formatDateTime(entry.offerExpiresAt));
  // Lapsed without an offer: the line closed before the date's booking did (docs/product-rules.md, Waitlist).
  if (entry.status === 'lapsed' && entry.offerExpiresAt === null) return waitlistMessages.closed;
  return waitlistMessages[entry.status];
}

function WaitlistRow({ entry: read }: { entry: WaitlistEntry }) {
  const spot = useActorRef(liveSpotMachine, { input: { entry: read } });
  const entry = useSelector(spot, selectSpotEntry) ?? read;
  const canLeave = useSelector(spot, selectCanLeave);
  const busy = useSelector(spot, selectSpotBusy);
  const error = useSelector(spot, selectSpotError);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="order-row waitlist-row">
      <div className="order-row__main">
        <h4 className="booking-row__puja">
          <Link href={`/pujas/${entry.pujaId}`}>{entry.pujaName}</Link>
        </h4>
        <span className="order-row__date" role="status">
          {stateText(entry)}
        </span>
      </div>
      <dl className="order-row__facts">
        <Fact term="Puja date">
          <Instant at={entry.pujaDate} />
        </Fact>
        <Fact term="Persons">{entry.draft.persons.length}</Fact>
      </dl>
      <div className="waitlist-row__actions">
        {entry.status === 'offered' && (
          <Link
            href={`${pujaBookingPath(entry.pujaId, entry.draft.packageId, 'payment')}&waitlist=${entry.id}`}
            className="button button--primary"
          >
            {waitlistMessages.payNow}
          </Link>
        )}
        {canLeave && !confirming && (
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            {waitlistMessages.leave}
          </button>
        )}
        {canLeave && confirming && (
          <div className="waitlist-row__confirm" role="group" aria-label={waitlistMessages.leave}>
            <p>{waitlistMessages.leaveConfirm}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => spot.send({ type: 'waitlist.leave' })}
            >
              Yes, leave
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)}>
              Keep my place
            </button>
          </div>
        )}
      </div>
      {error !== null && <ErrorBanner message={error} />}
    </li>
  );
}
