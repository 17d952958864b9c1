import { Hono } from 'hono';
import {
  bookingCreateRequestSchema,
  bookingMessages,
  latestToday,
  type BookingCreateResponse,
  type BookingListResponse,
  type BookingResponse,
} from '../../contract/booking.ts';
import type { AppEnv } from '../app.ts';
import { requireAuth } from '../auth/middleware.ts';
import { findBooking, findBookingByKey, listBookings } from '../db/repositories/bookings.ts';
import { idParam, notFound } from '../http.ts';
import { makeBooking, quoteBooking } from '../services/bookings.ts';
import { paidWrite } from '../services/paid-write.ts';
import { bookingRequestHash } from '../services/request-fingerprint.ts';
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
    const { db, user, payments } = c.var;
    const hash = bookingRequestHash(input);

    const result = await paidWrite({
      db,
      gateway: payments,
      userId: user.id,
      now,
      idempotencyKey: key,
      requestHash: hash,
      findByKey: (k) => findBookingByKey(db, user.id, k),
      keyReusedMessage: bookingMessages.idempotencyMismatch,
      payment: { id: input.paymentId, purpose: 'booking' },
      check: (reader) => quoteBooking(reader, user.id, input, now),
      write: (trx, claim) =>
        makeBooking(trx, {
          userId: user.id,
          draft: input,
          claim,
          idempotencyKey: key,
          requestHash: key === null ? null : hash,
          now,
        }),
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
