import * as v from 'valibot';
import {
  BookingListResponse,
  bookingMessages,
  BookingResponse,
  type Booking,
  type BookingSummary,
} from '../../contract/booking.ts';
import { ApiError, callApi } from './api.ts';


const BookingId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number));

/** GET /api/bookings/{id} (bearer): the customer's own booking, else "Booking not found". */
export async function fetchBooking(id: string | number, signal?: AbortSignal): Promise<Booking> {
  const parsed = v.safeParse(BookingId, String(id));
  if (!parsed.success) throw new ApiError(bookingMessages.notFound, 404);
  const { booking } = await callApi(`/api/bookings/${parsed.output}`, {
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
