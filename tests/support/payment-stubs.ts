import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PaymentIntent } from '../../contract/payments.ts';
import type { RefusalCode, Refused } from '../../contract/refusal.ts';
import type * as Payment from '../../machines/payment/payment.actors.ts';
import { paymentMachine } from '../../machines/payment/payment.machine.ts';

/** A created intent of `amount` rupees, as POST /api/payments answers. */
export const intentOf = (amount: number): PaymentIntent => ({
  id: 'pay_1',
  amount,
  currency: 'INR',
  status: 'created',
  expiresAt: '',
});

/** The simulated provider's answer to a capture that went through. */
export const captured: Payment.CaptureOutput = {
  kind: 'captured',
  capture: { id: 'pay_1', status: 'captured', method: 'upi', providerPaymentId: 'p', signature: 's' },
};

export interface PaymentAnswers {
  /** What createIntent answers (the intent of the page's amount, unless a test says otherwise). */
  intent: PaymentIntent;
  capture?: (input: Payment.CaptureInput) => Promise<Payment.CaptureOutput>;
  writeRecord: (input: Payment.WriteRecordInput) => Promise<Payment.WriteRecordOutput>;
}

/**
 * The real payment machine with its three API actors stubbed by `vi.fn`s a test can read and
 * change (checkout and the puja wizard invoke it as their `payment` child).
 */
export function stubbedPayment({ intent, capture, writeRecord }: PaymentAnswers) {
  const calls = {
    createIntent: vi.fn<(input: Payment.CreateIntentInput) => Promise<Payment.CreateIntentOutput>>(() =>
      Promise.resolve({ kind: 'intent', intent }),
    ),
    capture: vi.fn<(input: Payment.CaptureInput) => Promise<Payment.CaptureOutput>>(
      capture ?? (() => Promise.resolve(captured)),
    ),
    writeRecord: vi.fn<(input: Payment.WriteRecordInput) => Promise<Payment.WriteRecordOutput>>(writeRecord),
  };
  const payment = paymentMachine.provide({
    actors: {
      createIntent: fromPromise<Payment.CreateIntentOutput, Payment.CreateIntentInput>(({ input }) =>
        calls.createIntent(input),
      ),
      capture: fromPromise<Payment.CaptureOutput, Payment.CaptureInput>(({ input }) => calls.capture(input)),
      writeRecord: fromPromise<Payment.WriteRecordOutput, Payment.WriteRecordInput>(({ input }) =>
        calls.writeRecord(input),
      ),
    },
  });
  return { calls, payment };
}

/**
 * The server's refusal after a capture it then refunded, as the payment machine's writeRecord
 * answers it: the refusal's words and then the refund's, in the customer's rupees.
 */
export const refusedAndRefunded = (
  code: RefusalCode,
  words: string,
  amount: number,
  paymentId = 'pay_model_1',
): Refused => ({
  kind: 'refused',
  code,
  message: `${words} Your payment of ₹${amount.toLocaleString('en-IN')} has been refunded.`,
  refunded: { paymentId, amount },
});
