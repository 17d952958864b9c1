import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CaptureMethod } from '../../../contract/payments.ts';
import type { paymentMachine } from '../../../machines/payment/payment.machine.ts';
import {
  selectCanRetry,
  selectDetails,
  selectFieldError,
  selectIsBusy,
  selectIsPaying,
  selectPaymentError,
  selectRefusedSubmitCount,
} from '../../../machines/payment/payment.selectors.ts';
import { ErrorBanner } from '../status.tsx';
import './payment-step.css';

export type PaymentRef = ActorRefFrom<typeof paymentMachine>;

const methods: { value: CaptureMethod; label: string; hint: string }[] = [
  { value: 'upi', label: 'UPI', hint: 'Pay from any UPI app.' },
  { value: 'card', label: 'Card', hint: 'Debit or credit card.' },
  { value: 'netbanking', label: 'Net Banking', hint: 'Pay from your bank account.' },
];

/**
 * How the customer pays (UPI first, card, net banking), shared by checkout and the puja wizard.
 * Everything lives in the payment machine; this renders it and sends its events. Payments are
 * simulated in this shop (docs/product-rules.md, Payments), and the line under the options says
 * which test values are declined.
 */
export function PaymentStep({
  payment,
  disabled = false,
  showError = true,
}: {
  payment: PaymentRef;
  disabled?: boolean;
  /** Off where the page shows the payment's error beside its own submit button. */
  showError?: boolean;
}) {
  const details = useSelector(payment, selectDetails);
  const busy = useSelector(payment, selectIsBusy);
  const paying = useSelector(payment, selectIsPaying);
  const error = useSelector(payment, selectPaymentError);
  const canRetry = useSelector(payment, selectCanRetry);
  const upiError = useSelector(payment, selectFieldError('upiId'));
  const cardError = useSelector(payment, selectFieldError('cardNumber'));
  const refusedCount = useSelector(payment, selectRefusedSubmitCount);
  const name = useId();
  const legend = useId();
  const upiId = useId();
  const cardId = useId();
  const upiRef = useRef<HTMLInputElement>(null);
  const cardRef = useRef<HTMLInputElement>(null);

  // A refused submit moves focus to the field in error, so a screen reader hears its message.
  useEffect(() => {
    if (refusedCount === 0) return;
    (details.method === 'card' ? cardRef : upiRef).current?.focus();
    // Only a new refusal moves focus, not typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedCount]);

  const locked = disabled || busy;
  return (
    <div className="payment-step-wrap">
      <fieldset className="payment-step" disabled={locked} aria-labelledby={legend}>
        <div id={legend} className="payment-step__legend">
          Pay with
        </div>
        <div className="payment-options" role="radiogroup" aria-labelledby={legend}>
          {methods.map((option) => (
            <label key={option.value} className="payment-option">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={details.method === option.value}
                onChange={() => payment.send({ type: 'payment.methodChanged', method: option.value })}
              />
              <span className="payment-option__text">
                <span className="payment-option__label">{option.label}</span>
                <span className="payment-option__hint">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {details.method === 'upi' && (
          <div className="payment-step__field">
            <label htmlFor={upiId}>UPI ID</label>
            <input
              ref={upiRef}
              id={upiId}
              className="input"
              inputMode="email"
              autoComplete="off"
              placeholder="name@bank"
              value={details.upiId}
              aria-invalid={upiError ? true : undefined}
              aria-describedby={upiError ? `${upiId}-error` : undefined}
              onChange={(event) => payment.send({ type: 'payment.upiIdChanged', value: event.target.value })}
            />
            {upiError && (
              <p id={`${upiId}-error`} className="payment-step__error">
                {upiError}
              </p>
            )}
          </div>
        )}
        {details.method === 'card' && (
          <div className="payment-step__field">
            <label htmlFor={cardId}>Card number</label>
            <input
              ref={cardRef}
              id={cardId}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              value={details.cardNumber}
              aria-invalid={cardError ? true : undefined}
              aria-describedby={cardError ? `${cardId}-error` : undefined}
              onChange={(event) =>
                payment.send({ type: 'payment.cardNumberChanged', value: event.target.value })
              }
            />
            {cardError && (
              <p id={`${cardId}-error`} className="payment-step__error">
                {cardError}
              </p>
            )}
          </div>
        )}
        <p className="payment-step__note">
          Payments are simulated in this shop: no money moves. The UPI ID failure@upi and the card 4000 0000
          0000 0002 are declined; anything else valid is accepted.
        </p>
      </fieldset>
      <p className="visually-hidden" role="status" aria-live="polite">
        {paying ? 'Processing payment...' : busy ? 'Saving...' : ''}
      </p>
      {showError && error !== undefined && (
        <ErrorBanner
          message={error}
          onRetry={canRetry ? () => payment.send({ type: 'payment.retry' }) : undefined}
        />
      )}
    </div>
  );
}
