import type { AdminBookingSummary } from '../../../../contract/admin/bookings.ts';
import { Link } from 'wouter';
import { BOOKING_STATES, bookingStateLabels } from '../../../../contract/lifecycle.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { exportBookings, fetchStaffBookings } from '../../../lib/admin/bookings.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { BookingStatePill } from '../../../ui/status-pill.tsx';
import { ExportButton, ListHead, QueueFilters, StatusTabs, useUrlQuery } from '../parts/list-parts.tsx';
import { Customer, StaffTable, type Cell } from '../shared/staff-table.tsx';

const bookingsMachine = liveListMachine(fetchStaffBookings, exportBookings);

/** The table's columns, each with what a row shows in it. */
const bookingCells: Cell<AdminBookingSummary>[] = [
  {
    column: 'Booking',
    show: (booking) => <Link href={`/admin/bookings/${booking.id}`}>{booking.bookingNumber}</Link>,
  },
  {
    column: 'Puja',
    show: (booking) => (
      <>
        {booking.pujaName}
        <div className="bo-muted">{booking.packageTitle}</div>
      </>
    ),
  },
  { column: 'Puja date', show: (booking) => formatDateTime(booking.pujaDate) },
  { column: 'Customer', show: (booking) => <Customer of={booking.customer} /> },
  { column: { label: 'Persons', num: true }, show: (booking) => booking.personCount },
  { column: { label: 'Amount', num: true }, show: (booking) => formatRupees(booking.amount) },
  { column: 'Status', show: (booking) => <BookingStatePill state={booking.status} /> },
];

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
      <StatusTabs states={BOOKING_STATES} labels={bookingStateLabels} list={list} />
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
      <StaffTable list={list} noun="bookings" rows={data?.bookings} cells={bookingCells} />
    </>
  );
}
