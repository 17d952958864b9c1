import { Hono } from 'hono';
import {
  OrderCreateRequest,
  type OrderCreateResponse,
  type OrderListResponse,
} from '../../contract/orders.ts';
import type { AppEnv } from '../app.ts';
import { requireAuth } from '../auth/middleware.ts';
import { findOrder, listOrders } from '../db/repositories/orders.ts';
import { idParam, notFound } from '../http.ts';
import { submitOrder } from '../services/orders.ts';
import { readBody } from '../validate.ts';
import { readIdempotencyKey } from './idempotency-key.ts';

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
    const result = await submitOrder({
      db: c.var.db,
      gateway: c.var.payments,
      userId: c.var.user.id,
      input,
      idempotencyKey: key,
      now: c.var.now(),
    });
    const body: OrderCreateResponse = { id: result.id };
    return c.json(body, 201, result.replayed ? { 'Idempotent-Replayed': 'true' } : {});
  })

  .get('/api/orders', requireAuth, async (c) => {
    const body: OrderListResponse = { orders: await listOrders(c.var.db, c.var.user.id) };
    return c.json(body, 200);
  })

  .get('/api/orders/:id', requireAuth, async (c) => {
    const order = await findOrder(c.var.db, c.var.user.id, idParam(c));
    if (!order) notFound('Order');
    return c.json(order, 200);
  });
