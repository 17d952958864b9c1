import { orderMessages } from '../../contract/orders.ts';

/** What the shop asks a payment provider to collect. Amounts are whole rupees. */
export interface PaymentRequest {
  amount: number;
  currency: 'INR';
  /** Ties the payment to one checkout attempt (its Idempotency-Key). */
  reference: string;
}

export interface PaymentResult {
  /** The provider's id for the payment, sent with the order as `payment_id`. */
  paymentId: string;
}

/**
 * The one seam between checkout and whoever takes the money (DECISIONS.md). A real provider
 * replaces the simulation by implementing this; the checkout machine and the views stay as they
 * are. `pay` rejects when the payment cannot be started or is refused; the rejection's message,
 * if any, is shown, else "Payment initialization failed".
 */
export interface PaymentProvider {
  pay(request: PaymentRequest, signal: AbortSignal): Promise<PaymentResult>;
}

/** SPEC.md section 9: the simulated online payment takes 2 seconds. */
export const SIMULATED_PAYMENT_DELAY_MS = 2000;

/** SPEC.md section 8 fallback. */
export const paymentFailedMessage = orderMessages.paymentFailed;

/** Random lower-case letters and digits; getRandomValues works outside secure contexts too. */
export function randomToken(length = 16): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The payment was cancelled', 'AbortError');
}

/**
 * SPEC.md section 4: "after 2 seconds a simulated payment id is generated locally (no real
 * provider call)". The wait is a plain timer, so tests drive it with fake timers.
 */
export function createSimulatedPaymentProvider({
  delayMs = SIMULATED_PAYMENT_DELAY_MS,
  makeId = () => `pay_sim_${randomToken()}`,
}: { delayMs?: number; makeId?: () => string } = {}): PaymentProvider {
  return {
    pay(request, signal) {
      return new Promise<PaymentResult>((resolve, reject) => {
        if (signal.aborted) return reject(abortError(signal));
        if (!Number.isSafeInteger(request.amount) || request.amount < 0 || request.currency !== 'INR') {
          return reject(new Error(paymentFailedMessage));
        }
        const onAbort = () => {
          clearTimeout(timer);
          reject(abortError(signal));
        };
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve({ paymentId: makeId() });
        }, delayMs);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

/** The only implementation for now. */
export const simulatedPaymentProvider: PaymentProvider = createSimulatedPaymentProvider();
