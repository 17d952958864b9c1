/**
 * Rescheduling (docs/product-rules.md, Rescheduling; docs/decisions/0077): before the sankalp
 * lock a confirmed booking moves to another open date of the same puja, the customer once and
 * staff any number of times; the new date must have places for its persons; the price difference
 * is named first, a cheaper date's difference refunded through the gateway, a dearer date refused.
 */
import * as v from 'valibot';
import { AdminPujaResponse } from '../../contract/admin/pujas.ts';
import { BookingDateChangeQuote, BookingEventResponse, type Booking } from '../../contract/booking.ts';
import { PujaDatesResponse, PujaListResponse } from '../../contract/catalogue.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import type { PaymentGateway, RefundInput } from '../../server/payments/gateway.ts';
import { WHATSAPP_CONSENT_WORDS } from '../../contract/account-messages.ts';
import { recordConsent } from '../../server/db/repositories/message-preferences.ts';
import { renderMessage, inIndia, type MessageFacts } from '../../server/messages/templates.ts';
import { renderWhatsApp } from '../../server/messages/whatsapp.ts';
import { settlePendingBookingRefunds } from '../../server/services/booking-lifecycle.ts';
import type { TestPuja } from '../support/bookings.ts';
import { book, bookingEvent, createLifecycleShop, pujaOn, DAY, HOUR } from '../support/lifecycle.ts';
import { send } from '../support/orders.ts';
import { capture, readPayment } from '../support/payments.ts';
import { bookingBody } from '../support/bookings.ts';
import { shopPerFile } from '../support/prelude.ts';

/** The simulated provider, keeping every refund it was asked for. */
const refunds: RefundInput[] = [];
let failRefunds = false;
const simulated = createSimulatedGateway({ secret: 'reschedule-test-secret-long-enough-for-it!' });
const gateway: PaymentGateway = {
  ...simulated,
  refund(input) {
    if (failRefunds) return Promise.reject(new Error('provider unavailable'));
    refunds.push(input);
    return simulated.refund(input);
  },
};

const shop = shopPerFile(() => createLifecycleShop({ paymentGateway: gateway }));
beforeEach(() => {
  shop.clock.set(new Date());
  refunds.length = 0;
  failRefunds = false;
});

/** The puja in 10 days and its repeat (the back office's "repeat on a new date") in 20. */
async function series(): Promise<{ first: TestPuja; repeat: number }> {
  const first = await pujaOn(shop, 10 * DAY);
  const res = await send(shop.app, 'POST', `/api/admin/pujas/${first.id}/repeat`, {
    token: shop.staff.token,
    json: { pujaDate: new Date(shop.clock.now().getTime() + 20 * DAY).toISOString() },
  });
  expect(res.status).toBe(201);
  return { first, repeat: v.parse(AdminPujaResponse, res.body).puja.id };
}

const setCapacity = (pujaId: number, capacity: number | null) =>
  shop.db.updateTable('puja').set({ capacity }).where('id', '=', pujaId).execute();
const setPrice = (pujaId: number, noPersons: number, offerPrice: number) =>
  shop.db
    .updateTable('pujaPackage')
    .set({ offerPrice })
    .where('pujaId', '=', pujaId)
    .where('noPersons', '=', noPersons)
    .execute();

const dates = async (pujaId: number) =>
  v.parse(PujaDatesResponse, (await send(shop.app, 'GET', `/pujas/${pujaId}/dates`)).body).dates;
const placesLeft = async (pujaId: number) =>
  v.parse(PujaListResponse, (await send(shop.app, 'GET', `/pujas/${pujaId}`)).body).pujas[0]!.placesLeft;
const quote = (token: string, bookingId: number, pujaId: number | string) =>
  send(shop.app, 'GET', `/api/bookings/${bookingId}/date-change?pujaId=${pujaId}`, { token });
const changeDate = (token: string, bookingId: number, pujaId: number, admin = false, paymentId?: string) =>
  bookingEvent(shop, token, bookingId, { type: 'booking.changeDate', pujaId, paymentId }, admin);
const intentForMove = (bookingId: number, pujaId: number, token = shop.me.token) =>
  send(shop.app, 'POST', '/api/payments', {
    token,
    json: { purpose: 'dateChange', dateChange: { bookingId, pujaId } },
  });
const moved = (res: { body: unknown }): Booking => v.parse(BookingEventResponse, res.body).booking;
/** The booking as its customer reads it. */
const readAsCustomer = async (bookingId: number): Promise<Booking> =>
  (
    (await send(shop.app, 'GET', `/api/bookings/${bookingId}`, { token: shop.me.token })).body as {
      booking: Booking;
    }
  ).booking;

describe('the other dates of a puja (GET /pujas/{id}/dates)', () => {
  it('lists the other open dates of the same series with their places and lowest price, from either date', async () => {
    const { first, repeat } = await series();
    await setCapacity(repeat, 40);
    const repeatDate = new Date(shop.clock.now().getTime() + 20 * DAY).toISOString();
    expect(await dates(first.id)).toEqual([
      { id: repeat, pujaDate: repeatDate, capacity: 40, placesLeft: 40, lowestPrice: 1101 },
    ]);
    expect(await dates(repeat)).toEqual([
      { id: first.id, pujaDate: first.pujaDate, capacity: null, placesLeft: null, lowestPrice: 1101 },
    ]);
    // Another puja is not a date of this one.
    const other = await pujaOn(shop, 15 * DAY);
    expect(await dates(other.id)).toEqual([]);
  });

  it('leaves out a date whose booking has closed and a retired one', async () => {
    const { first, repeat } = await series();
    // Past the first date's lock: only the repeat is open, and from the repeat there is nothing.
    shop.clock.advance(10 * DAY - 11 * HOUR);
    expect(await dates(repeat)).toEqual([]);
    expect((await dates(first.id)).map((d) => d.id)).toEqual([repeat]);
    await shop.db
      .updateTable('puja')
      .set({ retiredAt: shop.clock.now().toISOString() })
      .where('id', '=', repeat)
      .execute();
    expect(await dates(first.id)).toEqual([]);
  });

  it('answers 404 for a puja that is not there', async () => {
    expect((await send(shop.app, 'GET', '/pujas/999999/dates')).status).toBe(404);
  });
});

describe('moving a booking to another date of its puja', () => {
  it('at the same price: named as no difference, moved to the new record, date and package, the dates kept on its step', async () => {
    const { first, repeat } = await series();
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 2 });
    const asked = await quote(shop.me.token, booking.id, repeat);
    expect(asked.status).toBe(200);
    const named = v.parse(BookingDateChangeQuote, asked.body);
    expect(named).toMatchObject({
      from: first.pujaDate,
      pujaId: repeat,
      priceDifference: 0,
      placesLeft: null,
    });
    const res = await changeDate(shop.me.token, booking.id, repeat);
    expect(res.status).toBe(200);
    const after = moved(res);
    expect(after.status).toBe('confirmed');
    expect(after.puja).toMatchObject({ id: repeat, pujaDate: named.to });
    expect(after.package).toEqual({ id: named.package.id, title: first.packages[2]!.title, noPersons: 2 });
    expect(after.amount).toBe(booking.amount);
    expect(after.dateChanges).toBe(1);
    expect(after.timeline.at(-1)).toMatchObject({
      event: 'booking.changeDate',
      by: 'customer',
      from: 'confirmed',
      to: 'confirmed',
      data: { pujaId: repeat, from: first.pujaDate, to: named.to, priceDifference: 0 },
    });
    expect(refunds).toEqual([]);
  });

  it('by the customer once only; staff may move it again, any number of times', async () => {
    const { first, repeat } = await series();
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    expect((await changeDate(shop.me.token, booking.id, repeat)).status).toBe(200);
    const again = await changeDate(shop.me.token, booking.id, first.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'lifecycle_not_allowed',
      message:
        'This booking has been moved to another date once already. Please contact us to move it again.',
    });
    expect((await quote(shop.me.token, booking.id, first.id)).status).toBe(409);
    const back = await changeDate(shop.staff.token, booking.id, first.id, true);
    expect(back.status).toBe(200);
    expect(moved(back).puja.id).toBe(first.id);
    const forth = await changeDate(shop.staff.token, booking.id, repeat, true);
    expect(forth.status).toBe(200);
    expect(moved(forth).puja.id).toBe(repeat);
    expect(
      moved(forth)
        .timeline.filter((e) => e.event === 'booking.changeDate')
        .map((e) => e.by),
    ).toEqual(['customer', 'staff', 'staff']);
  });

  it('is refused after the sankalp lock, to the customer and to staff', async () => {
    const { first, repeat } = await series();
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    shop.clock.advance(10 * DAY - 11 * HOUR);
    for (const [token, admin] of [
      [shop.me.token, false],
      [shop.staff.token, true],
    ] as const) {
      const res = await changeDate(token, booking.id, repeat, admin);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'lifecycle_sankalp_locked' });
    }
  });

  it('is refused to a date of another puja, the same date, and a date with no package for its persons', async () => {
    const { first, repeat } = await series();
    const other = await pujaOn(shop, 12 * DAY);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 2 });
    for (const pujaId of [other.id, first.id, 999999]) {
      const res = await changeDate(shop.me.token, booking.id, pujaId);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'lifecycle_invalid',
        message: 'Please choose another date of this puja that is still open for booking.',
      });
    }
    await shop.db.deleteFrom('pujaPackage').where('pujaId', '=', repeat).where('noPersons', '=', 2).execute();
    const res = await changeDate(shop.me.token, booking.id, repeat);
    expect(res.body).toEqual({
      code: 'lifecycle_invalid',
      message: 'That date has no package for 2 persons. Please choose another date.',
    });
    expect((await quote(shop.me.token, booking.id, 'x')).status).toBe(400);
    // Nothing moved, and the customer's one move is still theirs.
    expect(await readAsCustomer(booking.id)).toMatchObject({ puja: { id: first.id }, dateChanges: 0 });
  });

  it('is refused 409 puja_full when the new date has too few places for its persons', async () => {
    const { first, repeat } = await series();
    await setCapacity(repeat, 1);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 2 });
    for (const res of [
      await quote(shop.me.token, booking.id, repeat),
      await changeDate(shop.me.token, booking.id, repeat),
    ])
      expect(res.body).toEqual({
        code: 'puja_full',
        message: 'Only 1 place is left on this date of the puja',
      });
  });

  it('holds the new date’s limit of bookings per devotee, also for two moves at once; another devotee is not held by it', async () => {
    const { first, repeat } = await series();
    await shop.db.updateTable('puja').set({ maxPerAccount: 1 }).where('id', '=', repeat).execute();
    const one = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    const two = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    const results = await Promise.all([
      changeDate(shop.me.token, one.id, repeat),
      changeDate(shop.me.token, two.id, repeat),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toEqual({
      code: 'puja_account_limit',
      message: 'You may hold at most 1 booking of this date',
    });
    const left = results[0].status === 409 ? one : two;
    // Named before it is asked, and held for staff moving it too.
    expect((await quote(shop.me.token, left.id, repeat)).body).toMatchObject({ code: 'puja_account_limit' });
    expect((await changeDate(shop.staff.token, left.id, repeat, true)).body).toMatchObject({
      code: 'puja_account_limit',
    });
    const others = await book(shop, shop.other, shop.otherAddressId, { puja: first, noPersons: 1 });
    expect((await changeDate(shop.other.token, others.id, repeat)).status).toBe(200);
  });

  it('moves its places: the old date frees them, the new date takes them', async () => {
    const { first, repeat } = await series();
    await setCapacity(first.id, 5);
    await setCapacity(repeat, 5);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 4 });
    expect([await placesLeft(first.id), await placesLeft(repeat)]).toEqual([1, 5]);
    expect((await changeDate(shop.me.token, booking.id, repeat)).status).toBe(200);
    expect([await placesLeft(first.id), await placesLeft(repeat)]).toEqual([5, 1]);
  });

  it('to a cheaper date: the difference is named, then refunded through the gateway, and a later cancel gives back only the rest', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 2, 1802);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 2 });
    expect(
      v.parse(BookingDateChangeQuote, (await quote(shop.me.token, booking.id, repeat)).body).priceDifference,
    ).toBe(-400);
    const res = await changeDate(shop.me.token, booking.id, repeat);
    expect(res.status).toBe(200);
    expect(moved(res).amount).toBe(booking.amount - 400);
    expect(refunds.map((r) => [r.intentId, r.amount])).toEqual([[booking.paymentId, 400]]);
    const payment = await shop.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', booking.paymentId)
      .executeTakeFirstOrThrow();
    expect({ status: payment.status, refundedPart: payment.refundedPart }).toEqual({
      status: 'used',
      refundedPart: 400,
    });
    // Cancelled within the window: the rest of the payment, not all of it again.
    const cancelled = await bookingEvent(shop, shop.me.token, booking.id, {
      type: 'booking.cancel',
      reason: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    expect(refunds.map((r) => r.amount)).toEqual([400, booking.amount - 400]);
  });

  it('to a cheaper date while the gateway is down: the difference stays due and the refunds job pays it once', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 1, 901);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    failRefunds = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await changeDate(shop.me.token, booking.id, repeat)).status).toBe(200);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('the scheduler will try again'),
      expect.any(Error),
    );
    logged.mockRestore();
    const due = () =>
      shop.db
        .selectFrom('bookings')
        .select('dateChangeRefundDue')
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow();
    expect(await due()).toEqual({ dateChangeRefundDue: 200 });
    // Another move waits until this refund is through.
    const meanwhile = await changeDate(shop.staff.token, booking.id, first.id, true);
    expect(meanwhile.body).toMatchObject({ code: 'lifecycle_invalid' });
    failRefunds = false;
    const deps = { db: shop.db, gateway, now: shop.clock.now };
    expect(await settlePendingBookingRefunds(deps)).toBe(1);
    expect(await settlePendingBookingRefunds(deps)).toBe(0);
    expect(await due()).toEqual({ dateChangeRefundDue: null });
    expect(refunds.map((r) => [r.intentId, r.amount])).toEqual([[booking.paymentId, 200]]);
  });

  it('to a cheaper date, then cancelled while the difference is still due: everything paid comes back exactly once, and no job fails', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 2, 1802);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 2 });
    failRefunds = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await changeDate(shop.me.token, booking.id, repeat)).status).toBe(200);
    const cancelled = await bookingEvent(shop, shop.me.token, booking.id, {
      type: 'booking.cancel',
      reason: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    expect(refunds).toEqual([]);
    failRefunds = false;
    logged.mockClear();
    const deps = { db: shop.db, gateway, now: shop.clock.now };
    await settlePendingBookingRefunds(deps);
    shop.clock.advance(60_000);
    await settlePendingBookingRefunds(deps);
    shop.clock.advance(60_000);
    expect(await settlePendingBookingRefunds(deps)).toBe(0);
    // No job failed, and nothing is left to retry.
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
    // The provider gave back what was paid, once: the difference and then the rest, each under its own key.
    expect(refunds.map((r) => r.amount)).toEqual([400, booking.amount - 400]);
    expect(new Set(refunds.map((r) => r.idempotencyKey)).size).toBe(2);
    const row = await shop.db
      .selectFrom('bookings')
      .select(['status', 'dateChangeRefundDue'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refunded', dateChangeRefundDue: null });
    const payment = await shop.db
      .selectFrom('payments')
      .select(['status', 'refundedPart'])
      .where('id', '=', booking.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'refunded', refundedPart: 400 });
    const history = await shop.db
      .selectFrom('paymentHistory')
      .select(['fromStatus', 'toStatus', 'note'])
      .where('paymentId', '=', booking.paymentId)
      .orderBy('id')
      .execute();
    expect(history.slice(-2).map((h) => [h.toStatus, h.note?.replace(/\(.*\)/, '(…)')])).toEqual([
      ['used', `₹400 refunded (…): booking ${booking.bookingNumber} moved to a cheaper date`],
      ['refunded', `booking ${booking.bookingNumber} refunded`],
    ]);
    expect((await readAsCustomer(booking.id)).timeline.at(-1)).toMatchObject({
      event: 'refund.completed',
      data: { amount: booking.amount - 400 },
    });
  });

  it('a difference left due on a payment already refunded whole is cleared by the refunds job, not refunded again', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 1, 901);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    failRefunds = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await changeDate(shop.me.token, booking.id, repeat)).status).toBe(200);
    // As a cancellation before this change left it: the whole payment refunded, the difference still due.
    await shop.db
      .updateTable('payments')
      .set({ status: 'refunded' })
      .where('id', '=', booking.paymentId)
      .execute();
    failRefunds = false;
    logged.mockClear();
    const deps = { db: shop.db, gateway, now: shop.clock.now };
    expect(await settlePendingBookingRefunds(deps)).toBe(0);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
    expect(refunds).toEqual([]);
    const row = await shop.db
      .selectFrom('bookings')
      .select('dateChangeRefundDue')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ dateChangeRefundDue: null });
  });

  it('tells the customer, by e-mail and on WhatsApp with their consent, the new date, the old one and the refund', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 2, 1802);
    await recordConsent(shop.db, {
      userId: shop.me.user.id,
      channel: 'whatsapp',
      granted: true,
      mobile: '9443011111',
      words: WHATSAPP_CONSENT_WORDS,
      source: 'account',
      at: shop.clock.now().toISOString(),
    });
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 2 });
    const res = await changeDate(shop.me.token, booking.id, repeat);
    expect(res.status).toBe(200);
    const to = moved(res).puja.pujaDate;
    const rows = await shop.db
      .selectFrom('outbox')
      .selectAll()
      .where('recordKind', '=', 'booking')
      .where('recordId', '=', booking.id)
      .where('template', '=', 'booking.dateChanged')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.channel)).toEqual(['email', 'whatsapp']);
    const facts = JSON.parse(rows[0]!.params) as MessageFacts;
    const render = { publicUrl: 'https://shop.test', brand: 'Test Shop' };
    const mail = renderMessage('booking.dateChanged', facts, render);
    expect(mail.subject).toContain(`Booking ${booking.bookingNumber} moved to`);
    expect(mail.text).toContain(`has been moved to another date: ${booking.puja.pujaName}`);
    expect(mail.text).toContain(inIndia(to));
    expect(mail.text).toContain(`It was on ${inIndia(first.pujaDate!)}.`);
    expect(mail.text).toContain('₹400 is being refunded to you');
    expect(renderWhatsApp('booking.dateChanged', facts, render.publicUrl).parameters).toEqual([
      'Asha Rao',
      booking.bookingNumber,
      booking.puja.pujaName,
      inIndia(first.pujaDate!),
      inIndia(to),
      '₹400 is being refunded to you, by the way you paid.',
      `https://shop.test/#/account/bookings/${booking.id}`,
    ]);
    // A move at the same price says nothing of a refund.
    await setPrice(first.id, 2, 1802);
    shop.clock.advance(60_000);
    const back = await changeDate(shop.staff.token, booking.id, first.id, true);
    expect(back.status).toBe(200);
    const again = await shop.db
      .selectFrom('outbox')
      .select('params')
      .where('recordId', '=', booking.id)
      .where('template', '=', 'booking.dateChanged')
      .where('channel', '=', 'email')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const backFacts = JSON.parse(again.params) as MessageFacts;
    expect(renderMessage('booking.dateChanged', backFacts, render).text).not.toContain('is being refunded');
  });

  it('to a dearer date without paying: the difference is named, and the customer’s move refused saying so (decision 0077)', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 1, 1601);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    expect(
      v.parse(BookingDateChangeQuote, (await quote(shop.me.token, booking.id, repeat)).body).priceDifference,
    ).toBe(500);
    const res = await changeDate(shop.me.token, booking.id, repeat);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'lifecycle_invalid',
      message: 'This date costs ₹500 more. Please pay the difference to move your booking to it.',
    });
    expect(await readAsCustomer(booking.id)).toMatchObject({ puja: { id: first.id }, dateChanges: 0 });
  });

  it('to a dearer date, paid: the server prices the difference, and after its capture the move applies and the payment is used for it; a refund later gives back both', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 1, 1601);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    const intent = await intentForMove(booking.id, repeat);
    expect(intent.status).toBe(201);
    const { id, amount } = (intent.body as { payment: { id: string; amount: number } }).payment;
    expect(amount).toBe(500);
    // Not captured yet: nothing moves.
    expect((await changeDate(shop.me.token, booking.id, repeat, false, id)).body).toMatchObject({
      code: 'payment_not_captured',
    });
    expect((await capture(shop.app, shop.me.token, id)).status).toBe(200);
    const res = await changeDate(shop.me.token, booking.id, repeat, false, id);
    expect(res.status).toBe(200);
    expect(moved(res)).toMatchObject({ puja: { id: repeat }, amount: booking.amount + 500, dateChanges: 1 });
    const payment = await readPayment(shop.app, shop.me.token, id);
    expect(payment).toMatchObject({ purpose: 'dateChange', status: 'used', amount: 500 });
    // The message says what was paid for the new date.
    const message = await shop.db
      .selectFrom('outbox')
      .select('params')
      .where('recordId', '=', booking.id)
      .where('template', '=', 'booking.dateChanged')
      .executeTakeFirstOrThrow();
    const facts = JSON.parse(message.params) as MessageFacts;
    expect(
      renderMessage('booking.dateChanged', facts, { publicUrl: 'https://shop.test', brand: 'Test' }).text,
    ).toContain('You paid ₹500 more for this date.');
    // Staff moving it to a date so much cheaper that its difference exceeds the first payment: refused.
    await setPrice(first.id, 1, 1);
    expect((await changeDate(shop.staff.token, booking.id, first.id, true)).body).toMatchObject({
      code: 'lifecycle_invalid',
      message: expect.stringContaining('can give back in part') as unknown,
    });
    await setPrice(first.id, 1, 1101);
    // Used once, for the move to `repeat`: sent again for another move it moves nothing (it is not
    // that move's payment), and the payment stays used.
    expect((await changeDate(shop.me.token, booking.id, first.id, false, id)).body).toMatchObject({
      code: 'payment_purpose_mismatch',
    });
    expect((await readPayment(shop.app, shop.me.token, id)).status).toBe('used');
    const cancelled = await bookingEvent(shop, shop.me.token, booking.id, {
      type: 'booking.cancel',
      reason: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    expect(refunds.map((r) => [r.intentId, r.amount])).toEqual([
      [id, 500],
      [booking.paymentId, booking.amount],
    ]);
    expect((await readPayment(shop.app, shop.me.token, id)).status).toBe('refunded');
  });

  it('to a dearer date that filled after the capture: refused, and the captured difference refunded at once, saying so', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 1, 1601);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    const intent = await intentForMove(booking.id, repeat);
    const { id } = (intent.body as { payment: { id: string } }).payment;
    expect((await capture(shop.app, shop.me.token, id)).status).toBe(200);
    await setCapacity(repeat, 0);
    const res = await changeDate(shop.me.token, booking.id, repeat, false, id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'puja_full', refunded: { paymentId: id, amount: 500 } });
    expect((res.body as { message: string }).message).toContain('Your payment of ₹500 has been refunded.');
    expect(refunds.map((r) => [r.intentId, r.amount])).toEqual([[id, 500]]);
    expect((await readPayment(shop.app, shop.me.token, id)).status).toBe('refunded');
    expect(await readAsCustomer(booking.id)).toMatchObject({ puja: { id: first.id }, dateChanges: 0 });
  });

  it('the amount is the server’s: nothing to pay for a date at the same price, a price raised after the capture refunds it, and a payment is for its own move only', async () => {
    const { first, repeat } = await series();
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    expect((await intentForMove(booking.id, repeat)).body).toEqual({
      code: 'lifecycle_invalid',
      message: 'This date costs no more: there is nothing to pay. Please move your booking without paying.',
    });
    // Another customer's booking: not found.
    expect((await intentForMove(booking.id, repeat, shop.other.token)).status).toBe(404);
    await setPrice(repeat, 1, 1601);
    // An amount sent by the customer is not theirs to say: the intent is for the difference.
    const told = await send(shop.app, 'POST', '/api/payments', {
      token: shop.me.token,
      json: { purpose: 'dateChange', dateChange: { bookingId: booking.id, pujaId: repeat }, amount: 1 },
    });
    expect(told.status).toBe(201);
    expect((told.body as { payment: { amount: number } }).payment.amount).toBe(500);
    const { id } = ((await intentForMove(booking.id, repeat)).body as { payment: { id: string } }).payment;
    expect((await capture(shop.app, shop.me.token, id)).status).toBe(200);
    // The difference grew after the capture: the payment no longer pays it, and goes back.
    await setPrice(repeat, 1, 1701);
    const res = await changeDate(shop.me.token, booking.id, repeat, false, id);
    expect(res.body).toMatchObject({
      code: 'payment_amount_mismatch',
      refunded: { paymentId: id, amount: 500 },
    });
    // A captured difference pays for no new booking, and a booking's payment for no move.
    await setPrice(repeat, 1, 1601);
    const second = ((await intentForMove(booking.id, repeat)).body as { payment: { id: string } }).payment;
    expect((await capture(shop.app, shop.me.token, second.id)).status).toBe(200);
    const other = await pujaOn(shop, 12 * DAY);
    const asBooking = await send(shop.app, 'POST', '/api/bookings', {
      token: shop.me.token,
      json: bookingBody(other, shop.myAddressId, 1, { paymentId: second.id }),
    });
    expect(asBooking.body).toMatchObject({ code: 'payment_purpose_mismatch' });
    // Staff cannot take a customer's payment for a move.
    const byStaff = await changeDate(shop.staff.token, booking.id, repeat, true, second.id);
    expect(byStaff.body).toMatchObject({ code: 'lifecycle_invalid' });
    // Offered for another booking's move, one refused anyway (a date not of its puja), the payment
    // is refused as not for it and kept, not given back: it still pays its own move below.
    const another = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    const misused = await changeDate(shop.me.token, another.id, other.id, false, second.id);
    expect(misused.body).toMatchObject({ code: 'payment_purpose_mismatch' });
    expect(misused.body).not.toHaveProperty('refunded');
    expect((await changeDate(shop.me.token, booking.id, repeat, false, second.id)).status).toBe(200);
  });

  it('a bad request for a difference, or a bad payment id on a move, is 400 {message} and makes nothing', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 1, 1601);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    for (const dateChange of [
      undefined,
      'x',
      { bookingId: booking.id },
      { bookingId: String(booking.id), pujaId: repeat },
      { bookingId: booking.id, pujaId: 1.5 },
      { bookingId: 0, pujaId: repeat },
    ]) {
      const res = await send(shop.app, 'POST', '/api/payments', {
        token: shop.me.token,
        json: { purpose: 'dateChange', dateChange },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body as object)).toEqual(['message']);
    }
    for (const paymentId of [1, '', 'x'.repeat(65)]) {
      const res = await bookingEvent(shop, shop.me.token, booking.id, {
        type: 'booking.changeDate',
        pujaId: repeat,
        paymentId,
      });
      expect(res.status).toBe(400);
    }
    expect(
      await shop.db
        .selectFrom('payments')
        .select('id')
        .where('dateChangeBookingId', '=', booking.id)
        .execute(),
    ).toEqual([]);
  });

  it('by staff to a dearer date: the difference waived, the booking keeps the price paid, and a later move is priced from it', async () => {
    const { first, repeat } = await series();
    await setPrice(repeat, 1, 1601);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    const res = await changeDate(shop.staff.token, booking.id, repeat, true);
    expect(res.status).toBe(200);
    expect(moved(res)).toMatchObject({ puja: { id: repeat }, amount: booking.amount, dateChanges: 0 });
    expect(moved(res).timeline.at(-1)).toMatchObject({
      event: 'booking.changeDate',
      by: 'staff',
      data: { priceDifference: 500, difference: 'waived' },
    });
    // Back to the first date: the same price as paid, nothing refunded.
    const back = await changeDate(shop.staff.token, booking.id, first.id, true);
    expect(back.status).toBe(200);
    expect(moved(back).amount).toBe(booking.amount);
    expect(refunds).toEqual([]);
  });

  it('is another customer’s booking: not found', async () => {
    const { first, repeat } = await series();
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    expect((await changeDate(shop.other.token, booking.id, repeat)).status).toBe(404);
    expect((await quote(shop.other.token, booking.id, repeat)).status).toBe(404);
  });
});
