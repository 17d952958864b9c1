import {
  orderLifecycleMachine,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
} from '../../../machines/order-lifecycle/order-lifecycle.machine.ts';
import { modelTime, type EventFixtures, type MachineModel } from './coverage.ts';
import { HOUR, MINUTE } from '../../support/clock.ts';

const order = (overrides: Partial<OrderLifecycleInput>): OrderLifecycleInput => ({
  paymentMethod: 'online',
  paymentStatus: 'completed',
  placedAt: modelTime(-10 * MINUTE),
  shipment: null,
  deliveredAt: null,
  claim: null,
  ...overrides,
});

const shipment = { carrier: 'India Post', trackingNumber: 'EK123456789IN' };
const claim = { note: 'The idol arrived cracked.', photoId: 'upl_abcdefghijklmnopqrstuvwx' };

/** Every event from every sender that might try it, and the deliveries the time guards tell apart. */
const events = {
  'order.pack': [
    { type: 'order.pack', by: 'staff' },
    { type: 'order.pack', by: 'customer' },
  ],
  'order.ship': [
    { type: 'order.ship', by: 'staff', ...shipment },
    { type: 'order.ship', by: 'customer', ...shipment },
  ],
  'order.deliver': [
    { type: 'order.deliver', by: 'staff', deliveredAt: undefined },
    // The courier delivered it two days ago: the damage-claim window has already passed.
    { type: 'order.deliver', by: 'staff', deliveredAt: modelTime(-48 * HOUR) },
    { type: 'order.deliver', by: 'staff', deliveredAt: modelTime(HOUR) },
    { type: 'order.deliver', by: 'customer', deliveredAt: undefined },
  ],
  'order.cancel': [
    { type: 'order.cancel', by: 'customer', reason: 'Ordered by mistake' },
    { type: 'order.cancel', by: 'staff', reason: 'Out of stock at the supplier' },
    { type: 'order.cancel', by: 'system', reason: 'No such thing' },
  ],
  'order.claimDamage': [
    { type: 'order.claimDamage', by: 'customer', ...claim },
    { type: 'order.claimDamage', by: 'staff', ...claim },
  ],
  'order.approveClaim': [
    { type: 'order.approveClaim', by: 'staff', note: undefined },
    { type: 'order.approveClaim', by: 'customer', note: undefined },
  ],
  'order.rejectClaim': [
    { type: 'order.rejectClaim', by: 'staff', reason: 'The photo shows no damage' },
    { type: 'order.rejectClaim', by: 'customer', reason: 'Changed my mind' },
  ],
  'refund.completed': [
    { type: 'refund.completed', by: 'system', reference: undefined },
    { type: 'refund.completed', by: 'staff', reference: 'NEFT 4411' },
  ],
} satisfies EventFixtures<OrderLifecycleEvent>;

export const orderLifecycleModel: MachineModel<typeof orderLifecycleMachine> = {
  name: 'order-lifecycle',
  machine: orderLifecycleMachine,
  inputs: [
    { label: 'online, placed 10 minutes ago', input: order({}) },
    { label: 'online, placed 2 hours ago', input: order({ placedAt: modelTime(-2 * HOUR) }) },
    {
      label: 'cash on delivery, placed 10 minutes ago',
      input: order({ paymentMethod: 'cod', paymentStatus: 'pending' }),
    },
  ],
  events,
  actors: {},
  abstract: ({ context }) => ({
    paymentStatus: context.paymentStatus,
    shipment: context.shipment !== null,
    deliveredAt: context.deliveredAt,
    claim: context.claim !== null,
  }),
};
