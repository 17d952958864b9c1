import type { AdminOrderSummary } from '../../../../contract/admin/orders.ts';
import { Link } from 'wouter';
import { ORDER_STATES, orderStateLabels } from '../../../../contract/lifecycle.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { exportOrders, fetchStaffOrders } from '../../../lib/admin/orders.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { OrderStatePill } from '../../../ui/status-pill.tsx';
import { ExportButton, ListHead, QueueFilters, StatusTabs, useUrlQuery } from '../parts/list-parts.tsx';
import { Customer, StaffTable, type Cell } from '../shared/staff-table.tsx';
import { paymentMethods } from '../../../../contract/payment-methods.ts';

const ordersMachine = liveListMachine(fetchStaffOrders, exportOrders);

/** The table's columns, each with what a row shows in it. */
const orderCells: Cell<AdminOrderSummary>[] = [
  {
    column: 'Order',
    show: (order) => <Link href={`/admin/orders/${order.id}`}>{order.orderNumber}</Link>,
  },
  { column: 'Placed', show: (order) => formatDateTime(order.createdAt) },
  { column: 'Customer', show: (order) => <Customer of={order.customer} /> },
  { column: { label: 'Items', num: true }, show: (order) => order.itemCount },
  { column: { label: 'Total', num: true }, show: (order) => formatRupees(order.total) },
  { column: 'Payment', show: (order) => paymentMethods[order.paymentMethod].staffLabel },
  { column: 'Status', show: (order) => <OrderStatePill state={order.orderStatus} /> },
];

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
      <StatusTabs states={ORDER_STATES} labels={orderStateLabels} list={list} />
      <QueueFilters query={query} searchLabel="Order number, e-mail or phone" onApply={list.filter} />
      <StaffTable list={list} noun="orders" rows={data?.orders} cells={orderCells} />
    </>
  );
}
