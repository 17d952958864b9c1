import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { AdminBookingListResponse } from '../../../contract/admin/bookings.ts';
import { AdminOrderListResponse } from '../../../contract/admin/orders.ts';
import { ADMIN_PAGE_DEFAULT } from '../../../contract/admin/queues.ts';
import {
  BOOKING_STATES,
  bookingStateLabels,
  ORDER_STATES,
  orderStateLabels,
} from '../../../contract/lifecycle.ts';
import { formatRupees } from '../../../contract/money.ts';
import type { ListQuery } from '../../../machines/admin-list/admin-list.machine.ts';
import {
  selectExportError,
  selectIsExporting,
  selectIsListLoading,
  selectListData,
  selectListError,
  selectQuery,
} from '../../../machines/admin-list/admin-list.selectors.ts';
import { liveListMachine } from '../../live/admin.ts';
import { queryString, staffGet } from '../../lib/admin-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { inspectOptions } from '../../lib/inspector.ts';
import { bookingStateTone, orderStateTone, StatusPill } from '../../ui/status-pill.tsx';
import { ListState, Pager, QueueFilters, StatusTabs } from './queue-parts.tsx';

const ordersMachine = liveListMachine(
  (query, signal) => staffGet(`/api/admin/orders${queryString(query)}`, AdminOrderListResponse, signal),
  'orders',
);
const bookingsMachine = liveListMachine(
  (query, signal) => staffGet(`/api/admin/bookings${queryString(query)}`, AdminBookingListResponse, signal),
  'bookings',
);

/** The URL's query as the list's starting filter. */
export function useUrlQuery(): ListQuery {
  return Object.fromEntries(new URLSearchParams(useSearch()));
}

function ExportButton({
  exporting,
  error,
  onExport,
}: {
  exporting: boolean;
  error: string | null;
  onExport: () => void;
}) {
  return (
    <>
      <button type="button" className="button" onClick={onExport} disabled={exporting}>
        {exporting ? 'Exporting...' : 'Export CSV'}
      </button>
      {error && (
        <p role="alert" className="bo-muted">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * The orders queue (docs/product-rules.md, Roles and the back office): status tabs with their
 * counts, dates, a search by number, e-mail or phone, newest first, and what the filter shows as CSV.
 */
export function OrdersQueue() {
  const ref = useActorRef(ordersMachine, { input: { query: useUrlQuery() }, ...inspectOptions() });
  const query = useSelector(ref, selectQuery);
  const data = useSelector(ref, selectListData) as AdminOrderListResponse | null;
  const loading = useSelector(ref, selectIsListLoading);
  const error = useSelector(ref, selectListError);
  const exporting = useSelector(ref, selectIsExporting);
  const exportError = useSelector(ref, selectExportError);
  const filter = (changes: ListQuery) => ref.send({ type: 'list.filter', query: { ...query, ...changes } });
  return (
    <>
      <div className="bo-head">
        <div>
          <h1>Orders</h1>
          <p className="bo-head__sub">Pack, ship and deliver; answer damage claims.</p>
        </div>
        <div className="bo-head__actions">
          <ExportButton
            exporting={exporting}
            error={exportError}
            onExport={() => ref.send({ type: 'list.export' })}
          />
        </div>
      </div>
      <StatusTabs
        states={ORDER_STATES}
        labels={orderStateLabels}
        counts={data?.counts}
        current={query.status ?? ''}
        onChoose={(status) => filter({ status })}
      />
      <QueueFilters query={query} searchLabel="Order number, e-mail or phone" onApply={filter} />
      <ListState loading={loading} error={error} onRetry={() => ref.send({ type: 'list.retry' })}>
        {data && (
          <>
            <div className="bo-table__wrap">
              <table className="bo-table">
                <caption className="visually-hidden">Orders</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Customer</th>
                    <th scope="col" className="num">
                      Items
                    </th>
                    <th scope="col" className="num">
                      Total
                    </th>
                    <th scope="col">Payment</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.orders.map((order) => (
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
                      <td>{order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Online'}</td>
                      <td>
                        <StatusPill tone={orderStateTone[order.orderStatus]}>
                          {orderStateLabels[order.orderStatus]}
                        </StatusPill>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.orders.length === 0 && <p className="bo-empty">No orders match this filter.</p>}
            </div>
            <Pager
              offset={Number(query.offset ?? 0)}
              shown={data.orders.length}
              total={data.total}
              limit={ADMIN_PAGE_DEFAULT}
              onPage={(offset) => ref.send({ type: 'list.page', offset })}
            />
          </>
        )}
      </ListState>
    </>
  );
}

/** The bookings queue: soonest puja first by default, or by when they were booked. */
export function BookingsQueue() {
  const ref = useActorRef(bookingsMachine, { input: { query: useUrlQuery() }, ...inspectOptions() });
  const query = useSelector(ref, selectQuery);
  const data = useSelector(ref, selectListData) as AdminBookingListResponse | null;
  const loading = useSelector(ref, selectIsListLoading);
  const error = useSelector(ref, selectListError);
  const exporting = useSelector(ref, selectIsExporting);
  const exportError = useSelector(ref, selectExportError);
  const filter = (changes: ListQuery) => ref.send({ type: 'list.filter', query: { ...query, ...changes } });
  return (
    <>
      <div className="bo-head">
        <div>
          <h1>Bookings</h1>
          <p className="bo-head__sub">
            Check names before the sankalp locks; record each puja’s proof; send the prasad.
          </p>
        </div>
        <div className="bo-head__actions">
          <Link href="/admin/sankalp" className="button">
            Sankalp sheet
          </Link>
          <ExportButton
            exporting={exporting}
            error={exportError}
            onExport={() => ref.send({ type: 'list.export' })}
          />
        </div>
      </div>
      <StatusTabs
        states={BOOKING_STATES}
        labels={bookingStateLabels}
        counts={data?.counts}
        current={query.status ?? ''}
        onChoose={(status) => filter({ status })}
      />
      <QueueFilters query={query} searchLabel="Booking number, e-mail or phone" onApply={filter}>
        <div className="field">
          <label htmlFor="bo-dateof">Dates are</label>
          <select
            id="bo-dateof"
            className="select"
            value={query.dateOf ?? 'puja'}
            onChange={(e) => filter({ dateOf: e.target.value === 'puja' ? '' : e.target.value })}
          >
            <option value="puja">Puja dates</option>
            <option value="booked">Booking dates</option>
          </select>
        </div>
      </QueueFilters>
      <ListState loading={loading} error={error} onRetry={() => ref.send({ type: 'list.retry' })}>
        {data && (
          <>
            <div className="bo-table__wrap">
              <table className="bo-table">
                <caption className="visually-hidden">Bookings</caption>
                <thead>
                  <tr>
                    <th scope="col">Booking</th>
                    <th scope="col">Puja</th>
                    <th scope="col">Puja date</th>
                    <th scope="col">Customer</th>
                    <th scope="col" className="num">
                      Persons
                    </th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.bookings.map((booking) => (
                    <tr key={booking.id}>
                      <td>
                        <Link href={`/admin/bookings/${booking.id}`}>{booking.bookingNumber}</Link>
                      </td>
                      <td>
                        {booking.pujaName}
                        <div className="bo-muted">{booking.packageTitle}</div>
                      </td>
                      <td>{formatDateTime(booking.pujaDate)}</td>
                      <td>
                        {booking.customer.name}
                        <div className="bo-muted">{booking.customer.email}</div>
                      </td>
                      <td className="num">{booking.personCount}</td>
                      <td className="num">{formatRupees(booking.amount)}</td>
                      <td>
                        <StatusPill tone={bookingStateTone[booking.status]}>
                          {bookingStateLabels[booking.status]}
                        </StatusPill>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.bookings.length === 0 && <p className="bo-empty">No bookings match this filter.</p>}
            </div>
            <Pager
              offset={Number(query.offset ?? 0)}
              shown={data.bookings.length}
              total={data.total}
              limit={ADMIN_PAGE_DEFAULT}
              onPage={(offset) => ref.send({ type: 'list.page', offset })}
            />
          </>
        )}
      </ListState>
    </>
  );
}
