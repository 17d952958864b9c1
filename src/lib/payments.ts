import { BookingCreateResponse, bookingMessages } from '../../contract/booking.ts';
import { OrderCreateResponse, orderMessages, type OrderCreatePayload } from '../../contract/orders.ts';
import { PaymentCaptureResponse, PaymentIntentResponse, paymentMessages } from '../../contract/payments.ts';
import type {
  CaptureInput,
  CaptureOutput,
  CreateIntentInput,
  CreateIntentOutput,
  Refusal,
  WriteRecordInput,
  WriteRecordOutput,
} from '../../machines/payment/payment.actors.ts';
import { ApiError, callApi } from './api.ts';

/**
 * An expected refusal: the server answered 4xx with a `code` (declined, out of stock, window
 * closed, payment used...). Anything else (network, 500, a 401 that signs out) stays an error.
 */
async function refusalOr<T>(call: Promise<T>): Promise<T | Refusal> {
  try {
    return await call;
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.code !== undefined &&
      error.status !== undefined &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 401
    ) {
      return {
        kind: 'refused',
        code: error.code,
        message: error.message,
        ...(error.refunded ? { refunded: error.refunded } : {}),
        ...(error.total !== undefined ? { total: error.total } : {}),
      };
    }
    throw error;
  }
}

/** POST /api/payments: an intent priced by the server for exactly this record. */
export async function createPaymentIntent(
  { record }: CreateIntentInput,
  signal?: AbortSignal,
): Promise<CreateIntentOutput> {
  const body = record.purpose === 'order' ? { purpose: 'order', order: record.order } : record;
  const result = await refusalOr(
    callApi('/api/payments', {
      method: 'POST',
      body,
      schema: PaymentIntentResponse,
      bearer: true,
      fallback: orderMessages.paymentFailed,
      signal,
    }),
  );
  return 'kind' in result ? result : { kind: 'intent', intent: result.payment };
}

/** POST /api/payments/{id}/capture: the provider takes the money (402 payment_declined if not). */
export async function capturePayment(
  { paymentId, details }: CaptureInput,
  signal?: AbortSignal,
): Promise<CaptureOutput> {
  const result = await refusalOr(
    callApi(`/api/payments/${encodeURIComponent(paymentId)}/capture`, {
      method: 'POST',
      body: details,
      schema: PaymentCaptureResponse,
      bearer: true,
      fallback: paymentMessages.declined,
      signal,
    }),
  );
  return 'kind' in result ? result : { kind: 'captured', capture: result.payment };
}

/**
 * POST /api/orders or /api/bookings with the captured payment's id (or cash on delivery, with the
 * total the customer agreed to) and the attempt's Idempotency-Key: a repeated submit returns the
 * first record.
 */
export async function writePaidRecord(
  { record, paymentId, idempotencyKey, expectedTotal }: WriteRecordInput,
  signal?: AbortSignal,
): Promise<WriteRecordOutput> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  if (record.purpose === 'order') {
    const cash = record.cashOnDelivery === true;
    const body: OrderCreatePayload = {
      ...record.order,
      payment_method: cash ? 'cod' : 'online',
      payment_id: cash ? null : paymentId,
      ...(expectedTotal !== undefined ? { expected_total: expectedTotal } : {}),
    };
    const result = await refusalOr(
      callApi('/api/orders', {
        method: 'POST',
        body,
        headers,
        schema: OrderCreateResponse,
        bearer: true,
        fallback: orderMessages.createFailed,
        signal,
      }),
    );
    return 'kind' in result ? result : { kind: 'created', id: result.id, booking: null };
  }
  const result = await refusalOr(
    callApi('/api/bookings', {
      method: 'POST',
      body: { ...record.booking, paymentMethod: 'online', paymentId },
      headers,
      schema: BookingCreateResponse,
      bearer: true,
      fallback: bookingMessages.createFailed,
      signal,
    }),
  );
  return 'kind' in result ? result : { kind: 'created', id: result.booking.id, booking: result.booking };
}
