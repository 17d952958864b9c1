import { Link } from 'wouter';
import { ADMIN_PAGE_DEFAULT } from '../../../../contract/admin/queues.ts';
import { BOOKING_STATES, bookingStateLabels } from '../../../../contract/lifecycle.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { exportBookings, fetchStaffBookings } from '../../../lib/admin/bookings.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { BookingStatePill } from '../../../ui/status-pill.tsx';
import {
  ExportButton,
  ListHead,
  PagedTable,
  QueueFilters,
  StatusTabs,
  useUrlQuery,
} from '../parts/list-parts.tsx';

const bookingsMachine = liveListMachine(fetchStaffBookings, exportBookings);

/** The bookings queue: soonest puja first by default, or by when they were booked. */
export function BookingsQueue() {
  const list = useStaffList(bookingsMachine, useUrlQuery());
  const { query, data } = list;
  return (
    <>
      <ListHead
        title="Bookings"
        sub="Check names before the sankalp locks; record each puja’s proof; send the prasad."
      >
        <Link href="/admin/sankalp" className="button">
          Sankalp sheet
        </Link>
        <ExportButton exporting={list.exporting} error={list.exportError} onExport={list.exportCsv} />
      </ListHead>
      <StatusTabs
        states={BOOKING_STATES}
        labels={bookingStateLabels}
        counts={data?.counts}
        current={query.status ?? ''}
        onChoose={(status) => list.filter({ status })}
      />
      <QueueFilters query={query} searchLabel="Booking number, e-mail or phone" onApply={list.filter}>
        <div className="field">
          <label htmlFor="bo-dateof">Dates are</label>
          <select
            id="bo-dateof"
            className="select"
            value={query.dateOf ?? 'puja'}
            onChange={(e) => list.filter({ dateOf: e.target.value === 'puja' ? '' : e.target.value })}
          >
            <option value="puja">Puja dates</option>
            <option value="booked">Booking dates</option>
          </select>
        </div>
      </QueueFilters>
      <PagedTable
        list={list}
        rows={data?.bookings}
        total={data?.total ?? 0}
        limit={ADMIN_PAGE_DEFAULT}
        caption="Bookings"
        empty="No bookings match this filter."
        columns={[
          'Booking',
          'Puja',
          'Puja date',
          'Customer',
          { label: 'Persons', num: true },
          { label: 'Amount', num: true },
          'Status',
        ]}
        row={(booking) => (
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
              <BookingStatePill state={booking.status} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
