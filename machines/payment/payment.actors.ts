import type { Booking, BookingDraftPayload } from '../../contract/booking.ts';
import type { OrderDraftPayload } from '../../contract/orders.ts';
import type {
  CaptureMethod,
  PaymentCapture,
  PaymentCapturePayload,
  PaymentIntent,
} from '../../contract/payments.ts';
import type { Outcome } from '../../contract/refusal.ts';

/**
 * The types of the payment machine's actors. Their real implementations call the API (src/app
 * supplies them once); tests supply their own. Every actor answers an expected refusal (a
 * declined capture, stock that ran out, a closed booking window, a used payment...) as a typed
 * `Refused` result (contract/refusal.ts) and rejects only for the unexpected (network, 500).
 */

/** What is being paid for: an order (online, or cash on delivery with no payment) or a booking. */
export type PaidRecord =
  | { purpose: 'order'; order: OrderDraftPayload; cashOnDelivery?: boolean; whatsappUpdates?: boolean }
  | { purpose: 'booking'; booking: BookingDraftPayload; whatsappUpdates?: boolean }
  /** A dearer date's difference: the booking moves once it is paid (docs/product-rules.md, Rescheduling). */
  | { purpose: 'dateChange'; dateChange: { bookingId: number; pujaId: number } };

export interface CreateIntentInput {
  record: PaidRecord;
}
export type CreateIntentOutput = Outcome<{ kind: 'intent'; intent: PaymentIntent }>;

export interface CaptureInput {
  paymentId: string;
  details: PaymentCapturePayload;
}
export type CaptureOutput = Outcome<{ kind: 'captured'; capture: PaymentCapture }>;

export interface WriteRecordInput {
  record: PaidRecord;
  /** The captured payment (null for cash on delivery). */
  paymentId: string | null;
  idempotencyKey: string;
  /**
   * Cash on delivery: the total the customer agreed to (docs/product-rules.md, Payments). It has
   * no intent to price it, so the write carries it and the server refuses another total
   * (`price_changed`, with the server's `total`). Absent for an online payment, whose intent was
   * already checked against the amount agreed.
   */
  expectedTotal?: number;
}
/** The record exists: its id, and the booking itself for a booking. */
export type WriteRecordOutput = Outcome<{ kind: 'created'; id: number; booking: Booking | null }>;

/** What the customer pays with: UPI first, as Indian customers expect. */
export interface PaymentDetails {
  method: CaptureMethod;
  upiId: string;
  cardNumber: string;
}
