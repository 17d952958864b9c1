import type { SnapshotFrom } from 'xstate';
import type { adminListMachine } from './admin-list.machine.ts';

type Snapshot = SnapshotFrom<typeof adminListMachine>;

export const selectQuery = (s: Snapshot) => s.context.query;
export const selectListData = (s: Snapshot) => s.context.data;
export const selectListError = (s: Snapshot) => (s.matches('failed') ? s.context.error?.message : undefined);
export const selectIsListLoading = (s: Snapshot) => s.hasTag('busy');
export const selectIsExporting = (s: Snapshot) => s.hasTag('exporting');
export const selectExportError = (s: Snapshot) => s.context.exportError;
