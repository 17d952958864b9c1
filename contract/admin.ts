import * as v from 'valibot';
import { Booking, BookingSummary } from './booking.ts';
import { BOOKING_STATES, ORDER_STATES, TimelineEntry } from './lifecycle.ts';
import { OrderRead, OrderSummary } from './orders.ts';

/**
 * The staff API (docs/product-rules.md, Roles and the back office): bearer token of a staff or
 * admin user on every route, else 401 / 403.
 *
 *   GET  /api/admin/orders?status&from&to&q&limit&offset    -> AdminOrderListResponse
 *   GET  /api/admin/orders/{id}                             -> AdminOrderResponse
 *   POST /api/admin/orders/{id}/events   OrderEventRequest  -> AdminOrderResponse | 409 {message, code}
 *   GET  /api/admin/bookings?status&from&to&dateOf&q&limit&offset -> AdminBookingListResponse
 *   GET  /api/admin/bookings/{id}                           -> AdminBookingResponse
 *   POST /api/admin/bookings/{id}/events BookingEventRequest -> AdminBookingResponse | 409 {message, code}
 *
 * A list answers one page, the total of the filtered list and how many records of each state
 * the other filters match (the back office's status tabs). A record answers with its customer,
 * its timeline (with who sent each step) and the events its lifecycle accepts from staff now.
 */

export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 50;
export const MAX_ADMIN_SEARCH = 100;

/** Which date a booking list's from/to filter: when it was booked or when the puja is. */
export const BOOKING_DATE_FIELDS = ['puja', 'booked'] as const;
export type BookingDateField = (typeof BOOKING_DATE_FIELDS)[number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(ISO_DAY, `${name} must be a date (YYYY-MM-DD)`),
      v.check((value) => !Number.isNaN(Date.parse(value)), `${name} must be a real date`),
    ),
  );
const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, message),
      v.transform(Number),
      v.minValue(min),
      v.maxValue(max, message),
    ),
  );
};
/** One state or several, comma-separated: `status=processing,packed`. */
const states = <const T extends readonly string[]>(all: T) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      v.check(
        (list) => list.every((s) => (all as readonly string[]).includes(s)),
        `status must be one or more of ${all.join(', ')}`,
      ),
      v.transform((list) => list as unknown as T[number][]),
    ),
  );

const common = {
  from: day('from'),
  to: day('to'),
  /** An order or booking number (or its start), or the customer's e-mail or phone (or part of it). */
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(MAX_ADMIN_SEARCH, `q must be at most ${MAX_ADMIN_SEARCH} characters`),
    ),
  ),
  limit: wholeNumber('limit', 1, ADMIN_PAGE_MAX),
  offset: wholeNumber('offset', 0, 1_000_000_000),
};

export const AdminOrderQuery = v.object({ ...common, status: states(ORDER_STATES) });
export type AdminOrderQuery = v.InferOutput<typeof AdminOrderQuery>;

export const AdminBookingQuery = v.object({
  ...common,
  status: states(BOOKING_STATES),
  dateOf: v.optional(
    v.picklist(BOOKING_DATE_FIELDS, `dateOf must be one of ${BOOKING_DATE_FIELDS.join(', ')}`),
  ),
});
export type AdminBookingQuery = v.InferOutput<typeof AdminBookingQuery>;

export const AdminCustomer = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
});
export type AdminCustomer = v.InferOutput<typeof AdminCustomer>;

/** A step of the timeline with the name of the customer or staff member who took it. */
export const AdminTimelineEntry = v.object({ ...TimelineEntry.entries, actorName: v.nullable(v.string()) });
export type AdminTimelineEntry = v.InferOutput<typeof AdminTimelineEntry>;

export const AdminOrderSummary = v.object({ ...OrderSummary.entries, customer: AdminCustomer });
export type AdminOrderSummary = v.InferOutput<typeof AdminOrderSummary>;
export const AdminOrderListResponse = v.object({
  orders: v.array(AdminOrderSummary),
  total: v.number(),
  counts: v.record(v.picklist(ORDER_STATES), v.number()),
});
export type AdminOrderListResponse = v.InferOutput<typeof AdminOrderListResponse>;

export const AdminOrder = v.object({
  ...OrderRead.entries,
  customer: AdminCustomer,
  timeline: v.array(AdminTimelineEntry),
  /** The event types the order lifecycle accepts from staff now (with suitable data). */
  allowedEvents: v.array(v.string()),
});
export type AdminOrder = v.InferOutput<typeof AdminOrder>;
export const AdminOrderResponse = v.object({ order: AdminOrder });
export type AdminOrderResponse = v.InferOutput<typeof AdminOrderResponse>;

export const AdminBookingSummary = v.object({
  ...BookingSummary.entries,
  pujaPlace: v.string(),
  customer: AdminCustomer,
});
export type AdminBookingSummary = v.InferOutput<typeof AdminBookingSummary>;
export const AdminBookingListResponse = v.object({
  bookings: v.array(AdminBookingSummary),
  total: v.number(),
  counts: v.record(v.picklist(BOOKING_STATES), v.number()),
});
export type AdminBookingListResponse = v.InferOutput<typeof AdminBookingListResponse>;

export const AdminBooking = v.object({
  ...Booking.entries,
  customer: AdminCustomer,
  timeline: v.array(AdminTimelineEntry),
  /** The event types the booking lifecycle accepts from staff now (with suitable data). */
  allowedEvents: v.array(v.string()),
});
export type AdminBooking = v.InferOutput<typeof AdminBooking>;
export const AdminBookingResponse = v.object({ booking: AdminBooking });
export type AdminBookingResponse = v.InferOutput<typeof AdminBookingResponse>;
