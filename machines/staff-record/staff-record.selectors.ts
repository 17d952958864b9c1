import type { SnapshotFrom } from 'xstate';
import type { createStaffRecordMachine, StaffAction } from './staff-record.machine.ts';

/** A record page's snapshot, in the types its machine was made with (createStaffRecordMachine). */
type Snapshot<R, A extends StaffAction, Q> = SnapshotFrom<
  ReturnType<typeof createStaffRecordMachine<R, A, Q>>
>;

export const selectStaffRecord = <R, A extends StaffAction, Q>(s: Snapshot<R, A, Q>) => s.context.record;
export const selectRecordLoadError = <R, A extends StaffAction, Q>(s: Snapshot<R, A, Q>) =>
  s.matches('failed') ? s.context.loadError : null;
export const selectOpenAction = <R, A extends StaffAction, Q>(s: Snapshot<R, A, Q>) => s.context.action;
export const selectActionError = <R, A extends StaffAction, Q>(s: Snapshot<R, A, Q>) =>
  s.context.actionError?.message;
/** The refusal's code (`edit_conflict` when someone else saved first), if any. */
export const selectActionErrorCode = <R, A extends StaffAction, Q>(s: Snapshot<R, A, Q>) =>
  s.context.actionError?.code;
export const selectIsSending = <R, A extends StaffAction, Q>(s: Snapshot<R, A, Q>) =>
  s.matches({ ready: 'sending' });
export const selectDoneAction = <R, A extends StaffAction, Q>(s: Snapshot<R, A, Q>) => s.context.done;
