import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type RefObject } from 'react';
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
          <DetailField
            label="UPI ID"
            inputRef={upiRef}
            inputMode="email"
            placeholder="name@bank"
            value={details.upiId}
            error={upiError}
            onChange={(value) => payment.send({ type: 'payment.upiIdChanged', value })}
          />
        )}
        {details.method === 'card' && (
          <DetailField
            label="Card number"
            inputRef={cardRef}
            inputMode="numeric"
            value={details.cardNumber}
            error={cardError}
            onChange={(value) => payment.send({ type: 'payment.cardNumberChanged', value })}
          />
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

/** One labelled payment detail (the UPI ID, the card number) with its error under it. */
function DetailField({
  label,
  inputRef,
  inputMode,
  placeholder,
  value,
  error,
  onChange,
}: {
  label: string;
  inputRef: RefObject<HTMLInputElement | null>;
  inputMode: 'email' | 'numeric';
  placeholder?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="payment-step__field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        inputMode={inputMode}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="payment-step__error">
          {error}
        </p>
      )}
    </div>
  );
}
