import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { formatRupees } from '../../../contract/money.ts';
import {
  OFFERING_DELIVERY_LABELS,
  type BookedOffering,
  type PujaOffering,
} from '../../../contract/offerings.ts';
import { selectOfferingQuantity } from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import type { WizardRef } from './wizard-step-parts.tsx';

/* ------------------------------------------------------------------------------------------
 * Chadhava offerings (docs/product-rules.md, Chadhava offerings)
 * ---------------------------------------------------------------------------------------- */

export function OfferingsChoice({
  wizard,
  offerings,
  disabled,
}: {
  wizard: WizardRef;
  offerings: readonly PujaOffering[];
  disabled: boolean;
}) {
  const titleId = useId();
  return (
    <section className="offerings" aria-labelledby={titleId}>
      <h3 id={titleId} className="offerings__title">
        Add offerings (chadhava)
      </h3>
      <ul className="offerings__list">
        {offerings.map((offering) => (
          <OfferingRow key={offering.id} wizard={wizard} offering={offering} disabled={disabled} />
        ))}
      </ul>
    </section>
  );
}

function OfferingRow({
  wizard,
  offering,
  disabled,
}: {
  wizard: WizardRef;
  offering: PujaOffering;
  disabled: boolean;
}) {
  const quantity = useSelector(wizard, selectOfferingQuantity(offering.id));
  const set = (next: number) =>
    wizard.send({ type: 'offering.changed', offeringId: offering.id, quantity: next });
  const nameId = useId();
  return (
    <li className="offering">
      <div className="offering__text">
        <span id={nameId} className="offering__name">
          {offering.name}
        </span>
        <span className="offering__price">
          {formatRupees(offering.price)} a {offering.unit} · {OFFERING_DELIVERY_LABELS[offering.delivery]}
        </span>
        <span className="offering__description">{offering.description}</span>
      </div>
      <div className="stepper" role="group" aria-labelledby={nameId}>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One ${offering.unit} less of ${offering.name}`}
          disabled={disabled || quantity === 0}
          onClick={() => set(quantity - 1)}
        >
          −
        </button>
        <output className="stepper__value" aria-live="polite" aria-label={`${offering.name}: ${quantity}`}>
          {quantity}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One ${offering.unit} more of ${offering.name}`}
          disabled={disabled || quantity >= offering.maxQuantity}
          onClick={() => set(quantity + 1)}
        >
          +
        </button>
      </div>
    </li>
  );
}

export function BookedOfferings({ offerings }: { offerings: BookedOffering[] }) {
  return (
    <ul className="booking-summary__persons">
      {offerings.map((o) => (
        <li key={o.offeringId}>
          {o.name} × {o.quantity} ({OFFERING_DELIVERY_LABELS[o.delivery].toLowerCase()}):{' '}
          {formatRupees(o.amount)}
        </li>
      ))}
    </ul>
  );
}
