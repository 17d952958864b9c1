import { createActor, transition } from 'xstate';
import { ORDER_STATES, lifecycleMessages } from '../../contract/lifecycle.ts';
import {
  CANCEL_WINDOW_HOURS,
  DAMAGE_CLAIM_WINDOW_HOURS,
  DELIVERY_CLOCK_SKEW_MINUTES,
  HOUR_MS,
} from '../../contract/policy.ts';
import {
  orderLifecycleMachine,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
} from '../../machines/order-lifecycle/order-lifecycle.machine.ts';
import {
  allowedOrderEvents,
  orderLifecycleOf,
  whyOrderRefused,
  type OrderLifecycleFacts,
} from '../../machines/order-lifecycle/order-lifecycle.selectors.ts';
import { TestClock } from '../support/clock.ts';

const PLACED = '2026-03-02T06:00:00.000Z';
const facts = (overrides: Partial<OrderLifecycleFacts> = {}): OrderLifecycleFacts => ({
  orderStatus: 'processing',
  paymentMethod: 'online',
  paymentStatus: 'completed',
  createdAt: PLACED,
  shipment: null,
  deliveredAt: null,
  claim: null,
  ...overrides,
});
const cancel = (by: OrderLifecycleEvent['by']): OrderLifecycleEvent => ({
  type: 'order.cancel',
  by,
  reason: 'Ordered by mistake',
});
const claim: OrderLifecycleEvent = {
  type: 'order.claimDamage',
  by: 'customer',
  note: 'Cracked',
  photoId: 'upl_abcdefghijklmnopqrstuvwx',
};

const orderInput = (): OrderLifecycleInput => ({
  paymentMethod: 'online',
  paymentStatus: 'completed',
  placedAt: PLACED,
  shipment: null,
  deliveredAt: null,
  claim: null,
});

describe('order lifecycle', () => {
  it('has exactly the states the contract and the database name', () => {
    expect(Object.keys(orderLifecycleMachine.root.states).sort()).toEqual([...ORDER_STATES].sort());
  });

  it('goes processing → packed → shipped → delivered by staff, recording the shipment and the delivery', () => {
    const clock = new TestClock(PLACED);
    const input: OrderLifecycleInput = {
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      placedAt: PLACED,
      shipment: null,
      deliveredAt: null,
      claim: null,
      now: clock.now,
    };
    const actor = createActor(orderLifecycleMachine, { input }).start();
    actor.send({ type: 'order.pack', by: 'staff' });
    actor.send({ type: 'order.ship', by: 'staff', carrier: 'India Post', trackingNumber: 'EK1234IN' });
    clock.advance(3 * 24 * HOUR_MS);
    actor.send({ type: 'order.deliver', by: 'staff', deliveredAt: undefined });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('delivered');
    expect(context.shipment).toEqual({ carrier: 'India Post', trackingNumber: 'EK1234IN' });
    expect(context.deliveredAt).toBe('2026-03-05T06:00:00.000Z');
    // Cash on delivery is paid on delivery.
    expect(context.paymentStatus).toBe('completed');
  });

  it('lets the customer cancel until exactly the end of the cancel window, staff until it ships', () => {
    const clock = new TestClock(PLACED);
    const order = () => orderLifecycleOf(facts(), clock.now);
    clock.advance(CANCEL_WINDOW_HOURS * HOUR_MS - 1);
    expect(order().can(cancel('customer'))).toBe(true);
    clock.advance(1);
    expect(order().can(cancel('customer'))).toBe(false);
    expect(whyOrderRefused(order(), cancel('customer'))).toMatchObject({ code: 'lifecycle_window_passed' });
    expect(order().can(cancel('staff'))).toBe(true);
    expect(orderLifecycleOf(facts({ orderStatus: 'packed' }), clock.now).can(cancel('staff'))).toBe(true);
    const shipped = orderLifecycleOf(facts({ orderStatus: 'shipped' }), clock.now);
    expect(shipped.can(cancel('staff'))).toBe(false);
    expect(whyOrderRefused(shipped, cancel('staff'))).toEqual({
      code: 'lifecycle_wrong_state',
      message: 'This order is shipped: cancelling it is not possible now.',
    });
  });

  it('sends a cancelled online order to its refund, and a cash-on-delivery order to cancelled', () => {
    const clock = new TestClock(PLACED);
    const [online] = transition(
      orderLifecycleMachine,
      orderLifecycleOf(facts(), clock.now),
      cancel('customer'),
    );
    expect(online.value).toBe('refundPending');
    const cod = orderLifecycleOf(facts({ paymentMethod: 'cod', paymentStatus: 'pending' }), clock.now);
    const [cash] = transition(orderLifecycleMachine, cod, cancel('customer'));
    expect(cash.value).toBe('cancelled');
    expect(cash.status).toBe('done');
  });

  it('settles an online refund only from the server, a cash refund only from staff', () => {
    const pending = (paymentMethod: 'online' | 'cod') =>
      orderLifecycleOf(facts({ orderStatus: 'refundPending', paymentMethod }));
    const settle = (by: OrderLifecycleEvent['by']): OrderLifecycleEvent => ({
      type: 'refund.completed',
      by,
      reference: undefined,
    });
    expect(pending('online').can(settle('system'))).toBe(true);
    expect(pending('online').can(settle('staff'))).toBe(false);
    expect(pending('cod').can(settle('staff'))).toBe(true);
    expect(pending('cod').can(settle('system'))).toBe(false);
    const [refunded] = transition(orderLifecycleMachine, pending('online'), settle('system'));
    expect(refunded.context.paymentStatus).toBe('refunded');
  });

  it('takes a damage claim from the customer within 24 hours of delivery, and not a minute later', () => {
    const deliveredAt = '2026-03-05T10:00:00.000Z';
    const clock = new TestClock(deliveredAt);
    const delivered = () => orderLifecycleOf(facts({ orderStatus: 'delivered', deliveredAt }), clock.now);
    clock.advance(DAMAGE_CLAIM_WINDOW_HOURS * HOUR_MS - 60_000);
    expect(delivered().can(claim)).toBe(true);
    const [claimed] = transition(orderLifecycleMachine, delivered(), claim);
    expect(claimed.value).toBe('damageClaimed');
    expect(claimed.context.claim).toEqual({
      note: 'Cracked',
      photoId: 'upl_abcdefghijklmnopqrstuvwx',
      claimedAt: '2026-03-06T09:59:00.000Z',
    });
    clock.advance(60_000);
    expect(delivered().can(claim)).toBe(false);
    expect(whyOrderRefused(delivered(), claim)).toMatchObject({ code: 'lifecycle_window_passed' });
    expect(whyOrderRefused(delivered(), { ...claim, by: 'staff' })).toMatchObject({
      code: 'lifecycle_not_allowed',
    });
  });

  it('refuses a delivery recorded for a time still to come', () => {
    const clock = new TestClock(PLACED);
    const shipped = orderLifecycleOf(facts({ orderStatus: 'shipped' }), clock.now);
    const later: OrderLifecycleEvent = {
      type: 'order.deliver',
      by: 'staff',
      deliveredAt: '2026-03-02T07:00:00.000Z',
    };
    expect(whyOrderRefused(shipped, later)).toMatchObject({ code: 'lifecycle_invalid' });
    clock.advance(HOUR_MS);
    expect(shipped.can(later)).toBe(true);
  });

  it('allows a delivery time a few minutes ahead (clock skew), kept as now, and none before the shipment', () => {
    const clock = new TestClock(PLACED);
    const actor = createActor(orderLifecycleMachine, {
      input: { ...orderInput(), now: clock.now },
    }).start();
    actor.send({ type: 'order.pack', by: 'staff' });
    actor.send({ type: 'order.ship', by: 'staff', carrier: 'DTDC', trackingNumber: 'D1' });
    expect(actor.getSnapshot().context.shippedAt).toBe(PLACED);
    clock.advance(2 * 24 * HOUR_MS);
    const deliver = (deliveredAt: string): OrderLifecycleEvent => ({
      type: 'order.deliver',
      by: 'staff',
      deliveredAt,
    });
    const shipped = actor.getSnapshot();
    // Before it shipped: refused, saying so.
    const early = deliver(new Date(Date.parse(PLACED) - 60_000).toISOString());
    expect(shipped.can(early)).toBe(false);
    expect(whyOrderRefused(shipped, early)).toEqual({
      code: 'lifecycle_invalid',
      message: lifecycleMessages.deliveryBeforeShipment,
    });
    // Beyond the allowed skew ahead: refused as in the future.
    const now = clock.now().getTime();
    const ahead = deliver(new Date(now + DELIVERY_CLOCK_SKEW_MINUTES * 60_000 + 1).toISOString());
    expect(whyOrderRefused(shipped, ahead)).toEqual({
      code: 'lifecycle_invalid',
      message: lifecycleMessages.deliveryInFuture,
    });
    // Within the skew: taken, and stored as now.
    const [delivered] = transition(
      orderLifecycleMachine,
      shipped,
      deliver(new Date(now + DELIVERY_CLOCK_SKEW_MINUTES * 60_000).toISOString()),
    );
    expect(delivered.value).toBe('delivered');
    expect(delivered.context.deliveredAt).toBe(new Date(now).toISOString());
  });

  it('lists the steps each sender may take now', () => {
    const clock = new TestClock(PLACED);
    expect(allowedOrderEvents(orderLifecycleOf(facts(), clock.now), 'staff')).toEqual([
      'order.pack',
      'order.cancel',
    ]);
    expect(allowedOrderEvents(orderLifecycleOf(facts(), clock.now), 'customer')).toEqual(['order.cancel']);
    clock.advance(2 * HOUR_MS);
    expect(allowedOrderEvents(orderLifecycleOf(facts(), clock.now), 'customer')).toEqual([]);
    expect(allowedOrderEvents(orderLifecycleOf(facts({ orderStatus: 'damageClaimed' })), 'staff')).toEqual([
      'order.approveClaim',
      'order.rejectClaim',
    ]);
    expect(allowedOrderEvents(orderLifecycleOf(facts({ orderStatus: 'refunded' })), 'staff')).toEqual([]);
  });
});
