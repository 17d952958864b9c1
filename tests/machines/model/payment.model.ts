import type { PaidRecord } from '../../../machines/payment/payment.actors.ts';
import { paymentMachine, type PaymentEvent } from '../../../machines/payment/payment.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';
import { refusedAndRefunded } from '../../support/payment-stubs.ts';

const booking: PaidRecord = {
  purpose: 'booking',
  booking: { pujaId: 3, packageId: 31, persons: [], addressId: 11 },
};
const cashOrder: PaidRecord = {
  purpose: 'order',
  order: { address_id: 11, items: [{ product_id: 1, quantity: 1 }] },
  cashOnDelivery: true,
};

const events = {
  'payment.methodChanged': [
    { type: 'payment.methodChanged', method: 'card' },
    { type: 'payment.methodChanged', method: 'netbanking' },
    { type: 'payment.methodChanged', method: 'upi' },
  ],
  'payment.upiIdChanged': [
    { type: 'payment.upiIdChanged', value: 'asha@okbank' },
    { type: 'payment.upiIdChanged', value: '' },
  ],
  'payment.cardNumberChanged': [{ type: 'payment.cardNumberChanged', value: '4111 1111 1111 1111' }],
  // The page shows ₹2,100 for the booking (the server's price in the first intent fixture).
  'payment.submit': [
    { type: 'payment.submit', record: booking, shownAmount: 2100 },
    { type: 'payment.submit', record: cashOrder, shownAmount: 851 },
  ],
  'payment.retry': [{ type: 'payment.retry' }],
} satisfies EventFixtures<PaymentEvent>;

type Snapshot = Parameters<MachineModel<typeof paymentMachine>['abstract']>[0];

const attemptOf = ({ context: { attempt } }: Snapshot) =>
  attempt === null
    ? 'none'
    : attempt.record.purpose === 'order'
      ? 'cash'
      : attempt.captured
        ? 'captured'
        : attempt.intent
          ? 'intent'
          : 'new';

export const paymentModel: MachineModel<typeof paymentMachine> = {
  name: 'payment',
  machine: paymentMachine,
  inputs: [{ label: 'payment step opened', input: { createIdempotencyKey: () => 'idk_model' } }],
  events,
  actors: {
    createIntent: {
      done: [
        {
          kind: 'intent',
          intent: { id: 'pay_model_1', amount: 2100, currency: 'INR', status: 'created', expiresAt: '' },
        },
        // Staff raised a price meanwhile: the server's price is not the one shown.
        {
          kind: 'intent',
          intent: { id: 'pay_model_1', amount: 2301, currency: 'INR', status: 'created', expiresAt: '' },
        },
        { kind: 'refused', code: 'booking_closed', message: 'Booking for this puja has closed' },
      ],
      error: [new Error('')],
    },
    capture: {
      done: [
        {
          kind: 'captured',
          capture: {
            id: 'pay_model_1',
            status: 'captured',
            method: 'upi',
            providerPaymentId: 'p',
            signature: 's',
          },
        },
        { kind: 'refused', code: 'payment_declined', message: 'Your payment was declined.' },
        { kind: 'refused', code: 'payment_expired', message: 'This payment has expired. Please pay again.' },
      ],
      error: [new Error('Failed to fetch')],
    },
    writeRecord: {
      done: [
        { kind: 'created', id: 7, booking: null },
        refusedAndRefunded('booking_closed', 'Booking for this puja has closed.', 2100),
        // A cash order's expectedTotal is not the server's total (staff raised a price): no order.
        {
          kind: 'refused',
          code: 'price_changed',
          message: 'The price has changed since you opened this page: the amount is now ₹951 (it was ₹851).',
          total: 951,
        },
      ],
      error: [new Error('')],
    },
  },
  abstract: (snapshot) => ({
    method: snapshot.context.details.method,
    valid: Object.keys(snapshot.context.fieldErrors).length === 0,
    showErrors: snapshot.context.showFieldErrors,
    attempt: attemptOf(snapshot),
    // What the customer agreed to and the server's last price (the price check reads both).
    agreed: snapshot.context.attempt?.agreedAmount ?? null,
    quoted: snapshot.context.attempt?.quotedAmount ?? null,
    error: snapshot.context.error?.code ?? (snapshot.context.error ? 'failure' : null),
    outcome: snapshot.context.outcome?.kind ?? null,
  }),
};
