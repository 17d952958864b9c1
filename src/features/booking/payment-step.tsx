import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { Puja } from '../../../contract/catalogue.ts';
import { formatRupees } from '../../../contract/money.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { selectAmountToPay } from '../../../machines/payment/payment.selectors.ts';
import {
  selectAddress,
  selectCanGoBack,
  selectCanPay,
  selectError,
  selectGift,
  selectOfferings,
  selectOfferingsAmount,
  selectPackageName,
  selectPaymentActor,
  selectPaymentFingerprint,
  selectPersons,
  selectPlacesShort,
  selectPrice,
  selectTotal,
} from '../../../machines/puja-wizard/puja-wizard.selectors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PaymentStep as PaymentOptions } from '../../ui/payment-step/payment-step.tsx';
import { ErrorBanner } from '../../ui/status.tsx';
import { giftAddressText } from './gift-form.tsx';
import { OfferingsChoice } from './offerings.tsx';
import { WizardReadBack, WizardWhatsappUpdates } from './read-back.tsx';
import { WaitlistJoin } from './waitlist-join.tsx';
import { PersonNames, StepHeading, type HeadingRef, type WizardRef } from './wizard-step-parts.tsx';

/* ------------------------------------------------------------------------------------------
 * Step 3: Payment
 * ---------------------------------------------------------------------------------------- */

export function PaymentStep({
  wizard,
  puja,
  headingRef,
  onBack,
}: {
  wizard: WizardRef;
  puja: Puja;
  headingRef: HeadingRef;
  onBack: () => void;
}) {
  const persons = useSelector(wizard, selectPersons);
  const address = useSelector(wizard, selectAddress);
  const packageName = useSelector(wizard, selectPackageName);
  const price = useSelector(wizard, selectPrice);
  const error = useSelector(wizard, selectError);
  const canPay = useSelector(wizard, selectCanPay);
  const payment = useSelector(wizard, selectPaymentActor);
  const busy = useSelector(payment, (s) => s?.hasTag('busy') ?? false);
  const paying = useSelector(payment, (s) => s?.hasTag('paying') ?? false);
  const canGoBack = useSelector(wizard, selectCanGoBack) && !busy;
  const gift = useSelector(wizard, selectGift);
  const offerings = useSelector(wizard, selectOfferings);
  const offeringsAmount = useSelector(wizard, selectOfferingsAmount);
  const total = useSelector(wizard, selectTotal);
  // docs/product-rules.md, Payments: once the server has priced this booking, its price is shown.
  const fingerprint = useSelector(wizard, selectPaymentFingerprint);
  const amount = useSelector(payment, selectAmountToPay(fingerprint, total));
  const titleId = useId();
  // docs/product-rules.md, Waitlist: a date without the places chosen offers its waitlist, not a payment.
  const placesShort = useSelector(wizard, selectPlacesShort);
  const full = placesShort !== null;
  return (
    <section className="booking-step" aria-labelledby={titleId}>
      <StepHeading headingRef={headingRef} id={titleId}>
        Payment
      </StepHeading>
      <dl className="booking-summary">
        <div>
          <dt>Puja</dt>
          <dd>{puja.pujaName}</dd>
        </div>
        <div>
          <dt>Puja date</dt>
          <dd>{formatDateTime(puja.pujaDate)}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>{packageName}</dd>
        </div>
        <div>
          <dt>Persons</dt>
          <dd>
            <PersonNames names={persons.map((p) => p.name)} />
          </dd>
        </div>
        <div>
          <dt>{gift ? 'Gift to' : 'Address'}</dt>
          <dd>{gift ? giftAddressText(gift.address) : address ? formatAddress(address) : ''}</dd>
        </div>
        {gift && gift.message.trim() !== '' && (
          <div>
            <dt>Prasad card</dt>
            <dd>“{gift.message.trim()}”</dd>
          </div>
        )}
        <div>
          <dt>Package price</dt>
          <dd>{formatRupees(price)}</dd>
        </div>
        {offeringsAmount > 0 && (
          <div>
            <dt>Offerings</dt>
            <dd>{formatRupees(offeringsAmount)}</dd>
          </div>
        )}
        <div className="booking-summary__total">
          <dt>Amount</dt>
          <dd>{formatRupees(amount)}</dd>
        </div>
      </dl>
      {offerings.length > 0 && <OfferingsChoice wizard={wizard} offerings={offerings} disabled={busy} />}
      <WizardReadBack wizard={wizard} script={puja.script ?? 'devanagari'} disabled={busy} />
      <WizardWhatsappUpdates wizard={wizard} disabled={busy} />
      {!full && payment && <PaymentOptions payment={payment} />}
      {error !== undefined && <ErrorBanner message={error} />}
      {full && <WaitlistJoin wizard={wizard} puja={puja} placesLeft={placesShort} />}
      <div className="booking-step__actions">
        <button type="button" className="button" disabled={!canGoBack} onClick={onBack}>
          Back
        </button>
        {!full && (
          <button
            type="button"
            className="button button--primary booking-step__pay"
            disabled={!canPay || busy}
            aria-busy={busy || undefined}
            onClick={() => wizard.send({ type: 'wizard.pay' })}
          >
            {paying ? 'Processing payment...' : busy ? 'Creating booking...' : `Pay ${formatRupees(amount)}`}
          </button>
        )}
      </div>
    </section>
  );
}
