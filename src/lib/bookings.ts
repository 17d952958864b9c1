import { parseNumericId } from '../../contract/ids.ts';
import {
  BookingListResponse,
  bookingMessages,
  BookingResponse,
  type Booking,
  type BookingSummary,
} from '../../contract/booking.ts';
import { ApiError, callApi } from './api.ts';

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
