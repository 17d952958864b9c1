import { useSelector } from '@xstate/react';
import { useId, type MouseEvent } from 'react';
import type { Address } from '../../../contract/address.ts';
import {
  selectAddresses,
  addressLines,
  formatAddress,
  selectCanDelete,
  selectCanEdit,
  selectCanSetDefault,
  selectSelectedId,
} from '../../../machines/address-book/address-book.selectors.ts';
import type { AddressBookRef } from './address-book-ref.ts';

/**
 * Choosing (checkout, booking): native radio buttons in a fieldset named by its legend: arrow
 * keys move between cards, Tab enters at the chosen one. The radio is the choice; the card's
 * buttons sit beside it, never inside it (a radio's content is flattened for assistive
 * technology). Managing (the account): a plain list, since there is nothing to choose.
 */
export function AddressCards({
  actorRef,
  mode,
  label,
  onOpener,
}: {
  actorRef: AddressBookRef;
  mode: 'manage' | 'select';
  label: string;
  onOpener: (event: MouseEvent<HTMLElement>) => void;
}) {
  const addresses = useSelector(actorRef, selectAddresses);
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
