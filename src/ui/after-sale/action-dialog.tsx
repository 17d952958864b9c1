import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import '../confirm-dialog.css';

/**
 * A step the customer asks for (cancel, report damage, correct details...) in a Radix dialog: a
 * form read on submit (its fields are uncontrolled; the page's machine owns the request), the
 * server's refusal shown in place, the buttons held while the step is sent.
 */
export function ActionDialog({
  open,
  title,
  description,
  submitLabel,
  busyLabel,
  closeLabel = 'Close',
  error,
  busy,
  danger = false,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  submitLabel: string;
  busyLabel: string;
  closeLabel?: string;
  error: string | undefined;
  busy: boolean;
  danger?: boolean;
  onSubmit: (form: FormData, element: HTMLFormElement) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget), event.currentTarget);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content className="confirm-dialog action-dialog">
          <Dialog.Title className="confirm-dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="confirm-dialog__text" asChild>
            <div>{description}</div>
          </Dialog.Description>
          <form onSubmit={submit} noValidate={false}>
            {children}
            {error && (
              <p className="action-dialog__error" role="alert">
                {error}
              </p>
            )}
            <div className="confirm-dialog__actions">
              <button
                type="submit"
                className={danger ? 'button button--danger-solid' : 'button button--primary'}
                disabled={busy}
              >
                {busy ? busyLabel : submitLabel}
              </button>
              <Dialog.Close asChild>
                <button type="button" className="button" disabled={busy}>
                  {closeLabel}
                </button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A text field's value from the submitted form ('' when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The file chosen in a file input of the submitted form, if any. */
export function formFile(element: HTMLFormElement, name: string): File | undefined {
  const input = element.elements.namedItem(name);
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? undefined) : undefined;
}
