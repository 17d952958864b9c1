import { bookingMessages } from '../../contract/booking.ts';
import { paymentMachineMessages } from '../payment/payment.machine.ts';

/** The booking wizard's own words (docs/product-rules.md, Bookings); the wizard's chart shows them. */
export const pujaWizardMessages = {
  /** docs/product-rules.md, Bookings: shown under the picker when Next is pressed without an address. */
  addressRequired: bookingMessages.addressRequired,
  /** docs/product-rules.md, Messages and errors: "Payment start failure". */
  paymentFailed: paymentMachineMessages.paymentFailed,
  createFailed: bookingMessages.createFailed,
  /** Shown once the puja's booking window has closed; Pay is refused from then on. */
  closed: `${bookingMessages.closed}.`,
} as const;
