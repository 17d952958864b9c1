import { Hono, type Context } from 'hono';
import {
  OrderCreateRequest,
  orderMessages,
  type OrderCreateResponse,
  type OrderListResponse,
} from '../../contract/orders.ts';
import type { AppEnv } from '../app.ts';
import { requireAuth } from '../auth/middleware.ts';
import { findOrder, findOrderByKey, listOrders, placeOrder } from '../db/repositories/orders.ts';
import { idParam, notFound } from '../http.ts';
import { orderRequestHash, readIdempotencyKey } from '../orders/idempotency.ts';
import { readBody } from '../validate.ts';

/**
 * A repeat of a keyed request: the same request gets the first answer again (201 {id}, marked
 * with `Idempotent-Replayed: true`); another request under the same key is refused with 422.
 */
function replay(c: Context<AppEnv>, existing: { id: number; requestHash: string | null }, hash: string) {
  if (existing.requestHash !== hash) return c.json({ message: orderMessages.idempotencyMismatch }, 422);
  const body: OrderCreateResponse = { id: existing.id };
  return c.json(body, 201, { 'Idempotent-Replayed': 'true' });
}

/**
 * The signed-in customer's orders. Every amount and status is decided here from the catalogue,
 * the coupon and SPEC.md's rules; what the client sends for them is ignored. Another
 * customer's order answers 404.
 */
export const orderRoutes = new Hono<AppEnv>()
  .post('/api/orders', requireAuth, async (c) => {
    const key = readIdempotencyKey(c);
    const input = await readBody(c, OrderCreateRequest);
    const { db, user } = c.var;
    if (input.user_id != null && input.user_id !== user.id) {
      return c.json({ message: orderMessages.wrongUser }, 403);
    }

    const hash = orderRequestHash(input);
    if (key !== null) {
      const existing = await findOrderByKey(db, user.id, key);
      if (existing) return replay(c, existing, hash);
    }

    const result = await placeOrder(db, {
      userId: user.id,
      addressId: input.address_id,
      lines: input.items.map((item) => ({
        productId: item.product_id,
        quantity: item.quantity,
        variant: item.variant,
      })),
      couponCode: input.coupon_code,
      paymentMethod: input.payment_method,
      paymentId: input.payment_id ?? null,
      notes: input.notes,
      idempotencyKey: key,
      requestHash: key === null ? null : hash,
      now: new Date(),
    });
    switch (result.kind) {
      case 'placed': {
        const body: OrderCreateResponse = { id: result.id };
        return c.json(body, 201);
      }
      case 'refused':
        return c.json({ message: result.message, code: result.code }, result.status);
      case 'duplicateKey': {
        // A parallel request with the same key committed first: answer as its repeat.
        const existing = key === null ? undefined : await findOrderByKey(db, user.id, key);
        if (!existing) throw new Error('Idempotency-Key conflict without an order');
        return replay(c, existing, hash);
      }
    }
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
