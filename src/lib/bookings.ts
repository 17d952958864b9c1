import { parseNumericId } from '../../contract/ids.ts';
import {
  BookingDateChangeQuote,
  BookingListResponse,
  bookingMessages,
  BookingResponse,
  type Booking,
  type BookingSummary,
} from '../../contract/booking.ts';
import type { BookingEventPayload } from '../../contract/lifecycle-events.ts';
import { ApiError, callApi, getOwn } from './api.ts';
import { postOwnEvent } from './own-events.ts';
import { getBearerText } from './download-file.ts';

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
  const { bookings } = await getOwn('/api/bookings', BookingListResponse, bookingMessages.listFailed, signal);
  return bookings;
}

/** POST /api/bookings/{id}/events (bearer): a step of the booking's life; the booking as it is after it. */
export async function sendBookingEvent(
  id: number,
  event: BookingEventPayload,
  signal?: AbortSignal,
): Promise<Booking> {
  const { booking } = await postOwnEvent(`/api/bookings/${id}/events`, event, BookingResponse, signal);
  return booking;
}

/** GET /api/bookings/{id}/calendar.ics (bearer): the booking as an iCalendar file's text. */
export function fetchBookingCalendar(id: number, signal?: AbortSignal): Promise<string> {
  return getBearerText(`/api/bookings/${id}/calendar.ics`, {
    fallback: bookingMessages.calendarFailed,
    signal,
  });
}

/** GET /api/bookings/{id}/date-change?pujaId=N (bearer): what moving the booking to that date would be. */
export function fetchDateChangeQuote(
  bookingId: number,
  pujaId: number,
  signal?: AbortSignal,
): Promise<BookingDateChangeQuote> {
  return getOwn(
    `/api/bookings/${bookingId}/date-change?pujaId=${pujaId}`,
    BookingDateChangeQuote,
    bookingMessages.datesFailed,
    signal,
  );
}
