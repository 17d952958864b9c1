import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import {
  formatAddress,
  selectIsDeleting,
  selectPendingDelete,
} from '../../../machines/address-book/address-book.selectors.ts';
import type { AddressBookRef } from './address-book-ref.ts';
import '../confirm-dialog.css';

/** "Delete this address?": open while the machine waits for a confirmation (and while deleting). */
export function DeleteDialog({ actorRef, onClosed }: { actorRef: AddressBookRef; onClosed: () => void }) {
  const pending = useSelector(actorRef, selectPendingDelete);
  const deleting = useSelector(actorRef, selectIsDeleting);
  const cancelButton = useRef<HTMLButtonElement | null>(null);
  return (
    <Dialog.Root
      open={pending !== undefined}
      onOpenChange={(open) => {
        if (!open) actorRef.send({ type: 'address.cancelDelete' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        {pending && (
          <Dialog.Content
            className="confirm-dialog"
            role="alertdialog"
            onOpenAutoFocus={(event) => {
              // The safe choice first: Enter on an opened confirmation must not delete.
              event.preventDefault();
              cancelButton.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              // Without a Dialog.Trigger, Radix does not know where focus came from.
              event.preventDefault();
              onClosed();
            }}
          >
            <Dialog.Title className="confirm-dialog__title">Delete this address?</Dialog.Title>
            <Dialog.Description className="confirm-dialog__text">{formatAddress(pending)}</Dialog.Description>
            <div className="confirm-dialog__actions">
              <button
                type="button"
                className="button button--danger-solid"
                disabled={deleting}
                onClick={() => actorRef.send({ type: 'address.confirmDelete' })}
              >
                {deleting ? 'Deleting...' : 'Delete'}
              </button>
              <Dialog.Close asChild>
                <button ref={cancelButton} type="button" className="button" disabled={deleting}>
                  Cancel
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
