import { assign, setup } from 'xstate';
import { COUNTDOWN_TICK_MS } from '../../contract/catalogue-display.ts';

export interface BookingWindowInput {
  /** ISO date at which booking closes (the puja date). Missing or invalid counts as closed. */
  closesAt: string | null | undefined;
}

export interface BookingWindowContext {
  closesAt: number;
  remainingMs: number;
}

export type BookingWindowEvent = { type: 'window.reset'; closesAt: string | null | undefined };

const parse = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/**
 * A puja's booking window: `open` while its date is in the future, re-measured every second
 * (on the second boundary, so a countdown never skips), and `closed` once the date is reached
 * or when the date is missing or invalid. `window.reset` measures a new date.
 */
export const bookingWindowMachine = setup({
  types: {
    input: {} as BookingWindowInput,
    context: {} as BookingWindowContext,
    events: {} as BookingWindowEvent,
  },
  actions: {
    measureRemaining: assign({
      remainingMs: ({ context }) =>
        Number.isNaN(context.closesAt) ? 0 : Math.max(0, context.closesAt - Date.now()),
    }),
    storeClosingDate: assign({ closesAt: (_, closesAt: string | null | undefined) => parse(closesAt) }),
  },
  guards: {
    hasTimeLeft: ({ context }) => context.remainingMs > 0,
  },
  delays: {
    // Wake on the next whole second of the remaining time, at most one tick away.
    untilNextSecond: ({ context }) => context.remainingMs % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS,
  },
}).createMachine({
  id: 'bookingWindow',
  context: ({ input }) => ({ closesAt: parse(input.closesAt), remainingMs: 0 }),
  initial: 'measuring',
  on: {
    'window.reset': {
      target: '.measuring',
      actions: { type: 'storeClosingDate', params: ({ event }) => event.closesAt },
    },
  },
  states: {
    measuring: {
      entry: 'measureRemaining',
      always: [{ guard: 'hasTimeLeft', target: 'open' }, { target: 'closed' }],
    },
    open: {
      tags: ['bookable'],
      after: { untilNextSecond: 'measuring' },
    },
    closed: {},
  },
});
