import type { AdminOrderQuery } from '../../../../contract/admin/orders.ts';
import { ADMIN_PAGE_DEFAULT } from '../../../../contract/admin/queues.ts';
import type { OrderState } from '../../../../contract/lifecycle.ts';
import { indiaDayStart } from '../../../../contract/india-time.ts';
import type { Db } from '../../client.ts';
import { customerOf, searchConditions } from './queues.ts';

/**
 * The orders' queue (data access only): filtered by state, by a date range (days in India,
 * Asia/Kolkata) and by a search (./queues.ts); paged, with counts per state.
 */

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
