import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  selectAddressError,
  selectAddressId,
  selectIsGift,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { SessionContext } from '../../live/session.tsx';
import { AddressPicker } from '../../live/address-picker.tsx';
import { GiftForm, GiftToggle } from './gift-form.tsx';
import { StepHeading, type HeadingRef, type WizardRef } from './wizard-step-parts.tsx';

/* ------------------------------------------------------------------------------------------
 * Step 2: Address
 * ---------------------------------------------------------------------------------------- */

export function AddressStep({
  wizard,
  headingRef,
  onBack,
}: {
  wizard: WizardRef;
  headingRef: HeadingRef;
  onBack: () => void;
}) {
  // The picker reads this once, when it mounts: coming Back, or after a reload, keeps the choice.
  const addressId = useSelector(wizard, selectAddressId);
  const addressError = useSelector(wizard, selectAddressError);
  const isGift = useSelector(wizard, selectIsGift);
  const ownPhone = SessionContext.useSelector((s) => selectUser(s)?.phone);
  const titleId = useId();
  return (
    <section className="booking-step" aria-labelledby={titleId}>
      <StepHeading headingRef={headingRef} id={titleId}>
        Address
      </StepHeading>
      <p className="booking-step__hint">
        Choose where the blessed prasadam should be sent, or add a new address.
      </p>
      <GiftToggle wizard={wizard} />
      {isGift ? (
        <GiftForm wizard={wizard} />
      ) : (
        <AddressPicker
          mode="select"
          label="Address for the prasadam"
          initialSelectedId={addressId}
          reportTo={wizard}
          ownPhone={ownPhone}
        />
      )}
      {addressError !== undefined && !isGift && (
        <p className="booking-field__error booking-step__message" role="alert">
          {addressError}
        </p>
      )}
      <div className="booking-step__actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => wizard.send({ type: 'wizard.next' })}
        >
          Next
        </button>
      </div>
    </section>
  );
}
