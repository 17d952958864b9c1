import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from '../cart/cart.machine.ts';
import type { CartItem } from '../cart/cart.lines.ts';
import { selectAppliedCoupon, selectItems, selectSummary } from '../cart/cart.selectors.ts';

/*
 * What checkout reads from the cart actor (docs/decisions/0006-the-cart-lives-in-the-browser.md):
 * the cart is one root actor; checkout follows it (checkout.machine.ts, `watchCart`) and keeps the
 * last snapshot's lines and money, so the order it pays for is the cart the customer saw.
 */

/** A cart line as checkout needs it (the cart's own line type fits). */
export type CheckoutLine = Pick<CartItem, 'id' | 'name' | 'image' | 'price' | 'quantity' | 'variant'>;

/** What checkout reads from the cart: its lines, its coupon and its derived money summary. */
export interface CheckoutCart {
  items: readonly CheckoutLine[];
  couponCode: string | null | undefined;
  itemCount: number;
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
}

export const EMPTY_CHECKOUT_CART: CheckoutCart = {
  items: [],
  couponCode: undefined,
  itemCount: 0,
  subtotal: 0,
  shipping: 0,
  discount: 0,
  total: 0,
};

/** What checkout takes from the cart's snapshot: its lines, the applied coupon and the derived summary. */
export function checkoutCartOf(cart: SnapshotFrom<typeof cartMachine>): CheckoutCart {
  return { items: selectItems(cart), couponCode: selectAppliedCoupon(cart), ...selectSummary(cart) };
}

const sameLine = (a: CheckoutLine, b: CheckoutLine) =>
  a.id === b.id &&
  a.name === b.name &&
  a.image === b.image &&
  a.price === b.price &&
  a.quantity === b.quantity &&
  (a.variant?.size ?? null) === (b.variant?.size ?? null) &&
  (a.variant?.color ?? null) === (b.variant?.color ?? null);

/** The two carts would place the same order at the same money: checkout has nothing to redo. */
export const sameCart = (a: CheckoutCart, b: CheckoutCart) =>
  a.items.length === b.items.length &&
  a.items.every((line, i) => sameLine(line, b.items[i]!)) &&
  (a.couponCode ?? null) === (b.couponCode ?? null) &&
  a.itemCount === b.itemCount &&
  a.subtotal === b.subtotal &&
  a.shipping === b.shipping &&
  a.discount === b.discount &&
  a.total === b.total;
