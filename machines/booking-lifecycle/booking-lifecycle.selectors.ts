import type { SnapshotFrom } from 'xstate';
import type { Booking } from '../../contract/booking.ts';
import {
  bookingStateLabels,
  lifecycleMessages,
  stepLabels,
  type LifecycleActor,
  type LifecycleRefusal,
} from '../../contract/lifecycle.ts';
import { BOOKING_EVENT_TYPES, type BookingEventType } from '../../contract/lifecycle-events.ts';
import { cancelDeadline, sankalpLockAt } from '../../contract/policy.ts';
import {
  bookingLifecycleMachine,
  type BookingLifecycleEvent,
  type BookingLifecycleInput,
} from './booking-lifecycle.machine.ts';

export type BookingLifecycleSnapshot = SnapshotFrom<typeof bookingLifecycleMachine>;

/** The facts of a booking the lifecycle reads, from the booking as the API reads it back. */
export type BookingLifecycleFacts = Pick<
  Booking,
  'status' | 'paymentStatus' | 'createdAt' | 'offeredDates' | 'dateChanges' | 'proof' | 'prasad'
> & { puja: Pick<Booking['puja'], 'pujaDate'> };

/**
 * The booking's lifecycle where it is now: its stored state and facts, and the clock its time
 * guards read. The server asks it whether a step is allowed; the SPA asks it which buttons to show.
 */
export function bookingLifecycleOf(booking: BookingLifecycleFacts, now: () => Date = () => new Date()) {
  const context: Required<BookingLifecycleInput> = {
    paymentStatus: booking.paymentStatus,
    paidAt: booking.createdAt,
    pujaDate: booking.puja.pujaDate,
    offeredDates: booking.offeredDates,
    dateChanges: booking.dateChanges ?? 0,
    proof: booking.proof,
    prasad: booking.prasad,
    now,
  };
  return bookingLifecycleMachine.resolveState({ value: booking.status, context });
}

const handles = (snapshot: BookingLifecycleSnapshot, type: string) =>
  bookingLifecycleMachine.root.states[snapshot.value]?.transitions.has(type) ?? false;

/**
 * Why the lifecycle refuses `event` where it is (null when it accepts it), for the message and
 * code the API answers with. The decision is the chart's (`snapshot.can`); this only says why,
 * from the same policy figures its guards use.
 */
export function whyBookingRefused(
  snapshot: BookingLifecycleSnapshot,
  event: BookingLifecycleEvent,
): LifecycleRefusal | null {
  if (snapshot.can(event)) return null;
  const state = snapshot.value;
  // Once locked, what the lock closes is refused for the lock's reason.
  if (
    state === 'sankalpLocked' &&
    (event.type === 'booking.cancel' ||
      event.type === 'booking.correctPersons' ||
      event.type === 'booking.changeDate')
  )
    return { code: 'lifecycle_sankalp_locked', message: lifecycleMessages.sankalpLocked };
  if (!handles(snapshot, event.type))
    return {
      code: 'lifecycle_wrong_state',
      message: lifecycleMessages.wrongState(
        'booking',
        bookingStateLabels[state].toLowerCase(),
        stepLabels[event.type] ?? event.type,
      ),
    };
  const now = snapshot.context.now().getTime();
  const locked = !(now < sankalpLockAt(snapshot.context.pujaDate));
  const staffOrCustomer = event.by === 'customer' || event.by === 'staff';
  switch (event.type) {
    case 'booking.cancel':
      if (event.by !== 'customer') break;
      return now < cancelDeadline(snapshot.context.paidAt)
        ? { code: 'lifecycle_sankalp_locked', message: lifecycleMessages.sankalpLocked }
        : { code: 'lifecycle_window_passed', message: lifecycleMessages.bookingCancelWindow };
    case 'booking.correctPersons':
      if (staffOrCustomer && locked)
        return { code: 'lifecycle_sankalp_locked', message: lifecycleMessages.sankalpLocked };
      break;
    case 'booking.changeDate':
      if (staffOrCustomer && locked)
        return { code: 'lifecycle_sankalp_locked', message: lifecycleMessages.sankalpLocked };
      if (event.by === 'customer')
        return { code: 'lifecycle_not_allowed', message: lifecycleMessages.dateChangedOnce };
      break;
    case 'booking.lock':
      if (event.by === 'system') return { code: 'lifecycle_not_due', message: lifecycleMessages.notDue };
      break;
    case 'booking.perform':
      if (event.by === 'staff')
        return { code: 'lifecycle_not_due', message: lifecycleMessages.performTooEarly };
      break;
    case 'booking.markNotPerformed':
      if (event.by === 'staff') return { code: 'lifecycle_invalid', message: lifecycleMessages.datesTooSoon };
      break;
    case 'booking.reschedule':
      if (staffOrCustomer) return { code: 'lifecycle_invalid', message: lifecycleMessages.dateNotOffered };
      break;
  }
  return { code: 'lifecycle_not_allowed', message: lifecycleMessages.notAllowed };
}

/** An event of this type from `by` with neutral data: what `can` is asked to list the allowed steps. */
export function bookingEventTemplate(
  type: BookingEventType,
  by: LifecycleActor,
  snapshot: BookingLifecycleSnapshot,
): BookingLifecycleEvent {
  switch (type) {
    case 'booking.cancel':
    case 'booking.markNotPerformed':
      return type === 'booking.cancel'
        ? { type, by, reason: 'reason' }
        : { type, by, reason: 'reason', offeredDates: [] };
    case 'booking.correctPersons':
      return { type, by, persons: [] };
    case 'booking.changeDate':
      // The chart reads who and when; the date itself is the server's to check.
      return { type, by, pujaId: 0 };
    case 'booking.perform':
      return { type, by, videoUrl: '', photoIds: [] };
    case 'booking.reschedule':
      // Any offered date still ahead will do; without one there is nothing to choose.
      return {
        type,
        by,
        date:
          snapshot.context.offeredDates.find(
            (date) => snapshot.context.now().getTime() < sankalpLockAt(date),
          ) ?? '',
      };
    case 'booking.requestRefund':
      return { type, by, reason: undefined };
    case 'booking.shipPrasad':
      return { type, by, carrier: 'carrier', trackingNumber: 'TRACK0' };
    case 'refund.completed':
      return { type, by, reference: undefined };
    case 'booking.lock':
    case 'booking.deliverPrasad':
      return { type, by };
  }
}

/** The steps `by` may take now, in the order of the chart (the back office offers these). */
export function allowedBookingEvents(
  snapshot: BookingLifecycleSnapshot,
  by: LifecycleActor,
): BookingEventType[] {
  return BOOKING_EVENT_TYPES.filter((type) => snapshot.can(bookingEventTemplate(type, by, snapshot)));
}

/** Until when the customer may cancel (ms since the epoch): the cancel window, and never past the lock. */
export const bookingCancelDeadline = (snapshot: BookingLifecycleSnapshot) =>
  Math.min(cancelDeadline(snapshot.context.paidAt), sankalpLockAt(snapshot.context.pujaDate));

/**
 * When the sankalp is (or was) locked (ms since the epoch): the cutoff before the puja, or the
 * moment of booking if that came later (a booking made before bookings closed at the lock, or a
 * puja moved nearer), never a time before the booking existed (docs/product-rules.md, Booking
 * window and countdowns).
 */
export const bookingLockAt = (snapshot: BookingLifecycleSnapshot) =>
  Math.max(sankalpLockAt(snapshot.context.pujaDate), Date.parse(snapshot.context.paidAt));
