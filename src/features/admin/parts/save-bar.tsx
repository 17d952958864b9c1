import type { EditRecord } from '../../../../machines/admin-edit/admin-edit.machine.ts';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  conflictChanges,
  selectEditError,
  selectIsConflict,
  selectIsDirty,
  selectIsSaved,
  selectIsSaving,
} from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import { isJustCreated, type EditRef } from '../../../live/admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorBanner } from '../../../ui/status.tsx';
import type { FieldSpec } from './form-field.tsx';
import { TableHead } from './list-parts.tsx';

const shown = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.join(', ');
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
};

/**
 * Someone else saved first (docs/decisions/0034): what they changed and what you typed, side by
 * side; keep theirs, or save yours over theirs. Nothing typed is lost.
 */
export function ConflictPanel<R extends EditRecord>({
  edit,
  specs,
}: {
  edit: EditRef<R>;
  specs: readonly FieldSpec[];
}) {
  const conflict = useSelector(edit, selectIsConflict);
  const changes = useSelector(edit, (s) =>
    conflictChanges(
      s,
      specs.map((spec) => spec.name),
    ),
  );
  if (!conflict) return null;
  const label = (field: string) => specs.find((spec) => spec.name === field)?.label ?? field;
  return (
    <section className="bo-conflict" role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title">Someone else saved this while you were editing</h2>
      <p>
        Your changes are not saved yet. Compare them with theirs, then choose. Saving yours keeps their
        changes to the fields you left alone.
      </p>
      <table>
        <TableHead columns={['Field', 'When you started', 'Their save', 'Yours']} />
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">{label(change.field)}</th>
              <td className="bo-diff-before">{shown(change.before)}</td>
              <td>{shown(change.theirs)}</td>
              <td>
                {JSON.stringify(change.mine ?? null) === JSON.stringify(change.before ?? null) ? (
                  <span className="bo-muted">Not changed by you</span>
                ) : (
                  shown(change.mine)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="bo-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => edit.send({ type: 'conflict.keepMine' })}
        >
          Save mine over theirs
        </button>
        <button type="button" className="button" onClick={() => edit.send({ type: 'conflict.takeTheirs' })}>
          Keep theirs, drop mine
        </button>
      </div>
    </section>
  );
}

/** The form's state and its Save, always in reach at the bottom of the screen. */
export function SaveBar<R extends EditRecord>({
  edit,
  saveLabel = 'Save',
  createdLabel,
}: {
  edit: EditRef<R>;
  saveLabel?: string;
  /** Said instead of "No changes" when this record was just created (the navigation's state says so). */
  createdLabel?: string;
}) {
  // A new record opens at its own address, a new page: the step that brought it there says "created".
  const [justCreated] = useState(() => createdLabel !== undefined && isJustCreated());
  const dirty = useSelector(edit, selectIsDirty);
  const saving = useSelector(edit, selectIsSaving);
  const saved = useSelector(edit, selectIsSaved);
  const conflict = useSelector(edit, selectIsConflict);
  const error = useSelector(edit, selectEditError);
  return (
    <>
      {error && <ErrorBanner message={error} />}
      <div className="bo-savebar">
        <span className="bo-savebar__state" role="status">
          {saving
            ? 'Saving...'
            : saved
              ? 'Saved'
              : conflict
                ? 'Not saved: see above'
                : dirty
                  ? 'Unsaved changes'
                  : justCreated && createdLabel
                    ? createdLabel
                    : 'No changes'}
        </span>
        <span className="bo-actions">
          {dirty && (
            <button type="button" className="button" onClick={() => edit.send({ type: 'edit.reset' })}>
              Discard changes
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={saving || conflict}>
            {saving ? 'Saving...' : saveLabel}
          </button>
        </span>
      </div>
    </>
  );
}
