/**
 * How a customer pays (docs/product-rules.md, Checkout and Bookings), in one place: every method,
 * what each asks of the customer and of the shop, the words each is shown with, and the one
 * pattern of a payment's id. A new method is a row here; the checks, labels and the payment step
 * read it.
 */

export const PAYMENT_METHODS = ['online', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentMethodRules {
  /** What the customer reads at checkout and on the order's page. */
  label: string;
  /** The checkout option's hint. */
  hint: string;
  /** What the back office reads in its lists and exports. */
  staffLabel: string;
  /** Paid before the order is placed, through a captured payment (its id comes with the order). */
  paidUpFront: boolean;
  /** Offered for puja bookings (pujas are paid in full in advance). */
  forBookings: boolean;
}

export const paymentMethods: Record<PaymentMethod, PaymentMethodRules> = {
  online: {
    label: 'Online Payment',
    hint: 'Pay now to confirm your order.',
    staffLabel: 'Online',
    paidUpFront: true,
    forBookings: true,
  },
  cod: {
    label: 'Cash on Delivery',
    hint: 'Pay when your order arrives.',
    staffLabel: 'Cash on delivery',
    paidUpFront: false,
    forBookings: false,
  },
};

/** The methods a puja booking may be paid with: online only (docs/product-rules.md, Bookings). */
export const BOOKING_PAYMENT_METHODS = ['online'] as const satisfies readonly PaymentMethod[];
export type BookingPaymentMethod = (typeof BOOKING_PAYMENT_METHODS)[number];

/** The longest payment id the API takes. */
export const MAX_PAYMENT_ID_LENGTH = 100;
/**
 * A payment's id as the server issues it (POST /api/payments: `pay_` and letters, digits, "_" or
 * "-"): the one pattern for the payment routes, an order's payment_id and a booking's paymentId.
 */
export const PAYMENT_ID = /^pay_[A-Za-z0-9_-]{1,96}$/;
