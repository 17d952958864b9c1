import type { CaptureMethod } from '../../contract/payments.ts';

/**
 * The payment provider as the server sees it (docs/decisions/0012-payments-through-a-server-gateway.md).
 * The server prices an intent and keeps its lifecycle; the provider takes the money, signs
 * what it captured and gives it back on a refund. A real provider (Razorpay, Stripe) replaces
 * the simulated one behind this interface without touching routes, services or views.
 */
export interface PaymentGateway {
  /** Registers an intent for `amount` whole rupees with the provider. */
  createIntent(intent: { intentId: string; amount: number; currency: 'INR' }): Promise<void>;
  /** Takes the money: captured with the provider's payment id and its signature, or declined. */
  capture(request: CaptureInput): Promise<CaptureResult>;
  /**
   * Gives `amount` of a captured payment back: all of it, or a part (the difference when a
   * booking moves to a cheaper date, docs/decisions/0077). `idempotencyKey` names this refund (the server derives
   * it from the payment and its capture, refundKeyOf): the provider makes one refund per key, and
   * a call repeated with the same key (a retry after a timeout, a failed commit, a second process)
   * answers that same refund again, never a second one, as Razorpay's and Stripe's
   * Idempotency-Key headers do.
   */
  refund(payment: RefundInput): Promise<{ refundId: string }>;
  /** True only when `signature` is the provider's own for this intent and provider payment id. */
  verify(capture: { intentId: string; providerPaymentId: string; signature: string }): boolean;
}

export interface RefundInput {
  intentId: string;
  providerPaymentId: string;
  amount: number;
  idempotencyKey: string;
}

export interface CaptureInput {
  intentId: string;
  amount: number;
  method: CaptureMethod;
  upiId?: string;
  cardNumber?: string;
}

export type CaptureResult =
  { kind: 'captured'; providerPaymentId: string; signature: string } | { kind: 'declined'; reason: string };
