/**
 * The money path (docs/decisions/0012-payments-through-a-server-gateway.md): intents priced by
 * the server, captures through the simulated provider, and orders and bookings that accept only
 * a captured, unexpired, never-used payment of the same customer, purpose and amount whose
 * signature verifies. Every refusal changes nothing; a captured payment that cannot become a
 * record is refunded at once.
 */
import { SANKALP_LOCK_HOURS, bookingClosesAt } from '../../contract/policy.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import type { Address } from '../../contract/address.ts';
import { BookingResponse } from '../../contract/booking.ts';
import { OrderCreateRequest, OrderCreateResponse, type OrderCreatePayload } from '../../contract/orders.ts';
import {
  DECLINED_CARD_NUMBER,
  DECLINED_UPI_ID,
  PAYMENT_INTENT_TTL_MINUTES,
  PaymentCaptureResponse,
  PaymentIntentResponse,
  PaymentReadResponse,
  WriteRefusal,
  paymentMessages,
  type PaymentRead,
} from '../../contract/payments.ts';
import { createApp, type App } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { findPayment } from '../../server/db/repositories/payments.ts';
import { createSimulatedGateway, loadPaymentSecret } from '../../server/payments/simulated-gateway.ts';
import { quoteOrder } from '../../server/services/order-quote.ts';
import { placeOrder } from '../../server/services/orders.ts';
import { paidWrite } from '../../server/services/paid-write.ts';
import { movePayment } from '../../server/services/payment-lifecycle.ts';
import { expireStalePayments, refundPayment } from '../../server/services/payments.ts';
import { orderRequestHash } from '../../server/services/request-fingerprint.ts';
import { startBackgroundJobs } from '../../server/start.ts';
import { call, type Customer } from '../support/accounts.ts';
import { addPuja, bookingBody, countBookingRows, type TestPuja } from '../support/bookings.ts';
import {
  addProduct,
  ashaAndRavi,
  countOrders,
  send,
  setStock,
  stockOf,
  timesUsed,
} from '../support/orders.ts';
import {
  GOOD_UPI,
  UNPAID,
  capture,
  createIntent,
  intentFor,
  payFor,
  paymentStatus,
} from '../support/payments.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const shop = shopPerFile(createTestShop);
const gateway = createSimulatedGateway({ secret: 'payments-test-secret-that-is-long-enough' });
/** The API with a clock the tests can move (null = the real time). */
let app: App;
let clock: Date | null = null;
/** Asha and Ravi, each with an address of their own (ashaAndRavi). */
let me: Customer, myAddress: Address, other: Customer, otherAddress: Address;
/** ₹450 with plenty in stock. */
let mala: number;
let puja: TestPuja;

beforeAll(async () => {
  app = createApp({ db: shop.db, now: () => clock ?? new Date(), paymentGateway: gateway });
  ({ me, myAddress, other, otherAddress } = await ashaAndRavi(app));
  mala = await addProduct(shop.db, { name: 'Tulsi Mala', offerPrice: 450, stockQuantity: 1000 });
  puja = await addPuja(shop.db);
});
afterEach(() => {
  clock = null;
});

/** An online order of `quantity` malas (₹450 each, ₹100 shipping up to ₹1,000) to my address. */
const order = (quantity = 1, extra: Partial<OrderCreatePayload> = {}): OrderCreatePayload => ({
  address_id: myAddress.id,
  items: [{ product_id: mala, quantity }],
  payment_method: 'online',
  payment_id: UNPAID,
  ...extra,
});

const postOrder = (body: unknown, { as = me, key }: { as?: Customer; key?: string } = {}) =>
  send(app, 'POST', '/api/orders', {
    json: body,
    token: as.token,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
const postBooking = (body: unknown, as = me) =>
  send(app, 'POST', '/api/bookings', { json: body, token: as.token });

const read = async (id: string, as = me): Promise<PaymentRead> => {
  const res = await call(app, 'GET', `/api/payments/${id}`, { token: as.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(PaymentReadResponse, res.body).payment;
};
const transitions = (payment: PaymentRead) => payment.history.map((h) => `${h.from ?? '-'}>${h.to}`);

/** Everything a refused write must leave as it was. */
async function state(paymentIds: string[] = []) {
  return {
    orders: await countOrders(shop.db),
    bookings: await countBookingRows(shop.db),
    stock: await stockOf(shop.db, mala),
    coupon: await timesUsed(shop.db, 'WELCOME10'),
    payments: await Promise.all(paymentIds.map((id) => paymentStatus(shop.db, id))),
  };
}

/** Runs `act` and checks that no record, stock, coupon use or payment status changed. */
async function expectNothingChanged(paymentIds: string[], act: () => Promise<void>) {
  const before = await state(paymentIds);
  await act();
  expect(await state(paymentIds)).toEqual(before);
}

/** Expects a refusal with this status and code, in the WriteRefusal shape. */
function expectRefusal(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = v.parse(WriteRefusal, res.body);
  expect(body.code).toBe(code);
  return body;
}

describe('POST /api/payments: an intent for the server’s own price', () => {
  it('answers 201 {payment:{id, amount, currency, status, expiresAt}} priced from the catalogue and the coupon', async () => {
    clock = new Date('2026-12-01T10:00:00.000Z');
    // 3 × ₹450 = ₹1,350 (free shipping), WELCOME10 takes 10 %: ₹1,215, whatever the client says.
    const res = await createIntent(app, me.token, 'order', {
      ...order(3, { coupon_code: 'welcome10' }),
      total: 1,
      subtotal: 1,
    });
    expect(res.status).toBe(201);
    const { payment } = v.parse(PaymentIntentResponse, res.body);
    expect(payment).toEqual({
      id: expect.stringMatching(/^pay_[A-Za-z0-9_-]{20}$/) as string,
      amount: 1215,
      currency: 'INR',
      status: 'created',
      expiresAt: new Date(clock.getTime() + PAYMENT_INTENT_TTL_MINUTES * MINUTE).toISOString(),
    });
    expect(await read(payment.id)).toMatchObject({
      purpose: 'order',
      status: 'created',
      method: null,
      providerPaymentId: null,
      history: [{ from: null, to: 'created', at: clock.toISOString(), note: null }],
    });
  });

  it('prices a booking at its package’s offer price', async () => {
    const intent = await intentFor(app, me.token, 'booking', bookingBody(puja, myAddress.id, 2));
    expect(intent.amount).toBe(puja.packages[2]!.offerPrice);
  });

  it('refuses what the write would refuse, with the same {message, code}, and stores no payment', async () => {
    const closed = await addPuja(shop.db, { closesInDays: -1 });
    const soldOut = await addProduct(shop.db, { name: 'Sold Out Yantra', offerPrice: 900, stockQuantity: 0 });
    const cases: [string, 'order' | 'booking', object, number, string][] = [
      [
        'an unknown product',
        'order',
        order(1, { items: [{ product_id: 999_999, quantity: 1 }] }),
        400,
        'product_not_found',
      ],
      [
        'an out-of-stock product',
        'order',
        order(1, { items: [{ product_id: soldOut, quantity: 1 }] }),
        409,
        'out_of_stock',
      ],
      [
        'another customer’s address',
        'order',
        order(1, { address_id: otherAddress.id }),
        404,
        'address_not_found',
      ],
      ['an expired coupon', 'order', order(3, { coupon_code: 'EXPIRED50' }), 400, 'coupon_expired'],
      ['an unknown coupon', 'order', order(3, { coupon_code: 'NOSUCHCODE' }), 400, 'coupon_invalid'],
      ['a closed booking window', 'booking', bookingBody(closed, myAddress.id, 1), 409, 'booking_closed'],
      [
        'another customer’s address',
        'booking',
        bookingBody(puja, otherAddress.id, 1),
        404,
        'address_not_found',
      ],
    ];
    const count = async () =>
      Number(
        (
          await shop.db
            .selectFrom('payments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [label, purpose, body, status, code] of cases) {
      const res = await createIntent(app, me.token, purpose, body);
      expect(res.status, label).toBe(status);
      expect((res.body as WriteRefusal).code, label).toBe(code);
      // The same answer the write itself gives.
      const write =
        purpose === 'order' ? await postOrder({ ...body, payment_method: 'cod' }) : await postBooking(body);
      expect({ status: write.status, body: write.body }, label).toEqual({
        status: res.status,
        body: res.body,
      });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a body that is not an order or booking (400) and needs a sign-in (401)', async () => {
    for (const json of [
      { purpose: 'wallet', order: order() },
      { purpose: 'order' },
      { order: order() },
      {},
    ]) {
      const res = await call(app, 'POST', '/api/payments', { json, token: me.token });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(
      (await call(app, 'POST', '/api/payments', { json: { purpose: 'wallet' }, token: me.token })).body,
    ).toEqual({
      message: paymentMessages.purposeInvalid,
    });
    expect(
      (await call(app, 'POST', '/api/payments', { json: { purpose: 'order', order: order() } })).status,
    ).toBe(401);
  });
});

describe('POST /api/payments/{id}/capture: the simulated provider', () => {
  it('captures a UPI payment: 200 with the provider’s payment id and a signature that verifies', async () => {
    const { id } = await intentFor(app, me.token, 'order', order());
    const res = await capture(app, me.token, id, GOOD_UPI);
    expect(res.status).toBe(200);
    const { payment } = v.parse(PaymentCaptureResponse, res.body);
    expect(payment).toEqual({
      id,
      status: 'captured',
      method: 'upi',
      providerPaymentId: expect.stringMatching(/^simpay_/) as string,
      signature: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
    expect(
      gateway.verify({
        intentId: id,
        providerPaymentId: payment.providerPaymentId,
        signature: payment.signature,
      }),
    ).toBe(true);
    // The signature covers this intent and this provider payment only.
    expect(
      gateway.verify({
        intentId: `${id}x`,
        providerPaymentId: payment.providerPaymentId,
        signature: payment.signature,
      }),
    ).toBe(false);
    expect(
      gateway.verify({
        intentId: id,
        providerPaymentId: payment.providerPaymentId,
        signature: '0'.repeat(64),
      }),
    ).toBe(false);
    expect(
      gateway.verify({ intentId: id, providerPaymentId: payment.providerPaymentId, signature: 'zz' }),
    ).toBe(false);
    expect(await read(id)).toMatchObject({
      status: 'captured',
      method: 'upi',
      providerPaymentId: payment.providerPaymentId,
    });
  });

  it('declines failure@upi with 402, keeps the attempt, and captures the same intent with another UPI id', async () => {
    const { id } = await intentFor(app, me.token, 'order', order());
    const declined = await capture(app, me.token, id, { method: 'upi', upiId: DECLINED_UPI_ID });
    expect(declined).toMatchObject({
      status: 402,
      body: { message: paymentMessages.declined, code: 'payment_declined' },
    });
    expect(await read(id)).toMatchObject({ status: 'declined', providerPaymentId: null });
    // An order cannot be paid with it meanwhile.
    await expectNothingChanged([id], async () => {
      expectRefusal(await postOrder(order(1, { payment_id: id })), 409, 'payment_not_captured');
    });

    expect((await capture(app, me.token, id, GOOD_UPI)).status).toBe(200);
    const payment = await read(id);
    expect(transitions(payment)).toEqual(['->created', 'created>declined', 'declined>captured']);
    expect(payment.history.map((h) => h.note)).toEqual([null, 'upi: upi_declined', 'upi']);
    const placed = await postOrder(order(1, { payment_id: id }));
    expect(placed.status).toBe(201);
  });

  it('declines the documented test card number, and captures another card and net banking', async () => {
    const { id } = await intentFor(app, me.token, 'order', order());
    expectRefusal(
      await capture(app, me.token, id, { method: 'card', cardNumber: DECLINED_CARD_NUMBER }),
      402,
      'payment_declined',
    );
    // Twice: every declined attempt is a history row.
    expectRefusal(
      await capture(app, me.token, id, { method: 'card', cardNumber: '4000 0000 0000 0002' }),
      402,
      'payment_declined',
    );
    expect(
      await capture(app, me.token, id, { method: 'card', cardNumber: '4111 1111 1111 1111' }),
    ).toMatchObject({
      status: 200,
      body: { payment: { method: 'card' } },
    });
    expect(transitions(await read(id))).toEqual([
      '->created',
      'created>declined',
      'declined>declined',
      'declined>captured',
    ]);

    const banking = await intentFor(app, me.token, 'order', order());
    expect(await capture(app, me.token, banking.id, { method: 'netbanking' })).toMatchObject({
      status: 200,
      body: { payment: { method: 'netbanking' } },
    });
  });

  it('captures an intent once when two captures race (the provider takes its time)', async () => {
    const slow = createApp({
      db: shop.db,
      paymentGateway: createSimulatedGateway({
        secret: 'payments-test-secret-that-is-long-enough',
        delayMs: 50,
      }),
    });
    const { id } = await intentFor(slow, me.token, 'order', order());
    const started = Date.now();
    const results = await Promise.all([capture(slow, me.token, id), capture(slow, me.token, id)]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      message: paymentMessages.alreadyCaptured,
      code: 'payment_already_captured',
    });
    expect(transitions(await read(id))).toEqual(['->created', 'created>captured']);
  });

  it('answers 404 for an unknown payment and for another customer’s, 400 for a malformed id', async () => {
    const theirs = await intentFor(app, other.token, 'order', order(1, { address_id: otherAddress.id }));
    await expectNothingChanged([theirs.id], async () => {
      for (const id of ['pay_I_made_this_up', theirs.id]) {
        expect(await capture(app, me.token, id)).toMatchObject({
          status: 404,
          body: { message: paymentMessages.notFound, code: 'payment_not_found' },
        });
        expect(await call(app, 'GET', `/api/payments/${id}`, { token: me.token })).toMatchObject({
          status: 404,
          body: { code: 'payment_not_found' },
        });
      }
      for (const id of ['42', 'pay_', 'PAY_abc', 'pay_a%20b', `pay_${'x'.repeat(97)}`])
        expect((await call(app, 'GET', `/api/payments/${id}`, { token: me.token })).status, id).toBe(400);
    });
    expect((await read(theirs.id, other)).status).toBe('created');
  });

  it('refuses to capture a payment that is captured, used, refunded or expired (409 with a code)', async () => {
    const captured = await payFor(app, me.token, 'order', order());
    const used = await payFor(app, me.token, 'order', order());
    expect((await postOrder(order(1, { payment_id: used }))).status).toBe(201);
    const refunded = await payFor(app, me.token, 'order', order());
    expect(
      await refundPayment(shop.db, gateway, (await findPayment(shop.db, refunded))!, new Date(), 'test'),
    ).toBe(true);
    const expired = (await intentFor(app, me.token, 'order', order())).id;

    clock = new Date(Date.now() + 10 * MINUTE);
    await expectNothingChanged([captured, used, refunded], async () => {
      expectRefusal(await capture(app, me.token, captured), 409, 'payment_already_captured');
      expectRefusal(await capture(app, me.token, used), 409, 'payment_used');
      expectRefusal(await capture(app, me.token, refunded), 409, 'payment_refunded');
    });
    clock = new Date(Date.now() + (PAYMENT_INTENT_TTL_MINUTES + 1) * MINUTE);
    expectRefusal(await capture(app, me.token, expired), 409, 'payment_expired');
    expect(transitions(await read(expired))).toEqual(['->created', 'created>expired']);
  });
});

describe('GET /api/payments/{id}', () => {
  it('shows the owner the payment with its whole history, and what it paid for is kept', async () => {
    const id = await payFor(app, me.token, 'booking', bookingBody(puja, myAddress.id, 1));
    const res = await postBooking({ ...bookingBody(puja, myAddress.id, 1), paymentId: id });
    expect(res.status).toBe(201);
    const { booking } = v.parse(BookingResponse, res.body);
    expect(booking).toMatchObject({
      paymentId: id,
      paymentStatus: 'completed',
      amount: puja.packages[1]!.offerPrice,
    });
    const payment = await read(id);
    expect(payment).toMatchObject({
      id,
      purpose: 'booking',
      amount: puja.packages[1]!.offerPrice,
      currency: 'INR',
      status: 'used',
      method: 'upi',
    });
    expect(transitions(payment)).toEqual(['->created', 'created>captured', 'captured>used']);
    expect(payment.history[2]!.note).toBe(`booking ${booking.id}`);
    expect((await findPayment(shop.db, id))?.bookingId).toBe(booking.id);
    expect((await call(app, 'GET', `/api/payments/${id}`, { token: other.token })).status).toBe(404);
  });
});

describe('an online order or a booking needs a verified payment', () => {
  it('refuses an invented payment id: 404 payment_invalid, nothing changes', async () => {
    await expectNothingChanged([], async () => {
      const body = expectRefusal(
        await postOrder(order(1, { payment_id: 'pay_I_made_this_up' })),
        404,
        'payment_invalid',
      );
      expect(body.message).toBe(paymentMessages.invalid);
      expectRefusal(
        await postBooking({ ...bookingBody(puja, myAddress.id, 1), paymentId: 'pay_I_made_this_up' }),
        404,
        'payment_invalid',
      );
    });
  });

  it('refuses another customer’s payment with the same answer as an unknown one, leaving it captured', async () => {
    const theirs = await payFor(app, other.token, 'order', order(1, { address_id: otherAddress.id }));
    await expectNothingChanged([theirs], async () => {
      const res = await postOrder(order(1, { payment_id: theirs }));
      expectRefusal(res, 404, 'payment_invalid');
      expect(res.body).toEqual((await postOrder(order(1, { payment_id: 'pay_I_made_this_up' }))).body);
    });
    expect(await paymentStatus(shop.db, theirs)).toBe('captured');
  });

  it('refuses a used payment: one payment pays for one order', async () => {
    const id = await payFor(app, me.token, 'order', order(2, { coupon_code: 'WELCOME10' }));
    expect((await postOrder(order(2, { payment_id: id, coupon_code: 'WELCOME10' }))).status).toBe(201);
    await expectNothingChanged([id], async () => {
      const body = expectRefusal(
        await postOrder(order(2, { payment_id: id, coupon_code: 'WELCOME10' })),
        409,
        'payment_used',
      );
      expect(body.message).toBe(paymentMessages.used);
      expect(body.refunded).toBeUndefined();
    });
  });

  it('refuses a payment whose stored signature does not verify (a forged capture)', async () => {
    const id = await payFor(app, me.token, 'order', order(1));
    await shop.db
      .updateTable('payments')
      .set({ signature: 'ab'.repeat(32) })
      .where('id', '=', id)
      .execute();
    await expectNothingChanged([id], async () => {
      expectRefusal(await postOrder(order(1, { payment_id: id })), 404, 'payment_invalid');
    });
    // Nor does one signed with another secret.
    const strangerGateway = createSimulatedGateway({ secret: 'another-secret-entirely-0123456789abcdef' });
    const stranger = await strangerGateway.capture({ intentId: id, amount: 550, method: 'netbanking' });
    if (stranger.kind !== 'captured') throw new Error('expected a capture');
    await shop.db
      .updateTable('payments')
      .set({ providerPaymentId: stranger.providerPaymentId, signature: stranger.signature })
      .where('id', '=', id)
      .execute();
    expectRefusal(await postOrder(order(1, { payment_id: id })), 404, 'payment_invalid');
    expect(await paymentStatus(shop.db, id)).toBe('captured');
  });

  it('refuses an amount mismatch (paid for one, ordering two) and refunds the payment at once, saying so', async () => {
    const id = await payFor(app, me.token, 'order', order(1));
    const before = await state();
    const body = expectRefusal(await postOrder(order(2, { payment_id: id })), 409, 'payment_amount_mismatch');
    expect(body.message).toBe(`${paymentMessages.amountMismatch} ${paymentMessages.refunded('₹550')}`);
    expect(body.refunded).toEqual({ paymentId: id, amount: 550 });
    expect(await state()).toEqual(before);
    expect(transitions(await read(id)).at(-1)).toBe('captured>refunded');
    // Gone back: it pays for nothing any more.
    expectRefusal(await postOrder(order(1, { payment_id: id })), 409, 'payment_refunded');
  });

  it('refunds at once a payment captured just before a price change, not at the expiry sweep', async () => {
    const lamp = await addProduct(shop.db, { name: 'Brass Lamp', offerPrice: 300, stockQuantity: 50 });
    const lampOrder = order(1, { items: [{ product_id: lamp, quantity: 1 }] });
    const id = await payFor(app, me.token, 'order', lampOrder);
    // Staff raise the price between the customer's capture and the write.
    await shop.db.updateTable('product').set({ offerPrice: 350 }).where('id', '=', lamp).execute();
    const body = expectRefusal(
      await postOrder({ ...lampOrder, payment_id: id }),
      409,
      'payment_amount_mismatch',
    );
    expect(body.refunded).toEqual({ paymentId: id, amount: 400 });
    expect(body.message).toBe(`${paymentMessages.amountMismatch} ${paymentMessages.refunded('₹400')}`);
    const payment = await read(id);
    expect(payment.status).toBe('refunded');
    expect(payment.history.at(-1)).toMatchObject({ note: 'refused: payment_amount_mismatch' });
    expect((await findPayment(shop.db, id))?.refundId).toMatch(/^simrfnd_/);
  });

  it('refuses a payment made for the other purpose, and one not captured', async () => {
    const forBooking = await payFor(app, me.token, 'booking', bookingBody(puja, myAddress.id, 1));
    const forOrder = await payFor(app, me.token, 'order', order(1));
    const uncaptured = (await intentFor(app, me.token, 'order', order(1))).id;
    await expectNothingChanged([forBooking, forOrder, uncaptured], async () => {
      expectRefusal(await postOrder(order(1, { payment_id: forBooking })), 409, 'payment_purpose_mismatch');
      expectRefusal(
        await postBooking({ ...bookingBody(puja, myAddress.id, 1), paymentId: forOrder }),
        409,
        'payment_purpose_mismatch',
      );
      expectRefusal(await postOrder(order(1, { payment_id: uncaptured })), 409, 'payment_not_captured');
    });
  });

  it('refuses an expired payment: an uncaptured intent expires, a captured unused one is refunded', async () => {
    const captured = await payFor(app, me.token, 'order', order(1));
    const uncaptured = (await intentFor(app, me.token, 'order', order(1))).id;
    clock = new Date(Date.now() + (PAYMENT_INTENT_TTL_MINUTES + 1) * MINUTE);
    const before = await state();
    const refused = expectRefusal(
      await postOrder(order(1, { payment_id: captured })),
      409,
      'payment_expired',
    );
    expect(refused.refunded).toEqual({ paymentId: captured, amount: 550 });
    expect(refused.message).toBe(`${paymentMessages.expired} ${paymentMessages.refunded('₹550')}`);
    expectRefusal(await postOrder(order(1, { payment_id: uncaptured })), 409, 'payment_expired');
    expect(await state()).toEqual(before);
    const payment = await read(captured);
    expect(payment.status).toBe('refunded');
    expect(payment.history.at(-1)).toMatchObject({
      from: 'captured',
      to: 'refunded',
      note: 'expired unused',
    });
    expect((await read(uncaptured)).status).toBe('expired');
  });

  it('ignores a client-claimed paid status for cash on delivery (pending) and needs a payment for online', async () => {
    const cod = await postOrder({ ...order(1), payment_method: 'cod', payment_status: 'completed' });
    expect(cod.status).toBe(201);
    const { id } = v.parse(OrderCreateResponse, cod.body);
    const read = await call(app, 'GET', `/api/orders/${id}`, { token: me.token });
    expect(read.body).toMatchObject({ paymentStatus: 'pending', paymentId: null });
    await expectNothingChanged([], async () => {
      expectRefusal(await postOrder({ ...order(1), payment_status: 'completed' }), 404, 'payment_invalid');
    });
  });

  it('replays a paid order for its Idempotency-Key: one order, the payment used once', async () => {
    const id = await payFor(app, me.token, 'order', order(2));
    const first = await postOrder(order(2, { payment_id: id }), { key: 'paid-order-1' });
    expect(first.status).toBe(201);
    const again = await postOrder(order(2, { payment_id: id }), { key: 'paid-order-1' });
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(transitions(await read(id))).toEqual(['->created', 'created>captured', 'captured>used']);
  });
});

describe('a captured payment that cannot become a record is refunded at once', () => {
  it('when the booking window closes between capture and booking', async () => {
    // Booking closes at the sankalp lock, in 10 minutes: well within the payment's 30.
    const soon = await addPuja(shop.db, { closesInDays: (SANKALP_LOCK_HOURS * 60 + 10) / (24 * 60) });
    const body = bookingBody(soon, myAddress.id, 1);
    const id = await payFor(app, me.token, 'booking', body);
    clock = new Date(Date.parse(bookingClosesAt(soon.pujaDate)!) + MINUTE);
    const before = await countBookingRows(shop.db);
    const refused = expectRefusal(await postBooking({ ...body, paymentId: id }), 409, 'booking_closed');
    expect(refused).toEqual({
      message: `Booking for this puja has closed. ${paymentMessages.refunded('₹1,101')}`,
      code: 'booking_closed',
      refunded: { paymentId: id, amount: 1101 },
    });
    expect(await countBookingRows(shop.db)).toEqual(before);
    const payment = await read(id);
    expect(payment.status).toBe('refunded');
    expect(transitions(payment)).toEqual(['->created', 'created>captured', 'captured>refunded']);
    expect(payment.history[2]!.note).toBe('refused: booking_closed');
    expect((await findPayment(shop.db, id))?.refundId).toMatch(/^simrfnd_/);
    // A refunded payment pays for nothing.
    clock = null;
    expectRefusal(
      await postBooking({ ...bookingBody(puja, myAddress.id, 1), paymentId: id }),
      409,
      'payment_refunded',
    );
  });

  it('when another customer buys the last one between payment and order', async () => {
    const last = await addProduct(shop.db, { name: 'Last Sri Yantra', offerPrice: 1200, stockQuantity: 1 });
    const mine = order(1, { items: [{ product_id: last, quantity: 1 }] });
    const id = await payFor(app, me.token, 'order', mine);
    const theirs = { ...mine, address_id: otherAddress.id, payment_method: 'cod' as const };
    expect((await postOrder(theirs, { as: other })).status).toBe(201);
    const orders = await countOrders(shop.db);

    const refused = expectRefusal(await postOrder({ ...mine, payment_id: id }), 409, 'out_of_stock');
    expect(refused.refunded).toEqual({ paymentId: id, amount: 1200 });
    expect(refused.message).toBe(`Last Sri Yantra is out of stock. ${paymentMessages.refunded('₹1,200')}`);
    expect(await countOrders(shop.db)).toBe(orders);
    expect(await stockOf(shop.db, last)).toBe(0);
    expect(transitions(await read(id))).toEqual(['->created', 'created>captured', 'captured>refunded']);
  });

  it('when stock runs out inside the write, after the check before it passed', async () => {
    const scarce = await addProduct(shop.db, { name: 'Scarce Kalash', offerPrice: 2000, stockQuantity: 1 });
    const body = order(1, { items: [{ product_id: scarce, quantity: 1 }] });
    const id = await payFor(app, me.token, 'order', body);
    const input = v.parse(OrderCreateRequest, { ...body, payment_id: id });
    const now = new Date();
    const write = paidWrite({
      db: shop.db,
      gateway,
      userId: me.user.id,
      now,
      idempotencyKey: null,
      requestHash: orderRequestHash(input),
      findByKey: () => Promise.resolve(undefined),
      keyReusedMessage: 'unused',
      payment: { id, purpose: 'order' },
      check: async (db) => {
        await quoteOrder(db, me.user.id, input, now);
        // Another customer takes the last one between the check and the write.
        await setStock(shop.db, scarce, 0);
      },
      write: (trx, claim) =>
        placeOrder(trx, {
          userId: me.user.id,
          draft: input,
          paymentMethod: 'online',
          claim,
          idempotencyKey: null,
          requestHash: null,
          now,
        }),
    });
    const orders = await countOrders(shop.db);
    await expect(write).rejects.toMatchObject({
      code: 'out_of_stock',
      refunded: { paymentId: id, amount: 2000 },
      message: `Scarce Kalash is out of stock. ${paymentMessages.refunded('₹2,000')}`,
    });
    expect(await countOrders(shop.db)).toBe(orders);
    expect(await stockOf(shop.db, scarce)).toBe(0);
    expect(transitions(await read(id))).toEqual(['->created', 'created>captured', 'captured>refunded']);
  });

  it('when the coupon ran out between payment and order', async () => {
    await shop.db
      .insertInto('coupons')
      .values({
        code: 'ONEUSE',
        kind: 'flat',
        value: 100,
        usageLimit: 1,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const body = order(3, { coupon_code: 'ONEUSE' });
    const id = await payFor(app, me.token, 'order', body);
    expect(
      (await postOrder({ ...body, address_id: otherAddress.id, payment_method: 'cod' }, { as: other }))
        .status,
    ).toBe(201);
    const refused = expectRefusal(await postOrder({ ...body, payment_id: id }), 400, 'coupon_exhausted');
    expect(refused.refunded).toEqual({ paymentId: id, amount: 1250 });
    expect(await timesUsed(shop.db, 'ONEUSE')).toBe(1);
    expect(await paymentStatus(shop.db, id)).toBe('refunded');
  });
});

describe('the lifecycle allows only its own moves', () => {
  it('refunds once: a second refund of the same payment changes nothing', async () => {
    const id = await payFor(app, me.token, 'order', order(1));
    const row = (await findPayment(shop.db, id))!;
    expect(await refundPayment(shop.db, gateway, row, new Date(), 'first')).toBe(true);
    expect(await refundPayment(shop.db, gateway, row, new Date(), 'second')).toBe(false);
    expect(transitions(await read(id))).toEqual(['->created', 'created>captured', 'captured>refunded']);
  });

  it('moves a used payment only to refunded (its order was cancelled), never a refunded or expired one, and never skips capture', async () => {
    const used = await payFor(app, me.token, 'order', order(1));
    expect((await postOrder(order(1, { payment_id: used }))).status).toBe(201);
    const created = (await intentFor(app, me.token, 'order', order(1))).id;
    const at = new Date();
    for (const to of ['created', 'captured', 'declined', 'expired'] as const)
      expect(await movePayment(shop.db, { id: used, to, at, note: 'illegal' }), to).toBeNull();
    const refunded = await payFor(app, me.token, 'order', order(1));
    expect((await postOrder(order(1, { payment_id: refunded }))).status).toBe(201);
    expect(await movePayment(shop.db, { id: refunded, to: 'refunded', at, note: 'cancelled' })).toBe('used');
    for (const to of ['created', 'captured', 'declined', 'used', 'refunded', 'expired'] as const)
      expect(await movePayment(shop.db, { id: refunded, to, at, note: 'illegal' }), to).toBeNull();
    expect(await movePayment(shop.db, { id: created, to: 'used', at, note: 'illegal' })).toBeNull();
    expect(await movePayment(shop.db, { id: created, to: 'refunded', at, note: 'illegal' })).toBeNull();
    expect(await paymentStatus(shop.db, used)).toBe('used');
    expect(await paymentStatus(shop.db, created)).toBe('created');
    expect(transitions(await read(created))).toEqual(['->created']);
  });
});

describe('expireStalePayments: the sweep', () => {
  it('expires uncaptured intents, refunds captured unused ones and leaves used ones alone', async () => {
    const declined = (await intentFor(app, me.token, 'order', order(1))).id;
    expect((await capture(app, me.token, declined, { method: 'upi', upiId: DECLINED_UPI_ID })).status).toBe(
      402,
    );
    const created = (await intentFor(app, me.token, 'order', order(1))).id;
    const captured = await payFor(app, me.token, 'order', order(1));
    const used = await payFor(app, me.token, 'order', order(1));
    expect((await postOrder(order(1, { payment_id: used }))).status).toBe(201);

    const later = new Date(Date.now() + DAY);
    expect(await expireStalePayments(shop.db, gateway, later)).toBeGreaterThanOrEqual(3);
    expect(await paymentStatus(shop.db, declined)).toBe('expired');
    expect(await paymentStatus(shop.db, created)).toBe('expired');
    expect(await paymentStatus(shop.db, captured)).toBe('refunded');
    expect(await paymentStatus(shop.db, used)).toBe('used');
    expect((await read(captured)).history.at(-1)).toMatchObject({ to: 'refunded', note: 'expired unused' });
    // Nothing left to do.
    expect(await expireStalePayments(shop.db, gateway, later)).toBe(0);
  });

  it('runs when the server starts and then on an interval that does not keep the process alive', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const id = (await intentFor(app, me.token, 'order', order(1))).id;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      await shop.db.deleteFrom('scheduledJobs').execute();
      const jobs = startBackgroundJobs(
        shop.db,
        gateway,
        fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-')),
        60_000,
      );
      // The first tick runs at once. Let it finish before the clock moves: a job of that tick that
      // read the moved clock would expire the intent at start, not on the interval (a race that
      // PostgreSQL under load lost). The last job of a tick is the uploads' prune.
      await vi.waitFor(async () => {
        const last = await shop.db
          .selectFrom('scheduledJobs')
          .select('lastFinishedAt')
          .where('name', '=', 'uploads.prune')
          .executeTakeFirst();
        expect(last?.lastFinishedAt).toBeTruthy();
      });
      vi.setSystemTime(Date.now() + (PAYMENT_INTENT_TTL_MINUTES + 1) * MINUTE);
      expect(await paymentStatus(shop.db, id)).toBe('created');
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(async () => expect(await paymentStatus(shop.db, id)).toBe('expired'));
      await jobs.stop();
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the provider takes 2 s in production unless PAYMENT_DELAY_MS says otherwise', () => {
    expect(readServerConfig({}).paymentDelayMs).toBe(2000);
    expect(readServerConfig({ PAYMENT_DELAY_MS: '0' }).paymentDelayMs).toBe(0);
    expect(() => readServerConfig({ PAYMENT_DELAY_MS: 'soon' })).toThrow(/PAYMENT_DELAY_MS/);
  });
});

describe('loadPaymentSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payment-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates a secret once, keeps it in DATA_DIR/payment-secret (0600) and reads it on later starts', () => {
    const dataDir = path.join(dir, 'data');
    const first = loadPaymentSecret(dataDir, {});
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, 'payment-secret')).mode & 0o777).toBe(0o600);
    expect(loadPaymentSecret(dataDir, {})).toBe(first);
    // Not the auth secret's file.
    expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });

  it('prefers PAYMENT_SECRET and refuses one shorter than 32 characters', () => {
    const secret = 'a-payment-secret-that-is-long-enough-42';
    expect(loadPaymentSecret(dir, { PAYMENT_SECRET: secret })).toBe(secret);
    expect(fs.existsSync(path.join(dir, 'payment-secret'))).toBe(false);
    expect(() => loadPaymentSecret(dir, { PAYMENT_SECRET: 'too-short' })).toThrow(
      /PAYMENT_SECRET must be at least 32/,
    );
  });
});
