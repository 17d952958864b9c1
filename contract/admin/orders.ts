import * as v from 'valibot';
import { ORDER_STATES } from '../lifecycle.ts';
import { OrderRead, OrderSummary } from '../orders.ts';
import { recordResponse } from '../envelope.ts';
import { AdminCustomer, queueListResponse, queueQuery, staffRecordEntries, statesParam } from './queues.ts';

/**
 * The orders' queue (docs/product-rules.md, Roles and the back office):
 *
 *   GET  /api/admin/orders?status&from&to&q&limit&offset    -> AdminOrderListResponse
 *   GET  /api/admin/orders/{id}                             -> AdminOrderResponse
 *   POST /api/admin/orders/{id}/events   OrderEventRequest  -> AdminOrderResponse | 409 {message, code}
 *   GET  /api/admin/orders.csv?(the list's filters)         -> text/csv
 *
 * A list answers one page, the total of the filtered list and how many records of each state
 * the other filters match (the status tabs). A record answers with its customer, its timeline
 * (with who sent each step) and the events its lifecycle accepts from staff now.
 */

export const AdminOrderQuery = v.object({ ...queueQuery, status: statesParam(ORDER_STATES) });
export type AdminOrderQuery = v.InferOutput<typeof AdminOrderQuery>;

export const AdminOrderSummary = v.object({ ...OrderSummary.entries, customer: AdminCustomer });
export type AdminOrderSummary = v.InferOutput<typeof AdminOrderSummary>;
export const AdminOrderListResponse = queueListResponse('orders', AdminOrderSummary, ORDER_STATES);
export type AdminOrderListResponse = v.InferOutput<typeof AdminOrderListResponse>;

export const AdminOrder = v.object({ ...OrderRead.entries, ...staffRecordEntries });
export type AdminOrder = v.InferOutput<typeof AdminOrder>;
export const AdminOrderResponse = recordResponse('order', AdminOrder);
export type AdminOrderResponse = v.InferOutput<typeof AdminOrderResponse>;
