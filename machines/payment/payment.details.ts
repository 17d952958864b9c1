import * as v from 'valibot';
import {
  PaymentCaptureRequest,
  paymentMessages,
  type PaymentCapturePayload,
} from '../../contract/payments.ts';
import type { PaymentDetails } from './payment.actors.ts';

export type PaymentField = 'upiId' | 'cardNumber';
export type PaymentFieldErrors = Partial<Record<PaymentField, string>>;

export const EMPTY_PAYMENT_DETAILS: PaymentDetails = { method: 'upi', upiId: '', cardNumber: '' };

/** The capture body for the chosen method (only that method's field is sent). */
export function capturePayloadOf(details: PaymentDetails): PaymentCapturePayload {
  if (details.method === 'upi') return { method: 'upi', upiId: details.upiId.trim() };
  if (details.method === 'card') return { method: 'card', cardNumber: details.cardNumber };
  return { method: 'netbanking' };
}

const fieldOfMessage: Record<string, PaymentField> = {
  [paymentMessages.upiIdRequired]: 'upiId',
  [paymentMessages.upiIdInvalid]: 'upiId',
  [paymentMessages.cardNumberRequired]: 'cardNumber',
  [paymentMessages.cardNumberInvalid]: 'cardNumber',
};

/** The contract's own capture rules, as one message per field (the first problem). */
export function validatePaymentDetails(details: PaymentDetails): PaymentFieldErrors {
  const result = v.safeParse(PaymentCaptureRequest, capturePayloadOf(details));
  if (result.success) return {};
  const errors: PaymentFieldErrors = {};
  for (const issue of result.issues) {
    const field = fieldOfMessage[issue.message] ?? (details.method === 'card' ? 'cardNumber' : 'upiId');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Random lower-case letters and digits; getRandomValues works outside secure contexts too. */
export function randomToken(length = 16): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** A random Idempotency-Key (visible ASCII, as the API asks). */
export const newIdempotencyKey = () => `idk_${Date.now().toString(36)}_${randomToken(20)}`;
