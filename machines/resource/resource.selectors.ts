import type { SnapshotFrom } from 'xstate';
import type { resourceMachine } from './resource.machine.ts';

type Snapshot = SnapshotFrom<typeof resourceMachine>;

export const selectStatus = (s: Snapshot) => s.value;
export const selectData = (s: Snapshot) => s.context.data;
export const selectErrorMessage = (s: Snapshot) => s.context.error?.message;
export const selectErrorCode = (s: Snapshot) => s.context.error?.code;
export const selectCanRetry = (s: Snapshot) => s.can({ type: 'resource.retry' });
