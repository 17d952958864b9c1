import { BookingCreateResponse, BookingEventResponse, bookingMessages } from '../../contract/booking.ts';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { OrderCreateResponse, orderMessages, type OrderCreatePayload } from '../../contract/orders.ts';
import { PaymentCaptureResponse, PaymentIntentResponse, paymentMessages } from '../../contract/payments.ts';
import type {
  CaptureInput,
  CaptureOutput,
  CreateIntentInput,
  CreateIntentOutput,
  WriteRecordInput,
  WriteRecordOutput,
} from '../../machines/payment/payment.actors.ts';
import { callApi, valueOrRefusal } from './api.ts';

/*
 * Each call answers the server's refusal (declined, out of stock, window closed, payment used...)
 * as the payment machine's `Refused` result; anything else (network, 5xx, a 401 that signs out)
 * rejects. The API client's classifier decides which is which (docs/decisions/0069-one-refusal-path.md).
 */

/** POST /api/payments: an intent priced by the server for exactly this record. */
export async function createPaymentIntent(
  { record }: CreateIntentInput,
  signal?: AbortSignal,
): Promise<CreateIntentOutput> {
  const body = record.purpose === 'order' ? { purpose: 'order', order: record.order } : record;
  const result = await valueOrRefusal(
    callApi('/api/payments', {
      method: 'POST',
      body,
      schema: PaymentIntentResponse,
      bearer: true,
      fallback: orderMessages.paymentFailed,
      signal,
    }),
  );
  return result.kind === 'ok' ? { kind: 'intent', intent: result.value.payment } : result;
}

/** POST /api/payments/{id}/capture: the provider takes the money (402 payment_declined if not). */
export async function capturePayment(
  { paymentId, details }: CaptureInput,
  signal?: AbortSignal,
): Promise<CaptureOutput> {
  const result = await valueOrRefusal(
    callApi(`/api/payments/${encodeURIComponent(paymentId)}/capture`, {
      method: 'POST',
      body: details,
      schema: PaymentCaptureResponse,
      bearer: true,
      fallback: paymentMessages.declined,
      signal,
    }),
  );
  return result.kind === 'ok' ? { kind: 'captured', capture: result.value.payment } : result;
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
  if (record.purpose === 'dateChange') {
    // The move itself, with the captured difference (docs/product-rules.md, Rescheduling).
    const { bookingId, pujaId } = record.dateChange;
    const moved = await valueOrRefusal(
      callApi(`/api/bookings/${bookingId}/events`, {
        method: 'POST',
        body: { type: 'booking.changeDate', pujaId, paymentId },
        schema: BookingEventResponse,
        bearer: true,
        fallback: lifecycleMessages.sendFailed,
        signal,
      }),
    );
    return moved.kind === 'ok' ? { kind: 'created', id: bookingId, booking: moved.value.booking } : moved;
  }
  if (record.purpose === 'order') {
    const cash = record.cashOnDelivery === true;
    const body: OrderCreatePayload = {
      ...record.order,
      payment_method: cash ? 'cod' : 'online',
      payment_id: cash ? null : paymentId,
      ...(expectedTotal !== undefined ? { expected_total: expectedTotal } : {}),
      // The ticked "Send me updates on WhatsApp" (docs/product-rules.md, Messages to customers, Consent).
      ...(record.whatsappUpdates ? { whatsappUpdates: true } : {}),
    };
    const result = await valueOrRefusal(
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
    return result.kind === 'ok' ? { kind: 'created', id: result.value.id, booking: null } : result;
  }
  const result = await valueOrRefusal(
    callApi('/api/bookings', {
      method: 'POST',
      body: {
        ...record.booking,
        paymentMethod: 'online',
        paymentId,
        ...(record.whatsappUpdates ? { whatsappUpdates: true } : {}),
      },
      headers,
      schema: BookingCreateResponse,
      bearer: true,
      fallback: bookingMessages.createFailed,
      signal,
    }),
  );
  return result.kind === 'ok'
    ? { kind: 'created', id: result.value.booking.id, booking: result.value.booking }
    : result;
}
