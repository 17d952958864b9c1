import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from '../cart/cart.machine.ts';
import { selectAppliedCoupon, selectItems, selectSummary } from '../cart/cart.selectors.ts';
import type { CheckoutCart, checkoutMachine } from './checkout.machine.ts';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

export const selectCart = (s: Snapshot) => s.context.cart;
export const selectSelectedAddressId = (s: Snapshot) => s.context.selectedAddressId;
export const selectPaymentMethod = (s: Snapshot) => s.context.paymentMethod;
export const selectNotes = (s: Snapshot) => s.context.notes;
export const selectError = (s: Snapshot) => s.context.error?.message;
export const selectIdempotencyKey = (s: Snapshot) => s.context.attempt?.idempotencyKey;
/** The checkout form is shown (also while processing and once the order exists, until the page changes). */
export const selectIsFormVisible = (s: Snapshot) =>
  s.matches('editing') || s.matches('submitting') || s.hasTag('busy') || s.matches('orderPlaced');
/** The empty-cart message shows before the redirect to /cart (and while it happens). */
export const selectIsCartEmptyNotice = (s: Snapshot) =>
  s.matches('redirectingToCart') || s.matches('leftForCart');
export const selectIsRedirectingToLogin = (s: Snapshot) => s.matches('redirectingToLogin');
/** Payment or order creation is running (or the order exists and the page is leaving): fields are locked. */
export const selectIsLocked = (s: Snapshot) => s.hasTag('busy') || s.matches('orderPlaced');
export const selectIsPaying = (s: Snapshot) => s.matches('awaitingPayment');
export const selectIsPlacingOrder = (s: Snapshot) => s.matches('placingOrder');
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'checkout.submit' });

/** The Place Order button's words (SPEC.md: "Processing payment..." and "Placing order..." while busy). */
export function selectSubmitLabel(s: Snapshot): string {
  if (s.matches('awaitingPayment')) return 'Processing payment...';
  if (s.matches('placingOrder') || s.matches('orderPlaced')) return 'Placing order...';
  return 'Place Order';
}

/** What checkout takes from the cart's snapshot: its lines, the applied coupon and the derived summary. */
export function checkoutCartOf(cart: SnapshotFrom<typeof cartMachine>): CheckoutCart {
  return { items: selectItems(cart), couponCode: selectAppliedCoupon(cart), ...selectSummary(cart) };
}
