import { Hono } from 'hono';
import {
  OrderCreateRequest,
  orderMessages,
  type OrderCreateResponse,
  type OrderListResponse,
} from '../../contract/orders.ts';
import type { AppEnv } from '../app.ts';
import { requireAuth } from '../auth/middleware.ts';
import { findOrder, findOrderByKey, listOrders } from '../db/repositories/orders.ts';
import { idParam, notFound } from '../http.ts';
import { placeOrder, quoteOrder } from '../services/orders.ts';
import { paidWrite } from '../services/paid-write.ts';
import { orderRequestHash } from '../services/request-fingerprint.ts';
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
    const { db, user, payments } = c.var;
    const now = c.var.now();
    const online = input.payment_method === 'online';
    const hash = orderRequestHash(input);

    const result = await paidWrite({
      db,
      gateway: payments,
      userId: user.id,
      now,
      idempotencyKey: key,
      requestHash: hash,
      findByKey: (k) => findOrderByKey(db, user.id, k),
      keyReusedMessage: orderMessages.idempotencyMismatch,
      payment: online && input.payment_id ? { id: input.payment_id, purpose: 'order' } : null,
      check: (reader) => quoteOrder(reader, user.id, input, now),
      write: (trx, claim) =>
        placeOrder(trx, {
          userId: user.id,
          draft: input,
          paymentMethod: input.payment_method,
          claim,
          idempotencyKey: key,
          requestHash: key === null ? null : hash,
          now,
        }),
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
