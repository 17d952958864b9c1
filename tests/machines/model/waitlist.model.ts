import {
  waitlistMachine,
  type WaitlistEvent,
  type WaitlistInput,
} from '../../../machines/waitlist/waitlist.machine.ts';
import { modelTime, type EventFixtures, type MachineModel } from './coverage.ts';
import { DAY, HOUR } from '../../support/clock.ts';

const entry = (overrides: Partial<WaitlistInput>): WaitlistInput => ({
  pujaDate: modelTime(3 * DAY),
  offerExpiresAt: null,
  bookingId: null,
  ...overrides,
});

/** Every event from every sender that might try it. */
const events = {
  'waitlist.offer': [
    { type: 'waitlist.offer', by: 'system' },
    { type: 'waitlist.offer', by: 'customer' },
  ],
  'waitlist.book': [
    { type: 'waitlist.book', by: 'system', bookingId: 42 },
    { type: 'waitlist.book', by: 'customer', bookingId: 42 },
  ],
  'waitlist.lapse': [
    { type: 'waitlist.lapse', by: 'system' },
    { type: 'waitlist.lapse', by: 'staff' },
  ],
  'waitlist.leave': [
    { type: 'waitlist.leave', by: 'customer' },
    { type: 'waitlist.leave', by: 'staff' },
    { type: 'waitlist.leave', by: 'system' },
  ],
} satisfies EventFixtures<WaitlistEvent>;

export const waitlistModel: MachineModel<typeof waitlistMachine> = {
  name: 'waitlist',
  machine: waitlistMachine,
  inputs: [
    { label: 'puja in 3 days, offers held 4 hours', input: entry({}) },
    // The model's clock stands still: an offer held for no time is past its deadline at once.
    { label: 'puja in 3 days, offers held 0 hours', input: entry({ offerHours: 0 }) },
    // Booking still open, but 2 hours or less before it closes: too late to offer, the waiting lapse.
    { label: 'puja in 13 hours (too late to offer)', input: entry({ pujaDate: modelTime(13 * HOUR) }) },
    // Booking closed at the sankalp lock, 12 hours before: the line cannot move, entries lapse.
    { label: 'puja in 6 hours (booking closed)', input: entry({ pujaDate: modelTime(6 * HOUR) }) },
  ],
  events,
  actors: {},
  abstract: ({ context }) => ({
    offerExpiresAt: context.offerExpiresAt,
    bookingId: context.bookingId,
  }),
};
