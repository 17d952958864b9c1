import { Hono } from 'hono';
import { OrderEventRequest } from '../../contract/lifecycle-events.ts';
import {
  OrderCreateRequest,
  type OrderCreateResponse,
  type OrderEventResponse,
  type OrderListResponse,
  type OrderRead,
} from '../../contract/orders.ts';
import type { AppEnv } from '../env.ts';
import { requireAuth } from '../auth/middleware.ts';
import { listOrders } from '../db/repositories/orders.ts';
import { idParam } from '../http.ts';
import { asCustomer, lifecycleDeps } from './lifecycle-deps.ts';
import { readOwnOrder, sendOrderEvent } from '../services/order-lifecycle.ts';
import { submitOrder } from '../services/orders.ts';
import { readBody } from '../validate.ts';
import { paidSubmitOf, readIdempotencyKey, replayHeaders } from './idempotency-key.ts';

/**
 * The signed-in customer's orders. Every amount and status is decided by the server from the
 * catalogue, the coupon and docs/product-rules.md; what the client sends for them is ignored.
 * An online order is paid by a captured payment (services/paid-write.ts). Refusals are answered
 * through routes/refusal-status.ts. Another customer's order answers 404.
 */
export const orderRoutes = new Hono<AppEnv>()
  .post('/api/orders', requireAuth, async (c) => {
    const key = readIdempotencyKey(c);
    const input = await readBody(c, OrderCreateRequest);
    const result = await submitOrder(paidSubmitOf(c, input, key, c.var.now()));
    const body: OrderCreateResponse = { id: result.id };
    return c.json(body, 201, replayHeaders(result));
  })

  .get('/api/orders', requireAuth, async (c) => {
    const body: OrderListResponse = { orders: await listOrders(c.var.db, c.var.user.id) };
    return c.json(body, 200);
  })

  .get('/api/orders/:id', requireAuth, async (c) => {
    const order: OrderRead = await readOwnOrder(c.var.db, c.var.user.id, idParam(c));
    return c.json(order, 200);
  })

  // A step of the order's life from its customer (cancel, report damage): the order lifecycle
  // decides (services/order-lifecycle.ts); a refusal is 409 {message, code}, nothing changed.
  .post('/api/orders/:id/events', requireAuth, async (c) => {
    const orderId = idParam(c);
    const event = await readBody(c, OrderEventRequest);
    const order = await sendOrderEvent(lifecycleDeps(c), { orderId, event, ...asCustomer(c) });
    const body: OrderEventResponse = { order };
    return c.json(body, 200);
  });
