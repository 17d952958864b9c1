import { Hono, type Context } from 'hono';
import {
  AdminBookingQuery,
  type AdminBooking,
  type AdminBookingListResponse,
  type AdminBookingResponse,
} from '../../../contract/admin/bookings.ts';
import { latestToday } from '../../../contract/person.ts';
import { BOOKING_STATES } from '../../../contract/lifecycle.ts';
import { bookingEventRequestSchema } from '../../../contract/lifecycle-events.ts';
import { allowedBookingEvents } from '../../../machines/booking-lifecycle/booking-lifecycle.selectors.ts';
import type { AppEnv } from '../../env.ts';
import { listBookingsForStaff } from '../../db/repositories/admin/bookings.ts';
import { idParam } from '../../http.ts';
import { readBookingForStaff, sendBookingEvent } from '../../services/booking-lifecycle.ts';
import { readBody, readQuery } from '../../validate.ts';
import { lifecycleDeps } from '../lifecycle-deps.ts';
import { staffRecordOf, staffSender, withAllCounts } from './staff-steps.ts';

/** The bookings' queue (contract/admin/bookings.ts), shaped as the orders' is (./orders.ts). */

async function staffBooking(c: Context<AppEnv>, bookingId: number): Promise<AdminBooking> {
  const { row, booking, snapshot } = await readBookingForStaff(lifecycleDeps(c), bookingId);
  return { ...booking, ...(await staffRecordOf(c, 'booking', row, allowedBookingEvents(snapshot, 'staff'))) };
}

export const bookingRoutes = new Hono<AppEnv>()
  .get('/api/admin/bookings', async (c) => {
    const body: AdminBookingListResponse = withAllCounts(
      BOOKING_STATES,
      await listBookingsForStaff(c.var.db, readQuery(c, AdminBookingQuery)),
    );
    return c.json(body, 200);
  })
  .get('/api/admin/bookings/:id', async (c) => {
    const body: AdminBookingResponse = { booking: await staffBooking(c, idParam(c)) };
    return c.json(body, 200);
  })
  .post('/api/admin/bookings/:id/events', async (c) => {
    const bookingId = idParam(c);
    const now = c.var.now();
    const event = await readBody(
      c,
      bookingEventRequestSchema({ today: () => latestToday(now), ownOrigin: c.var.auth.publicUrl }),
    );
    await sendBookingEvent(lifecycleDeps(c), { bookingId, ownerId: null, event, sender: staffSender(c) });
    const body: AdminBookingResponse = { booking: await staffBooking(c, bookingId) };
    return c.json(body, 200);
  });
