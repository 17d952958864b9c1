import { Hono, type Context } from 'hono';
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
import { createBooking, findBooking, findBookingByKey, listBookings } from '../db/repositories/bookings.ts';
import { idParam, notFound } from '../http.ts';
import { bookingRequestHash, readIdempotencyKey } from '../orders/idempotency.ts';
import { readBody } from '../validate.ts';

/** The booking as the customer reads it, answered with `status`. */
async function bookingAnswer(
  c: Context<AppEnv>,
  id: number,
  status: 200 | 201,
  headers?: Record<string, string>,
) {
  const booking = await findBooking(c.var.db, c.var.user.id, id);
  if (!booking) throw new Error(`Booking ${id} vanished`);
  const body: BookingCreateResponse = { booking };
  return c.json(body, status, headers);
}

/**
 * A repeat of a keyed request: the same request gets the first booking again (201 {booking},
 * marked with `Idempotent-Replayed: true`); another request under the same key is refused with 422.
 */
function replay(c: Context<AppEnv>, existing: { id: number; requestHash: string | null }, hash: string) {
  if (existing.requestHash !== hash) return c.json({ message: bookingMessages.idempotencyMismatch }, 422);
  return bookingAnswer(c, existing.id, 201, { 'Idempotent-Replayed': 'true' });
}

/**
 * The signed-in customer's puja bookings. The price, the statuses and whether the booking
 * window is open are decided here, at the server's clock (`c.var.now`); what the client sends
 * for them is ignored. Another customer's booking answers 404.
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

    const hash = bookingRequestHash(input);
    if (key !== null) {
      const existing = await findBookingByKey(db, user.id, key);
      if (existing) return replay(c, existing, hash);
    }

    const result = await createBooking(db, {
      userId: user.id,
      pujaId: input.pujaId,
      packageId: input.packageId,
      persons: input.persons,
      addressId: input.addressId,
      paymentMethod: input.paymentMethod,
      paymentId: input.paymentId,
      idempotencyKey: key,
      requestHash: key === null ? null : hash,
      now,
    });
    switch (result.kind) {
      case 'created':
        return bookingAnswer(c, result.id, 201);
      case 'refused':
        return c.json({ message: result.message, code: result.code }, result.status);
      case 'duplicateKey': {
        // A parallel request with the same key committed first: answer as its repeat.
        const existing = key === null ? undefined : await findBookingByKey(db, user.id, key);
        if (!existing) throw new Error('Idempotency-Key conflict without a booking');
        return replay(c, existing, hash);
      }
    }
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
