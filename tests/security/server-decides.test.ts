/**
 * Issue 7, promise 4: the server decides. Prices, discounts, shipping, totals, payment and order
 * status and ownership are computed or checked on the server; client-sent values for them are
 * ignored or refused; unknown enum values are refused.
 */
import * as v from 'valibot';
import { BookingResponse } from '../../contract/booking.ts';
import { OrderCreateResponse, OrderRead } from '../../contract/orders.ts';
import { call } from '../support/accounts.ts';
import { bookingBody } from '../support/bookings.ts';
import { send } from '../support/orders.ts';
import { UNPAID, paid } from '../support/payments.ts';
import { createSecurityShop, expectClearRefusal, expectNothingChanged } from './security-shop.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createSecurityShop);

/** Posts an order or booking; a body still UNPAID is first paid for through the API. */
const postOrder = async (json: unknown, token = shop.me.token) =>
  send(shop.app, 'POST', '/api/orders', { json: await paid(shop.app, token, json), token });
const postBooking = async (json: unknown, token = shop.me.token) =>
  send(shop.app, 'POST', '/api/bookings', { json: await paid(shop.app, token, json), token });

async function placedOrder(json: unknown) {
  const res = await postOrder(json);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { id } = v.parse(OrderCreateResponse, res.body);
  const read = await call(shop.app, 'GET', `/api/orders/${id}`, { token: shop.me.token });
  return v.parse(OrderRead, read.body);
}

/** Three of the ₹450 product: subtotal ₹1,350, free shipping (over ₹1,000). */
const threeMalas = () => [{ product_id: shop.productId, quantity: 3, price: 1 }];

describe('Promise 4: the server decides', () => {
  it('ignores client-sent prices, subtotal, shipping, discount and total on an order', async () => {
    const order = await placedOrder({
      address_id: shop.myAddress.id,
      items: threeMalas(),
      subtotal: 3,
      shipping: 0,
      discount: 1349,
      total: 1,
      payment_method: 'cod',
      // The coupon's discount is the server's: 10% of ₹1,350 = ₹135, not the ₹1,349 sent.
      coupon_code: 'WELCOME10',
    });
    expect(order).toMatchObject({ subtotal: 1350, shipping: 0, discount: 135, total: 1215 });
    expect(order.items).toEqual([
      expect.objectContaining({ productId: shop.productId, price: 450, quantity: 3 }),
    ]);

    // Without a coupon a client-sent discount is simply not applied, and shipping is charged.
    const small = await placedOrder({
      address_id: shop.myAddress.id,
      items: [{ product_id: shop.productId, quantity: 1, price: 0 }],
      shipping: 0,
      discount: 450,
      total: 0,
      payment_method: 'cod',
    });
    expect(small).toMatchObject({ subtotal: 450, shipping: 100, discount: 0, total: 550 });
  });

  it('ignores client-sent payment_status and order_status on an order', async () => {
    const cod = await placedOrder({
      address_id: shop.myAddress.id,
      items: threeMalas(),
      payment_method: 'cod',
      payment_status: 'completed',
      order_status: 'delivered',
    });
    expect(cod).toMatchObject({ paymentStatus: 'pending', orderStatus: 'processing' });

    const online = await placedOrder({
      address_id: shop.myAddress.id,
      items: threeMalas(),
      payment_method: 'online',
      payment_id: UNPAID,
      payment_status: 'refunded',
      order_status: 'cancelled',
    });
    expect(online).toMatchObject({ paymentStatus: 'completed', orderStatus: 'processing' });
  });

  it('prices a booking from the package and ignores client-sent amounts and statuses', async () => {
    const res = await postBooking({
      ...bookingBody(shop.puja, shop.myAddress.id, 2),
      amount: 1,
      price: 1,
      currency: 'USD',
      status: 'completed',
      paymentStatus: 'refunded',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { booking } = v.parse(BookingResponse, res.body);
    expect(booking).toMatchObject({
      amount: shop.puja.packages[2]!.offerPrice,
      currency: 'INR',
      status: 'confirmed',
      paymentStatus: 'completed',
    });
  });

  it('checks ownership: another customer’s user_id, address or account is refused', async () => {
    const { me, other, myAddress, otherAddress } = shop;
    await expectNothingChanged(shop.db, async () => {
      // An order on someone else's account.
      const forOther = await postOrder({
        user_id: other.user.id,
        address_id: myAddress.id,
        items: threeMalas(),
        payment_method: 'cod',
      });
      expectClearRefusal(forOther, 403, 'order with user_id of another');
      // Delivery to, or a booking for, someone else's saved address.
      const toOther = await postOrder({
        address_id: otherAddress.id,
        items: threeMalas(),
        payment_method: 'cod',
      });
      expectClearRefusal(toOther, 404, 'order to the address of another');
      const bookOther = await postBooking(bookingBody(shop.puja, otherAddress.id, 1));
      expectClearRefusal(bookOther, 404, 'booking at the address of another');
    });

    // A booking body naming another customer is still mine: the token decides whose it is.
    const res = await postBooking({ ...bookingBody(shop.puja, myAddress.id, 1), userId: other.user.id });
    expect(res.status).toBe(201);
    const { booking } = v.parse(BookingResponse, res.body);
    const mine = await call(shop.app, 'GET', `/api/bookings/${booking.id}`, { token: me.token });
    expect(mine.status).toBe(200);
    const theirs = await call(shop.app, 'GET', `/api/bookings/${booking.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
  });

  it('refuses unknown enum values: payment method, payment status, order status', async () => {
    const order = { address_id: shop.myAddress.id, items: threeMalas(), payment_method: 'cod' };
    const bad: [string, unknown][] = [
      ['payment_method upi', { ...order, payment_method: 'upi' }],
      ['payment_method COD (case)', { ...order, payment_method: 'COD' }],
      ['payment_method missing', { ...order, payment_method: undefined }],
      ['payment_status paid', { ...order, payment_status: 'paid' }],
      ['order_status hacked', { ...order, order_status: 'hacked' }],
      ['order_status as a number', { ...order, order_status: 1 }],
    ];
    const booking = bookingBody(shop.puja, shop.myAddress.id, 1);
    const badBookings: [string, unknown][] = [
      ['booking paymentMethod cod', { ...booking, paymentMethod: 'cod' }],
      ['booking paymentMethod wallet', { ...booking, paymentMethod: 'wallet' }],
      [
        'booking raashi off the list',
        { ...booking, persons: [{ ...booking.persons[0], raashi: 'Ophiuchus' }] },
      ],
    ];
    await expectNothingChanged(shop.db, async () => {
      for (const [label, body] of bad) expectClearRefusal(await postOrder(body), 400, label);
      for (const [label, body] of badBookings) expectClearRefusal(await postBooking(body), 400, label);
    });
  });
});
