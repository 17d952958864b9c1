/**
 * The life of an order after it is placed, through the customer's and the staff's APIs
 * (docs/product-rules.md, Orders and bookings after the sale): every transition of
 * machines/order-lifecycle/, and every refusal (the wrong role, the wrong state, the window
 * passed, another customer's order, a photo that is not an image), each leaving nothing changed.
 */
import { formatRupees } from '../../contract/money.ts';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import type { OrderRead } from '../../contract/orders.ts';
import { call } from '../support/accounts.ts';
import {
  DAY,
  HOUR,
  HTML,
  MINUTE,
  orderEvent,
  placeOrder,
  readOrder,
  staffOrder,
  upload,
  uploadPhoto,
} from '../support/lifecycle.ts';
import { stockOf } from '../support/orders.ts';
import { paymentStatus } from '../support/payments.ts';
import { DELIVERY_CLOCK_SKEW_MINUTES } from '../../contract/policy.ts';
import { expectClearRefusal, expectNothingChanged } from '../security/security-shop.ts';
import { lifecycleShopPerFile } from '../support/prelude.ts';

const shop = lifecycleShopPerFile({ clockAtNow: true });

const cancel = { type: 'order.cancel', reason: 'Ordered the wrong size' };
const steps = (order: OrderRead) => order.timeline.map((entry) => `${entry.by}:${entry.event}>${entry.to}`);
const staffEvent = (id: number, event: object) => orderEvent(shop, shop.staff.token, id, event, true);

/** The order through the staff's steps to `delivered`. */
async function deliver(id: number) {
  for (const event of [
    { type: 'order.pack' },
    { type: 'order.ship', carrier: 'India Post', trackingNumber: 'EK123456789IN' },
    { type: 'order.deliver' },
  ])
    expect((await staffEvent(id, event)).status).toBe(200);
}

describe('the customer cancels', () => {
  it('an online order within the hour: refunded through the gateway at once, every step on the timeline', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    shop.clock.advance(59 * MINUTE);
    const res = await orderEvent(shop, shop.me.token, order.id, cancel);
    expect(res.status).toBe(200);
    const after = (res.body as { order: OrderRead }).order;
    expect(after.orderStatus).toBe('refunded');
    expect(after.paymentStatus).toBe('refunded');
    expect(after.refund).toMatchObject({ amount: order.total, status: 'refunded' });
    expect(after.refund?.reference).toMatch(/^simrfnd_/);
    expect(steps(after)).toEqual([
      'customer:order.placed>processing',
      'customer:order.cancel>refundPending',
      'system:refund.completed>refunded',
    ]);
    expect(after.timeline[1]).toMatchObject({ from: 'processing', note: 'Ordered the wrong size' });
    expect(await paymentStatus(shop.db, order.paymentId!)).toBe('refunded');
    // The customer reads the same.
    expect(await readOrder(shop, shop.me, order.id)).toEqual(after);
  });

  it('cash on delivery: cancelled, nothing to refund, the unit back in stock', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const stock = await stockOf(shop.db, shop.productId);
    const res = await orderEvent(shop, shop.me.token, order.id, cancel);
    expect(await stockOf(shop.db, shop.productId)).toBe(stock + 1);
    expect(res.status).toBe(200);
    const after = (res.body as { order: OrderRead }).order;
    expect(after).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'pending', refund: null });
  });

  it('while packed too, but not once the hour has passed (409, nothing changed)', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    expect((await staffEvent(order.id, { type: 'order.pack' })).status).toBe(200);
    shop.clock.advance(HOUR);
    await expectNothingChanged(shop.db, async () => {
      const res = await orderEvent(shop, shop.me.token, order.id, cancel);
      expectClearRefusal(res, 409);
      expect(res.body).toEqual({
        code: 'lifecycle_window_passed',
        message: lifecycleMessages.orderCancelWindow,
      });
    });
    shop.clock.set(new Date(Date.parse(order.createdAt) + 59 * MINUTE));
    const res = await orderEvent(shop, shop.me.token, order.id, cancel);
    expect((res.body as { order: OrderRead }).order.orderStatus).toBe('refunded');
  });

  it('never once it has shipped (409 wrong state, nothing changed)', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    await deliver(order.id);
    await expectNothingChanged(shop.db, async () => {
      const res = await orderEvent(shop, shop.me.token, order.id, cancel);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'lifecycle_wrong_state',
        message: 'This order is delivered: cancelling it is not possible now.',
      });
    });
  });

  it('never another customer’s order (404, as for an unknown one, nothing changed)', async () => {
    const theirs = await placeOrder(shop, shop.other, shop.otherAddressId, 'online');
    await expectNothingChanged(shop.db, async () => {
      for (const id of [theirs.id, 999_999])
        expectClearRefusal(await orderEvent(shop, shop.me.token, id, cancel), 404, `order ${id}`);
    });
  });

  it('needs a reason and a known step (400, nothing changed)', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await expectNothingChanged(shop.db, async () => {
      for (const body of [
        { type: 'order.cancel' },
        { type: 'order.cancel', reason: '   ' },
        { type: 'order.cancel', reason: 'x'.repeat(501) },
        { type: 'order.explode' },
        { reason: 'no type' },
      ])
        expectClearRefusal(await orderEvent(shop, shop.me.token, order.id, body), 400, JSON.stringify(body));
    });
  });
});

describe('staff work an order through', () => {
  it('packed → shipped (carrier, tracking) → delivered, each step by its staff member, cash paid on delivery', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    expect(staffOrder(await staffEvent(order.id, { type: 'order.pack' })).allowedEvents).toEqual([
      'order.ship',
      'order.cancel',
    ]);
    const shipped = staffOrder(
      await staffEvent(order.id, {
        type: 'order.ship',
        carrier: ' India Post ',
        trackingNumber: 'EK123456789IN',
      }),
    );
    expect(shipped.shipment).toEqual({ carrier: 'India Post', trackingNumber: 'EK123456789IN' });
    shop.clock.advance(2 * DAY);
    const delivered = staffOrder(await staffEvent(order.id, { type: 'order.deliver' }));
    expect(delivered).toMatchObject({
      orderStatus: 'delivered',
      paymentStatus: 'completed',
      deliveredAt: shop.clock.now().toISOString(),
    });
    expect(delivered.timeline.map((e) => [e.event, e.by, e.actorName])).toEqual([
      ['order.placed', 'customer', 'Asha Rao'],
      ['order.pack', 'staff', 'Lakshmi (staff)'],
      ['order.ship', 'staff', 'Lakshmi (staff)'],
      ['order.deliver', 'staff', 'Lakshmi (staff)'],
    ]);
    expect(delivered.timeline[2]?.data).toEqual({ carrier: 'India Post', trackingNumber: 'EK123456789IN' });
    // The customer sees the tracking number and the steps, without staff names.
    const mine = await readOrder(shop, shop.me, order.id);
    expect(mine.shipment?.trackingNumber).toBe('EK123456789IN');
    expect(JSON.stringify(mine)).not.toContain('Lakshmi');
  });

  it('an admin may do the same; staff cancel until it ships', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    shop.clock.advance(3 * HOUR);
    expect((await orderEvent(shop, shop.admin.token, order.id, { type: 'order.pack' }, true)).status).toBe(
      200,
    );
    const res = await staffEvent(order.id, { type: 'order.cancel', reason: 'Damaged in the warehouse' });
    expect(staffOrder(res)).toMatchObject({ orderStatus: 'refunded', paymentStatus: 'refunded' });
  });

  it('refuses what is not the staff’s to do, or not now (409, nothing changed)', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    await expectNothingChanged(shop.db, async () => {
      const early = await staffEvent(order.id, { type: 'order.deliver' });
      expect(early.body).toMatchObject({ code: 'lifecycle_wrong_state' });
      expect(early.status).toBe(409);
      // The customer's own step, sent by staff; staff steps sent by the customer.
      const claim = await staffEvent(order.id, {
        type: 'order.ship',
        carrier: 'DTDC',
        trackingNumber: 'D12345',
      });
      expect(claim.body).toMatchObject({ code: 'lifecycle_wrong_state' });
      const pack = await orderEvent(shop, shop.me.token, order.id, { type: 'order.pack' });
      expect(pack.status).toBe(409);
      expect(pack.body).toEqual({ code: 'lifecycle_not_allowed', message: lifecycleMessages.notAllowed });
      // A settled refund is the server's, never staff's, for an online order.
      const refund = await staffEvent(order.id, { type: 'refund.completed' });
      expect(refund.body).toMatchObject({ code: 'lifecycle_wrong_state' });
    });
    await deliver(order.id);
    await expectNothingChanged(shop.db, async () => {
      const future = await staffEvent(order.id, { type: 'order.deliver' });
      expect(future.status).toBe(409);
    });
  });

  it('refuses a delivery time before the shipment or beyond the clock skew ahead; takes one within it', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    expect((await staffEvent(order.id, { type: 'order.pack' })).status).toBe(200);
    const shippedAt = shop.clock.now().getTime();
    const ship = { type: 'order.ship', carrier: 'DTDC', trackingNumber: 'D7654321' };
    expect((await staffEvent(order.id, ship)).status).toBe(200);
    shop.clock.advance(2 * 24 * 60 * 60_000);
    const now = shop.clock.now().getTime();
    const deliverAt = (ms: number) =>
      staffEvent(order.id, { type: 'order.deliver', deliveredAt: new Date(ms).toISOString() });
    await expectNothingChanged(shop.db, async () => {
      const before = await deliverAt(shippedAt - 60_000);
      expect(before.status).toBe(409);
      expect(before.body).toEqual({
        code: 'lifecycle_invalid',
        message: lifecycleMessages.deliveryBeforeShipment,
      });
      const ahead = await deliverAt(now + DELIVERY_CLOCK_SKEW_MINUTES * 60_000 + 60_000);
      expect(ahead.status).toBe(409);
      expect(ahead.body).toEqual({ code: 'lifecycle_invalid', message: lifecycleMessages.deliveryInFuture });
    });
    const skewed = await deliverAt(now + 60_000);
    expect(skewed.status).toBe(200);
    expect(staffOrder(skewed)).toMatchObject({
      orderStatus: 'delivered',
      deliveredAt: new Date(now).toISOString(),
    });
  });

  it('two staff members packing at once: one step stored, the other refused', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const results = await Promise.all([
      staffEvent(order.id, { type: 'order.pack' }),
      orderEvent(shop, shop.admin.token, order.id, { type: 'order.pack' }, true),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(steps(await readOrder(shop, shop.me, order.id))).toEqual([
      'customer:order.placed>processing',
      'staff:order.pack>packed',
    ]);
  });
});

describe('damage claims', () => {
  it('within 24 hours of delivery with a photo and a note; staff approve: refunded', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    await deliver(order.id);
    shop.clock.advance(23 * HOUR);
    const photoId = await uploadPhoto(shop, shop.me.token);
    const res = await orderEvent(shop, shop.me.token, order.id, {
      type: 'order.claimDamage',
      note: 'The diya arrived bent.\nThe box was crushed.',
      photoId,
    });
    expect(res.status).toBe(200);
    const claimed = (res.body as { order: OrderRead }).order;
    expect(claimed.orderStatus).toBe('damageClaimed');
    expect(claimed.claim).toEqual({
      note: 'The diya arrived bent.\nThe box was crushed.',
      photoId,
      claimedAt: shop.clock.now().toISOString(),
    });
    const approved = staffOrder(await staffEvent(order.id, { type: 'order.approveClaim', note: 'Sorry!' }));
    expect(approved).toMatchObject({
      orderStatus: 'refunded',
      refund: { status: 'refunded', amount: order.total },
    });
    expect(approved.timeline.map((e) => e.event)).toEqual([
      'order.placed',
      'order.pack',
      'order.ship',
      'order.deliver',
      'order.claimDamage',
      'order.approveClaim',
      'refund.completed',
    ]);
    expect(formatRupees(approved.refund!.amount)).toBe(formatRupees(order.total));
  });

  it('staff reject a claim with a reason, which the customer reads', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver(order.id);
    const photoId = await uploadPhoto(shop, shop.me.token);
    await orderEvent(shop, shop.me.token, order.id, {
      type: 'order.claimDamage',
      note: 'Scratched',
      photoId,
    });
    await expectNothingChanged(shop.db, async () => {
      expectClearRefusal(await staffEvent(order.id, { type: 'order.rejectClaim' }), 400);
    });
    const rejected = staffOrder(
      await staffEvent(order.id, {
        type: 'order.rejectClaim',
        reason: 'The scratch is on the packaging only',
      }),
    );
    expect(rejected.orderStatus).toBe('claimRejected');
    const mine = await readOrder(shop, shop.me, order.id);
    expect(mine.timeline.at(-1)).toMatchObject({
      event: 'order.rejectClaim',
      by: 'staff',
      note: 'The scratch is on the packaging only',
    });
  });

  it('cash on delivery: an approved claim is paid back by staff, who record it with a reference', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await deliver(order.id);
    const photoId = await uploadPhoto(shop, shop.me.token);
    await orderEvent(shop, shop.me.token, order.id, { type: 'order.claimDamage', note: 'Broken', photoId });
    expect(staffOrder(await staffEvent(order.id, { type: 'order.approveClaim' })).refund).toMatchObject({
      status: 'pending',
    });
    const refunded = staffOrder(
      await staffEvent(order.id, { type: 'refund.completed', reference: 'UPI 2211' }),
    );
    expect(refunded.refund).toMatchObject({ status: 'refunded', reference: 'UPI 2211' });
    expect(refunded.paymentStatus).toBe('refunded');
  });

  it('refused after 24 hours, from staff, without an image of the customer’s own, and on another’s order', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    await deliver(order.id);
    const mine = await uploadPhoto(shop, shop.me.token);
    const theirs = await uploadPhoto(shop, shop.other.token);
    const claim = (photoId: string) => ({ type: 'order.claimDamage', note: 'Broken', photoId });
    shop.clock.advance(DAY);
    await expectNothingChanged(shop.db, async () => {
      const late = await orderEvent(shop, shop.me.token, order.id, claim(mine));
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ code: 'lifecycle_window_passed', message: lifecycleMessages.claimWindow });
    });
    shop.clock.advance(-HOUR);
    await expectNothingChanged(shop.db, async () => {
      expect((await staffEvent(order.id, claim(mine))).body).toMatchObject({ code: 'lifecycle_not_allowed' });
      const other = await orderEvent(shop, shop.me.token, order.id, claim(theirs));
      expectClearRefusal(other, 404);
      expect(other.body).toMatchObject({ code: 'upload_not_found' });
      expectClearRefusal(
        await orderEvent(shop, shop.me.token, order.id, claim('upl_aaaaaaaaaaaaaaaaaaaaaaaa')),
        404,
      );
      expectClearRefusal(await orderEvent(shop, shop.me.token, order.id, claim('photo.jpg')), 400);
      expectClearRefusal(await orderEvent(shop, shop.other.token, order.id, claim(theirs)), 404);
    });
  });

  it('an upload that is not an image is refused whatever it calls itself (415), and nothing is kept', async () => {
    await expectNothingChanged(shop.db, async () => {
      const res = await upload(shop, shop.me.token, HTML, 'image/jpeg');
      expectClearRefusal(res, 415);
      expect(res.body).toEqual({ code: 'upload_not_image', message: lifecycleMessages.notAnImage });
    });
  });
});

describe('the customer’s order read', () => {
  it('has its timeline from the first step', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    expect(order.timeline).toEqual([
      {
        id: expect.any(Number) as number,
        at: order.createdAt,
        from: null,
        to: 'processing',
        event: 'order.placed',
        by: 'customer',
        note: null,
        data: null,
      },
    ]);
    const res = await call(shop.app, 'GET', `/api/orders/${order.id}`, { token: shop.other.token });
    expectClearRefusal(res, 404);
  });
});
