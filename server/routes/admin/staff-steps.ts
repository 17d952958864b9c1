import type { Context } from 'hono';
import type { AdminTimelineEntry } from '../../../contract/admin/queues.ts';
import { bookingStateLabels, orderStateLabels, timelineLabels } from '../../../contract/lifecycle.ts';
import type { AppEnv } from '../../env.ts';
import {
  listLifecycleEvents,
  toTimelineEntry,
  type RecordKind,
} from '../../db/repositories/lifecycle-events.ts';
import { findCustomer } from '../../db/repositories/admin/queues.ts';
import { audit } from '../../services/audit.ts';
import type { Sender } from '../../services/lifecycle.ts';

/**
 * What the orders' and bookings' queues share (routes/admin/orders.ts, bookings.ts): a list's
 * counts per state, a record's timeline with names, and the staff member as a step's sender.
 */

/** Every state with its count, 0 where none matched. */
export const allCounts = <S extends string>(states: readonly S[], counts: Partial<Record<S, number>>) =>
  Object.fromEntries(states.map((state) => [state, counts[state] ?? 0])) as Record<S, number>;

/** What staff read of a record beyond its customer's view (contract/admin/queues.ts, staffRecordEntries). */
export const staffRecordOf = async (
  c: Context<AppEnv>,
  kind: RecordKind,
  row: { id: number; userId: number },
  allowedEvents: string[],
) => ({
  customer: await findCustomer(c.var.db, row.userId),
  timeline: await staffTimeline(c, kind, row.id),
  allowedEvents,
});

/** A queue's page with every state's count (the status tabs). */
export const withAllCounts = <S extends string, P extends { counts: Partial<Record<S, number>> }>(
  states: readonly S[],
  page: P,
) => ({ ...page, counts: allCounts(states, page.counts) });

export async function staffTimeline(
  c: Context<AppEnv>,
  kind: RecordKind,
  id: number,
): Promise<AdminTimelineEntry[]> {
  const rows = await listLifecycleEvents(c.var.db, kind, id);
  return rows.map((row) => ({ ...toTimelineEntry(row), actorName: row.actorName }));
}

/** A state as the back office names it ("Sankalp locked"), the raw name if it has none. */
const stateLabel = (kind: RecordKind, state: string) =>
  ((kind === 'order' ? orderStateLabels : bookingStateLabels) as Record<string, string>)[state] ?? state;

/**
 * A step sent by a staff member: the lifecycle's event row names them, and the audit log keeps
 * it with every other staff write, in the step's own transaction. Its summary reads as the
 * timeline does: "Booking #12: Puja performed (Sankalp locked → Performed)".
 */
export const staffSender = (c: Context<AppEnv>): Sender => ({
  by: 'staff',
  userId: c.var.user.id,
  audit: (trx, step) =>
    audit(trx, { id: c.var.user.id }, step.at, {
      action: step.event,
      entity: step.kind,
      entityId: step.recordId,
      summary: `${step.kind === 'order' ? 'Order' : 'Booking'} #${step.recordId}: ${timelineLabels[step.event] ?? step.event} (${stateLabel(step.kind, step.from)} → ${stateLabel(step.kind, step.to)})${step.note ? `: ${step.note}` : ''}`,
      before: { state: step.from },
      after: { state: step.to, ...(step.data ?? {}) },
    }),
});
