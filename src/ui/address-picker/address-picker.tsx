import * as Dialog from '@radix-ui/react-dialog';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate';
import {
  ADDRESS_COUNTRY,
  INDIAN_STATES,
  normaliseMobile,
  type Address,
  type AddressInput,
} from '../../../contract/address.ts';
import { addressBookMachine } from '../../../machines/address-book/address-book.machine.ts';
import {
  addressLines,
  formatAddress,
  selectActionError,
  selectAddresses,
  selectCanDelete,
  selectCanEdit,
  selectCanOpenForm,
  selectCanSetDefault,
  selectEditingAddress,
  selectFieldErrors,
  selectFormError,
  selectFormMode,
  selectIsBusy,
  selectIsDeleting,
  selectIsLoading,
  selectIsSaving,
  selectLoadError,
  selectPendingDelete,
  selectSaved,
  selectSelectedId,
} from '../../../machines/address-book/address-book.selectors.ts';
import {
  addressFields,
  addressFormValues,
  emptyAddressForm,
  type AddressField,
  type AddressFormValues,
} from '../../../machines/address-book/address-form.ts';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '../../lib/addresses.ts';
import { ErrorBanner, Spinner } from '../status.tsx';
import { addressFieldLooks } from './address-field-looks.ts';
import { usePincodeFill } from './use-pincode-fill.ts';
import '../confirm-dialog.css';
import './address-picker.css';

/** Said (role status) once an address is saved (docs/product-rules.md, Addresses). */
export const addressSavedMessage = 'Address saved';

/** The address book with the real API calls. */
const liveAddressBookMachine = addressBookMachine.provide({
  actors: {
    loadAddresses: fromPromise<Address[], void>(({ signal }) => listAddresses(signal)),
    addAddress: fromPromise<Address, AddressInput>(({ input, signal }) => addAddress(input, signal)),
    updateAddress: fromPromise<Address, { id: number; values: AddressInput }>(({ input, signal }) =>
      updateAddress(input.id, input.values, signal),
    ),
    setDefaultAddress: fromPromise<Address, { id: number }>(({ input, signal }) =>
      setDefaultAddress(input.id, signal),
    ),
    deleteAddress: fromPromise<void, { id: number }>(({ input, signal }) => deleteAddress(input.id, signal)),
  },
});

type AddressBookRef = ActorRefFrom<typeof addressBookMachine>;

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

/**
 * The customer's saved addresses as selectable cards, with an add/edit form and (in manage
 * mode) Set as default, Edit and Delete per card. Everything it knows lives in the address-book
 * machine; this component renders it and sends events.
 */
export function AddressPicker({
  mode,
  reportTo,
  label,
  initialSelectedId = null,
  ownPhone = null,
}: AddressPickerProps) {
  const ref = useActorRef(liveAddressBookMachine, {
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
            <AddressCards
              actorRef={ref}
              addresses={addresses}
              mode={mode}
              label={groupLabel}
              onOpener={rememberOpener}
            />
          </div>
          {addButtonElement}
        </>
      )}
      {formMode !== 'hidden' && <AddressFormPanel actorRef={ref} mode={formMode} ownPhone={ownPhone} />}
      <DeleteDialog actorRef={ref} onClosed={restoreFocus} />
    </div>
  );
}

/**
 * Choosing (checkout, booking): native radio buttons in a fieldset named by its legend: arrow
 * keys move between cards, Tab enters at the chosen one. The radio is the choice; the card's
 * buttons sit beside it, never inside it (a radio's content is flattened for assistive
 * technology). Managing (the account): a plain list, since there is nothing to choose.
 */
function AddressCards({
  actorRef,
  addresses,
  mode,
  label,
  onOpener,
}: {
  actorRef: AddressBookRef;
  addresses: Address[];
  mode: AddressPickerProps['mode'];
  label: string;
  onOpener: (event: MouseEvent<HTMLElement>) => void;
}) {
  const selectedId = useSelector(actorRef, selectSelectedId);
  const name = useId();
  const legendId = useId();
  if (mode === 'manage') {
    return (
      <ul className="address-cards address-cards--list" aria-label={label}>
        {addresses.map((address) => (
          <li key={address.id}>
            <AddressCard
              actorRef={actorRef}
              address={address}
              name={name}
              checked={false}
              manage
              onOpener={onOpener}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <fieldset className="address-cards" role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId} className="visually-hidden">
        {label}
      </legend>
      {addresses.map((address) => (
        <AddressCard
          key={address.id}
          actorRef={actorRef}
          address={address}
          name={name}
          checked={address.id === selectedId}
          manage={false}
          onOpener={onOpener}
        />
      ))}
    </fieldset>
  );
}

function AddressCard({
  actorRef,
  address,
  name,
  checked,
  manage,
  onOpener,
}: {
  actorRef: AddressBookRef;
  address: Address;
  name: string;
  checked: boolean;
  manage: boolean;
  onOpener: (event: MouseEvent<HTMLElement>) => void;
}) {
  const canSetDefault = useSelector(actorRef, selectCanSetDefault(address.id));
  const canEdit = useSelector(actorRef, selectCanEdit(address.id));
  const canDelete = useSelector(actorRef, selectCanDelete(address.id));
  const oneLine = formatAddress(address);
  return (
    // Each card is a group named by its address, so "Set as default", "Edit" and "Delete" are
    // heard with the address they act on.
    <div
      className={`address-card${checked ? ' address-card--selected' : ''}`}
      role="group"
      aria-label={oneLine}
      data-address-id={address.id}
      tabIndex={-1}
    >
      {manage ? (
        <div className="address-card__choice">
          <AddressText address={address} />
        </div>
      ) : (
        <label className="address-card__choice">
          <input
            className="address-card__radio"
            type="radio"
            name={name}
            value={address.id}
            checked={checked}
            aria-label={address.isDefault ? `${oneLine} (Default)` : oneLine}
            onChange={() => actorRef.send({ type: 'address.select', id: address.id })}
          />
          <AddressText address={address} />
        </label>
      )}
      {(manage || !address.isDefault) && (
        <div className="address-card__actions">
          {/* Offered while choosing too (checkout, booking): it makes only this address the default. */}
          {!address.isDefault && (
            <button
              type="button"
              className="button button--small"
              disabled={!canSetDefault}
              onClick={() => actorRef.send({ type: 'address.setDefault', id: address.id })}
            >
              Set as default
            </button>
          )}
          {manage && (
            <>
              <button
                type="button"
                className="button button--small"
                disabled={!canEdit}
                onClick={(event) => {
                  onOpener(event);
                  actorRef.send({ type: 'addressForm.edit', id: address.id });
                }}
              >
                Edit
              </button>
              <button
                type="button"
                className="button button--small button--danger"
                disabled={!canDelete}
                onClick={(event) => {
                  onOpener(event);
                  actorRef.send({ type: 'address.delete', id: address.id });
                }}
              >
                Delete
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function AddressText({ address }: { address: Address }) {
  const [first, ...rest] = addressLines(address);
  return (
    <>
      <span className="address-card__text">
        <span className="address-card__line address-card__street">{first}</span>
        {rest.map((line, index) => (
          <span key={index} className="address-card__line">
            {line}
          </span>
        ))}
      </span>
      {address.isDefault && <span className="badge address-card__badge">Default</span>}
    </>
  );
}

/** A new address starts with the phone given at sign-up, when it is an Indian mobile (the usual case). */
function newAddressForm(ownPhone: string | null) {
  const form = emptyAddressForm();
  const mobile = ownPhone ? normaliseMobile(ownPhone) : '';
  return /^[6-9]\d{9}$/.test(mobile) ? { ...form, mobile } : form;
}

/** Picks the starting values: a fresh form, or the address being edited. Keyed so each opening starts clean. */
function AddressFormPanel({
  actorRef,
  mode,
  ownPhone,
}: {
  actorRef: AddressBookRef;
  mode: 'adding' | 'editing';
  ownPhone: string | null;
}) {
  const editing = useSelector(actorRef, selectEditingAddress);
  const key = mode === 'editing' ? `edit-${editing?.id}` : 'add';
  return (
    <AddressForm
      key={key}
      actorRef={actorRef}
      heading={mode === 'editing' ? 'Edit address' : 'Add new address'}
      initial={
        editing && mode === 'editing' ? addressFormValues(editing) : newAddressForm(ownPhone)
      }
      alreadyDefault={mode === 'editing' && editing?.isDefault === true}
    />
  );
}

function AddressForm({
  actorRef,
  heading,
  initial,
  alreadyDefault,
}: {
  actorRef: AddressBookRef;
  heading: string;
  initial: AddressFormValues;
  alreadyDefault: boolean;
}) {
  // The draft is the form's own until Save; the machine checks it and owns everything after.
  const [values, setValues] = useState(initial);
  const fieldErrors = useSelector(actorRef, selectFieldErrors);
  const formError = useSelector(actorRef, selectFormError);
  const saving = useSelector(actorRef, selectIsSaving);
  const busy = useSelector(actorRef, selectIsBusy);
  const headingId = useId();
  const idPrefix = useId();
  const inputs = useRef<Partial<Record<AddressField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const pinNote = usePincodeFill(values.postalCode, values, (place) =>
    setValues((current) => ({ ...current, ...place })),
  );

  // After a refused Save, focus the first field in error: its message is read with it.
  useEffect(() => {
    const first = addressFields.find((field) => fieldErrors[field] !== undefined);
    if (first) inputs.current[first]?.focus();
  }, [fieldErrors]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actorRef.send({ type: 'addressForm.submit', values });
  };

  return (
    <form className="address-form" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <h3 id={headingId} className="address-form__heading">
        {heading}
      </h3>
      {formError !== undefined && <ErrorBanner message={formError} />}
      <div className="address-form__grid">
        {addressFields.map((field, index) => {
          const id = `${idPrefix}-${field}`;
          const error = fieldErrors[field];
          const look = addressFieldLooks[field];
          const note = field === 'postalCode' ? (pinNote ?? look.hint) : look.hint;
          const described = [error !== undefined && `${id}-error`, note && `${id}-hint`]
            .filter(Boolean)
            .join(' ');
          const control = {
            id,
            name: field,
            required: !look.optional,
            autoComplete: look.autoComplete,
            value: values[field],
            'aria-invalid': error !== undefined,
            'aria-describedby': described || undefined,
            onChange: (event: { target: { value: string } }) =>
              setValues((current) => ({ ...current, [field]: event.target.value })),
          };
          return (
            <div key={field} className={`field address-form__field address-form__field--${field}`}>
              <label htmlFor={id}>{look.label}</label>
              {field === 'state' ? (
                <select
                  {...control}
                  ref={(element) => {
                    inputs.current[field] = element;
                  }}
                  className="select"
                >
                  <option value="">Select state</option>
                  {/* An older address's free-text state stays visible until another is chosen. */}
                  {values.state !== '' && !(INDIAN_STATES as readonly string[]).includes(values.state) && (
                    <option value={values.state}>{values.state}</option>
                  )}
                  {INDIAN_STATES.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...control}
                  ref={(element) => {
                    inputs.current[field] = element;
                  }}
                  className="input"
                  type={look.type ?? 'text'}
                  inputMode={look.inputMode}
                  maxLength={look.maxLength}
                  autoFocus={index === 0}
                />
              )}
              {note && (
                <p
                  id={`${id}-hint`}
                  className="field__hint"
                  aria-live={field === 'postalCode' ? 'polite' : undefined}
                >
                  {note}
                </p>
              )}
              {error !== undefined && (
                <p id={`${id}-error`} className="field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <p className="address-form__country">Country: {ADDRESS_COUNTRY}</p>
      </div>
      <label className="address-form__checkbox">
        <input
          type="checkbox"
          name="isDefault"
          checked={alreadyDefault || values.isDefault}
          disabled={alreadyDefault}
          onChange={(event) => setValues((current) => ({ ...current, isDefault: event.target.checked }))}
        />
        Make this my default address
      </label>
      {alreadyDefault && <p className="address-form__hint">This is already your default address.</p>}
      <div className="address-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button
          type="button"
          className="button"
          disabled={saving}
          onClick={() => actorRef.send({ type: 'addressForm.cancel' })}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** "Delete this address?": open while the machine waits for a confirmation (and while deleting). */
function DeleteDialog({ actorRef, onClosed }: { actorRef: AddressBookRef; onClosed: () => void }) {
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
