import {
  bookingLifecycleMachine,
  type BookingLifecycleEvent,
  type BookingLifecycleInput,
} from '../../../machines/booking-lifecycle/booking-lifecycle.machine.ts';
import { modelTime, type EventFixtures, type MachineModel } from './coverage.ts';
import { bornInThanjavur } from '../../support/bookings.ts';
import { DAY, HOUR, MINUTE } from '../../support/clock.ts';

const booking = (overrides: Partial<BookingLifecycleInput>): BookingLifecycleInput => ({
  paymentStatus: 'completed',
  paidAt: modelTime(-10 * MINUTE),
  pujaDate: modelTime(3 * DAY),
  offeredDates: [],
  proof: null,
  prasad: null,
  ...overrides,
});

const person = bornInThanjavur('Meera Krishnan');
const newDate = modelTime(5 * DAY);
const prasad = { carrier: 'DTDC', trackingNumber: 'D1234567' };

/** Every event from every sender that might try it, and the dates the time guards tell apart. */
const events = {
  'booking.cancel': [
    { type: 'booking.cancel', by: 'customer', reason: 'Family emergency' },
    { type: 'booking.cancel', by: 'staff', reason: 'Asked for by phone' },
    { type: 'booking.cancel', by: 'system', reason: 'No such thing' },
  ],
  'booking.correctPersons': [
    { type: 'booking.correctPersons', by: 'customer', persons: [person] },
    { type: 'booking.correctPersons', by: 'staff', persons: [person] },
    { type: 'booking.correctPersons', by: 'system', persons: [person] },
  ],
  'booking.changeDate': [
    { type: 'booking.changeDate', by: 'customer', pujaId: 2 },
    { type: 'booking.changeDate', by: 'staff', pujaId: 2 },
    { type: 'booking.changeDate', by: 'system', pujaId: 2 },
  ],
  'booking.lock': [
    { type: 'booking.lock', by: 'system' },
    { type: 'booking.lock', by: 'staff' },
  ],
  'booking.perform': [
    {
      type: 'booking.perform',
      by: 'staff',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      photoIds: [],
    },
    { type: 'booking.perform', by: 'customer', videoUrl: 'https://vimeo.com/76979871', photoIds: [] },
  ],
  'booking.markNotPerformed': [
    {
      type: 'booking.markNotPerformed',
      by: 'staff',
      reason: 'The temple was closed',
      offeredDates: [newDate],
    },
    // A date whose own lock is already past leaves the customer no time to correct details.
    { type: 'booking.markNotPerformed', by: 'staff', reason: 'Closed', offeredDates: [modelTime(2 * HOUR)] },
    { type: 'booking.markNotPerformed', by: 'customer', reason: 'Closed', offeredDates: [] },
  ],
  'booking.reschedule': [
    { type: 'booking.reschedule', by: 'customer', date: newDate },
    { type: 'booking.reschedule', by: 'customer', date: modelTime(9 * DAY) },
    { type: 'booking.reschedule', by: 'system', date: newDate },
  ],
  'booking.requestRefund': [
    { type: 'booking.requestRefund', by: 'customer', reason: undefined },
    { type: 'booking.requestRefund', by: 'system', reason: undefined },
  ],
  'booking.shipPrasad': [
    { type: 'booking.shipPrasad', by: 'staff', ...prasad },
    { type: 'booking.shipPrasad', by: 'customer', ...prasad },
  ],
  'booking.deliverPrasad': [
    { type: 'booking.deliverPrasad', by: 'staff' },
    { type: 'booking.deliverPrasad', by: 'customer' },
  ],
  'refund.completed': [
    { type: 'refund.completed', by: 'system', reference: undefined },
    { type: 'refund.completed', by: 'staff', reference: undefined },
  ],
} satisfies EventFixtures<BookingLifecycleEvent>;

export const bookingLifecycleModel: MachineModel<typeof bookingLifecycleMachine> = {
  name: 'booking-lifecycle',
  machine: bookingLifecycleMachine,
  inputs: [
    { label: 'paid 10 minutes ago, puja in 3 days', input: booking({}) },
    { label: 'paid 2 hours ago, puja in 3 days', input: booking({ paidAt: modelTime(-2 * HOUR) }) },
    // Booked late: the sankalp lock (12 hours before) is already due.
    { label: 'paid 10 minutes ago, puja in 6 hours', input: booking({ pujaDate: modelTime(6 * HOUR) }) },
    // The puja's time has come (staff may mark it performed from PERFORM_EARLY_MINUTES before it).
    {
      label: 'paid a day ago, puja in 5 minutes',
      input: booking({ paidAt: modelTime(-DAY), pujaDate: modelTime(5 * MINUTE) }),
    },
  ],
  events,
  actors: {},
  abstract: ({ context }) => ({
    paymentStatus: context.paymentStatus,
    pujaDate: context.pujaDate,
    offeredDates: context.offeredDates,
    dateChanges: context.dateChanges,
    proof: context.proof !== null,
    prasad: context.prasad !== null,
  }),
};
