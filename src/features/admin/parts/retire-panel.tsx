import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectRecord } from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import { liveRecordMachine, useStaffRecord, type EditRef, type LiveRecord } from '../../../live/admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ActionDialog } from '../../../ui/after-sale/action-dialog.tsx';
import { rebasingFormOn } from './edit-frame.tsx';

/** A record that can leave the shop and come back. */
export type Retirable = {
  id: number;
  version: number;
  retiredAt: string | null;
};

export type RetireStep = 'retire' | 'restore';
/** Retire and restore send the version the form holds: it follows its saves and these steps. */
export type RetireRequest = { version: number | undefined };
export type RetireMachine<R extends Retirable> = LiveRecord<R, RetireStep, RetireRequest>;

/** A record's retire and restore steps, through the calls of its src/lib/admin module. */
export const liveRetireMachine = <R extends Retirable>(
  load: (id: number, signal: AbortSignal) => Promise<R>,
  retire: (id: number, retire: boolean, version: number | undefined, signal: AbortSignal) => Promise<R>,
): RetireMachine<R> =>
  liveRecordMachine(load, (id, step: RetireStep, request: RetireRequest, signal) =>
    retire(id, step === 'retire', request.version, signal),
  );

/** "Retire from the shop" or "Restore to the shop", held while the form has unsaved changes. */
export function RetireButton({
  retired,
  dirty,
  onOpen,
}: {
  retired: boolean;
  dirty: boolean;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className="button"
      disabled={dirty}
      title={dirty ? 'Save or discard your changes first' : undefined}
      onClick={onOpen}
    >
      {retired ? 'Restore to the shop' : 'Retire from the shop'}
    </button>
  );
}

/** The dialog of a retire or restore step, its refusal shown in it. */
export function RetireDialog({
  step,
  noun,
  retireText,
  restoreText,
  error,
  busy,
  onSubmit,
  onClose,
}: {
  step: RetireStep | null;
  noun: string;
  retireText: string;
  restoreText: string;
  error: string | undefined;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const retiring = step === 'retire';
  return (
    <ActionDialog
      open={step !== null}
      title={retiring ? `Retire this ${noun}?` : `Restore this ${noun}?`}
      description={retiring ? retireText : restoreText}
      submitLabel={retiring ? 'Retire' : 'Restore'}
      busyLabel="Saving..."
      danger={retiring}
      error={error}
      busy={busy}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}

/**
 * Retire a record from the shop or restore it, in a dialog (docs/product-rules.md, Roles and
 * the back office); the server's refusal (a category with products in the shop, someone else's
 * save) is shown in the dialog.
 */
export function RetirePanel<R extends Retirable>({
  id,
  dirty,
  edit,
  machine,
  noun,
  status,
  retireText,
  restoreText,
}: {
  id: number;
  dirty: boolean;
  edit: EditRef<R>;
  machine: RetireMachine<R>;
  noun: string;
  status?: (record: R) => ReactNode;
  retireText: string;
  restoreText: string;
}) {
  const page = useStaffRecord(machine, id, rebasingFormOn<R>(edit));
  const formVersion = useSelector(edit, selectRecord)?.version;
  const record = page.record;
  if (!record) return null;
  return (
    <section className="bo-panel" aria-labelledby={`${noun}-shop`}>
      <h2 id={`${noun}-shop`}>In the shop</h2>
      <p className="bo-muted" role="status">
        {record.retiredAt ? `Retired ${formatDateTime(record.retiredAt)}: not in the shop.` : 'In the shop.'}{' '}
        {status?.(record)}
      </p>
      <div className="bo-actions">
        <RetireButton
          retired={record.retiredAt !== null}
          dirty={dirty}
          onOpen={() => page.open(record.retiredAt ? 'restore' : 'retire')}
        />
      </div>
      <RetireDialog
        step={page.action}
        noun={noun}
        retireText={retireText}
        restoreText={restoreText}
        error={page.error}
        busy={page.sending}
        onSubmit={() => page.submit({ version: formVersion })}
        onClose={page.close}
      />
    </section>
  );
}
