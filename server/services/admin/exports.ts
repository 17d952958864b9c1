import type { AdminBookingQuery } from '../../../contract/admin/bookings.ts';
import type { AdminOrderQuery } from '../../../contract/admin/orders.ts';
import { bookingStateLabels, orderStateLabels } from '../../../contract/lifecycle.ts';
import type { Db } from '../../db/client.ts';
import { listBookingsForStaff } from '../../db/repositories/admin/bookings.ts';
import { listOrdersForStaff } from '../../db/repositories/admin/orders.ts';
import { indiaDateTime, toCsv } from '../csv.ts';
import { paymentMethods } from '../../../contract/payment-methods.ts';

/**
 * The queues' CSV exports: every record the list's filters match (not one page), for a
 * spreadsheet, times in India's.
 */

/** The most records one export holds. */
const EXPORT_MAX = 10_000;

export async function ordersCsv(db: Db, query: AdminOrderQuery): Promise<string> {
  const { orders } = await listOrdersForStaff(db, { ...query, limit: EXPORT_MAX, offset: 0 });
  return toCsv(
    [
      'Order',
      'Placed (IST)',
      'Customer',
      'E-mail',
      'Phone',
      'Items',
      'Total (₹)',
      'Payment',
      'Payment status',
      'Status',
    ],
    orders.map((o) => [
      o.orderNumber,
      indiaDateTime(o.createdAt),
      o.customer.name,
      o.customer.email,
      o.customer.phone,
      o.itemCount,
      o.total,
      paymentMethods[o.paymentMethod].staffLabel,
      o.paymentStatus,
      orderStateLabels[o.orderStatus],
    ]),
  );
}

export async function bookingsCsv(db: Db, query: AdminBookingQuery): Promise<string> {
  const { bookings } = await listBookingsForStaff(db, { ...query, limit: EXPORT_MAX, offset: 0 });
  return toCsv(
    [
      'Booking',
      'Booked (IST)',
      'Puja',
      'Temple',
      'Puja date (IST)',
      'Package',
      'Persons',
      'Amount (₹)',
      'Customer',
      'E-mail',
      'Phone',
      'Status',
    ],
    bookings.map((b) => [
      b.bookingNumber,
      indiaDateTime(b.createdAt),
      b.pujaName,
      b.pujaPlace,
      indiaDateTime(b.pujaDate),
      b.packageTitle,
      b.personCount,
      b.amount,
      b.customer.name,
      b.customer.email,
      b.customer.phone,
      bookingStateLabels[b.status] ?? b.status,
    ]),
  );
}
