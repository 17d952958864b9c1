import { and, assign, not, or, setup } from 'xstate';
import { byGuards } from '../shared/lifecycle-guards.ts';
import type { BookingPaymentStatus } from '../../contract/booking.ts';
import type { LifecycleActor, Shipment } from '../../contract/lifecycle.ts';
import type { BookingEventRequest } from '../../contract/lifecycle-events.ts';
import { cancelDeadline, performableFrom, sankalpLockAt } from '../../contract/policy.ts';

/** Every event of the booking lifecycle: the API's body plus who sent it (the server says who). */
export type BookingLifecycleEvent = BookingEventRequest & { by: LifecycleActor };

/**
 * What the booking lifecycle knows of a booking: the facts its guards read and what its steps
 * record. The server keeps it in the booking's row; `now` is the clock the time guards read
 * (injected: the server's clock, a test's fake one).
 */
export interface BookingLifecycleContext {
  paymentStatus: BookingPaymentStatus;
  /** When it was paid (bookings are paid when made): the cancel window runs from here. */
  paidAt: string;
  /** When the puja is performed: the sankalp is locked SANKALP_LOCK_HOURS before. */
  pujaDate: string;
  /** The new dates staff offered after the puja could not be performed. */
  offeredDates: string[];
  /** How many times the customer moved it to another date of its puja (the customer may once). */
  dateChanges: number;
  proof: { videoUrl: string; photoIds: string[] } | null;
  prasad: Shipment | null;
  now: () => Date;
}

export type BookingLifecycleInput = Omit<BookingLifecycleContext, 'now' | 'dateChanges'> & {
  now?: () => Date;
  /** 0 when not given: a booking never moved. */
  dateChanges?: number;
};

/** How many times the customer may move a booking to another date of its puja (staff: any). */
export const CUSTOMER_DATE_CHANGES = 1;

/** The sankalp of a puja on `date` is still open at `now`. */
const isBeforeLock = (date: string, now: Date) => {
  const lockAt = sankalpLockAt(date);
  return !Number.isNaN(lockAt) && now.getTime() < lockAt;
};

/**
 * The life of a puja booking after it is paid (docs/product-rules.md, Orders and bookings after
 * the sale). The server runs this chart to allow or refuse every step; the SPA asks it the same
 * questions (`snapshot.can`) to show only the actions that will be allowed.
 *
 * confirmed → sankalpLocked (by the server's scheduled tick, once the lock cutoff before the puja
 * has come) → performed (staff, with a proof video and photos, once the puja's time has come, less
 * a small tolerance) → prasadShipped → prasadDelivered.
 * Until the lock the customer (or staff) may correct the persons' details; within the cancel
 * window and before the lock the customer may cancel (staff any time before the lock), and the
 * booking waits for its refund (refundPending → refunded, settled by the server through the
 * payment gateway). Before the lock the customer may move it once to another open date of the
 * same puja (staff any number of times): it stays confirmed, on its new date (the server checks
 * the date, its places and the price). Staff may mark a locked puja not performed, offering new
 * dates: the customer (or staff for them) then moves it to one of those dates (confirmed again)
 * or asks for a refund.
 */
export const bookingLifecycleMachine = setup({
  types: {
    context: {} as BookingLifecycleContext,
    events: {} as BookingLifecycleEvent,
    input: {} as BookingLifecycleInput,
  },
  actions: {
    recordProof: assign({
      proof: ({ context, event }) =>
        event.type === 'booking.perform'
          ? { videoUrl: event.videoUrl, photoIds: event.photoIds }
          : context.proof,
    }),
    recordOfferedDates: assign({
      offeredDates: ({ context, event }) =>
        event.type === 'booking.markNotPerformed' ? event.offeredDates : context.offeredDates,
    }),
    moveToChosenDate: assign({
      pujaDate: ({ context, event }) => (event.type === 'booking.reschedule' ? event.date : context.pujaDate),
      offeredDates: [],
    }),
    countDateChange: assign({
      dateChanges: ({ context, event }) =>
        event.type === 'booking.changeDate' && event.by === 'customer'
          ? context.dateChanges + 1
          : context.dateChanges,
    }),
    recordPrasadShipment: assign({
      prasad: ({ context, event }) =>
        event.type === 'booking.shipPrasad'
          ? { carrier: event.carrier, trackingNumber: event.trackingNumber }
          : context.prasad,
    }),
    recordRefund: assign({ paymentStatus: 'refunded' as const }),
  },
  guards: {
    ...byGuards,
    isWithinCancelWindow: ({ context }) => context.now().getTime() < cancelDeadline(context.paidAt),
    isBeforeSankalpLock: ({ context }) => isBeforeLock(context.pujaDate, context.now()),
    /** The customer within the cancel window and before the lock; staff any time before the lock. */
    mayCancel: or([and(['byCustomer', 'isWithinCancelWindow', 'isBeforeSankalpLock']), 'byStaff']),
    mayCorrectPersons: and([or(['byCustomer', 'byStaff']), 'isBeforeSankalpLock']),
    hasDateChangeLeft: ({ context }) => context.dateChanges < CUSTOMER_DATE_CHANGES,
    /** The customer once before the lock; staff any number of times before the lock. */
    mayChangeDate: and([or([and(['byCustomer', 'hasDateChangeLeft']), 'byStaff']), 'isBeforeSankalpLock']),
    /** The server's tick locks the sankalp once the cutoff has come, never earlier. */
    mayLock: and(['bySystem', not('isBeforeSankalpLock')]),
    /** Every offered date leaves the customer time to correct details before its own lock. */
    areOfferedDatesAhead: ({ context, event }) =>
      event.type === 'booking.markNotPerformed' &&
      event.offeredDates.every((date) => isBeforeLock(date, context.now())),
    isOfferedDateAhead: ({ context, event }) =>
      event.type === 'booking.reschedule' &&
      context.offeredDates.includes(event.date) &&
      isBeforeLock(event.date, context.now()),
    byCustomerOrStaff: or(['byCustomer', 'byStaff']),
    /** The puja's time has come (less PERFORM_EARLY_MINUTES): nobody is told it was performed before it was. */
    isPujaDue: ({ context }) => !(context.now().getTime() < performableFrom(context.pujaDate)),
  },
}).createMachine({
  id: 'bookingLifecycle',
  context: ({ input }) => ({
    ...input,
    dateChanges: input.dateChanges ?? 0,
    now: input.now ?? (() => new Date()),
  }),
  initial: 'confirmed',
  states: {
    confirmed: {
      on: {
        'booking.cancel': { guard: 'mayCancel', target: 'refundPending' },
        'booking.correctPersons': { guard: 'mayCorrectPersons', target: 'confirmed' },
        'booking.changeDate': { guard: 'mayChangeDate', target: 'confirmed', actions: 'countDateChange' },
        'booking.lock': { guard: 'mayLock', target: 'sankalpLocked' },
      },
    },
    sankalpLocked: {
      on: {
        'booking.perform': {
          guard: and(['byStaff', 'isPujaDue']),
          target: 'performed',
          actions: 'recordProof',
        },
        'booking.markNotPerformed': {
          guard: and(['byStaff', 'areOfferedDatesAhead']),
          target: 'notPerformed',
          actions: 'recordOfferedDates',
        },
      },
    },
    performed: {
      on: {
        'booking.shipPrasad': { guard: 'byStaff', target: 'prasadShipped', actions: 'recordPrasadShipment' },
      },
    },
    prasadShipped: {
      on: { 'booking.deliverPrasad': { guard: 'byStaff', target: 'prasadDelivered' } },
    },
    prasadDelivered: { type: 'final' },
    notPerformed: {
      on: {
        'booking.reschedule': {
          guard: and(['byCustomerOrStaff', 'isOfferedDateAhead']),
          target: 'confirmed',
          actions: 'moveToChosenDate',
        },
        'booking.requestRefund': { guard: 'byCustomerOrStaff', target: 'refundPending' },
      },
    },
    refundPending: {
      on: {
        // The server settles it through the payment gateway (bookings are always paid online).
        'refund.completed': { guard: 'bySystem', target: 'refunded', actions: 'recordRefund' },
      },
    },
    refunded: { type: 'final' },
  },
});
