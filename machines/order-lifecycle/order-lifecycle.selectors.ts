import type { SnapshotFrom } from 'xstate';
import {
  lifecycleMessages,
  orderStateLabels,
  stepLabels,
  type LifecycleActor,
  type LifecycleRefusal,
} from '../../contract/lifecycle.ts';
import { ORDER_EVENT_TYPES, type OrderEventType } from '../../contract/lifecycle-events.ts';
import type { OrderRead } from '../../contract/orders.ts';
import { cancelDeadline, damageClaimDeadline, latestDeliveryAt } from '../../contract/policy.ts';
import {
  orderLifecycleMachine,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
} from './order-lifecycle.machine.ts';

export type OrderLifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>;

/** The facts of an order the lifecycle reads, from the order as the API reads it back. */
export type OrderLifecycleFacts = Pick<
  OrderRead,
  'orderStatus' | 'paymentMethod' | 'paymentStatus' | 'createdAt' | 'shipment' | 'deliveredAt' | 'claim'
> & {
  /** When it shipped (the ship step's time); the server reads it for a delivery. */
  shippedAt?: string | null;
};

/**
 * The order's lifecycle where it is now: its stored state and facts, and the clock its time
 * guards read. The server asks it whether a step is allowed; the SPA asks it which buttons to show.
 */
export function orderLifecycleOf(order: OrderLifecycleFacts, now: () => Date = () => new Date()) {
  const context: Required<OrderLifecycleInput> = {
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    placedAt: order.createdAt,
    shipment: order.shipment,
    shippedAt: order.shippedAt ?? null,
    deliveredAt: order.deliveredAt,
    claim: order.claim,
    now,
  };
  return orderLifecycleMachine.resolveState({ value: order.orderStatus, context });
}

const handles = (snapshot: OrderLifecycleSnapshot, type: string) =>
  orderLifecycleMachine.root.states[snapshot.value]?.transitions.has(type) ?? false;

/**
 * Why the lifecycle refuses `event` where it is (null when it accepts it), for the message and
 * code the API answers with. The decision is the chart's (`snapshot.can`); this only says why,
 * from the same policy figures its guards use.
 */
export function whyOrderRefused(
  snapshot: OrderLifecycleSnapshot,
  event: OrderLifecycleEvent,
): LifecycleRefusal | null {
  if (snapshot.can(event)) return null;
  const state = snapshot.value;
  if (!handles(snapshot, event.type))
    return {
      code: 'lifecycle_wrong_state',
      message: lifecycleMessages.wrongState(
        'order',
        orderStateLabels[state].toLowerCase(),
        stepLabels[event.type] ?? event.type,
      ),
    };
  if (event.type === 'order.cancel' && event.by === 'customer')
    return { code: 'lifecycle_window_passed', message: lifecycleMessages.orderCancelWindow };
  if (event.type === 'order.claimDamage' && event.by === 'customer')
    return { code: 'lifecycle_window_passed', message: lifecycleMessages.claimWindow };
  if (event.type === 'order.deliver' && event.by === 'staff')
    return {
      code: 'lifecycle_invalid',
      message:
        event.deliveredAt !== undefined &&
        !(Date.parse(event.deliveredAt) <= latestDeliveryAt(snapshot.context.now()))
          ? lifecycleMessages.deliveryInFuture
          : lifecycleMessages.deliveryBeforeShipment,
    };
  return { code: 'lifecycle_not_allowed', message: lifecycleMessages.notAllowed };
}

/** An event of this type from `by` with neutral data: what `can` is asked to list the allowed steps. */
export function orderEventTemplate(type: OrderEventType, by: LifecycleActor): OrderLifecycleEvent {
  switch (type) {
    case 'order.ship':
      return { type, by, carrier: 'carrier', trackingNumber: 'TRACK0' };
    case 'order.cancel':
    case 'order.rejectClaim':
      return { type, by, reason: 'reason' };
    case 'order.claimDamage':
      return { type, by, note: 'note', photoId: 'upl_000000000000000000000000' };
    case 'order.approveClaim':
      return { type, by, note: undefined };
    case 'refund.completed':
      return { type, by, reference: undefined };
    case 'order.deliver':
      return { type, by, deliveredAt: undefined };
    case 'order.pack':
      return { type, by };
  }
}

/** The steps `by` may take now, in the order of the chart (the back office offers these). */
export function allowedOrderEvents(snapshot: OrderLifecycleSnapshot, by: LifecycleActor): OrderEventType[] {
  return ORDER_EVENT_TYPES.filter((type) => snapshot.can(orderEventTemplate(type, by)));
}

/** Until when the customer may cancel (ms since the epoch), while the chart still offers it. */
export const orderCancelDeadline = (snapshot: OrderLifecycleSnapshot) =>
  cancelDeadline(snapshot.context.placedAt);

/** Until when damage may be reported (ms since the epoch), once delivered. */
export const orderClaimDeadline = (snapshot: OrderLifecycleSnapshot) =>
  snapshot.context.deliveredAt === null ? NaN : damageClaimDeadline(snapshot.context.deliveredAt);
