import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DECLINED_CARD_NUMBER, DECLINED_UPI_ID } from '../../contract/payments.ts';
import { loadSecret } from '../secret-file.ts';
import type { CaptureInput, CaptureResult, PaymentGateway, RefundInput } from './gateway.ts';

/** How many refund keys the simulated provider remembers (oldest forgotten first). */
const REMEMBERED_REFUND_KEYS = 100_000;

/**
 * The provider the shop runs with (docs/product-rules.md, Payments): simulated inside the
 * server, no outside call. A capture takes `delayMs` (the provider's 2 s in production, 0 in
 * tests), declines the documented test values (UPI id DECLINED_UPI_ID, card number
 * DECLINED_CARD_NUMBER) and captures everything else, signing it with HMAC-SHA256 over the
 * intent id and the provider payment id under `secret` (PAYMENT_SECRET), as Razorpay signs
 * `order_id|payment_id`. A refund honours its idempotency key: the same key answers the same
 * refund id again (and a key reused for another capture or amount is an error), so a retried
 * refund is never paid twice. The keys live in this process, as the simulated provider does.
 */
export function createSimulatedGateway({
  secret,
  delayMs = 0,
}: {
  secret: string;
  delayMs?: number;
}): PaymentGateway {
  const sign = (intentId: string, providerPaymentId: string) =>
    createHmac('sha256', secret).update(`${intentId}|${providerPaymentId}`).digest('hex');
  const providerId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
  const refunds = new Map<string, { refundId: string; providerPaymentId: string; amount: number }>();

  return {
    createIntent: () => Promise.resolve(),

    async capture(request: CaptureInput): Promise<CaptureResult> {
      if (delayMs > 0) await sleep(delayMs);
      if (request.method === 'upi' && request.upiId?.toLowerCase() === DECLINED_UPI_ID)
        return { kind: 'declined', reason: 'upi_declined' };
      if (request.method === 'card' && request.cardNumber === DECLINED_CARD_NUMBER)
        return { kind: 'declined', reason: 'card_declined' };
      const providerPaymentId = providerId('simpay');
      return { kind: 'captured', providerPaymentId, signature: sign(request.intentId, providerPaymentId) };
    },

    refund({ idempotencyKey, providerPaymentId, amount }: RefundInput) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) {
        if (earlier.providerPaymentId !== providerPaymentId || earlier.amount !== amount)
          return Promise.reject(new Error('Refund idempotency key reused for another refund'));
        return Promise.resolve({ refundId: earlier.refundId });
      }
      const refundId = providerId('simrfnd');
      refunds.set(idempotencyKey, { refundId, providerPaymentId, amount });
      if (refunds.size > REMEMBERED_REFUND_KEYS) refunds.delete(refunds.keys().next().value!);
      return Promise.resolve({ refundId });
    },

    verify({ intentId, providerPaymentId, signature }) {
      const expected = Buffer.from(sign(intentId, providerPaymentId), 'hex');
      const given = Buffer.from(signature, 'hex');
      // Hex decoding drops what is not hex, so compare lengths of the decoded bytes and the text.
      return (
        signature.length === expected.length * 2 &&
        given.length === expected.length &&
        timingSafeEqual(given, expected)
      );
    },
  };
}

/**
 * The simulated provider's signing secret: PAYMENT_SECRET from the environment (at least 32
 * characters; several API processes must share it), otherwise generated once into
 * `<dataDir>/payment-secret` (mode 0600), as the auth secret is.
 */
export function loadPaymentSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return loadSecret({ dataDir, fileName: 'payment-secret', envName: 'PAYMENT_SECRET', env });
}
