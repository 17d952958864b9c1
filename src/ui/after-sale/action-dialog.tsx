import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
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
  noValidate = false,
  submitHidden = false,
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
  /**
   * The shop checks the fields, not the browser: no bubble; a field left invalid says the shop's
   * message beside it (as `ReasonField` does) and the first of them takes the focus.
   */
  noValidate?: boolean;
  /** The dialog's action is taken inside it (paying a difference): no submit button. */
  submitHidden?: boolean;
  onSubmit: (form: FormData, element: HTMLFormElement) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // checkValidity fires each invalid field's `invalid` event, where it shows its message.
    if (noValidate && !form.checkValidity()) {
      const first = Array.from(form.elements).find(
        (field): field is HTMLInputElement | HTMLTextAreaElement =>
          (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
          !field.validity.valid,
      );
      first?.focus();
      return;
    }
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
          <form onSubmit={submit} noValidate={noValidate}>
            {children}
            {error && (
              <p className="action-dialog__error" role="alert">
                {error}
              </p>
            )}
            <div className="confirm-dialog__actions">
              {!submitHidden && (
                <button
                  type="submit"
                  className={danger ? 'button button--danger-solid' : 'button button--primary'}
                  disabled={busy}
                >
                  {busy ? busyLabel : submitLabel}
                </button>
              )}
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

/**
 * A required reason in an action dialog with `noValidate`: left empty, it says the shop's message
 * beside it (linked with aria-describedby, marked aria-invalid) until the customer types again.
 */
export function ReasonField({ label, message }: { label: string; message: string }) {
  const [error, setError] = useState<string>();
  const errorId = useId();
  return (
    <div className="action-dialog__field">
      <label>
        {label}
        <textarea
          name="reason"
          rows={3}
          required
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInvalid={() => setError(message)}
          onInput={() => setError(undefined)}
        />
      </label>
      {error && (
        <p id={errorId} className="action-dialog__field-error">
          {error}
        </p>
      )}
    </div>
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
