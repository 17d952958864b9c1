import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import type { Puja, PujaPackage } from '../../../contract/catalogue.ts';
import type { FamilyProfile } from '../../../contract/family.ts';
import { waitlistMessages, type WaitlistEntry } from '../../../contract/waitlist.ts';
import { formatRupees } from '../../../contract/money.ts';
import { parseNumericId } from '../../../contract/ids.ts';
import { bookingClosesAt } from '../../../contract/policy.ts';
import {
  readWizardPlace,
  WIZARD_STEPS,
  type WizardStep,
} from '../../../machines/puja-wizard/wizard-place.ts';
import { pujaWizardMachine, pujaWizardMessages } from '../../../machines/puja-wizard/puja-wizard.machine.ts';
import {
  selectBooking,
  selectShowClosedNotice,
  selectStep,
  selectWindowActor,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { livePaymentMachine } from '../../live/payment.ts';
import { wizardStepUrl } from '../../live/wizard-step-url.ts';
import { fetchPackages, fetchPuja } from '../../lib/catalogue.ts';
import { fetchFamily } from '../../lib/family.ts';
import { formatDateTime, packagePersons } from '../../lib/format.ts';
import { fetchWaitlist, fetchWaitlistEntry } from '../../lib/waitlist.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Countdown } from '../../ui/countdown.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { AddressStep } from './address-step.tsx';
import { ConfirmationStep } from './confirmation-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { PaymentStep } from './payment-step.tsx';
import { useStepInUrl } from './step-in-url.ts';
import { draftOfWaitlistEntry, wizardDraftStorage } from './wizard-draft.ts';
import type { WizardRef } from './wizard-step-parts.tsx';
import './booking.css';

const stepLabels: Record<WizardStep, string> = {
  details: 'Person Details',
  address: 'Address',
  payment: 'Payment',
  confirmation: 'Confirmation',
};

/** docs/product-rules.md, Persons: a package for N persons takes 1 to N. */

/** The package being booked, as the wizard shows and prices it for display. */
interface ChosenPackage {
  packageId: number;
  packageName: string;
  personCount: number;
  price: number;
}

const chosenFrom = (pkg: PujaPackage): ChosenPackage => ({
  packageId: pkg.id,
  packageName: pkg.title,
  personCount: pkg.noPersons,
  price: pkg.offerPrice,
});

/**
 * /puja-booking/{id}?package={packageId}&step={step}: the four-step booking wizard for a package
 * (docs/product-rules.md, Bookings). Without a package of this puja the customer is sent back to
 * /pujas/{id}. Opened again on the confirmation (a reload after booking), it shows My Bookings.
 */
export function PujaBookingPage() {
  const { id = '' } = useParams<{ id: string }>();
  const search = useSearch();
  const { packageId } = readWizardPlace(search);
  return <PujaBookingRoute key={`${id}:${packageId}`} id={id} packageId={packageId} />;
}

function PujaBookingRoute({ id, packageId }: { id: string; packageId: number | undefined }) {
  const search = useSearch();
  // Read once: the wizard's own confirmation later sets ?step=confirmation too.
  const [openedOn] = useState(() => readWizardPlace(search).step);
  const pujaId = parseNumericId(id);
  if (pujaId === undefined || packageId === undefined) {
    return <Redirect to={`/pujas/${encodeURIComponent(id)}`} replace />;
  }
  if (openedOn === 'confirmation') return <Redirect to="/account/bookings" replace />;
  return <BookingForPuja pujaId={pujaId} packageId={packageId} />;
}

function BookingForPuja({ pujaId, packageId }: { pujaId: number; packageId: number }) {
  // The waitlist offer's link carries its entry (docs/product-rules.md, Waitlist): read once.
  const search = useSearch();
  const [waitlistId] = useState(() => new URLSearchParams(search).get('waitlist'));
  const loaded = useResource((signal) => loadBooking(pujaId, packageId, waitlistId, signal));
  if (loaded.status !== 'loaded' || !loaded.data) {
    return (
      <div className="page container booking">
        <h1 className="booking__title">Book a puja</h1>
        {loaded.status === 'failed' ? (
          <ErrorBanner message={loaded.error ?? 'Failed to load puja details'} onRetry={loaded.retry} />
        ) : (
          <Spinner label="Loading puja details..." />
        )}
      </div>
    );
  }
  const { puja, pkg, offer } = loaded.data;
  if (!pkg) return <Redirect to={`/pujas/${pujaId}`} replace />;
  return <PujaWizard puja={puja} chosen={chosenFrom(pkg)} offer={offer} />;
}

/**
 * The puja, the package and the devotee's waitlist entry for them: the one the offer's link names,
 * or, on a date without places for the package, the offer they hold however they came here
 * (docs/product-rules.md, Waitlist: the places an offer holds are the devotee's to book).
 */
async function loadBooking(
  pujaId: number,
  packageId: number,
  waitlistId: string | null,
  signal: AbortSignal,
) {
  const [puja, packages, linked] = await Promise.all([
    fetchPuja(String(pujaId), signal),
    fetchPackages(String(pujaId), signal),
    waitlistId === null ? null : fetchWaitlistEntry(waitlistId, signal),
  ]);
  const pkg = packages.find((p) => p.id === packageId);
  const isFor = (entry: WaitlistEntry | null | undefined) =>
    entry && entry.pujaId === pujaId && entry.draft.packageId === packageId ? entry : null;
  const short = pkg !== undefined && puja.placesLeft !== null && puja.placesLeft < pkg.noPersons;
  const offer =
    isFor(linked) ??
    (short && waitlistId === null
      ? // Without the list, the page still opens: the date then offers its waitlist, not the offer.
        isFor((await fetchWaitlist(signal).catch(() => [])).find((e) => e.status === 'offered' && isFor(e)))
      : null);
  return { puja, pkg, offer };
}

/** The customer's saved family, for one-tap filling; the wizard works without it. */
function useFamily(): FamilyProfile[] {
  const family = useResource(fetchFamily);
  return family.data ?? [];
}

function PujaWizard({
  puja,
  chosen,
  offer,
}: {
  puja: Puja;
  chosen: ChosenPackage;
  /** The devotee's waitlist entry for this date and package, when they came from its offer. */
  offer: WaitlistEntry | null;
}) {
  const heldForMe = offer?.status === 'offered';
  const [stepUrl] = useState(() => wizardStepUrl(puja.id, chosen.packageId));
  const [machine] = useState(() =>
    pujaWizardMachine.provide({
      actors: { payment: livePaymentMachine },
      actions: {
        saveDraft: (_, draft) => wizardDraftStorage.write(draft),
        clearDraft: (_, { pujaId, packageId }) => wizardDraftStorage.clear(pujaId, packageId),
        showStep: (_, shown) => stepUrl.show(shown),
      },
    }),
  );
  const [draft] = useState(() =>
    heldForMe ? draftOfWaitlistEntry(offer) : wizardDraftStorage.read(puja.id, chosen.packageId),
  );
  const wizard = useActorRef(machine, {
    input: {
      pujaId: puja.id,
      ...chosen,
      closesAt: bookingClosesAt(puja.pujaDate),
      draft,
      offerings: puja.offerings ?? [],
      // The places an offer holds for this devotee are counted as taken for everyone else.
      placesLeft:
        puja.placesLeft === null ? null : puja.placesLeft + (heldForMe ? offer.draft.persons.length : 0),
    },
  });
  const family = useFamily();
  const step = useSelector(wizard, selectStep);
  const booking = useSelector(wizard, selectBooking);
  const showClosed = useSelector(wizard, selectShowClosedNotice);
  const windowRef = useSelector(wizard, selectWindowActor);
  const goBack = useStepInUrl(wizard, puja.id);

  return (
    <div className="page container booking">
      <header className="booking__head">
        <p className="booking__eyebrow">Puja booking</p>
        <h1 className="booking__title">{puja.pujaName}</h1>
        <p className="booking__package">
          {chosen.packageName} · for {packagePersons(chosen.personCount)} ·{' '}
          {/* Once booked, what was paid (offerings included), not the package's price. */}
          {booking ? `Paid ${formatRupees(booking.amount)}` : formatRupees(chosen.price)}
        </p>
        {windowRef && step !== 'confirmation' && <Countdown windowRef={windowRef} variant="inline" />}
      </header>
      <WizardProgress step={step} />
      {showClosed && <ErrorBanner message={pujaWizardMessages.closed} />}
      {offer && step !== 'confirmation' && <WaitlistOfferNote entry={offer} />}
      <WizardStepView wizard={wizard} step={step} puja={puja} family={family} onBack={goBack} />
    </div>
  );
}

/** What the offer's link says of the devotee's place: held until when, or why it is not any more. */
function WaitlistOfferNote({ entry }: { entry: WaitlistEntry }) {
  const text =
    entry.status === 'offered' && entry.offerExpiresAt
      ? waitlistMessages.offeredPayBy(formatDateTime(entry.offerExpiresAt))
      : waitlistMessages[entry.status];
  return (
    <p className={`waitlist-note waitlist-note--${entry.status}`} role="status">
      {text}
    </p>
  );
}

function WizardProgress({ step }: { step: WizardStep }) {
  const current = WIZARD_STEPS.indexOf(step);
  return (
    <ol className="wizard-progress" aria-label="Booking steps">
      {WIZARD_STEPS.map((s, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={s}
            className={`wizard-progress__step wizard-progress__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="wizard-progress__number" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="wizard-progress__label">
              {stepLabels[s]}
              {state === 'done' && <span className="visually-hidden"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Shows the current step and moves focus to its heading whenever the step changes. */
function WizardStepView({
  wizard,
  step,
  puja,
  family,
  onBack,
}: {
  wizard: WizardRef;
  step: WizardStep;
  puja: Puja;
  family: FamilyProfile[];
  onBack: () => void;
}) {
  const [, navigate] = useLocation();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);

  switch (step) {
    case 'details':
      return <DetailsStep wizard={wizard} headingRef={heading} family={family} />;
    case 'address':
      return <AddressStep wizard={wizard} headingRef={heading} onBack={onBack} />;
    case 'payment':
      return <PaymentStep wizard={wizard} puja={puja} headingRef={heading} onBack={onBack} />;
    case 'confirmation':
      return (
        <ConfirmationStep
          wizard={wizard}
          headingRef={heading}
          onViewBookings={() => navigate('/account/bookings')}
        />
      );
  }
}
