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

/** Whole seconds left, rounded up so the display reaches 0s exactly when the window closes. */
export const selectSecondsLeft = (s: Snapshot) => Math.ceil(s.context.remainingMs / 1000);

export function toCountdownParts(totalSeconds: number): CountdownParts {
  return {
    days: Math.floor(totalSeconds / 86400),
    hours: Math.floor((totalSeconds % 86400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}
