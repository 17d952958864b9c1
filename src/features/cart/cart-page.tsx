import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { describeVariant, limitReason, lineKey, type CartItem } from '../../../machines/cart/cart.lines.ts';
import { lineTotal } from '../../../machines/cart/cart.pricing.ts';
import {
  selectAppliedCoupon,
  selectCouponError,
  selectIsApplyingCoupon,
  selectIsCheckingCoupon,
  selectIsReconciling,
  selectItemCount,
  selectItems,
  selectNotices,
  selectSummary,
} from '../../../machines/cart/cart.selectors.ts';
import { CartContext } from '../../live/cart.tsx';
import { formatRupees } from '../../../contract/money.ts';
import { FreeDeliveryNote } from '../../ui/free-delivery-note.tsx';
import { CatalogueImage } from '../../ui/product-card.tsx';
import '../../ui/confirm-dialog.css';
import './cart.css';

/** /cart: the lines, the order summary with the coupon, and the way on to checkout. */
export function CartPage() {
  const items = CartContext.useSelector(selectItems);
  const reconciling = CartContext.useSelector(selectIsReconciling);

  return (
    <div className="container page cart-page">
      <h1 className="cart-page__title">Your Shopping Cart</h1>
      <Notices />
      {items.length === 0 ? (
        <div className="empty-state cart-page__empty">
          <p className="cart-page__empty-title">Your cart is empty</p>
          <p>Browse our rudraksha, yantras and sacred gemstones and add what you need.</p>
          <Link href="/products" className="button button--primary">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section className="cart-items" aria-labelledby="cart-items-title">
            <h2 id="cart-items-title" className="visually-hidden">
              Items in your cart
            </h2>
            {reconciling && <p className="cart-page__checking">Checking prices and stock...</p>}
            <ul className="cart-items__list">
              {items.map((item) => (
                <li key={lineKey(item)}>
                  <CartLine item={item} />
                </li>
              ))}
            </ul>
            <div className="cart-items__actions">
              <Link href="/products" className="button">
                Continue Shopping
              </Link>
              <ClearCartButton />
            </div>
          </section>
          <OrderSummary />
        </div>
      )}
    </div>
  );
}

/** What changed since the cart was last seen (prices, stock, a dropped coupon), until dismissed. */
function Notices() {
  const cart = CartContext.useActorRef();
  const notices = CartContext.useSelector(selectNotices);
  if (notices.length === 0) return null;
  return (
    <div className="cart-notices">
      <div role="status" className="cart-notices__text">
        <p className="cart-notices__title">Your cart was updated</p>
        <ul>
          {notices.map((notice, i) => (
            <li key={i}>{notice}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="button button--small"
        aria-label="Dismiss cart updates"
        onClick={() => cart.send({ type: 'cart.noticesDismissed' })}
      >
        Dismiss
      </button>
    </div>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const cart = CartContext.useActorRef();
  const ref = { id: item.id, variant: item.variant };
  const canDecrease = CartContext.useSelector((s) => s.can({ type: 'cart.decrease', ...ref }));
  const canIncrease = CartContext.useSelector((s) => s.can({ type: 'cart.increase', ...ref }));
  const titleId = useId();
  const variant = describeVariant(item.variant);

  return (
    <article className="cart-line" aria-labelledby={titleId}>
      <CatalogueImage className="cart-line__image" path={item.image} alt="" size={[96, 72]} />
      <div className="cart-line__info">
        <h3 className="cart-line__name" id={titleId}>
          <Link href={`/productDetails/${item.id}`}>{item.name}</Link>
        </h3>
        {variant && <p className="cart-line__variant">{variant}</p>}
        <p className="cart-line__unit">
          {formatRupees(item.price)} <span className="cart-line__each">each</span>
        </p>
        {/* docs/product-rules.md, Cart, stock and quantities: why + stops here */}
        {!canIncrease && <p className="cart-line__limit">{limitReason(item)}</p>}
      </div>
      <div className="cart-line__quantity" role="group" aria-label={`Quantity of ${item.name}`}>
        <button
          type="button"
          className="quantity-button"
          aria-label={`Decrease quantity of ${item.name}`}
          disabled={!canDecrease}
          onClick={() => cart.send({ type: 'cart.decrease', ...ref })}
        >
          −
        </button>
        <span className="cart-line__count" aria-live="polite">
          {item.quantity}
        </span>
        <button
          type="button"
          className="quantity-button"
          aria-label={`Increase quantity of ${item.name}`}
          disabled={!canIncrease}
          onClick={() => cart.send({ type: 'cart.increase', ...ref })}
        >
          +
        </button>
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">Line total </span>
        {formatRupees(lineTotal(item))}
      </p>
      <button
        type="button"
        className="button button--small cart-line__remove"
        aria-label={`Remove ${item.name}`}
        onClick={() => cart.send({ type: 'cart.remove', ...ref })}
      >
        Remove
      </button>
    </article>
  );
}

/**
 * Clear Cart asks first (docs/product-rules.md, Cart, stock and quantities): it sits beside
 * Continue Shopping, and one stray tap must not throw a whole cart away.
 */
function ClearCartButton() {
  const cart = CartContext.useActorRef();
  const count = CartContext.useSelector(selectItemCount);
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="button cart-items__clear">
          Clear Cart
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content
          className="confirm-dialog"
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            // The safe choice first: Enter on the opened confirmation keeps the cart.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)
              ?.querySelector<HTMLButtonElement>('[data-autofocus]')
              ?.focus();
          }}
        >
          <Dialog.Title className="confirm-dialog__title">Clear your cart?</Dialog.Title>
          <Dialog.Description className="confirm-dialog__text">
            {count === 1
              ? 'The 1 item in your cart will be removed.'
              : `All ${count} items in your cart will be removed.`}
          </Dialog.Description>
          <div className="confirm-dialog__actions">
            <Dialog.Close asChild>
              <button
                type="button"
                className="button button--danger-solid"
                onClick={() => cart.send({ type: 'cart.clear' })}
              >
                Yes, clear cart
              </button>
            </Dialog.Close>
            <Dialog.Close asChild>
              <button type="button" className="button" data-autofocus>
                Keep my items
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OrderSummary() {
  const cart = CartContext.useActorRef();
  const summary = CartContext.useSelector(selectSummary, shallowEqual);
  const coupon = CartContext.useSelector(selectAppliedCoupon);
  const checking = CartContext.useSelector(selectIsCheckingCoupon);

  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <dl className="order-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(summary.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{summary.shipping === 0 ? 'Free' : formatRupees(summary.shipping)}</dd>
        </div>
        {coupon && (
          <div className="order-summary__discount">
            <dt>
              Discount <span className="order-summary__code">({coupon})</span>
            </dt>
            <dd>-{formatRupees(summary.discount)}</dd>
          </div>
        )}
        <div className="order-summary__total">
          <dt>Total</dt>
          <dd>{formatRupees(summary.total)}</dd>
        </div>
      </dl>
      <FreeDeliveryNote subtotal={summary.subtotal} />
      {coupon ? (
        <div className="coupon-applied">
          <p role="status" className="coupon-applied__message">
            {checking
              ? `Checking coupon ${coupon} for your updated cart...`
              : `Coupon ${coupon} applied: you save ${formatRupees(summary.discount)}.`}
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={() => cart.send({ type: 'coupon.remove' })}
          >
            Remove coupon
          </button>
        </div>
      ) : (
        <CouponForm />
      )}
      <Link href="/checkout" className="button button--primary button--large order-summary__checkout">
        Proceed to Checkout
      </Link>
    </section>
  );
}

/** Coupon entry: Apply is enabled only when the machine accepts the code (not blank, not already checking). */
function CouponForm() {
  const cart = CartContext.useActorRef();
  const [code, setCode] = useState('');
  const canApply = CartContext.useSelector((s) => s.can({ type: 'coupon.apply', code }));
  const applying = CartContext.useSelector(selectIsApplyingCoupon);
  const error = CartContext.useSelector(selectCouponError);
  const inputId = useId();
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    cart.send({ type: 'coupon.apply', code });
  };

  return (
    <form className="coupon-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Coupon code</label>
      <div className="coupon-form__row">
        <input
          id={inputId}
          className="input coupon-form__input"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button" disabled={!canApply}>
          {applying ? 'Applying...' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="coupon-form__error">
          {error}
        </p>
      )}
    </form>
  );
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
