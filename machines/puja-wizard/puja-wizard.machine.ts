import { and, assign, not, raise, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate';
import { localToday } from '../../contract/person.ts';
import { isWindowOpenAt } from '../../contract/policy.ts';
import { bookingWindowMachine } from '../booking-window/booking-window.machine.ts';
import { paymentMachine, refusalErrorOf, type PaymentOutcome } from '../payment/payment.machine.ts';
import { wizardRecordOf } from './booking-draft.ts';
import { stepShown, type StepShown, type WizardStep } from './wizard-place.ts';
import { draftOf, type DraftParams } from './draft.ts';
import { changeGift, isGiftValid, startGiftForm, toggleGift } from './puja-wizard.gift.ts';
import { changeOffering, restoreOfferingQuantities, wizardTotalOf } from './offerings.ts';
import {
  addPerson,
  arePersonsValid,
  canCopyGothra,
  canRemovePerson,
  changePerson,
  clampCount,
  copyGothra,
  fillPerson,
  markNotKnown,
  removePerson,
  spellPerson,
  startPersonForms,
  touchField,
  validateAll,
} from './person-form.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorOf, outputOf } from '../shared/actor-events.ts';
import { pujaWizardMessages } from './wizard-messages.ts';
import { placesShortOf } from './places.ts';
import type { PujaWizardContext, PujaWizardEvent, PujaWizardInput } from './puja-wizard.types.ts';

export { pujaWizardMessages };
export type { PujaWizardContext, PujaWizardEvent, PujaWizardInput };

const outcomeOf = outputOf<PaymentOutcome>;

/** The guard "the URL asks for this step". */
const requested = (step: WizardStep) => ({ type: 'isRequested', params: { step } }) as const;

/** Hands `step` to `showStep`, for the page to show in its URL. */
const showStep = (step: WizardStep) => ({ type: 'showStep', params: stepShown(step) }) as const;
/** Hands `step` to `showStep` as a correction: the wizard stayed there while the URL asked for another. */
const keepStep = (step: WizardStep) => ({ type: 'showStep', params: stepShown(step, true) }) as const;

/** Hands the draft as it is now to `saveDraft`. */
const saveDraft = { type: 'saveDraft', params: draftOf } as const;

type WindowSnapshot = SnapshotFrom<typeof bookingWindowMachine>;
type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/**
 * The puja booking wizard (docs/product-rules.md, Bookings), two regions side by side.
 *
 * `steps`: `details` (one form per person, 1 up to the package's number: `person.added`,
 * `person.removed`; Next only when every person is valid, otherwise the messages show) ->
 * `address` (Next only with an address chosen, otherwise "Please select or add an address"
 * under the picker; Back to details) -> `payment` (a summary; Back to address; Pay)
 * with the payment machine (machines/payment) invoked: it holds the UPI / card / net banking
 * details, and Pay hands it the booking; it pays (about 2 s) and writes the booking, then
 * `confirmation`. A refusal (a refunded payment says so) or a failure returns to `payment` with
 * the message, a fresh payment machine and everything typed; Pay retries (a paid attempt goes
 * straight to creation).
 *
 * `window`: the puja's booking window (the booking-window machine runs inside `open`). Once it
 * is `closed`, Pay is refused and a running payment is abandoned; a creation already sent is
 * left to the server's clock, and its "closed" answer closes the window here too.
 *
 * `step.requested` follows the URL's `?step=` (browser Back and Forward, a reload): back to an
 * earlier step at any time before the confirmation, forward only where Next would go, and never
 * away from Payment while the payment machine pays or writes (`paymentBusy`, from its
 * snapshots; Back is refused then too). A reload
 * on Payment passes through Address until the chosen address has loaded (`resumeAt`). The other
 * way, `showStep` is handed the step whenever the steps move on their own (Next, Back, paid, a
 * resumed Payment) or stay where the URL asked for another, so the page's URL follows.
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
    /**
     * The steps moved on their own (Next, Back, paid, a resumed Payment) or stayed where the URL
     * asked for another (src: the URL's `?step=`, docs/product-rules.md, Bookings).
     */
    showStep: (_, _params: StepShown) => {},
    changePerson: assign(({ context, event }) =>
      event.type === 'person.changed' ? changePerson(context, event) : {},
    ),
    spellPerson: assign(({ context, event }) => {
      if (event.type !== 'person.spelled' || !context.persons[event.index]) return {};
      // A changed spelling is read again before paying.
      return { ...spellPerson(context, event), namesConfirmed: false };
    }),
    markNotKnown: assign(({ context, event }) =>
      event.type === 'person.notKnownChanged' ? markNotKnown(context, event) : {},
    ),
    addPerson: assign(({ context }) => addPerson(context)),
    removePerson: assign(({ context, event }) =>
      event.type === 'person.removed' ? removePerson(context, event) : {},
    ),
    copyGothra: assign(({ context }) => copyGothra(context)),
    fillPerson: assign(({ context, event }) =>
      event.type === 'person.filled' ? fillPerson(context, event) : {},
    ),
    toggleGift: assign(({ context, event }) =>
      event.type === 'gift.toggled' ? { ...toggleGift(context, event.gift), addressError: undefined } : {},
    ),
    changeGift: assign(({ context, event }) =>
      event.type === 'gift.changed' || event.type === 'gift.recipientUpdatesChanged'
        ? changeGift(context, event)
        : {},
    ),
    showGiftErrors: assign({ showGiftErrors: true }),
    changeOffering: assign({
      offeringQuantities: ({ context, event }) =>
        event.type === 'offering.changed' ? changeOffering(context, event) : context.offeringQuantities,
    }),
    changeWhatsappUpdates: assign(({ event }) =>
      event.type === 'updates.whatsappChanged' ? { whatsappUpdates: event.on } : {},
    ),
    confirmNames: assign({
      namesConfirmed: ({ event }) => event.type === 'names.confirmed' && event.confirmed,
    }),
    /** The persons may change: the read-back must be confirmed again. */
    forgetNamesConfirmed: assign({ namesConfirmed: false }),
    touchField: assign({
      touched: ({ context, event }) =>
        event.type === 'person.blurred' ? touchField(context, event) : context.touched,
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
    storeRefusal: assign({ error: (_, outcome: PaymentOutcome) => refusalErrorOf(outcome) }),
    storeCreateError: assign({
      error: (_, error: unknown) => ({ message: messageOf(error, pujaWizardMessages.createFailed) }),
    }),
    storeBooking: assign({
      booking: (_, outcome: PaymentOutcome) => (outcome.kind === 'created' ? outcome.booking : null),
      error: undefined,
    }),
    closeWindow: raise({ type: 'window.closed' }),
    notePaymentBusy: assign({
      paymentBusy: (_, snapshot: PaymentSnapshot) => snapshot.status === 'active' && snapshot.hasTag('busy'),
    }),
    forgetPaymentBusy: assign({ paymentBusy: false }),
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
      event.type === 'person.removed' && canRemovePerson(context, event),
    /** More than one person, and the first has a gothra to give. */
    canCopyGothra: ({ context }) => canCopyGothra(context),
    arePersonsValid: ({ context }) => arePersonsValid(context),
    /** Where the prasad goes: a valid gift address, or the chosen saved address once loaded. */
    hasAddress: ({ context }) =>
      context.gift !== null
        ? isGiftValid(context)
        : context.addressId !== null && context.address?.id === context.addressId,
    isGift: ({ context }) => context.gift !== null,
    areNamesConfirmed: ({ context }) => context.namesConfirmed,
    isWindowOpenAtStart: ({ context }) => isWindowOpenAt(context.closesAt, new Date()),
    isWindowSnapshotClosed: (_, snapshot: WindowSnapshot) => !snapshot.hasTag('bookable'),
    /** docs/product-rules.md, Bookings: while the payment machine pays or writes, the steps stay on Payment. */
    isPaymentBusy: ({ context }) => context.paymentBusy,
    isWindowOpen: stateIn({ window: 'open' }),
    isWindowClosed: stateIn({ window: 'closed' }),
    isRefusedAsClosed: (_, outcome: PaymentOutcome) =>
      outcome.kind === 'refused' && outcome.code === 'booking_closed',
    isCreated: (_, outcome: PaymentOutcome) => outcome.kind === 'created',
    /**
     * docs/product-rules.md, Waitlist: the date has fewer places than the persons named (as the page
     * read them, or as the server refused a payment), so Payment offers the waitlist instead of Pay.
     */
    isDateFull: ({ context }) => placesShortOf(context) !== null,
  },
}).createMachine({
  id: 'pujaWizard',
  type: 'parallel',
  context: ({ input }) => {
    const today = input.today ?? (() => localToday());
    const personCount = clampCount(input.personCount);
    const offerings = input.offerings ?? [];
    return {
      pujaId: input.pujaId,
      packageId: input.packageId,
      packageName: input.packageName,
      personCount,
      price: input.price,
      closesAt: input.closesAt,
      placesLeft: input.placesLeft ?? null,
      ...startPersonForms(personCount, input.draft?.persons, today()),
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
      ...startGiftForm(input.draft?.gift),
      namesConfirmed: false,
      whatsappUpdates: false,
      paymentBusy: false,
    };
  },
  states: {
    window: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isWindowOpenAtStart', target: 'open' }, { target: 'closed' }] },
        open: {
          invoke: {
            id: 'bookingWindow',
            src: 'bookingWindow',
            input: ({ context }) => ({ closesAt: context.closesAt }),
            onSnapshot: {
              guard: { type: 'isWindowSnapshotClosed', params: ({ event }) => event.snapshot },
              target: 'closed',
            },
          },
          on: { 'window.closed': 'closed' },
        },
        closed: { tags: ['windowClosed'] },
      },
    },
    steps: {
      initial: 'details',
      states: {
        details: {
          entry: 'forgetNamesConfirmed',
          on: {
            'person.changed': { actions: ['changePerson', saveDraft] },
            'person.filled': { actions: ['fillPerson', saveDraft] },
            'person.blurred': { actions: 'touchField' },
            'person.notKnownChanged': { actions: ['markNotKnown', saveDraft] },
            'persons.gothraCopied': { guard: 'canCopyGothra', actions: ['copyGothra', saveDraft] },
            'person.added': { guard: 'canAddPerson', actions: ['addPerson', saveDraft] },
            'person.removed': { guard: 'canRemovePerson', actions: ['removePerson', saveDraft] },
            'wizard.next': [
              {
                guard: 'arePersonsValid',
                target: 'address',
                actions: ['revalidatePersons', showStep('address')],
              },
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
                actions: ['revalidatePersons', showStep('address')],
              },
              {
                guard: and([requested('address'), 'arePersonsValid']),
                target: 'address',
                actions: 'revalidatePersons',
              },
              { actions: showStep('details') },
            ],
          },
        },
        address: {
          always: {
            guard: and(['isResumingToPayment', 'hasAddress']),
            target: 'payment',
            actions: ['forgetResume', showStep('payment')],
          },
          exit: 'clearAddressError',
          on: {
            'address.selected': {
              actions: [
                'keepResumeForSameAddress',
                showStep('address'),
                'selectAddress',
                'clearAddressError',
                saveDraft,
              ],
            },
            'gift.toggled': { actions: ['toggleGift', saveDraft] },
            'gift.changed': { actions: ['changeGift', saveDraft] },
            'gift.recipientUpdatesChanged': { actions: 'changeGift' },
            'wizard.next': [
              { guard: 'hasAddress', target: 'payment', actions: showStep('payment') },
              { guard: 'isGift', actions: ['showGiftErrors', 'forgetResume', showStep('address')] },
              { actions: ['showAddressRequired', 'forgetResume', showStep('address')] },
            ],
            'wizard.back': { target: 'details', actions: ['forgetResume', showStep('details')] },
            'step.requested': [
              { guard: requested('details'), target: 'details', actions: 'forgetResume' },
              { guard: and([requested('payment'), 'hasAddress']), target: 'payment' },
              { guard: and([requested('payment'), 'isAddressLoading']), actions: 'resumeAtPayment' },
              { actions: showStep('address') },
            ],
          },
        },
        payment: {
          entry: 'forgetPaymentBusy',
          invoke: {
            id: 'payment',
            src: 'payment',
            input: ({ context }) => ({ createIdempotencyKey: context.createIdempotencyKey }),
            onSnapshot: { actions: { type: 'notePaymentBusy', params: ({ event }) => event.snapshot } },
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
                  showStep('confirmation'),
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
              actions: { type: 'storeCreateError', params: errorOf },
            },
          },
          on: {
            'wizard.pay': {
              guard: and(['isWindowOpen', 'areNamesConfirmed', not('isPaymentBusy'), not('isDateFull')]),
              actions: ['clearError', 'submitToPayment'],
            },
            'offering.changed': { actions: ['changeOffering', saveDraft] },
            'names.confirmed': { actions: 'confirmNames' },
            'updates.whatsappChanged': { actions: 'changeWhatsappUpdates' },
            'person.spelled': { actions: ['spellPerson', saveDraft] },
            'wizard.back': {
              guard: not('isPaymentBusy'),
              target: 'address',
              actions: ['clearError', showStep('address')],
            },
            'step.requested': [
              { guard: 'isPaymentBusy', actions: keepStep('payment') },
              { guard: requested('details'), target: 'details', actions: 'clearError' },
              { guard: requested('address'), target: 'address', actions: 'clearError' },
              { actions: showStep('payment') },
            ],
          },
        },
        confirmation: { type: 'final' },
      },
    },
  },
});
