import { sql, type Expression, type SqlBool } from 'kysely';
import type { AdminBookingQuery } from '../../../contract/admin/bookings.ts';
import type { AdminOrderQuery } from '../../../contract/admin/orders.ts';
import type { AdminCustomer } from '../../../contract/admin/queues.ts';
import { ADMIN_PAGE_DEFAULT } from '../../../contract/admin/queues.ts';
import type { BookingState, OrderState } from '../../../contract/lifecycle.ts';
import { indiaDayStart } from '../../../contract/india-time.ts';
import type { Db } from '../client.ts';

/**
 * The back office's lists of orders and bookings (data access only): filtered by state, by a date
 * range (days in India, Asia/Kolkata), and by a search text matching any part of the record's number, the
 * customer's e-mail, or their phone or the delivery mobile; paged, with counts per state.
 */

/** `pattern` with LIKE's wildcards taken literally (matched with ESCAPE '\'). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchConditions(
  q: string,
  refs: { number: string; email: string; phone: string; mobile: string },
): Expression<SqlBool>[] {
  const text = q.toLowerCase();
  const conditions: Expression<SqlBool>[] = [
    // Any part of the number: staff read "000123" or "20261121-000123" off a parcel or a call.
    sql<SqlBool>`lower(${sql.ref(refs.number)}) like ${`%${literal(text)}%`} escape '\\'`,
    sql<SqlBool>`lower(${sql.ref(refs.email)}) like ${`%${literal(text)}%`} escape '\\'`,
  ];
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 4) {
    const phone = sql`replace(replace(replace(coalesce(${sql.ref(refs.phone)}, ''), ' ', ''), '-', ''), '+', '')`;
    conditions.push(sql<SqlBool>`${phone} like ${`%${digits}%`}`);
    conditions.push(sql<SqlBool>`coalesce(${sql.ref(refs.mobile)}, '') like ${`%${digits}%`}`);
  }
  return conditions;
}

const customerOf = (row: {
  userId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
}): AdminCustomer => ({
  id: row.userId,
  name: row.customerName,
  email: row.customerEmail,
  phone: row.customerPhone,
});

export async function listOrdersForStaff(db: Db, query: AdminOrderQuery) {
  const filtered = (withStatus: boolean) => {
    let q = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.userId');
    if (withStatus && query.status?.length) q = q.where('orders.orderStatus', 'in', query.status);
    if (query.from) q = q.where('orders.createdAt', '>=', indiaDayStart(query.from));
    if (query.to) q = q.where('orders.createdAt', '<', indiaDayStart(query.to, 1));
    if (query.q) {
      const conditions = searchConditions(query.q, {
        number: 'orders.order_number',
        email: 'users.email',
        phone: 'users.phone',
        mobile: 'orders.mobile',
      });
      q = q.where((eb) => eb.or(conditions));
    }
    return q;
  };
  const rows = await filtered(true)
    .select([
      'orders.id',
      'orders.orderNumber',
      'orders.createdAt',
      'orders.orderStatus',
      'orders.paymentStatus',
      'orders.paymentMethod',
      'orders.total',
      'orders.userId',
      'users.name as customerName',
      'users.email as customerEmail',
      'users.phone as customerPhone',
    ])
    .select((eb) =>
      eb
        .selectFrom('orderItems')
        .select((sub) => sub.fn.sum<number>('orderItems.quantity').as('n'))
        .whereRef('orderItems.orderId', '=', 'orders.id')
        .as('itemCount'),
    )
    .orderBy('orders.id', 'desc')
    .limit(query.limit ?? ADMIN_PAGE_DEFAULT)
    .offset(query.offset ?? 0)
    .execute();
  const byState = await filtered(false)
    .select(['orders.orderStatus as state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('orders.orderStatus')
    .execute();
  const counts = Object.fromEntries(byState.map(({ state, n }) => [state, Number(n)])) as Partial<
    Record<OrderState, number>
  >;
  const total = (query.status?.length ? query.status : Object.keys(counts)).reduce(
    (sum, state) => sum + (counts[state as OrderState] ?? 0),
    0,
  );
  return {
    orders: rows.map(({ userId, customerName, customerEmail, customerPhone, itemCount, ...order }) => ({
      ...order,
      itemCount: Number(itemCount ?? 0),
      customer: customerOf({ userId, customerName, customerEmail, customerPhone }),
    })),
    total,
    counts,
  };
}

export async function listBookingsForStaff(db: Db, query: AdminBookingQuery) {
  const dateColumn = query.dateOf === 'booked' ? 'bookings.createdAt' : 'bookings.pujaDate';
  const filtered = (withStatus: boolean) => {
    let q = db.selectFrom('bookings').innerJoin('users', 'users.id', 'bookings.userId');
    if (withStatus && query.status?.length) q = q.where('bookings.status', 'in', query.status);
    if (query.from) q = q.where(dateColumn, '>=', indiaDayStart(query.from));
    if (query.to) q = q.where(dateColumn, '<', indiaDayStart(query.to, 1));
    if (query.q) {
      const conditions = searchConditions(query.q, {
        number: 'bookings.booking_number',
        email: 'users.email',
        phone: 'users.phone',
        mobile: 'bookings.mobile',
      });
      q = q.where((eb) => eb.or(conditions));
    }
    return q;
  };
  const rows = await filtered(true)
    .select([
      'bookings.id',
      'bookings.bookingNumber',
      'bookings.createdAt',
      'bookings.pujaName',
      'bookings.pujaPlace',
      'bookings.packageTitle',
      'bookings.pujaDate',
      'bookings.amount',
      'bookings.status',
      'bookings.userId',
      'bookings.isGift',
      'bookings.recipientName',
      'users.name as customerName',
      'users.email as customerEmail',
      'users.phone as customerPhone',
    ])
    .select((eb) =>
      eb
        .selectFrom('bookingPersons')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('bookingPersons.bookingId', '=', 'bookings.id')
        .as('personCount'),
    )
    // The soonest puja first when listing by puja date; the newest booking first otherwise.
    .$call((q) =>
      query.dateOf === 'booked'
        ? q.orderBy('bookings.id', 'desc')
        : q.orderBy('bookings.pujaDate').orderBy('bookings.id'),
    )
    .limit(query.limit ?? ADMIN_PAGE_DEFAULT)
    .offset(query.offset ?? 0)
    .execute();
  const byState = await filtered(false)
    .select(['bookings.status as state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('bookings.status')
    .execute();
  const counts = Object.fromEntries(byState.map(({ state, n }) => [state, Number(n)])) as Partial<
    Record<BookingState, number>
  >;
  const total = (query.status?.length ? query.status : Object.keys(counts)).reduce(
    (sum, state) => sum + (counts[state as BookingState] ?? 0),
    0,
  );
  return {
    bookings: rows.map(
      ({
        userId,
        customerName,
        customerEmail,
        customerPhone,
        personCount,
        isGift,
        recipientName,
        ...booking
      }) => ({
        ...booking,
        personCount: Number(personCount ?? 0),
        gift: isGift === 1 ? { recipientName } : null,
        customer: customerOf({ userId, customerName, customerEmail, customerPhone }),
      }),
    ),
    total,
    counts,
  };
}

/** The customer of an order or booking, as the back office shows them. */
export async function findCustomer(db: Db, userId: number): Promise<AdminCustomer> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
