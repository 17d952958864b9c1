/**
 * The staff API's lists and reads (docs/product-rules.md, Roles and the back office): filters by
 * state, date, number, e-mail and phone, pages with totals and counts per state, one record with
 * its customer, its timeline with who took each step and the steps staff may take now; and the
 * roles: customers and visitors are refused, nobody becomes staff over HTTP.
 */
import * as v from 'valibot';
import { AdminBookingListResponse, AdminBookingResponse } from '../../contract/admin/bookings.ts';
import { AdminOrderListResponse, AdminOrderResponse } from '../../contract/admin/orders.ts';
import { call } from '../support/accounts.ts';
import { book, createLifecycleShop, DAY, orderEvent, placeOrder, pujaOn } from '../support/lifecycle.ts';
import { expectClearRefusal } from '../security/security-shop.ts';
import type { OrderRead } from '../../contract/orders.ts';
import type { Booking } from '../../contract/booking.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createLifecycleShop);
let mine: OrderRead[];
let theirs: OrderRead;
let bookings: Booking[];

beforeAll(async () => {
  mine = [
    await placeOrder(shop, shop.me, shop.myAddressId, 'cod'),
    await placeOrder(shop, shop.me, shop.myAddressId, 'online'),
  ];
  theirs = await placeOrder(shop, shop.other, shop.otherAddressId, 'cod');
  // Their delivery mobile is their own (the test addresses all share one).
  await shop.db.updateTable('orders').set({ mobile: '9000000001' }).where('id', '=', theirs.id).execute();
  await orderEvent(shop, shop.staff.token, mine[0]!.id, { type: 'order.pack' }, true);
  bookings = [
    await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 2 * DAY) }),
    await book(shop, shop.other, shop.otherAddressId, { puja: await pujaOn(shop, 9 * DAY) }),
  ];
});

const orders = async (query: string, token = shop.staff.token) => {
  const res = await call(shop.app, 'GET', `/api/admin/orders${query}`, { token });
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return v.parse(AdminOrderListResponse, res.body);
};
const bookingList = async (query: string) => {
  const res = await call(shop.app, 'GET', `/api/admin/bookings${query}`, { token: shop.staff.token });
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return v.parse(AdminBookingListResponse, res.body);
};
const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b);
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

describe('GET /api/admin/orders', () => {
  it('lists every order, newest first, with its customer, the total and the counts per state', async () => {
    const list = await orders('');
    expect(list.orders.map((o) => o.id)).toEqual([theirs.id, mine[1]!.id, mine[0]!.id]);
    expect(list.total).toBe(3);
    expect(list.counts).toMatchObject({ processing: 2, packed: 1, shipped: 0, refunded: 0 });
    expect(list.orders[0]).toMatchObject({
      orderNumber: theirs.orderNumber,
      orderStatus: 'processing',
      itemCount: 1,
      customer: { name: 'Ravi Kumar', email: shop.other.email },
    });
  });

  it('filters by state, number, e-mail, phone and date, and pages', async () => {
    expect(ids((await orders('?status=packed')).orders)).toEqual([mine[0]!.id]);
    const several = await orders('?status=packed,processing');
    expect(several.total).toBe(3);
    expect(ids((await orders(`?q=${mine[1]!.orderNumber}`)).orders)).toEqual([mine[1]!.id]);
    expect(ids((await orders(`?q=${mine[1]!.orderNumber.slice(0, 12).toLowerCase()}`)).orders)).toEqual(
      ids([...mine, theirs]),
    );
    expect(ids((await orders(`?q=${encodeURIComponent(shop.me.email.toUpperCase())}`)).orders)).toEqual(
      ids(mine),
    );
    // The customer's phone as typed at registration, searched in any spacing.
    expect(ids((await orders('?q=98450%2012345')).orders)).toEqual(ids(mine));
    expect(ids((await orders('?q=900000%200001')).orders)).toEqual([theirs.id]);
    expect((await orders('?q=%25')).total).toBe(0);
    expect((await orders(`?from=${today()}&to=${today()}`)).total).toBe(3);
    expect((await orders('?to=2020-01-01')).total).toBe(0);
    const page = await orders('?limit=2&offset=2');
    expect(page.orders.map((o) => o.id)).toEqual([mine[0]!.id]);
    expect(page.total).toBe(3);
  });

  it('refuses bad filters with a clear 400', async () => {
    for (const query of [
      '?status=lost',
      '?from=yesterday',
      '?limit=0',
      '?limit=101',
      `?q=${'x'.repeat(101)}`,
    ])
      expectClearRefusal(
        await call(shop.app, 'GET', `/api/admin/orders${query}`, { token: shop.staff.token }),
        400,
        query,
      );
  });

  it('names the parameter and its bounds for a page out of range, as every list does (contract/query.ts)', async () => {
    for (const path of [
      '/api/admin/orders',
      '/api/admin/bookings',
      '/api/admin/pujas',
      '/api/admin/products',
    ])
      for (const [query, message] of [
        ['?limit=0', 'limit must be a whole number from 1 to 100'],
        ['?limit=101', 'limit must be a whole number from 1 to 100'],
        ['?offset=x', 'offset must be a whole number from 0 to 1000000000'],
      ] as const) {
        const res = await call(shop.app, 'GET', `${path}${query}`, { token: shop.staff.token });
        expect([res.status, res.body], `${path}${query}`).toEqual([400, { message }]);
      }
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('answers the order, its customer, the timeline with names, and what staff may do now', async () => {
    const res = await call(shop.app, 'GET', `/api/admin/orders/${mine[0]!.id}`, { token: shop.staff.token });
    const { order } = v.parse(AdminOrderResponse, res.body);
    expect(order.customer).toEqual({
      id: shop.me.user.id,
      name: 'Asha Rao',
      email: shop.me.email,
      phone: '+91 98450 12345',
    });
    expect(order.timeline.map((e) => [e.event, e.actorName])).toEqual([
      ['order.placed', 'Asha Rao'],
      ['order.pack', 'Lakshmi (staff)'],
    ]);
    expect(order.allowedEvents).toEqual(['order.ship', 'order.cancel']);
    expectClearRefusal(
      await call(shop.app, 'GET', '/api/admin/orders/999999', { token: shop.staff.token }),
      404,
    );
  });
});

describe('GET /api/admin/bookings', () => {
  it('lists by puja date (soonest first) or booking date, with filters and counts', async () => {
    const list = await bookingList('');
    expect(list.bookings.map((b) => b.id)).toEqual(bookings.map((b) => b.id));
    expect(list.counts.confirmed).toBe(2);
    expect(list.bookings[0]).toMatchObject({ personCount: 1, customer: { email: shop.me.email } });
    const inTwoDays = new Date(Date.now() + 2 * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect(ids((await bookingList(`?from=${inTwoDays}&to=${inTwoDays}`)).bookings)).toEqual([
      bookings[0]!.id,
    ]);
    expect((await bookingList(`?dateOf=booked&from=${today()}`)).total).toBe(2);
    expect(ids((await bookingList(`?q=${bookings[1]!.bookingNumber}`)).bookings)).toEqual([bookings[1]!.id]);
    expect((await bookingList('?status=refunded')).total).toBe(0);
    const { booking } = v.parse(
      AdminBookingResponse,
      (await call(shop.app, 'GET', `/api/admin/bookings/${bookings[0]!.id}`, { token: shop.admin.token }))
        .body,
    );
    // Staff may move a booking to another date of its puja any time before the lock (Rescheduling).
    expect(booking.allowedEvents).toEqual(['booking.cancel', 'booking.correctPersons', 'booking.changeDate']);
  });
});

describe('roles', () => {
  it('refuses customers (403) and visitors (401) on every staff route', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${mine[0]!.id}`],
      ['POST', `/api/admin/orders/${mine[0]!.id}/events`],
      ['GET', '/api/admin/bookings'],
      ['GET', `/api/admin/bookings/${bookings[0]!.id}`],
      ['POST', `/api/admin/bookings/${bookings[0]!.id}/events`],
    ] as const) {
      const json = method === 'POST' ? { type: 'order.pack' } : undefined;
      expectClearRefusal(await call(shop.app, method, path, { token: shop.me.token, json }), 403, path);
      expectClearRefusal(await call(shop.app, method, path, { json }), 401, path);
    }
  });
});

describe('staff correct the devotees until the lock', () => {
  it('stores the corrected persons with a spelling in the temple’s script, audits it, and refuses another script', async () => {
    const target = bookings[1]!;
    const pujaId = target.puja.id;
    await shop.db.updateTable('puja').set({ script: 'kannada' }).where('id', '=', pujaId).execute();
    const corrected = target.persons.map((p, i) => ({
      ...p,
      name: i === 0 ? 'Kamala Hegde' : p.name,
      ...(i === 0 && { nameInScript: 'ಕಮಲಾ ಹೆಗ್ಡೆ' }),
    }));
    const send = (persons: unknown) =>
      call(shop.app, 'POST', `/api/admin/bookings/${target.id}/events`, {
        token: shop.staff.token,
        json: { type: 'booking.correctPersons', persons },
      });
    const wrong = await send(corrected.map((p, i) => (i === 0 ? { ...p, nameInScript: 'கமலா' } : p)));
    expectClearRefusal(wrong, 400);
    expect((wrong.body as { message: string }).message).toBe(
      'The spelling must be written in Kannada letters, the temple’s script',
    );
    const res = await send(corrected);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { booking } = v.parse(AdminBookingResponse, res.body);
    expect(booking.persons[0]).toMatchObject({ name: 'Kamala Hegde', nameInScript: 'ಕಮಲಾ ಹೆಗ್ಡೆ' });
    expect(booking.timeline.at(-1)).toMatchObject({
      event: 'booking.correctPersons',
      actorName: 'Lakshmi (staff)',
    });
    const audit = await shop.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'booking')
      .where('entityId', '=', String(target.id))
      .execute();
    expect(audit.map((row) => row.action)).toContain('booking.correctPersons');
  });
});
