import { and, assign, not, or, setup } from 'xstate';
import { byGuards } from '../shared/lifecycle-guards.ts';
import type { LifecycleActor, Shipment } from '../../contract/lifecycle.ts';
import type { OrderEventRequest } from '../../contract/lifecycle-events.ts';
import type { PaymentStatus } from '../../contract/orders.ts';
import { type PaymentMethod, paymentMethods } from '../../contract/payment-methods.ts';
import { cancelDeadline, damageClaimDeadline, latestDeliveryAt } from '../../contract/policy.ts';

/** Every event of the order lifecycle: the API's body plus who sent it (the server says who). */
export type OrderLifecycleEvent = OrderEventRequest & { by: LifecycleActor };

/**
 * What the order lifecycle knows of an order: the facts its guards read and what its steps
 * record. The server keeps it in the order's row; `now` is the clock the time guards read
 * (injected: the server's clock, a test's fake one).
 */
export interface OrderLifecycleContext {
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** When it was placed (and, online, paid): the cancel window runs from here. */
  placedAt: string;
  shipment: Shipment | null;
  /** When it was shipped (null when not known): no delivery is recorded before it. */
  shippedAt: string | null;
  /** When it was delivered: the damage-claim window runs from here. */
  deliveredAt: string | null;
  claim: { note: string; photoId: string; claimedAt: string } | null;
  now: () => Date;
}

export type OrderLifecycleInput = Omit<OrderLifecycleContext, 'now' | 'shippedAt'> & {
  now?: () => Date;
  shippedAt?: string | null;
};

const isBefore = (deadline: number, now: Date) => !Number.isNaN(deadline) && now.getTime() < deadline;

/**
 * The life of an order after it is placed (docs/product-rules.md, Orders and bookings after the
 * sale). The server runs this chart to allow or refuse every step; the SPA asks it the same
 * questions (`snapshot.can`) to show only the actions that will be allowed.
 *
 * processing → packed → shipped → delivered, each step the staff's. The customer may cancel
 * within the cancel window while it is processing or packed, staff until it ships: an online
 * order then waits for its refund (refundPending → refunded, settled by the server through the
 * payment gateway), cash on delivery is simply cancelled. A delivered order may be claimed as
 * damaged within the claim window (a photo and a note); staff approve the claim (a refund) or
 * reject it with a reason. A refund of cash on delivery is paid outside the gateway and
 * recorded by staff.
 */
export const orderLifecycleMachine = setup({
  types: {
    context: {} as OrderLifecycleContext,
    events: {} as OrderLifecycleEvent,
    input: {} as OrderLifecycleInput,
  },
  actions: {
    recordShipment: assign({
      shipment: ({ event }) =>
        event.type === 'order.ship' ? { carrier: event.carrier, trackingNumber: event.trackingNumber } : null,
      shippedAt: ({ context }) => context.now().toISOString(),
    }),
    recordDelivery: assign({
      // A time within the allowed clock skew ahead is kept as now: nothing is stored as still to come.
      deliveredAt: ({ context, event }) => {
        const now = context.now();
        const given =
          event.type === 'order.deliver' && event.deliveredAt ? Date.parse(event.deliveredAt) : NaN;
        return Number.isNaN(given) || given > now.getTime()
          ? now.toISOString()
          : new Date(given).toISOString();
      },
      // Cash on delivery is paid when it is delivered.
      paymentStatus: ({ context }) =>
        paymentMethods[context.paymentMethod].paidUpFront ? context.paymentStatus : 'completed',
    }),
    recordClaim: assign({
      claim: ({ context, event }) =>
        event.type === 'order.claimDamage'
          ? { note: event.note, photoId: event.photoId, claimedAt: context.now().toISOString() }
          : context.claim,
    }),
    recordRefund: assign({ paymentStatus: 'refunded' as const }),
  },
  guards: {
    ...byGuards,
    isPaidOnline: ({ context }) => paymentMethods[context.paymentMethod].paidUpFront,
    isWithinCancelWindow: ({ context }) => isBefore(cancelDeadline(context.placedAt), context.now()),
    isWithinClaimWindow: ({ context }) =>
      context.deliveredAt !== null && isBefore(damageClaimDeadline(context.deliveredAt), context.now()),
    /** The customer within the cancel window, or staff (until it ships: only the states before offer it). */
    mayCancel: or([and(['byCustomer', 'isWithinCancelWindow']), 'byStaff']),
    /** Online, the server settles a refund through the payment gateway; cash is paid back by staff. */
    isRefundSettler: or([and(['isPaidOnline', 'bySystem']), and([not('isPaidOnline'), 'byStaff'])]),
    /**
     * A delivery recorded for a past instant (a few minutes of clock skew allowed), never for one
     * still to come nor before the order shipped.
     */
    isDeliveryTimeFitting: ({ context, event }) => {
      if (event.type !== 'order.deliver' || event.deliveredAt === undefined) return true;
      const at = Date.parse(event.deliveredAt);
      if (Number.isNaN(at) || at > latestDeliveryAt(context.now())) return false;
      return context.shippedAt === null || !(at < Date.parse(context.shippedAt));
    },
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => ({
    ...input,
    shippedAt: input.shippedAt ?? null,
    now: input.now ?? (() => new Date()),
  }),
  initial: 'processing',
  states: {
    processing: {
      on: {
        'order.pack': { guard: 'byStaff', target: 'packed' },
        'order.cancel': [
          { guard: and(['mayCancel', 'isPaidOnline']), target: 'refundPending' },
          { guard: 'mayCancel', target: 'cancelled' },
        ],
      },
    },
    packed: {
      on: {
        'order.ship': { guard: 'byStaff', target: 'shipped', actions: 'recordShipment' },
        'order.cancel': [
          { guard: and(['mayCancel', 'isPaidOnline']), target: 'refundPending' },
          { guard: 'mayCancel', target: 'cancelled' },
        ],
      },
    },
    shipped: {
      on: {
        'order.deliver': {
          guard: and(['byStaff', 'isDeliveryTimeFitting']),
          target: 'delivered',
          actions: 'recordDelivery',
        },
      },
    },
    delivered: {
      on: {
        'order.claimDamage': {
          guard: and(['byCustomer', 'isWithinClaimWindow']),
          target: 'damageClaimed',
          actions: 'recordClaim',
        },
      },
    },
    damageClaimed: {
      on: {
        'order.approveClaim': { guard: 'byStaff', target: 'refundPending' },
        'order.rejectClaim': { guard: 'byStaff', target: 'claimRejected' },
      },
    },
    claimRejected: { type: 'final' },
    cancelled: { type: 'final' },
    refundPending: {
      on: {
        'refund.completed': {
          guard: 'isRefundSettler',
          target: 'refunded',
          actions: 'recordRefund',
        },
      },
    },
    refunded: { type: 'final' },
  },
});
