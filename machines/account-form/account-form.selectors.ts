import type { SnapshotFrom } from 'xstate';
import type { accountFormMachine } from './account-form.machine.ts';

type Snapshot = SnapshotFrom<typeof accountFormMachine>;

export const selectFormError = (s: Snapshot) => s.context.error?.message;
export const selectFormResult = (s: Snapshot) => s.context.result?.message;
export const selectIsSending = (s: Snapshot) => s.hasTag('busy');
export const selectIsDone = (s: Snapshot) => s.matches('done');
