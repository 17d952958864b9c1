import { parseNumericId } from '../../contract/ids.ts';
import type { OrderEventPayload } from '../../contract/lifecycle-events.ts';
import {
  OrderEventResponse,
  OrderListResponse,
  orderMessages,
  OrderRead,
  type OrderSummary,
} from '../../contract/orders.ts';
import { ApiError, callApi, getOwn } from './api.ts';
import { postOwnEvent } from './own-events.ts';

/** GET /api/orders/{id} (bearer): the customer's own order, else "Order not found". */
export function fetchOrder(id: string | number, signal?: AbortSignal): Promise<OrderRead> {
  const orderId = parseNumericId(id);
  // An id that cannot be an order reads as "Failed to load order details" (docs/product-rules.md, Messages and errors).
  if (orderId === undefined) return Promise.reject(new ApiError(orderMessages.readEmpty));
  return callApi(`/api/orders/${orderId}`, {
    schema: OrderRead,
    bearer: true,
    fallback: orderMessages.readFailed,
    invalid: orderMessages.readEmpty,
    signal,
  });
}

/** GET /api/orders (bearer): the customer's orders, newest first. */
export async function fetchOrders(signal?: AbortSignal): Promise<OrderSummary[]> {
  const { orders } = await getOwn('/api/orders', OrderListResponse, orderMessages.listFailed, signal);
  return orders;
}

/** POST /api/orders/{id}/events (bearer): a step of the order's life; the order as it is after it. */
export async function sendOrderEvent(
  id: number,
  event: OrderEventPayload,
  signal?: AbortSignal,
): Promise<OrderRead> {
  const { order } = await postOwnEvent(`/api/orders/${id}/events`, event, OrderEventResponse, signal);
  return order;
}
