import type { PersonDraft } from '../../../contract/person.ts';
import { createActor } from 'xstate';
import { bookingWindowMachine } from '../../../machines/booking-window/booking-window.machine.ts';
import { paymentMachine } from '../../../machines/payment/payment.machine.ts';
import {
  pujaWizardMachine,
  type PujaWizardEvent,
  type PujaWizardInput,
} from '../../../machines/puja-wizard/puja-wizard.machine.ts';
import { placesShortOf } from '../../../machines/puja-wizard/places.ts';
import { bareEvents, MODEL_NOW, type EventFixtures, type MachineModel } from './coverage.ts';
import { maduraiAddress, savedHome as home } from '../../support/addresses.ts';
import { paidBooking, person } from '../../support/bookings.ts';
import { refusedAndRefunded } from '../../support/payment-stubs.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(MODEL_NOW.getTime() + days * DAY_MS).toISOString();

/** Asha, the person of the booking form (tests/support/bookings.ts). */
const asha = person();

const booking = paidBooking({
  bookingNumber: 'PUJ-20260302-000007',
  createdAt: MODEL_NOW.toISOString(),
  paymentId: 'pay_model_1',
  puja: { id: 3, pujaName: 'Chandi Homam', place: 'Kollur', pujaDate: inDays(30), image: '/images/p3.svg' },
  package: { id: 31, title: 'Single', noPersons: 1 },
  persons: [{ ...asha, raashi: 'Simha (Leo)', nakshatra: 'Magha', birthTime: '06:45', birthPlace: 'Udupi' }],
  address: home,
  amount: 2100,
  packageAmount: 2100,
});

/** One person, every field but the gothra typed before a reload: one change makes it valid. */
const input = (closesAt: string, draft: Partial<PersonDraft> = { ...asha, gothra: '' }): PujaWizardInput => ({
  pujaId: 3,
  packageId: 31,
  packageName: 'Single',
  personCount: 1,
  price: 2100,
  closesAt,
  draft: { persons: [draft] },
  createIdempotencyKey: () => 'bkg_model',
  today: () => '2026-03-02',
});

const events = {
  'person.changed': [
    { type: 'person.changed', index: 0, field: 'gothra', value: 'Kashyapa' },
    { type: 'person.changed', index: 0, field: 'dateOfBirth', value: '2031-01-01' },
  ],
  'person.blurred': [{ type: 'person.blurred', index: 0, field: 'gothra' }],
  'person.notKnownChanged': [
    { type: 'person.notKnownChanged', index: 0, field: 'birthTime', notKnown: true },
    { type: 'person.notKnownChanged', index: 0, field: 'birthTime', notKnown: false },
  ],
  ...bareEvents('persons.gothraCopied', 'person.added'),
  'person.removed': [{ type: 'person.removed', index: 1 }],
  'address.selected': [
    { type: 'address.selected', address: home },
    { type: 'address.selected', address: null },
  ],
  ...bareEvents('wizard.next', 'wizard.back', 'wizard.pay'),
  'step.requested': [
    { type: 'step.requested', step: 'details' },
    { type: 'step.requested', step: 'address' },
    { type: 'step.requested', step: 'payment' },
  ],
  'window.closed': [{ type: 'window.closed' }],
  'person.filled': [{ type: 'person.filled', index: 0, person: asha }],
  'gift.toggled': [
    { type: 'gift.toggled', gift: true },
    { type: 'gift.toggled', gift: false },
  ],
  'gift.changed': [
    { type: 'gift.changed', field: 'postalCode', value: '012345' },
    { type: 'gift.changed', field: 'postalCode', value: '625001' },
  ],
  'offering.changed': [{ type: 'offering.changed', offeringId: 5, quantity: 2 }],
  'gift.recipientUpdatesChanged': [
    { type: 'gift.recipientUpdatesChanged', agreed: true },
    { type: 'gift.recipientUpdatesChanged', agreed: false },
  ],
  'updates.whatsappChanged': [
    { type: 'updates.whatsappChanged', on: true },
    { type: 'updates.whatsappChanged', on: false },
  ],
  'names.confirmed': [
    { type: 'names.confirmed', confirmed: true },
    { type: 'names.confirmed', confirmed: false },
  ],
  'person.spelled': [{ type: 'person.spelled', index: 0, field: 'nameInScript', value: 'ಆಶಾ ರಾವ್' }],
} satisfies EventFixtures<PujaWizardEvent>;

/** A gift typed before a reload: a valid address in Madurai and a message. */
const giftDraft = {
  address: maduraiAddress(),
  message: 'For Amma',
};

/** The booking-window child as its parent sees it: still bookable, or closed. */
const windowSnapshot = (remainingMs: number) =>
  bookingWindowMachine.resolveState({
    value: remainingMs > 0 ? 'open' : 'closed',
    context: { closesAt: MODEL_NOW.getTime() + remainingMs },
  });

/** The payment child as its parent sees it: paying, or waiting on the customer. */
const paymentSnapshot = (value: 'capturing' | 'editing') =>
  paymentMachine.resolveState({
    value,
    context: createActor(paymentMachine, { input: {} }).getSnapshot().context,
  });

export const pujaWizardModel: MachineModel<typeof pujaWizardMachine> = {
  name: 'puja-wizard',
  machine: pujaWizardMachine,
  inputs: [
    { label: 'puja in 30 days', input: input(inDays(30)) },
    { label: 'booking closed, details complete', input: input(inDays(-1), asha) },
    {
      label: 'a reload: details and an address id from the draft',
      input: { ...input(inDays(30), asha), draft: { persons: [asha], addressId: home.id } },
    },
    {
      label: 'a reload: details and a gift from the draft, a lamp to offer',
      input: {
        ...input(inDays(30), asha),
        draft: { persons: [asha], gift: giftDraft },
        offerings: [
          {
            id: 5,
            name: 'Ghee lamp',
            description: 'A lamp.',
            price: 51,
            unit: 'lamp',
            delivery: 'temple',
            maxQuantity: 11,
          },
        ],
      },
    },
    {
      label: 'two persons, the first complete',
      input: { ...input(inDays(30), asha), packageName: 'Couple', personCount: 2 },
    },
    {
      label: 'two persons, the first complete, one place left on the date',
      input: { ...input(inDays(30), asha), packageName: 'Couple', personCount: 2, placesLeft: 1 },
    },
  ],
  events,
  actors: {
    // The real booking-window machine runs as the child; a new closing date makes it report.
    bookingWindow: {
      driven: {
        snapshots: [windowSnapshot(0), windowSnapshot(30 * DAY_MS)],
        drive: (child, snapshot) =>
          child.send({ type: 'window.reset', closesAt: snapshot.hasTag('bookable') ? inDays(30) : null }),
      },
    },
    // The payment machine's outcomes, as the wizard sees them (its own model covers its inside).
    payment: {
      done: [
        { kind: 'created', id: 7, booking },
        refusedAndRefunded('booking_closed', 'Booking for this puja has closed.', 2100),
        refusedAndRefunded('puja_full', 'This date of the puja is fully booked', 2100),
        { kind: 'refused', code: 'payment_used', message: 'This payment has already been used.' },
      ],
      error: [new Error('Failed to create booking')],
      // Paying (busy) and waiting on the customer again (a declined capture).
      snapshots: [paymentSnapshot('capturing'), paymentSnapshot('editing')],
    },
  },
  abstract: (snapshot) => ({
    personsValid: snapshot.context.personErrors.map((errors) => Object.keys(errors).length === 0),
    showAllErrors: snapshot.context.showAllErrors,
    address: snapshot.context.addressId !== null,
    addressLoaded:
      snapshot.context.address !== null && snapshot.context.address.id === snapshot.context.addressId,
    resumeAt: snapshot.context.resumeAt,
    addressError: snapshot.context.addressError !== undefined,
    error: snapshot.context.error !== undefined,
    booked: snapshot.context.booking !== null,
    gift: snapshot.context.gift !== null,
    giftValid: Object.keys(snapshot.context.giftErrors).length === 0,
    showGiftErrors: snapshot.context.showGiftErrors,
    namesConfirmed: snapshot.context.namesConfirmed,
    paymentBusy: snapshot.context.paymentBusy,
    fewerPersonsThanPackage: snapshot.context.persons.length < snapshot.context.personCount,
    placesShort: placesShortOf(snapshot.context),
  }),
  simplePaths: {
    abstract: (snapshot) => ({
      // A package for up to N persons takes 1 to N, and a removed person takes its validity with it:
      // each person's validity tells paths apart.
      personsValid: snapshot.context.personErrors.map((errors) => Object.keys(errors).length === 0),
      address: snapshot.context.addressId !== null,
      namesConfirmed: snapshot.context.namesConfirmed,
    }),
    // The journey ends booked, or on the payment step of a closed puja.
    toState: (snapshot) =>
      snapshot.matches({ steps: 'confirmation' }) ||
      (snapshot.matches({ steps: 'payment' }) && snapshot.matches({ window: 'closed' })),
    max: 200,
  },
};
