import { Hono, type Context } from 'hono';
import { preferencesUrl } from '../../messages/preferences-token.ts';
import {
  AdminMessageQuery,
  ResendMessageInput,
  type AdminMessageListResponse,
  type AdminMessagePageResponse,
  type AdminMessageResponse,
  type MessageTemplatesResponse,
} from '../../../contract/admin/messages.ts';
import { ADMIN_PAGE_DEFAULT } from '../../../contract/admin/queues.ts';
import { MESSAGE_STATUSES } from '../../../contract/messages.ts';
import type { AppEnv } from '../../env.ts';
import { findBookingRow } from '../../db/repositories/bookings.ts';
import { findOrderRow } from '../../db/repositories/orders.ts';
import { listMessagePage, listMessagesFor } from '../../db/repositories/outbox.ts';
import { idParam, notFound } from '../../http.ts';
import { previewTemplates, resendMessage, toAdminMessage } from '../../services/admin/messages.ts';
import { readBody, readQuery } from '../../validate.ts';
import { staffDeps } from './records.ts';
import { allCounts } from './staff-steps.ts';

/** An order's or a booking's messages, oldest first; 404 for one that does not exist. */
async function recordMessages(c: Context<AppEnv>, kind: 'order' | 'booking') {
  const id = idParam(c);
  const found = kind === 'order' ? await findOrderRow(c.var.db, id) : await findBookingRow(c.var.db, id);
  if (!found) notFound(kind === 'order' ? 'Order' : 'Booking');
  const body: AdminMessageListResponse = {
    messages: (await listMessagesFor(c.var.db, kind, id)).map(toAdminMessage),
  };
  return c.json(body, 200);
}

/**
 * The customers' messages in the back office (contract/admin/messages.ts; docs/product-rules.md,
 * Messages to customers): the failed ones, an order's or a booking's, sending a failed one again,
 * and every template previewed with sample facts.
 */
export const messageRoutes = new Hono<AppEnv>()
  .get('/api/admin/messages', async (c) => {
    const { status, limit = ADMIN_PAGE_DEFAULT, offset = 0 } = readQuery(c, AdminMessageQuery);
    const { rows, counts } = await listMessagePage(c.var.db, status, { limit, offset });
    const all = allCounts(MESSAGE_STATUSES, counts);
    const body: AdminMessagePageResponse = {
      messages: rows.map(toAdminMessage),
      total: status ? all[status] : MESSAGE_STATUSES.reduce((sum, s) => sum + all[s], 0),
      counts: all,
    };
    return c.json(body, 200);
  })
  .get('/api/admin/messages/templates', (c) => {
    const { publicUrl, brand, preferenceLinks } = c.var.auth;
    const preferencesLink = (userId: number) => preferencesUrl(publicUrl, preferenceLinks.sign(userId));
    const body: MessageTemplatesResponse = {
      templates: previewTemplates({ publicUrl, brand, preferencesLink }),
    };
    return c.json(body, 200);
  })
  .get('/api/admin/orders/:id/messages', (c) => recordMessages(c, 'order'))
  .get('/api/admin/bookings/:id/messages', (c) => recordMessages(c, 'booking'))
  .post('/api/admin/messages/:id/resend', async (c) => {
    const id = idParam(c);
    await readBody(c, ResendMessageInput);
    const body: AdminMessageResponse = { message: await resendMessage(staffDeps(c), id) };
    return c.json(body, 200);
  });
