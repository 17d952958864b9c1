import * as v from 'valibot';
import { isoDayParam, searchParam, wholeNumberParam } from '../query.ts';
import { listResponse } from '../envelope.ts';
import { TimelineEntry } from '../lifecycle.ts';

/**
 * What the orders' and bookings' queues share (contract/admin/orders.ts, bookings.ts): their
 * filters, the customer each record names and the timeline with who took each step.
 */

const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 50;
const MAX_ADMIN_SEARCH = 100;

/** One state or several, comma-separated: `status=processing,packed`. */
export const statesParam = <const T extends readonly string[]>(all: T) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      v.check(
        (list) => list.every((s) => (all as readonly string[]).includes(s)),
        `status must be one or more of ${all.join(', ')}`,
      ),
      v.transform((list) => list as unknown as T[number][]),
    ),
  );

/** The filters both queues take: a period, a search and a page. */
export const queueQuery = {
  from: v.optional(isoDayParam('from')),
  to: v.optional(isoDayParam('to')),
  /** An order or booking number (or its start), or the customer's e-mail or phone (or part of it). */
  q: searchParam(MAX_ADMIN_SEARCH),
  limit: wholeNumberParam('limit', 1, ADMIN_PAGE_MAX),
  offset: wholeNumberParam('offset', 0, 1_000_000_000),
};

export const AdminCustomer = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
});
export type AdminCustomer = v.InferOutput<typeof AdminCustomer>;

/** A step of the timeline with the name of the customer or staff member who took it. */
export const AdminTimelineEntry = v.object({ ...TimelineEntry.entries, actorName: v.nullable(v.string()) });
export type AdminTimelineEntry = v.InferOutput<typeof AdminTimelineEntry>;

/** A queue's page beside its records: the filtered list's total and each state's count (the status tabs). */
export const queuePageEntries = <const T extends readonly [string, ...string[]]>(states: T) => ({
  total: v.number(),
  counts: v.record(v.picklist(states), v.number()),
});

/** A queue's list answer: one page of its records' summaries under `key`, then queuePageEntries. */
export const queueListResponse = <
  const K extends string,
  T extends v.GenericSchema,
  const S extends readonly [string, ...string[]],
>(
  key: K,
  summary: T,
  states: S,
) => v.object({ ...listResponse(key, summary).entries, ...queuePageEntries(states) });

/** What staff read of a record beyond its customer's view: who, its timeline, the steps they may take now. */
export const staffRecordEntries = {
  customer: AdminCustomer,
  timeline: v.array(AdminTimelineEntry),
  /** The event types the record's lifecycle accepts from staff now (with suitable data). */
  allowedEvents: v.array(v.string()),
};
