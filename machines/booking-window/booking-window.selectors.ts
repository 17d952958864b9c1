import type { SnapshotFrom } from 'xstate';
import type { bookingWindowMachine } from './booking-window.machine.ts';

type Snapshot = SnapshotFrom<typeof bookingWindowMachine>;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export const selectIsOpen = (s: Snapshot) => s.hasTag('bookable');
export const selectClosesAt = (s: Snapshot) => s.context.closesAt;

/**
 * Whole seconds left at `now` (ms), rounded up so the display reaches 0s when the window closes;
 * 0 for a missing date or one already reached.
 */
export function secondsLeftAt(closesAt: number, now: number): number {
  const ms = closesAt - now;
  return Number.isNaN(ms) || ms <= 0 ? 0 : Math.ceil(ms / 1000);
}

export function toCountdownParts(totalSeconds: number): CountdownParts {
  return {
    days: Math.floor(totalSeconds / 86400),
    hours: Math.floor((totalSeconds % 86400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}
