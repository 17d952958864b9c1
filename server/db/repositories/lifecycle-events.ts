import type { TimelineEntry } from '../../../contract/lifecycle.ts';
import type { Db } from '../client.ts';
import type { LifecycleEventRow } from '../types.ts';

/**
 * The stored steps of orders' and bookings' lives (order_events, booking_events): one row per
 * transition, written in the same transaction as the record's new state. Data access only.
 */
export type RecordKind = 'order' | 'booking';

/** Where each kind keeps its steps, and the column naming the record. */
const EVENTS = {
  order: { table: 'orderEvents', key: 'orderId' },
  booking: { table: 'bookingEvents', key: 'bookingId' },
} as const;

export interface NewLifecycleEvent {
  recordId: number;
  fromState: string | null;
  toState: string;
  event: string;
  actor: TimelineEntry['by'];
  actorUserId: number | null;
  at: string;
  note: string | null;
  data: Record<string, unknown> | null;
}

export async function insertLifecycleEvent(
  db: Db,
  kind: RecordKind,
  entry: NewLifecycleEvent,
): Promise<void> {
  const { recordId, data, ...rest } = entry;
  const row = { ...rest, data: data === null ? null : JSON.stringify(data) };
  if (kind === 'order')
    await db
      .insertInto('orderEvents')
      .values({ ...row, orderId: recordId })
      .execute();
  else
    await db
      .insertInto('bookingEvents')
      .values({ ...row, bookingId: recordId })
      .execute();
}

export const toTimelineEntry = (row: LifecycleEventRow): TimelineEntry => ({
  id: row.id,
  at: row.at,
  from: row.fromState,
  to: row.toState,
  event: row.event,
  by: row.actor,
  note: row.note,
  data: row.data === null ? null : (JSON.parse(row.data) as Record<string, unknown>),
});

/** When a record last took the step `event` (its `at`), or null when it never did. */
export async function lastStepAt(
  db: Db,
  kind: RecordKind,
  recordId: number,
  event: string,
): Promise<string | null> {
  const { table, key } = EVENTS[kind];
  const row = await db
    .selectFrom(table)
    .select('at')
    .where(key, '=', recordId)
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.at ?? null;
}

/** A record's steps, oldest first, with the name of whoever sent each (for the back office). */
export async function listLifecycleEvents(
  db: Db,
  kind: RecordKind,
  recordId: number,
): Promise<(LifecycleEventRow & { actorName: string | null })[]> {
  if (kind === 'order')
    return db
      .selectFrom('orderEvents')
      .leftJoin('users', 'users.id', 'orderEvents.actorUserId')
      .selectAll('orderEvents')
      .select('users.name as actorName')
      .where('orderEvents.orderId', '=', recordId)
      .orderBy('orderEvents.id')
      .execute();
  return db
    .selectFrom('bookingEvents')
    .leftJoin('users', 'users.id', 'bookingEvents.actorUserId')
    .selectAll('bookingEvents')
    .select('users.name as actorName')
    .where('bookingEvents.bookingId', '=', recordId)
    .orderBy('bookingEvents.id')
    .execute();
}

/**
 * The refund as the customer sees it: pending while the lifecycle waits for it, refunded with the
 * gateway's (or staff's) reference once the `refund.completed` step is stored; none otherwise.
 */
export function refundOf(
  state: string,
  amount: number,
  timeline: readonly TimelineEntry[],
): {
  amount: number;
  status: 'pending' | 'refunded';
  refundedAt: string | null;
  reference: string | null;
} | null {
  if (state === 'refundPending') return { amount, status: 'pending', refundedAt: null, reference: null };
  if (state !== 'refunded') return null;
  const settled = timeline.findLast((entry) => entry.event === 'refund.completed');
  const reference = settled?.data?.reference;
  return {
    amount,
    status: 'refunded',
    refundedAt: settled?.at ?? null,
    reference: typeof reference === 'string' ? reference : null,
  };
}
