import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Address } from '../../contract/address.ts';
import { bookingMessages, type Booking } from '../../contract/booking.ts';
import { emptyPerson, PERSON_FIELDS, type PersonDraft, type PersonField } from '../../contract/person.ts';
import { NAKSHATRA_OPTIONS, RAASHI_OPTIONS } from '../../contract/raashi-nakshatra.ts';
import type {
  CaptureInput,
  CaptureOutput,
  WriteRecordInput,
  WriteRecordOutput,
} from '../../machines/payment/payment.actors.ts';
import { wizardDraftKey, type DraftParams } from '../../machines/puja-wizard/draft.ts';
import type { GiftField } from '../../machines/puja-wizard/puja-wizard.gift.ts';
import type { StepShown } from '../../machines/puja-wizard/wizard-place.ts';
import {
  pujaWizardMachine,
  pujaWizardMessages,
  type PujaWizardEvent,
  type PujaWizardInput,
} from '../../machines/puja-wizard/puja-wizard.machine.ts';
import {
  selectAddress,
  selectAddressError,
  selectBooking,
  selectCanGoBack,
  selectCanGoNext,
  selectCanPay,
  selectError,
  selectFieldError,
  selectPaymentActor,
  selectIsWindowClosed,
  selectPersonCount,
  selectMaxPersons,
  selectCanAddPerson,
  selectCanRemovePerson,
  selectPersons,
  selectPlacesShort,
  selectPersonValue,
  selectRefusedNextCount,
  selectShowClosedNotice,
  selectStep,
  selectGiftError,
  selectNamesConfirmed,
  selectOfferingLines,
  selectOfferingQuantity,
  selectPaymentFingerprint,
  selectTotal,
} from '../../machines/puja-wizard/puja-wizard.selectors.ts';
import { selectAmountToPay } from '../../machines/payment/payment.selectors.ts';
import { maduraiAddress, savedHome as home } from '../support/addresses.ts';
import { EVERY_PERSON_FIELD_REQUIRED, paidBooking, person, ravi as raviRao } from '../support/bookings.ts';
import { captured, intentOf, stubbedPayment } from '../support/payment-stubs.ts';

/** 1 March 2026, 11:30 in India. */
const NOW = new Date('2026-03-01T06:00:00.000Z').getTime();
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();

/** Asha, the person of the booking form (tests/support/bookings.ts). */
const asha = person();
const ravi = raviRao();

const office: Address = {
  ...home,
  id: 12,
  recipientName: null,
  mobile: null,
  area: null,
  landmark: null,
  street: '7, North Mada Street',
  city: 'Chennai',
  isDefault: false,
};

function bookingOf({ record, paymentId }: WriteRecordInput): Booking {
  if (record.purpose !== 'booking') throw new Error('not a booking');
  const payload = { ...record.booking, paymentId: paymentId ?? '' };
  return paidBooking({
    bookingNumber: 'PUJ-20260301-000007',
    createdAt: new Date(NOW).toISOString(),
    paymentId: payload.paymentId,
    puja: {
      id: payload.pujaId,
      pujaName: 'Chandi Homam',
      place: 'Kollur',
      pujaDate: at(30 * DAY),
      image: '/x.svg',
    },
    package: { id: payload.packageId, title: 'Family (2 persons)', noPersons: 2 },
    persons: payload.persons.map((p) => ({
      ...p,
      raashi: p.raashi as Booking['persons'][number]['raashi'],
      nakshatra: p.nakshatra as Booking['persons'][number]['nakshatra'],
    })),
    address: home,
    amount: 4751,
    packageAmount: 4751,
  });
}

interface Setup extends Partial<PujaWizardInput> {
  capture?: (input: CaptureInput) => Promise<CaptureOutput>;
  writeRecord?: (input: WriteRecordInput) => Promise<WriteRecordOutput>;
}

const intent = intentOf(4751);

function start({ capture, writeRecord, ...input }: Setup = {}) {
  let keys = 0;
  const paying = stubbedPayment({
    intent,
    capture,
    writeRecord: writeRecord ?? ((i) => Promise.resolve({ kind: 'created', id: 7, booking: bookingOf(i) })),
  });
  const { payment } = paying;
  const calls = {
    saveDraft: vi.fn<(draft: DraftParams) => void>(),
    clearDraft: vi.fn<(key: { pujaId: number; packageId: number }) => void>(),
    showStep: vi.fn<(shown: StepShown) => void>(),
    ...paying.calls,
  };
  const machine = pujaWizardMachine.provide({
    actions: {
      saveDraft: (_, draft) => calls.saveDraft(structuredClone(draft)),
      clearDraft: (_, key) => calls.clearDraft(key),
      showStep: (_, shown) => calls.showStep(shown),
    },
    actors: { payment },
  });
  const actor = createActor(machine, {
    input: {
      pujaId: 3,
      packageId: 31,
      packageName: 'Family (2 persons)',
      personCount: 2,
      price: 4751,
      closesAt: at(30 * DAY),
      createIdempotencyKey: () => `key-${++keys}`,
      ...input,
    },
  });
  actor.start();
  const send = (event: PujaWizardEvent) => actor.send(event);
  const snapshot = () => actor.getSnapshot();
  const step = () => selectStep(snapshot());
  const steps = () => (snapshot().value as { steps: string }).steps;
  const fill = (index: number, person: Partial<PersonDraft>) => {
    for (const [field, value] of Object.entries(person)) {
      if (typeof value === 'string')
        send({ type: 'person.changed', index, field: field as PersonField, value });
    }
  };
  /** Both persons filled in, Next, an address chosen, Next: on the payment step. */
  const toPayment = (address: Address = home) => {
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    send({ type: 'address.selected', address });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
    selectPaymentActor(snapshot())?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    // The sankalp read back: "the names are right".
    send({ type: 'names.confirmed', confirmed: true });
  };
  const child = () => selectPaymentActor(snapshot());
  const errorsOf = (index: number) =>
    Object.fromEntries(
      PERSON_FIELDS.map((field) => [field, selectFieldError(index, field)(snapshot())]).filter(([, e]) => e),
    ) as Partial<Record<PersonField, string>>;
  return { actor, calls, send, snapshot, step, steps, fill, toPayment, errorsOf, child };
}

/** Lets settled promises (the actors' answers) reach the machine. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('puja wizard: person details', () => {
  it('starts on Person Details with one empty form per person of the package', () => {
    for (const personCount of [1, 2, 4, 6]) {
      const { snapshot, step } = start({ personCount });
      expect(step()).toBe('details');
      expect(selectPersonCount(snapshot())).toBe(personCount);
      expect(selectPersons(snapshot())).toEqual(Array.from({ length: personCount }, emptyPerson));
    }
  });

  it('has one form when the person count is missing or not a whole number', () => {
    for (const personCount of [0, -2, 1.5, Number.NaN]) {
      expect(selectPersonCount(start({ personCount }).snapshot())).toBe(1);
    }
  });

  it('hides the messages until Next, then shows the seven of the product rules (Persons) for each person', () => {
    const { send, steps, errorsOf, snapshot } = start();
    expect(errorsOf(0)).toEqual({});
    send({ type: 'wizard.next' });
    expect(steps()).toBe('details');
    expect(errorsOf(0)).toEqual(EVERY_PERSON_FIELD_REQUIRED);
    expect(errorsOf(1)).toEqual(EVERY_PERSON_FIELD_REQUIRED);
    expect(selectRefusedNextCount(snapshot())).toBe(1);
  });

  it('validates each person on its own: a valid first person, an invalid second one', () => {
    const { send, fill, steps, errorsOf } = start();
    fill(0, asha);
    fill(1, { ...ravi, gothra: '   ', raashi: '' });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('details');
    expect(errorsOf(0)).toEqual({});
    expect(errorsOf(1)).toEqual({ gothra: 'Gothra is required', raashi: 'Raashi is required' });

    fill(1, { gothra: 'Bharadwaja', raashi: RAASHI_OPTIONS[0] });
    expect(errorsOf(1)).toEqual({});
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
  });

  it('shows a field message as soon as that field was touched (changed or left)', () => {
    const { send, errorsOf } = start();
    send({ type: 'person.changed', index: 0, field: 'name', value: 'A' });
    send({ type: 'person.changed', index: 0, field: 'name', value: '' });
    expect(errorsOf(0)).toEqual({ name: 'Name is required' });
    send({ type: 'person.blurred', index: 0, field: 'birthPlace' });
    expect(errorsOf(0)).toEqual({ name: 'Name is required', birthPlace: 'Birth place is required' });
    expect(errorsOf(1)).toEqual({});
  });

  it('refuses a date of birth in the future (the device date is the latest allowed)', () => {
    const { send, fill, steps, errorsOf } = start({ personCount: 1 });
    fill(0, { ...asha, dateOfBirth: '2026-03-02' });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('details');
    expect(errorsOf(0)).toEqual({ dateOfBirth: bookingMessages.dateOfBirthFuture });
    fill(0, { dateOfBirth: '2026-03-01' });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
  });

  it('refuses a raashi or nakshatra that is not on the lists, and a malformed time', () => {
    const { send, fill, errorsOf } = start({ personCount: 1 });
    fill(0, { ...asha, raashi: 'Leo', nakshatra: 'Polaris', birthTime: '25:00' });
    send({ type: 'wizard.next' });
    expect(errorsOf(0)).toEqual({
      raashi: bookingMessages.raashiInvalid,
      nakshatra: bookingMessages.nakshatraInvalid,
      birthTime: bookingMessages.birthTimeInvalid,
    });
    expect(RAASHI_OPTIONS).toHaveLength(12);
    expect(NAKSHATRA_OPTIONS).toHaveLength(27);
  });

  it('ignores a change for a person or field that does not exist', () => {
    const { send, snapshot, calls } = start({ personCount: 1 });
    send({ type: 'person.changed', index: 3, field: 'name', value: 'Ghost' });
    send({ type: 'person.changed', index: 0, field: 'email' as PersonField, value: 'x' });
    expect(selectPersons(snapshot())).toEqual([emptyPerson()]);
    expect(calls.saveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ persons: [emptyPerson()] }));
  });

  it('hands every change to saveDraft with the persons, the puja and the package', () => {
    const { send, calls } = start({ personCount: 2 });
    send({ type: 'person.changed', index: 1, field: 'name', value: 'Ravi' });
    expect(calls.saveDraft).toHaveBeenCalledTimes(1);
    expect(calls.saveDraft).toHaveBeenLastCalledWith({
      pujaId: 3,
      packageId: 31,
      persons: [emptyPerson(), { ...emptyPerson(), name: 'Ravi' }],
      addressId: null,
      gift: null,
      offerings: [],
    });
    expect(wizardDraftKey(3, 31)).toBe('puja-wizard:3:31');
  });

  it('pre-fills the forms and the address from a restored draft', () => {
    const { snapshot, send, steps } = start({
      personCount: 2,
      draft: { persons: [asha, { ...ravi, gothra: 42 }, asha], addressId: 12 },
    });
    expect(selectPersons(snapshot())).toEqual([asha, { ...ravi, gothra: '' }]);
    expect(selectPersonValue(0, 'nakshatra')(snapshot())).toBe('Magha');
    expect(snapshot().context.addressId).toBe(12);
    send({ type: 'wizard.next' });
    expect(steps()).toBe('details');
    expect(selectFieldError(1, 'gothra')(snapshot())).toBe('Gothra is required');
  });
});

describe('puja wizard: address', () => {
  it('without an address, Next stays and says "Please select or add an address" until one is chosen', () => {
    const { send, fill, steps, calls, snapshot } = start();
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    expect(selectCanGoNext(snapshot())).toBe(true);
    expect(selectAddressError(snapshot())).toBeUndefined();

    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    expect(selectAddressError(snapshot())).toBe('Please select or add an address');
    expect(pujaWizardMessages.addressRequired).toBe('Please select or add an address');

    send({ type: 'address.selected', address: office });
    expect(selectAddressError(snapshot())).toBeUndefined();
    expect(selectAddress(snapshot())).toEqual(office);
    expect(calls.saveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ addressId: 12 }));
    send({ type: 'address.selected', address: null });
    send({ type: 'wizard.next' });
    expect(selectAddressError(snapshot())).toBe('Please select or add an address');

    // Leaving the step forgets the message.
    send({ type: 'wizard.back' });
    send({ type: 'wizard.next' });
    expect(selectAddressError(snapshot())).toBeUndefined();
    send({ type: 'address.selected', address: office });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
  });

  it('a restored address id alone is not a choice until the picker confirms it', () => {
    const { send, fill, steps, snapshot } = start({ draft: { addressId: 11 } });
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    expect(selectAddressError(snapshot())).toBe('Please select or add an address');
    send({ type: 'address.selected', address: home });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
  });

  it('Back from Address returns to Person Details with everything typed', () => {
    const { send, fill, steps, snapshot } = start();
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    send({ type: 'address.selected', address: home });
    send({ type: 'wizard.back' });
    expect(steps()).toBe('details');
    expect(selectPersons(snapshot())).toEqual([asha, ravi]);
    expect(selectCanGoBack(snapshot())).toBe(false);
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    expect(selectAddress(snapshot())).toEqual(home);
  });

  it('Back from Payment returns to Address with the address kept', () => {
    const { send, toPayment, steps, snapshot } = start();
    toPayment(office);
    expect(selectCanGoBack(snapshot())).toBe(true);
    send({ type: 'wizard.back' });
    expect(steps()).toBe('address');
    expect(selectAddress(snapshot())).toEqual(office);
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
  });

  it('ignores person changes outside the details step and address choices outside the address step', () => {
    const { send, toPayment, snapshot } = start();
    toPayment();
    send({ type: 'person.changed', index: 0, field: 'name', value: 'Changed' });
    send({ type: 'address.selected', address: office });
    expect(selectPersons(snapshot())[0]).toEqual(asha);
    expect(selectAddress(snapshot())).toEqual(home);
  });
});

describe('puja wizard: the step the URL asks for (step.requested)', () => {
  it('goes forward only where Next would, and back at any time', () => {
    const { send, fill, steps, snapshot } = start();
    send({ type: 'step.requested', step: 'address' });
    send({ type: 'step.requested', step: 'payment' });
    expect(steps()).toBe('details');
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'step.requested', step: 'address' });
    expect(steps()).toBe('address');
    send({ type: 'step.requested', step: 'payment' });
    expect(steps()).toBe('address');
    send({ type: 'address.selected', address: home });
    send({ type: 'step.requested', step: 'payment' });
    expect(steps()).toBe('payment');
    send({ type: 'step.requested', step: 'details' });
    expect(steps()).toBe('details');
    expect(selectPersons(snapshot())).toEqual([asha, ravi]);
    // Forward twice at once (Forward, Forward) lands on Payment while the address is still chosen.
    send({ type: 'step.requested', step: 'payment' });
    expect(steps()).toBe('payment');
    send({ type: 'step.requested', step: 'address' });
    expect(steps()).toBe('address');
    expect(selectAddress(snapshot())).toEqual(home);
  });

  it('a reload on Payment waits on Address for the draft’s address, then goes on', () => {
    const { send, steps } = start({
      draft: { persons: [asha, ravi], addressId: home.id },
    });
    send({ type: 'step.requested', step: 'payment' });
    expect(steps()).toBe('address');
    send({ type: 'address.selected', address: home });
    expect(steps()).toBe('payment');
  });

  it('a reload on Payment whose address is gone stays on Address, and later choices do not jump', () => {
    const { send, steps, snapshot } = start({ draft: { persons: [asha, ravi], addressId: 99 } });
    send({ type: 'step.requested', step: 'payment' });
    expect(steps()).toBe('address');
    send({ type: 'address.selected', address: null });
    send({ type: 'wizard.next' });
    expect(selectAddressError(snapshot())).toBe('Please select or add an address');
    send({ type: 'address.selected', address: office });
    expect(steps()).toBe('address');
  });

  it('hands showStep each step it moves to on its own: Next, Back, paid', async () => {
    const { send, fill, calls, toPayment } = start();
    const shown = () => calls.showStep.mock.calls.map(([s]) => s.step);
    expect(shown()).toEqual([]);
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    expect(shown()).toEqual(['address']);
    send({ type: 'wizard.back' });
    expect(shown()).toEqual(['address', 'details']);
    calls.showStep.mockClear();
    toPayment();
    expect(shown()).toEqual(['address', 'address', 'payment']);
    send({ type: 'wizard.pay' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.showStep).toHaveBeenLastCalledWith({ step: 'confirmation', resumeAt: null });
  });

  it('hands showStep the step it stays on when the URL asks for one it refuses, with the step it waits for', () => {
    const { send, calls } = start({ draft: { persons: [asha, ravi], addressId: 99 } });
    send({ type: 'step.requested', step: 'confirmation' });
    expect(calls.showStep).toHaveBeenLastCalledWith({ step: 'details', resumeAt: null });
    calls.showStep.mockClear();
    // A reload on Payment: Address waits for the draft's address, and the URL may stay on Payment.
    send({ type: 'step.requested', step: 'payment' });
    expect(calls.showStep).not.toHaveBeenCalled();
    send({ type: 'address.selected', address: office });
    // Another address came: Payment is not resumed, so the URL must show Address.
    expect(calls.showStep).toHaveBeenLastCalledWith({ step: 'address', resumeAt: null });
  });

  it('never leaves the confirmation', async () => {
    const { send, toPayment, steps } = start();
    toPayment();
    send({ type: 'wizard.pay' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(steps()).toBe('confirmation');
    send({ type: 'step.requested', step: 'details' });
    expect(steps()).toBe('confirmation');
  });

  it('stays on Payment while paying: the URL and Back are put back, and both work again once it has settled', async () => {
    const declined: CaptureOutput = { kind: 'refused', code: 'payment_declined', message: 'Declined.' };
    let answer!: (output: CaptureOutput) => void;
    const { send, toPayment, steps, calls } = start({
      capture: () => new Promise<CaptureOutput>((resolve) => (answer = resolve)),
    });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    calls.showStep.mockClear();
    send({ type: 'step.requested', step: 'details' });
    send({ type: 'wizard.back' });
    expect(steps()).toBe('payment');
    expect(calls.showStep.mock.calls).toEqual([[{ step: 'payment', resumeAt: null, correction: true }]]);
    answer(declined);
    await flush();
    send({ type: 'step.requested', step: 'address' });
    expect(steps()).toBe('address');
  });
});

describe('puja wizard: payment and booking', () => {
  it('pays through the payment machine, which writes the booking, and confirms it', async () => {
    const { send, snapshot, toPayment, step, calls, child } = start();
    toPayment();
    send({ type: 'wizard.pay' });
    expect(child()?.getSnapshot().hasTag('paying')).toBe(true);
    await flush();
    expect(step()).toBe('confirmation');
    expect(calls.createIntent.mock.calls[0]?.[0]).toEqual({
      record: {
        purpose: 'booking',
        booking: {
          pujaId: 3,
          packageId: 31,
          persons: [asha, ravi],
          addressId: 11,
          offerings: [],
          gift: null,
        },
      },
    });
    expect(calls.writeRecord.mock.calls[0]?.[0]).toMatchObject({
      paymentId: 'pay_1',
      idempotencyKey: 'key-1',
    });
    expect(selectBooking(snapshot())?.bookingNumber).toBe('PUJ-20260301-000007');
    expect(calls.clearDraft).toHaveBeenCalledWith({ pujaId: 3, packageId: 31 });
  });

  it('hands Pay the total shown; a server price other than it is paid only at the next Pay, and shown until then', async () => {
    const { send, toPayment, step, calls, child, snapshot } = start({ offerings: [lamp] });
    calls.createIntent.mockResolvedValue({ kind: 'intent', intent: { ...intent, amount: 4751 + 2 * 61 } });
    toPayment();
    send({ type: 'offering.changed', offeringId: 5, quantity: 2 });
    const shown = () =>
      selectAmountToPay(
        selectPaymentFingerprint(snapshot()),
        selectTotal(snapshot()),
      )(child()?.getSnapshot());
    expect(shown()).toBe(4751 + 102);
    send({ type: 'wizard.pay' });
    await flush();
    expect(step()).toBe('payment');
    expect(child()?.getSnapshot().value).toBe('priceChanged');
    expect(child()?.getSnapshot().context.error?.message).toBe(
      'The price has changed since you opened this page: the amount is now ₹4,873 (it was ₹4,853). ' +
        'Check it and pay ₹4,873, or go back.',
    );
    expect(calls.capture).not.toHaveBeenCalled();
    expect(shown()).toBe(4873);

    send({ type: 'wizard.pay' });
    await flush();
    expect(step()).toBe('confirmation');
    expect(calls.createIntent).toHaveBeenCalledTimes(1);
    expect(calls.capture.mock.calls.map(([c]) => c.paymentId)).toEqual(['pay_1']);
  });

  it('a declined UPI ID stays on Payment with the message; another UPI ID pays on the same intent', async () => {
    const declines = [
      Promise.resolve<CaptureOutput>({
        kind: 'refused',
        code: 'payment_declined',
        message: 'Your payment was declined.',
      }),
      Promise.resolve(captured),
    ];
    const { send, toPayment, step, calls, child } = start({
      capture: () => declines.shift() ?? Promise.reject(new Error()),
    });
    toPayment();
    child()?.send({ type: 'payment.upiIdChanged', value: 'failure@upi' });
    send({ type: 'wizard.pay' });
    await flush();
    expect(step()).toBe('payment');
    expect(child()?.getSnapshot().context.error?.message).toBe('Your payment was declined.');
    child()?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    send({ type: 'wizard.pay' });
    await flush();
    expect(step()).toBe('confirmation');
    expect(calls.createIntent).toHaveBeenCalledTimes(1);
    expect(calls.capture.mock.calls.map(([c]) => c.details)).toEqual([
      { method: 'upi', upiId: 'failure@upi' },
      { method: 'upi', upiId: 'asha@okbank' },
    ]);
  });

  it("a refusal after payment shows the server's message (the refund) and starts a fresh payment", async () => {
    const { send, snapshot, toPayment, steps, child } = start({
      writeRecord: () =>
        Promise.resolve({
          kind: 'refused',
          code: 'person_count_mismatch',
          message: 'Refused. Your payment of ₹4,751 has been refunded.',
          refunded: { paymentId: 'pay_1', amount: 4751 },
        }),
    });
    toPayment();
    const first = child();
    send({ type: 'wizard.pay' });
    await flush();
    expect(steps()).toBe('payment');
    expect(selectError(snapshot())).toBe('Refused. Your payment of ₹4,751 has been refunded.');
    expect(child()).not.toBe(first);
    expect(selectPersons(snapshot())).toEqual([asha, ravi]);
    expect(selectCanGoBack(snapshot())).toBe(true);
  });
});

describe('puja wizard: places at the temple (docs/product-rules.md, Waitlist)', () => {
  it('pays while the date has a place for each person named', () => {
    const { snapshot, toPayment } = start({ placesLeft: 2 });
    toPayment();
    expect(selectPlacesShort(snapshot())).toBeNull();
    expect(selectCanPay(snapshot())).toBe(true);
  });

  it('with fewer places than persons, offers the waitlist instead of Pay; one person fewer pays', () => {
    const { snapshot, toPayment, send, calls } = start({ placesLeft: 1 });
    toPayment();
    expect(selectPlacesShort(snapshot())).toBe(1);
    expect(selectCanPay(snapshot())).toBe(false);
    send({ type: 'wizard.pay' });
    expect(calls.createIntent).not.toHaveBeenCalled();
    // Back to the details, the second person removed: the one place is enough.
    send({ type: 'wizard.back' });
    send({ type: 'wizard.back' });
    send({ type: 'person.removed', index: 1 });
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    expect(selectPlacesShort(snapshot())).toBeNull();
    send({ type: 'names.confirmed', confirmed: true });
    expect(selectCanPay(snapshot())).toBe(true);
  });

  it('a date with no limit never offers the waitlist; a puja_full refusal does, as fully booked', async () => {
    const { snapshot, toPayment, send } = start({
      placesLeft: null,
      writeRecord: () =>
        Promise.resolve({
          kind: 'refused',
          code: 'puja_full',
          message: 'This date of the puja is fully booked. Your payment of ₹4,751 has been refunded.',
          refunded: { paymentId: 'pay_1', amount: 4751 },
        }),
    });
    toPayment();
    expect(selectPlacesShort(snapshot())).toBeNull();
    send({ type: 'wizard.pay' });
    await flush();
    expect(selectPlacesShort(snapshot())).toBe(0);
    expect(selectCanPay(snapshot())).toBe(false);
  });
});

describe('puja wizard: the booking window', () => {
  it('is open while the puja date is ahead', () => {
    const { snapshot } = start({ closesAt: at(DAY) });
    expect(selectIsWindowClosed(snapshot())).toBe(false);
    expect(snapshot().value).toEqual({ window: 'open', steps: 'details' });
  });

  it('starts closed for a passed, missing or invalid date: the customer is told and cannot pay', () => {
    for (const closesAt of [at(-DAY), null, 'not a date']) {
      const { snapshot, toPayment, send, steps, calls } = start({ closesAt });
      expect(selectIsWindowClosed(snapshot())).toBe(true);
      expect(selectShowClosedNotice(snapshot())).toBe(true);
      toPayment();
      expect(selectCanPay(snapshot())).toBe(false);
      send({ type: 'wizard.pay' });
      expect(steps()).toBe('payment');
      expect(calls.createIntent).not.toHaveBeenCalled();
    }
    expect(pujaWizardMessages.closed).toBe('Booking for this puja has closed.');
  });

  it('closing while the customer fills in the wizard blocks Pay, keeping what was typed', async () => {
    const { snapshot, toPayment, send, steps, calls } = start({ closesAt: at(5_000) });
    toPayment();
    expect(selectCanPay(snapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(selectIsWindowClosed(snapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectIsWindowClosed(snapshot())).toBe(true);
    expect(snapshot().value).toEqual({ window: 'closed', steps: 'payment' });
    expect(selectCanPay(snapshot())).toBe(false);
    send({ type: 'wizard.pay' });
    expect(steps()).toBe('payment');
    expect(calls.createIntent).not.toHaveBeenCalled();
    expect(selectPersons(snapshot())).toEqual([asha, ravi]);
    // Going back and forth still works; only paying is refused.
    send({ type: 'wizard.back' });
    expect(steps()).toBe('address');
  });

  it('closing on an earlier step is noticed there already', async () => {
    const { snapshot, send, fill, steps } = start({ closesAt: at(2_500) });
    fill(0, asha);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(steps()).toBe('details');
    expect(selectShowClosedNotice(snapshot())).toBe(true);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
  });

  it('the page can report the close with window.closed', () => {
    const { snapshot, send, toPayment } = start();
    toPayment();
    send({ type: 'window.closed' });
    expect(selectIsWindowClosed(snapshot())).toBe(true);
    expect(selectCanPay(snapshot())).toBe(false);
  });

  it("the server's closed answer (its clock) closes the window here too and says the payment was refunded", async () => {
    const message = `${bookingMessages.closed}. Your payment of ₹4,751 has been refunded.`;
    const { snapshot, send, toPayment, steps } = start({
      writeRecord: () =>
        Promise.resolve({
          kind: 'refused',
          code: 'booking_closed',
          message,
          refunded: { paymentId: 'pay_1', amount: 4751 },
        }),
    });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    expect(steps()).toBe('payment');
    expect(selectIsWindowClosed(snapshot())).toBe(true);
    expect(selectError(snapshot())).toBe(message);
    expect(selectCanPay(snapshot())).toBe(false);
  });

  it('the confirmation stays once the booking exists, even when the window closes later', async () => {
    const { snapshot, send, toPayment, step } = start({ closesAt: at(10_000) });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    expect(step()).toBe('confirmation');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(step()).toBe('confirmation');
    expect(selectShowClosedNotice(snapshot())).toBe(false);
  });
});

const lamp = {
  id: 5,
  name: 'Ghee lamp',
  description: 'A lamp of ghee.',
  price: 51,
  unit: 'lamp',
  delivery: 'temple' as const,
  maxQuantity: 11,
};
const annadanam = { ...lamp, id: 6, name: 'Annadanam', unit: 'person', price: 60, maxQuantity: 500 };

/** The gift form's fields as typed: Kamala's address in Madurai (no country: the form does not ask). */
const { country: _country, ...kamala } = maduraiAddress({ mobile: '94430 12345' });

describe('puja wizard: the sankalp read back', () => {
  it('pays only once "the names are right" is ticked, and asks again after the persons were changed', async () => {
    const { send, snapshot, toPayment, steps, calls } = start();
    toPayment();
    send({ type: 'names.confirmed', confirmed: false });
    expect(selectCanPay(snapshot())).toBe(false);
    send({ type: 'wizard.pay' });
    expect(calls.createIntent).not.toHaveBeenCalled();
    send({ type: 'names.confirmed', confirmed: true });
    expect(selectNamesConfirmed(snapshot())).toBe(true);
    // Back to the names: the tick goes, since they may change.
    send({ type: 'step.requested', step: 'details' });
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
    expect(selectNamesConfirmed(snapshot())).toBe(false);
    expect(selectCanPay(snapshot())).toBe(false);
    send({ type: 'names.confirmed', confirmed: true });
    selectPaymentActor(snapshot())?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    send({ type: 'wizard.pay' });
    await flush();
    expect(steps()).toBe('confirmation');
  });
});

describe('puja wizard: family profiles', () => {
  it('fills a person form from a saved profile in one tap, every field shown as touched', () => {
    const { send, snapshot, steps, errorsOf } = start();
    send({ type: 'person.filled', index: 1, person: { ...ravi, birthTimeNotKnown: true, birthTime: '' } });
    expect(selectPersons(snapshot())[1]).toEqual({ ...ravi, birthTimeNotKnown: true, birthTime: '' });
    send({ type: 'person.filled', index: 0, person: { ...asha, gothra: '' } });
    expect(errorsOf(0)).toEqual({ gothra: 'Gothra is required' });
    send({ type: 'person.filled', index: 0, person: asha });
    send({ type: 'person.filled', index: 7, person: asha });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
  });
});

describe('puja wizard: a package for up to N persons', () => {
  it('starts with N forms; a person can be removed down to one and added back up to N; fewer than N book', async () => {
    const { send, snapshot, fill, steps, calls } = start({ personCount: 4, packageName: 'Family (4)' });
    expect(selectPersonCount(snapshot())).toBe(4);
    expect(selectMaxPersons(snapshot())).toBe(4);
    expect(selectCanAddPerson(snapshot())).toBe(false);
    send({ type: 'person.added' });
    expect(selectPersonCount(snapshot())).toBe(4);

    // A family of three: the fourth form goes, and the other three are filled.
    fill(3, { name: 'Nobody' });
    send({ type: 'person.removed', index: 3 });
    expect(selectPersonCount(snapshot())).toBe(3);
    expect(calls.saveDraft).toHaveBeenLastCalledWith(
      expect.objectContaining({ persons: [emptyPerson(), emptyPerson(), emptyPerson()] }),
    );
    fill(0, asha);
    fill(1, ravi);
    fill(2, { ...ravi, name: 'Meera Rao' });
    // Removing the second keeps the others' details and messages in place.
    send({ type: 'person.removed', index: 1 });
    expect(selectPersons(snapshot()).map((p) => p.name)).toEqual(['Asha Rao', 'Meera Rao']);
    send({ type: 'person.added' });
    expect(selectPersons(snapshot())[2]).toEqual(emptyPerson());
    send({ type: 'wizard.next' });
    expect(steps()).toBe('details');
    expect(selectFieldError(2, 'name')(snapshot())).toBe('Name is required');
    send({ type: 'person.removed', index: 2 });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    send({ type: 'address.selected', address: home });
    send({ type: 'wizard.next' });
    send({ type: 'names.confirmed', confirmed: true });
    selectPaymentActor(snapshot())?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    send({ type: 'wizard.pay' });
    await flush();
    const record = calls.createIntent.mock.calls[0]?.[0].record as { booking: { persons: PersonDraft[] } };
    expect(record.booking.persons.map((p) => p.name)).toEqual(['Asha Rao', 'Meera Rao']);
    // The package's price, whatever the number of persons (docs/product-rules.md, Persons).
    expect(selectTotal(snapshot())).toBe(4751);
  });

  it('never removes the last form, nor one that does not exist', () => {
    const { send, snapshot } = start({ personCount: 2 });
    send({ type: 'person.removed', index: 5 });
    send({ type: 'person.removed', index: -1 });
    expect(selectPersonCount(snapshot())).toBe(2);
    send({ type: 'person.removed', index: 0 });
    expect(selectCanRemovePerson(snapshot())).toBe(false);
    send({ type: 'person.removed', index: 0 });
    expect(selectPersonCount(snapshot())).toBe(1);
  });

  it('a draft with fewer persons than the package comes back with as many forms (at most N)', () => {
    expect(selectPersonCount(start({ personCount: 4, draft: { persons: [asha, ravi] } }).snapshot())).toBe(2);
    expect(
      selectPersonCount(start({ personCount: 2, draft: { persons: [asha, ravi, asha] } }).snapshot()),
    ).toBe(2);
  });
});

describe('puja wizard: offerings', () => {
  it('chooses none at first, keeps quantities within 0 and each limit, and pays for what was chosen', async () => {
    const { send, snapshot, toPayment, calls } = start({ offerings: [lamp, annadanam] });
    toPayment();
    expect(selectOfferingLines(snapshot())).toEqual([]);
    expect(selectTotal(snapshot())).toBe(4751);
    send({ type: 'offering.changed', offeringId: 6, quantity: 108 });
    send({ type: 'offering.changed', offeringId: 5, quantity: 40 });
    send({ type: 'offering.changed', offeringId: 99, quantity: 1 });
    expect(selectOfferingQuantity(5)(snapshot())).toBe(11);
    expect(selectTotal(snapshot())).toBe(4751 + 108 * 60 + 11 * 51);
    send({ type: 'offering.changed', offeringId: 5, quantity: -1 });
    send({ type: 'offering.changed', offeringId: 6, quantity: 2.5 });
    expect(selectOfferingLines(snapshot())).toEqual([]);
    send({ type: 'offering.changed', offeringId: 6, quantity: 3 });
    expect(selectOfferingLines(snapshot())).toEqual([{ offeringId: 6, quantity: 3 }]);
    send({ type: 'wizard.pay' });
    await flush();
    expect(calls.createIntent.mock.calls[0]?.[0].record).toMatchObject({
      booking: { offerings: [{ offeringId: 6, quantity: 3 }] },
    });
  });

  it('hands the chosen offerings to saveDraft, and a draft brings back only the puja’s own, within each limit', () => {
    const first = start({ offerings: [lamp, annadanam] });
    first.toPayment();
    first.send({ type: 'offering.changed', offeringId: 5, quantity: 2 });
    expect(first.calls.saveDraft).toHaveBeenLastCalledWith(
      expect.objectContaining({ offerings: [{ offeringId: 5, quantity: 2 }] }),
    );
    const { snapshot } = start({
      offerings: [lamp, annadanam],
      draft: {
        offerings: [
          { offeringId: 5, quantity: 2 },
          { offeringId: 6, quantity: 9999 },
          { offeringId: 99, quantity: 1 },
          { offeringId: 5, quantity: 'x' },
        ],
      },
    });
    expect(selectOfferingLines(snapshot())).toEqual([
      { offeringId: 5, quantity: 2 },
      { offeringId: 6, quantity: annadanam.maxQuantity },
    ]);
    expect(selectTotal(snapshot())).toBe(4751 + 2 * 51 + annadanam.maxQuantity * 60);
  });
});

describe('puja wizard: a gift', () => {
  it('sends the prasad to an address typed for the gift, checked like the address form, with the card message', async () => {
    const { send, fill, snapshot, steps, calls } = start();
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    send({ type: 'gift.toggled', gift: true });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    expect(selectGiftError('recipientName')(snapshot())).toBe('Recipient name is required');
    for (const [field, value] of Object.entries(kamala))
      send({ type: 'gift.changed', field: field as GiftField, value });
    send({ type: 'gift.changed', field: 'message', value: 'M'.repeat(201) });
    expect(selectGiftError('message')(snapshot())).toBe('Gift message must be at most 200 characters');
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    send({ type: 'gift.changed', field: 'message', value: 'Happy birthday, Amma' });
    expect(calls.saveDraft).toHaveBeenLastCalledWith(
      expect.objectContaining({
        gift: expect.objectContaining({ message: 'Happy birthday, Amma' }) as unknown,
      }),
    );
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
    send({ type: 'names.confirmed', confirmed: true });
    selectPaymentActor(snapshot())?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    send({ type: 'wizard.pay' });
    await flush();
    expect(calls.createIntent.mock.calls[0]?.[0].record).toMatchObject({
      booking: {
        addressId: null,
        gift: { address: { ...kamala, country: 'India' }, message: 'Happy birthday, Amma' },
      },
    });
  });

  it('carries the recipient’s agreement to WhatsApp updates and the buyer’s own box into the booking, unticked by default', async () => {
    const { send, fill, snapshot, calls } = start();
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    send({ type: 'gift.toggled', gift: true });
    for (const [field, value] of Object.entries(kamala))
      send({ type: 'gift.changed', field: field as GiftField, value });
    expect(snapshot().context.gift?.recipientUpdates).toBeUndefined();
    send({ type: 'gift.recipientUpdatesChanged', agreed: true });
    send({ type: 'wizard.next' });
    expect(snapshot().context.whatsappUpdates).toBe(false);
    send({ type: 'updates.whatsappChanged', on: true });
    send({ type: 'names.confirmed', confirmed: true });
    selectPaymentActor(snapshot())?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
    send({ type: 'wizard.pay' });
    await flush();
    expect(calls.createIntent.mock.calls[0]?.[0].record).toMatchObject({
      whatsappUpdates: true,
      booking: { gift: { recipientUpdates: true } },
    });
  });

  it('a gift cleared goes back to the saved addresses and ticked again brings back what was typed; a reload keeps it', () => {
    const { send, fill, snapshot, steps } = start({
      draft: { gift: { address: kamala, message: 'For Amma' } },
    });
    expect(snapshot().context.gift?.address.city).toBe('Madurai');
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    send({ type: 'gift.toggled', gift: false });
    send({ type: 'wizard.next' });
    expect(selectAddressError(snapshot())).toBe('Please select or add an address');
    send({ type: 'gift.toggled', gift: true });
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
  });
});
