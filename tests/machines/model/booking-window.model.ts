import { COUNTDOWN_TICK_MS } from '../../../contract/catalogue-display.ts';
import {
  bookingWindowMachine,
  type BookingWindowEvent,
} from '../../../machines/booking-window/booking-window.machine.ts';
import { MODEL_NOW, type EventFixtures, type MachineModel } from './coverage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days away, plus a quarter of a tick: the first wake-up comes early, on the second boundary. */
const inDays = (days: number) =>
  new Date(MODEL_NOW.getTime() + days * DAY_MS + COUNTDOWN_TICK_MS / 4).toISOString();

const events = {
  'window.reset': [
    { type: 'window.reset', closesAt: inDays(3) },
    { type: 'window.reset', closesAt: inDays(-1) },
    { type: 'window.reset', closesAt: null },
    { type: 'window.reset', closesAt: 'not a date' },
  ],
  'window.lastSecondStarted': [{ type: 'window.lastSecondStarted' }],
} satisfies EventFixtures<BookingWindowEvent>;

export const bookingWindowModel: MachineModel<typeof bookingWindowMachine> = {
  name: 'booking-window',
  machine: bookingWindowMachine,
  inputs: [
    { label: 'puja in 2 days', input: { closesAt: inDays(2) } },
    { label: 'no puja date', input: { closesAt: undefined } },
    // Its last second is timed on its own, to close exactly on the date.
    {
      label: 'puja in half a second',
      input: { closesAt: new Date(MODEL_NOW.getTime() + 500).toISOString() },
    },
  ],
  events,
  // The shared clock's alarm is the `window.lastSecondStarted` fixture.
  actors: { lastSecondAlarm: {} },
  // Whether there is a date: the remaining time is left out, as the traversal's clock stands still while the run's advances.
  abstract: ({ context }) => ({ dated: !Number.isNaN(context.closesAt) }),
};
