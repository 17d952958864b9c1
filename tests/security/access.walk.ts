/**
 * The access walk of tests/security/access.test.ts: its shop, the records whose ids the routes
 * name (made before the tests: importing this module makes the shop for the test file), the
 * bodies the staff routes send, and the crawl of every kind of answer.
 */
import { decode } from 'hono/jwt';
import { addressInput } from '../support/addresses.ts';
import * as v from 'valibot';
import { LoginResponse } from '../../contract/auth.ts';
import { BookingResponse } from '../../contract/booking.ts';
import { OrderCreateResponse } from '../../contract/orders.ts';
import sharp from 'sharp';
import { createApp } from '../../server/app.ts';
import { createStaffAccount } from '../../server/admin-create.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { addPuja, adminPujaInput, bookingBody, person, type TestPuja } from '../support/bookings.ts';
import { GOOD_UPI, draftOf, intentFor, paid } from '../support/payments.ts';
import { addAddress, send } from '../support/orders.ts';
import { createTestShop } from '../support/test-db.ts';
import { copyPuja } from '../../server/db/repositories/admin/pujas.ts';
import { createSecurityShop, rawCall, SECRET } from './security-shop.ts';
import { shopPerFile } from '../support/prelude.ts';

export const shop = shopPerFile(createSecurityShop);
/** Ids of my own records, used for the :id of the bearer routes (the event ones get a step). */
export let ids: {
  address: number;
  order: number;
  booking: number;
  payment: string;
  eventOrder: number;
  eventBooking: number;
  /** A staff upload the image route turns into a catalogue image. */
  image: string;
  /** An open invitation the admin withdraws, a staff member removed, a package deleted. */
  invitation: number;
  spareStaff: number;
  sparePackage: number;
  /** My family member the PUT edits, another the DELETE removes; an offering staff edit. */
  family: number;
  spareFamily: number;
  offering: number;
  /** A message out of tries, that staff send again (docs/product-rules.md, Messages to customers). */
  failedMessage: number;
  /** A category with no products, which staff retire and restore. */
  spareCategory: number;
  /** Another date of the booked puja, which a booking may move to (docs/product-rules.md, Rescheduling). */
  otherDate: number;
  /** A full date, and my waitlist entries: one to read, one I leave, one staff take out. */
  fullPuja: TestPuja;
  joinPuja: TestPuja;
  waitlist: number;
  eventWaitlist: number;
  staffWaitlist: number;
};
/** The other customer's order, booking, payment intent and family member. */
export let theirs: { order: number; booking: number; payment: string; family: number };
/** A booking body of mine, paid for through the API, for the control walk. */
export let paidBookingBody: unknown;

export const orderBody = (addressId: number) => ({
  address_id: addressId,
  items: [{ product_id: shop.productId, quantity: 1 }],
  payment_method: 'cod',
});

async function placeOrder(customer: Customer, addressId: number): Promise<number> {
  const res = await send(shop.app, 'POST', '/api/orders', {
    json: orderBody(addressId),
    token: customer.token,
  });
  expect(res.status).toBe(201);
  return v.parse(OrderCreateResponse, res.body).id;
}

async function book(customer: Customer, addressId: number): Promise<number> {
  const res = await send(shop.app, 'POST', '/api/bookings', {
    json: await paid(shop.app, customer.token, bookingBody(shop.puja, addressId, 1)),
    token: customer.token,
  });
  expect(res.status).toBe(201);
  return v.parse(BookingResponse, res.body).booking.id;
}

/** A puja date of one place, taken by the other customer's booking (docs/product-rules.md, Waitlist). */
async function fullPuja(): Promise<TestPuja> {
  const puja = await addPuja(shop.db);
  await shop.db.updateTable('puja').set({ capacity: 1 }).where('id', '=', puja.id).execute();
  const res = await send(shop.app, 'POST', '/api/bookings', {
    json: await paid(shop.app, shop.other.token, bookingBody(puja, shop.otherAddress.id, 1)),
    token: shop.other.token,
  });
  expect(res.status).toBe(201);
  return puja;
}

/** The draft of one person for the puja, joined to its waitlist as me. */
export const waitlistDraft = (puja: TestPuja) => {
  const { paymentMethod: _method, paymentId: _payment, ...draft } = bookingBody(puja, shop.myAddress.id, 1);
  return draft;
};

async function joinWaitlist(puja: TestPuja): Promise<number> {
  const res = await send(shop.app, 'POST', '/api/waitlist', {
    json: waitlistDraft(puja),
    token: shop.me.token,
  });
  expect(res.status).toBe(201);
  return (res.body as { entry: { id: number } }).entry.id;
}

async function staffUpload(): Promise<string> {
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#7a1f1f' } })
    .png()
    .toBuffer();
  const res = await rawCall(shop.app, 'POST', '/api/uploads', {
    token: shop.staff.token,
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(png),
  });
  expect(res.status).toBe(201);
  return (res.body as { upload: { id: string } }).upload.id;
}

/** The booked puja repeated a day later, as the back office repeats it. */
async function anotherDate(): Promise<number> {
  const pujaDate = new Date(Date.parse(shop.puja.pujaDate!) + 24 * 3600_000).toISOString();
  return (await copyPuja(shop.db, shop.puja.id, { pujaDate, startDate: null }))!;
}

async function openInvitation(): Promise<number> {
  const res = await send(shop.app, 'POST', '/api/admin/staff/invitations', {
    json: { email: 'withdrawn@temple.test' },
    token: shop.admin.token,
  });
  expect(res.status).toBe(201);
  return (res.body as { invitations: { id: number }[] }).invitations[0]!.id;
}

async function spareStaffMember(): Promise<number> {
  const email = `spare-${Date.now()}@divyapujaseva.in`;
  await createStaffAccount(shop.db, { email, name: 'Spare', role: 'staff', password: 'temple-bell-108' });
  const row = await shop.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function sparePackage(): Promise<number> {
  const { id } = await shop.db
    .insertInto('pujaPackage')
    .values({
      pujaId: shop.puja.id,
      title: 'Spare',
      description: 'Spare',
      noPersons: 6,
      price: 10,
      offerPrice: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function spareCategory(): Promise<number> {
  const { id } = await shop.db
    .insertInto('category')
    .values({ name: 'Spare', category: 'spare-walk', imgUrl: '/images/categories/idols.svg' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function familyMember(customer: Customer): Promise<number> {
  const res = await send(shop.app, 'POST', '/api/family', {
    json: { ...person({ name: 'Meera' }), relation: 'daughter' },
    token: customer.token,
  });
  expect(res.status).toBe(201);
  return (res.body as { profile: { id: number } }).profile.id;
}

async function anOffering(): Promise<number> {
  const res = await send(shop.app, 'POST', `/api/admin/pujas/${shop.puja.id}/offerings`, {
    json: { ...offeringInput, name: 'Walk garland' },
    token: shop.staff.token,
  });
  expect(res.status).toBe(201);
  return (res.body as { offering: { id: number } }).offering.id;
}

beforeAll(async () => {
  const spare = await addAddress(shop.app, shop.me, 'Spare Street 1');
  ids = {
    address: spare.id,
    order: await placeOrder(shop.me, shop.myAddress.id),
    booking: await book(shop.me, shop.myAddress.id),
    payment: (await intentFor(shop.app, shop.me.token, 'order', orderBody(shop.myAddress.id))).id,
    eventOrder: await placeOrder(shop.me, shop.myAddress.id),
    eventBooking: await book(shop.me, shop.myAddress.id),
    image: await staffUpload(),
    invitation: await openInvitation(),
    spareStaff: await spareStaffMember(),
    sparePackage: await sparePackage(),
    family: await familyMember(shop.me),
    spareFamily: await familyMember(shop.me),
    offering: await anOffering(),
    spareCategory: await spareCategory(),
    failedMessage: 0,
    otherDate: await anotherDate(),
    fullPuja: await fullPuja(),
    joinPuja: await fullPuja(),
    waitlist: 0,
    eventWaitlist: 0,
    staffWaitlist: 0,
  };
  ids.waitlist = await joinWaitlist(ids.fullPuja);
  ids.eventWaitlist = await joinWaitlist(await fullPuja());
  ids.staffWaitlist = await joinWaitlist(await fullPuja());
  ids.failedMessage = await failedMessageOf(ids.order);
  theirs = {
    order: await placeOrder(shop.other, shop.otherAddress.id),
    booking: await book(shop.other, shop.otherAddress.id),
    payment: (await intentFor(shop.app, shop.other.token, 'order', orderBody(shop.otherAddress.id))).id,
    family: await familyMember(shop.other),
  };
  paidBookingBody = await paid(shop.app, shop.me.token, bookingBody(shop.puja, shop.myAddress.id, 1));
});

/** Versions of the records the staff control edits, moving as it does. */
export const versions = {
  puja: 1,
  package: 1,
  product: 1,
  category: 1,
  spareCategory: 1,
  astrologer: 1,
  coupon: 1,
  offering: 1,
};
export const familyBody = { ...person({ name: 'Walk Rao' }), relation: 'spouse' };
export const offeringInput = {
  name: 'Walk lamp',
  description: 'A lamp for the access walk.',
  unit: 'lamp',
  price: 51,
  delivery: 'temple',
  maxQuantity: 5,
};
/** Marks the order's first message failed, as six refused tries leave it: its id. */
async function failedMessageOf(orderId: number): Promise<number> {
  const row = await shop.db
    .selectFrom('outbox')
    .select('id')
    .where('recordKind', '=', 'order')
    .where('recordId', '=', orderId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await shop.db
    .updateTable('outbox')
    .set({ status: 'failed', attempts: 6 })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}
/** The address the walk's routes send. */
export const address = addressInput({ street: 'Token Road 5', city: 'Mysuru', postalCode: '570001' });
export const pujaInput = () => adminPujaInput('A puja for the access walk.');
export const packageInput = () => ({
  title: 'Single',
  description: 'One name.',
  noPersons: 1,
  price: 1500,
  offerPrice: 1101,
});
export const productInput = () => ({
  name: 'Security Mala',
  description: 'A mala for the security tests.',
  price: 550,
  offerPrice: 450,
  image: '/images/products/rudraksha-5-mukhi.svg',
  categoryId: 1,
});
export const astrologerInput = () => ({
  name: 'Walk Jyotishi',
  photo: '/images/astrologers/astrologer-1.svg',
  specializations: ['Vedic'],
  experience: 10,
  ratePerMinute: 20,
  bio: 'For the walk.',
});

export const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A fresh sign-in of "me": its token and claims (a live session). */
export async function freshToken(): Promise<{ token: string; claims: Record<string, unknown> }> {
  const res = await call(shop.app, 'POST', '/api/auth/login', {
    json: { email: shop.me.email, password: shop.me.password },
  });
  const { token } = v.parse(LoginResponse, res.body);
  return { token, claims: decode(token).payload };
}

/* ------------------------------------------------------------------------------------------
 * Crawling every answer, for the hash and stack-trace checks
 * ---------------------------------------------------------------------------------------- */

/** Answers to a broad set of requests: happy paths and every kind of error. */
export async function crawl(): Promise<{ label: string; text: string; headers: string }[]> {
  const seen: { label: string; text: string; headers: string }[] = [];
  const record = (label: string, res: { text: string; headers: Headers }) =>
    seen.push({ label, text: res.text, headers: JSON.stringify([...res.headers]) });
  const app = shop.app;
  const token = (await freshToken()).token;
  const json = (value: unknown) => ({
    body: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  });
  const crawler = await registerAndLogin(app, { name: 'Crawler', phone: '080 1234 5678' });
  const requests: [string, string, Parameters<typeof rawCall>[3]?][] = [
    ['GET', '/pujas'],
    ['GET', `/pujas/${shop.puja.id}`],
    ['GET', '/pujas/999999'],
    ['GET', '/pujas/abc'],
    ['GET', `/packages/${shop.puja.id}`],
    ['GET', '/products'],
    ['GET', `/products/${shop.productId}`],
    ['GET', '/categories'],
    ['GET', '/astrologers/getAllAstrologersWeb'],
    ['GET', '/images/../../server/app.ts'],
    ['GET', '/images/%E0%A4%A'],
    ['GET', '/nowhere'],
    ['GET', '/healthz'],
    ['GET', '/readyz'],
    ['GET', '/metrics'],
    ['GET', '/api/nowhere'],
    ['PATCH', '/api/orders'],
    [
      'POST',
      '/api/auth/register',
      json({ name: 'New', email: `crawl-${Date.now()}@example.com`, password: 'secret123' }),
    ],
    ['POST', '/api/auth/register', json({ name: 'Dup', email: crawler.email, password: 'secret123' })],
    ['POST', '/api/auth/register', json({ name: 'Short', email: 'short@example.com', password: '1' })],
    ['POST', '/api/auth/login', json({ email: crawler.email, password: crawler.password })],
    ['POST', '/api/auth/login', json({ email: crawler.email, password: 'wrong-password' })],
    ['POST', '/api/auth/login', json({ email: 'nobody@example.com', password: 'wrong-password' })],
    ['POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } }],
    ['GET', '/api/auth/me', { token }],
    ['GET', '/api/auth/me', { token: 'x.y.z' }],
    ['GET', '/api/addresses', { token }],
    ['POST', '/api/addresses', { ...json(address), token }],
    ['POST', '/api/addresses', { ...json({ street: '' }), token }],
    ['PUT', `/api/addresses/${shop.otherAddress.id}`, { ...json(address), token }],
    ['PUT', '/api/addresses/abc', { ...json(address), token }],
    ['POST', '/api/orders', { ...json(orderBody(shop.myAddress.id)), token }],
    [
      'POST',
      '/api/orders',
      { ...json({ ...orderBody(shop.myAddress.id), user_id: shop.other.user.id }), token },
    ],
    [
      'POST',
      '/api/orders',
      { ...json({ ...orderBody(shop.myAddress.id), items: [{ product_id: 999999, quantity: 1 }] }), token },
    ],
    [
      'POST',
      '/api/orders',
      {
        ...json({
          ...orderBody(shop.myAddress.id),
          items: [{ product_id: shop.productId, quantity: 100000 }],
        }),
        token,
      },
    ],
    [
      'POST',
      '/api/orders',
      {
        ...json(orderBody(shop.myAddress.id)),
        token,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'crawl-1' },
      },
    ],
    [
      'POST',
      '/api/orders',
      {
        ...json(orderBody(shop.otherAddress.id)),
        token,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'crawl-1' },
      },
    ],
    ['GET', '/api/orders', { token }],
    ['GET', `/api/orders/${ids.order}`, { token }],
    ['GET', `/api/orders/${theirs.order}`, { token }],
    ['POST', '/api/bookings', { ...json(bookingBody(shop.puja, shop.myAddress.id, 1)), token }],
    [
      'POST',
      '/api/bookings',
      { ...json(bookingBody(shop.puja, shop.myAddress.id, 2, { persons: [] })), token },
    ],
    ['GET', '/api/bookings', { token }],
    ['GET', `/api/bookings/${ids.booking}`, { token }],
    ['GET', `/api/bookings/${theirs.booking}`, { token }],
    [
      'POST',
      '/api/payments',
      { ...json({ purpose: 'order', order: draftOf(orderBody(shop.myAddress.id)) }), token },
    ],
    ['POST', '/api/payments', { ...json({ purpose: 'booking', booking: {} }), token }],
    ['POST', `/api/payments/${theirs.payment}/capture`, { ...json(GOOD_UPI), token }],
    ['GET', `/api/payments/${ids.payment}`, { token }],
    ['GET', `/api/payments/${theirs.payment}`, { token }],
    ['GET', '/api/payments/pay_I_made_this_up', { token }],
    ['POST', '/api/astro/birth-star', json({ dateOfBirth: '1985-08-14', birthTime: '05:40' })],
    [
      'POST',
      '/api/astro/birth-star',
      json({ dateOfBirth: '1985-02-29', birthTime: '25:40', timeZone: 'Mars/Olympus' }),
    ],
    ['POST', '/api/astro/birth-star/day', json({ dateOfBirth: '1985-08-14' })],
    ['POST', '/api/astro/birth-star/day', json({ dateOfBirth: '1985-02-29', timeZone: 'IST' })],
    ['POST', '/api/coupons/validate', json({ code: 'WELCOME10', subtotal: 1000 })],
    ['POST', '/api/coupons/validate', json({ code: 'EXPIRED50', subtotal: 1000 })],
    ['POST', '//api/coupons/validate', { body: 'code=x', headers: { 'content-type': 'text/plain' } }],
    [
      'POST',
      '/api/addresses',
      {
        body: JSON.stringify({ street: 'x'.repeat(70_000) }),
        headers: { 'content-type': 'application/json' },
        token,
      },
    ],
    ['POST', '/api/auth/logout', { token }],
    ['GET', '/api/auth/me', { token }],
  ];
  for (const [method, path, options] of requests)
    record(`${method} ${path}`, await rawCall(app, method, path, options));

  // 429: a limit that is already reached.
  const limited = createApp({
    db: shop.db,
    authSecret: SECRET,
    limits: { signInPerAccountAndAddress: { points: 1, windowSeconds: 900, blockSeconds: 900 } },
  });
  for (let i = 0; i < 2; i++)
    record(
      'POST /api/auth/login (limited)',
      await rawCall(limited, 'POST', '/api/auth/login', json({ email: crawler.email, password: 'wrong' })),
    );

  // 500s: a route whose dependency throws an error that names files, and a database that is gone.
  const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const brokenClock = createApp({
      db: shop.db,
      authSecret: SECRET,
      now: () => {
        throw new Error('clock broke at /work/main/server/app.ts:1:1 (passwordHash scrypt$1)');
      },
    });
    const fresh = (await freshToken()).token;
    const res = await rawCall(brokenClock, 'POST', '/api/bookings', {
      ...json(bookingBody(shop.puja, shop.myAddress.id, 1)),
      token: fresh,
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    record('POST /api/bookings (clock throws)', res);

    const gone = await createTestShop({ seed: false });
    const goneApp = createApp({ db: gone.db, authSecret: SECRET });
    const goneUser = await registerAndLogin(goneApp);
    await gone.close();
    for (const [method, path, options] of [
      ['GET', '/products', {}],
      ['GET', '/api/auth/me', { token: goneUser.token }],
      ['POST', '/api/auth/login', json({ email: goneUser.email, password: goneUser.password })],
      ['POST', '/api/auth/register', json({ name: 'X', email: 'x@example.com', password: 'secret123' })],
    ] as const) {
      const broken = await rawCall(goneApp, method, path, options);
      expect(broken.status, `${method} ${path} on a closed database`).toBeGreaterThanOrEqual(500);
      record(`${method} ${path} (database closed)`, broken);
    }
  } finally {
    errorSpy.mockRestore();
  }
  return seen;
}
