import {
  and,
  assign,
  raise,
  sendTo,
  setup,
  stateIn,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import * as v from 'valibot';
import type { Address } from '../../contract/address.ts';
import { offeringsTotal, type OfferingLine, type PujaOffering } from '../../contract/offerings.ts';
import {
  bookingMessages,
  MAX_BOOKING_PERSONS,
  type Booking,
  type BookingDraftPayload,
} from '../../contract/booking.ts';
import { GiftInput, type GiftDraft } from '../../contract/gift.ts';
import {
  emptyPerson,
  localToday,
  NOT_KNOWN_FIELDS,
  notKnownFlag,
  PERSON_FIELDS,
  validatePerson,
  type PersonDraft,
  type NotKnownField,
  type PersonErrors,
  type PersonField,
  type ScriptSpellingField,
} from '../../contract/person.ts';
import { isWindowOpenAt } from '../../contract/policy.ts';
import type { AddressSelectedEvent } from '../address-book/address-book.machine.ts';
import { addressFields } from '../address-book/address-form.ts';
import { bookingWindowMachine } from '../booking-window/booking-window.machine.ts';
import type { PaidRecord } from '../payment/payment.actors.ts';
import { paymentMachine, paymentMachineMessages, type PaymentOutcome } from '../payment/payment.machine.ts';

/** The four steps the progress bar names, in order. */
export const WIZARD_STEPS = ['details', 'address', 'payment', 'confirmation'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const pujaWizardMessages = {
  /** docs/product-rules.md, Bookings: shown under the picker when Next is pressed without an address. */
  addressRequired: bookingMessages.addressRequired,
  /** docs/product-rules.md, Messages and errors: "Payment start failure". */
  paymentFailed: paymentMachineMessages.paymentFailed,
  createFailed: bookingMessages.createFailed,
  /** Shown once the puja's booking window has closed; Pay is refused from then on. */
  closed: `${bookingMessages.closed}.`,
} as const;

/** What survives a reload of the wizard (session storage, per puja and package). */
export interface WizardDraft {
  persons?: readonly Partial<Record<keyof PersonDraft, unknown>>[];
  addressId?: number | null;
  /** A gift being typed (read loosely: only its text fields are kept). */
  gift?: unknown;
  /** The offerings chosen on Payment (read loosely: only the puja's own offerings, within their limits). */
  offerings?: readonly { offeringId?: unknown; quantity?: unknown }[];
}

/**
 * The gift form's address fields (docs/product-rules.md, Gift a puja): the address form's own,
 * in its order (the PIN before the city and state), so both forms show the same fields.
 */
export const GIFT_ADDRESS_FIELDS = addressFields;
export type GiftField = (typeof GIFT_ADDRESS_FIELDS)[number] | 'message';
export type GiftErrors = Partial<Record<GiftField, string>>;

export const emptyGift = (): GiftDraft => ({
  address: {
    recipientName: '',
    mobile: '',
    street: '',
    area: '',
    landmark: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'India',
  },
  message: '',
});

/** A stored gift's text fields, or null when there is none (docs/product-rules.md, Gift a puja). */
function restoreGift(saved: unknown): GiftDraft | null {
  if (saved === null || typeof saved !== 'object') return null;
  const { address, message } = saved as { address?: unknown; message?: unknown };
  if (address === null || typeof address !== 'object') return null;
  const gift = emptyGift();
  for (const field of GIFT_ADDRESS_FIELDS) {
    const value = (address as Record<string, unknown>)[field];
    if (typeof value === 'string') gift.address[field] = value;
  }
  if (typeof message === 'string') gift.message = message;
  return gift;
}

/** Each gift field's first problem, by the server's own schema (contract/booking.ts, GiftInput). */
export function validateGift(gift: GiftDraft): GiftErrors {
  const result = v.safeParse(GiftInput, gift);
  if (result.success) return {};
  const errors: GiftErrors = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key));
    const field = (path[0] === 'address' ? path[1] : path[0]) as GiftField | undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The session storage key of a wizard's draft. */
export const wizardDraftKey = (pujaId: number, packageId: number) => `puja-wizard:${pujaId}:${packageId}`;

export interface PujaWizardInput {
  pujaId: number;
  packageId: number;
  packageName: string;
  /** docs/product-rules.md, Persons: the package is for up to this many persons; 1 when missing. */
  personCount: number;
  /** The package's offer price in whole rupees (what the customer pays). */
  price: number;
  /** When booking closes (the sankalp lock: `bookingClosesAt`). Missing or invalid counts as closed. */
  closesAt: string | null | undefined;
  /** What the customer had typed before a reload. */
  draft?: WizardDraft;
  /** Makes the Idempotency-Key of a new attempt (handed to the payment machine). */
  createIdempotencyKey?: () => string;
  /** Today as YYYY-MM-DD, the latest date of birth allowed. Defaults to the device's date. */
  today?: () => string;
  /** The puja's chadhava offerings (docs/product-rules.md, Chadhava offerings); none chosen at first. */
  offerings?: readonly PujaOffering[];
}

type Touched = Partial<Record<PersonField, true>>;

export interface PujaWizardContext {
  pujaId: number;
  packageId: number;
  packageName: string;
  /** The package's number of persons: at most this many person forms (docs/product-rules.md, Persons). */
  personCount: number;
  price: number;
  closesAt: string | null | undefined;
  /** One form per person, 1 to `personCount`. */
  persons: PersonDraft[];
  /** Every field's first problem, kept current; the view shows those touched or, after a refused Next, all. */
  personErrors: PersonErrors[];
  touched: Touched[];
  showAllErrors: boolean;
  /** Counts refused Nexts on the details step (the view moves focus to the first field in error). */
  refusedNextCount: number;
  addressId: number | null;
  address: Address | null;
  error: { message: string; code?: string } | undefined;
  booking: Booking | null;
  /** "Please select or add an address" after a refused Next, until an address is chosen. */
  addressError: string | undefined;
  /**
   * A step asked for before it could be reached: a reload on Payment waits on Address for the
   * draft's address to load, then goes on to Payment.
   */
  resumeAt: WizardStep | null;
  createIdempotencyKey: (() => string) | undefined;
  today: () => string;
  /** The puja's offerings and how many of each are chosen (by id; none at first). */
  offerings: readonly PujaOffering[];
  offeringQuantities: Record<number, number>;
  /** A gift (null: the prasad goes to one of the customer's addresses). */
  gift: GiftDraft | null;
  giftErrors: GiftErrors;
  /** A gift cleared by unticking "Gift this puja", brought back by ticking it again. */
  giftSetAside: GiftDraft | null;
  /** The gift's messages show after a refused Next. */
  showGiftErrors: boolean;
  /** "The names are right", ticked on the payment step after reading the sankalp back. */
  namesConfirmed: boolean;
}

export type PujaWizardEvent =
  | { type: 'person.changed'; index: number; field: PersonField; value: string }
  | { type: 'person.blurred'; index: number; field: PersonField }
  /** "Birth time not known" / "Birth place not known" ticked or cleared: ticked empties the field. */
  | { type: 'person.notKnownChanged'; index: number; field: NotKnownField; notKnown: boolean }
  /** "Use this gothra for everyone": the first person's gothra into every other person's. */
  | { type: 'persons.gothraCopied' }
  /** "Add a person": one more empty form, up to the package's number. */
  | { type: 'person.added' }
  /** "Remove this person": the form goes, as long as one remains. */
  | { type: 'person.removed'; index: number }
  /** One tap on a saved family member: the person form filled with their details. */
  | { type: 'person.filled'; index: number; person: PersonDraft }
  /** "Gift this puja" ticked or cleared (the address step). */
  | { type: 'gift.toggled'; gift: boolean }
  | { type: 'gift.changed'; field: GiftField; value: string }
  /** An offering's stepper: how many (0 removes it). */
  | { type: 'offering.changed'; offeringId: number; quantity: number }
  /** "The names are right" ticked or cleared after the read-back. */
  | { type: 'names.confirmed'; confirmed: boolean }
  /** A person's name or gothra in the temple's script corrected at the read-back ('' is none). */
  | { type: 'person.spelled'; index: number; field: ScriptSpellingField; value: string }
  /** The address picker's choice (null while it has none). */
  /** From the address book this wizard hands itself to (see AddressSelectedEvent). */
  | AddressSelectedEvent
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.pay' }
  /**
   * The page's URL asks for a step (browser Back or Forward, a reload, a shared link). An earlier
   * step is always granted; a later one only as Next would grant it. docs/product-rules.md, Bookings.
   */
  | { type: 'step.requested'; step: WizardStep }
  /** The booking window has closed (the wizard's own window actor notices it; a page may also tell). */
  | { type: 'window.closed' };

/** The params of `saveDraft`: what to keep and under which puja and package. */
export interface DraftParams {
  pujaId: number;
  packageId: number;
  persons: PersonDraft[];
  addressId: number | null;
  gift: GiftDraft | null;
  /** The chosen offerings (docs/product-rules.md, Chadhava offerings): a reload on Payment keeps them. */
  offerings: OfferingLine[];
}

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
};

function clampCount(count: number): number {
  return Number.isSafeInteger(count) ? Math.min(Math.max(count, 1), MAX_BOOKING_PERSONS) : 1;
}

/**
 * The person forms: as many as the draft had (1 to `count`), or `count` without a draft; each
 * filled from the draft where it has text.
 */
function restorePersons(count: number, draft: WizardDraft | undefined): PersonDraft[] {
  const saved = draft?.persons?.length ?? 0;
  const length = saved > 0 ? Math.min(saved, count) : count;
  return Array.from({ length }, (_, index) => {
    const saved = draft?.persons?.[index];
    const person = emptyPerson();
    if (saved) {
      for (const field of PERSON_FIELDS) {
        const value = saved[field];
        if (typeof value === 'string') person[field] = value;
      }
      for (const field of NOT_KNOWN_FIELDS) {
        if (saved[notKnownFlag[field]] === true) person[notKnownFlag[field]] = true;
      }
    }
    return person;
  });
}

/**
 * The persons with `changes` (by index) applied, each changed one validated again and its
 * `field` marked touched; indexes that do not exist are ignored.
 */
function withPersons(
  context: PujaWizardContext,
  changes: Record<number, Partial<PersonDraft>>,
  field: PersonField,
): Pick<PujaWizardContext, 'persons' | 'personErrors' | 'touched'> {
  const changed = (i: number) => changes[i] !== undefined;
  const persons = context.persons.map((p, i) => (changed(i) ? { ...p, ...changes[i] } : p));
  return {
    persons,
    personErrors: context.personErrors.map((e, i) =>
      changed(i) ? validatePerson(persons[i]!, context.today()) : e,
    ),
    touched: context.touched.map((t, i) => (changed(i) ? { ...t, [field]: true as const } : t)),
  };
}

/**
 * The draft's offerings as quantities by id: only the puja's current offerings, each at most its
 * own limit (a retired one, or a limit lowered meanwhile, is not brought back).
 */
function restoreOfferingQuantities(
  offerings: readonly PujaOffering[],
  saved: WizardDraft['offerings'],
): Record<number, number> {
  const quantities: Record<number, number> = {};
  for (const line of saved ?? []) {
    const offering = offerings.find((o) => o.id === line.offeringId);
    const quantity = line.quantity;
    if (!offering || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
      continue;
    quantities[offering.id] = Math.min(quantity, offering.maxQuantity);
  }
  return quantities;
}

/** Which spelling by hand a change of a typed field makes stale. */
const SPELLING_OF: Partial<Record<PersonField, ScriptSpellingField>> = {
  name: 'nameInScript',
  gothra: 'gothraInScript',
};

const validateAll = (persons: PersonDraft[], today: string) => persons.map((p) => validatePerson(p, today));
const hasErrors = (errors: PersonErrors) => Object.keys(errors).length > 0;

/** The chosen offerings, in the puja's order (none unless the devotee chose them). */
export function offeringLinesOf(
  context: Pick<PujaWizardContext, 'offerings' | 'offeringQuantities'>,
): OfferingLine[] {
  return context.offerings
    .filter((offering) => (context.offeringQuantities[offering.id] ?? 0) > 0)
    .map((offering) => ({ offeringId: offering.id, quantity: context.offeringQuantities[offering.id]! }));
}

/** The chosen offerings' amount, for display (the server prices them itself). */
export const wizardOfferingsAmountOf = (
  context: Pick<PujaWizardContext, 'offerings' | 'offeringQuantities'>,
) =>
  offeringsTotal(
    context.offerings.map((o) => ({ price: o.price, quantity: context.offeringQuantities[o.id] ?? 0 })),
  );

/** The page's own total, for display (the server prices the booking itself): the package and the offerings. */
export const wizardTotalOf = (
  context: Pick<PujaWizardContext, 'price' | 'offerings' | 'offeringQuantities'>,
) => context.price + wizardOfferingsAmountOf(context);

/** What the payment machine pays for: the booking draft. */
export const wizardRecordOf = (context: PujaWizardContext): PaidRecord => ({
  purpose: 'booking',
  booking: bookingDraftOf(context),
});

/** The booking the payment machine pays for: the draft of POST /api/bookings without its payment. */
export function bookingDraftOf(context: PujaWizardContext): BookingDraftPayload {
  return {
    pujaId: context.pujaId,
    packageId: context.packageId,
    persons: context.persons.map((p) => ({ ...p })),
    addressId: context.gift ? null : (context.addressId ?? 0),
    offerings: offeringLinesOf(context),
    gift: context.gift ? { address: { ...context.gift.address }, message: context.gift.message } : null,
  };
}

const outcomeOf = ({ event }: { event: DoneActorEvent<PaymentOutcome> }) => event.output;

const draftOf = ({ context }: { context: PujaWizardContext }): DraftParams => ({
  pujaId: context.pujaId,
  packageId: context.packageId,
  persons: context.persons,
  addressId: context.addressId,
  gift: context.gift,
  offerings: offeringLinesOf(context),
});

/** The guard "the URL asks for this step". */
const requested = (step: WizardStep) => ({ type: 'isRequested', params: { step } }) as const;

const failure = ({ event }: { event: ErrorActorEvent }) => event.error;

type WindowSnapshot = SnapshotFrom<typeof bookingWindowMachine>;

/**
 * The puja booking wizard (docs/product-rules.md, Bookings), two regions side by side.
 *
 * `steps`: `details` (one form per person, 1 up to the package's number: `person.added`,
 * `person.removed`; Next only when every person is valid, otherwise the messages show) -> `address` (Next only with an address chosen, otherwise "Please select or
 * add an address" under the picker; Back to details) -> `payment` (a summary; Back to address; Pay)
 * with the payment machine (machines/payment) invoked: it holds the UPI / card / net banking
 * details, and Pay hands it the booking; it pays (about 2 s) and writes the booking, then
 * `confirmation`. A refusal (a refunded payment says so) or a failure returns to `payment` with
 * the message, a fresh payment machine and everything typed. A failed payment
 * or creation returns to `payment` with the message and everything typed; Pay retries (a paid
 * attempt goes straight to creation).
 *
 * `window`: the puja's booking window (the booking-window machine runs inside `open`). Once it
 * is `closed`, Pay is refused and a running payment is abandoned; a creation already sent is
 * left to the server's clock, and its "closed" answer closes the window here too.
 *
 * `step.requested` follows the URL's `?step=` (browser Back and Forward, a reload): back to an
 * earlier step at any time before the confirmation, forward only where Next would go. A reload
 * on Payment passes through Address until the chosen address has loaded (`resumeAt`).
 *
 * Every change of the persons, the address, the gift or the offerings is handed to `saveDraft`;
 * `clearDraft` runs once the booking exists.
 */
export const pujaWizardMachine = setup({
  types: {
    input: {} as PujaWizardInput,
    context: {} as PujaWizardContext,
    events: {} as PujaWizardEvent,
    children: {} as { bookingWindow: 'bookingWindow'; payment: 'payment' },
  },
  actors: {
    bookingWindow: bookingWindowMachine,
    payment: paymentMachine,
  },
  actions: {
    /** Keep what was typed (src: session storage under wizardDraftKey). */
    saveDraft: (_, _params: DraftParams) => {},
    clearDraft: (_, _params: { pujaId: number; packageId: number }) => {},
    changePerson: assign(({ context, event }) => {
      if (event.type !== 'person.changed' || !PERSON_FIELDS.includes(event.field)) return {};
      // A spelling given by hand was of the name or gothra as it was: a new one is read afresh.
      const stale = SPELLING_OF[event.field];
      const change = { [event.field]: event.value, ...(stale && { [stale]: undefined }) };
      return withPersons(context, { [event.index]: change }, event.field);
    }),
    spellPerson: assign(({ context, event }) => {
      if (event.type !== 'person.spelled' || !context.persons[event.index]) return {};
      const persons = context.persons.map((p, i) =>
        i === event.index ? { ...p, [event.field]: event.value } : p,
      );
      // A changed spelling is read again before paying.
      return { persons, namesConfirmed: false };
    }),
    markNotKnown: assign(({ context, event }) => {
      if (event.type !== 'person.notKnownChanged' || !NOT_KNOWN_FIELDS.includes(event.field)) return {};
      const { index, field, notKnown } = event;
      // Ticked, whatever was typed goes: the field is disabled and is not sent.
      const change = notKnown
        ? { [notKnownFlag[field]]: true, [field]: '' }
        : { [notKnownFlag[field]]: false };
      return withPersons(context, { [index]: change }, field);
    }),
    addPerson: assign(({ context }) => ({
      persons: [...context.persons, emptyPerson()],
      personErrors: [...context.personErrors, validatePerson(emptyPerson(), context.today())],
      touched: [...context.touched, {}],
    })),
    removePerson: assign(({ context, event }) => {
      if (event.type !== 'person.removed') return {};
      const keep = <T>(list: readonly T[]) => list.filter((_, i) => i !== event.index);
      return {
        persons: keep(context.persons),
        personErrors: keep(context.personErrors),
        touched: keep(context.touched),
      };
    }),
    copyGothra: assign(({ context }) => {
      const gothra = context.persons[0]?.gothra ?? '';
      const changes = Object.fromEntries(
        context.persons.slice(1).map((_, i) => [i + 1, { gothra, gothraInScript: undefined }]),
      );
      return withPersons(context, changes, 'gothra');
    }),
    fillPerson: assign(({ context, event }) => {
      if (event.type !== 'person.filled' || !context.persons[event.index]) return {};
      const person = { ...emptyPerson() };
      for (const field of PERSON_FIELDS)
        if (typeof event.person[field] === 'string') person[field] = event.person[field];
      for (const field of NOT_KNOWN_FIELDS)
        person[notKnownFlag[field]] = event.person[notKnownFlag[field]] === true;
      const filled = withPersons(context, { [event.index]: person }, 'name');
      return {
        ...filled,
        touched: filled.touched.map((t, i) =>
          i === event.index ? Object.fromEntries(PERSON_FIELDS.map((f) => [f, true as const])) : t,
        ),
      };
    }),
    toggleGift: assign(({ context, event }) => {
      if (event.type !== 'gift.toggled') return {};
      // Cleared, what was typed is kept aside: ticking again brings it back.
      const gift = event.gift ? (context.gift ?? context.giftSetAside ?? emptyGift()) : null;
      return {
        gift,
        giftSetAside: event.gift ? null : context.gift,
        giftErrors: gift ? validateGift(gift) : {},
        showGiftErrors: false,
        addressError: undefined,
      };
    }),
    changeGift: assign(({ context, event }) => {
      if (event.type !== 'gift.changed' || !context.gift) return {};
      const gift: GiftDraft =
        event.field === 'message'
          ? { ...context.gift, message: event.value }
          : (GIFT_ADDRESS_FIELDS as readonly string[]).includes(event.field)
            ? { ...context.gift, address: { ...context.gift.address, [event.field]: event.value } }
            : context.gift;
      return { gift, giftErrors: validateGift(gift) };
    }),
    showGiftErrors: assign({ showGiftErrors: true }),
    changeOffering: assign({
      offeringQuantities: ({ context, event }) => {
        if (event.type !== 'offering.changed') return context.offeringQuantities;
        const offering = context.offerings.find((o) => o.id === event.offeringId);
        if (!offering) return context.offeringQuantities;
        const wanted = Number.isSafeInteger(event.quantity) ? event.quantity : 0;
        const quantity = Math.min(Math.max(wanted, 0), offering.maxQuantity);
        const { [offering.id]: _old, ...rest } = context.offeringQuantities;
        return quantity > 0 ? { ...rest, [offering.id]: quantity } : rest;
      },
    }),
    confirmNames: assign({
      namesConfirmed: ({ event }) => event.type === 'names.confirmed' && event.confirmed,
    }),
    /** The persons may change: the read-back must be confirmed again. */
    forgetNamesConfirmed: assign({ namesConfirmed: false }),
    touchField: assign({
      touched: ({ context, event }) =>
        event.type === 'person.blurred' && context.touched[event.index] && PERSON_FIELDS.includes(event.field)
          ? context.touched.map((t, i) => (i === event.index ? { ...t, [event.field]: true as const } : t))
          : context.touched,
    }),
    /** "Today" may have moved on since the forms were filled in. */
    revalidatePersons: assign({
      personErrors: ({ context }) => validateAll(context.persons, context.today()),
    }),
    showPersonErrors: assign({
      showAllErrors: true,
      refusedNextCount: ({ context }) => context.refusedNextCount + 1,
    }),
    selectAddress: assign(({ event }) =>
      event.type === 'address.selected'
        ? { address: event.address, addressId: event.address?.id ?? null }
        : {},
    ),
    clearError: assign({ error: undefined }),
    showAddressRequired: assign({ addressError: pujaWizardMessages.addressRequired }),
    clearAddressError: assign({ addressError: undefined }),
    resumeAtPayment: assign({ resumeAt: 'payment' as const }),
    forgetResume: assign({ resumeAt: null }),
    /** A resumed Payment goes on only with the address it was left with. */
    keepResumeForSameAddress: assign({
      resumeAt: ({ context, event }) =>
        event.type === 'address.selected' && event.address?.id === context.addressId
          ? context.resumeAt
          : null,
    }),
    submitToPayment: sendTo('payment', ({ context }) => ({
      type: 'payment.submit' as const,
      record: wizardRecordOf(context),
      shownAmount: wizardTotalOf(context),
    })),
    storeRefusal: assign({
      error: (_, outcome: PaymentOutcome) =>
        outcome.kind === 'refused' ? { message: outcome.message, code: outcome.code } : undefined,
    }),
    storeCreateError: assign({
      error: (_, error: unknown) => ({ message: messageOf(error, pujaWizardMessages.createFailed) }),
    }),
    storeBooking: assign({
      booking: (_, outcome: PaymentOutcome) => (outcome.kind === 'created' ? outcome.booking : null),
      error: undefined,
    }),
    closeWindow: raise({ type: 'window.closed' }),
  },
  guards: {
    /** The URL asks for one of these steps. */
    isRequested: ({ event }, params: { step: WizardStep }) =>
      event.type === 'step.requested' && event.step === params.step,
    /** An address was chosen before (the draft's) and the picker has yet to load it. */
    isAddressLoading: ({ context }) =>
      context.gift === null && context.addressId !== null && context.address?.id !== context.addressId,
    isResumingToPayment: ({ context }) => context.resumeAt === 'payment',
    /** Fewer forms than the package's number of persons. */
    canAddPerson: ({ context }) => context.persons.length < context.personCount,
    /** More than one form, and this one exists. */
    canRemovePerson: ({ context, event }) =>
      event.type === 'person.removed' &&
      context.persons.length > 1 &&
      Number.isSafeInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.persons.length,
    /** More than one person, and the first has a gothra to give. */
    canCopyGothra: ({ context }) => context.persons.length > 1 && context.persons[0]!.gothra.trim() !== '',
    arePersonsValid: ({ context }) =>
      validateAll(context.persons, context.today()).every((errors) => !hasErrors(errors)),
    /** Where the prasad goes: a valid gift address, or the chosen saved address once loaded. */
    hasAddress: ({ context }) =>
      context.gift !== null
        ? Object.keys(context.giftErrors).length === 0
        : context.addressId !== null && context.address?.id === context.addressId,
    isGift: ({ context }) => context.gift !== null,
    areNamesConfirmed: ({ context }) => context.namesConfirmed,
    isWindowOpenAtStart: ({ context }) => isWindowOpenAt(context.closesAt, new Date()),
    isWindowSnapshotClosed: (_, snapshot: WindowSnapshot) => !snapshot.hasTag('bookable'),
    isWindowOpen: stateIn({ window: 'open' }),
    isWindowClosed: stateIn({ window: 'closed' }),
    isRefusedAsClosed: (_, outcome: PaymentOutcome) =>
      outcome.kind === 'refused' && outcome.code === 'booking_closed',
    isCreated: (_, outcome: PaymentOutcome) => outcome.kind === 'created',
  },
}).createMachine({
  id: 'pujaWizard',
  type: 'parallel',
  context: ({ input }) => {
    const today = input.today ?? (() => localToday());
    const personCount = clampCount(input.personCount);
    const persons = restorePersons(personCount, input.draft);
    const gift = restoreGift(input.draft?.gift);
    const offerings = input.offerings ?? [];
    return {
      pujaId: input.pujaId,
      packageId: input.packageId,
      packageName: input.packageName,
      personCount,
      price: input.price,
      closesAt: input.closesAt,
      persons,
      personErrors: validateAll(persons, today()),
      touched: persons.map(() => ({})),
      showAllErrors: false,
      refusedNextCount: 0,
      addressId: input.draft?.addressId ?? null,
      address: null,
      error: undefined,
      booking: null,
      addressError: undefined,
      resumeAt: null,
      createIdempotencyKey: input.createIdempotencyKey,
      today,
      offerings,
      offeringQuantities: restoreOfferingQuantities(offerings, input.draft?.offerings),
      gift,
      giftErrors: gift ? validateGift(gift) : {},
      giftSetAside: null,
      showGiftErrors: false,
      namesConfirmed: false,
    };
  },
  states: {
    window: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isWindowOpenAtStart', target: 'open' }, { target: 'closed' }],
        },
        open: {
          invoke: {
            id: 'bookingWindow',
            src: 'bookingWindow',
            input: ({ context }) => ({ closesAt: context.closesAt }),
            onSnapshot: {
              guard: {
                type: 'isWindowSnapshotClosed',
                params: ({ event }) => event.snapshot,
              },
              target: 'closed',
            },
          },
          on: {
            'window.closed': 'closed',
          },
        },
        closed: {
          tags: ['windowClosed'],
        },
      },
    },
    steps: {
      initial: 'details',
      states: {
        details: {
          entry: 'forgetNamesConfirmed',
          on: {
            'person.changed': { actions: ['changePerson', { type: 'saveDraft', params: draftOf }] },
            'person.filled': { actions: ['fillPerson', { type: 'saveDraft', params: draftOf }] },
            'person.blurred': { actions: 'touchField' },
            'person.notKnownChanged': { actions: ['markNotKnown', { type: 'saveDraft', params: draftOf }] },
            'persons.gothraCopied': {
              guard: 'canCopyGothra',
              actions: ['copyGothra', { type: 'saveDraft', params: draftOf }],
            },
            'person.added': {
              guard: 'canAddPerson',
              actions: ['addPerson', { type: 'saveDraft', params: draftOf }],
            },
            'person.removed': {
              guard: 'canRemovePerson',
              actions: ['removePerson', { type: 'saveDraft', params: draftOf }],
            },
            'wizard.next': [
              { guard: 'arePersonsValid', target: 'address', actions: 'revalidatePersons' },
              { actions: ['revalidatePersons', 'showPersonErrors'] },
            ],
            'step.requested': [
              {
                guard: and([requested('payment'), 'arePersonsValid', 'hasAddress']),
                target: 'payment',
                actions: 'revalidatePersons',
              },
              {
                guard: and([requested('payment'), 'arePersonsValid', 'isAddressLoading']),
                target: 'address',
                actions: ['revalidatePersons', 'resumeAtPayment'],
              },
              {
                guard: and([requested('payment'), 'arePersonsValid']),
                target: 'address',
                actions: 'revalidatePersons',
              },
              {
                guard: and([requested('address'), 'arePersonsValid']),
                target: 'address',
                actions: 'revalidatePersons',
              },
            ],
          },
        },
        address: {
          always: {
            guard: and(['isResumingToPayment', 'hasAddress']),
            target: 'payment',
            actions: 'forgetResume',
          },
          exit: 'clearAddressError',
          on: {
            'address.selected': {
              actions: [
                'keepResumeForSameAddress',
                'selectAddress',
                'clearAddressError',
                { type: 'saveDraft', params: draftOf },
              ],
            },
            'gift.toggled': { actions: ['toggleGift', { type: 'saveDraft', params: draftOf }] },
            'gift.changed': { actions: ['changeGift', { type: 'saveDraft', params: draftOf }] },
            'wizard.next': [
              { guard: 'hasAddress', target: 'payment' },
              { guard: 'isGift', actions: ['showGiftErrors', 'forgetResume'] },
              { actions: ['showAddressRequired', 'forgetResume'] },
            ],
            'wizard.back': { target: 'details', actions: 'forgetResume' },
            'step.requested': [
              {
                guard: requested('details'),
                target: 'details',
                actions: 'forgetResume',
              },
              { guard: and([requested('payment'), 'hasAddress']), target: 'payment' },
              {
                guard: and([requested('payment'), 'isAddressLoading']),
                actions: 'resumeAtPayment',
              },
            ],
          },
        },
        payment: {
          invoke: {
            id: 'payment',
            src: 'payment',
            input: ({ context }) => ({ createIdempotencyKey: context.createIdempotencyKey }),
            onDone: [
              {
                guard: { type: 'isRefusedAsClosed', params: outcomeOf },
                target: 'payment',
                reenter: true,
                actions: [{ type: 'storeRefusal', params: outcomeOf }, 'closeWindow'],
              },
              {
                guard: { type: 'isCreated', params: outcomeOf },
                target: 'confirmation',
                actions: [
                  { type: 'storeBooking', params: outcomeOf },
                  {
                    type: 'clearDraft',
                    params: ({ context }) => ({ pujaId: context.pujaId, packageId: context.packageId }),
                  },
                ],
              },
              { target: 'payment', reenter: true, actions: { type: 'storeRefusal', params: outcomeOf } },
            ],
            onError: {
              target: 'payment',
              reenter: true,
              actions: { type: 'storeCreateError', params: failure },
            },
          },
          on: {
            'wizard.pay': {
              guard: and(['isWindowOpen', 'areNamesConfirmed']),
              actions: ['clearError', 'submitToPayment'],
            },
            'offering.changed': { actions: ['changeOffering', { type: 'saveDraft', params: draftOf }] },
            'names.confirmed': { actions: 'confirmNames' },
            'person.spelled': { actions: ['spellPerson', { type: 'saveDraft', params: draftOf }] },
            'wizard.back': { target: 'address', actions: 'clearError' },
            'step.requested': [
              {
                guard: requested('details'),
                target: 'details',
                actions: 'clearError',
              },
              {
                guard: requested('address'),
                target: 'address',
                actions: 'clearError',
              },
            ],
          },
        },
        confirmation: {
          type: 'final',
        },
      },
    },
  },
});
