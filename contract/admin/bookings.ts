import * as v from 'valibot';
import { Booking, BookingSummary } from '../booking.ts';
import { BOOKING_STATES } from '../lifecycle.ts';
import { recordResponse } from '../envelope.ts';
import { AdminCustomer, queueListResponse, queueQuery, staffRecordEntries, statesParam } from './queues.ts';

/**
 * The bookings' queue (docs/product-rules.md, Roles and the back office):
 *
 *   GET  /api/admin/bookings?status&from&to&dateOf&q&limit&offset -> AdminBookingListResponse
 *   GET  /api/admin/bookings/{id}                           -> AdminBookingResponse
 *   POST /api/admin/bookings/{id}/events BookingEventRequest -> AdminBookingResponse | 409 {message, code}
 *   GET  /api/admin/bookings.csv?(the list's filters)       -> text/csv
 *
 * Shaped as the orders' queue is (contract/admin/orders.ts).
 */

/** Which date a booking list's from/to filter: when it was booked or when the puja is. */
export const BOOKING_DATE_FIELDS = ['puja', 'booked'] as const;

export const AdminBookingQuery = v.object({
  ...queueQuery,
  status: statesParam(BOOKING_STATES),
  dateOf: v.optional(
    v.picklist(BOOKING_DATE_FIELDS, `dateOf must be one of ${BOOKING_DATE_FIELDS.join(', ')}`),
  ),
});
export type AdminBookingQuery = v.InferOutput<typeof AdminBookingQuery>;

export const AdminBookingSummary = v.object({
  ...BookingSummary.entries,
  pujaPlace: v.string(),
  customer: AdminCustomer,
});
export type AdminBookingSummary = v.InferOutput<typeof AdminBookingSummary>;
export const AdminBookingListResponse = queueListResponse('bookings', AdminBookingSummary, BOOKING_STATES);
export type AdminBookingListResponse = v.InferOutput<typeof AdminBookingListResponse>;

export const AdminBooking = v.object({ ...Booking.entries, ...staffRecordEntries });
export type AdminBooking = v.InferOutput<typeof AdminBooking>;
export const AdminBookingResponse = recordResponse('booking', AdminBooking);
export type AdminBookingResponse = v.InferOutput<typeof AdminBookingResponse>;
