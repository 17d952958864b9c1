import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
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
import type { Puja } from '../../../contract/catalogue.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { readBookingState, type PujaBookingState } from '../../../machines/puja-wizard/booking-state.ts';
import {
  pujaWizardMachine,
  pujaWizardMessages,
  WIZARD_STEPS,
  type WizardStep,
} from '../../../machines/puja-wizard/puja-wizard.machine.ts';
import {
  selectAddress,
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
  selectShowClosedNotice,
  selectStep,
  selectWindowActor,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { livePaymentMachine } from '../../app/payment.ts';
import { fetchPuja } from '../../lib/catalogue.ts';
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

/**
 * /puja-booking/{id}: the four-step booking wizard for the package chosen on the puja's page
 * (history state). Without that state the customer is sent back to /pujas/{id}.
 */
export function PujaBookingPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <PujaBookingRoute key={id} id={id} />;
}

function PujaBookingRoute({ id }: { id: string }) {
  // The package comes from the Book button's history state, read once when the page opens.
  const [chosen] = useState(() => readBookingState(window.history.state));
  const pujaId = parseNumericId(id);
  if (!chosen || pujaId === undefined) return <Redirect to={`/pujas/${encodeURIComponent(id)}`} replace />;
  return <BookingForPuja pujaId={pujaId} chosen={chosen} />;
}

function BookingForPuja({ pujaId, chosen }: { pujaId: number; chosen: PujaBookingState }) {
  const puja = useResource((signal) => fetchPuja(String(pujaId), signal));
  if (puja.status !== 'loaded' || !puja.data) {
    return (
      <div className="page container booking">
        <h1 className="booking__title">Book a puja</h1>
        {puja.status === 'failed' ? (
          <ErrorBanner message={puja.error ?? 'Failed to load puja details'} onRetry={puja.retry} />
        ) : (
          <Spinner label="Loading puja details..." />
        )}
      </div>
    );
  }
  return <PujaWizard puja={puja.data} chosen={chosen} />;
}

function PujaWizard({ puja, chosen }: { puja: Puja; chosen: PujaBookingState }) {
  const [, navigate] = useLocation();
  const [machine] = useState(() =>
    pujaWizardMachine.provide({
      actors: { payment: livePaymentMachine },
      actions: {
        alert: (_, { message }) => window.alert(message),
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
        onViewBookings={() => navigate('/account/bookings')}
      />
    </div>
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
  onViewBookings,
}: {
  wizard: WizardRef;
  step: WizardStep;
  puja: Puja;
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
      return <AddressStep wizard={wizard} headingRef={heading} />;
    case 'payment':
      return <PaymentStep wizard={wizard} puja={puja} headingRef={heading} />;
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

function AddressStep({ wizard, headingRef }: { wizard: WizardRef; headingRef: HeadingRef }) {
  // The picker reads this once, when it mounts: coming Back, or after a reload, keeps the choice.
  const addressId = useSelector(wizard, selectAddressId);
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
      <div className="booking-step__actions">
        <button type="button" className="button" onClick={() => wizard.send({ type: 'wizard.back' })}>
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
}: {
  wizard: WizardRef;
  puja: Puja;
  headingRef: HeadingRef;
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
        <button
          type="button"
          className="button"
          disabled={!canGoBack}
          onClick={() => wizard.send({ type: 'wizard.back' })}
        >
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
