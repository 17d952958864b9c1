/**
 * The access walk's route table (tests/security/access.test.ts): every /api route, public by
 * design or not, with who may call it and the request a control of the right role sends.
 */
import { type App } from '../../server/app.ts';
import { person } from '../support/bookings.ts';
import { GOOD_UPI, draftOf } from '../support/payments.ts';
import { expectClearRefusal, expectNothingChanged, rawCall } from './security-shop.ts';
import {
  address,
  astrologerInput,
  familyBody,
  ids,
  offeringInput,
  orderBody,
  packageInput,
  paidBookingBody,
  productInput,
  waitlistDraft,
  pujaInput,
  shop,
  versions,
} from './access.walk.ts';

/* ------------------------------------------------------------------------------------------
 * The route table
 * ---------------------------------------------------------------------------------------- */

/** Public by design; everything else under /api needs a token. */
export const PUBLIC_ROUTES = [
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
export const OTHER_ROUTES = {
  public: [
    'GET /pujas',
    'GET /pujas/:id',
    // The other open dates of a puja (docs/product-rules.md, Rescheduling): the catalogue's.
    'GET /pujas/:id/dates',
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

/** Makes each created category, coupon and invitation unique. */
let serial = 0;

/** In the order the control test can run them: the DELETE and logout come last. */
export const BEARER_ROUTES: BearerRoute[] = [
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
  // What moving the booking to another date would be (docs/product-rules.md, Rescheduling).
  {
    method: 'GET',
    path: '/api/bookings/:id/date-change',
    url: () => `/api/bookings/${ids.booking}/date-change?pujaId=${ids.otherDate}`,
  },
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
  // The waitlist of a full date (docs/product-rules.md, Waitlist).
  {
    method: 'POST',
    path: '/api/waitlist',
    url: () => '/api/waitlist',
    body: () => waitlistDraft(ids.joinPuja),
  },
  { method: 'GET', path: '/api/waitlist', url: () => '/api/waitlist' },
  { method: 'GET', path: '/api/waitlist/:id', url: () => `/api/waitlist/${ids.waitlist}` },
  {
    method: 'POST',
    path: '/api/waitlist/:id/events',
    url: () => `/api/waitlist/${ids.eventWaitlist}/events`,
    body: () => ({ type: 'waitlist.leave' }),
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
export const STAFF_ROUTES: BearerRoute[] = [
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
  // A date's waitlist in line order, and taking an entry out (docs/product-rules.md, Waitlist).
  {
    method: 'GET',
    path: '/api/admin/pujas/:id/waitlist',
    url: () => `/api/admin/pujas/${ids.fullPuja.id}/waitlist`,
  },
  {
    method: 'POST',
    path: '/api/admin/waitlist/:id/events',
    url: () => `/api/admin/waitlist/${ids.staffWaitlist}/events`,
    body: () => ({ type: 'waitlist.leave' }),
  },
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

export const hit = (route: BearerRoute, headers: Record<string, string>, app: App = shop.app) => {
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
export async function expectRefusedEverywhere(authorization: string | undefined, label: string) {
  await expectNothingChanged(shop.db, async () => {
    for (const route of [...BEARER_ROUTES, ...STAFF_ROUTES]) {
      const res = await hit(route, authorization === undefined ? {} : { authorization });
      expectClearRefusal(res, 401, `${label}: ${route.method} ${route.path}`);
    }
  });
}
