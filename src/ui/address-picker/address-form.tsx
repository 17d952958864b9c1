import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ADDRESS_COUNTRY, INDIAN_STATES, normaliseMobile } from '../../../contract/address.ts';
import {
  selectEditingAddress,
  selectFieldErrors,
  selectFormError,
  selectIsBusy,
  selectIsSaving,
} from '../../../machines/address-book/address-book.selectors.ts';
import {
  addressFields,
  addressFormValues,
  emptyAddressForm,
  type AddressField,
  type AddressFormValues,
} from '../../../machines/address-book/address-book.form.ts';
import { ErrorBanner } from '../status.tsx';
import type { AddressBookRef } from './address-book-ref.ts';
import { addressFieldLooks } from './address-field-looks.ts';
import { StateOptions } from './state-options.tsx';
import { usePincodeFill, type PincodeLookup } from './use-pincode-fill.ts';

/** A new address starts with the phone given at sign-up, when it is an Indian mobile (the usual case). */
function newAddressForm(ownPhone: string | null) {
  const form = emptyAddressForm();
  const mobile = ownPhone ? normaliseMobile(ownPhone) : '';
  return /^[6-9]\d{9}$/.test(mobile) ? { ...form, mobile } : form;
}

/** Picks the starting values: a fresh form, or the address being edited. Keyed so each opening starts clean. */
export function AddressFormPanel({
  actorRef,
  mode,
  ownPhone,
  lookUpPincode,
}: {
  actorRef: AddressBookRef;
  mode: 'adding' | 'editing';
  ownPhone: string | null;
  lookUpPincode: PincodeLookup;
}) {
  const editing = useSelector(actorRef, selectEditingAddress);
  const key = mode === 'editing' ? `edit-${editing?.id}` : 'add';
  return (
    <AddressForm
      key={key}
      actorRef={actorRef}
      heading={mode === 'editing' ? 'Edit address' : 'Add new address'}
      initial={editing && mode === 'editing' ? addressFormValues(editing) : newAddressForm(ownPhone)}
      alreadyDefault={mode === 'editing' && editing?.isDefault === true}
      lookUpPincode={lookUpPincode}
    />
  );
}

function AddressForm({
  actorRef,
  heading,
  initial,
  alreadyDefault,
  lookUpPincode,
}: {
  actorRef: AddressBookRef;
  heading: string;
  initial: AddressFormValues;
  alreadyDefault: boolean;
  lookUpPincode: PincodeLookup;
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
  const pinNote = usePincodeFill(lookUpPincode, values.postalCode, values, (place) =>
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
                  <StateOptions />
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
