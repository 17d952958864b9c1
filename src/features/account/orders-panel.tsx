import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { OrderSummary } from '../../../contract/orders.ts';
import { formatRupees } from '../../../contract/money.ts';
import { fetchOrders } from '../../lib/orders.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ResourceView } from '../../ui/status.tsx';
import { Fact, Instant } from '../../ui/fact.tsx';
import { OrderStatePill, paymentStatusTone, StatusPill } from '../../ui/status-pill.tsx';

/** The Orders tab: the customer's orders, newest first, each linking to its page (status, timeline, cancel). */
export function OrdersPanel({ empty }: { empty: ReactNode }) {
  const orders = useResource(fetchOrders);
  return (
    <ResourceView resource={orders} loadingLabel="Loading your orders...">
      {(list) => (list.length === 0 ? empty : <OrderList orders={list} />)}
    </ResourceView>
  );
}

function OrderList({ orders }: { orders: OrderSummary[] }) {
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.id} className="order-row">
          <div className="order-row__main">
            <Link
              href={`/account/orders/${order.id}`}
              className="order-row__number"
              aria-label={`Order ${order.orderNumber}`}
            >
              {order.orderNumber}
            </Link>
            <Instant className="order-row__date" at={order.createdAt} />
          </div>
          <dl className="order-row__facts">
            <Fact term="Status">
              <OrderStatePill state={order.orderStatus} />
            </Fact>
            <Fact term="Payment">
              <StatusPill tone={paymentStatusTone(order.paymentStatus)}>{order.paymentStatus}</StatusPill>
            </Fact>
            <Fact term="Items">{order.itemCount}</Fact>
            <Fact term="Total" className="order-row__total">
              {formatRupees(order.total)}
            </Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}
