import type { SnapshotFrom } from 'xstate';
import type { staffRecordMachine } from './staff-record.machine.ts';

type Snapshot = SnapshotFrom<typeof staffRecordMachine>;

export const selectStaffRecord = (s: Snapshot) => s.context.record;
export const selectRecordLoadError = (s: Snapshot) => (s.matches('failed') ? s.context.loadError : null);
export const selectOpenAction = (s: Snapshot) => s.context.action;
export const selectActionError = (s: Snapshot) => s.context.actionError?.message;
/** The refusal's code (`edit_conflict` when someone else saved first), if any. */
export const selectActionErrorCode = (s: Snapshot) => s.context.actionError?.code;
export const selectIsSending = (s: Snapshot) => s.matches({ ready: 'sending' });
export const selectDoneAction = (s: Snapshot) => s.context.done;
