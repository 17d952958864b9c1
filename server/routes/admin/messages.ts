import { Hono } from 'hono';
import {
  AdminMessageQuery,
  ResendMessageInput,
  type AdminMessageListResponse,
  type AdminMessageResponse,
} from '../../../contract/admin/messages.ts';
import type { AppEnv } from '../../env.ts';
import { findBookingRow } from '../../db/repositories/bookings.ts';
import { findOrderRow } from '../../db/repositories/orders.ts';
import { listMessages, listMessagesFor } from '../../db/repositories/outbox.ts';
import { idParam, notFound } from '../../http.ts';
import { resendMessage, toAdminMessage } from '../../services/admin/messages.ts';
import { readBody, readQuery } from '../../validate.ts';
import { staffDeps } from './records.ts';

/**
 * The customers' messages in the back office (contract/admin/messages.ts; docs/product-rules.md,
 * Messages to customers): the failed ones, an order's or a booking's, and sending a failed one again.
 */
export const messageRoutes = new Hono<AppEnv>()
  .get('/api/admin/messages', async (c) => {
    const { status } = readQuery(c, AdminMessageQuery);
    const body: AdminMessageListResponse = {
      messages: (await listMessages(c.var.db, status)).map(toAdminMessage),
    };
    return c.json(body, 200);
  })
  .get('/api/admin/orders/:id/messages', async (c) => {
    const id = idParam(c);
    if (!(await findOrderRow(c.var.db, id))) notFound('Order');
    const body: AdminMessageListResponse = {
      messages: (await listMessagesFor(c.var.db, 'order', id)).map(toAdminMessage),
    };
    return c.json(body, 200);
  })
  .get('/api/admin/bookings/:id/messages', async (c) => {
    const id = idParam(c);
    if (!(await findBookingRow(c.var.db, id))) notFound('Booking');
    const body: AdminMessageListResponse = {
      messages: (await listMessagesFor(c.var.db, 'booking', id)).map(toAdminMessage),
    };
    return c.json(body, 200);
  })
  .post('/api/admin/messages/:id/resend', async (c) => {
    const id = idParam(c);
    await readBody(c, ResendMessageInput);
    const body: AdminMessageResponse = { message: await resendMessage(staffDeps(c), id) };
    return c.json(body, 200);
  });
