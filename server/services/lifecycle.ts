import { transition, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { LifecycleActor, LifecycleRefusal } from '../../contract/lifecycle.ts';
import type { Db } from '../db/client.ts';
import { insertLifecycleEvent, type RecordKind } from '../db/repositories/lifecycle-events.ts';
import { inTransaction } from '../db/transaction.ts';
import { queueStepMessage } from '../messages/outbox.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { recordUsedPaymentRefund, requestUsedPaymentRefund } from './payments.ts';
import { Refusal } from './refusal.ts';

/**
 * What the order and booking lifecycle services share (docs/decisions/0021-lifecycles-the-server-runs.md).
 * The rules are the charts in machines/order-lifecycle/ and machines/booking-lifecycle/: a
 * service rebuilds the record's snapshot from its row, asks the chart whether it accepts the
 * event (`whyRefused`), takes the chart's next state and facts (`transition`) and stores them
 * here with the step's event row, in one transaction.
 */

/** The database, the payment gateway and the clock a lifecycle step needs. */
export interface LifecycleDeps {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
}

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

/** The record, or its "not found" when there is none or (for a customer, `ownerId`) it is someone else's. */
export function ownedRecord<R extends { userId: number }>(
  row: R | undefined,
  ownerId: number | null,
  notFound: 'order_not_found' | 'booking_not_found',
): R {
  if (!row || (ownerId !== null && row.userId !== ownerId)) throw Refusal.of(notFound);
  return row;
}

/** The chart's next snapshot for the event, or its refusal (409) when it does not accept it. */
export function nextOrRefuse<T extends AnyStateMachine>(
  machine: T,
  snapshot: SnapshotFrom<T>,
  event: EventFromLogic<T>,
  whyRefused: (snapshot: SnapshotFrom<T>, event: EventFromLogic<T>) => LifecycleRefusal | null,
): SnapshotFrom<T> {
  const refusal = whyRefused(snapshot, event);
  if (refusal) refuse(refusal);
  return transition(machine, snapshot, event)[0];
}

/** The chart's next snapshot once the server completes the refund, or null when it cannot now. */
export function afterRefund<T extends AnyStateMachine>(
  machine: T,
  snapshot: SnapshotFrom<T>,
): SnapshotFrom<T> | null {
  const event = { type: 'refund.completed', by: 'system', reference: undefined } as EventFromLogic<T>;
  if (!(snapshot as { can: (event: EventFromLogic<T>) => boolean }).can(event)) return null;
  return transition(machine, snapshot, event)[0];
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
    // The customer hears of the step: its message is written with it (server/messages/outbox.ts).
    await queueStepMessage(trx, {
      kind: step.kind,
      recordId: step.recordId,
      event: step.event,
      at: step.at,
      note: step.note,
      data: step.data,
    });
  });
}

/** An order or booking the chart has let take `refund.completed`, and how its row moves on. */
export interface RefundToSettle {
  kind: RecordKind;
  recordId: number;
  /** How the payment's note and the log name it: "order ORD-1042". */
  label: string;
  paymentId: string;
  /** The chart's state after `refund.completed`. */
  to: string;
  /** The conditional UPDATE from `refundPending`: false when another process settled it first. */
  store: (trx: Db) => Promise<boolean>;
}

/**
 * Pays back an order or booking waiting for its refund
 * (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md): the provider is asked
 * outside any transaction with the refund's idempotency key; then, in one transaction, the
 * record moves on (conditionally: a second process settling the same one stops there), the
 * payment goes used -> refunded with the provider's refund id, and the step's event row is
 * written from the server. False when there was nothing to do.
 */
export async function settleRefund(
  db: Db,
  gateway: PaymentGateway,
  at: Date,
  refund: RefundToSettle,
): Promise<boolean> {
  const paid = await requestUsedPaymentRefund(db, gateway, refund.paymentId);
  if (!paid) return false;
  return inTransaction(db, async (trx) => {
    if (!(await refund.store(trx))) return false;
    const note = `${refund.label} refunded`;
    const recorded = await recordUsedPaymentRefund(trx, {
      paymentId: refund.paymentId,
      refundId: paid.refundId,
      now: at,
      note,
    });
    if (!recorded)
      throw new Error(
        `${refund.kind} ${refund.recordId}: its payment ${refund.paymentId} cannot be refunded`,
      );
    await insertLifecycleEvent(trx, refund.kind, {
      recordId: refund.recordId,
      fromState: 'refundPending',
      toState: refund.to,
      event: 'refund.completed',
      actor: systemSender.by,
      actorUserId: systemSender.userId,
      at: at.toISOString(),
      note: null,
      data: { reference: paid.refundId, amount: paid.amount },
    });
    await queueStepMessage(trx, {
      kind: refund.kind,
      recordId: refund.recordId,
      event: 'refund.completed',
      at,
      note: null,
    });
    return true;
  });
}

/** How the refunds job reads one kind of record and moves it on: its row, its chart, its row's UPDATE. */
export interface RefundableRecord<Row extends { id: number }, M extends AnyStateMachine> {
  kind: RecordKind;
  machine: M;
  find: (db: Db, id: number) => Promise<Row | undefined>;
  /** The record's lifecycle state, as its row keeps it. */
  stateOf: (row: Row) => string;
  /** The payment to refund; null when there is none (an order paid in cash). */
  paymentIdOf: (row: Row) => string | null;
  /** "order ORD-1042". */
  label: (row: Row) => string;
  snapshotOf: (row: Row, at: Date) => SnapshotFrom<M>;
  /** The conditional UPDATE of the row from `refundPending` to the chart's next snapshot. */
  store: (trx: Db, row: Row, next: SnapshotFrom<M>) => Promise<boolean>;
}

/**
 * Pays back one record waiting for its refund, if the chart lets it take `refund.completed` now
 * (settleRefund). False when there is nothing to do: not pending, no payment to refund, or
 * settled meanwhile by another process.
 */
export async function settleRecordRefund<Row extends { id: number }, M extends AnyStateMachine>(
  { db, gateway, now }: LifecycleDeps,
  record: RefundableRecord<Row, M>,
  id: number,
): Promise<boolean> {
  const row = await record.find(db, id);
  const paymentId = row ? record.paymentIdOf(row) : null;
  if (!row || record.stateOf(row) !== 'refundPending' || paymentId === null) return false;
  const at = now();
  const next = afterRefund(record.machine, record.snapshotOf(row, at));
  if (next === null) return false;
  return settleRefund(db, gateway, at, {
    kind: record.kind,
    recordId: row.id,
    label: record.label(row),
    paymentId,
    // The lifecycle charts are flat: a state is its name.
    to: String((next as { value: unknown }).value),
    store: (trx) => record.store(trx, row, next),
  });
}

/** Logs a refund that failed and answers false: the scheduler's refunds job tries it again. */
export const logRefundFailure = (kind: RecordKind, recordId: number) => (error: unknown) => {
  console.error(`Refund of ${kind} ${recordId} failed; the scheduler will try again`, error);
  return false;
};

/** The scheduler's refunds job for one kind: `settle` each waiting record; a failure waits for the next run. */
export const settleEachRefund = (
  kind: RecordKind,
  ids: readonly { id: number }[],
  settle: (id: number) => Promise<boolean>,
): Promise<number> => settleEach(ids, (id) => settle(id).catch(logRefundFailure(kind, id)));

/** A scheduler job's loop: `settle` each record in turn; how many it settled. */
export async function settleEach(
  ids: readonly { id: number }[],
  settle: (id: number) => Promise<boolean>,
): Promise<number> {
  let settled = 0;
  for (const { id } of ids) if (await settle(id)) settled += 1;
  return settled;
}
