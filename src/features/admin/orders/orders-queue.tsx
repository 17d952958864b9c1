import { Link } from 'wouter';
import { ADMIN_PAGE_DEFAULT } from '../../../../contract/admin/queues.ts';
import { ORDER_STATES, orderStateLabels } from '../../../../contract/lifecycle.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { exportOrders, fetchStaffOrders } from '../../../lib/admin/orders.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { OrderStatePill } from '../../../ui/status-pill.tsx';
import {
  ExportButton,
  ListHead,
  PagedTable,
  QueueFilters,
  StatusTabs,
  useUrlQuery,
} from '../parts/list-parts.tsx';
import { paymentMethods } from '../../../../contract/payment-methods.ts';

const ordersMachine = liveListMachine(fetchStaffOrders, exportOrders);

/**
 * The orders queue (docs/product-rules.md, Roles and the back office): status tabs with their
 * counts, dates, a search by number, e-mail or phone, newest first, and what the filter shows as CSV.
 */
export function OrdersQueue() {
  const list = useStaffList(ordersMachine, useUrlQuery());
  const { query, data } = list;
  return (
    <>
      <ListHead title="Orders" sub="Pack, ship and deliver; answer damage claims.">
        <ExportButton exporting={list.exporting} error={list.exportError} onExport={list.exportCsv} />
      </ListHead>
      <StatusTabs
        states={ORDER_STATES}
        labels={orderStateLabels}
        counts={data?.counts}
        current={query.status ?? ''}
        onChoose={(status) => list.filter({ status })}
      />
      <QueueFilters query={query} searchLabel="Order number, e-mail or phone" onApply={list.filter} />
      <PagedTable
        list={list}
        rows={data?.orders}
        total={data?.total ?? 0}
        limit={ADMIN_PAGE_DEFAULT}
        caption="Orders"
        empty="No orders match this filter."
        columns={[
          'Order',
          'Placed',
          'Customer',
          { label: 'Items', num: true },
          { label: 'Total', num: true },
          'Payment',
          'Status',
        ]}
        row={(order) => (
          <tr key={order.id}>
            <td>
              <Link href={`/admin/orders/${order.id}`}>{order.orderNumber}</Link>
            </td>
            <td>{formatDateTime(order.createdAt)}</td>
            <td>
              {order.customer.name}
              <div className="bo-muted">{order.customer.email}</div>
            </td>
            <td className="num">{order.itemCount}</td>
            <td className="num">{formatRupees(order.total)}</td>
            <td>{paymentMethods[order.paymentMethod].staffLabel}</td>
            <td>
              <OrderStatePill state={order.orderStatus} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
