import * as v from 'valibot';
import { bookingDraftSchema } from './booking.ts';
import { recordResponse } from './envelope.ts';
import { latestToday } from './person.ts';
import { OrderDraft } from './orders.ts';

/**
 * The payment API (docs/product-rules.md, "Payments"): the server prices an intent for exactly
 * the order or booking the customer is about to write, the provider captures it and signs the
 * capture, and the server verifies that signature, the owner, the purpose, the amount and that
 * the payment was never used before it records a paid order or booking.
 *
 *   POST /api/payments               {purpose:'order', order} | {purpose:'booking', booking}
 *                                    -> 201 {payment: PaymentIntent}
 *   POST /api/payments/{id}/capture  PaymentCaptureRequest -> 200 {payment: PaymentCapture}
 *                                    | 402 {message, code:'payment_declined'}
 *   GET  /api/payments/{id}          -> 200 {payment: PaymentRead} (owner only, else 404)
 */

export const PAYMENT_PURPOSES = ['order', 'booking', 'dateChange'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** The ways the payment step offers, UPI first as Indian customers expect. */
export const CAPTURE_METHODS = ['upi', 'card', 'netbanking'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];

/**
 * A payment's life: created -> captured -> used | refunded | expired, and created -> declined
 * (a declined capture may be tried again: declined -> captured), created -> expired.
 */
export const PAYMENT_STATES = ['created', 'captured', 'declined', 'used', 'refunded', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** How long an intent may wait to be captured and used (minutes). */
export const PAYMENT_INTENT_TTL_MINUTES = 30;

/**
 * The simulated provider's test values (documented in docs/product-rules.md): these are
 * declined, everything else well-formed is captured.
 */
export const DECLINED_UPI_ID = 'failure@upi';
export const DECLINED_CARD_NUMBER = '4000000000000002';

export const MAX_UPI_ID_LENGTH = 100;
/** A UPI id (VPA): handle@provider. */
export const UPI_ID = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,64}$/;
/** A card number as typed: 12 to 19 digits, spaces allowed between groups. */
export const CARD_NUMBER = /^\d{12,19}$/;

/** Codes of the refusals the money path can answer (with `message`), for guards to route on. */
export const PAYMENT_CODES = [
  'payment_declined',
  'payment_invalid',
  'payment_not_captured',
  'payment_used',
  'payment_expired',
  'payment_purpose_mismatch',
  'payment_amount_mismatch',
  'payment_refunded',
  /** Capturing an intent that is already captured. */
  'payment_already_captured',
  /** GET or capture of a payment id that is unknown or another customer's. */
  'payment_not_found',
] as const;
export type PaymentCode = (typeof PAYMENT_CODES)[number];

/**
 * The code of a refusal because the server's price is not the one the customer was shown
 * (docs/product-rules.md, Payments): POST /api/orders answers it with 409 and the server's
 * `total` when its `expected_total` differs; the message is `paymentMessages.priceChanged`.
 */
export const PRICE_CHANGED_CODE = 'price_changed';

export const paymentMessages = {
  purposeInvalid: 'purpose must be "order", "booking" or "dateChange"',
  dateChangeRequired:
    'dateChange must be the booking to move and the date to move it to ({bookingId, pujaId})',
  methodInvalid: 'method must be "upi", "card" or "netbanking"',
  upiIdRequired: 'Please enter your UPI ID',
  upiIdInvalid: 'Please enter a valid UPI ID (for example name@bank)',
  cardNumberRequired: 'Please enter your card number',
  cardNumberInvalid: 'Please enter a valid card number',
  declined: 'Your payment was declined. Please try another UPI ID or payment method.',
  invalid: 'This payment was not found. Please pay again.',
  notCaptured: 'This payment has not been completed. Please pay again.',
  used: 'This payment has already been used.',
  expired: 'This payment has expired. Please pay again.',
  purposeMismatch: 'This payment was made for something else. Please pay again.',
  amountMismatch: 'The amount paid does not match the total. Please pay again.',
  /**
   * The server priced the payment differently from the page (docs/product-rules.md, Payments):
   * nothing is taken until the customer pays again at the new amount.
   */
  priceChanged: (now: string, was: string, cash = false) =>
    `The price has changed since you opened this page: the amount is now ${now} (it was ${was}). ` +
    // Cash on delivery takes nothing now: the customer places the order and pays at the door.
    (cash ? 'Check it and place the order, or go back.' : `Check it and pay ${now}, or go back.`),
  /** Appended to a refusal after the captured payment was refunded (docs/product-rules.md). */
  refunded: (amount: string) => `Your payment of ${amount} has been refunded.`,
  notFound: 'Payment not found',
  alreadyCaptured: 'This payment has already been completed.',
  wasRefunded: 'This payment was refunded. Please pay again.',
  idInvalid: 'The payment id is not valid',
  orderRequired: 'order must be the order to pay for (an object)',
  bookingRequired: 'booking must be the booking to pay for (an object)',
} as const;

/**
 * POST /api/payments: what is to be paid for, exactly as it will be written (the create body of
 * POST /api/orders or POST /api/bookings without its payment fields). `today` bounds dates of
 * birth (the server passes its clock's, see latestToday).
 */
export const paymentCreateRequestSchema = (today: () => string) =>
  v.variant(
    'purpose',
    [
      v.object({
        purpose: v.literal('order'),
        order: v.object(OrderDraft.entries, paymentMessages.orderRequired),
      }),
      v.object({
        purpose: v.literal('booking'),
        booking: bookingDraftSchema(today, paymentMessages.bookingRequired),
      }),
      // The difference of moving a booking to a dearer date (docs/product-rules.md, Rescheduling).
      v.object({
        purpose: v.literal('dateChange'),
        dateChange: v.object(
          {
            bookingId: v.pipe(
              v.number(paymentMessages.dateChangeRequired),
              v.integer(paymentMessages.dateChangeRequired),
              v.minValue(1, paymentMessages.dateChangeRequired),
            ),
            pujaId: v.pipe(
              v.number(paymentMessages.dateChangeRequired),
              v.integer(paymentMessages.dateChangeRequired),
              v.minValue(1, paymentMessages.dateChangeRequired),
            ),
          },
          paymentMessages.dateChangeRequired,
        ),
      }),
    ],
    paymentMessages.purposeInvalid,
  );
export const PaymentCreateRequest = paymentCreateRequestSchema(() => latestToday(new Date()));
export type PaymentCreateRequest = v.InferOutput<typeof PaymentCreateRequest>;
export type PaymentCreatePayload = v.InferInput<typeof PaymentCreateRequest>;

/**
 * A refusal's message followed by the note that the payment was refunded, as one sentence pair:
 * "Booking for this puja has closed. Your payment of ₹1,101 has been refunded."
 */
export function withRefundNote(message: string, amount: string): string {
  const sentence = /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
  return `${sentence} ${paymentMessages.refunded(amount)}`;
}

export const PaymentCaptureRequest = v.pipe(
  v.object({
    method: v.picklist(CAPTURE_METHODS, paymentMessages.methodInvalid),
    upiId: v.optional(
      v.pipe(
        v.string(paymentMessages.upiIdInvalid),
        v.trim(),
        v.maxLength(MAX_UPI_ID_LENGTH, paymentMessages.upiIdInvalid),
      ),
    ),
    cardNumber: v.optional(
      v.pipe(
        v.string(paymentMessages.cardNumberInvalid),
        v.transform((value) => value.replace(/\s+/g, '')),
        v.maxLength(19, paymentMessages.cardNumberInvalid),
      ),
    ),
  }),
  v.check(
    (body) => body.method !== 'upi' || (body.upiId !== undefined && body.upiId !== ''),
    paymentMessages.upiIdRequired,
  ),
  v.check((body) => body.method !== 'upi' || UPI_ID.test(body.upiId ?? ''), paymentMessages.upiIdInvalid),
  v.check(
    (body) => body.method !== 'card' || (body.cardNumber !== undefined && body.cardNumber !== ''),
    paymentMessages.cardNumberRequired,
  ),
  v.check(
    (body) => body.method !== 'card' || CARD_NUMBER.test(body.cardNumber ?? ''),
    paymentMessages.cardNumberInvalid,
  ),
);
export type PaymentCaptureRequest = v.InferOutput<typeof PaymentCaptureRequest>;
export type PaymentCapturePayload = v.InferInput<typeof PaymentCaptureRequest>;

/** 201 from POST /api/payments: `amount` is the server's own price, in whole rupees. */
export const PaymentIntent = v.object({
  id: v.string(),
  amount: v.number(),
  currency: v.literal('INR'),
  status: v.literal('created'),
  expiresAt: v.string(),
});
export type PaymentIntent = v.InferOutput<typeof PaymentIntent>;
export const PaymentIntentResponse = recordResponse('payment', PaymentIntent);
export type PaymentIntentResponse = v.InferOutput<typeof PaymentIntentResponse>;

/** 200 from POST /api/payments/{id}/capture. */
export const PaymentCapture = v.object({
  id: v.string(),
  status: v.literal('captured'),
  method: v.picklist(CAPTURE_METHODS),
  providerPaymentId: v.string(),
  signature: v.string(),
});
export type PaymentCapture = v.InferOutput<typeof PaymentCapture>;
export const PaymentCaptureResponse = recordResponse('payment', PaymentCapture);
export type PaymentCaptureResponse = v.InferOutput<typeof PaymentCaptureResponse>;

export const PaymentHistoryEntry = v.object({
  from: v.nullable(v.picklist(PAYMENT_STATES)),
  to: v.picklist(PAYMENT_STATES),
  at: v.string(),
  note: v.nullable(v.string()),
});
export type PaymentHistoryEntry = v.InferOutput<typeof PaymentHistoryEntry>;

/** 200 from GET /api/payments/{id}. */
export const PaymentRead = v.object({
  id: v.string(),
  purpose: v.picklist(PAYMENT_PURPOSES),
  amount: v.number(),
  currency: v.literal('INR'),
  status: v.picklist(PAYMENT_STATES),
  method: v.nullable(v.picklist(CAPTURE_METHODS)),
  providerPaymentId: v.nullable(v.string()),
  expiresAt: v.string(),
  createdAt: v.string(),
  history: v.array(PaymentHistoryEntry),
});
export type PaymentRead = v.InferOutput<typeof PaymentRead>;
export const PaymentReadResponse = recordResponse('payment', PaymentRead);
export type PaymentReadResponse = v.InferOutput<typeof PaymentReadResponse>;

/**
 * The body of a refused write (POST /api/orders, POST /api/bookings, POST /api/payments, the
 * capture): what to tell the customer and a code to route on. When a captured payment could not
 * become the record, the server refunded it at once and says so (`refunded` carries the amount,
 * and `message` ends with paymentMessages.refunded).
 */
export const WriteRefusal = v.object({
  message: v.string(),
  code: v.optional(v.string()),
  refunded: v.optional(v.object({ paymentId: v.string(), amount: v.number() })),
  /** With `price_changed` (PRICE_CHANGED_CODE): the server's total, in whole rupees. */
  total: v.optional(v.number()),
});
export type WriteRefusal = v.InferOutput<typeof WriteRefusal>;
