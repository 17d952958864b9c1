import type { SnapshotFrom } from 'xstate';
import { fingerprintOf, type paymentMachine } from '../payment/payment.machine.ts';
import { paidRecordOf, type checkoutMachine } from './checkout.machine.ts';

type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

export const selectCart = (s: Snapshot) => s.context.cart;
export const selectSelectedAddressId = (s: Snapshot) => s.context.selectedAddressId;
export const selectPaymentMethod = (s: Snapshot) => s.context.paymentMethod;
export const selectNotes = (s: Snapshot) => s.context.notes;
export const selectWhatsappUpdates = (s: Snapshot) => s.context.whatsappUpdates;
export const selectError = (s: Snapshot) => s.context.error?.message;
/** The payment machine running beside the form (undefined once the order exists or outside the form). */
export const selectPaymentActor = (s: Snapshot) => s.children.payment;
/** The checkout form is shown (also once the order exists, until the page changes). */
export const selectIsFormVisible = (s: Snapshot) => s.matches('editing') || s.matches('orderPlaced');
/** The empty-cart message shows before the redirect to /cart (and while it happens). */
export const selectIsCartEmptyNotice = (s: Snapshot) =>
  s.matches('redirectingToCart') || s.matches('leftForCart');
export const selectIsRedirectingToLogin = (s: Snapshot) => s.matches('redirectingToLogin');
export const selectIsOrderPlaced = (s: Snapshot) => s.matches('orderPlaced');
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'checkout.submit' });
/**
 * Names the order Place Order would hand the payment machine, for its `selectAmountToPay`: once
 * the server has priced this very order, the Total shows the server's price (docs/product-rules.md, Payments).
 */
export const selectPaymentFingerprint = (s: Snapshot) => fingerprintOf(paidRecordOf(s.context));

/** The Place Order button's words (docs/product-rules.md, Payments: "Processing payment..." and "Placing order..." while busy). */
export function submitLabelOf(payment: PaymentSnapshot | undefined, orderPlaced: boolean): string {
  if (payment?.hasTag('paying')) return 'Processing payment...';
  if (orderPlaced || payment?.hasTag('writing')) return 'Placing order...';
  return 'Place Order';
}
