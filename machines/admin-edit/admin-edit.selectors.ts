import type { SnapshotFrom } from 'xstate';
import type { adminEditMachine, EditRecord, ImageUploadRef } from './admin-edit.machine.ts';

type Snapshot = SnapshotFrom<typeof adminEditMachine>;

export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectRecord = (s: Snapshot) => s.context.record;
export const selectEditError = (s: Snapshot) => s.context.error?.message;
export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectIsDirty = (s: Snapshot) => s.matches({ editing: 'dirty' });
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectIsSaved = (s: Snapshot) => s.matches('saved');
export const selectIsConflict = (s: Snapshot) => s.matches('conflict');
export const selectTheirs = (s: Snapshot) => s.context.theirs;
/** The upload of a field's photo, while there is one (spawned as `upload.<field>` by `startUpload`). */
export const selectUploadOf =
  (field: string) =>
  (s: Snapshot): ImageUploadRef | undefined =>
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
export function conflictChanges(s: Snapshot, fields: readonly string[]): FieldChange[] {
  const { record, draft, theirs } = s.context;
  if (!theirs) return [];
  const base: EditRecord = record ?? {};
  return fields
    .filter((field) => !same(base[field], theirs[field]) || !same(base[field], draft[field]))
    .map((field) => ({ field, before: base[field], mine: draft[field], theirs: theirs[field] }));
}
