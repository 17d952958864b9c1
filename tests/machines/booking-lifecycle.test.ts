import { transition } from 'xstate';
import { BOOKING_STATES, lifecycleMessages } from '../../contract/lifecycle.ts';
import {
  CANCEL_WINDOW_HOURS,
  HOUR_MS,
  PERFORM_EARLY_MINUTES,
  SANKALP_LOCK_HOURS,
} from '../../contract/policy.ts';
import {
  bookingLifecycleMachine,
  type BookingLifecycleEvent,
} from '../../machines/booking-lifecycle/booking-lifecycle.machine.ts';
import {
  allowedBookingEvents,
  bookingCancelDeadline,
  bookingLifecycleOf,
  whyBookingRefused,
  type BookingLifecycleFacts,
} from '../../machines/booking-lifecycle/booking-lifecycle.selectors.ts';
import { TestClock } from '../support/clock.ts';

const PAID = '2026-03-02T06:00:00.000Z';
const PUJA = '2026-03-05T06:00:00.000Z';
const LOCK = '2026-03-04T18:00:00.000Z';
const facts = (overrides: Partial<BookingLifecycleFacts> = {}): BookingLifecycleFacts => ({
  status: 'confirmed',
  paymentStatus: 'completed',
  createdAt: PAID,
  puja: { pujaDate: PUJA },
  offeredDates: [],
  proof: null,
  prasad: null,
  ...overrides,
});
const event = <T extends BookingLifecycleEvent['type']>(
  type: T,
  by: BookingLifecycleEvent['by'],
  data: Omit<Extract<BookingLifecycleEvent, { type: T }>, 'type' | 'by'>,
) => ({ type, by, ...data }) as Extract<BookingLifecycleEvent, { type: T }>;
const person = {
  name: 'Meera K',
  dateOfBirth: '1990-07-21',
  birthTime: null,
  birthPlace: 'Thanjavur',
  raashi: 'Tula (Libra)',
  nakshatra: 'Swati',
  gothra: 'Vasishta',
} as const;

describe('booking lifecycle', () => {
  it('has exactly the states the contract and the database name', () => {
    expect(Object.keys(bookingLifecycleMachine.root.states).sort()).toEqual([...BOOKING_STATES].sort());
  });

  it('locks the sankalp only from the server, and only once the cutoff has come', () => {
    const clock = new TestClock(PAID);
    const lock = event('booking.lock', 'system', {});
    clock.set(new Date(Date.parse(LOCK) - 1).toISOString());
    expect(bookingLifecycleOf(facts(), clock.now).can(lock)).toBe(false);
    expect(whyBookingRefused(bookingLifecycleOf(facts(), clock.now), lock)).toMatchObject({
      code: 'lifecycle_not_due',
    });
    clock.advance(1);
    expect(Date.parse(PUJA) - clock.now().getTime()).toBe(SANKALP_LOCK_HOURS * HOUR_MS);
    const [locked] = transition(bookingLifecycleMachine, bookingLifecycleOf(facts(), clock.now), lock);
    expect(locked.value).toBe('sankalpLocked');
    expect(bookingLifecycleOf(facts(), clock.now).can({ ...lock, by: 'staff' })).toBe(false);
  });

  it('lets the customer cancel within the cancel window, never after the lock; staff until the lock', () => {
    const clock = new TestClock(PAID);
    const cancel = event('booking.cancel', 'customer', { reason: 'Travel' });
    const booking = () => bookingLifecycleOf(facts(), clock.now);
    clock.advance(CANCEL_WINDOW_HOURS * HOUR_MS - 1);
    expect(booking().can(cancel)).toBe(true);
    expect(transition(bookingLifecycleMachine, booking(), cancel)[0].value).toBe('refundPending');
    clock.advance(1);
    expect(whyBookingRefused(booking(), cancel)).toMatchObject({ code: 'lifecycle_window_passed' });
    expect(booking().can({ ...cancel, by: 'staff' })).toBe(true);

    // Booked late, inside the cutoff: the window is open but the sankalp is (due to be) locked.
    const late = facts({ createdAt: '2026-03-05T00:00:00.000Z' });
    clock.set('2026-03-05T00:10:00.000Z');
    expect(whyBookingRefused(bookingLifecycleOf(late, clock.now), cancel)).toMatchObject({
      code: 'lifecycle_sankalp_locked',
    });
    expect(bookingCancelDeadline(bookingLifecycleOf(late, clock.now))).toBe(Date.parse(LOCK));
  });

  it('takes corrected person details until the lock, from the customer or staff', () => {
    const clock = new TestClock(PAID);
    const correct = event('booking.correctPersons', 'customer', { persons: [person] });
    clock.set(new Date(Date.parse(LOCK) - 1).toISOString());
    const [same] = transition(bookingLifecycleMachine, bookingLifecycleOf(facts(), clock.now), correct);
    expect(same.value).toBe('confirmed');
    clock.advance(1);
    expect(whyBookingRefused(bookingLifecycleOf(facts(), clock.now), correct)).toEqual({
      code: 'lifecycle_sankalp_locked',
      message:
        'The sankalp is locked 12 hours before the puja; the booking can no longer be cancelled or changed.',
    });
    const locked = bookingLifecycleOf(facts({ status: 'sankalpLocked' }), clock.now);
    expect(whyBookingRefused(locked, correct)).toMatchObject({ code: 'lifecycle_sankalp_locked' });
    const performed = bookingLifecycleOf(facts({ status: 'performed' }), clock.now);
    expect(whyBookingRefused(performed, correct)).toMatchObject({ code: 'lifecycle_wrong_state' });
  });

  it('moves to another date of the puja before the lock: the customer once, staff any number of times', () => {
    const clock = new TestClock(PAID);
    const change = event('booking.changeDate', 'customer', { pujaId: 7 });
    const booking = (dateChanges: number) => bookingLifecycleOf(facts({ dateChanges }), clock.now);
    expect(allowedBookingEvents(booking(0), 'customer')).toContain('booking.changeDate');
    const [moved] = transition(bookingLifecycleMachine, booking(0), change);
    expect(moved.value).toBe('confirmed');
    expect(moved.context.dateChanges).toBe(1);
    // Once: the customer is told to ask the shop; staff move it without counting.
    expect(moved.can(change)).toBe(false);
    expect(whyBookingRefused(moved, change)).toEqual({
      code: 'lifecycle_not_allowed',
      message: lifecycleMessages.dateChangedOnce,
    });
    expect(allowedBookingEvents(booking(1), 'customer')).not.toContain('booking.changeDate');
    const [byStaff] = transition(bookingLifecycleMachine, moved, { ...change, by: 'staff' });
    expect(byStaff.context.dateChanges).toBe(1);
    expect(byStaff.can({ ...change, by: 'staff' })).toBe(true);
    expect(whyBookingRefused(booking(0), { ...change, by: 'system' })).toMatchObject({
      code: 'lifecycle_not_allowed',
    });
    // From the lock on, nobody moves it.
    clock.set(LOCK);
    for (const by of ['customer', 'staff'] as const)
      expect(whyBookingRefused(booking(0), { ...change, by })).toMatchObject({
        code: 'lifecycle_sankalp_locked',
      });
    const locked = bookingLifecycleOf(facts({ status: 'sankalpLocked' }), clock.now);
    expect(whyBookingRefused(locked, { ...change, by: 'staff' })).toMatchObject({
      code: 'lifecycle_sankalp_locked',
    });
  });

  it('refuses "performed" before the puja’s time less PERFORM_EARLY_MINUTES, and takes it from then', () => {
    const clock = new TestClock(LOCK);
    const locked = () => bookingLifecycleOf(facts({ status: 'sankalpLocked' }), clock.now);
    const perform = event('booking.perform', 'staff', {
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      photoIds: [],
    });
    // Locked, six hours before the puja: it has not happened yet.
    clock.set('2026-03-05T00:00:00.000Z');
    expect(locked().can(perform)).toBe(false);
    expect(whyBookingRefused(locked(), perform)).toEqual({
      code: 'lifecycle_not_due',
      message: lifecycleMessages.performTooEarly,
    });
    expect(allowedBookingEvents(locked(), 'staff')).not.toContain('booking.perform');
    clock.set(new Date(Date.parse(PUJA) - PERFORM_EARLY_MINUTES * 60_000 - 1).toISOString());
    expect(locked().can(perform)).toBe(false);
    clock.advance(1);
    expect(locked().can(perform)).toBe(true);
    expect(transition(bookingLifecycleMachine, locked(), perform)[0].value).toBe('performed');
  });

  it('records the proof and the prasad, by staff only', () => {
    const locked = bookingLifecycleOf(facts({ status: 'sankalpLocked' }));
    const perform = event('booking.perform', 'staff', {
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      photoIds: ['upl_abcdefghijklmnopqrstuvwx'],
    });
    expect(whyBookingRefused(locked, { ...perform, by: 'customer' })).toMatchObject({
      code: 'lifecycle_not_allowed',
    });
    const [performed] = transition(bookingLifecycleMachine, locked, perform);
    expect(performed.context.proof).toEqual({
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      photoIds: ['upl_abcdefghijklmnopqrstuvwx'],
    });
    const [shipped] = transition(
      bookingLifecycleMachine,
      performed,
      event('booking.shipPrasad', 'staff', { carrier: 'DTDC', trackingNumber: 'D1234' }),
    );
    expect(shipped.context.prasad).toEqual({ carrier: 'DTDC', trackingNumber: 'D1234' });
    const [delivered] = transition(
      bookingLifecycleMachine,
      shipped,
      event('booking.deliverPrasad', 'staff', {}),
    );
    expect(delivered.value).toBe('prasadDelivered');
    expect(delivered.status).toBe('done');
  });

  it('after "not performed", moves to an offered date still ahead of its lock, or refunds', () => {
    const clock = new TestClock('2026-03-05T07:00:00.000Z');
    const offered = '2026-03-09T06:00:00.000Z';
    const locked = bookingLifecycleOf(facts({ status: 'sankalpLocked' }), clock.now);
    const tooSoon = event('booking.markNotPerformed', 'staff', {
      reason: 'Temple closed',
      offeredDates: ['2026-03-05T15:00:00.000Z'],
    });
    expect(whyBookingRefused(locked, tooSoon)).toMatchObject({ code: 'lifecycle_invalid' });
    const [notPerformed] = transition(bookingLifecycleMachine, locked, {
      ...tooSoon,
      offeredDates: [offered],
    });
    expect(notPerformed.value).toBe('notPerformed');
    expect(allowedBookingEvents(notPerformed, 'customer')).toEqual([
      'booking.reschedule',
      'booking.requestRefund',
    ]);

    const other = event('booking.reschedule', 'customer', { date: '2026-03-10T06:00:00.000Z' });
    expect(whyBookingRefused(notPerformed, other)).toMatchObject({ code: 'lifecycle_invalid' });
    const [moved] = transition(bookingLifecycleMachine, notPerformed, { ...other, date: offered });
    expect(moved.value).toBe('confirmed');
    expect(moved.context).toMatchObject({ pujaDate: offered, offeredDates: [] });

    const [refunding] = transition(
      bookingLifecycleMachine,
      notPerformed,
      event('booking.requestRefund', 'customer', { reason: undefined }),
    );
    expect(refunding.value).toBe('refundPending');
    const [refunded] = transition(
      bookingLifecycleMachine,
      refunding,
      event('refund.completed', 'system', { reference: undefined }),
    );
    expect(refunded.context.paymentStatus).toBe('refunded');

    // The offered date's own lock passes: it can no longer be chosen.
    clock.set('2026-03-08T18:00:00.000Z');
    expect(notPerformed.can({ ...other, date: offered })).toBe(false);
    expect(allowedBookingEvents(notPerformed, 'customer')).toEqual(['booking.requestRefund']);
  });
});
