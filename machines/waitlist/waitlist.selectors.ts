import type { SnapshotFrom } from 'xstate';
import { lifecycleMessages, type LifecycleRefusal } from '../../contract/lifecycle.ts';
import { WAITLIST_OFFER_HOURS, waitlistStateLabels, type WaitlistState } from '../../contract/waitlist.ts';
import { waitlistMachine, type WaitlistEvent, type WaitlistInput } from './waitlist.machine.ts';

export type WaitlistSnapshot = SnapshotFrom<typeof waitlistMachine>;

/** The facts of an entry the chart reads, as the API reads it back. */
export interface WaitlistFacts {
  status: WaitlistState;
  pujaDate: string;
  offerExpiresAt: string | null;
  bookingId: number | null;
}

/** The entry's chart where it is now: its stored state and facts, and the clock its time guards read. */
export function waitlistOf(entry: WaitlistFacts, now: () => Date = () => new Date()) {
  const context: Required<WaitlistInput> = {
    offerHours: WAITLIST_OFFER_HOURS,
    pujaDate: entry.pujaDate,
    offerExpiresAt: entry.offerExpiresAt,
    bookingId: entry.bookingId,
    now,
  };
  return waitlistMachine.resolveState({ value: entry.status, context });
}

const STEP_LABELS: Record<WaitlistEvent['type'], string> = {
  'waitlist.offer': 'offering a place',
  'waitlist.book': 'booking the offered place',
  'waitlist.lapse': 'lapsing the offer',
  'waitlist.leave': 'leaving the waitlist',
};

/**
 * Why the chart refuses `event` where it is (null when it accepts it), for the API's message and
 * code. The decision is the chart's (`snapshot.can`); this only says why.
 */
export function whyWaitlistRefused(
  snapshot: WaitlistSnapshot,
  event: WaitlistEvent,
): LifecycleRefusal | null {
  if (snapshot.can(event)) return null;
  const state = snapshot.value;
  if (!(waitlistMachine.root.states[state]?.transitions.has(event.type) ?? false))
    return {
      code: 'lifecycle_wrong_state',
      message: lifecycleMessages.wrongState(
        'waitlist entry',
        waitlistStateLabels[state].toLowerCase(),
        STEP_LABELS[event.type],
      ),
    };
  if (event.by === 'system') return { code: 'lifecycle_not_due', message: lifecycleMessages.notAllowed };
  return { code: 'lifecycle_not_allowed', message: lifecycleMessages.notAllowed };
}

/** The entry may still be left by its devotee (the SPA's "Leave the waitlist"). */
export const canLeave = (snapshot: WaitlistSnapshot) =>
  snapshot.can({ type: 'waitlist.leave', by: 'customer' });
