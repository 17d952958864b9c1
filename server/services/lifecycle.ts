import type { LifecycleActor, LifecycleRefusal } from '../../contract/lifecycle.ts';
import type { Db } from '../db/client.ts';
import { insertLifecycleEvent, type RecordKind } from '../db/repositories/lifecycle-events.ts';
import { inTransaction } from '../db/transaction.ts';
import { Refusal } from './refusal.ts';

/**
 * What the order and booking lifecycle services share (docs/decisions/0021-lifecycles-the-server-runs.md).
 * The rules are the charts in machines/order-lifecycle/ and machines/booking-lifecycle/: a
 * service rebuilds the record's snapshot from its row, asks the chart whether it accepts the
 * event (`whyRefused`), takes the chart's next state and facts (`transition`) and stores them
 * here with the step's event row, in one transaction.
 */

/** Who sends a step: the route says, from the signed-in user's role (or the server itself). */
export interface Sender {
  by: LifecycleActor;
  /** The customer or staff member; null for the server's own steps. */
  userId: number | null;
  /** More that the sender's step writes in its transaction: the staff API's audit row. */
  audit?: (trx: Db, step: Step) => Promise<void>;
}

export const systemSender: Sender = { by: 'system', userId: null };

/** The chart said no: 409 with its code and message (routes/refusal-status.ts). */
export function refuse(refusal: LifecycleRefusal): never {
  throw new Refusal(refusal.code, refusal.message);
}

/** The reason or note an event carries, kept in the event row's `note`. */
export function noteOf(event: object): string | null {
  const { reason, note } = event as { reason?: unknown; note?: unknown };
  if (typeof reason === 'string' && reason) return reason;
  if (typeof note === 'string' && note) return note;
  return null;
}

/** What else an event carries (its type, sender, reason and note left out), kept as its row's `data`. */
export function dataOf(event: object, extra: Record<string, unknown> = {}): Record<string, unknown> | null {
  const { type: _type, by: _by, reason: _reason, note: _note, ...rest } = event as Record<string, unknown>;
  const data = Object.fromEntries(
    Object.entries({ ...rest, ...extra }).filter(([, value]) => value !== undefined),
  );
  return Object.keys(data).length ? data : null;
}

export interface Step {
  kind: RecordKind;
  recordId: number;
  from: string;
  to: string;
  event: string;
  sender: Sender;
  at: Date;
  note: string | null;
  data: Record<string, unknown> | null;
  /**
   * Stores the record's new state and facts with a conditional UPDATE on `from`: false when
   * another step moved the record meanwhile.
   */
  store: (trx: Db) => Promise<boolean>;
  /** More writes that belong to the step (the corrected persons), in the same transaction. */
  alsoWrite?: (trx: Db) => Promise<void>;
}

/**
 * Stores one step: the record's new state (conditional on its old one) and the step's event
 * row, in one transaction (the caller's, when it passes one). A record that moved meanwhile is
 * refused with `lifecycle_conflict` and nothing is written.
 */
export function commitStep(db: Db, step: Step): Promise<void> {
  return inTransaction(db, async (trx) => {
    if (!(await step.store(trx))) throw Refusal.of('lifecycle_conflict');
    await step.alsoWrite?.(trx);
    await insertLifecycleEvent(trx, step.kind, {
      recordId: step.recordId,
      fromState: step.from,
      toState: step.to,
      event: step.event,
      actor: step.sender.by,
      actorUserId: step.sender.userId,
      at: step.at.toISOString(),
      note: step.note,
      data: step.data,
    });
    await step.sender.audit?.(trx, step);
  });
}
