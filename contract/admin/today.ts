import * as v from 'valibot';

/**
 * The back office's first page (docs/product-rules.md, Roles and the back office): today's and
 * the last 7 days' numbers, and the work waiting in each queue.
 *
 *   GET /api/admin/today -> TodayResponse
 */

export const DayNumbers = v.object({
  orders: v.number(),
  /** Money received for orders and bookings (cash on delivery once delivered), less what was cancelled or refunded (whole rupees). */
  revenue: v.number(),
  bookings: v.number(),
});
export type DayNumbers = v.InferOutput<typeof DayNumbers>;

/** How soon before a puja its confirmed bookings count as "to lock": their details are checked then. */
export const LOCK_SOON_HOURS = 48;

export const TodayResponse = v.object({
  /** The day in India (YYYY-MM-DD) the numbers are for. */
  date: v.string(),
  today: DayNumbers,
  last7Days: DayNumbers,
  /** Pujas with bookings whose date is today (in India), and how many bookings they have. */
  pujasToday: v.number(),
  bookingsToday: v.number(),
  lowStock: v.number(),
  outOfStock: v.number(),
  waiting: v.object({
    ordersToPack: v.number(),
    ordersToShip: v.number(),
    bookingsToLock: v.number(),
    bookingsToPerform: v.number(),
    prasadToShip: v.number(),
    damageClaims: v.number(),
    /** Each queue's own count, so each links to the queue that shows them. */
    orderRefundsPending: v.number(),
    bookingRefundsPending: v.number(),
    /** Customers' messages out of tries (GET /api/admin/messages?status=failed lists them). */
    failedMessages: v.number(),
  }),
});
export type TodayResponse = v.InferOutput<typeof TodayResponse>;
