import { Hono, type Context } from 'hono';
import { AdminBookingQuery, type AdminBooking, type AdminBookingListResponse, type AdminBookingResponse } from '../../contract/admin/bookings.ts';
import { AdminOrderQuery, type AdminOrder, type AdminOrderListResponse, type AdminOrderResponse } from '../../contract/admin/orders.ts';
import { type AdminTimelineEntry } from '../../contract/admin/queues.ts';
import { latestToday } from '../../contract/booking.ts';
import {
  BOOKING_STATES,
  bookingStateLabels,
  ORDER_STATES,
  orderStateLabels,
  timelineLabels,
} from '../../contract/lifecycle.ts';
import { bookingEventRequestSchema, OrderEventRequest } from '../../contract/lifecycle-events.ts';
import { allowedBookingEvents } from '../../machines/booking-lifecycle/booking-lifecycle.selectors.ts';
import { allowedOrderEvents } from '../../machines/order-lifecycle/order-lifecycle.selectors.ts';
import type { AppEnv } from '../env.ts';
import {
  listLifecycleEvents,
  toTimelineEntry,
  type RecordKind,
} from '../db/repositories/lifecycle-events.ts';
import { findCustomer, listBookingsForStaff, listOrdersForStaff } from '../db/repositories/staff-lists.ts';
import { idParam } from '../http.ts';
import { readBookingForStaff, sendBookingEvent } from '../services/booking-lifecycle.ts';
import { readOrderForStaff, sendOrderEvent } from '../services/order-lifecycle.ts';
import { readBody, readQuery } from '../validate.ts';
import { audit } from '../services/audit.ts';
import type { Sender } from '../services/lifecycle.ts';
import { lifecycleDeps } from './lifecycle-deps.ts';

/**
 * The staff API (docs/product-rules.md, Roles and the back office; shapes in contract/admin.ts):
 * every route needs a staff or admin bearer token (401 without one, 403 for a customer). Staff
 * list and read orders and bookings and send lifecycle events; the lifecycle charts decide
 * (409 {message, code} and nothing changed when they refuse), and each step is stored with the
 * staff member who sent it, which is the audit trail of these writes.
 */

/** Every state with its count, 0 where none matched. */
const allCounts = <S extends string>(states: readonly S[], counts: Partial<Record<S, number>>) =>
  Object.fromEntries(states.map((state) => [state, counts[state] ?? 0])) as Record<S, number>;

async function staffTimeline(
  c: Context<AppEnv>,
  kind: RecordKind,
  id: number,
): Promise<AdminTimelineEntry[]> {
  const rows = await listLifecycleEvents(c.var.db, kind, id);
  return rows.map((row) => ({ ...toTimelineEntry(row), actorName: row.actorName }));
}

async function staffOrder(c: Context<AppEnv>, orderId: number): Promise<AdminOrder> {
  const { row, order, snapshot } = await readOrderForStaff(c.var.db, orderId, c.var.now());
  return {
    ...order,
    customer: await findCustomer(c.var.db, row.userId),
    timeline: await staffTimeline(c, 'order', row.id),
    allowedEvents: allowedOrderEvents(snapshot, 'staff'),
  };
}

async function staffBooking(c: Context<AppEnv>, bookingId: number): Promise<AdminBooking> {
  const { row, booking, snapshot } = await readBookingForStaff(lifecycleDeps(c), bookingId);
  return {
    ...booking,
    customer: await findCustomer(c.var.db, row.userId),
    timeline: await staffTimeline(c, 'booking', row.id),
    allowedEvents: allowedBookingEvents(snapshot, 'staff'),
  };
}

/** A state as the back office names it ("Sankalp locked"), the raw name if it has none. */
const stateLabel = (kind: RecordKind, state: string) =>
  ((kind === 'order' ? orderStateLabels : bookingStateLabels) as Record<string, string>)[state] ?? state;

/**
 * A step sent by a staff member: the lifecycle's event row names them, and the audit log keeps
 * it with every other staff write, in the step's own transaction. Its summary reads as the
 * timeline does: "Booking #12: Puja performed (Sankalp locked → Performed)".
 */
const staffSender = (c: Context<AppEnv>): Sender => ({
  by: 'staff',
  userId: c.var.user.id,
  audit: (trx, step) =>
    audit(trx, { id: c.var.user.id }, step.at, {
      action: step.event,
      entity: step.kind,
      entityId: step.recordId,
      summary: `${step.kind === 'order' ? 'Order' : 'Booking'} #${step.recordId}: ${timelineLabels[step.event] ?? step.event} (${stateLabel(step.kind, step.from)} → ${stateLabel(step.kind, step.to)})${step.note ? `: ${step.note}` : ''}`,
      before: { state: step.from },
      after: { state: step.to, ...(step.data ?? {}) },
    }),
});

export const adminRoutes = new Hono<AppEnv>()
  .get('/api/admin/orders', async (c) => {
    const query = readQuery(c, AdminOrderQuery);
    const { orders, total, counts } = await listOrdersForStaff(c.var.db, query);
    const body: AdminOrderListResponse = { orders, total, counts: allCounts(ORDER_STATES, counts) };
    return c.json(body, 200);
  })

  .get('/api/admin/orders/:id', async (c) => {
    const body: AdminOrderResponse = { order: await staffOrder(c, idParam(c)) };
    return c.json(body, 200);
  })

  .post('/api/admin/orders/:id/events', async (c) => {
    const orderId = idParam(c);
    const event = await readBody(c, OrderEventRequest);
    await sendOrderEvent(lifecycleDeps(c), { orderId, ownerId: null, event, sender: staffSender(c) });
    const body: AdminOrderResponse = { order: await staffOrder(c, orderId) };
    return c.json(body, 200);
  })

  .get('/api/admin/bookings', async (c) => {
    const query = readQuery(c, AdminBookingQuery);
    const { bookings, total, counts } = await listBookingsForStaff(c.var.db, query);
    const body: AdminBookingListResponse = { bookings, total, counts: allCounts(BOOKING_STATES, counts) };
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
