import { and, assign, not, or, setup } from 'xstate';
import { byGuards } from '../shared/lifecycle-guards.ts';
import type { LifecycleActor } from '../../contract/lifecycle.ts';
import {
  isBookingOpen,
  isWaitlistOfferOpen,
  WAITLIST_OFFER_HOURS,
  waitlistOfferDeadline,
} from '../../contract/policy.ts';

/** Every event of the waitlist chart, with who sent it (the server says who). */
export type WaitlistEvent =
  | { type: 'waitlist.offer'; by: LifecycleActor }
  | { type: 'waitlist.book'; by: LifecycleActor; bookingId: number }
  | { type: 'waitlist.lapse'; by: LifecycleActor }
  | { type: 'waitlist.leave'; by: LifecycleActor };

/**
 * What the waitlist chart knows of an entry: the date it waits for, the offer's deadline and the
 * booking it became. The server keeps it in the entry's row; `now` is the clock the time guards
 * read (injected: the server's clock, a test's fake one).
 */
export interface WaitlistContext {
  /** The puja's date: the line moves only while it can still be booked (before its sankalp lock). */
  pujaDate: string;
  /** Since the offer: until when the held places may be paid for (ISO 8601; never past the sankalp lock). */
  offerExpiresAt: string | null;
  bookingId: number | null;
  /** How many hours an offer holds its places: WAITLIST_OFFER_HOURS, the shop's policy figure. */
  offerHours: number;
  now: () => Date;
}

export type WaitlistInput = Omit<WaitlistContext, 'now' | 'offerHours'> & {
  now?: () => Date;
  offerHours?: number;
};

/**
 * An entry in the waitlist of a full puja date (docs/product-rules.md, Waitlist;
 * docs/decisions/0076). The server runs this chart for every step; the SPA asks it the same
 * questions (`snapshot.can`) to show only what will be allowed.
 *
 * waiting → offered (the server, when places free for the first in line, while more than
 * WAITLIST_MIN_OFFER_HOURS are left before the date's booking closes; the offer holds the entry's
 * places for WAITLIST_OFFER_HOURS, never past that close) → booked (the server, in the transaction
 * of the devotee's booking of that date). An offer lapses (the server) once its deadline has
 * passed; a waiting entry lapses once too little time is left to offer it a place. The devotee (or
 * staff) may leave while waiting or offered. booked, lapsed and left are final.
 */
export const waitlistMachine = setup({
  types: {
    context: {} as WaitlistContext,
    events: {} as WaitlistEvent,
    input: {} as WaitlistInput,
  },
  actions: {
    recordOffer: assign({
      offerExpiresAt: ({ context }) =>
        new Date(
          waitlistOfferDeadline(context.now().toISOString(), context.pujaDate, context.offerHours),
        ).toISOString(),
    }),
    recordBooking: assign({
      bookingId: ({ context, event }) =>
        event.type === 'waitlist.book' ? event.bookingId : context.bookingId,
    }),
  },
  guards: {
    ...byGuards,
    isDateOpen: ({ context }) => isBookingOpen(context.pujaDate, context.now()),
    /** Enough time is left before the date's booking closes to offer a place fairly. */
    isOfferOpen: ({ context }) => isWaitlistOfferOpen(context.pujaDate, context.now()),
    /** The offer's deadline has come: its places go to the next in line. */
    isOfferExpired: ({ context }) =>
      context.offerExpiresAt !== null && !(context.now().getTime() < Date.parse(context.offerExpiresAt)),
    byCustomerOrStaff: or(['byCustomer', 'byStaff']),
  },
}).createMachine({
  id: 'waitlist',
  context: ({ input }) => ({
    ...input,
    offerHours: input.offerHours ?? WAITLIST_OFFER_HOURS,
    now: input.now ?? (() => new Date()),
  }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'waitlist.offer': {
          guard: and(['bySystem', 'isOfferOpen']),
          target: 'offered',
          actions: 'recordOffer',
        },
        'waitlist.lapse': { guard: and(['bySystem', not('isOfferOpen')]), target: 'lapsed' },
        'waitlist.leave': { guard: 'byCustomerOrStaff', target: 'left' },
      },
    },
    offered: {
      on: {
        'waitlist.book': { guard: 'bySystem', target: 'booked', actions: 'recordBooking' },
        'waitlist.lapse': {
          guard: and(['bySystem', or(['isOfferExpired', not('isDateOpen')])]),
          target: 'lapsed',
        },
        'waitlist.leave': { guard: 'byCustomerOrStaff', target: 'left' },
      },
    },
    booked: { type: 'final' },
    lapsed: { type: 'final' },
    left: { type: 'final' },
  },
});
