import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Address } from '../../contract/address.ts';
import {
  bookingMessages,
  emptyPerson,
  NAKSHATRA_OPTIONS,
  PERSON_FIELDS,
  RAASHI_OPTIONS,
  type Booking,
  type PersonDraft,
  type PersonField,
} from '../../contract/booking.ts';
import {
  SIMULATED_PAYMENT_DELAY_MS,
  type PaymentRequest,
  type PaymentResult,
} from '../../machines/checkout/payment-provider.ts';
import {
  fingerprintOf,
  pujaWizardMachine,
  pujaWizardMessages,
  wizardDraftKey,
  type CreateBookingInput,
  type CreateBookingOutput,
  type DraftParams,
  type PujaWizardEvent,
  type PujaWizardInput,
} from '../../machines/puja-wizard/puja-wizard.machine.ts';
import {
  selectAddress,
  selectBooking,
  selectCanGoBack,
  selectCanGoNext,
  selectCanPay,
  selectError,
  selectFieldError,
  selectIdempotencyKey,
  selectIsBusy,
  selectIsWindowClosed,
  selectPersonCount,
  selectPersons,
  selectPersonValue,
  selectRefusedNextCount,
  selectShowClosedNotice,
  selectStep,
} from '../../machines/puja-wizard/puja-wizard.selectors.ts';

/** 1 March 2026, 11:30 in India. */
const NOW = new Date('2026-03-01T06:00:00.000Z').getTime();
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();

const asha: PersonDraft = {
  name: 'Asha Rao',
  dateOfBirth: '1988-03-14',
  birthTime: '06:45',
  birthPlace: 'Udupi',
  raashi: 'Simha (Leo)',
  nakshatra: 'Magha',
  gothra: 'Kashyapa',
};
const ravi: PersonDraft = {
  name: 'Ravi Rao',
  dateOfBirth: '1985-11-02',
  birthTime: '21:10',
  birthPlace: 'Mangaluru',
  raashi: 'Kanya (Virgo)',
  nakshatra: 'Hasta',
  gothra: 'Kashyapa',
};

const home: Address = {
  id: 11,
  street: '12, 4th Cross, Malleshwaram',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560003',
  country: 'India',
  isDefault: true,
};
const office: Address = {
  ...home,
  id: 12,
  street: '7, North Mada Street',
  city: 'Chennai',
  isDefault: false,
};

const apiError = (message: string, status?: number) => Object.assign(new Error(message), { status });

function bookingOf({ payload }: CreateBookingInput): Booking {
  return {
    id: 7,
    bookingNumber: 'PUJ-20260301-000007',
    createdAt: new Date(NOW).toISOString(),
    status: 'confirmed',
    paymentStatus: 'completed',
    paymentMethod: 'online',
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
    currency: 'INR',
  };
}

interface Setup extends Partial<PujaWizardInput> {
  /** Stands in for the payment provider (default: paid at once). */
  pay?: (request: PaymentRequest, signal: AbortSignal) => Promise<PaymentResult>;
  /** Keep the machine's own simulated provider (2 s) instead. */
  simulatedPayment?: boolean;
  createBooking?: (input: CreateBookingInput) => Promise<CreateBookingOutput>;
}

function start({ pay, simulatedPayment = false, createBooking, ...input }: Setup = {}) {
  let keys = 0;
  const calls = {
    alert: vi.fn<(message: string) => void>(),
    saveDraft: vi.fn<(draft: DraftParams) => void>(),
    clearDraft: vi.fn<(key: { pujaId: number; packageId: number }) => void>(),
    pay: vi.fn<(request: PaymentRequest, signal: AbortSignal) => Promise<PaymentResult>>(
      pay ?? (() => Promise.resolve({ paymentId: 'pay_test_1' })),
    ),
    createBooking: vi.fn<(input: CreateBookingInput) => Promise<CreateBookingOutput>>(
      createBooking ?? ((i) => Promise.resolve({ kind: 'created', booking: bookingOf(i) })),
    ),
  };
  const machine = pujaWizardMachine.provide({
    actions: {
      alert: (_, { message }) => calls.alert(message),
      saveDraft: (_, draft) => calls.saveDraft(structuredClone(draft)),
      clearDraft: (_, key) => calls.clearDraft(key),
    },
    actors: {
      ...(simulatedPayment
        ? {}
        : {
            pay: fromPromise<PaymentResult, PaymentRequest>(({ input: request, signal }) =>
              calls.pay(request, signal),
            ),
          }),
      createBooking: fromPromise<CreateBookingOutput, CreateBookingInput>(({ input: request }) =>
        calls.createBooking(request),
      ),
    },
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
  };
  const errorsOf = (index: number) =>
    Object.fromEntries(
      PERSON_FIELDS.map((field) => [field, selectFieldError(index, field)(snapshot())]).filter(([, e]) => e),
    ) as Partial<Record<PersonField, string>>;
  return { actor, calls, send, snapshot, step, steps, fill, toPayment, errorsOf };
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
    const required = {
      name: 'Name is required',
      dateOfBirth: 'Date of birth is required',
      birthTime: 'Birth time is required',
      birthPlace: 'Birth place is required',
      raashi: 'Raashi is required',
      nakshatra: 'Nakshatra is required',
      gothra: 'Gothra is required',
    };
    expect(errorsOf(0)).toEqual(required);
    expect(errorsOf(1)).toEqual(required);
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
  it('without an address, Next stays and alerts "Please select or add an address"', () => {
    const { send, fill, steps, calls, snapshot } = start();
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    expect(selectCanGoNext(snapshot())).toBe(true);

    send({ type: 'wizard.next' });
    expect(steps()).toBe('address');
    expect(calls.alert).toHaveBeenCalledWith('Please select or add an address');
    expect(pujaWizardMessages.addressRequired).toBe('Please select or add an address');

    send({ type: 'address.selected', address: null });
    send({ type: 'wizard.next' });
    expect(calls.alert).toHaveBeenCalledTimes(2);

    send({ type: 'address.selected', address: office });
    expect(selectAddress(snapshot())).toEqual(office);
    expect(calls.saveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ addressId: 12 }));
    send({ type: 'wizard.next' });
    expect(steps()).toBe('payment');
    expect(calls.alert).toHaveBeenCalledTimes(2);
  });

  it('a restored address id alone is not a choice until the picker confirms it', () => {
    const { send, fill, steps, calls } = start({ draft: { addressId: 11 } });
    fill(0, asha);
    fill(1, ravi);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    expect(calls.alert).toHaveBeenCalledTimes(1);
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

describe('puja wizard: payment and booking', () => {
  it('pays through the simulated provider (2 s), creates the booking and confirms it', async () => {
    const { actor, send, snapshot, step, steps, toPayment, calls } = start({ simulatedPayment: true });
    toPayment();
    expect(selectCanPay(snapshot())).toBe(true);
    send({ type: 'wizard.pay' });
    expect(steps()).toBe('paying');
    expect(step()).toBe('payment');
    expect(selectIsBusy(snapshot())).toBe(true);
    expect(selectCanPay(snapshot())).toBe(false);
    expect(selectCanGoBack(snapshot())).toBe(false);

    await vi.advanceTimersByTimeAsync(SIMULATED_PAYMENT_DELAY_MS - 1);
    expect(steps()).toBe('paying');
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(steps()).toBe('confirmation');
    expect(step()).toBe('confirmation');
    expect(calls.createBooking).toHaveBeenCalledTimes(1);
    const [request] = calls.createBooking.mock.calls[0]!;
    expect(request.idempotencyKey).toBe('key-1');
    expect(request.payload).toEqual({
      pujaId: 3,
      packageId: 31,
      persons: [asha, ravi],
      addressId: 11,
      paymentMethod: 'online',
      paymentId: expect.stringMatching(/^pay_sim_[a-z0-9]{16}$/) as string,
    });
    expect(selectBooking(snapshot())?.bookingNumber).toBe('PUJ-20260301-000007');
    expect(selectIsBusy(snapshot())).toBe(false);
    expect(calls.clearDraft).toHaveBeenCalledWith({ pujaId: 3, packageId: 31 });
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('asks the provider for the package price in rupees, referenced by the attempt key', async () => {
    const { send, toPayment, calls, steps } = start();
    toPayment();
    send({ type: 'wizard.pay' });
    expect(steps()).toBe('paying');
    await flush();
    expect(calls.pay).toHaveBeenCalledWith(
      { amount: 4751, currency: 'INR', reference: 'key-1' },
      expect.any(AbortSignal),
    );
    expect(steps()).toBe('confirmation');
  });

  it('creatingBooking is busy until the server answers', async () => {
    let answer!: () => void;
    const { send, toPayment, steps, snapshot } = start({
      createBooking: (input) =>
        new Promise((resolve) => (answer = () => resolve({ kind: 'created', booking: bookingOf(input) }))),
    });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    expect(steps()).toBe('creatingBooking');
    expect(selectIsBusy(snapshot())).toBe(true);
    expect(selectCanPay(snapshot())).toBe(false);
    answer();
    await flush();
    expect(steps()).toBe('confirmation');
  });

  it('a payment failure returns to Payment with the message, keeps everything, and Pay retries', async () => {
    let fail = true;
    const { send, toPayment, steps, snapshot, calls } = start({
      pay: () => (fail ? Promise.reject(new Error('')) : Promise.resolve({ paymentId: 'pay_test_2' })),
    });
    toPayment(office);
    send({ type: 'wizard.pay' });
    await flush();
    expect(steps()).toBe('payment');
    expect(selectError(snapshot())).toBe('Payment initialization failed');
    expect(selectIsBusy(snapshot())).toBe(false);
    expect(selectPersons(snapshot())).toEqual([asha, ravi]);
    expect(selectAddress(snapshot())).toEqual(office);
    expect(calls.createBooking).not.toHaveBeenCalled();
    expect(selectCanPay(snapshot())).toBe(true);

    fail = false;
    send({ type: 'wizard.pay' });
    expect(selectError(snapshot())).toBeUndefined();
    await flush();
    expect(steps()).toBe('confirmation');
    expect(calls.pay).toHaveBeenCalledTimes(2);
    // Same persons and address: the retry is the same attempt, under the same key.
    expect(calls.pay.mock.calls.map(([request]) => request.reference)).toEqual(['key-1', 'key-1']);
    expect(calls.createBooking.mock.calls[0]![0].idempotencyKey).toBe('key-1');
  });

  it("shows the provider's own message when it gives one", async () => {
    const { send, toPayment, snapshot } = start({
      pay: () => Promise.reject(new Error('Card declined by bank')),
    });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    expect(selectError(snapshot())).toBe('Card declined by bank');
  });

  it('a network failure on creation keeps the payment; the retry reuses the key and does not pay again', async () => {
    let failures = 1;
    const { send, toPayment, steps, snapshot, calls } = start({
      createBooking: (input) =>
        failures-- > 0
          ? Promise.reject(apiError(pujaWizardMessages.createFailed))
          : Promise.resolve({ kind: 'created', booking: bookingOf(input) }),
    });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    expect(steps()).toBe('payment');
    expect(selectError(snapshot())).toBe('Failed to create booking');
    expect(selectIdempotencyKey(snapshot())).toBe('key-1');

    send({ type: 'wizard.pay' });
    expect(steps()).toBe('creatingBooking');
    await flush();
    expect(steps()).toBe('confirmation');
    expect(calls.pay).toHaveBeenCalledTimes(1);
    const requests = calls.createBooking.mock.calls.map(([request]) => request);
    expect(requests.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(requests[1]!.payload).toEqual(requests[0]!.payload);
  });

  it("shows the server's message on a refused creation, and the fallback without one", async () => {
    const messages = [
      apiError('This package is for 2 persons; please enter details for exactly 2', 400),
      new Error(''),
    ];
    const { send, toPayment, snapshot } = start({
      createBooking: () => Promise.reject(messages.shift() ?? new Error('unexpected')),
    });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    expect(selectError(snapshot())).toBe('This package is for 2 persons; please enter details for exactly 2');
    send({ type: 'wizard.pay' });
    await flush();
    expect(selectError(snapshot())).toBe('Failed to create booking');
  });

  it('a new attempt (new key and payment) once the persons or the address change after a failure', async () => {
    let failures = 1;
    const { send, toPayment, steps, snapshot, calls } = start({
      createBooking: (input) =>
        failures-- > 0
          ? Promise.reject(new Error(''))
          : Promise.resolve({ kind: 'created', booking: bookingOf(input) }),
    });
    toPayment();
    const before = fingerprintOf(snapshot().context);
    send({ type: 'wizard.pay' });
    await flush();
    send({ type: 'wizard.back' });
    expect(selectError(snapshot())).toBeUndefined();
    send({ type: 'address.selected', address: office });
    send({ type: 'wizard.next' });
    expect(fingerprintOf(snapshot().context)).not.toBe(before);
    send({ type: 'wizard.pay' });
    expect(steps()).toBe('paying');
    await flush();
    expect(steps()).toBe('confirmation');
    expect(calls.createBooking.mock.calls.map(([r]) => [r.idempotencyKey, r.payload.addressId])).toEqual([
      ['key-1', 11],
      ['key-2', 12],
    ]);
    expect(calls.pay).toHaveBeenCalledTimes(2);
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
      expect(calls.pay).not.toHaveBeenCalled();
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
    expect(calls.pay).not.toHaveBeenCalled();
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

  it('closing during the payment abandons it and returns to Payment', async () => {
    let signal: AbortSignal | undefined;
    const { snapshot, toPayment, send, steps, calls } = start({
      closesAt: at(1_000),
      pay: (_, s) => {
        signal = s;
        return new Promise(() => {});
      },
    });
    toPayment();
    send({ type: 'wizard.pay' });
    expect(steps()).toBe('paying');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(steps()).toBe('payment');
    expect(signal?.aborted).toBe(true);
    expect(selectIsWindowClosed(snapshot())).toBe(true);
    expect(selectCanPay(snapshot())).toBe(false);
    expect(calls.createBooking).not.toHaveBeenCalled();
  });

  it('the page can report the close with window.closed', () => {
    const { snapshot, send, toPayment } = start();
    toPayment();
    send({ type: 'window.closed' });
    expect(selectIsWindowClosed(snapshot())).toBe(true);
    expect(selectCanPay(snapshot())).toBe(false);
  });

  it("the server's closed answer (its clock) closes the window here too, without an error banner", async () => {
    const { snapshot, send, toPayment, steps } = start({
      createBooking: () => Promise.resolve({ kind: 'closed', message: bookingMessages.closed }),
    });
    toPayment();
    send({ type: 'wizard.pay' });
    await flush();
    expect(steps()).toBe('payment');
    expect(selectIsWindowClosed(snapshot())).toBe(true);
    expect(selectError(snapshot())).toBeUndefined();
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
