import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { GiftDraft } from '../../../contract/gift.ts';
import {
  EARLIEST_DATE_OF_BIRTH,
  localToday,
  type NotKnownField,
  type PersonField,
} from '../../../contract/person.ts';
import type { Puja, PujaPackage } from '../../../contract/catalogue.ts';
import {
  familyMessages,
  personFromProfile,
  profileRequestOf,
  RELATION_LABELS,
  RELATIONS,
  type FamilyProfile,
  type Relation,
} from '../../../contract/family.ts';
import { INDIAN_STATES } from '../../../contract/address.ts';
import type { Booking } from '../../../contract/booking.ts';
import { MAX_GIFT_MESSAGE_LENGTH } from '../../../contract/gift.ts';
import { bookingClosesAt } from '../../../contract/policy.ts';
import {
  OFFERING_DELIVERY_LABELS,
  type BookedOffering,
  type PujaOffering,
} from '../../../contract/offerings.ts';
import type { TempleScriptName } from '../../../contract/temple-script.ts';
import { accountFormMachine } from '../../../machines/account-form/account-form.machine.ts';
import {
  selectFormError,
  selectFormResult,
  selectIsSending,
} from '../../../machines/account-form/account-form.selectors.ts';
import { fromPromise } from 'xstate';
import { fetchFamily, saveFamilyMember } from '../../lib/family.ts';
import { SankalpReadBack } from '../../ui/sankalp/sankalp-read-back.tsx';
import { BirthStarSuggestion } from '../../ui/birth-star/birth-star-suggestion.tsx';
import { NakshatraChoice, RaashiChoice } from '../../ui/birth-star/star-name-choice.tsx';
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
  GIFT_ADDRESS_FIELDS,
  type GiftField,
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
  selectMaxPersons,
  selectCanAddPerson,
  selectPersons,
  selectPersonValue,
  selectPrice,
  selectRefusedNextCount,
  selectResumeAt,
  selectShowClosedNotice,
  selectStep,
  selectWindowActor,
  selectGift,
  selectGiftError,
  selectIsGift,
  selectNamesConfirmed,
  selectOfferingQuantity,
  selectOfferings,
  selectOfferingsAmount,
  selectPaymentFingerprint,
  selectTotal,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { selectAmountToPay } from '../../../machines/payment/payment.selectors.ts';
import { livePaymentMachine } from '../../live/payment.ts';
import { SessionContext } from '../../live/session.tsx';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { fetchPackages, fetchPuja } from '../../lib/catalogue.ts';
import { formatRupees } from '../../../contract/money.ts';
import { formatDateTime, packagePersons } from '../../lib/format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Countdown } from '../../ui/countdown.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { parseNumericId } from '../../../contract/ids.ts';
import { AddressPicker } from '../../ui/address-picker/address-picker.tsx';
import { addressFieldLooks } from '../../ui/address-picker/address-field-looks.ts';
import { usePincodeFill } from '../../ui/address-picker/use-pincode-fill.ts';
import { PaymentStep as PaymentOptions } from '../../ui/payment-step/payment-step.tsx';
import { wizardDraftStorage } from './wizard-draft.ts';
import { Link } from 'wouter';
import { policyText, sankalpLockAt } from '../../../contract/policy.ts';
import { PUJA_DELIVERABLES } from '../../../contract/catalogue-display.ts';
import { AddToCalendar } from '../../ui/add-to-calendar.tsx';
import './booking.css';

type WizardRef = ActorRefFrom<typeof pujaWizardMachine>;
type HeadingRef = RefObject<HTMLHeadingElement | null>;

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

/** The customer's saved family, for one-tap filling; the wizard works without it. */
function useFamily(): FamilyProfile[] {
  const family = useResource(fetchFamily);
  return family.data ?? [];
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
    input: {
      pujaId: puja.id,
      ...chosen,
      closesAt: bookingClosesAt(puja.pujaDate),
      draft,
      offerings: puja.offerings ?? [],
    },
  });
  const family = useFamily();
  const step = useSelector(wizard, selectStep);
  const booking = useSelector(wizard, selectBooking);
  const showClosed = useSelector(wizard, selectShowClosedNotice);
  const windowRef = useSelector(wizard, selectWindowActor);
  const goBack = useStepInUrl(wizard, puja.id, chosen.packageId, step);

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
      <WizardStepView
        wizard={wizard}
        step={step}
        puja={puja}
        family={family}
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
  family,
  onBack,
  onViewBookings,
}: {
  wizard: WizardRef;
  step: WizardStep;
  puja: Puja;
  family: FamilyProfile[];
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
      return <DetailsStep wizard={wizard} headingRef={heading} family={family} />;
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

function DetailsStep({
  wizard,
  headingRef,
  family,
}: {
  wizard: WizardRef;
  headingRef: HeadingRef;
  family: FamilyProfile[];
}) {
  const count = useSelector(wizard, selectPersonCount);
  const max = useSelector(wizard, selectMaxPersons);
  const canAdd = useSelector(wizard, selectCanAddPerson);
  const refused = useSelector(wizard, selectRefusedNextCount);
  const form = useRef<HTMLFormElement | null>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const shownCount = useRef(count);
  const titleId = useId();

  // After a refused Next, the first field in error takes focus: its message is read with it.
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  // A person added: their name takes focus. A person removed: "Add a person" does (it is there now).
  useEffect(() => {
    const before = shownCount.current;
    shownCount.current = count;
    if (count > before) {
      const names = form.current?.querySelectorAll<HTMLElement>('input[name$=".name"]');
      names?.[names.length - 1]?.focus();
    } else if (count < before) addButton.current?.focus();
  }, [count]);

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
        performed for. All fields are required; if a birth time, birth place or nakshatra is not known, tick
        the box below it.
      </p>
      {max > 1 && (
        <p className="booking-step__hint">
          This package is for up to {max} persons, at the same price: remove the forms you do not need.
        </p>
      )}
      {Array.from({ length: count }, (_, index) => (
        <PersonFieldset key={index} wizard={wizard} index={index} count={count} family={family} />
      ))}
      {canAdd && (
        <div className="booking-step__add-person">
          <button
            ref={addButton}
            type="button"
            className="button"
            onClick={() => wizard.send({ type: 'person.added' })}
          >
            <span aria-hidden="true">+</span> Add a person ({count} of up to {max})
          </button>
        </div>
      )}
      <div className="booking-step__actions">
        <button type="submit" className="button button--primary">
          Next
        </button>
      </div>
    </form>
  );
}

function PersonFieldset({
  wizard,
  index,
  count,
  family,
}: {
  wizard: WizardRef;
  index: number;
  count: number;
  family: FamilyProfile[];
}) {
  const today = localToday();
  const dateOfBirth = useSelector(wizard, selectPersonValue(index, 'dateOfBirth'));
  const birthTime = useSelector(wizard, selectPersonValue(index, 'birthTime'));
  const birthTimeNotKnown = useSelector(wizard, selectNotKnown(index, 'birthTime'));
  return (
    <fieldset className="person-card">
      <legend className="person-card__legend">
        Person {index + 1} of {count}
      </legend>
      {family.length > 0 && <FamilyChoice wizard={wizard} index={index} family={family} />}
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
        <BirthStarSuggestion
          dateOfBirth={dateOfBirth}
          birthTime={birthTime}
          birthTimeNotKnown={birthTimeNotKnown}
          onChoose={(choice) => {
            for (const field of ['raashi', 'nakshatra'] as const) {
              const value = choice[field];
              if (value) wizard.send({ type: 'person.changed', index, field, value });
            }
          }}
        />
        <PersonStarName wizard={wizard} index={index} field="raashi" label="Raashi" Choice={RaashiChoice} />
        <PersonStarName
          wizard={wizard}
          index={index}
          field="nakshatra"
          label="Nakshatra"
          Choice={NakshatraChoice}
        />
        <PersonInput wizard={wizard} index={index} field="gothra" label="Gothra" />
        {index === 0 && count > 1 && <CopyGothraButton wizard={wizard} />}
      </div>
      <SaveToFamily wizard={wizard} index={index} />
      {count > 1 && (
        <button
          type="button"
          className="button button--small person-card__remove"
          onClick={() => wizard.send({ type: 'person.removed', index })}
        >
          Remove person {index + 1}
        </button>
      )}
    </fieldset>
  );
}

/** One tap on a saved family member fills this person's form (docs/product-rules.md, Family profiles). */
function FamilyChoice({
  wizard,
  index,
  family,
}: {
  wizard: WizardRef;
  index: number;
  family: FamilyProfile[];
}) {
  const labelId = useId();
  return (
    <div className="family-choice" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="family-choice__label">
        Fill from my family:
      </span>
      {family.map((profile) => (
        <button
          key={profile.id}
          type="button"
          className="button button--small family-choice__person"
          onClick={() => wizard.send({ type: 'person.filled', index, person: personFromProfile(profile) })}
        >
          {profile.name}{' '}
          <span className="family-choice__relation">({RELATION_LABELS[profile.relation]})</span>
        </button>
      ))}
    </div>
  );
}

/** "Save to my family": the person as typed, with a relation, through the account form machine. */
function SaveToFamily({ wizard, index }: { wizard: WizardRef; index: number }) {
  const [relation, setRelation] = useState<Relation>('self');
  const form = useActorRef(
    accountFormMachine.provide({
      actors: {
        submit: fromPromise(async ({ input, signal }: { input: unknown; signal: AbortSignal }) => {
          const profile = await saveFamilyMember(input, undefined, signal);
          return { message: `${profile.name} is saved in your family.` };
        }),
      },
    }),
  );
  const sending = useSelector(form, selectIsSending);
  const error = useSelector(form, selectFormError);
  const result = useSelector(form, selectFormResult);
  const relationId = useId();
  return (
    <div className="save-family">
      <label htmlFor={relationId}>Save this person to my family as</label>
      <select
        id={relationId}
        className="select"
        value={relation}
        onChange={(event) => {
          setRelation(event.target.value as Relation);
          form.send({ type: 'form.edited' });
        }}
      >
        {RELATIONS.map((r) => (
          <option key={r} value={r}>
            {RELATION_LABELS[r]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--small"
        disabled={sending}
        onClick={() => {
          const person = wizard.getSnapshot().context.persons[index];
          if (person) form.send({ type: 'form.submit', request: profileRequestOf(person, relation) });
        }}
      >
        {sending ? 'Saving...' : 'Save to my family'}
      </button>
      <p className="save-family__message" aria-live="polite">
        {error ? <span className="booking-field__error">{error || familyMessages.saveFailed}</span> : result}
      </p>
    </div>
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
  nakshatra: 'Nakshatra not known',
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
  field === 'birthTime' || field === 'birthPlace' || field === 'nakshatra';

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

/** Raashi or nakshatra, found by either of its names; the machine holds the list's value. */
function PersonStarName(props: FieldProps & { Choice: typeof RaashiChoice }) {
  const { id, error, errorId, control } = usePersonField(props);
  const { Choice, label, field, wizard, index } = props;
  const notKnown = useSelector(wizard, (s) => canBeNotKnown(field) && selectNotKnown(index, field)(s));
  return (
    <div className={`field booking-field booking-field--${field}`}>
      <label htmlFor={id}>{label}</label>
      <Choice
        id={id}
        value={control.value}
        required={!notKnown}
        disabled={notKnown}
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
        onValueChange={(value) => wizard.send({ type: 'person.changed', index, field, value })}
        onBlur={control.onBlur}
      />
      <FieldMessage id={errorId} error={error} />
      {canBeNotKnown(field) && <NotKnownBox wizard={wizard} index={index} field={field} />}
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
  const isGift = useSelector(wizard, selectIsGift);
  const ownPhone = SessionContext.useSelector((s) => selectUser(s)?.phone);
  const titleId = useId();
  return (
    <section className="booking-step" aria-labelledby={titleId}>
      <StepHeading headingRef={headingRef} id={titleId}>
        Address
      </StepHeading>
      <p className="booking-step__hint">
        Choose where the blessed prasadam should be sent, or add a new address.
      </p>
      <GiftToggle wizard={wizard} />
      {isGift ? (
        <GiftForm wizard={wizard} />
      ) : (
        <AddressPicker
          mode="select"
          label="Address for the prasadam"
          initialSelectedId={addressId}
          reportTo={wizard}
          ownPhone={ownPhone}
        />
      )}
      {addressError !== undefined && !isGift && (
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
  const gift = useSelector(wizard, selectGift);
  const offerings = useSelector(wizard, selectOfferings);
  const offeringsAmount = useSelector(wizard, selectOfferingsAmount);
  const total = useSelector(wizard, selectTotal);
  // docs/product-rules.md, Payments: once the server has priced this booking, its price is shown.
  const fingerprint = useSelector(wizard, selectPaymentFingerprint);
  const amount = useSelector(payment, selectAmountToPay(fingerprint, total));
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
          <dd>{formatDateTime(puja.pujaDate)}</dd>
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
          <dt>{gift ? 'Gift to' : 'Address'}</dt>
          <dd>{gift ? giftAddressText(gift.address) : address ? formatAddress(address) : ''}</dd>
        </div>
        {gift && gift.message.trim() !== '' && (
          <div>
            <dt>Prasad card</dt>
            <dd>“{gift.message.trim()}”</dd>
          </div>
        )}
        <div>
          <dt>Package price</dt>
          <dd>{formatRupees(price)}</dd>
        </div>
        {offeringsAmount > 0 && (
          <div>
            <dt>Offerings</dt>
            <dd>{formatRupees(offeringsAmount)}</dd>
          </div>
        )}
        <div className="booking-summary__total">
          <dt>Amount</dt>
          <dd>{formatRupees(amount)}</dd>
        </div>
      </dl>
      {offerings.length > 0 && <OfferingsChoice wizard={wizard} offerings={offerings} disabled={busy} />}
      <WizardReadBack wizard={wizard} script={puja.script ?? 'devanagari'} disabled={busy} />
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
          {paying ? 'Processing payment...' : busy ? 'Creating booking...' : `Pay ${formatRupees(amount)}`}
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

/* ------------------------------------------------------------------------------------------
 * Gift a puja (docs/product-rules.md, Gift a puja)
 * ---------------------------------------------------------------------------------------- */

function GiftToggle({ wizard }: { wizard: WizardRef }) {
  const isGift = useSelector(wizard, selectIsGift);
  return (
    <label className="gift-toggle">
      <input
        type="checkbox"
        checked={isGift}
        onChange={(event) => wizard.send({ type: 'gift.toggled', gift: event.target.checked })}
      />
      Gift this puja: send the prasad to someone else, with a message
    </label>
  );
}

/** The card's label; the address fields are labelled as in the address book's form (one table). */
const giftMessageLabel = 'Message on the prasad card (optional)';

/** The recipient's address as typed, shown as every address is (with the mobile and landmark). */
const giftAddressText = (address: GiftDraft['address']) =>
  formatAddress({
    ...(Object.fromEntries(
      Object.entries(address).map(([key, value]) => [key, value.trim()]),
    ) as GiftDraft['address']),
    country: address.country.trim() || 'India',
  });

/**
 * The recipient's address is the address book's form (src/ui/address-picker): the same fields in
 * the same order, labels, hints and keyboards, and a complete PIN fills in the city and state by
 * the same hook. What is typed lives in the wizard (`gift.changed`), so it survives Back and reload.
 */
function GiftForm({ wizard }: { wizard: WizardRef }) {
  const titleId = useId();
  const postalCode = useSelector(wizard, (s) => s.context.gift?.address.postalCode ?? '');
  const city = useSelector(wizard, (s) => s.context.gift?.address.city ?? '');
  const state = useSelector(wizard, (s) => s.context.gift?.address.state ?? '');
  const pinNote = usePincodeFill(postalCode, { city, state }, (place) => {
    if (place.city !== city) wizard.send({ type: 'gift.changed', field: 'city', value: place.city });
    if (place.state !== state) wizard.send({ type: 'gift.changed', field: 'state', value: place.state });
  });
  return (
    <fieldset className="person-card gift-form" aria-labelledby={titleId}>
      <legend id={titleId} className="person-card__legend">
        Who receives the prasad
      </legend>
      <p className="booking-step__hint">
        Their names go in the sankalp (the persons you entered); this address is used for this gift only and
        is not added to your address book.
      </p>
      <div className="person-card__grid">
        {GIFT_ADDRESS_FIELDS.map((field) => (
          <GiftInputField
            key={field}
            wizard={wizard}
            field={field}
            note={field === 'postalCode' ? (pinNote ?? addressFieldLooks[field].hint) : undefined}
          />
        ))}
        <GiftInputField wizard={wizard} field="message" />
      </div>
    </fieldset>
  );
}

function GiftInputField({
  wizard,
  field,
  note: noteOverride,
}: {
  wizard: WizardRef;
  field: GiftField;
  /** Said under the field instead of its usual hint (the PIN's place). */
  note?: string;
}) {
  const id = useId();
  const value = useSelector(wizard, (s) =>
    field === 'message' ? (s.context.gift?.message ?? '') : (s.context.gift?.address[field] ?? ''),
  );
  const error = useSelector(wizard, selectGiftError(field));
  const look = field === 'message' ? undefined : addressFieldLooks[field];
  const note = noteOverride ?? look?.hint;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error !== undefined && errorId, note && hintId].filter(Boolean).join(' ');
  const common = {
    id,
    name: field,
    value,
    'aria-invalid': error !== undefined,
    'aria-describedby': described || undefined,
    // The card's message is one line of plain text (docs/product-rules.md, Gift a puja): the
    // textarea only wraps it, and Enter becomes a space.
    onChange: (event: { target: { value: string } }) =>
      wizard.send({ type: 'gift.changed', field, value: event.target.value.replace(/\r?\n/g, ' ') }),
  };
  return (
    <div className={`field booking-field booking-field--gift-${field}`}>
      <label htmlFor={id}>{look?.label ?? giftMessageLabel}</label>
      {look === undefined ? (
        <>
          <textarea {...common} className="input" rows={3} maxLength={MAX_GIFT_MESSAGE_LENGTH} />
          <span className="gift-form__count">
            {value.length} / {MAX_GIFT_MESSAGE_LENGTH}
          </span>
        </>
      ) : field === 'state' ? (
        <select {...common} className="select" required autoComplete={look.autoComplete}>
          <option value="">Select state</option>
          {INDIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className="input"
          required={!look.optional}
          type={look.type ?? 'text'}
          inputMode={look.inputMode}
          maxLength={look.maxLength}
          autoComplete={look.autoComplete}
        />
      )}
      {note && (
        <p id={hintId} className="field__hint" aria-live={field === 'postalCode' ? 'polite' : undefined}>
          {note}
        </p>
      )}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/* ------------------------------------------------------------------------------------------
 * Chadhava offerings (docs/product-rules.md, Chadhava offerings)
 * ---------------------------------------------------------------------------------------- */

function OfferingsChoice({
  wizard,
  offerings,
  disabled,
}: {
  wizard: WizardRef;
  offerings: readonly PujaOffering[];
  disabled: boolean;
}) {
  const titleId = useId();
  return (
    <section className="offerings" aria-labelledby={titleId}>
      <h3 id={titleId} className="offerings__title">
        Add offerings (chadhava)
      </h3>
      <ul className="offerings__list">
        {offerings.map((offering) => (
          <OfferingRow key={offering.id} wizard={wizard} offering={offering} disabled={disabled} />
        ))}
      </ul>
    </section>
  );
}

function OfferingRow({
  wizard,
  offering,
  disabled,
}: {
  wizard: WizardRef;
  offering: PujaOffering;
  disabled: boolean;
}) {
  const quantity = useSelector(wizard, selectOfferingQuantity(offering.id));
  const set = (next: number) =>
    wizard.send({ type: 'offering.changed', offeringId: offering.id, quantity: next });
  const nameId = useId();
  return (
    <li className="offering">
      <div className="offering__text">
        <span id={nameId} className="offering__name">
          {offering.name}
        </span>
        <span className="offering__price">
          {formatRupees(offering.price)} a {offering.unit} · {OFFERING_DELIVERY_LABELS[offering.delivery]}
        </span>
        <span className="offering__description">{offering.description}</span>
      </div>
      <div className="stepper" role="group" aria-labelledby={nameId}>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One ${offering.unit} less of ${offering.name}`}
          disabled={disabled || quantity === 0}
          onClick={() => set(quantity - 1)}
        >
          −
        </button>
        <output className="stepper__value" aria-live="polite" aria-label={`${offering.name}: ${quantity}`}>
          {quantity}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One ${offering.unit} more of ${offering.name}`}
          disabled={disabled || quantity >= offering.maxQuantity}
          onClick={() => set(quantity + 1)}
        >
          +
        </button>
      </div>
    </li>
  );
}

function BookedOfferings({ offerings }: { offerings: BookedOffering[] }) {
  return (
    <ul className="booking-summary__persons">
      {offerings.map((o) => (
        <li key={o.offeringId}>
          {o.name} × {o.quantity} ({OFFERING_DELIVERY_LABELS[o.delivery].toLowerCase()}):{' '}
          {formatRupees(o.amount)}
        </li>
      ))}
    </ul>
  );
}

/* ------------------------------------------------------------------------------------------
 * The sankalp read back (docs/product-rules.md, The sankalp in the temple's script)
 * ---------------------------------------------------------------------------------------- */

function WizardReadBack({
  wizard,
  script,
  disabled,
}: {
  wizard: WizardRef;
  script: TempleScriptName;
  disabled: boolean;
}) {
  const persons = useSelector(wizard, selectPersons);
  const confirmed = useSelector(wizard, selectNamesConfirmed);
  return (
    <SankalpReadBack
      persons={persons}
      script={script}
      disabled={disabled}
      onSpellingChange={(index, field, value) => wizard.send({ type: 'person.spelled', index, field, value })}
    >
      <label className="read-back__confirm">
        <input
          type="checkbox"
          checked={confirmed}
          disabled={disabled}
          onChange={(event) => wizard.send({ type: 'names.confirmed', confirmed: event.target.checked })}
        />
        The names are right
      </label>
    </SankalpReadBack>
  );
}
