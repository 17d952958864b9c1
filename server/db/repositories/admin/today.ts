import type { DayNumbers, TodayResponse } from '../../../../contract/admin/today.ts';
import { LOCK_SOON_HOURS } from '../../../../contract/admin/today.ts';
import type { BookingState, OrderState } from '../../../../contract/lifecycle.ts';
import { LOW_STOCK_LIMIT } from '../../../../contract/catalogue-display.ts';
import { indiaDay, indiaDayStart } from '../../../../contract/india-time.ts';
import type { Db } from '../../client.ts';
import { countFailedMessages } from '../outbox.ts';
import { countOf } from '../../queries.ts';

/** The back office's Today (data access only). Days are India's (Asia/Kolkata). */

/**
 * Orders and bookings that are no longer money in: cancelled or given back. Revenue counts only
 * money received (payment completed): cash on delivery counts once it is delivered and paid.
 */
const LOST_ORDERS: OrderState[] = ['cancelled', 'refundPending', 'refunded'];
export const LOST_BOOKINGS: BookingState[] = ['refundPending', 'refunded'];

/** Where each kind of sale keeps its state and its amount. */
const SALES = {
  orders: { state: 'orderStatus', lost: LOST_ORDERS, amount: 'total' },
  bookings: { state: 'status', lost: LOST_BOOKINGS, amount: 'amount' },
} as const;

/** How many `table` rows were made between two instants, and the money received for them. */
async function salesBetween(db: Db, table: keyof typeof SALES, from: string, to: string) {
  const { state, lost, amount } = SALES[table];
  const sales = await db
    .selectFrom(table)
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('paymentStatus', '=', 'completed'), eb(state, 'not in', lost)]))
            .then(eb.ref(amount))
            .else(0)
            .end(),
        )
        .as('revenue'),
    ])
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .executeTakeFirstOrThrow();
  return { n: Number(sales.n), revenue: Number(sales.revenue ?? 0) };
}

async function numbersBetween(db: Db, from: string, to: string): Promise<DayNumbers> {
  const orders = await salesBetween(db, 'orders', from, to);
  const bookings = await salesBetween(db, 'bookings', from, to);
  return { orders: orders.n, revenue: orders.revenue + bookings.revenue, bookings: bookings.n };
}

const countOrders = async (db: Db, states: OrderState[]) =>
  countOf(db.selectFrom('orders').where('orderStatus', 'in', states));

const countBookings = async (db: Db, states: BookingState[], pujaBefore?: string, pujaAfter?: string) => {
  let query = db.selectFrom('bookings').where('status', 'in', states);
  if (pujaBefore) query = query.where('pujaDate', '<=', pujaBefore);
  if (pujaAfter) query = query.where('pujaDate', '>', pujaAfter);
  return countOf(query);
};

/** Today's and the last 7 days' numbers, and the work waiting in each queue. */
export async function todayNumbers(db: Db, now: Date): Promise<TodayResponse> {
  const date = indiaDay(now);
  const start = indiaDayStart(date);
  const end = indiaDayStart(date, 1);
  const due = await db
    .selectFrom('bookings')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('pujaId').distinct().as('pujas')])
    .where('pujaDate', '>=', start)
    .where('pujaDate', '<', end)
    .where('status', 'not in', [...LOST_BOOKINGS, 'notPerformed'])
    .executeTakeFirstOrThrow();
  const stock = await db
    .selectFrom('product')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('stockQuantity', '<=', 0).then(1).else(0).end()).as('out'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('stockQuantity', '>', 0), eb('stockQuantity', '<=', LOW_STOCK_LIMIT)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('low'),
    ])
    .where('retiredAt', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    date,
    today: await numbersBetween(db, start, end),
    last7Days: await numbersBetween(db, indiaDayStart(date, -6), end),
    pujasToday: Number(due.pujas),
    bookingsToday: Number(due.n),
    lowStock: Number(stock.low ?? 0),
    outOfStock: Number(stock.out ?? 0),
    waiting: {
      ordersToPack: await countOrders(db, ['processing']),
      ordersToShip: await countOrders(db, ['packed']),
      bookingsToLock: await countBookings(
        db,
        ['confirmed'],
        new Date(now.getTime() + LOCK_SOON_HOURS * 3_600_000).toISOString(),
        now.toISOString(),
      ),
      bookingsToPerform: await countBookings(db, ['sankalpLocked']),
      prasadToShip: await countBookings(db, ['performed']),
      damageClaims: await countOrders(db, ['damageClaimed']),
      orderRefundsPending: await countOrders(db, ['refundPending']),
      bookingRefundsPending: await countBookings(db, ['refundPending']),
      failedMessages: await countFailedMessages(db),
    },
  };
}
