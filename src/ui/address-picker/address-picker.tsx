import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { AnyActorRef } from 'xstate';
import type { addressBookMachine } from '../../../machines/address-book/address-book.machine.ts';
import {
  selectActionError,
  selectAddresses,
  selectCanOpenForm,
  selectFormMode,
  selectIsLoading,
  selectLoadError,
  selectSaved,
} from '../../../machines/address-book/address-book.selectors.ts';
import { ErrorBanner, Spinner } from '../status.tsx';
import { AddressCards } from './address-cards.tsx';
import { AddressFormPanel } from './address-form.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import type { PincodeLookup } from './use-pincode-fill.ts';
import './address-picker.css';

/** Said (role status) once an address is saved (docs/product-rules.md, Addresses). */
export const addressSavedMessage = 'Address saved';

export interface AddressPickerProps {
  /** `manage`: set the default, edit and delete (account page). `select`: choose one (checkout, booking). */
  mode: 'manage' | 'select';
  /**
   * The machine that owns the choice (checkout, the booking wizard): the address book sends it
   * `address.selected` whenever the chosen address (or that address) changes.
   */
  reportTo?: AnyActorRef;
  /** Names the group of cards for assistive technology. */
  label?: string;
  /** The address to choose once the list has loaded, if it still exists (read when mounted). */
  initialSelectedId?: number | null;
  /** The customer's own phone: a new address starts with it as the mobile when it is an Indian mobile. */
  ownPhone?: string | null;
}

/** What the picker runs, supplied by the live layer (src/live/addresses.ts): the API stays out of src/ui. */
export interface AddressBookActors {
  /** The address book machine with its actors (list, add, update, set default, delete). */
  machine: typeof addressBookMachine;
  /** A PIN code's city and state, for the form. */
  lookUpPincode: PincodeLookup;
}

/**
 * The customer's saved addresses as selectable cards, with an add/edit form and (in manage
 * mode) Set as default, Edit and Delete per card. Everything it knows lives in the address-book
 * machine; this component renders it and sends events.
 */
export function AddressPicker({
  machine,
  lookUpPincode,
  mode,
  reportTo,
  label,
  initialSelectedId = null,
  ownPhone = null,
}: AddressPickerProps & AddressBookActors) {
  const ref = useActorRef(machine, {
    input: { selectedId: initialSelectedId, reportTo: reportTo ?? null },
  });
  const loading = useSelector(ref, selectIsLoading);
  const loadError = useSelector(ref, selectLoadError);
  const addresses = useSelector(ref, selectAddresses);
  const formMode = useSelector(ref, selectFormMode);
  const actionError = useSelector(ref, selectActionError);
  const canOpenForm = useSelector(ref, selectCanOpenForm);
  const saved = useSelector(ref, selectSaved);

  // Focus goes back to the button that opened the form (or the dialog) once it closes.
  const opener = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const cards = useRef<HTMLDivElement | null>(null);
  const restoreFocus = () => {
    const target = opener.current?.isConnected
      ? opener.current
      : (cards.current?.querySelector<HTMLInputElement>('input:checked') ?? addButton.current);
    target?.focus();
  };
  const previousMode = useRef(formMode);
  const announcedSave = useRef(saved?.count ?? 0);
  useEffect(() => {
    const justSaved = saved !== null && saved.count !== announcedSave.current;
    if (justSaved) {
      // Saved: the new (or edited) card comes into view, chosen and focused, and it is said.
      announcedSave.current = saved.count;
      const card = cards.current?.querySelector<HTMLElement>(`[data-address-id="${saved.id}"]`);
      card?.scrollIntoView?.({ block: 'center' });
      (card?.querySelector<HTMLElement>('input[type="radio"]') ?? card)?.focus();
    } else if (previousMode.current !== 'hidden' && formMode === 'hidden') {
      const target = opener.current?.isConnected ? opener.current : addButton.current;
      target?.focus();
    }
    previousMode.current = formMode;
  }, [formMode, saved]);
  // Said after each save until the form opens again; an invisible mark alternates so that a
  // second save is announced too.
  const savedMessage =
    saved !== null && formMode === 'hidden'
      ? `${addressSavedMessage}${saved.count % 2 === 1 ? '' : '\u200b'}`
      : '';

  const rememberOpener = (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
  };

  if (loading) return <Spinner label="Loading addresses..." />;
  if (loadError !== undefined) {
    return <ErrorBanner message={loadError} onRetry={() => ref.send({ type: 'addresses.retry' })} />;
  }

  const groupLabel = label ?? (mode === 'select' ? 'Choose an address' : 'Saved addresses');
  const addButtonElement = formMode === 'hidden' && (
    <button
      ref={addButton}
      type="button"
      className="button address-picker__add"
      disabled={!canOpenForm}
      onClick={(event) => {
        rememberOpener(event);
        ref.send({ type: 'addressForm.open' });
      }}
    >
      <span aria-hidden="true">+</span> Add new address
    </button>
  );

  return (
    <div className="address-picker">
      <p className="address-picker__saved" role="status">
        {savedMessage}
      </p>
      {actionError !== undefined && <ErrorBanner message={actionError} />}
      {addresses.length === 0 ? (
        formMode === 'hidden' && (
          <div className="empty-state address-picker__empty">
            <p className="empty-state__title">No addresses</p>
            <p>You haven&apos;t added any addresses yet.</p>
            {addButtonElement}
          </div>
        )
      ) : (
        <>
          <div ref={cards}>
            <AddressCards actorRef={ref} mode={mode} label={groupLabel} onOpener={rememberOpener} />
          </div>
          {addButtonElement}
        </>
      )}
      {formMode !== 'hidden' && (
        <AddressFormPanel actorRef={ref} mode={formMode} ownPhone={ownPhone} lookUpPincode={lookUpPincode} />
      )}
      <DeleteDialog actorRef={ref} onClosed={restoreFocus} />
    </div>
  );
}
