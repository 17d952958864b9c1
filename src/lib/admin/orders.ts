import { AdminOrderListResponse, AdminOrderResponse } from '../../../contract/admin/orders.ts';
import { queryString, staffGet, staffSend, type StaffQuery } from './client.ts';
import { exportCsv } from './export-csv.ts';

/** The orders queue: one page of what the filter asks for, with the count of each status. */
export const fetchStaffOrders = (query: StaffQuery, signal?: AbortSignal) =>
  staffGet(`/api/admin/orders${queryString(query)}`, AdminOrderListResponse, signal);

export const fetchStaffOrder = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/orders/${id}`, AdminOrderResponse, signal).then(({ order }) => order);

/** A lifecycle step staff take on an order (`{ type: 'order.ship', carrier, trackingNumber }`). */
export const sendStaffOrderEvent = (id: number, event: { type: string }, signal?: AbortSignal) =>
  staffSend('POST', `/api/admin/orders/${id}/events`, event, AdminOrderResponse, signal).then(
    ({ order }) => order,
  );

export const exportOrders = (query: StaffQuery, signal?: AbortSignal) => exportCsv('orders', query, signal);
