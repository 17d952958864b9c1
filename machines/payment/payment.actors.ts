import type { Booking, BookingDraftPayload } from '../../contract/booking.ts';
import type { OrderDraftPayload } from '../../contract/orders.ts';
import type {
  CaptureMethod,
  PaymentCapture,
  PaymentCapturePayload,
  PaymentIntent,
  WriteRefusal,
} from '../../contract/payments.ts';

/**
 * The types of the payment machine's actors. Their real implementations call the API (src/app
 * supplies them once); tests supply their own. Every actor answers an expected refusal (a
 * declined capture, stock that ran out, a closed booking window, a used payment...) as a typed
 * `Refusal` result and rejects only for the unexpected (network, 500).
 */

/** What is being paid for: an order (online, or cash on delivery with no payment) or a booking. */
export type PaidRecord =
  | { purpose: 'order'; order: OrderDraftPayload; cashOnDelivery?: boolean }
  | { purpose: 'booking'; booking: BookingDraftPayload };

/**
 * The server refused, with its message and code; `refunded` when the payment went back; `total`,
 * the server's own total, when a write was refused because it is not the one agreed
 * (`price_changed`).
 */
export interface Refusal {
  kind: 'refused';
  code: string;
  message: string;
  refunded?: NonNullable<WriteRefusal['refunded']>;
  total?: number;
}

export interface CreateIntentInput {
  record: PaidRecord;
}
export type CreateIntentOutput = { kind: 'intent'; intent: PaymentIntent } | Refusal;

export interface CaptureInput {
  paymentId: string;
  details: PaymentCapturePayload;
}
export type CaptureOutput = { kind: 'captured'; capture: PaymentCapture } | Refusal;

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
export type WriteRecordOutput = { kind: 'created'; id: number; booking: Booking | null } | Refusal;

/** What the customer pays with: UPI first, as Indian customers expect. */
export interface PaymentDetails {
  method: CaptureMethod;
  upiId: string;
  cardNumber: string;
}
