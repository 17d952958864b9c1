import { Hono } from 'hono';
import {
  bookingCreateRequestSchema,
  latestToday,
  type BookingCreateResponse,
  type BookingListResponse,
  type BookingResponse,
} from '../../contract/booking.ts';
import type { AppEnv } from '../app.ts';
import { requireAuth } from '../auth/middleware.ts';
import { findBooking, listBookings } from '../db/repositories/bookings.ts';
import { idParam, notFound } from '../http.ts';
import { submitBooking } from '../services/bookings.ts';
import { readBody } from '../validate.ts';
import { readIdempotencyKey } from './idempotency-key.ts';

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
    const { db, user } = c.var;
    const result = await submitBooking({
      db,
      gateway: c.var.payments,
      userId: user.id,
      input,
      idempotencyKey: key,
      now,
    });
    const booking = await findBooking(db, user.id, result.id);
    if (!booking) throw new Error(`Booking ${result.id} vanished`);
    const body: BookingCreateResponse = { booking };
    return c.json(body, 201, result.replayed ? { 'Idempotent-Replayed': 'true' } : {});
  })

  .get('/api/bookings', requireAuth, async (c) => {
    const body: BookingListResponse = { bookings: await listBookings(c.var.db, c.var.user.id) };
    return c.json(body, 200);
  })

  .get('/api/bookings/:id', requireAuth, async (c) => {
    const booking = await findBooking(c.var.db, c.var.user.id, idParam(c));
    if (!booking) notFound('Booking');
    const body: BookingResponse = { booking };
    return c.json(body, 200);
  });
