import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { AdminBookingResponse } from '../../contract/admin/bookings.ts';
import type { AdminOrderResponse } from '../../contract/admin/orders.ts';
import { LoginResponse } from '../../contract/auth.ts';
import { BookingResponse, type Booking, type BookingCreatePayload } from '../../contract/booking.ts';
import type { UploadResponse } from '../../contract/lifecycle.ts';
import { OrderCreateResponse, OrderRead } from '../../contract/orders.ts';
import { createStaffAccount } from '../../server/admin-create.ts';
import { createApp, type App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import type { PaymentGateway } from '../../server/payments/gateway.ts';
import { call, registerAndLogin, type Customer, type JsonCall } from './accounts.ts';
import { addPuja, bookingBody, type TestPuja } from './bookings.ts';
import { addAddress, addProduct, send } from './orders.ts';
import { paid } from './payments.ts';
import { createTestShop, type TestShop } from './test-db.ts';
import { DAY, TestClock } from './clock.ts';

export { DAY, HOUR, MINUTE, TestClock } from './clock.ts';

/** Smallest files whose bytes say what they are, as a photo upload sends them. */
export const PHOTOS = {
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
    Buffer.alloc(32),
  ]),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(32),
  ]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(32),
  ]),
};
/** An MP4's first box, as a phone's video starts. */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);
export const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

export interface LifecycleShop extends TestShop {
  clock: TestClock;
  uploadsDir: string;
  me: Customer;
  myAddressId: number;
  other: Customer;
  otherAddressId: number;
  staff: Customer;
  admin: Customer;
  productId: number;
  /** Open for 30 days: the sankalp locks 12 hours before. */
  puja: TestPuja;
}

/** Signs in an account made by `admin:create`'s own function (the only way to make staff). */
async function staffMember(app: App, db: Db, role: 'staff' | 'admin', name: string): Promise<Customer> {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@divyapujaseva.in`;
  const password = 'temple-bell-108';
  await createStaffAccount(db, { email, name, role, password });
  const res = await call(app, 'POST', '/api/auth/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`staff login: ${res.status} ${JSON.stringify(res.body)}`);
  const { token, user } = v.parse(LoginResponse, res.body);
  return { token, user, email, password };
}

/**
 * A seeded shop whose app runs on a TestClock, with two customers, a staff member and an admin;
 * on the simulated provider unless `paymentGateway` is given.
 */
export async function createLifecycleShop({
  paymentGateway,
}: { paymentGateway?: PaymentGateway } = {}): Promise<LifecycleShop> {
  const base = await createTestShop();
  const clock = new TestClock();
  const uploadsDir = path.join(base.dir, 'uploads');
  const app = createApp({
    db: base.db,
    now: clock.now,
    uploadsDir,
    ...(paymentGateway ? { paymentGateway } : {}),
  });
  const me = await registerAndLogin(app, { name: 'Asha Rao', phone: '+91 98450 12345' });
  const other = await registerAndLogin(app, { name: 'Ravi Kumar' });
  return {
    ...base,
    app,
    clock,
    uploadsDir,
    me,
    myAddressId: (await addAddress(app, me, '12, 4th Cross, Jayanagar')).id,
    other,
    otherAddressId: (await addAddress(app, other, 'Temple Street 7')).id,
    staff: await staffMember(app, base.db, 'staff', 'Lakshmi (staff)'),
    admin: await staffMember(app, base.db, 'admin', 'Gopal (admin)'),
    productId: await addProduct(base.db, { name: 'Brass Diya', offerPrice: 450, stockQuantity: 1000 }),
    puja: await addPuja(base.db, { now: clock.now() }),
  };
}

/** Places an order of one product for the customer: cash on delivery or paid online. */
export async function placeOrder(
  shop: LifecycleShop,
  customer: Customer,
  addressId: number,
  method: 'cod' | 'online' = 'online',
): Promise<OrderRead> {
  const body = {
    address_id: addressId,
    items: [{ product_id: shop.productId, quantity: 1 }],
    payment_method: method,
    ...(method === 'online' ? { payment_id: 'pay_unpaid_placeholder' } : {}),
  };
  const res = await send(shop.app, 'POST', '/api/orders', {
    json: await paid(shop.app, customer.token, body),
    token: customer.token,
  });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  const { id } = v.parse(OrderCreateResponse, res.body);
  return readOrder(shop, customer, id);
}

export async function readOrder(shop: LifecycleShop, customer: Customer, id: number): Promise<OrderRead> {
  const res = await call(shop.app, 'GET', `/api/orders/${id}`, { token: customer.token });
  if (res.status !== 200) throw new Error(`read order: ${res.status} ${JSON.stringify(res.body)}`);
  return v.parse(OrderRead, res.body);
}

/** Books the puja (for `noPersons`) for the customer, paid through the API. */
export async function book(
  shop: LifecycleShop,
  customer: Customer,
  addressId: number,
  {
    puja = shop.puja,
    noPersons = 1,
    extra = {},
  }: { puja?: TestPuja; noPersons?: number; extra?: Partial<BookingCreatePayload> } = {},
): Promise<Booking> {
  const res = await send(shop.app, 'POST', '/api/bookings', {
    json: await paid(shop.app, customer.token, bookingBody(puja, addressId, noPersons, extra)),
    token: customer.token,
  });
  if (res.status !== 201) throw new Error(`booking: ${res.status} ${JSON.stringify(res.body)}`);
  return v.parse(BookingResponse, res.body).booking;
}

/** Adds a puja on `at` (ISO) to the catalogue, open for booking until then. */
export const pujaOn = (shop: LifecycleShop, inMs: number) =>
  addPuja(shop.db, { closesInDays: inMs / DAY, now: shop.clock.now() });

/**
 * Moves one booking's puja time to `inMs` from the server's now. Bookings close at the sankalp lock
 * (docs/product-rules.md, Booking window and countdowns), so a booking inside the lock, or one due to
 * be performed, is made while its puja is open and then moved.
 */
export async function moveBookingTo(shop: LifecycleShop, bookingId: number, inMs: number): Promise<void> {
  await shop.db
    .updateTable('bookings')
    .set({ pujaDate: new Date(shop.clock.now().getTime() + inMs).toISOString() })
    .where('id', '=', bookingId)
    .execute();
}

export function orderEvent(shop: LifecycleShop, token: string, id: number, event: object, admin = false) {
  return send(shop.app, 'POST', `${admin ? '/api/admin' : '/api'}/orders/${id}/events`, {
    json: event,
    token,
  });
}

export function bookingEvent(shop: LifecycleShop, token: string, id: number, event: object, admin = false) {
  return send(shop.app, 'POST', `${admin ? '/api/admin' : '/api'}/bookings/${id}/events`, {
    json: event,
    token,
  });
}

export const staffOrder = (res: JsonCall) => (res.body as AdminOrderResponse).order;
export const staffBooking = (res: JsonCall) => (res.body as AdminBookingResponse).booking;

/** POST /api/uploads with these bytes (declaring `contentType`, which the server ignores). */
export async function upload(
  shop: LifecycleShop,
  token: string | undefined,
  bytes: Buffer,
  contentType = 'image/jpeg',
): Promise<JsonCall> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await shop.app.request('/api/uploads', {
    method: 'POST',
    headers,
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}

export async function uploadPhoto(shop: LifecycleShop, token: string, bytes = PHOTOS.png): Promise<string> {
  const res = await upload(shop, token, bytes);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as UploadResponse).upload.id;
}

/** Files in the uploads folder (to check that a refused upload left nothing behind). */
export const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
