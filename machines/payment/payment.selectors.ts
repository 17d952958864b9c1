import type { SnapshotFrom } from 'xstate';
import type { PaymentField } from './payment.details.ts';
import { amountShownFor, type paymentMachine } from './payment.machine.ts';

type Snapshot = SnapshotFrom<typeof paymentMachine>;

export const selectDetails = (s: Snapshot) => s.context.details;
export const selectMethod = (s: Snapshot) => s.context.details.method;
/** A field's message once a submit was refused for it. */
export const selectFieldError = (field: PaymentField) => (s: Snapshot) =>
  s.context.showFieldErrors ? s.context.fieldErrors[field] : undefined;
export const selectRefusedSubmitCount = (s: Snapshot) => s.context.refusedSubmitCount;
export const selectPaymentError = (s: Snapshot) => s.context.error?.message;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
/** The provider is taking the money (about 2 s): "Processing payment...". */
export const selectIsPaying = (s: Snapshot) => s.hasTag('paying');
export const selectIsWriting = (s: Snapshot) => s.hasTag('writing');
export const selectHasFailed = (s: Snapshot) => s.matches('failed');
export const selectIdempotencyKey = (s: Snapshot) => s.context.attempt?.idempotencyKey;
export const selectCanRetry = (s: Snapshot) => s.can({ type: 'payment.retry' });

/**
 * The amount to show on the Pay (Place Order) button and in the total for the record with
 * `fingerprint` (`fingerprintOf`): the page's own total until the server has priced that very
 * record, then the server's price, which is what a submit then agrees to pay.
 */
export const selectAmountToPay = (fingerprint: string, pageTotal: number) => (s: Snapshot | undefined) =>
  s ? amountShownFor(s.context, fingerprint, pageTotal) : pageTotal;
/** The server's price differs from the one shown: nothing was taken, the customer is asked again. */
export const selectIsPriceChanged = (s: Snapshot) => s.matches('priceChanged');
