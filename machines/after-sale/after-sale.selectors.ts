import type { SnapshotFrom } from 'xstate';
import type { afterSaleMachine } from './after-sale.machine.ts';

type Snapshot = SnapshotFrom<typeof afterSaleMachine>;

export const selectStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading';
export const selectRecord = (s: Snapshot) => s.context.record;
export const selectLoadError = (s: Snapshot) => s.context.loadError;
export const selectCanRetry = (s: Snapshot) => s.can({ type: 'record.retry' });
export const selectAction = (s: Snapshot) => s.context.action;
export const selectActionError = (s: Snapshot) => s.context.actionError;
export const selectDone = (s: Snapshot) => s.context.done;
export const selectIsSending = (s: Snapshot) =>
  s.matches({ ready: 'sending' }) || s.matches({ ready: 'refreshing' });
