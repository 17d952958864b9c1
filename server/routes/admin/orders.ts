import { Hono, type Context } from 'hono';
import {
  AdminOrderQuery,
  type AdminOrder,
  type AdminOrderListResponse,
  type AdminOrderResponse,
} from '../../../contract/admin/orders.ts';
import { ORDER_STATES } from '../../../contract/lifecycle.ts';
import { OrderEventRequest } from '../../../contract/lifecycle-events.ts';
import { allowedOrderEvents } from '../../../machines/order-lifecycle/order-lifecycle.selectors.ts';
import type { AppEnv } from '../../env.ts';
import { listOrdersForStaff } from '../../db/repositories/admin/orders.ts';
import { idParam } from '../../http.ts';
import { readOrderForStaff, sendOrderEvent } from '../../services/order-lifecycle.ts';
import { readBody, readQuery } from '../../validate.ts';
import { lifecycleDeps } from '../lifecycle-deps.ts';
import { staffRecordOf, staffSender, withAllCounts } from './staff-steps.ts';

/**
 * The orders' queue (contract/admin/orders.ts): staff list and read orders and send lifecycle
 * events; the lifecycle chart decides (409 {message, code} and nothing changed when it refuses),
 * and each step is stored with the staff member who sent it, which is the audit trail of these writes.
 */

async function staffOrder(c: Context<AppEnv>, orderId: number): Promise<AdminOrder> {
  const { row, order, snapshot } = await readOrderForStaff(c.var.db, orderId, c.var.now());
  return { ...order, ...(await staffRecordOf(c, 'order', row, allowedOrderEvents(snapshot, 'staff'))) };
}

export const orderRoutes = new Hono<AppEnv>()
  .get('/api/admin/orders', async (c) => {
    const body: AdminOrderListResponse = withAllCounts(
      ORDER_STATES,
      await listOrdersForStaff(c.var.db, readQuery(c, AdminOrderQuery)),
    );
    return c.json(body, 200);
  })
  .get('/api/admin/orders/:id', async (c) => {
    const body: AdminOrderResponse = { order: await staffOrder(c, idParam(c)) };
    return c.json(body, 200);
  })
  .post('/api/admin/orders/:id/events', async (c) => {
    const orderId = idParam(c);
    const event = await readBody(c, OrderEventRequest);
    await sendOrderEvent(lifecycleDeps(c), { orderId, ownerId: null, event, sender: staffSender(c) });
    const body: AdminOrderResponse = { order: await staffOrder(c, orderId) };
    return c.json(body, 200);
  });
