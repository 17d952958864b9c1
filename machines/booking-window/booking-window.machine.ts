import { assign, setup } from 'xstate';
import { COUNTDOWN_TICK_MS } from '../../contract/catalogue-display.ts';
import { lastSecondAlarm } from './booking-window.actors.ts';

export interface BookingWindowInput {
  /** ISO instant at which booking closes (the sankalp lock: `bookingClosesAt`). Missing or invalid counts as closed. */
  closesAt: string | null | undefined;
}

export interface BookingWindowContext {
  /** When booking closes (ms since the epoch); NaN for a missing or invalid date. */
  closesAt: number;
}

export type BookingWindowEvent =
  | { type: 'window.reset'; closesAt: string | null | undefined }
  /** The shared clock found a second or less left. */
  | { type: 'window.lastSecondStarted' };

const parse = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);
const msLeft = ({ context }: { context: BookingWindowContext }) => context.closesAt - Date.now();

/**
 * A puja's booking window: `open` while its date is in the future, `closed` once the date is
 * reached or when the date is missing or invalid. While open it is `counting`: the countdowns
 * that show it read the page's one shared clock, and the window only listens to that clock for
 * its last second (`lastSecondAlarm`), so a page of windows runs one timer and does no work per
 * window each second. The last second is `closing`: timed exactly, so the window closes the
 * moment its date is reached. `window.reset` measures a new date.
 */
export const bookingWindowMachine = setup({
  types: {
    input: {} as BookingWindowInput,
    context: {} as BookingWindowContext,
    events: {} as BookingWindowEvent,
  },
  actors: { lastSecondAlarm },
  actions: {
    storeClosingDate: assign({ closesAt: (_, closesAt: string | null | undefined) => parse(closesAt) }),
  },
  guards: {
    // NaN (no date) compares false: closed.
    hasTimeLeft: (args) => msLeft(args) > 0,
    isInLastSecond: (args) => msLeft(args) <= COUNTDOWN_TICK_MS,
  },
  delays: {
    untilClosed: (args) => Math.max(0, msLeft(args)),
  },
}).createMachine({
  id: 'bookingWindow',
  context: ({ input }) => ({ closesAt: parse(input.closesAt) }),
  initial: 'measuring',
  on: {
    'window.reset': {
      target: '.measuring',
      actions: { type: 'storeClosingDate', params: ({ event }) => event.closesAt },
    },
  },
  states: {
    measuring: {
      always: [{ guard: 'hasTimeLeft', target: 'open' }, { target: 'closed' }],
    },
    open: {
      tags: ['bookable'],
      initial: 'counting',
      states: {
        counting: {
          always: { guard: 'isInLastSecond', target: 'closing' },
          invoke: { src: 'lastSecondAlarm', input: ({ context }) => ({ closesAt: context.closesAt }) },
          on: { 'window.lastSecondStarted': 'closing' },
        },
        closing: {
          after: { untilClosed: '#bookingWindow.closed' },
        },
      },
    },
    closed: {},
  },
});
