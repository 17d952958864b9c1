import { Hono } from 'hono';
import {
  WaitlistEventRequest,
  type AdminWaitlistResponse,
  type WaitlistEntryResponse,
} from '../../../contract/waitlist.ts';
import { findPujaForStaff } from '../../db/repositories/admin/pujas.ts';
import type { AppEnv } from '../../env.ts';
import { idParam, notFound } from '../../http.ts';
import { listWaitlistForStaff, sendWaitlistEvent } from '../../services/waitlist.ts';
import { readBody } from '../../validate.ts';
import { staffSender } from './staff-steps.ts';

/**
 * A puja date's waitlist in the back office (contract/waitlist.ts; docs/product-rules.md,
 * Waitlist): the line in order, and taking an entry out of it for the devotee.
 */
export const waitlistRoutes = new Hono<AppEnv>()
  .get('/api/admin/pujas/:id/waitlist', async (c) => {
    const pujaId = idParam(c);
    if (!(await findPujaForStaff(c.var.db, pujaId))) notFound('Puja');
    const body: AdminWaitlistResponse = {
      entries: await listWaitlistForStaff({ db: c.var.db, now: c.var.now }, pujaId),
    };
    return c.json(body, 200);
  })
  .post('/api/admin/waitlist/:id/events', async (c) => {
    const entryId = idParam(c);
    const event = await readBody(c, WaitlistEventRequest);
    const body: WaitlistEntryResponse = {
      entry: await sendWaitlistEvent(
        { db: c.var.db, now: c.var.now },
        { entryId, ownerId: null, event, sender: staffSender(c) },
      ),
    };
    return c.json(body, 200);
  });
