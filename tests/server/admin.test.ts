/**
 * The rest of the staff API (docs/product-rules.md, Roles and the back office): Today's numbers
 * and waiting work, the sankalp sheet in the temple's script, CSV exports of the queues, coupons
 * with their limits, the audit log (append-only, every staff write including lifecycle steps),
 * and the staff, which only admins manage: an e-mailed, single-use invitation, and removal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { PersonDraft } from '../../contract/person.ts';
import { AuditListResponse } from '../../contract/admin/audit.ts';
import { AdminCouponResponse } from '../../contract/admin/coupons.ts';
import { SankalpSheetResponse } from '../../contract/admin/sankalp.ts';
import { StaffListResponse } from '../../contract/admin/staff.ts';
import { TodayResponse } from '../../contract/admin/today.ts';
import { StaffInvitationInfo } from '../../contract/staff-invitations.ts';
import { nameInScript } from '../../contract/sankalp-script.ts';
import { createApp, type App } from '../../server/app.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { bookingBody, person } from '../support/bookings.ts';
import {
  book,
  bookingEvent,
  createLifecycleShop,
  DAY,
  HOUR,
  orderEvent,
  placeOrder,
  pujaOn,
} from '../support/lifecycle.ts';
import { addAddress, send } from '../support/orders.ts';
import { paid } from '../support/payments.ts';
import { expectClearRefusal, expectNothingChanged } from '../security/security-shop.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createLifecycleShop);
let app: App;
let outbox: string;
beforeAll(() => {
  outbox = path.join(shop.dir, 'office-outbox');
  app = createApp({
    db: shop.db,
    now: shop.clock.now,
    uploadsDir: shop.uploadsDir,
    mailer: createMailer({ outboxDir: outbox, from: 'Shop <no-reply@shop.test>' }),
    publicUrl: 'https://shop.test',
  });
});

const as = (token: string | undefined) => (method: string, url: string, json?: unknown) =>
  call(app, method, url, { token, json });
const staff = (method: string, url: string, json?: unknown) => as(shop.staff.token)(method, url, json);
const admin = (method: string, url: string, json?: unknown) => as(shop.admin.token)(method, url, json);

async function audit(query = '') {
  const res = await staff('GET', `/api/admin/audit${query}`);
  expect(res.status).toBe(200);
  return v.parse(AuditListResponse, res.body);
}
const indiaToday = () => new Date(shop.clock.now().getTime() + 5.5 * HOUR).toISOString().slice(0, 10);

describe('roles', () => {
  const staffRoutes: [string, string, unknown?][] = [
    ['GET', '/api/admin/today'],
    ['GET', '/api/admin/sankalp?date=2026-12-01'],
    ['GET', '/api/admin/orders.csv'],
    ['GET', '/api/admin/bookings.csv'],
    ['GET', '/api/admin/coupons'],
    ['POST', '/api/admin/coupons', { code: 'ROLE10', kind: 'percent', value: 10, active: true }],
    ['PUT', '/api/admin/coupons/1', { code: 'ROLE10', kind: 'percent', value: 10, active: true, version: 1 }],
    ['GET', '/api/admin/audit'],
  ];
  const adminRoutes: [string, string, unknown?][] = [
    ['GET', '/api/admin/staff'],
    ['POST', '/api/admin/staff/invitations', { email: 'new@shop.test' }],
    ['DELETE', '/api/admin/staff/invitations/1'],
    ['DELETE', '/api/admin/staff/1'],
  ];
  it.each([...staffRoutes, ...adminRoutes])(
    '%s %s: 401 for a visitor, 403 for a customer',
    async (method, url, json) => {
      await expectNothingChanged(shop.db, async () => {
        expectClearRefusal(await as(undefined)(method, url, json), 401);
        expectClearRefusal(await as(shop.me.token)(method, url, json), 403);
      });
    },
  );
  it.each(adminRoutes)('%s %s: 403 for staff (only admins manage the staff)', async (method, url, json) => {
    await expectNothingChanged(shop.db, async () => {
      const res = await staff(method, url, json);
      expectClearRefusal(res, 403);
      expect((res.body as { message: string }).message).toBe('Only admins can manage the staff');
    });
  });
});

describe('Today', () => {
  it('counts today’s and the week’s orders, revenue and bookings, the pujas due today and the work waiting', async () => {
    const before = v.parse(TodayResponse, (await staff('GET', '/api/admin/today')).body);
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const cancelled = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await orderEvent(shop, shop.staff.token, cancelled.id, { type: 'order.cancel', reason: 'Test' }, true);
    const packed = await placeOrder(shop, shop.other, shop.otherAddressId, 'cod');
    await orderEvent(shop, shop.staff.token, packed.id, { type: 'order.pack' }, true);
    const soon = await pujaOn(shop, 30 * HOUR);
    await book(shop, shop.me, shop.myAddressId, { puja: soon });
    const after = v.parse(TodayResponse, (await staff('GET', '/api/admin/today')).body);
    expect(after.date).toBe(indiaToday());
    expect(after.today.orders - before.today.orders).toBe(3);
    // Cash on delivery is not money in until it is delivered: only the paid booking counts.
    expect(after.today.revenue - before.today.revenue).toBe(soon.packages[1]!.offerPrice);
    await orderEvent(shop, shop.staff.token, order.id, { type: 'order.pack' }, true);
    await orderEvent(
      shop,
      shop.staff.token,
      order.id,
      { type: 'order.ship', carrier: 'india post', trackingNumber: 'EK123456789IN' },
      true,
    );
    await orderEvent(shop, shop.staff.token, order.id, { type: 'order.deliver' }, true);
    const delivered = v.parse(TodayResponse, (await staff('GET', '/api/admin/today')).body);
    expect(delivered.today.revenue - before.today.revenue).toBe(order.total + soon.packages[1]!.offerPrice);
    expect(delivered.waiting.ordersToPack - before.waiting.ordersToPack).toBe(0);
    expect(after.today.bookings - before.today.bookings).toBe(1);
    expect(after.last7Days.orders).toBeGreaterThanOrEqual(after.today.orders);
    expect(after.waiting.ordersToPack - before.waiting.ordersToPack).toBe(1);
    expect(after.waiting.ordersToShip - before.waiting.ordersToShip).toBe(1);
    expect(after.waiting.bookingsToLock - before.waiting.bookingsToLock).toBe(1);
    expect(after.outOfStock).toBeGreaterThan(0);
    expect(after.lowStock).toBeGreaterThan(0);
  });

  it('counts the refunds pending per queue, so each count links to the queue that lists them', async () => {
    const before = v.parse(TodayResponse, (await staff('GET', '/api/admin/today')).body).waiting;
    // A refund the gateway has not completed yet (a refund is tried at once, so a row is set to it here).
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await shop.db
      .updateTable('orders')
      .set({ orderStatus: 'refundPending' })
      .where('id', '=', order.id)
      .execute();
    const booked = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 3 * DAY) });
    await shop.db
      .updateTable('bookings')
      .set({ status: 'refundPending' })
      .where('id', '=', booked.id)
      .execute();
    const after = v.parse(TodayResponse, (await staff('GET', '/api/admin/today')).body).waiting;
    expect(after.orderRefundsPending - before.orderRefundsPending).toBe(1);
    expect(after.bookingRefundsPending - before.bookingRefundsPending).toBe(1);
  });
});

/**
 * Ravi's paid booking of two persons (201) for a puja two days away whose temple writes in
 * `script`: the puja.
 */
async function sankalpBooking(script: 'tamil' | 'kannada', persons: PersonDraft[]) {
  const puja = await pujaOn(shop, 2 * DAY);
  await shop.db.updateTable('puja').set({ script }).where('id', '=', puja.id).execute();
  const res = await send(app, 'POST', '/api/bookings', {
    json: await paid(app, shop.other.token, { ...bookingBody(puja, shop.otherAddressId, 2), persons }),
    token: shop.other.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return puja;
}

describe('the sankalp sheet', () => {
  it('lists the day’s bookings by puja and package, each devotee with birth details and the name and gothra in the temple’s script', async () => {
    const puja = await sankalpBooking('tamil', [
      person({ name: 'Lakshmi Narayanan', gothra: 'Kashyap' }),
      person({ name: 'Gowri', gothra: 'Bharadwaj', birthTimeNotKnown: true, birthTime: '' }),
    ]);
    const day = new Date(Date.parse(puja.pujaDate!) + 5.5 * HOUR).toISOString().slice(0, 10);
    const sheet = v.parse(SankalpSheetResponse, (await staff('GET', `/api/admin/sankalp?date=${day}`)).body);
    const mine = sheet.pujas.find((p) => p.pujaId === puja.id)!;
    expect(mine).toMatchObject({ pujaName: puja.pujaName, script: 'tamil' });
    const [pkg] = mine.packages;
    expect(pkg!.title).toBe(puja.packages[2]!.title);
    const persons = pkg!.bookings[0]!.persons;
    expect(persons.map((p) => [p.name, p.gothra, p.birthTime])).toEqual([
      ['Lakshmi Narayanan', 'Kashyap', '06:45'],
      ['Gowri', 'Bharadwaj', null],
    ]);
    expect(persons[0]!.nameInScript).toBe(nameInScript('Lakshmi Narayanan', 'tamil'));
    expect(persons[0]!.nameInScript).toMatch(/[\u0B80-\u0BFF]/);
    expect(persons[0]!.gothraInScript).toMatch(/[\u0B80-\u0BFF]/);
    expect(persons[0]).toMatchObject({
      nakshatra: 'Magha',
      raashi: 'Simha (Leo)',
      dateOfBirth: '1988-03-14',
      birthPlace: 'Udupi',
    });
    expectClearRefusal(await staff('GET', '/api/admin/sankalp'), 400);
  });

  it('lists the persons a family named on a package for up to four, with a nakshatra not known as null', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    const res = await send(app, 'POST', '/api/bookings', {
      json: await paid(app, shop.other.token, {
        ...bookingBody(puja, shop.otherAddressId, 4),
        persons: [
          person({ name: 'Lakshmi' }),
          person({ name: 'Gowri', nakshatra: '', nakshatraNotKnown: true }),
          person({ name: 'Hari' }),
        ],
      }),
      token: shop.other.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const day = new Date(Date.parse(puja.pujaDate!) + 5.5 * HOUR).toISOString().slice(0, 10);
    const sheet = v.parse(SankalpSheetResponse, (await staff('GET', `/api/admin/sankalp?date=${day}`)).body);
    const [pkg] = sheet.pujas.find((p) => p.pujaId === puja.id)!.packages;
    expect(pkg!.title).toBe(puja.packages[4]!.title);
    expect(pkg!.bookings[0]!.persons.map((p) => [p.name, p.nakshatra])).toEqual([
      ['Lakshmi', 'Magha'],
      ['Gowri', null],
      ['Hari', 'Magha'],
    ]);
    expectClearRefusal(await staff('GET', '/api/admin/sankalp?date=tomorrow'), 400);
  });
});

describe('the sankalp sheet: spellings corrected by hand, final or not, stars in the script', () => {
  it('prints a stored spelling instead of the worked-out one, says whether the names may change, and names the stars in the script', async () => {
    const puja = await sankalpBooking('kannada', [
      person({ name: 'Kamala Shetty', nameInScript: '  ಕಮಲಾ   ಶೆಟ್ಟಿ ', gothra: 'Kashyap' }),
      person({ name: 'Ravi', gothra: 'Bharadwaj', gothraInScript: 'ಭಾರದ್ವಾಜ' }),
    ]);
    const day = new Date(Date.parse(puja.pujaDate!) + 5.5 * HOUR).toISOString().slice(0, 10);
    const sheetNow = async () => {
      const sheet = v.parse(
        SankalpSheetResponse,
        (await staff('GET', `/api/admin/sankalp?date=${day}`)).body,
      );
      return sheet.pujas.find((p) => p.pujaId === puja.id)!.packages[0]!.bookings[0]!;
    };
    const before = await sheetNow();
    expect(before.namesFinal).toBe(false);
    expect(before.persons.map((p) => [p.nameInScript, p.gothraInScript])).toEqual([
      ['ಕಮಲಾ ಶೆಟ್ಟಿ', 'ಕಾಶ್ಯಪ'],
      ['ರವಿ', 'ಭಾರದ್ವಾಜ'],
    ]);
    expect(before.persons[0]).toMatchObject({
      nakshatra: 'Magha',
      nakshatraInScript: 'ಮಘಾ',
      raashi: 'Simha (Leo)',
      raashiInScript: 'ಸಿಂಹ',
    });
    // Past the lock (12 hours before the puja) the names are final.
    shop.clock.set(new Date(Date.parse(puja.pujaDate!) - 11 * HOUR));
    try {
      expect((await sheetNow()).namesFinal).toBe(true);
    } finally {
      shop.clock.set(new Date());
    }
  });

  it('refuses a spelling that is not in the temple’s script, or too long, and stores nothing', async () => {
    const puja = await pujaOn(shop, 2 * DAY);
    await shop.db.updateTable('puja').set({ script: 'kannada' }).where('id', '=', puja.id).execute();
    for (const [spelling, message] of [
      ['கமலா', 'The spelling must be written in Kannada letters, the temple’s script'],
      ['Kamala', 'The spelling must be written in Kannada letters, the temple’s script'],
      ['ಕ'.repeat(151), 'The spelling in the temple’s script must be at most 150 characters'],
    ] as const) {
      const res = await send(app, 'POST', '/api/bookings', {
        json: await paid(app, shop.other.token, {
          ...bookingBody(puja, shop.otherAddressId, 1),
          persons: [person({ nameInScript: spelling })],
        }),
        token: shop.other.token,
      });
      expect(res.status, spelling).toBe(400);
      expect((res.body as { message: string }).message).toBe(message);
    }
  });
});

describe('CSV exports', () => {
  it('exports what the filter shows, every matching record, formulas defused', async () => {
    const mallory = await registerAndLogin(app, { name: '=HYPERLINK("http://evil.example","Click")' });
    const address = await addAddress(app, mallory);
    const order = await placeOrder(shop, mallory, address.id, 'cod');
    const res = await app.request(`/api/admin/orders.csv?q=${encodeURIComponent(mallory.email)}`, {
      headers: { authorization: `Bearer ${shop.staff.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order,Placed (IST),Customer,E-mail,Phone,Items,Total (₹),Payment,Payment status,Status',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order.orderNumber);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(lines[1]).toMatch(/Cash on delivery,pending,Processing$/);
    const bookings = await app.request('/api/admin/bookings.csv?status=confirmed', {
      headers: { authorization: `Bearer ${shop.staff.token}` },
    });
    const rows = (await bookings.text()).trim().split('\r\n');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row.endsWith(',Confirmed'))).toBe(true);
    expectClearRefusal(await staff('GET', '/api/admin/orders.csv?status=lost'), 400);
  });
});

describe('coupons', () => {
  const coupon = (overrides: Record<string, unknown> = {}) => ({
    code: 'navratri15',
    kind: 'percent',
    value: 15,
    minSubtotal: 500,
    maxDiscount: 400,
    startsAt: null,
    expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
    usageLimit: 100,
    perCustomerLimit: 1,
    active: true,
    ...overrides,
  });

  it('creates a coupon (code upper-cased), shows its uses, enforces the per-customer limit at checkout, audited', async () => {
    const res = await staff('POST', '/api/admin/coupons', coupon());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = v.parse(AdminCouponResponse, res.body).coupon;
    expect(created).toMatchObject({ code: 'NAVRATRI15', timesUsed: 0, perCustomerLimit: 1, version: 1 });
    const orderBody = {
      address_id: shop.myAddressId,
      items: [{ product_id: shop.productId, quantity: 2 }],
      payment_method: 'cod',
      coupon_code: 'NAVRATRI15',
    };
    const first = await send(app, 'POST', '/api/orders', { json: orderBody, token: shop.me.token });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await send(app, 'POST', '/api/orders', { json: orderBody, token: shop.me.token });
    expectClearRefusal(second, 400);
    expect(second.body).toMatchObject({ code: 'coupon_used_by_you' });
    const list = (await staff('GET', '/api/admin/coupons')).body as {
      coupons: { code: string; timesUsed: number }[];
    };
    expect(list.coupons.find((c) => c.code === 'NAVRATRI15')!.timesUsed).toBe(1);
    expect((await audit(`?entity=coupon&entityId=${created.id}`)).entries[0]).toMatchObject({
      action: 'coupon.create',
    });
  });

  it('a coupon not yet started is refused with its own message; edits carry their version', async () => {
    const res = await staff(
      'POST',
      '/api/admin/coupons',
      coupon({ code: 'LATER20', startsAt: new Date(Date.now() + DAY).toISOString(), perCustomerLimit: null }),
    );
    const later = v.parse(AdminCouponResponse, res.body).coupon;
    const check = await call(app, 'POST', '/api/coupons/validate', {
      json: { code: 'LATER20', subtotal: 1000 },
    });
    expectClearRefusal(check, 400);
    expect(check.body).toMatchObject({ message: 'This coupon is not valid yet', code: 'coupon_not_started' });
    const edited = await staff('PUT', `/api/admin/coupons/${later.id}`, {
      ...coupon({ code: 'LATER20', active: false }),
      version: 1,
    });
    expect(v.parse(AdminCouponResponse, edited.body).coupon).toMatchObject({ active: false, version: 2 });
    expectClearRefusal(
      await admin('PUT', `/api/admin/coupons/${later.id}`, { ...coupon({ code: 'LATER20' }), version: 1 }),
      409,
    );
    // The edit's audit row: who, what changed, and the coupon before and after (the refused one left none).
    const { entries } = await audit(`?entity=coupon&entityId=${later.id}`);
    expect(entries.map((e) => e.action)).toEqual(['coupon.update', 'coupon.create']);
    expect(entries[0]).toMatchObject({
      userName: 'Lakshmi (staff)',
      before: { code: 'LATER20', active: true, perCustomerLimit: null, version: 1 },
      after: { code: 'LATER20', active: false, perCustomerLimit: 1, startsAt: null, version: 2 },
    });
    expect(entries[0]!.before!.startsAt).toBe(later.startsAt);
    // The summary names the fields as the form does (contract/field-labels.ts).
    expect(entries[0]!.summary).toMatch(
      /^Edited the coupon LATER20: Valid from \(IST, optional\), .*Uses per customer \(optional\), Active$/,
    );
  });

  it('refuses bad coupons with a 400 naming the problem, and a taken code with 409, changing nothing', async () => {
    await expectNothingChanged(shop.db, async () => {
      for (const body of [
        coupon({ code: 'NEW', kind: 'percent', value: 120 }),
        coupon({ code: 'NEW2', kind: 'flat', value: 100, maxDiscount: 50 }),
        coupon({ code: 'a b' }),
        coupon({ code: 'NEW3', startsAt: new Date(Date.now() + 60 * DAY).toISOString() }),
        coupon({ code: 'NEW4', usageLimit: 0 }),
        coupon({ code: 'NEW5', active: 'yes' }),
      ])
        expectClearRefusal(await staff('POST', '/api/admin/coupons', body), 400);
      expectClearRefusal(await staff('POST', '/api/admin/coupons', coupon({ code: 'welcome10' })), 409);
    });
  });
});

describe('the audit log', () => {
  it('keeps lifecycle steps taken by staff, with who, before and after', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await orderEvent(shop, shop.staff.token, order.id, { type: 'order.pack' }, true);
    const { entries } = await audit(`?entity=order&entityId=${order.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'order.pack',
      userName: 'Lakshmi (staff)',
      before: { state: 'processing' },
      after: { state: 'packed' },
    });
  });

  it('keeps every booking step staff take (perform with its proof, ship and deliver the prasad, cancel), with who, before and after; a customer’s own step is not a staff write', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja });
    const cancelled = await book(shop, shop.other, shop.otherAddressId, { puja });
    const byCustomer = await book(shop, shop.me, shop.myAddressId, { puja });
    const staffStep = async (id: number, event: object) => {
      const res = await bookingEvent(shop, shop.staff.token, id, event, true);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await staffStep(cancelled.id, { type: 'booking.cancel', reason: 'The devotee asked by phone' });
    expect(
      (await bookingEvent(shop, shop.me.token, byCustomer.id, { type: 'booking.cancel', reason: 'Mine' }))
        .status,
    ).toBe(200);
    shop.clock.advance(3 * DAY); // the puja's time: "performed" is refused before it (docs/product-rules.md)
    try {
      await staffStep(booking.id, { type: 'booking.perform', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
      await staffStep(booking.id, {
        type: 'booking.shipPrasad',
        carrier: 'DTDC',
        trackingNumber: 'D7654321',
      });
      await staffStep(booking.id, { type: 'booking.deliverPrasad' });
    } finally {
      shop.clock.set(new Date());
    }
    const steps = (await audit(`?entity=booking&entityId=${booking.id}`)).entries.reverse();
    // The sankalp lock is the server's own step: no staff member took it.
    expect(steps.map((e) => [e.action, e.userName, e.before, e.after])).toEqual([
      [
        'booking.perform',
        'Lakshmi (staff)',
        { state: 'sankalpLocked' },
        { state: 'performed', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', photoIds: [] },
      ],
      [
        'booking.shipPrasad',
        'Lakshmi (staff)',
        { state: 'performed' },
        { state: 'prasadShipped', carrier: 'DTDC', trackingNumber: 'D7654321' },
      ],
      ['booking.deliverPrasad', 'Lakshmi (staff)', { state: 'prasadShipped' }, { state: 'prasadDelivered' }],
    ]);
    expect(steps.map((e) => e.summary)).toEqual([
      `Booking #${booking.id}: Puja performed (Sankalp locked → Performed)`,
      `Booking #${booking.id}: Prasad shipped (Performed → Prasad shipped)`,
      `Booking #${booking.id}: Prasad delivered (Prasad shipped → Prasad delivered)`,
    ]);
    const [cancel] = (await audit(`?entity=booking&entityId=${cancelled.id}`)).entries;
    expect(cancel).toMatchObject({
      action: 'booking.cancel',
      userName: 'Lakshmi (staff)',
      before: { state: 'confirmed' },
    });
    expect(cancel!.summary).toMatch(
      /^Booking #\d+: Cancelled \(Confirmed → .+\): The devotee asked by phone$/,
    );
    expect((await audit(`?entity=booking&entityId=${byCustomer.id}`)).entries).toEqual([]);
  });

  it('is append-only: the database refuses to change or remove a row', async () => {
    const { entries } = await audit('?limit=1');
    await expect(
      sql`update audit_log set summary = 'nothing happened' where id = ${entries[0]!.id}`.execute(shop.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(shop.db)).rejects.toThrow(/append-only/);
    expect((await audit('?limit=1')).entries[0]).toEqual(entries[0]);
  });

  it('filters by what and who, pages, and refuses bad filters', async () => {
    const mine = await audit(`?userId=${shop.staff.user.id}&limit=2`);
    expect(mine.entries).toHaveLength(2);
    expect(mine.entries.every((e) => e.userId === shop.staff.user.id)).toBe(true);
    expect(mine.total).toBeGreaterThan(2);
    for (const query of ['?entity=planet', '?limit=0', '?limit=101', '?userId=x'])
      expectClearRefusal(await staff('GET', `/api/admin/audit${query}`), 400);
  });
});

describe('the staff: admins invite by e-mail and remove', () => {
  /** The newest invitation e-mailed to `email`: it is sent after the answer, so this waits for it. */
  const seen = new Map<string, number>();
  const tokenFromOutbox = (email: string) =>
    vi.waitFor(() => {
      const mails = (fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [])
        .map((f) =>
          fs
            .readFileSync(path.join(outbox, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
        .filter((text) => text.includes(`To: ${email}`));
      if (mails.length <= (seen.get(email) ?? 0)) throw new Error(`no new invitation to ${email} yet`);
      seen.set(email, mails.length);
      return /https:\/\/shop\.test\/#\/staff-invitation\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!)![1]!;
    });

  it('invites a new person: the e-mailed link makes their account, as staff; it works once', async () => {
    const res = await admin('POST', '/api/admin/staff/invitations', { email: ' Meera@Temple.test ' });
    expect(res.status).toBe(201);
    expect(v.parse(StaffListResponse, res.body).invitations[0]).toMatchObject({
      email: 'meera@temple.test',
      invitedBy: 'Gopal (admin)',
    });
    const token = await tokenFromOutbox('meera@temple.test');
    const info = await call(app, 'POST', '/api/staff-invitations/lookup', { json: { token } });
    expect(v.parse(StaffInvitationInfo, info.body)).toEqual({
      email: 'meera@temple.test',
      role: 'staff',
      accountExists: false,
    });
    const accepted = await call(app, 'POST', '/api/staff-invitations/accept', {
      json: { token, name: 'Meera', password: 'lotus-pond-9' },
    });
    expect(accepted.status).toBe(200);
    const login = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'meera@temple.test', password: 'lotus-pond-9' },
    });
    expect(login.body).toMatchObject({ user: { name: 'Meera', role: 'staff' } });
    const again = await call(app, 'POST', '/api/staff-invitations/accept', {
      json: { token, password: 'another-one-1' },
    });
    expectClearRefusal(again, 400);
    expect(again.body).toMatchObject({ code: 'invitation_used' });
    const list = v.parse(StaffListResponse, (await admin('GET', '/api/admin/staff')).body);
    expect(list.staff.map((s) => s.email)).toContain('meera@temple.test');
    expect(list.invitations.map((i) => i.email)).not.toContain('meera@temple.test');
    expect((await audit('?entity=staff')).entries.map((e) => e.action).slice(0, 2)).toEqual([
      'staff.join',
      'staff.invite',
    ]);
  });

  it('an existing customer becomes staff only through the link (their password set anew, their sessions ended), and is removed by an admin', async () => {
    const customer = await registerAndLogin(app, { name: 'Kiran', email: 'kiran@temple.test' });
    await admin('POST', '/api/admin/staff/invitations', { email: 'kiran@temple.test' });
    // Invited is not yet staff.
    expectClearRefusal(await as(customer.token)('GET', '/api/admin/today'), 403);
    const token = await tokenFromOutbox('kiran@temple.test');
    expect((await call(app, 'POST', '/api/staff-invitations/lookup', { json: { token } })).body).toEqual({
      email: 'kiran@temple.test',
      role: 'staff',
      accountExists: true,
    });
    expect(
      (await call(app, 'POST', '/api/staff-invitations/accept', { json: { token, password: 'new-pass-77' } }))
        .status,
    ).toBe(200);
    expectClearRefusal(await as(customer.token)('GET', '/api/admin/today'), 401);
    const login = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'kiran@temple.test', password: 'new-pass-77' },
    });
    const { token: staffToken, user } = login.body as {
      token: string;
      user: { id: number; role: string; name: string };
    };
    expect(user).toMatchObject({ role: 'staff', name: 'Kiran' });
    expect((await as(staffToken)('GET', '/api/admin/today')).status).toBe(200);

    const removed = await admin('DELETE', `/api/admin/staff/${user.id}`);
    expect(v.parse(StaffListResponse, removed.body).staff.map((s) => s.id)).not.toContain(user.id);
    expectClearRefusal(await as(staffToken)('GET', '/api/admin/today'), 401);
    expectClearRefusal(await admin('DELETE', `/api/admin/staff/${user.id}`), 404);
    expectClearRefusal(await admin('DELETE', `/api/admin/staff/${shop.admin.user.id}`), 409);
    expect((await audit('?entity=staff')).entries[0]).toMatchObject({
      action: 'staff.remove',
      before: { role: 'staff' },
      after: { role: 'customer' },
    });
  });

  it('refuses a bad, withdrawn or expired link, and inviting someone already on the staff', async () => {
    expectClearRefusal(await admin('POST', '/api/admin/staff/invitations', { email: shop.staff.email }), 409);
    expectClearRefusal(await admin('POST', '/api/admin/staff/invitations', { email: 'not-an-email' }), 400);
    const res = await admin('POST', '/api/admin/staff/invitations', { email: 'late@temple.test' });
    const invitation = v.parse(StaffListResponse, res.body).invitations[0]!;
    const token = await tokenFromOutbox('late@temple.test');
    const withdrawn = await admin('DELETE', `/api/admin/staff/invitations/${invitation.id}`);
    expect(v.parse(StaffListResponse, withdrawn.body).invitations.map((i) => i.id)).not.toContain(
      invitation.id,
    );
    expect((await audit(`?entity=staff&entityId=invitation-${invitation.id}`)).entries).toEqual([
      expect.objectContaining({
        action: 'staff.withdraw',
        userName: 'Gopal (admin)',
        summary: 'Withdrew the invitation to late@temple.test',
        before: { email: 'late@temple.test' },
        after: null,
      }),
      expect.objectContaining({ action: 'staff.invite', after: { email: 'late@temple.test' } }),
    ]);
    // Withdrawn once: a second time is refused, and leaves no row.
    await expectNothingChanged(shop.db, async () => {
      expectClearRefusal(await admin('DELETE', `/api/admin/staff/invitations/${invitation.id}`), 404);
    });
    expect(
      (await call(app, 'POST', '/api/staff-invitations/accept', { json: { token, password: 'whatever-1' } }))
        .body,
    ).toMatchObject({ code: 'invitation_invalid' });
    await admin('POST', '/api/admin/staff/invitations', { email: 'late@temple.test' });
    const second = await tokenFromOutbox('late@temple.test');
    shop.clock.advance(8 * DAY);
    try {
      expect(
        (await call(app, 'POST', '/api/staff-invitations/lookup', { json: { token: second } })).body,
      ).toMatchObject({ code: 'invitation_expired' });
    } finally {
      shop.clock.set(new Date());
    }
    expectClearRefusal(
      await call(app, 'POST', '/api/staff-invitations/lookup', { json: { token: 'x'.repeat(43) } }),
      400,
    );
    expectClearRefusal(
      await call(app, 'POST', '/api/staff-invitations/accept', {
        json: { token: 'short', password: 'whatever-1' },
      }),
      400,
    );
  });
});

describe('the back office’s second walk (issue 23)', () => {
  it('lists each coupon’s status by the server’s clock: expired, scheduled, used up, inactive, active', async () => {
    const now = shop.clock.now().getTime();
    const make = async (code: string, extra: Record<string, unknown>) => {
      const res = await staff('POST', '/api/admin/coupons', {
        code,
        kind: 'flat',
        value: 50,
        minSubtotal: 0,
        maxDiscount: null,
        startsAt: null,
        expiresAt: null,
        usageLimit: null,
        perCustomerLimit: null,
        active: true,
        ...extra,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return v.parse(AdminCouponResponse, res.body).coupon;
    };
    expect((await make('WALKACTIVE', {})).status).toBe('active');
    await make('WALKOLD', {
      startsAt: new Date(now - 10 * DAY).toISOString(),
      expiresAt: new Date(now - DAY).toISOString(),
    });
    await make('WALKLATER', { startsAt: new Date(now + DAY).toISOString() });
    await make('WALKOFF', { active: false });
    const list = (await staff('GET', '/api/admin/coupons')).body as {
      coupons: { code: string; status: string }[];
    };
    const statusOf = (code: string) => list.coupons.find((c) => c.code === code)?.status;
    expect([statusOf('WALKOLD'), statusOf('WALKLATER'), statusOf('WALKOFF'), statusOf('WALKACTIVE')]).toEqual(
      ['expired', 'scheduled', 'inactive', 'active'],
    );
  });

  it('finds an order by any part of its number', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const tail = order.orderNumber.slice(-6);
    const res = await staff('GET', `/api/admin/orders?q=${tail}`);
    expect(res.status).toBe(200);
    expect((res.body as { orders: { orderNumber: string }[] }).orders.map((o) => o.orderNumber)).toContain(
      order.orderNumber,
    );
  });

  it('keeps a listed courier in its own spelling, and refuses "Other" with no name', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await orderEvent(shop, shop.staff.token, order.id, { type: 'order.pack' }, true);
    const other = await staff('POST', `/api/admin/orders/${order.id}/events`, {
      type: 'order.ship',
      carrier: 'Other',
      trackingNumber: 'AB12345',
    });
    expectClearRefusal(other, 400);
    const shipped = await staff('POST', `/api/admin/orders/${order.id}/events`, {
      type: 'order.ship',
      carrier: ' blue  dart ',
      trackingNumber: 'AB12345',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body).toMatchObject({ order: { shipment: { carrier: 'Blue Dart' } } });
  });

  it('the invitation e-mail names the role it gives', async () => {
    const res = await admin('POST', '/api/admin/staff/invitations', { email: 'kavya@temple.test' });
    expect(res.status).toBe(201);
    const mail = await vi.waitFor(() => {
      const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
      const found = mails.find((m) => m.includes('kavya@temple.test'));
      if (!found) throw new Error('the invitation is not sent yet');
      return found;
    });
    expect(mail).toMatch(/with the role Staff/);
  });
});
