import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export const selectUser = (s: Snapshot) => s.context.user;
export const selectIsSignedIn = (s: Snapshot) => s.matches('signedIn');
/** True until a stored token has been checked: guards wait rather than redirect. */
export const selectIsRestoring = (s: Snapshot) => s.matches('restoring') || s.matches('verifyingToken');
/** A stored token is kept but could not be checked (API unreachable): pages offer Retry rather than /login. */
export const selectIsUnverified = (s: Snapshot) => s.matches('unverified');
/** The error of an unverified session, shown with a Retry that sends `session.retry`. */
export const selectCheckError = (s: Snapshot) =>
  s.matches('unverified') ? s.context.error?.message : undefined;
/** Whether the customer is signed in is not known yet: the header shows neither Login nor the menu. */
export const selectIsSessionUnknown = (s: Snapshot) =>
  s.matches('restoring') || s.matches('verifyingToken') || s.matches('unverified');
export const selectIsSigningIn = (s: Snapshot) => s.matches('signingIn');
export const selectIsRegistering = (s: Snapshot) => s.matches('registering');
export const selectError = (s: Snapshot) => s.context.error?.message;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectToken = (s: Snapshot) => s.context.token;
