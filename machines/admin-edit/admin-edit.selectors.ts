import type { SnapshotFrom } from 'xstate';
import type { AdminEditMachine, EditRecord, ImageUploadRef } from './admin-edit.machine.ts';

/** A record form's snapshot, its record an `R` (createAdminEditMachine). */
type Snapshot<R extends EditRecord> = SnapshotFrom<AdminEditMachine<R>>;

export const selectDraft = <R extends EditRecord>(s: Snapshot<R>) => s.context.draft;
export const selectRecord = <R extends EditRecord>(s: Snapshot<R>) => s.context.record;
export const selectEditError = <R extends EditRecord>(s: Snapshot<R>) => s.context.error?.message;
export const selectIsLoading = <R extends EditRecord>(s: Snapshot<R>) => s.matches('loading');
export const selectLoadFailed = <R extends EditRecord>(s: Snapshot<R>) => s.matches('failed');
export const selectIsDirty = <R extends EditRecord>(s: Snapshot<R>) => s.matches({ editing: 'dirty' });
export const selectIsSaving = <R extends EditRecord>(s: Snapshot<R>) => s.matches('saving');
export const selectIsSaved = <R extends EditRecord>(s: Snapshot<R>) => s.matches('saved');
export const selectIsConflict = <R extends EditRecord>(s: Snapshot<R>) => s.matches('conflict');
export const selectTheirs = <R extends EditRecord>(s: Snapshot<R>) => s.context.theirs;
/** The upload of a field's photo, while there is one (spawned as `upload.<field>` by `startUpload`). */
export const selectUploadOf =
  (field: string) =>
  <R extends EditRecord>(s: Snapshot<R>): ImageUploadRef | undefined =>
    // Spawned by id at run time (`startUpload`), so the snapshot's type does not list it.
    s.children[`upload.${field}`] as ImageUploadRef | undefined;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface FieldChange {
  field: string;
  /** What the edit started from. */
  before: unknown;
  /** What this editor typed. */
  mine: unknown;
  /** What the other save stored. */
  theirs: unknown;
}

/**
 * In a conflict, the fields the other save changed and those this editor changed, each with the
 * three values: nothing typed is lost, and the editor sees what the other person did.
 */
export function conflictChanges<R extends EditRecord>(
  s: Snapshot<R>,
  fields: readonly string[],
): FieldChange[] {
  const { record, draft, theirs } = s.context;
  if (!theirs) return [];
  const base: EditRecord = record ?? {};
  return fields
    .filter((field) => !same(base[field], theirs[field]) || !same(base[field], draft[field]))
    .map((field) => ({ field, before: base[field], mine: draft[field], theirs: theirs[field] }));
}
