import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import type { EditRecord } from '../../../../machines/admin-edit/admin-edit.machine.ts';
import {
  selectEditError,
  selectIsLoading,
  selectLoadFailed,
} from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import type { StaffAction } from '../../../../machines/staff-record/staff-record.machine.ts';
import type { EditRef } from '../../../live/admin.ts';
import { ErrorBanner, Spinner } from '../../../ui/status.tsx';
import { FormField, type FieldSpec } from './form-field.tsx';
import { PageHead } from './record-parts.tsx';
import { ConflictPanel, SaveBar } from './save-bar.tsx';

const stepName = (action: StaffAction) => (typeof action === 'string' ? action : action.type);

/**
 * A retire or restore taken beside the form moves the record's version: the form takes the
 * record as the step left it (its new base, docs/decisions/0034-edits-carry-the-version-they-started-from.md),
 * so its next save is not refused as someone else's.
 */
export const rebasingFormOn =
  <R extends EditRecord>(edit: EditRef<R>) =>
  ({ action, record }: { action: StaffAction; record: R }) => {
    if (/(^|\.)(retire|restore)$/.test(stepName(action))) edit.send({ type: 'edit.rebase', record });
  };

/** An edit page: where it is, its title, the form of `specs` with its save bar, and what follows. */
export function EditFrame<R extends EditRecord>({
  edit,
  title,
  back,
  specs,
  aside,
  created,
  children,
}: {
  edit: EditRef<R>;
  title: ReactNode;
  back: [string, string];
  /** What the save bar says when the record was just created ("Coupon created"). */
  created?: string;
  specs: readonly FieldSpec[];
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const loading = useSelector(edit, selectIsLoading);
  const failed = useSelector(edit, selectLoadFailed);
  const error = useSelector(edit, selectEditError);
  if (failed)
    return (
      <ErrorBanner message={error ?? 'Failed to load'} onRetry={() => edit.send({ type: 'edit.retry' })} />
    );
  if (loading) return <Spinner label="Loading..." />;
  const save = (event: FormEvent) => {
    event.preventDefault();
    edit.send({ type: 'edit.save' });
  };
  return (
    <>
      <PageHead back={back} title={title} actions={aside} />
      <ConflictPanel edit={edit} specs={specs} />
      <form onSubmit={save} noValidate aria-label="Details">
        <section className="bo-panel">
          <div className="bo-form">
            {specs.map((spec) => (
              <FormField key={spec.name} edit={edit} spec={spec} />
            ))}
          </div>
        </section>
        <SaveBar edit={edit} createdLabel={created} />
      </form>
      {children}
    </>
  );
}
