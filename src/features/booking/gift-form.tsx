import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { StateOptions } from '../../ui/address-picker/state-options.tsx';
import { isIndianMobile } from '../../../contract/mobile.ts';
import { MAX_GIFT_MESSAGE_LENGTH, recipientUpdatesWords, type GiftDraft } from '../../../contract/gift.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { GIFT_ADDRESS_FIELDS, type GiftField } from '../../../machines/puja-wizard/puja-wizard.gift.ts';
import { selectGiftError, selectIsGift } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { addressFieldLooks } from '../../ui/address-picker/address-field-looks.ts';
import { usePincodeFill } from '../../ui/address-picker/use-pincode-fill.ts';
import { livePincodeLookup } from '../../live/addresses.ts';
import { FieldMessage, type WizardRef } from './wizard-step-parts.tsx';

/* ------------------------------------------------------------------------------------------
 * Gift a puja (docs/product-rules.md, Gift a puja)
 * ---------------------------------------------------------------------------------------- */

export function GiftToggle({ wizard }: { wizard: WizardRef }) {
  const isGift = useSelector(wizard, selectIsGift);
  return (
    <label className="gift-toggle">
      <input
        type="checkbox"
        checked={isGift}
        onChange={(event) => wizard.send({ type: 'gift.toggled', gift: event.target.checked })}
      />
      Gift this puja: send the prasad to someone else, with a message
    </label>
  );
}

/** The card's label; the address fields are labelled as in the address book's form (one table). */
const giftMessageLabel = 'Message on the prasad card (optional)';

/** The recipient's address as typed, shown as every address is (with the mobile and landmark). */
export const giftAddressText = (address: GiftDraft['address']) =>
  formatAddress({
    ...(Object.fromEntries(
      Object.entries(address).map(([key, value]) => [key, value.trim()]),
    ) as GiftDraft['address']),
    country: address.country.trim() || 'India',
  });

/**
 * The recipient's address is the address book's form (src/ui/address-picker): the same fields in
 * the same order, labels, hints and keyboards, and a complete PIN fills in the city and state by
 * the same hook. What is typed lives in the wizard (`gift.changed`), so it survives Back and reload.
 */
export function GiftForm({ wizard }: { wizard: WizardRef }) {
  const titleId = useId();
  const postalCode = useSelector(wizard, (s) => s.context.gift?.address.postalCode ?? '');
  const city = useSelector(wizard, (s) => s.context.gift?.address.city ?? '');
  const state = useSelector(wizard, (s) => s.context.gift?.address.state ?? '');
  const pinNote = usePincodeFill(livePincodeLookup, postalCode, { city, state }, (place) => {
    if (place.city !== city) wizard.send({ type: 'gift.changed', field: 'city', value: place.city });
    if (place.state !== state) wizard.send({ type: 'gift.changed', field: 'state', value: place.state });
  });
  return (
    <fieldset className="person-card gift-form" aria-labelledby={titleId}>
      <legend id={titleId} className="person-card__legend">
        Who receives the prasad
      </legend>
      <p className="booking-step__hint">
        Their names go in the sankalp (the persons you entered); this address is used for this gift only and
        is not added to your address book.
      </p>
      <div className="person-card__grid">
        {GIFT_ADDRESS_FIELDS.map((field) => (
          <GiftInputField
            key={field}
            wizard={wizard}
            field={field}
            note={field === 'postalCode' ? (pinNote ?? addressFieldLooks[field].hint) : undefined}
          />
        ))}
        <GiftInputField wizard={wizard} field="message" />
      </div>
      <RecipientUpdates wizard={wizard} />
    </fieldset>
  );
}

/**
 * The recipient agreed to the puja's updates on WhatsApp (docs/product-rules.md, Messages to
 * customers, Consent): unticked, and open only once their mobile is typed.
 */
function RecipientUpdates({ wizard }: { wizard: WizardRef }) {
  const name = useSelector(wizard, (s) => s.context.gift?.address.recipientName.trim() ?? '');
  const mobile = useSelector(wizard, (s) => s.context.gift?.address.mobile ?? '');
  const agreed = useSelector(wizard, (s) => s.context.gift?.recipientUpdates === true);
  const hasMobile = isIndianMobile(mobile);
  return (
    <label className="gift-toggle">
      <input
        type="checkbox"
        checked={agreed && hasMobile}
        disabled={!hasMobile}
        onChange={(event) =>
          wizard.send({ type: 'gift.recipientUpdatesChanged', agreed: event.target.checked })
        }
      />
      {recipientUpdatesWords(name || 'The recipient')}
    </label>
  );
}

function GiftInputField({
  wizard,
  field,
  note: noteOverride,
}: {
  wizard: WizardRef;
  field: GiftField;
  /** Said under the field instead of its usual hint (the PIN's place). */
  note?: string;
}) {
  const id = useId();
  const value = useSelector(wizard, (s) =>
    field === 'message' ? (s.context.gift?.message ?? '') : (s.context.gift?.address[field] ?? ''),
  );
  const error = useSelector(wizard, selectGiftError(field));
  const look = field === 'message' ? undefined : addressFieldLooks[field];
  const note = noteOverride ?? look?.hint;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error !== undefined && errorId, note && hintId].filter(Boolean).join(' ');
  const common = {
    id,
    name: field,
    value,
    'aria-invalid': error !== undefined,
    'aria-describedby': described || undefined,
    // The card's message is one line of plain text (docs/product-rules.md, Gift a puja): the
    // textarea only wraps it, and Enter becomes a space.
    onChange: (event: { target: { value: string } }) =>
      wizard.send({ type: 'gift.changed', field, value: event.target.value.replace(/\r?\n/g, ' ') }),
  };
  return (
    <div className={`field booking-field booking-field--gift-${field}`}>
      <label htmlFor={id}>{look?.label ?? giftMessageLabel}</label>
      {look === undefined ? (
        <>
          <textarea {...common} className="input" rows={3} maxLength={MAX_GIFT_MESSAGE_LENGTH} />
          <span className="gift-form__count">
            {value.length} / {MAX_GIFT_MESSAGE_LENGTH}
          </span>
        </>
      ) : field === 'state' ? (
        <select {...common} className="select" required autoComplete={look.autoComplete}>
          <option value="">Select state</option>
          <StateOptions />
        </select>
      ) : (
        <input
          {...common}
          className="input"
          required={!look.optional}
          type={look.type ?? 'text'}
          inputMode={look.inputMode}
          maxLength={look.maxLength}
          autoComplete={look.autoComplete}
        />
      )}
      {note && (
        <p id={hintId} className="field__hint" aria-live={field === 'postalCode' ? 'polite' : undefined}>
          {note}
        </p>
      )}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
