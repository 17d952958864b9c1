import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import {
  EARLIEST_DATE_OF_BIRTH,
  localToday,
  NAKSHATRA_OPTIONS,
  nakshatraLabel,
  RAASHI_OPTIONS,
  raashiLabel,
  type NotKnownField,
  type PersonField,
} from '../../../contract/booking.ts';
import type { Puja, PujaPackage } from '../../../contract/catalogue.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import {
  previousStep,
  pujaBookingPath,
  readWizardPlace,
} from '../../../machines/puja-wizard/wizard-place.ts';
import {
  pujaWizardMachine,
  pujaWizardMessages,
  WIZARD_STEPS,
  type WizardStep,
} from '../../../machines/puja-wizard/puja-wizard.machine.ts';
import {
  selectAddress,
  selectAddressError,
  selectAddressId,
  selectBooking,
  selectCanCopyGothra,
  selectCanGoBack,
  selectCanPay,
  selectError,
  selectFieldError,
  selectPackageName,
  selectPaymentActor,
  selectNotKnown,
  selectPersonCount,
  selectPersons,
  selectPersonValue,
  selectPrice,
  selectRefusedNextCount,
  selectResumeAt,
  selectShowClosedNotice,
  selectStep,
  selectWindowActor,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { livePaymentMachine } from '../../app/payment.ts';
import { fetchPackages, fetchPuja } from '../../lib/catalogue.ts';
import { formatRupees } from '../../../contract/money.ts';
import { formatLongDate } from '../../lib/format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Countdown } from '../../ui/countdown.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { parseNumericId } from '../../../contract/ids.ts';
import { AddressPicker } from '../../ui/address-picker/address-picker.tsx';
import { PaymentStep as PaymentOptions } from '../../ui/payment-step/payment-step.tsx';
import { wizardDraftStorage } from './wizard-draft.ts';
import './booking.css';

type WizardRef = ActorRefFrom<typeof pujaWizardMachine>;
type HeadingRef = RefObject<HTMLHeadingElement | null>;

const stepLabels: Record<WizardStep, string> = {
  details: 'Person Details',
  address: 'Address',
  payment: 'Payment',
  confirmation: 'Confirmation',
};

const personsText = (n: number) => `${n} ${n === 1 ? 'person' : 'persons'}`;

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
  const loaded = useResource((signal) =>
    Promise.all([fetchPuja(String(pujaId), signal), fetchPackages(String(pujaId), signal)]),
  );
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
  const [puja, packages] = loaded.data;
  const pkg = packages.find((p) => p.id === packageId);
  if (!pkg) return <Redirect to={`/pujas/${pujaId}`} replace />;
  return <PujaWizard puja={puja} chosen={chosenFrom(pkg)} />;
}

function PujaWizard({ puja, chosen }: { puja: Puja; chosen: ChosenPackage }) {
  const [, navigate] = useLocation();
  const [machine] = useState(() =>
    pujaWizardMachine.provide({
      actors: { payment: livePaymentMachine },
      actions: {
        saveDraft: (_, draft) => wizardDraftStorage.write(draft),
        clearDraft: (_, { pujaId, packageId }) => wizardDraftStorage.clear(pujaId, packageId),
      },
    }),
  );
  const [draft] = useState(() => wizardDraftStorage.read(puja.id, chosen.packageId));
  const wizard = useActorRef(machine, {
    input: { pujaId: puja.id, ...chosen, closesAt: puja.pujaDate, draft },
  });
  const step = useSelector(wizard, selectStep);
  const personCount = useSelector(wizard, selectPersonCount);
  const showClosed = useSelector(wizard, selectShowClosedNotice);
  const windowRef = useSelector(wizard, selectWindowActor);
  const goBack = useStepInUrl(wizard, puja.id, chosen.packageId, step);

  return (
    <div className="page container booking">
      <header className="booking__head">
        <p className="booking__eyebrow">Puja booking</p>
        <h1 className="booking__title">{puja.pujaName}</h1>
        <p className="booking__package">
          {chosen.packageName} · {personsText(personCount)} · {formatRupees(chosen.price)}
        </p>
        {windowRef && step !== 'confirmation' && <Countdown windowRef={windowRef} variant="inline" />}
      </header>
      <WizardProgress step={step} />
      {showClosed && <ErrorBanner message={pujaWizardMessages.closed} />}
      <WizardStepView
        wizard={wizard}
        step={step}
        puja={puja}
        onBack={goBack}
        onViewBookings={() => navigate('/account/bookings')}
      />
    </div>
  );
}

/** History state on an entry the wizard pushed: the step it was pushed from. */
interface PushedStep {
  wizardFrom: WizardStep;
}
const pushedFrom = (state: unknown) => (state as Partial<PushedStep> | null)?.wizardFrom;

const isPaymentBusy = (wizard: WizardRef) =>
  wizard.getSnapshot().children.payment?.getSnapshot().hasTag('busy') ?? false;

/**
 * Keeps the URL's `?step=` and the wizard's step together (docs/product-rules.md, Bookings):
 * - the URL moved (browser Back or Forward, a reload): the machine is asked (`step.requested`)
 *   and the URL is corrected to wherever it stays;
 * - the machine moved (Next, Back, paid): a step forward gets its own history entry, the
 *   confirmation replaces Payment's, a step back replaces the entry.
 * Back or Forward away from the confirmation leaves the wizard for the puja's page: the booking
 * is made. Returns the in-page Back, which is the browser's Back when the entry before is the
 * previous step, so the history stays in order.
 */
function useStepInUrl(wizard: WizardRef, pujaId: number, packageId: number, step: WizardStep) {
  const [, navigate] = useLocation();
  const urlStep = readWizardPlace(useSearch()).step;
  const resumeAt = useSelector(wizard, selectResumeAt);
  const followed = useRef<WizardStep | null>(null);

  useEffect(() => {
    const go = (to: WizardStep, push: boolean) =>
      navigate(pujaBookingPath(pujaId, packageId, to), {
        replace: !push,
        state: push ? ({ wizardFrom: urlStep } satisfies PushedStep) : (window.history.state as unknown),
      });
    if (urlStep !== followed.current) {
      followed.current = urlStep;
      const current = selectStep(wizard.getSnapshot());
      if (current === urlStep) return;
      if (current === 'confirmation') {
        navigate(`/pujas/${pujaId}`, { replace: true });
        return;
      }
      // Paying cannot be walked away from: the URL returns to Payment.
      if (!isPaymentBusy(wizard)) wizard.send({ type: 'step.requested', step: urlStep });
      const now = selectStep(wizard.getSnapshot());
      // On its way (a reload on Payment waits for its address): the URL waits too.
      if (now !== urlStep && selectResumeAt(wizard.getSnapshot()) !== urlStep) {
        followed.current = now;
        go(now, false);
      }
      return;
    }
    if (step === urlStep || resumeAt === urlStep) return;
    const forward = WIZARD_STEPS.indexOf(step) > WIZARD_STEPS.indexOf(urlStep) && step !== 'confirmation';
    followed.current = step;
    go(step, forward);
  }, [wizard, navigate, pujaId, packageId, urlStep, step, resumeAt]);

  return useCallback(() => {
    const current = selectStep(wizard.getSnapshot());
    const previous = previousStep(current);
    if (previous !== undefined && pushedFrom(window.history.state) === previous) window.history.back();
    else wizard.send({ type: 'wizard.back' });
  }, [wizard]);
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
  onBack,
  onViewBookings,
}: {
  wizard: WizardRef;
  step: WizardStep;
  puja: Puja;
  onBack: () => void;
  onViewBookings: () => void;
}) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);

  switch (step) {
    case 'details':
      return <DetailsStep wizard={wizard} headingRef={heading} />;
    case 'address':
      return <AddressStep wizard={wizard} headingRef={heading} onBack={onBack} />;
    case 'payment':
      return <PaymentStep wizard={wizard} puja={puja} headingRef={heading} onBack={onBack} />;
    case 'confirmation':
      return <ConfirmationStep wizard={wizard} headingRef={heading} onViewBookings={onViewBookings} />;
  }
}

function StepHeading({
  headingRef,
  id,
  children,
}: {
  headingRef: HeadingRef;
  id: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1} className="booking-step__title">
      {children}
    </h2>
  );
}

/* ------------------------------------------------------------------------------------------
 * Step 1: Person Details
 * ---------------------------------------------------------------------------------------- */

function DetailsStep({ wizard, headingRef }: { wizard: WizardRef; headingRef: HeadingRef }) {
  const count = useSelector(wizard, selectPersonCount);
  const refused = useSelector(wizard, selectRefusedNextCount);
  const form = useRef<HTMLFormElement | null>(null);
  const titleId = useId();

  // After a refused Next, the first field in error takes focus: its message is read with it.
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  return (
    <form
      ref={form}
      className="booking-step"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        wizard.send({ type: 'wizard.next' });
      }}
    >
      <StepHeading headingRef={headingRef} id={titleId}>
        Person Details
      </StepHeading>
      <p className="booking-step__hint">
        The priest recites these details in the sankalpam, so please enter them for every person the puja is
        performed for. All fields are required; if a birth time or birth place is not known, tick the box
        below it.
      </p>
      {Array.from({ length: count }, (_, index) => (
        <PersonFieldset key={index} wizard={wizard} index={index} count={count} />
      ))}
      <div className="booking-step__actions">
        <button type="submit" className="button button--primary">
          Next
        </button>
      </div>
    </form>
  );
}

function PersonFieldset({ wizard, index, count }: { wizard: WizardRef; index: number; count: number }) {
  const today = localToday();
  return (
    <fieldset className="person-card">
      <legend className="person-card__legend">
        Person {index + 1} of {count}
      </legend>
      <div className="person-card__grid">
        <PersonInput wizard={wizard} index={index} field="name" label="Name" />
        <PersonInput
          wizard={wizard}
          index={index}
          field="dateOfBirth"
          label="Date of birth"
          type="date"
          min={EARLIEST_DATE_OF_BIRTH}
          max={today}
        />
        <PersonInput wizard={wizard} index={index} field="birthTime" label="Birth time" type="time" />
        <PersonInput wizard={wizard} index={index} field="birthPlace" label="Birth place" />
        <PersonSelect
          wizard={wizard}
          index={index}
          field="raashi"
          label="Raashi"
          placeholder="Select raashi"
          options={RAASHI_OPTIONS}
          optionLabel={raashiLabel}
        />
        <PersonSelect
          wizard={wizard}
          index={index}
          field="nakshatra"
          label="Nakshatra"
          placeholder="Select nakshatra"
          options={NAKSHATRA_OPTIONS}
          optionLabel={nakshatraLabel}
        />
        <PersonInput wizard={wizard} index={index} field="gothra" label="Gothra" />
        {index === 0 && count > 1 && <CopyGothraButton wizard={wizard} />}
      </div>
    </fieldset>
  );
}

/** Families share a gothra: the first person's goes to everyone else in one tap. */
function CopyGothraButton({ wizard }: { wizard: WizardRef }) {
  const enabled = useSelector(wizard, selectCanCopyGothra);
  return (
    <div className="booking-field booking-field--copy">
      <button
        type="button"
        className="button"
        disabled={!enabled}
        onClick={() => wizard.send({ type: 'persons.gothraCopied' })}
      >
        Use this gothra for everyone
      </button>
    </div>
  );
}

const notKnownLabels: Record<NotKnownField, string> = {
  birthTime: 'Birth time not known',
  birthPlace: 'Birth place not known',
};

/** "Birth time not known": ticked, the field is cleared, disabled and no longer required. */
function NotKnownBox({ wizard, index, field }: { wizard: WizardRef; index: number; field: NotKnownField }) {
  const notKnown = useSelector(wizard, selectNotKnown(index, field));
  return (
    <label className="booking-field__not-known">
      <input
        type="checkbox"
        checked={notKnown}
        onChange={(event) =>
          wizard.send({ type: 'person.notKnownChanged', index, field, notKnown: event.target.checked })
        }
      />
      {notKnownLabels[field]}
    </label>
  );
}

interface FieldProps {
  wizard: WizardRef;
  index: number;
  field: PersonField;
  label: string;
}

/** A field's value, message and ids, and the events it sends. */
function usePersonField({ wizard, index, field }: FieldProps) {
  const id = useId();
  const value = useSelector(wizard, selectPersonValue(index, field));
  const error = useSelector(wizard, selectFieldError(index, field));
  const errorId = `${id}-error`;
  return {
    id,
    error,
    errorId,
    control: {
      id,
      name: `persons.${index}.${field}`,
      value,
      required: true,
      'aria-invalid': error !== undefined,
      'aria-describedby': error !== undefined ? errorId : undefined,
      onChange: (event: { target: { value: string } }) =>
        wizard.send({ type: 'person.changed', index, field, value: event.target.value }),
      onBlur: () => wizard.send({ type: 'person.blurred', index, field }),
    },
  };
}

function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  return error === undefined ? null : (
    <p id={id} className="booking-field__error">
      {error}
    </p>
  );
}

const canBeNotKnown = (field: PersonField): field is NotKnownField =>
  field === 'birthTime' || field === 'birthPlace';

function PersonInput(props: FieldProps & { type?: 'text' | 'date' | 'time'; min?: string; max?: string }) {
  const { id, error, errorId, control } = usePersonField(props);
  const { type = 'text', min, max, label, field, wizard, index } = props;
  const notKnown = useSelector(wizard, (s) => canBeNotKnown(field) && selectNotKnown(index, field)(s));
  return (
    <div className={`field booking-field booking-field--${field}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...control}
        className="input"
        type={type}
        min={min}
        max={max}
        disabled={notKnown}
        required={!notKnown}
      />
      <FieldMessage id={errorId} error={error} />
      {canBeNotKnown(field) && <NotKnownBox wizard={wizard} index={index} field={field} />}
    </div>
  );
}

function PersonSelect<T extends string>(
  props: FieldProps & { placeholder: string; options: readonly T[]; optionLabel: (value: T) => string },
) {
  const { id, error, errorId, control } = usePersonField(props);
  const { placeholder, options, optionLabel, label, field } = props;
  return (
    <div className={`field booking-field booking-field--${field}`}>
      <label htmlFor={id}>{label}</label>
      <select {...control} className="select">
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/* ------------------------------------------------------------------------------------------
 * Step 2: Address
 * ---------------------------------------------------------------------------------------- */

function AddressStep({
  wizard,
  headingRef,
  onBack,
}: {
  wizard: WizardRef;
  headingRef: HeadingRef;
  onBack: () => void;
}) {
  // The picker reads this once, when it mounts: coming Back, or after a reload, keeps the choice.
  const addressId = useSelector(wizard, selectAddressId);
  const addressError = useSelector(wizard, selectAddressError);
  const titleId = useId();
  return (
    <section className="booking-step" aria-labelledby={titleId}>
      <StepHeading headingRef={headingRef} id={titleId}>
        Address
      </StepHeading>
      <p className="booking-step__hint">
        Choose where the blessed prasadam should be sent, or add a new address.
      </p>
      <AddressPicker
        mode="select"
        label="Address for the prasadam"
        initialSelectedId={addressId}
        reportTo={wizard}
      />
      {addressError !== undefined && (
        <p className="booking-field__error booking-step__message" role="alert">
          {addressError}
        </p>
      )}
      <div className="booking-step__actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => wizard.send({ type: 'wizard.next' })}
        >
          Next
        </button>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------------------------------
 * Step 3: Payment
 * ---------------------------------------------------------------------------------------- */

function PaymentStep({
  wizard,
  puja,
  headingRef,
  onBack,
}: {
  wizard: WizardRef;
  puja: Puja;
  headingRef: HeadingRef;
  onBack: () => void;
}) {
  const persons = useSelector(wizard, selectPersons);
  const address = useSelector(wizard, selectAddress);
  const packageName = useSelector(wizard, selectPackageName);
  const price = useSelector(wizard, selectPrice);
  const error = useSelector(wizard, selectError);
  const canPay = useSelector(wizard, selectCanPay);
  const payment = useSelector(wizard, selectPaymentActor);
  const busy = useSelector(payment, (s) => s?.hasTag('busy') ?? false);
  const paying = useSelector(payment, (s) => s?.hasTag('paying') ?? false);
  const canGoBack = useSelector(wizard, selectCanGoBack) && !busy;
  const titleId = useId();
  return (
    <section className="booking-step" aria-labelledby={titleId}>
      <StepHeading headingRef={headingRef} id={titleId}>
        Payment
      </StepHeading>
      <dl className="booking-summary">
        <div>
          <dt>Puja</dt>
          <dd>{puja.pujaName}</dd>
        </div>
        <div>
          <dt>Puja date</dt>
          <dd>{formatLongDate(puja.pujaDate)}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>{packageName}</dd>
        </div>
        <div>
          <dt>Persons</dt>
          <dd>
            <PersonNames names={persons.map((p) => p.name)} />
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{address ? formatAddress(address) : ''}</dd>
        </div>
        <div className="booking-summary__total">
          <dt>Amount</dt>
          <dd>{formatRupees(price)}</dd>
        </div>
      </dl>
      {payment && <PaymentOptions payment={payment} />}
      {error !== undefined && <ErrorBanner message={error} />}
      <div className="booking-step__actions">
        <button type="button" className="button" disabled={!canGoBack} onClick={onBack}>
          Back
        </button>
        <button
          type="button"
          className="button button--primary booking-step__pay"
          disabled={!canPay || busy}
          aria-busy={busy || undefined}
          onClick={() => wizard.send({ type: 'wizard.pay' })}
        >
          {paying ? 'Processing payment...' : busy ? 'Creating booking...' : `Pay ${formatRupees(price)}`}
        </button>
      </div>
    </section>
  );
}

function PersonNames({ names }: { names: string[] }) {
  return (
    <ol className="booking-summary__persons">
      {names.map((name, index) => (
        <li key={index}>{name.trim()}</li>
      ))}
    </ol>
  );
}

/* ------------------------------------------------------------------------------------------
 * Step 4: Confirmation
 * ---------------------------------------------------------------------------------------- */

function ConfirmationStep({
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
          <dd>{formatLongDate(booking.puja.pujaDate)}</dd>
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
          <dt>Address</dt>
          <dd>{formatAddress(booking.address)}</dd>
        </div>
        <div className="booking-summary__total">
          <dt>Amount paid</dt>
          <dd>{formatRupees(booking.amount)}</dd>
        </div>
      </dl>
      <div className="booking-step__actions">
        <button type="button" className="button button--primary" onClick={onViewBookings}>
          View My Bookings
        </button>
      </div>
    </section>
  );
}
