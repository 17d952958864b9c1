import { IMAGE_TYPES, lifecycleMessages } from '../../contract/lifecycle.ts';
import type { OrderEventRequest } from '../../contract/lifecycle-events.ts';
import type { OrderRead } from '../../contract/orders.ts';
import {
  orderLifecycleMachine,
  type OrderLifecycleEvent,
} from '../../machines/order-lifecycle/order-lifecycle.machine.ts';
import {
  orderLifecycleOf,
  whyOrderRefused,
  type OrderLifecycleFacts,
  type OrderLifecycleSnapshot,
} from '../../machines/order-lifecycle/order-lifecycle.selectors.ts';
import type { Db } from '../db/client.ts';
import { lastStepAt } from '../db/repositories/lifecycle-events.ts';
import {
  claimOf,
  findOrderRow,
  findOrdersAwaitingRefund,
  readOrder,
  returnStock,
  shipmentOf,
  updateOrderLifecycle,
  type OrderLifecycleColumns,
} from '../db/repositories/orders.ts';
import { findUpload } from '../db/repositories/uploads.ts';
import type { OrderRow } from '../db/types.ts';
import {
  commitStep,
  dataOf,
  logRefundFailure,
  nextOrRefuse,
  noteOf,
  ownedRecord,
  settleEachRefund,
  settleRecordRefund,
  type LifecycleDeps,
  type RefundableRecord,
  type Sender,
} from './lifecycle.ts';
import { Refusal } from './refusal.ts';

/**
 * Every step of an order's life after it is placed, as machines/order-lifecycle/ allows it
 * (docs/product-rules.md, Orders and bookings after the sale). This service keeps no list of
 * its own of which step may follow which: it asks the chart.
 */

/** The facts of an order the chart reads, from its row. */
export const orderFactsOf = (row: OrderRow): OrderLifecycleFacts => ({
  orderStatus: row.orderStatus,
  paymentMethod: row.paymentMethod,
  paymentStatus: row.paymentStatus,
  createdAt: row.createdAt,
  shipment: shipmentOf(row),
  deliveredAt: row.deliveredAt,
  claim: claimOf(row),
});

/** The chart's state and facts as the order's columns. */
function columnsOf(snapshot: OrderLifecycleSnapshot): OrderLifecycleColumns {
  const { context } = snapshot;
  return {
    orderStatus: snapshot.value,
    paymentStatus: context.paymentStatus,
    shipmentCarrier: context.shipment?.carrier ?? null,
    shipmentTrackingNumber: context.shipment?.trackingNumber ?? null,
    deliveredAt: context.deliveredAt,
    claimNote: context.claim?.note ?? null,
    claimPhotoId: context.claim?.photoId ?? null,
    claimedAt: context.claim?.claimedAt ?? null,
  };
}

/** An order as the refunds job reads it and moves it on. */
const REFUNDABLE_ORDER: RefundableRecord<OrderRow, typeof orderLifecycleMachine> = {
  kind: 'order',
  machine: orderLifecycleMachine,
  find: findOrderRow,
  stateOf: (row) => row.orderStatus,
  paymentIdOf: (row) => row.paymentId,
  label: (row) => `order ${row.orderNumber}`,
  snapshotOf: (row, at) => orderLifecycleOf(orderFactsOf(row), () => at),
  store: (trx, row, next) => updateOrderLifecycle(trx, row.id, 'refundPending', columnsOf(next)),
};

/** The order, or "Order not found" when there is none or (for a customer) it is someone else's. */
const orderFor = async (db: Db, id: number, ownerId: number | null): Promise<OrderRow> =>
  ownedRecord(await findOrderRow(db, id), ownerId, 'order_not_found');

/** A damage claim's photo must be an image its customer uploaded. */
async function checkClaimPhoto(db: Db, event: OrderEventRequest, row: OrderRow): Promise<void> {
  if (event.type !== 'order.claimDamage') return;
  const upload = await findUpload(db, event.photoId);
  if (!upload || upload.userId !== row.userId) throw Refusal.of('upload_not_found');
  if (!(IMAGE_TYPES as readonly string[]).includes(upload.contentType))
    throw new Refusal('upload_not_image', lifecycleMessages.notAnImage);
}

/**
 * Takes one step of the order's life: the chart, in the order's stored state at the server's
 * clock, must accept the event from this sender (else its refusal, 409); its next state and
 * facts are stored with the step's event row (a cancellation also puts the units back in
 * stock). A customer reaches only their own orders
 * (`ownerId`); staff pass null. An online order that now waits for its refund is refunded
 * through the gateway at once (the scheduler retries it if the gateway fails).
 */
export async function sendOrderEvent(
  deps: LifecycleDeps,
  {
    orderId,
    ownerId,
    event,
    sender,
  }: { orderId: number; ownerId: number | null; event: OrderEventRequest; sender: Sender },
): Promise<OrderRead> {
  const { db, now } = deps;
  const row = await orderFor(db, orderId, ownerId);
  await checkClaimPhoto(db, event, row);
  const at = now();
  // A delivery is checked against when the order shipped (docs/product-rules.md, Orders and bookings after the sale).
  const shippedAt =
    event.type === 'order.deliver' ? await lastStepAt(db, 'order', row.id, 'order.ship') : null;
  const snapshot = orderLifecycleOf({ ...orderFactsOf(row), shippedAt }, () => at);
  const full = { ...event, by: sender.by } as OrderLifecycleEvent;
  const next = nextOrRefuse(orderLifecycleMachine, snapshot, full, whyOrderRefused);
  await commitStep(db, {
    kind: 'order',
    recordId: row.id,
    from: row.orderStatus,
    to: next.value,
    event: event.type,
    sender,
    at,
    note: noteOf(event),
    data: dataOf(event),
    store: (trx) => updateOrderLifecycle(trx, row.id, row.orderStatus, columnsOf(next)),
    // A cancelled order never left the shop: its units go back on the shelf with the step.
    alsoWrite:
      event.type === 'order.cancel'
        ? (trx) => returnStock(trx, row.id, { userId: sender.userId, at: at.toISOString() })
        : undefined,
  });
  if (next.value === 'refundPending')
    await settleOrderRefund(deps, row.id).catch(logRefundFailure('order', row.id));
  return readOrder(db, await orderFor(db, row.id, null));
}

/**
 * Pays back an online order waiting for its refund
 * (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md): the intent is the order's
 * committed `refundPending`; the provider is asked outside any transaction with the refund's
 * idempotency key; then, in one transaction, the payment goes used -> refunded with the
 * provider's refund id and the chart takes `refund.completed` from the server. A failure
 * anywhere leaves the order pending, and the retry asks the provider with the same key: one
 * refund. False when there is nothing to do (not pending, paid in cash, settled meanwhile by
 * another process).
 */
export function settleOrderRefund(deps: LifecycleDeps, orderId: number): Promise<boolean> {
  return settleRecordRefund(deps, REFUNDABLE_ORDER, orderId);
}

/** The scheduler's refunds job: every online order still waiting for its refund. */
export async function settlePendingOrderRefunds(deps: LifecycleDeps): Promise<number> {
  return settleEachRefund('order', await findOrdersAwaitingRefund(deps.db), (id) =>
    settleOrderRefund(deps, id),
  );
}

/** The order as its customer reads it (GET /api/orders/{id}), or "not found". */
export async function readOwnOrder(db: Db, userId: number, orderId: number): Promise<OrderRead> {
  return readOrder(db, await orderFor(db, orderId, userId));
}

/** The order and what staff may do with it now (GET /api/admin/orders/{id}). */
export async function readOrderForStaff(db: Db, orderId: number, now: Date) {
  const row = await orderFor(db, orderId, null);
  return { row, order: await readOrder(db, row), snapshot: orderLifecycleOf(orderFactsOf(row), () => now) };
}
