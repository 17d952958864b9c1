/**
 * Refunds call the provider outside the database transaction, with an idempotency key derived
 * from the refund (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md): the intent
 * is committed first, the provider is asked, then its answer is recorded. A provider that fails
 * after it has accepted the refund (a timeout, a lost answer) leaves the intent in place; the
 * retry asks again with the same key and the customer is refunded exactly once.
 */
import * as v from 'valibot';
import type { OrderRead } from '../../contract/orders.ts';
import { WriteRefusal, paymentMessages } from '../../contract/payments.ts';
import { findPayment } from '../../server/db/repositories/payments.ts';
import type { PaymentGateway, RefundInput } from '../../server/payments/gateway.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import { settlePendingOrderRefunds } from '../../server/services/order-lifecycle.ts';
import {
  expireStalePayments,
  refundKeyOf,
  settleUnconfirmedRefunds,
} from '../../server/services/payments.ts';
import { createLifecycleShop, MINUTE, orderEvent, placeOrder, readOrder } from '../support/lifecycle.ts';
import { send } from '../support/orders.ts';
import { payFor, paymentStatus } from '../support/payments.ts';
import { shopPerFile } from '../support/prelude.ts';

/**
 * A provider as a real one behaves: it keeps one refund per idempotency key (a call without a
 * key is always a new refund), and `failAfterAccepting` makes its next calls throw after the
 * refund was made, as a timeout after the provider accepted does. `made` is every refund it paid.
 */
function providerThatFailsAfterAccepting() {
  const simulated = createSimulatedGateway({ secret: 'refund-idempotency-secret-long-enough!' });
  const byKey = new Map<string, string>();
  const made: { refundId: string; providerPaymentId: string; amount: number }[] = [];
  const provider = {
    made,
    failAfterAccepting: 0,
    gateway: {
      ...simulated,
      refund(input: RefundInput) {
        const key = (input as Partial<RefundInput>).idempotencyKey;
        let refundId = key === undefined ? undefined : byKey.get(key);
        if (refundId === undefined) {
          refundId = `rfnd_${made.length + 1}`;
          made.push({ refundId, providerPaymentId: input.providerPaymentId, amount: input.amount });
          if (key !== undefined) byKey.set(key, refundId);
        }
        if (provider.failAfterAccepting > 0) {
          provider.failAfterAccepting -= 1;
          return Promise.reject(new Error('provider timed out after accepting the refund'));
        }
        return Promise.resolve({ refundId });
      },
    } satisfies PaymentGateway,
  };
  return provider;
}

const shop = shopPerFile(() => createLifecycleShop({ paymentGateway: provider.gateway }));
const provider = providerThatFailsAfterAccepting();
beforeEach(() => {
  shop.clock.set(new Date());
  provider.made.length = 0;
  provider.failAfterAccepting = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const deps = () => ({ db: shop.db, gateway: provider.gateway, now: shop.clock.now });

describe('a cancelled order’s refund, when the provider fails after accepting it', () => {
  it('stays pending, and the retry settles it with the same key: one refund at the provider, the order refunded', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    const payment = await findPayment(shop.db, order.paymentId!);
    provider.failAfterAccepting = 1;

    const res = await orderEvent(shop, shop.me.token, order.id, {
      type: 'order.cancel',
      reason: 'Wrong size',
    });
    expect(res.status).toBe(200);
    expect((res.body as { order: OrderRead }).order.orderStatus).toBe('refundPending');
    expect(provider.made).toHaveLength(1);
    expect(await paymentStatus(shop.db, order.paymentId!)).toBe('used');

    // The scheduler's refunds job tries again.
    shop.clock.advance(5 * MINUTE);
    expect(await settlePendingOrderRefunds(deps())).toBe(1);

    expect(provider.made).toEqual([
      { refundId: 'rfnd_1', providerPaymentId: payment!.providerPaymentId, amount: order.total },
    ]);
    const after = await readOrder(shop, shop.me, order.id);
    expect(after).toMatchObject({ orderStatus: 'refunded', paymentStatus: 'refunded' });
    expect(after.refund).toMatchObject({ status: 'refunded', reference: 'rfnd_1', amount: order.total });
    expect(await findPayment(shop.db, order.paymentId!)).toMatchObject({
      status: 'refunded',
      refundId: 'rfnd_1',
    });
    // Nothing more to do, and nothing more paid.
    expect(await settlePendingOrderRefunds(deps())).toBe(0);
    expect(provider.made).toHaveLength(1);
  });

  it('sends the provider a key derived from the payment and its capture, the same on every try', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    const payment = (await findPayment(shop.db, order.paymentId!))!;
    const keys: string[] = [];
    const refund = provider.gateway.refund.bind(provider.gateway);
    provider.gateway.refund = (input) => {
      keys.push(input.idempotencyKey);
      return refund(input);
    };
    try {
      provider.failAfterAccepting = 2;
      await orderEvent(shop, shop.me.token, order.id, { type: 'order.cancel', reason: 'Wrong size' });
      await settlePendingOrderRefunds(deps());
      await settlePendingOrderRefunds(deps());
    } finally {
      provider.gateway.refund = refund;
    }
    expect(keys).toEqual(Array(3).fill(refundKeyOf(payment.id, payment.providerPaymentId!)));
    expect(provider.made).toHaveLength(1);
    expect((await readOrder(shop, shop.me, order.id)).orderStatus).toBe('refunded');
  });
});

describe('a refused write’s refund, when the provider fails after accepting it', () => {
  it('is recorded at once; the refunds job confirms it with the same key, and the expiry sweep pays nothing more', async () => {
    const body = {
      address_id: shop.myAddressId,
      items: [{ product_id: shop.productId, quantity: 1 }],
      payment_method: 'online',
    };
    const id = await payFor(shop.app, shop.me.token, 'order', body);
    provider.failAfterAccepting = 1;
    // Paid for one, ordering two: refused, and the payment goes back.
    const res = await send(shop.app, 'POST', '/api/orders', {
      json: { ...body, items: [{ product_id: shop.productId, quantity: 2 }], payment_id: id },
      token: shop.me.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    const refusal = v.parse(WriteRefusal, res.body);
    expect(refusal.code).toBe('payment_amount_mismatch');
    expect(refusal.refunded).toEqual({ paymentId: id, amount: 550 });
    expect(refusal.message).toBe(`${paymentMessages.amountMismatch} ${paymentMessages.refunded('₹550')}`);
    expect(provider.made).toHaveLength(1);
    expect(await findPayment(shop.db, id)).toMatchObject({ status: 'refunded', refundId: null });

    // Not before its own call has had its minute; then asked again, with the same key.
    expect(await settleUnconfirmedRefunds(shop.db, provider.gateway, shop.clock.now())).toBe(0);
    shop.clock.advance(2 * MINUTE);
    expect(await settleUnconfirmedRefunds(shop.db, provider.gateway, shop.clock.now())).toBe(1);
    expect(await findPayment(shop.db, id)).toMatchObject({ status: 'refunded', refundId: 'rfnd_1' });

    // The expiry sweep finds nothing of it to refund.
    shop.clock.advance(40 * MINUTE);
    await expireStalePayments(shop.db, provider.gateway, shop.clock.now());
    expect(await settleUnconfirmedRefunds(shop.db, provider.gateway, shop.clock.now())).toBe(0);
    expect(provider.made).toHaveLength(1);
  });
});

describe('the simulated provider honours the refund key', () => {
  const gateway = createSimulatedGateway({ secret: 'simulated-refund-key-secret-long-enough' });
  const refund = { intentId: 'pay_a', providerPaymentId: 'simpay_a', amount: 550 };

  it('answers the same refund for the same key, another for another key, and refuses a key reused for another capture', async () => {
    const first = await gateway.refund({ ...refund, idempotencyKey: 'refund:pay_a:simpay_a' });
    expect(await gateway.refund({ ...refund, idempotencyKey: 'refund:pay_a:simpay_a' })).toEqual(first);
    const other = await gateway.refund({
      ...refund,
      providerPaymentId: 'simpay_b',
      idempotencyKey: 'refund:pay_a:simpay_b',
    });
    expect(other.refundId).not.toBe(first.refundId);
    await expect(
      gateway.refund({ ...refund, providerPaymentId: 'simpay_c', idempotencyKey: 'refund:pay_a:simpay_a' }),
    ).rejects.toThrow(/idempotency key/);
  });
});
