/**
 * Issue 7, promise 5: no one gets in where they don't belong. Every /api route needs a valid,
 * unexpired, correctly signed token, except those public by design: register, login, the
 * password reset, the PIN code directory, the birth star and coupon validation (docs/product-rules.md, Coupons: it needs no sign-in; it only answers what a
 * coupon would be worth and changes nothing). A customer reaches only their own orders,
 * bookings, payments and addresses, and takes steps only of their own orders' and bookings'
 * lives; the staff API (/api/admin/...) lets only staff and admins in (403 for a customer, 401
 * for a visitor), and nobody becomes staff over HTTP; registration stores only name, e-mail, phone and password;
 * failed logins are limited per account and client address (the other abuse limits are proven
 * in tests/server/limits.test.ts); no response carries a password hash or a stack trace.
 */
import { createHmac } from 'node:crypto';
import { addressInput } from '../support/addresses.ts';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { decode, sign } from 'hono/jwt';
import * as v from 'valibot';
import { AddressListResponse } from '../../contract/address.ts';
import { LoginResponse } from '../../contract/auth.ts';
import { BookingListResponse, BookingResponse } from '../../contract/booking.ts';
import { OrderCreateResponse, OrderListResponse } from '../../contract/orders.ts';
import sharp from 'sharp';
import { createApp, type App } from '../../server/app.ts';
import { createStaffAccount } from '../../server/admin-create.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { clientKeyOf } from '../../server/limits/client-address.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { adminPujaInput, bookingBody, person } from '../support/bookings.ts';
import { GOOD_UPI, draftOf, intentFor, paid } from '../support/payments.ts';
import { addAddress, send } from '../support/orders.ts';
import { postOverSocket } from '../support/socket.ts';
import { createTestShop } from '../support/test-db.ts';
import {
  createSecurityShop,
  expectClearRefusal,
  expectNothingChanged,
  rawCall,
  SECRET,
} from './security-shop.ts';
import { accountMailSettled } from '../support/outbox.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createSecurityShop);
/** Ids of my own records, used for the :id of the bearer routes (the event ones get a step). */
let ids: {
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
};
/** The other customer's order, booking, payment intent and family member. */
let theirs: { order: number; booking: number; payment: string; family: number };
/** A booking body of mine, paid for through the API, for the control walk. */
let paidBookingBody: unknown;

const orderBody = (addressId: number) => ({
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

async function sparePackage(): Promise<number> {
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

async function spareCategory(): Promise<number> {
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
  };
  ids.failedMessage = await failedMessageOf(ids.order);
  theirs = {
    order: await placeOrder(shop.other, shop.otherAddress.id),
    booking: await book(shop.other, shop.otherAddress.id),
    payment: (await intentFor(shop.app, shop.other.token, 'order', orderBody(shop.otherAddress.id))).id,
    family: await familyMember(shop.other),
  };
  paidBookingBody = await paid(shop.app, shop.me.token, bookingBody(shop.puja, shop.myAddress.id, 1));
});

/* ------------------------------------------------------------------------------------------
 * The route table
 * ---------------------------------------------------------------------------------------- */

/** Public by design; everything else under /api needs a token. */
const PUBLIC_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  // The e-mailed link is the proof for a reset; asking for one reveals nothing (tests/server/account.test.ts).
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/coupons/validate',
  'POST //api/coupons/validate',
  // Where a PIN code is: the same for everyone, about no one (docs/product-rules.md, Addresses).
  'GET /api/pincodes/:pin',
  // The raashi and nakshatra of a birth: astronomy, stores nothing (docs/product-rules.md, Raashi and nakshatra from birth details).
  'POST /api/astro/birth-star',
  // The same from the date alone, for a birth time not known.
  'POST /api/astro/birth-star/day',
  // A staff invitation: its e-mailed, single-use token is the proof (tests/server/admin.test.ts).
  'POST /api/staff-invitations/lookup',
  'POST /api/staff-invitations/accept',
  // The message preferences link every e-mail carries: its signature is the proof, it reaches only
  // the preferences of the customer it was signed for, and it is limited per address
  // (tests/server/account-messages.test.ts).
  'GET /api/messages/preferences/:token',
  'PUT /api/messages/preferences/:token',
];

/**
 * Every route outside /api: the catalogue and its images (anyone, read-only), the process's
 * health for load balancers (anyone; they reveal nothing), and the metrics (METRICS_TOKEN or
 * this machine only: proven in tests/server/operations.test.ts and below).
 */
const OTHER_ROUTES = {
  public: [
    'GET /pujas',
    'GET /pujas/:id',
    'GET /packages/:pujaId',
    'GET /products',
    'GET /products/:id',
    'GET /categories',
    'GET /astrologers/getAllAstrologersWeb',
    'GET /images/*',
    // Catalogue images resized for their slots, public like the demo catalogue's.
    'GET /images/catalogue/*',
    'GET /healthz',
    'GET /readyz',
    // An upload is reached by its random id, the capability (docs/decisions/0024): uploads.test.ts
    // proves it is never served as a page and that a made-up id finds nothing.
    'GET /uploads/:id',
  ],
  protected: ['GET /metrics'],
};

interface BearerRoute {
  method: string;
  path: string;
  /** The concrete path of a request to it (my own record for :id). */
  url: () => string;
  /** A body that a genuine token gets a 2xx for. */
  body?: () => unknown;
  /** Or raw bytes (an upload), sent as they are. */
  bytes?: () => Buffer;
  /** Admins only: staff are refused too (403). */
  admin?: boolean;
}

/** A photo as a phone sends it: PNG bytes. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

const address = addressInput({ street: 'Token Road 5', city: 'Mysuru', postalCode: '570001' });

/** In the order the control test can run them: the DELETE and logout come last. */
const BEARER_ROUTES: BearerRoute[] = [
  { method: 'GET', path: '/api/auth/me', url: () => '/api/auth/me' },
  {
    method: 'PUT',
    path: '/api/auth/me',
    url: () => '/api/auth/me',
    body: () => ({ name: shop.me.user.name }),
  },
  { method: 'GET', path: '/api/addresses', url: () => '/api/addresses' },
  { method: 'POST', path: '/api/addresses', url: () => '/api/addresses', body: () => address },
  {
    method: 'PUT',
    path: '/api/addresses/:id',
    url: () => `/api/addresses/${ids.address}`,
    body: () => address,
  },
  { method: 'PUT', path: '/api/addresses/:id/default', url: () => `/api/addresses/${ids.address}/default` },
  { method: 'POST', path: '/api/orders', url: () => '/api/orders', body: () => orderBody(shop.myAddress.id) },
  { method: 'GET', path: '/api/orders', url: () => '/api/orders' },
  { method: 'GET', path: '/api/orders/:id', url: () => `/api/orders/${ids.order}` },
  {
    method: 'POST',
    path: '/api/bookings',
    url: () => '/api/bookings',
    body: () => paidBookingBody,
  },
  { method: 'GET', path: '/api/bookings', url: () => '/api/bookings' },
  { method: 'GET', path: '/api/bookings/:id', url: () => `/api/bookings/${ids.booking}` },
  // "Add to calendar": the owner's booking as an .ics (docs/product-rules.md, The puja in the calendar).
  {
    method: 'GET',
    path: '/api/bookings/:id/calendar.ics',
    url: () => `/api/bookings/${ids.booking}/calendar.ics`,
  },
  // The customer's family (docs/product-rules.md, Family profiles).
  { method: 'GET', path: '/api/family', url: () => '/api/family' },
  { method: 'POST', path: '/api/family', url: () => '/api/family', body: () => familyBody },
  {
    method: 'PUT',
    path: '/api/family/:id',
    url: () => `/api/family/${ids.family}`,
    body: () => familyBody,
  },
  {
    method: 'POST',
    path: '/api/payments',
    url: () => '/api/payments',
    body: () => ({ purpose: 'order', order: draftOf(orderBody(shop.myAddress.id)) }),
  },
  {
    method: 'POST',
    path: '/api/payments/:id/capture',
    url: () => `/api/payments/${ids.payment}/capture`,
    body: () => GOOD_UPI,
  },
  { method: 'GET', path: '/api/payments/:id', url: () => `/api/payments/${ids.payment}` },
  {
    method: 'POST',
    path: '/api/orders/:id/events',
    url: () => `/api/orders/${ids.eventOrder}/events`,
    body: () => ({ type: 'order.cancel', reason: 'The access walk' }),
  },
  {
    method: 'POST',
    path: '/api/bookings/:id/events',
    url: () => `/api/bookings/${ids.eventBooking}/events`,
    body: () => ({ type: 'booking.cancel', reason: 'The access walk' }),
  },
  { method: 'POST', path: '/api/uploads', url: () => '/api/uploads', bytes: () => PNG },
  { method: 'DELETE', path: '/api/addresses/:id', url: () => `/api/addresses/${ids.address}` },
  // The customer's own channels and messages (docs/product-rules.md, Messages to customers).
  { method: 'GET', path: '/api/account/messages', url: () => '/api/account/messages' },
  {
    method: 'PUT',
    path: '/api/account/messages/preferences',
    url: () => '/api/account/messages/preferences',
    body: () => ({ email: true }),
  },
  { method: 'DELETE', path: '/api/family/:id', url: () => `/api/family/${ids.spareFamily}` },
  // Same password again: allowed, but it ends my other sessions (the control test signs in anew).
  {
    method: 'POST',
    path: '/api/auth/change-password',
    url: () => '/api/auth/change-password',
    body: () => ({ currentPassword: shop.me.password, newPassword: shop.me.password }),
  },
  { method: 'POST', path: '/api/auth/logout', url: () => '/api/auth/logout' },
];

/**
 * The staff API (docs/product-rules.md, Roles and the back office): a staff token gets a 2xx
 * (the control), a customer's 403, a visitor 401, every other token 401.
 */
const STAFF_ROUTES: BearerRoute[] = [
  { method: 'GET', path: '/api/admin/orders', url: () => '/api/admin/orders?status=processing&q=DPS' },
  { method: 'GET', path: '/api/admin/orders/:id', url: () => `/api/admin/orders/${ids.order}` },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/events',
    url: () => `/api/admin/orders/${ids.order}/events`,
    body: () => ({ type: 'order.pack' }),
  },
  { method: 'GET', path: '/api/admin/bookings', url: () => '/api/admin/bookings?dateOf=booked' },
  { method: 'GET', path: '/api/admin/bookings/:id', url: () => `/api/admin/bookings/${ids.booking}` },
  {
    method: 'POST',
    path: '/api/admin/bookings/:id/events',
    url: () => `/api/admin/bookings/${ids.booking}/events`,
    body: () => ({ type: 'booking.correctPersons', persons: [person({ name: 'Asha Rao' })] }),
  },
  // The back office's catalogue (contract/admin-catalogue.ts): the control creates, edits,
  // retires and restores the security shop's own records, so versions follow along.
  { method: 'GET', path: '/api/admin/pujas', url: () => '/api/admin/pujas?when=upcoming' },
  { method: 'POST', path: '/api/admin/pujas', url: () => '/api/admin/pujas', body: () => pujaInput() },
  { method: 'GET', path: '/api/admin/pujas/:id', url: () => `/api/admin/pujas/${shop.puja.id}` },
  {
    method: 'PUT',
    path: '/api/admin/pujas/:id',
    url: () => `/api/admin/pujas/${shop.puja.id}`,
    body: () => ({ ...pujaInput(), version: versions.puja++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/pujas/:id/retire',
    url: () => `/api/admin/pujas/${shop.puja.id}/retire`,
    body: () => ({ version: versions.puja++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/pujas/:id/restore',
    url: () => `/api/admin/pujas/${shop.puja.id}/restore`,
    body: () => ({ version: versions.puja++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/pujas/:id/repeat',
    url: () => `/api/admin/pujas/${shop.puja.id}/repeat`,
    body: () => ({ pujaDate: new Date(Date.now() + 40 * 86_400_000).toISOString() }),
  },
  {
    method: 'POST',
    path: '/api/admin/pujas/:id/packages',
    url: () => `/api/admin/pujas/${shop.puja.id}/packages`,
    body: () => packageInput(),
  },
  {
    method: 'PUT',
    path: '/api/admin/packages/:id',
    url: () => `/api/admin/packages/${shop.puja.packages[4]!.id}`,
    body: () => ({ ...packageInput(), version: versions.package++ }),
  },
  { method: 'GET', path: '/api/admin/products', url: () => '/api/admin/products?stock=low' },
  {
    method: 'POST',
    path: '/api/admin/products',
    url: () => '/api/admin/products',
    body: () => productInput(),
  },
  { method: 'GET', path: '/api/admin/products/:id', url: () => `/api/admin/products/${shop.productId}` },
  {
    method: 'PUT',
    path: '/api/admin/products/:id',
    url: () => `/api/admin/products/${shop.productId}`,
    body: () => ({ ...productInput(), version: versions.product++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/products/:id/retire',
    url: () => `/api/admin/products/${shop.productId}/retire`,
    body: () => ({ version: versions.product++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/products/:id/restore',
    url: () => `/api/admin/products/${shop.productId}/restore`,
    body: () => ({ version: versions.product++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/products/:id/stock',
    url: () => `/api/admin/products/${shop.productId}/stock`,
    body: () => ({ reason: 'received', quantity: 5 }),
  },
  { method: 'GET', path: '/api/admin/categories', url: () => '/api/admin/categories' },
  {
    method: 'POST',
    path: '/api/admin/categories',
    url: () => '/api/admin/categories',
    body: () => ({ name: 'Lamps', category: `lamps-${++serial}`, imgUrl: '/images/categories/idols.svg' }),
  },
  {
    method: 'PUT',
    path: '/api/admin/categories/:id',
    url: () => '/api/admin/categories/1',
    body: () => ({
      name: 'Rudraksha',
      category: 'rudraksha',
      imgUrl: '/images/categories/rudraksha.svg',
      version: versions.category++,
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/categories/:id/retire',
    url: () => `/api/admin/categories/${ids.spareCategory}/retire`,
    body: () => ({ version: versions.spareCategory++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/categories/:id/restore',
    url: () => `/api/admin/categories/${ids.spareCategory}/restore`,
    body: () => ({ version: versions.spareCategory++ }),
  },
  { method: 'GET', path: '/api/admin/astrologers', url: () => '/api/admin/astrologers' },
  {
    method: 'POST',
    path: '/api/admin/astrologers',
    url: () => '/api/admin/astrologers',
    body: () => astrologerInput(),
  },
  { method: 'GET', path: '/api/admin/astrologers/:id', url: () => '/api/admin/astrologers/1' },
  {
    method: 'PUT',
    path: '/api/admin/astrologers/:id',
    url: () => '/api/admin/astrologers/1',
    body: () => ({ ...astrologerInput(), version: versions.astrologer++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/astrologers/:id/retire',
    url: () => '/api/admin/astrologers/1/retire',
    body: () => ({ version: versions.astrologer++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/astrologers/:id/restore',
    url: () => '/api/admin/astrologers/1/restore',
    body: () => ({ version: versions.astrologer++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/images',
    url: () => '/api/admin/images',
    body: () => ({ uploadId: ids.image, slot: 'category' }),
  },
  // A puja's chadhava offerings (contract/offerings.ts).
  {
    method: 'GET',
    path: '/api/admin/pujas/:id/offerings',
    url: () => `/api/admin/pujas/${shop.puja.id}/offerings`,
  },
  {
    method: 'POST',
    path: '/api/admin/pujas/:id/offerings',
    url: () => `/api/admin/pujas/${shop.puja.id}/offerings`,
    body: () => offeringInput,
  },
  {
    method: 'PUT',
    path: '/api/admin/offerings/:id',
    url: () => `/api/admin/offerings/${ids.offering}`,
    body: () => ({ ...offeringInput, version: versions.offering++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/offerings/:id/retire',
    url: () => `/api/admin/offerings/${ids.offering}/retire`,
    body: () => ({ version: versions.offering++ }),
  },
  {
    method: 'POST',
    path: '/api/admin/offerings/:id/restore',
    url: () => `/api/admin/offerings/${ids.offering}/restore`,
    body: () => ({ version: versions.offering++ }),
  },
  // Today, the sankalp sheet, exports, coupons, the audit log (contract/admin-office.ts).
  { method: 'GET', path: '/api/admin/today', url: () => '/api/admin/today' },
  { method: 'GET', path: '/api/admin/sankalp', url: () => '/api/admin/sankalp?date=2026-12-01' },
  { method: 'GET', path: '/api/admin/orders.csv', url: () => '/api/admin/orders.csv?status=processing' },
  { method: 'GET', path: '/api/admin/bookings.csv', url: () => '/api/admin/bookings.csv' },
  { method: 'GET', path: '/api/admin/coupons', url: () => '/api/admin/coupons' },
  {
    method: 'POST',
    path: '/api/admin/coupons',
    url: () => '/api/admin/coupons',
    body: () => ({ code: `WALK${++serial}`, kind: 'flat', value: 50, active: true }),
  },
  {
    method: 'PUT',
    path: '/api/admin/coupons/:id',
    url: () => '/api/admin/coupons/1',
    body: () => ({
      code: 'WELCOME10',
      kind: 'percent',
      value: 10,
      minSubtotal: 499,
      maxDiscount: 300,
      active: true,
      version: versions.coupon++,
    }),
  },
  { method: 'GET', path: '/api/admin/audit', url: () => '/api/admin/audit?entity=puja' },
  // The customers' messages (contract/admin/messages.ts).
  { method: 'GET', path: '/api/admin/messages', url: () => '/api/admin/messages?status=failed' },
  { method: 'GET', path: '/api/admin/messages/templates', url: () => '/api/admin/messages/templates' },
  {
    method: 'GET',
    path: '/api/admin/orders/:id/messages',
    url: () => `/api/admin/orders/${ids.order}/messages`,
  },
  {
    method: 'GET',
    path: '/api/admin/bookings/:id/messages',
    url: () => `/api/admin/bookings/${ids.booking}/messages`,
  },
  {
    method: 'POST',
    path: '/api/admin/messages/:id/resend',
    url: () => `/api/admin/messages/${ids.failedMessage}/resend`,
    body: () => ({}),
  },
  // Admins only (the staff control walks them with the admin's token).
  { method: 'GET', path: '/api/admin/staff', url: () => '/api/admin/staff', admin: true },
  {
    method: 'POST',
    path: '/api/admin/staff/invitations',
    url: () => '/api/admin/staff/invitations',
    body: () => ({ email: `walk-${++serial}@temple.test` }),
    admin: true,
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/invitations/:id',
    url: () => `/api/admin/staff/invitations/${ids.invitation++}`,
    admin: true,
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/:id',
    url: () => `/api/admin/staff/${ids.spareStaff}`,
    admin: true,
  },
  // Last: deleting a package of the security shop's puja (one without bookings).
  { method: 'DELETE', path: '/api/admin/packages/:id', url: () => `/api/admin/packages/${ids.sparePackage}` },
];

/** Versions of the records the staff control edits, moving as it does. */
const versions = {
  puja: 1,
  package: 1,
  product: 1,
  category: 1,
  spareCategory: 1,
  astrologer: 1,
  coupon: 1,
  offering: 1,
};
const familyBody = { ...person({ name: 'Walk Rao' }), relation: 'spouse' };
const offeringInput = {
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
let serial = 0;
const pujaInput = () => adminPujaInput('A puja for the access walk.');
const packageInput = () => ({
  title: 'Single',
  description: 'One name.',
  noPersons: 1,
  price: 1500,
  offerPrice: 1101,
});
const productInput = () => ({
  name: 'Security Mala',
  description: 'A mala for the security tests.',
  price: 550,
  offerPrice: 450,
  image: '/images/products/rudraksha-5-mukhi.svg',
  categoryId: 1,
});
const astrologerInput = () => ({
  name: 'Walk Jyotishi',
  photo: '/images/astrologers/astrologer-1.svg',
  specializations: ['Vedic'],
  experience: 10,
  ratePerMinute: 20,
  bio: 'For the walk.',
});

const hit = (route: BearerRoute, headers: Record<string, string>, app: App = shop.app) => {
  const bytes = route.bytes?.();
  if (bytes)
    return rawCall(app, route.method, route.url(), {
      headers: { ...headers, 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
  const body = route.body?.();
  return rawCall(app, route.method, route.url(), {
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
};

/** Every bearer and staff route answers 401 {message} to this Authorization header, and nothing changes. */
async function expectRefusedEverywhere(authorization: string | undefined, label: string) {
  await expectNothingChanged(shop.db, async () => {
    for (const route of [...BEARER_ROUTES, ...STAFF_ROUTES]) {
      const res = await hit(route, authorization === undefined ? {} : { authorization });
      expectClearRefusal(res, 401, `${label}: ${route.method} ${route.path}`);
    }
  });
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A fresh sign-in of "me": its token and claims (a live session). */
async function freshToken(): Promise<{ token: string; claims: Record<string, unknown> }> {
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
async function crawl(): Promise<{ label: string; text: string; headers: string }[]> {
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

let answers: Awaited<ReturnType<typeof crawl>>;

/* ------------------------------------------------------------------------------------------ */

describe('Promise 5: no one gets in where they don’t belong', () => {
  it('lists every /api route as public by design or as needing a token (a new route must be listed)', () => {
    // Handlers only: middleware (method ALL, e.g. the back office's guard on /api/admin/*) is not a route.
    const apiRoutes = new Set(
      shop.app.routes
        .filter((r) => r.method !== 'ALL' && /^\/\/?api\//.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    const listed = [
      ...PUBLIC_ROUTES,
      ...[...BEARER_ROUTES, ...STAFF_ROUTES].map((r) => `${r.method} ${r.path}`),
    ];
    expect([...apiRoutes].sort()).toEqual([...listed].sort());
  });

  it('guards all of /api/admin at once: a path no handler has yet refuses a visitor (401) and a customer (403)', async () => {
    // A new back-office route is staff-only before anyone remembers to guard it.
    expectClearRefusal(await rawCall(shop.app, 'GET', '/api/admin/not-yet-a-route'), 401, 'no token');
    expectClearRefusal(
      await rawCall(shop.app, 'GET', '/api/admin/not-yet-a-route', {
        headers: { authorization: `Bearer ${shop.me.token}` },
      }),
      403,
      'customer token',
    );
  });

  it('lists every route outside /api as public (catalogue, health) or protected (metrics)', () => {
    const others = new Set(
      shop.app.routes
        .filter((r) => r.method !== 'ALL' && !/^\/\/?api\//.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...others].sort()).toEqual([...OTHER_ROUTES.public, ...OTHER_ROUTES.protected].sort());
  });

  it('refuses /metrics to a request with no token and no local socket, and to a customer’s token', async () => {
    expectClearRefusal(await rawCall(shop.app, 'GET', '/metrics'), 403, 'no token');
    expectClearRefusal(
      await rawCall(shop.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${shop.me.token}` } }),
      403,
      'customer token',
    );
    const guarded = createApp({ db: shop.db, authSecret: SECRET, metricsToken: 'm'.repeat(40) });
    expectClearRefusal(await rawCall(guarded, 'GET', '/metrics'), 401, 'token set, none sent');
    expectClearRefusal(
      await rawCall(guarded, 'GET', '/metrics', { headers: { authorization: `Bearer ${shop.me.token}` } }),
      401,
      'token set, a customer token sent',
    );
  });

  it('lets a genuine token through on every bearer route (control for the refusals below)', async () => {
    const { token } = await freshToken();
    for (const route of BEARER_ROUTES) {
      const res = await hit(route, { authorization: `Bearer ${token}` });
      expect(res.status, `${route.method} ${route.path}: ${res.text}`).toBeLessThan(300);
    }
    // Change Password ended my other sessions: sign in anew for the tests below.
    shop.me.token = (await freshToken()).token;
    // Put back the spare address the DELETE removed, for the ownership tests.
    ids.address = (await addAddress(shop.app, shop.me, 'Spare Street 2')).id;
  });

  it('lets a staff token through on every staff route (control), and refuses a customer’s (403), changing nothing', async () => {
    for (const route of STAFF_ROUTES) {
      const token = route.admin ? shop.admin.token : shop.staff.token;
      const res = await hit(route, { authorization: `Bearer ${token}` });
      expect(res.status, `${route.method} ${route.path}: ${res.text}`).toBeLessThan(300);
    }
    // An invitation's e-mail is tried after the answer: let it land before the snapshot.
    await accountMailSettled(shop.db);
    await expectNothingChanged(shop.db, async () => {
      for (const customer of [shop.me, shop.other])
        for (const route of STAFF_ROUTES)
          expectClearRefusal(
            await hit(route, { authorization: `Bearer ${customer.token}` }),
            403,
            `${route.method} ${route.path}`,
          );
      // Managing the staff is for admins: staff are refused too.
      for (const route of STAFF_ROUTES.filter((r) => r.admin))
        expectClearRefusal(
          await hit(route, { authorization: `Bearer ${shop.staff.token}` }),
          403,
          `staff: ${route.method} ${route.path}`,
        );
    });
  });

  it('lets a customer take no step of another’s order or booking (404, as for an unknown one), changing nothing', async () => {
    await expectNothingChanged(shop.db, async () => {
      for (const id of [theirs.order, 999_999])
        expectClearRefusal(
          await send(shop.app, 'POST', `/api/orders/${id}/events`, {
            json: { type: 'order.cancel', reason: 'Not mine' },
            token: shop.me.token,
          }),
          404,
          `order ${id}`,
        );
      for (const id of [theirs.booking, 999_999])
        expectClearRefusal(
          await send(shop.app, 'POST', `/api/bookings/${id}/events`, {
            json: { type: 'booking.cancel', reason: 'Not mine' },
            token: shop.me.token,
          }),
          404,
          `booking ${id}`,
        );
    });
  });

  it('refuses a request without a token, or with a malformed Authorization header (401)', async () => {
    const { token } = await freshToken();
    await expectRefusedEverywhere(undefined, 'no token');
    for (const header of [
      '',
      'Bearer',
      'Bearer ',
      token,
      `Basic ${token}`,
      `Bearer ${token}.x`,
      'Bearer a.b.c',
    ])
      await expectRefusedEverywhere(header, `Authorization "${header.slice(0, 12)}"`);
  });

  it('refuses a token with alg "none" (401)', async () => {
    const { claims } = await freshToken();
    for (const alg of ['none', 'None', 'NONE']) {
      await expectRefusedEverywhere(`Bearer ${b64url({ alg, typ: 'JWT' })}.${b64url(claims)}.`, `alg ${alg}`);
    }
  });

  it('refuses a token signed with another algorithm, even with the right secret (401)', async () => {
    const { claims } = await freshToken();
    await expectRefusedEverywhere(`Bearer ${await sign(claims, SECRET, 'HS512')}`, 'HS512');
    await expectRefusedEverywhere(`Bearer ${await sign(claims, SECRET, 'HS384')}`, 'HS384');
    // Algorithm confusion: an RS256 header over an HMAC signature made with the secret.
    const signingInput = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims)}`;
    const mac = createHmac('sha256', SECRET).update(signingInput).digest('base64url');
    await expectRefusedEverywhere(`Bearer ${signingInput}.${mac}`, 'RS256 header');
    // control: the same claims, HS256 and our secret, pass
    expect(
      (await call(shop.app, 'GET', '/api/auth/me', { token: await sign(claims, SECRET, 'HS256') })).status,
    ).toBe(200);
  });

  it('refuses a token whose payload was edited, signature kept (401)', async () => {
    const { token } = await freshToken();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    await expectRefusedEverywhere(
      `Bearer ${header}.${b64url({ ...claims, sub: String(shop.other.user.id) })}.${signature}`,
      'sub changed',
    );
    await expectRefusedEverywhere(
      `Bearer ${header}.${b64url({ ...claims, exp: (claims.exp as number) + 3650 * 86400 })}.${signature}`,
      'exp extended',
    );
  });

  it('refuses a token signed with another secret, even for a live session (401)', async () => {
    const { claims } = await freshToken();
    await expectRefusedEverywhere(
      `Bearer ${await sign(claims, 'another-secret-that-is-also-long-enough-000000')}`,
      'another secret',
    );
  });

  it('refuses an expired token, even for a live session (401)', async () => {
    const { claims } = await freshToken();
    const past = Math.floor(Date.now() / 1000) - 60;
    await expectRefusedEverywhere(
      `Bearer ${await sign({ ...claims, iat: past - 3600, exp: past }, SECRET)}`,
      'expired',
    );
    const { exp: _exp, ...noExpiry } = claims;
    await expectRefusedEverywhere(`Bearer ${await sign(noExpiry, SECRET)}`, 'no exp');
  });

  it('refuses a token after logout (401)', async () => {
    const { token } = await freshToken();
    expect((await call(shop.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    await expectRefusedEverywhere(`Bearer ${token}`, 'after logout');
  });

  it('shows a customer only their own orders (404 for another’s)', async () => {
    const { me, other } = shop;
    expectClearRefusal(await call(shop.app, 'GET', `/api/orders/${theirs.order}`, { token: me.token }), 404);
    expectClearRefusal(await call(shop.app, 'GET', `/api/orders/${ids.order}`, { token: other.token }), 404);
    const mine = v.parse(
      OrderListResponse,
      (await call(shop.app, 'GET', '/api/orders', { token: me.token })).body,
    );
    expect(mine.orders.map((o) => o.id)).toContain(ids.order);
    expect(mine.orders.map((o) => o.id)).not.toContain(theirs.order);
  });

  it('shows a customer only their own bookings (404 for another’s)', async () => {
    const { me, other } = shop;
    expectClearRefusal(
      await call(shop.app, 'GET', `/api/bookings/${theirs.booking}`, { token: me.token }),
      404,
    );
    expectClearRefusal(
      await call(shop.app, 'GET', `/api/bookings/${ids.booking}`, { token: other.token }),
      404,
    );
    const mine = v.parse(
      BookingListResponse,
      (await call(shop.app, 'GET', '/api/bookings', { token: me.token })).body,
    );
    expect(mine.bookings.map((b) => b.id)).toContain(ids.booking);
    expect(mine.bookings.map((b) => b.id)).not.toContain(theirs.booking);
  });

  it('lets a customer neither see nor capture another’s payment (404, as for an unknown id), changing nothing', async () => {
    const { me, other } = shop;
    await expectNothingChanged(shop.db, async () => {
      for (const id of [theirs.payment, 'pay_I_made_this_up']) {
        expectClearRefusal(await call(shop.app, 'GET', `/api/payments/${id}`, { token: me.token }), 404, id);
        expectClearRefusal(
          await send(shop.app, 'POST', `/api/payments/${id}/capture`, { json: GOOD_UPI, token: me.token }),
          404,
          `capture ${id}`,
        );
      }
      expectClearRefusal(
        await call(shop.app, 'GET', `/api/payments/${ids.payment}`, { token: other.token }),
        404,
      );
    });
    expect(
      (await call(shop.app, 'GET', `/api/payments/${theirs.payment}`, { token: other.token })).status,
    ).toBe(200);
  });

  it('lets a customer neither see, change nor remove another’s family member, nor get another’s booking as .ics (404), changing nothing', async () => {
    const me = shop.me;
    await expectNothingChanged(shop.db, async () => {
      for (const id of [theirs.family, 999_999]) {
        const body = { ...person(), relation: 'self' };
        expectClearRefusal(
          await call(shop.app, 'PUT', `/api/family/${id}`, { json: body, token: me.token }),
          404,
        );
        expectClearRefusal(await call(shop.app, 'DELETE', `/api/family/${id}`, { token: me.token }), 404);
      }
      for (const id of [theirs.booking, 999_999])
        expectClearRefusal(
          await call(shop.app, 'GET', `/api/bookings/${id}/calendar.ics`, { token: me.token }),
          404,
        );
    });
    const mine = (await call(shop.app, 'GET', '/api/family', { token: me.token })).body as {
      profiles: { id: number }[];
    };
    expect(mine.profiles.map((p) => p.id)).not.toContain(theirs.family);
  });

  it('lets a customer neither see nor change another’s addresses (404), changing nothing', async () => {
    const { me, otherAddress } = shop;
    await expectNothingChanged(shop.db, async () => {
      const target = `/api/addresses/${otherAddress.id}`;
      const json = { ...address, isDefault: true };
      expectClearRefusal(await send(shop.app, 'PUT', target, { json, token: me.token }), 404, 'PUT');
      expectClearRefusal(
        await send(shop.app, 'PUT', `${target}/default`, { token: me.token }),
        404,
        'PUT default',
      );
      expectClearRefusal(await send(shop.app, 'DELETE', target, { token: me.token }), 404, 'DELETE');
      const list = v.parse(
        AddressListResponse,
        (await call(shop.app, 'GET', '/api/addresses', { token: me.token })).body,
      );
      expect(list.addresses.map((a) => a.id)).not.toContain(otherAddress.id);
    });
  });

  it('stores and echoes only name, e-mail, phone and password at registration', async () => {
    const email = `extra-${Date.now()}@example.com`;
    const res = await call(shop.app, 'POST', '/api/auth/register', {
      json: {
        name: 'Extra Fields',
        email,
        phone: '+91 98450 00000',
        password: 'secret123',
        id: 999_999,
        isAdmin: true,
        admin: true,
        role: 'admin',
        passwordHash: 'scrypt$16384$8$1$AAAA$BBBB',
        password_hash: 'plain',
        createdAt: '2000-01-01T00:00:00.000Z',
      },
    });
    expect(res.status).toBe(201);
    const { user } = res.body as { user: Record<string, unknown> };
    // Registering signs the new customer in (docs/decisions/0061-registering-signs-in.md): a token
    // and the user, nothing else.
    expect(Object.keys(res.body as object).sort()).toEqual(['token', 'user']);
    // whatsappUpdates: whether they agreed to WhatsApp (docs/product-rules.md, Consent), false at first.
    expect(Object.keys(user).sort()).toEqual(['email', 'id', 'name', 'phone', 'role', 'whatsappUpdates']);
    expect(user.whatsappUpdates).toBe(false);
    expect(user.id).not.toBe(999_999);
    expect(user.role).toBe('customer');

    const row = await shop.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'name',
      'passwordHash',
      'phone',
      'role',
    ]);
    expect(row.role).toBe('customer');
    expect(row.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(await verifyPassword('secret123', row.passwordHash)).toBe(true);
  });

  it('limits failed logins per account and client address; without TRUST_PROXY spoofed X-Forwarded-For, X-Real-IP or Forwarded cannot reset it', async () => {
    const app = createApp({ db: shop.db, authSecret: SECRET });
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;

    /** A login over a real socket, from `localAddress`, with the given extra headers. */
    const login = (password: string, headers: Record<string, string>, localAddress = '127.0.0.1') =>
      postOverSocket(port, '/api/auth/login', { email: shop.other.email, password }, headers, localAddress);
    const spoof = (i: number) => ({
      'x-forwarded-for': `203.0.113.${i}, 10.0.0.${i}`,
      'x-real-ip': `198.51.100.${i}`,
      forwarded: `for=192.0.2.${i};proto=https`,
      'true-client-ip': `192.0.2.${100 + i}`,
      'cf-connecting-ip': `192.0.2.${200 + i}`,
    });

    try {
      for (let i = 1; i <= 5; i++) expect((await login('wrong-password', spoof(i))).status).toBe(401);
      for (let i = 6; i <= 8; i++) {
        const refused = await login(shop.other.password, spoof(i));
        expectClearRefusal(refused, 429, `attempt ${i} with new forwarding headers`);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Per client, not global: another client address is not locked out.
      expect((await login(shop.other.password, {}, '127.0.0.2')).status).toBe(200);
      // IPv6 neighbours in one /64 count as one client; an IPv4 address is the same mapped or not.
      expect(clientKeyOf('2001:db8:1:2::7')).toBe(clientKeyOf('2001:db8:1:2:ffff:1:2:3'));
      expect(clientKeyOf('2001:db8:1:3::7')).not.toBe(clientKeyOf('2001:db8:1:2::7'));
      expect(clientKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('does not let a burst of parallel guesses, or signing in to one’s own account, get around the limit', async () => {
    // Fresh targets: the counters live in the shop's database, shared by every app over it.
    const guess = (email: string) =>
      call(shop.app, 'POST', '/api/auth/login', { json: { email, password: 'a-guess' } });
    const target = await registerAndLogin(shop.app);
    const burst = await Promise.all(Array.from({ length: 30 }, () => guess(target.email)));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
    for (const res of burst.filter((r) => r.status !== 401)) expectClearRefusal(res, 429, 'burst');

    const another = await registerAndLogin(shop.app);
    let guesses = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) if ((await guess(another.email)).status === 401) guesses += 1;
      // The attacker's own account: a success that must not forgive the guesses at another.
      const own = await call(shop.app, 'POST', '/api/auth/login', {
        json: { email: shop.me.email, password: shop.me.password },
      });
      expect(own.status).toBe(200);
    }
    expect(guesses).toBe(5);
  });

  it('never answers with a password hash', async () => {
    answers ??= await crawl();
    expect(answers.length).toBeGreaterThan(50);
    for (const { label, text, headers } of answers) {
      for (const leak of ['scrypt$', 'passwordHash', 'password_hash', 'secret123'])
        expect(text + headers, `${label} carries ${leak}`).not.toContain(leak);
    }
  });

  it('never answers with a stack trace or a file path, not even on a 500', async () => {
    answers ??= await crawl();
    const fives = answers.filter(({ label }) => /throws|closed/.test(label));
    expect(fives.length).toBeGreaterThanOrEqual(5);
    for (const { label, text } of answers) {
      expect(text, label).not.toMatch(/\n\s*at\s/);
      expect(text, label).not.toMatch(/\(\S+:\d+:\d+\)/);
      for (const leak of ['/work/', 'server/', 'node_modules', '.ts:', 'file://', 'SQLITE_', 'Error:'])
        expect(text, `${label} carries ${leak}`).not.toContain(leak);
    }
    for (const { label, text } of fives) {
      expect(JSON.parse(text), label).toEqual({ message: expect.any(String) as string });
    }
  });
});
