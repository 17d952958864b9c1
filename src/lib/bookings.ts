import { parseNumericId } from '../../contract/ids.ts';
import {
  BookingCreateResponse,
  BookingListResponse,
  bookingMessages,
  BookingResponse,
  type Booking,
  type BookingCreatePayload,
  type BookingSummary,
} from '../../contract/booking.ts';
import { ApiError, callApi } from './api.ts';

/**
 * POST /api/bookings (bearer). The Idempotency-Key makes a repeated submit of the same attempt
 * return the first booking instead of a second one. A closed booking window answers 409.
 */
export async function createBooking(
  payload: BookingCreatePayload,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<Booking> {
  const { booking } = await callApi('/api/bookings', {
    method: 'POST',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: BookingCreateResponse,
    bearer: true,
    fallback: bookingMessages.createFailed,
    signal,
  });
  return booking;
}

/** The status the API answers when the puja's booking window has closed (at the server's clock). */
export const BOOKING_CLOSED_STATUS = 409;

/** GET /api/bookings/{id} (bearer): the customer's own booking, else "Booking not found". */
export async function fetchBooking(id: string | number, signal?: AbortSignal): Promise<Booking> {
  const bookingId = parseNumericId(id);
  if (bookingId === undefined) throw new ApiError(bookingMessages.notFound, 404);
  const { booking } = await callApi(`/api/bookings/${bookingId}`, {
    schema: BookingResponse,
    bearer: true,
    fallback: bookingMessages.readFailed,
    signal,
  });
  return booking;
}

/** GET /api/bookings (bearer): the customer's bookings, newest first. */
export async function fetchBookings(signal?: AbortSignal): Promise<BookingSummary[]> {
  const { bookings } = await callApi('/api/bookings', {
    schema: BookingListResponse,
    bearer: true,
    fallback: bookingMessages.listFailed,
    signal,
  });
  return bookings;
}
