import { useActorRef, useSelector } from '@xstate/react';
import { WHATSAPP_CONSENT_WORDS } from '../../../contract/messages.ts';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { PAYMENT_METHODS, paymentMethods, type PaymentMethod } from '../../../contract/payment-methods.ts';
import { describeVariant, lineKey } from '../../../machines/cart/cart.lines.ts';
import { checkoutCartOf } from '../../../machines/checkout/checkout.cart.ts';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine.ts';
import {
  selectCanSubmit,
  selectCart,
  selectError,
  selectIsCartEmptyNotice,
  selectIsOrderPlaced,
  selectIsRedirectingToLogin,
  selectNotes,
  selectWhatsappUpdates,
  selectPaymentActor,
  selectPaymentFingerprint,
  selectPaymentMethod,
  submitLabelOf,
} from '../../../machines/checkout/checkout.selectors.ts';
import { selectAmountToPay } from '../../../machines/payment/payment.selectors.ts';
import {
  selectIsRestoring,
  selectIsSignedIn,
  selectIsUnverified,
  selectUser,
} from '../../../machines/session/session.selectors.ts';
// The root actors are the imports from src/app a feature may make: the session and the cart.
import { CartContext } from '../../live/cart.tsx';
import { SessionCheckFailed, SessionContext } from '../../live/session.tsx';
import { formatRupees } from '../../../contract/money.ts';
import { FreeDeliveryNote } from '../../ui/free-delivery-note.tsx';
import { inspectOptions } from '../../lib/inspector.ts';
import { livePaymentMachine } from '../../live/payment.ts';
import { PaymentStep } from '../../ui/payment-step/payment-step.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { AddressPicker } from '../../live/address-picker.tsx';
import './checkout.css';

type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;

const paymentOptions = PAYMENT_METHODS.map((value: PaymentMethod) => ({ value, ...paymentMethods[value] }));

/**
 * /checkout. It waits until a stored sign-in has been checked, then the checkout machine decides:
 * a visitor goes to /login and back, an empty cart to /cart after a second, anyone else sees
 * the form.
 */
export function CheckoutPage() {
  const restoring = SessionContext.useSelector(selectIsRestoring);
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const user = SessionContext.useSelector(selectUser);
  const unverified = SessionContext.useSelector(selectIsUnverified);
  if (unverified) return <SessionCheckFailed />;
  if (restoring) {
    return (
      <div className="container page">
        <Spinner label="Checking your session..." />
      </div>
    );
  }
  return <Checkout signedIn={signedIn} userId={user?.id ?? null} />;
}

function Checkout({ signedIn, userId }: { signedIn: boolean; userId: number | null }) {
  const cart = CartContext.useActorRef();
  const [, navigate] = useLocation();
  const [machine] = useState(() =>
    checkoutMachine.provide({
      actors: { payment: livePaymentMachine },
      actions: {
        redirectToLogin: () =>
          navigate(`/login?redirect=${encodeURIComponent('/checkout')}`, { replace: true }),
        navigateToCart: () => navigate('/cart', { replace: true }),
        navigateToConfirmation: (_, { orderId }) =>
          navigate(`/order-confirmation/${orderId}`, { replace: true }),
        clearCart: () => cart.send({ type: 'cart.orderPlaced' }),
      },
    }),
  );
  const checkout = useActorRef(machine, {
    input: { signedIn, userId, cart: checkoutCartOf(cart.getSnapshot()), cartActor: cart },
    ...inspectOptions(),
  });

  const redirectingToLogin = useSelector(checkout, selectIsRedirectingToLogin);
  const cartEmpty = useSelector(checkout, selectIsCartEmptyNotice);

  return (
    <div className="container page checkout">
      <h1 className="checkout__title">Checkout</h1>
      {redirectingToLogin ? (
        <Spinner label="Please sign in to continue. Taking you to the login page..." />
      ) : cartEmpty ? (
        <div className="empty-state checkout__empty" role="status">
          <p>Your cart is empty. Taking you to your cart...</p>
        </div>
      ) : (
        <CheckoutForm checkout={checkout} />
      )}
    </div>
  );
}

/** Fields are locked while the payment machine works and once the order exists. */
function useLocked(checkout: CheckoutRef): boolean {
  const payment = useSelector(checkout, selectPaymentActor);
  const busy = useSelector(payment, (s) => s?.hasTag('busy') ?? false);
  const placed = useSelector(checkout, selectIsOrderPlaced);
  return busy || placed;
}

function CheckoutForm({ checkout }: { checkout: CheckoutRef }) {
  const ownPhone = SessionContext.useSelector((s) => selectUser(s)?.phone);
  const locked = useLocked(checkout);
  const addressTitle = useId();
  const paymentTitle = useId();
  const notesTitle = useId();
  return (
    <div className="checkout-layout">
      <div className="checkout-main">
        <section className="checkout-section" aria-labelledby={addressTitle}>
          <h2 id={addressTitle}>Delivery Address</h2>
          {/* A disabled fieldset locks every control of the picker while the order is processed. */}
          <fieldset className="checkout-section__fieldset" disabled={locked}>
            <AddressPicker mode="select" label="Delivery address" reportTo={checkout} ownPhone={ownPhone} />
          </fieldset>
        </section>
        <PaymentSection checkout={checkout} titleId={paymentTitle} />
        <NotesSection checkout={checkout} titleId={notesTitle} />
        <WhatsappUpdatesBox checkout={checkout} />
      </div>
      <OrderSummary checkout={checkout} />
    </div>
  );
}

function PaymentSection({ checkout, titleId }: { checkout: CheckoutRef; titleId: string }) {
  const method = useSelector(checkout, selectPaymentMethod);
  const locked = useLocked(checkout);
  const payment = useSelector(checkout, selectPaymentActor);
  const name = useId();
  return (
    <section className="checkout-section">
      <h2 id={titleId}>Payment Method</h2>
      <fieldset
        className="checkout-section__fieldset payment-options"
        aria-labelledby={titleId}
        disabled={locked}
      >
        {paymentOptions.map((option) => (
          <label key={option.value} className="payment-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={method === option.value}
              onChange={() => checkout.send({ type: 'checkout.paymentMethodChanged', method: option.value })}
            />
            <span className="payment-option__text">
              <span className="payment-option__label">{option.label}</span>
              <span className="payment-option__hint">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {method === 'online' && payment && (
        <PaymentStep payment={payment} disabled={locked} showError={false} />
      )}
    </section>
  );
}

function NotesSection({ checkout, titleId }: { checkout: CheckoutRef; titleId: string }) {
  const notes = useSelector(checkout, selectNotes);
  const locked = useLocked(checkout);
  const fieldId = useId();
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId}>Order Notes</h2>
      <label htmlFor={fieldId} className="checkout-notes__label">
        Notes for your order (optional)
      </label>
      <textarea
        id={fieldId}
        className="textarea checkout-notes"
        rows={3}
        maxLength={500}
        placeholder="Delivery instructions, a landmark, a preferred time..."
        value={notes}
        disabled={locked}
        onChange={(event) => checkout.send({ type: 'checkout.notesChanged', notes: event.target.value })}
      />
    </section>
  );
}

/**
 * The unticked "Send me updates on WhatsApp", to the delivery address's mobile (docs/product-rules.md,
 * Messages to customers, Consent); not offered to a customer who already agreed.
 */
function WhatsappUpdatesBox({ checkout }: { checkout: CheckoutRef }) {
  const agreed = SessionContext.useSelector((s) => selectUser(s)?.whatsappUpdates === true);
  const ticked = useSelector(checkout, selectWhatsappUpdates);
  const locked = useLocked(checkout);
  const hintId = useId();
  if (agreed) return null;
  return (
    <section className="checkout-section">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={ticked}
          disabled={locked}
          aria-describedby={hintId}
          onChange={(e) => checkout.send({ type: 'checkout.whatsappUpdatesChanged', on: e.target.checked })}
        />
        <span>{WHATSAPP_CONSENT_WORDS}</span>
      </label>
      <p id={hintId} className="checkout-notes__label">
        About this order and your others, to the delivery address’s mobile. Switch it off any time in My
        Account, Messages.
      </p>
    </section>
  );
}

function OrderSummary({ checkout }: { checkout: CheckoutRef }) {
  const cart = useSelector(checkout, selectCart);
  const error = useSelector(checkout, selectError);
  const payment = useSelector(checkout, selectPaymentActor);
  const paymentSnapshot = useSelector(payment, (s) => s);
  const paymentError = paymentSnapshot?.context.error?.message;
  const canRetry = paymentSnapshot?.can({ type: 'payment.retry' }) ?? false;
  const placed = useSelector(checkout, selectIsOrderPlaced);
  const busy = useLocked(checkout);
  const canSubmit = useSelector(checkout, selectCanSubmit) && !busy;
  const label = submitLabelOf(paymentSnapshot, placed);
  // docs/product-rules.md, Payments: once the server has priced this order, its price is the total.
  const fingerprint = useSelector(checkout, selectPaymentFingerprint);
  const total = selectAmountToPay(fingerprint, cart.total)(paymentSnapshot);
  const titleId = useId();
  return (
    <section className="checkout-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>Order Summary</h2>
      <ul className="checkout-summary__items" aria-label="Items">
        {cart.items.map((item) => {
          const variant = describeVariant(item.variant);
          return (
            <li key={lineKey(item)} className="checkout-summary__item">
              <span className="checkout-summary__name">
                {item.name}
                {variant && <span className="checkout-summary__variant"> ({variant})</span>}
                <span className="checkout-summary__qty"> × {item.quantity}</span>
              </span>
              <span>{formatRupees(item.price * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="checkout-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(cart.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{cart.shipping === 0 ? 'Free' : formatRupees(cart.shipping)}</dd>
        </div>
        {/* docs/product-rules.md, Shipping and totals: no "Discount ₹0" row without a discount. */}
        {cart.discount > 0 && (
          <div className="checkout-summary__discount">
            <dt>
              Discount
              {cart.couponCode && <span className="checkout-summary__code"> ({cart.couponCode})</span>}
            </dt>
            <dd>-{formatRupees(cart.discount)}</dd>
          </div>
        )}
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd>{formatRupees(total)}</dd>
        </div>
      </dl>
      <FreeDeliveryNote subtotal={cart.subtotal} />
      {(error ?? paymentError) !== undefined && (
        <ErrorBanner
          message={error ?? paymentError ?? ''}
          onRetry={canRetry && payment ? () => payment.send({ type: 'payment.retry' }) : undefined}
        />
      )}
      <button
        type="button"
        className="button button--primary checkout-summary__submit"
        disabled={!canSubmit}
        aria-busy={busy || undefined}
        onClick={() => checkout.send({ type: 'checkout.submit' })}
      >
        {label}
      </button>
    </section>
  );
}
