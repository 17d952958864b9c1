import type { SnapshotFrom } from 'xstate';
import { isInLine, type waitlistSpotMachine } from './waitlist-spot.machine.ts';

type Snapshot = SnapshotFrom<typeof waitlistSpotMachine>;

export const selectSpotEntry = (s: Snapshot) => s.context.entry;
export const selectSpotError = (s: Snapshot) => s.context.error;
export const selectSpotBusy = (s: Snapshot) => s.hasTag('busy');
/** Joined: the entry the server answered. */
export const selectJoined = (s: Snapshot) => s.matches('inLine') || s.matches('leaving');
/** The entry may still be left (waiting, or offered a place). */
export const selectCanLeave = (s: Snapshot) => isInLine(s.context.entry);
