/**
 * Promise 2, retries are safe (the server's half): one Idempotency-Key gives one record and the
 * same answer, sent in sequence or in parallel, for orders and bookings, in one process and
 * across two server processes sharing the database; the same key with another body is refused
 * with 422 and changes nothing.
 */
import { registerAndLogin, type Customer } from '../support/accounts.ts';
import { newCustomer, type ApiServer } from '../support/api-server.ts';
import { addPuja, bookingBody, countBookingRows, person, type TestPuja } from '../support/bookings.ts';
import { addAddress, addProduct, countOrders, send, stockOf } from '../support/orders.ts';
import { paid, paymentStatus } from '../support/payments.ts';
import { createTestShop } from '../support/test-db.ts';
import { sql } from 'kysely';
import {
  codOrder,
  numberOf,
  openPujaBooking,
  openShopDb,
  stopBoth,
  tenAtOnce,
  twoProcesses,
} from './helpers.ts';
import { shopPerFile } from '../support/prelude.ts';

const mismatch = { message: 'This Idempotency-Key was already used with a different request' };

describe('in process (app.request)', () => {
  const shop = shopPerFile(createTestShop);
  let me: Customer;
  let addressId: number;
  let product: number;
  let puja: TestPuja;

  beforeAll(async () => {
    me = await registerAndLogin(shop.app);
    addressId = (await addAddress(shop.app, me)).id;
    product = await addProduct(shop.db, { name: 'Copper Kalash', offerPrice: 700, stockQuantity: 100 });
    puja = await addPuja(shop.db);
  });

  const postOrder = (body: unknown, key: string) =>
    send(shop.app, 'POST', '/api/orders', {
      token: me.token,
      json: body,
      headers: { 'Idempotency-Key': key },
    });
  const postBooking = (body: unknown, key: string) =>
    send(shop.app, 'POST', '/api/bookings', {
      token: me.token,
      json: body,
      headers: { 'Idempotency-Key': key },
    });

  describe('orders', () => {
    it('gives one order and the same answer to one key sent twice in sequence', async () => {
      const [orders, stock] = [await countOrders(shop.db), await stockOf(shop.db, product)];
      const first = await postOrder(codOrder({ addressId }, product, 2), 'seq-order-1');
      const again = await postOrder(codOrder({ addressId }, product, 2), 'seq-order-1');
      expect(first.status).toBe(201);
      expect(again).toMatchObject({ status: 201, body: first.body });
      expect(await countOrders(shop.db)).toBe(orders + 1);
      expect(await stockOf(shop.db, product)).toBe(stock - 2);
    });

    it('gives one order to 10 parallel requests with one key, every answer the same id', async () => {
      const [orders, stock] = [await countOrders(shop.db), await stockOf(shop.db, product)];
      const results = await Promise.all(
        Array.from({ length: 10 }, () => postOrder(codOrder({ addressId }, product, 1), 'par-order-1')),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(await countOrders(shop.db)).toBe(orders + 1);
      expect(await stockOf(shop.db, product)).toBe(stock - 1);
    });

    it('refuses the same key with a different body with 422 and changes nothing', async () => {
      await postOrder(codOrder({ addressId }, product, 1), 'mismatch-order-1');
      const [orders, stock] = [await countOrders(shop.db), await stockOf(shop.db, product)];
      const other = await postOrder(codOrder({ addressId }, product, 3), 'mismatch-order-1');
      expect(other).toMatchObject({ status: 422, body: mismatch });
      expect(await countOrders(shop.db)).toBe(orders);
      expect(await stockOf(shop.db, product)).toBe(stock);
    });
  });

  describe('bookings', () => {
    it('gives one booking and the same answer to one key sent twice in sequence', async () => {
      const before = await countBookingRows(shop.db);
      // One payment for the booking; the retry carries the same one.
      const body = await paid(shop.app, me.token, bookingBody(puja, addressId, 2));
      const first = await postBooking(body, 'seq-booking-1');
      const again = await postBooking(body, 'seq-booking-1');
      expect(first.status).toBe(201);
      expect(again).toMatchObject({ status: 201, body: first.body });
      expect(await countBookingRows(shop.db)).toEqual({
        bookings: before.bookings + 1,
        persons: before.persons + 2,
      });
    });

    it('gives one booking to 10 parallel requests with one key, every answer the same booking', async () => {
      const before = await countBookingRows(shop.db);
      const body = await paid(shop.app, me.token, bookingBody(puja, addressId, 1));
      const results = await Promise.all(Array.from({ length: 10 }, () => postBooking(body, 'par-booking-1')));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(await countBookingRows(shop.db)).toEqual({
        bookings: before.bookings + 1,
        persons: before.persons + 1,
      });
    });

    it('refuses the same key with a different body with 422 and changes nothing', async () => {
      const first = await postBooking(
        await paid(shop.app, me.token, bookingBody(puja, addressId, 1)),
        'mismatch-booking-1',
      );
      expect(first.status).toBe(201);
      const otherBody = await paid(
        shop.app,
        me.token,
        bookingBody(puja, addressId, 1, { persons: [person({ name: 'Someone Else' })] }),
      );
      const before = await countBookingRows(shop.db);
      const other = await postBooking(otherBody, 'mismatch-booking-1');
      expect(other).toMatchObject({ status: 422, body: mismatch });
      expect(await countBookingRows(shop.db)).toEqual(before);
      // Its payment is left as it was, for the customer's next try.
      expect(await paymentStatus(shop.db, otherBody.paymentId)).toBe('captured');
    });
  });
});

describe('across two server processes sharing one database', () => {
  let first: ApiServer;
  let second: ApiServer;
  afterAll(() => stopBoth(first, second));

  it('gives one order and one booking to 10 parallel requests per key, half to each process', async () => {
    [first, second] = await twoProcesses();
    const me = await newCustomer(first.url);

    const booking = await openPujaBooking(first.url, me);

    const send10 = (pathname: string, json: unknown, key: string) =>
      tenAtOnce([first, second], me, pathname, json, () => key);
    const [orders, bookings] = await Promise.all([
      send10('/api/orders', codOrder(me, 1, 1), 'two-process-order'),
      send10('/api/bookings', booking, 'two-process-booking'),
    ]);

    for (const results of [orders, bookings]) {
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    }
    const stored = await openShopDb(first);
    try {
      const count = (table: 'orders' | 'bookings', key: string) =>
        numberOf(stored, sql`select count(*) as n from ${sql.table(table)} where idempotency_key = ${key}`);
      expect(await count('orders', 'two-process-order')).toBe(1);
      expect(await count('bookings', 'two-process-booking')).toBe(1);
      // The customer's own: a new shop also holds the demo customers' bookings of its full date.
      expect(await numberOf(stored, sql`select count(*) as n from orders where user_id = ${me.userId}`)).toBe(1);
      expect(await numberOf(stored, sql`select count(*) as n from bookings where user_id = ${me.userId}`)).toBe(1);
    } finally {
      await stored.destroy();
    }
  });
});
