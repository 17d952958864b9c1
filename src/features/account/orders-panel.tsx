import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { OrderSummary } from '../../../contract/orders.ts';
import { formatRupees } from '../../../contract/money.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fetchOrders } from '../../lib/orders.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ResourceView } from '../../ui/status.tsx';
import { orderStateTone, StatusPill, paymentStatusTone } from '../../ui/status-pill.tsx';
import { orderStateLabels } from '../../../contract/lifecycle.ts';

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
            <time className="order-row__date" dateTime={order.createdAt}>
              {formatDateTime(order.createdAt)}
            </time>
          </div>
          <dl className="order-row__facts">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusPill tone={orderStateTone[order.orderStatus]}>
                  {orderStateLabels[order.orderStatus]}
                </StatusPill>
              </dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>
                <StatusPill tone={paymentStatusTone(order.paymentStatus)}>{order.paymentStatus}</StatusPill>
              </dd>
            </div>
            <div>
              <dt>Items</dt>
              <dd>{order.itemCount}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd className="order-row__total">{formatRupees(order.total)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
