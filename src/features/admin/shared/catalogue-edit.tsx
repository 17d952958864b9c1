import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectIsDirty, selectRecord } from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import type { AdminEditMachine, EditRecord } from '../../../../machines/admin-edit/admin-edit.machine.ts';
import type { EditRef } from '../../../live/admin.ts';
import { inspectOptions } from '../../../lib/inspector.ts';
import { EditFrame } from '../parts/edit-frame.tsx';
import { textOf, type FieldSpec } from '../parts/form-field.tsx';

/** A catalogue record's edit machine, started on its id (null: a new one) with the new record's draft. */
export function useEditPage<R extends EditRecord>(
  machine: AdminEditMachine<R>,
  id: number | null,
  draft: Record<string, unknown>,
) {
  const edit = useActorRef(machine, { input: { id, draft }, ...inspectOptions() });
  return { id, edit, record: useSelector(edit, selectRecord), dirty: useSelector(edit, selectIsDirty) };
}

/**
 * A catalogue record's edit page, named from its noun: "New category" or the record's name,
 * back to "Categories", "Category created" once saved.
 */
export function CatalogueEditFrame<R extends EditRecord>({
  page: { edit, id },
  name,
  names: [noun, plural],
  specs,
  aside,
  children,
}: {
  page: { edit: EditRef<R>; id: number | null };
  /** The record's name as read (its title once it exists). */
  name: unknown;
  /** What one record is called, and many ("category", "categories"). */
  names: [string, string];
  specs: readonly FieldSpec[];
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <EditFrame
      edit={edit}
      title={id === null ? `New ${noun}` : textOf(name, Noun)}
      back={[`/admin/${plural}`, plural.charAt(0).toUpperCase() + plural.slice(1)]}
      created={`${Noun} created`}
      specs={specs}
      aside={aside}
    >
      {children}
    </EditFrame>
  );
}
