import * as v from 'valibot';
import {
  OrderListResponse,
  orderMessages,
  OrderRead,
  type OrderSummary,
} from '../../contract/orders.ts';
import { ApiError, callApi } from './api.ts';


const OrderId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number));

/** GET /api/orders/{id} (bearer): the customer's own order, else "Order not found". */
export function fetchOrder(id: string | number, signal?: AbortSignal): Promise<OrderRead> {
  const parsed = v.safeParse(OrderId, String(id));
  // SPEC.md section 8: "Order read with no order".
  if (!parsed.success) return Promise.reject(new ApiError(orderMessages.readEmpty));
  return callApi(`/api/orders/${parsed.output}`, {
    schema: OrderRead,
    bearer: true,
    fallback: orderMessages.readFailed,
    invalid: orderMessages.readEmpty,
    signal,
  });
}

/** GET /api/orders (bearer): the customer's orders, newest first. */
export async function fetchOrders(signal?: AbortSignal): Promise<OrderSummary[]> {
  const { orders } = await callApi('/api/orders', {
    schema: OrderListResponse,
    bearer: true,
    fallback: orderMessages.listFailed,
    signal,
  });
  return orders;
}
