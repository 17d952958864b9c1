import { Hono } from 'hono';
import {
  bookingCreateRequestSchema,
  type BookingCreateResponse,
  type BookingEventResponse,
  type BookingListResponse,
  type BookingResponse,
  BookingDateChangeQuery,
  type BookingDateChangeQuote,
} from '../../contract/booking.ts';
import { latestToday } from '../../contract/person.ts';
import type { AppEnv } from '../env.ts';
import { requireAuth } from '../auth/middleware.ts';
import { bookingEventRequestSchema } from '../../contract/lifecycle-events.ts';
import { findBooking, listBookings } from '../db/repositories/bookings.ts';
import { idParam, notFound } from '../http.ts';
import { bookingCalendar } from '../services/booking-calendar.ts';
import { quoteDateChange, readOwnBooking, sendBookingEvent } from '../services/booking-lifecycle.ts';
import { asCustomer, lifecycleDeps } from './lifecycle-deps.ts';
import { submitBooking } from '../services/bookings.ts';
import { readBody, readQuery } from '../validate.ts';
import { paidSubmitOf, readIdempotencyKey, replayHeaders } from './idempotency-key.ts';

/**
 * The signed-in customer's puja bookings. The price, the statuses and whether the booking
 * window is open are decided by the server, at its clock (`c.var.now`); what the client sends
 * for them is ignored. Every booking is paid by a captured payment (services/paid-write.ts).
 * Another customer's booking answers 404.
 */
export const bookingRoutes = new Hono<AppEnv>()
  .post('/api/bookings', requireAuth, async (c) => {
    const key = readIdempotencyKey(c);
    const now = c.var.now();
    const input = await readBody(
      c,
      bookingCreateRequestSchema(() => latestToday(now)),
    );
    const result = await submitBooking(paidSubmitOf(c, input, key, now));
    const booking = await findBooking(c.var.db, c.var.user.id, result.id);
    if (!booking) throw new Error(`Booking ${result.id} vanished`);
    const body: BookingCreateResponse = { booking };
    return c.json(body, 201, replayHeaders(result));
  })

  .get('/api/bookings', requireAuth, async (c) => {
    const body: BookingListResponse = { bookings: await listBookings(c.var.db, c.var.user.id) };
    return c.json(body, 200);
  })

  // A sankalp lock that is due is taken first, so the customer sees the booking as it is now.
  .get('/api/bookings/:id', requireAuth, async (c) => {
    const booking = await readOwnBooking(lifecycleDeps(c), c.var.user.id, idParam(c));
    const body: BookingResponse = { booking };
    return c.json(body, 200);
  })

  // "Add to calendar" (docs/product-rules.md, The puja in the calendar): the customer's own
  // booking as an .ics file; another customer's answers 404, as an unknown one.
  .get('/api/bookings/:id/calendar.ics', requireAuth, async (c) => {
    const booking = await findBooking(c.var.db, c.var.user.id, idParam(c));
    if (!booking) notFound('Booking');
    const { publicUrl, brand } = c.var.auth;
    const text = bookingCalendar(booking, { publicUrl, brand });
    return c.body(text, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${booking.bookingNumber}.ics"`,
      'cache-control': 'private, no-store',
    });
  })

  // What moving the booking to another date of its puja would be, named before the customer
  // confirms (docs/product-rules.md, Rescheduling): refused 409 as the move itself would be.
  .get('/api/bookings/:id/date-change', requireAuth, async (c) => {
    const bookingId = idParam(c);
    const { pujaId } = readQuery(c, BookingDateChangeQuery);
    const body: BookingDateChangeQuote = await quoteDateChange(lifecycleDeps(c), {
      bookingId,
      pujaId,
      ...asCustomer(c),
    });
    return c.json(body, 200);
  })

  // A step of the booking's life from its customer (cancel, correct the persons, choose a new
  // date or a refund): the booking lifecycle decides (services/booking-lifecycle.ts); a refusal
  // is 409 {message, code}, nothing changed.
  .post('/api/bookings/:id/events', requireAuth, async (c) => {
    const bookingId = idParam(c);
    const now = c.var.now();
    const event = await readBody(
      c,
      bookingEventRequestSchema({ today: () => latestToday(now), ownOrigin: c.var.auth.publicUrl }),
    );
    const booking = await sendBookingEvent(lifecycleDeps(c), { bookingId, event, ...asCustomer(c) });
    const body: BookingEventResponse = { booking };
    return c.json(body, 200);
  });
