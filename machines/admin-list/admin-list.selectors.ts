import type { SnapshotFrom } from 'xstate';
import type { AdminListMachine } from './admin-list.machine.ts';

/** A list's snapshot, with pages of `D` (createAdminListMachine). */
type Snapshot<D> = SnapshotFrom<AdminListMachine<D>>;

export const selectQuery = <D>(s: Snapshot<D>) => s.context.query;
export const selectListData = <D>(s: Snapshot<D>) => s.context.data;
export const selectListError = <D>(s: Snapshot<D>) =>
  s.matches('failed') ? s.context.error?.message : undefined;
export const selectIsListLoading = <D>(s: Snapshot<D>) => s.hasTag('busy');
export const selectIsExporting = <D>(s: Snapshot<D>) => s.hasTag('exporting');
export const selectExportError = <D>(s: Snapshot<D>) => s.context.exportError;
