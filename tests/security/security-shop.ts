import { sql } from 'kysely';
import type { Address } from '../../contract/address.ts';
import { createApp, type App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import type { LoginResponse } from '../../contract/auth.ts';
import { createStaffAccount } from '../../server/admin-create.ts';
import { call, registerAndLogin, type Customer, type JsonCall } from '../support/accounts.ts';
import { addPuja, type TestPuja } from '../support/bookings.ts';
import { addAddress, addProduct } from '../support/orders.ts';
import { createTestShop, type TestShop } from '../support/test-db.ts';

/** The signing secret of the security shop's app, so tests can craft tokens with it. */
export const SECRET = 'security-tests-secret-that-is-long-enough-0123456789';

export interface SecurityShop extends TestShop {
  /** Customer "me", with a saved address. */
  me: Customer;
  myAddress: Address;
  /** Another customer, with an address of their own. */
  other: Customer;
  otherAddress: Address;
  /** A product with 100 in stock at ₹450 (list price ₹550). */
  productId: number;
  /** A puja whose booking window is open for 30 days, with 1-, 2- and 4-person packages. */
  puja: TestPuja;
  /** A staff member (made the only way there is: admin:create's own function). */
  staff: Customer;
  /** An admin, made the same way. */
  admin: Customer;
}

/**
 * A seeded shop whose app signs with SECRET, with two signed-in customers, each with an address,
 * a product in stock and an open puja.
 */
export async function createSecurityShop(): Promise<SecurityShop> {
  const base = await createTestShop();
  const app: App = createApp({ db: base.db, authSecret: SECRET });
  const me = await registerAndLogin(app, { name: 'Asha Rao' });
  const other = await registerAndLogin(app, { name: 'Ravi Kumar' });
  /** A member of staff (or an admin) made as the shop's admin-create script makes them, signed in. */
  const signedInStaff = async (role: 'staff' | 'admin', name: string) => {
    const email = `${role}-${Date.now()}@divyapujaseva.in`;
    await createStaffAccount(base.db, { email, name, role, password: 'temple-bell-108' });
    return registerAndLoginExisting(app, email, 'temple-bell-108');
  };
  const staff = await signedInStaff('staff', 'Lakshmi');
  const admin = await signedInStaff('admin', 'Gopal');
  return {
    ...base,
    app,
    me,
    myAddress: await addAddress(app, me, '12, 4th Cross, Jayanagar'),
    other,
    otherAddress: await addAddress(app, other, 'Temple Street 7'),
    productId: await addProduct(base.db, { name: 'Security Mala', offerPrice: 450, stockQuantity: 100 }),
    puja: await addPuja(base.db),
    staff,
    admin,
  };
}

async function registerAndLoginExisting(app: App, email: string, password: string): Promise<Customer> {
  const res = await call(app, 'POST', '/api/auth/login', { json: { email, password } });
  const { token, user } = res.body as LoginResponse;
  return { token, user, email, password };
}

/** Every table a request could change, in storage order. */
const TABLES = [
  'users',
  'sessions',
  'addresses',
  'orders',
  'order_items',
  'bookings',
  'booking_persons',
  'product',
  'coupons',
  'payments',
  'payment_history',
  'order_events',
  'booking_events',
  'uploads',
  'puja',
  'puja_package',
  'category',
  'astrologer',
  'stock_ledger',
  'audit_log',
  'staff_invitations',
  'family_profiles',
  'puja_offering',
  'booking_offerings',
  'outbox',
  'message_preferences',
  'message_consents',
  'waitlist_entries',
  'waitlist_events',
] as const;

/** The whole mutable state of the shop (every row of every table above), to compare before and after. */
export async function snapshot(db: Db): Promise<string> {
  const dump: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    // In a stable order on both databases (SQLite's rowid does not exist on PostgreSQL).
    dump[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(dump);
}

/** Runs `act` and checks that no row of any table changed. */
export async function expectNothingChanged(db: Db, act: () => Promise<void>): Promise<void> {
  const before = await snapshot(db);
  await act();
  expect(await snapshot(db)).toBe(before);
}

/** A clear refusal: the given status (or any 4xx) and a JSON body {message} with a non-empty message. */
export function expectClearRefusal(res: JsonCall, status?: number, label = ''): void {
  const context = `${label} -> ${res.status} ${JSON.stringify(res.body)}`;
  if (status === undefined) {
    expect(res.status, context).toBeGreaterThanOrEqual(400);
    expect(res.status, context).toBeLessThan(500);
  } else {
    expect(res.status, context).toBe(status);
  }
  expect(res.headers.get('content-type'), context).toMatch(/^application\/json/);
  const message = (res.body as { message?: unknown } | undefined)?.message;
  expect(typeof message, context).toBe('string');
  expect((message as string).trim(), context).not.toBe('');
}

/** Sends a request with a raw body (or none) and reads the JSON answer, whatever it is. */
export async function rawCall(
  app: App,
  method: string,
  path: string,
  { body, token, headers = {} }: { body?: BodyInit; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonCall & { text: string }> {
  const all: Record<string, string> = { ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  const init: RequestInit & { duplex?: 'half' } = { method, headers: all, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const res = await app.request(path, init);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}
