import { Hono } from 'hono';
import { bookingDraftSchema } from '../../contract/booking.ts';
import { latestToday } from '../../contract/person.ts';
import {
  WaitlistEventRequest,
  type WaitlistEntryResponse,
  type WaitlistListResponse,
} from '../../contract/waitlist.ts';
import { requireAuth } from '../auth/middleware.ts';
import type { AppEnv } from '../env.ts';
import { idParam } from '../http.ts';
import { joinWaitlist, listOwnEntries, readOwnEntry, sendWaitlistEvent } from '../services/waitlist.ts';
import { readBody } from '../validate.ts';
import { asCustomer } from './lifecycle-deps.ts';

/**
 * The signed-in devotee's waitlists (contract/waitlist.ts; docs/product-rules.md, Waitlist): join
 * the line of a full date with a booking draft, read it, leave it. The chart
 * (machines/waitlist/) decides every step; another customer's entry answers 404.
 */
export const waitlistRoutes = new Hono<AppEnv>()
  .post('/api/waitlist', requireAuth, async (c) => {
    const now = c.var.now();
    const draft = await readBody(
      c,
      bookingDraftSchema(() => latestToday(now)),
    );
    const body: WaitlistEntryResponse = {
      entry: await joinWaitlist({ db: c.var.db, now: c.var.now }, c.var.user.id, draft),
    };
    return c.json(body, 201);
  })

  .get('/api/waitlist', requireAuth, async (c) => {
    const body: WaitlistListResponse = {
      entries: await listOwnEntries({ db: c.var.db, now: c.var.now }, c.var.user.id),
    };
    return c.json(body, 200);
  })

  .get('/api/waitlist/:id', requireAuth, async (c) => {
    const body: WaitlistEntryResponse = {
      entry: await readOwnEntry({ db: c.var.db, now: c.var.now }, c.var.user.id, idParam(c)),
    };
    return c.json(body, 200);
  })

  .post('/api/waitlist/:id/events', requireAuth, async (c) => {
    const entryId = idParam(c);
    const event = await readBody(c, WaitlistEventRequest);
    const body: WaitlistEntryResponse = {
      entry: await sendWaitlistEvent({ db: c.var.db, now: c.var.now }, { entryId, event, ...asCustomer(c) }),
    };
    return c.json(body, 200);
  });
