import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { Address, AddressListResponse, AddressResponse } from '../../contract/address.ts';
import type { LoginResponse } from '../../contract/auth.ts';
import { BookingListResponse, BookingResponse } from '../../contract/booking.ts';
import { OrderCreateResponse, OrderListResponse, OrderRead } from '../../contract/orders.ts';
import { createApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import type { Db } from '../../server/db/client.ts';
import { migrateToLatest, migrateUpTo } from '../../server/db/migrate.ts';
import { seedCatalogue } from '../../server/db/seed/seed.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { addressInput, legacyAddressRow, legacyAddressAsRead } from '../support/addresses.ts';
import { addPuja, bookingBody } from '../support/bookings.ts';
import { addProduct, send } from '../support/orders.ts';
import { paid } from '../support/payments.ts';
import { createTestDatabase, createTestShop, type TestDatabase } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(() => createTestShop({ seed: false }));

const home = addressInput({ street: '12, 4th Cross', area: 'Jayanagar', postalCode: '560011' });
const office = addressInput({
  street: 'MG Road 100',
  area: 'Ashok Nagar',
  landmark: null,
  postalCode: '560001',
});
const parents = addressInput({
  recipientName: 'Lakshmi Rao',
  mobile: '9448012345',
  street: 'Temple Street 7',
  area: 'Chamundipuram',
  landmark: 'Opposite the water tank',
  city: 'Mysuru',
  postalCode: '570001',
});

const list = async (customer: Customer) => {
  const res = await call(shop.app, 'GET', '/api/addresses', { token: customer.token });
  expect(res.status).toBe(200);
  return (res.body as AddressListResponse).addresses;
};
const add = async (customer: Customer, body: unknown) => {
  const res = await call(shop.app, 'POST', '/api/addresses', { json: body, token: customer.token });
  expect(res.status).toBe(201);
  return (res.body as AddressResponse).address;
};
const defaults = (addresses: Address[]) => addresses.filter((a) => a.isDefault).map((a) => a.id);
const notFound = { status: 404, body: { message: 'Address not found' } };

describe('the address book', () => {
  let customer: Customer;
  beforeEach(async () => {
    customer = await registerAndLogin(shop.app);
  });

  it('starts empty', async () => {
    expect(await list(customer)).toEqual([]);
  });

  it('makes the first address the default, even when asked not to', async () => {
    const first = await add(customer, { ...home, isDefault: false });
    expect(first).toEqual({ id: expect.any(Number) as number, ...home, isDefault: true });
    expect(await list(customer)).toEqual([first]);
  });

  it('adds later addresses as non-default unless isDefault is true, which makes only that one default', async () => {
    const first = await add(customer, home);
    const second = await add(customer, office);
    expect(second.isDefault).toBe(false);
    const third = await add(customer, { ...parents, isDefault: true });
    expect(third.isDefault).toBe(true);
    const addresses = await list(customer);
    expect(defaults(addresses)).toEqual([third.id]);
    // default first, then newest first
    expect(addresses.map((a) => a.id)).toEqual([third.id, second.id, first.id]);
  });

  it('sets another address as the only default (PUT /default with an empty body)', async () => {
    const first = await add(customer, home);
    const second = await add(customer, office);
    const res = await call(shop.app, 'PUT', `/api/addresses/${second.id}/default`, { token: customer.token });
    expect(res).toMatchObject({ status: 200, body: { address: { ...second, isDefault: true } } });
    const addresses = await list(customer);
    expect(defaults(addresses)).toEqual([second.id]);
    expect(addresses.map((a) => a.id)).toEqual([second.id, first.id]);
    // setting the default again is harmless
    expect(
      (
        await call(shop.app, 'PUT', `/api/addresses/${second.id}/default`, {
          token: customer.token,
          json: {},
        })
      ).status,
    ).toBe(200);
    expect(defaults(await list(customer))).toEqual([second.id]);
  });

  it('updates an address in full with the same validation', async () => {
    const first = await add(customer, home);
    const second = await add(customer, office);
    const res = await call(shop.app, 'PUT', `/api/addresses/${second.id}`, {
      token: customer.token,
      json: { ...parents, street: '  Temple Street 8  ' },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { address: { id: second.id, ...parents, street: 'Temple Street 8', isDefault: false } },
    });

    const made = await call(shop.app, 'PUT', `/api/addresses/${second.id}`, {
      token: customer.token,
      json: { ...office, isDefault: true },
    });
    expect((made.body as AddressResponse).address.isDefault).toBe(true);
    expect(defaults(await list(customer))).toEqual([second.id]);

    // isDefault false on the default keeps it default: a customer with addresses always has one
    const kept = await call(shop.app, 'PUT', `/api/addresses/${second.id}`, {
      token: customer.token,
      json: { ...office, isDefault: false },
    });
    expect((kept.body as AddressResponse).address.isDefault).toBe(true);
    expect(defaults(await list(customer))).toEqual([second.id]);
    expect((await list(customer)).find((a) => a.id === first.id)).toEqual({ ...first, isDefault: false });
  });

  it('deletes an address; deleting the default promotes the newest remaining one', async () => {
    const first = await add(customer, home);
    const second = await add(customer, office);
    const third = await add(customer, parents);
    expect(
      await call(shop.app, 'DELETE', `/api/addresses/${first.id}`, { token: customer.token }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Address deleted' },
    });
    const remaining = await list(customer);
    expect(remaining.map((a) => a.id)).toEqual([third.id, second.id]);
    expect(defaults(remaining)).toEqual([third.id]);

    await call(shop.app, 'DELETE', `/api/addresses/${second.id}`, { token: customer.token });
    expect(defaults(await list(customer))).toEqual([third.id]);
    await call(shop.app, 'DELETE', `/api/addresses/${third.id}`, { token: customer.token });
    expect(await list(customer)).toEqual([]);
    expect(
      await call(shop.app, 'DELETE', `/api/addresses/${third.id}`, { token: customer.token }),
    ).toMatchObject(notFound);
    // the next address is the default again
    expect((await add(customer, home)).isDefault).toBe(true);
  });

  it('keeps at most 50 addresses per customer (409 with a message)', async () => {
    for (let i = 0; i < 50; i++) await add(customer, { ...home, street: `House ${i}` });
    const res = await call(shop.app, 'POST', '/api/addresses', { json: office, token: customer.token });
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'You can save at most 50 addresses. Please delete one first.' },
    });
    expect(await list(customer)).toHaveLength(50);
  });

  it('accepts emoji and non-Latin text and returns it intact', async () => {
    const fancy = {
      ...home,
      recipientName: 'ಆಶಾ 🙏',
      street: 'ಶ್ರೀ ನಿಲಯ 🏠, 3rd Main',
      area: 'மயிலாப்பூர்',
      city: 'ಬೆಂಗಳೂರು',
    };
    const address = await add(customer, fancy);
    expect(address).toMatchObject(fancy);
    expect(await list(customer)).toEqual([address]);
  });
});

describe('another customer', () => {
  it('can neither see nor change my addresses (404) and my data stays as it was', async () => {
    const me = await registerAndLogin(shop.app);
    const other = await registerAndLogin(shop.app);
    const mine = await add(me, home);
    const mine2 = await add(me, office);
    const theirs = await add(other, parents);
    const before = await list(me);

    expect(await list(other)).toEqual([theirs]);
    for (const id of [mine.id, mine2.id]) {
      expect(
        await call(shop.app, 'PUT', `/api/addresses/${id}`, {
          token: other.token,
          json: { ...parents, isDefault: true },
        }),
      ).toMatchObject(notFound);
      expect(
        await call(shop.app, 'PUT', `/api/addresses/${id}/default`, { token: other.token }),
      ).toMatchObject(notFound);
      expect(await call(shop.app, 'DELETE', `/api/addresses/${id}`, { token: other.token })).toMatchObject(
        notFound,
      );
    }
    expect(await list(me)).toEqual(before);
    expect(await list(other)).toEqual([theirs]);
  });

  it('answers 404 for an id that does not exist and 400 for an id that is not a number', async () => {
    const me = await registerAndLogin(shop.app);
    expect(await call(shop.app, 'PUT', '/api/addresses/999999/default', { token: me.token })).toMatchObject(
      notFound,
    );
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call(shop.app, 'DELETE', `/api/addresses/${bad}`, { token: me.token });
      expect(res).toMatchObject({ status: 400, body: { message: 'The id must be a positive whole number' } });
    }
  });
});

describe('signed out', () => {
  it('refuses every address call without a valid token (401)', async () => {
    const refused = { status: 401, body: { message: 'Please sign in to continue' } };
    expect(await call(shop.app, 'GET', '/api/addresses')).toMatchObject(refused);
    expect(await call(shop.app, 'POST', '/api/addresses', { json: home })).toMatchObject(refused);
    expect(await call(shop.app, 'PUT', '/api/addresses/1', { json: home })).toMatchObject(refused);
    expect(await call(shop.app, 'PUT', '/api/addresses/1/default')).toMatchObject(refused);
    expect(await call(shop.app, 'DELETE', '/api/addresses/1')).toMatchObject(refused);
    expect(await call(shop.app, 'GET', '/api/addresses', { token: 'garbage' })).toMatchObject(refused);

    const customer = await registerAndLogin(shop.app);
    await add(customer, home);
    await call(shop.app, 'POST', '/api/auth/logout', { token: customer.token });
    expect(await call(shop.app, 'GET', '/api/addresses', { token: customer.token })).toMatchObject(refused);
  });
});

describe('bad input', () => {
  let customer: Customer;
  let existing: Address;
  beforeAll(async () => {
    customer = await registerAndLogin(shop.app);
    existing = await add(customer, home);
  });

  const long = 'x'.repeat(10_000);
  const MOBILE_FORMAT = 'Enter a 10-digit Indian mobile number';
  const PIN_FORMAT = 'PIN code must be 6 digits and cannot start with 0';
  const tooLong = (field: string, most: number) => `${field} must be at most ${most} characters`;
  const notAllowed = (field: string) => `${field} contains characters that are not allowed`;
  const cases: [string, unknown, string][] = [
    ['an empty object', {}, 'Recipient name is required'],
    ['no recipient', { ...office, recipientName: undefined }, 'Recipient name is required'],
    ['no mobile', { ...office, mobile: ' ' }, 'Mobile number is required'],
    ['a 9-digit mobile', { ...office, mobile: '984501234' }, MOBILE_FORMAT],
    ['a mobile starting with 5', { ...office, mobile: '5845012345' }, MOBILE_FORMAT],
    ['a missing street', { ...office, street: undefined }, 'House and street are required'],
    ['a null street', { ...office, street: null }, 'House and street are required'],
    ['a whitespace-only street', { ...office, street: '   \t ' }, 'House and street are required'],
    ['no area', { ...office, area: '' }, 'Area is required'],
    ['a whitespace-only city', { ...office, city: '  ' }, 'City is required'],
    ['an empty state', { ...office, state: '' }, 'State is required'],
    ['a state off the list', { ...office, state: 'Karnataka 🌴' }, 'Please choose a state from the list'],
    ['a whitespace-only PIN code', { ...office, postalCode: '   ' }, 'PIN code is required'],
    ['another country', { ...office, country: 'Nepal' }, 'We deliver only in India'],
    ['a 10,000-character street', { ...office, street: long }, tooLong('House and street', 200)],
    ['a 10,000-character city', { ...office, city: long }, tooLong('City', 100)],
    ['a 10,000-character landmark', { ...office, landmark: long }, tooLong('Landmark', 100)],
    ['a 10,000-character PIN code', { ...office, postalCode: long }, tooLong('PIN code', 12)],
    ['a 4-digit PIN code', { ...office, postalCode: '6000' }, PIN_FORMAT],
    ['a PIN code starting with 0', { ...office, postalCode: '060001' }, PIN_FORMAT],
    ['a PIN code with symbols', { ...office, postalCode: '560#01' }, PIN_FORMAT],
    ['a number for the city', { ...office, city: 5 }, 'City must be text'],
    ['an object for the street', { ...office, street: { line1: 'x' } }, 'House and street must be text'],
    ['a number for the PIN code', { ...office, postalCode: 560001 }, 'PIN code must be text'],
    ['a string for isDefault', { ...office, isDefault: 'yes' }, 'isDefault must be true or false'],
    [
      'a control character in the street',
      { ...office, street: 'MG Road\u0007' },
      notAllowed('House and street'),
    ],
    ['a newline in the city', { ...office, city: 'Benga\nluru' }, notAllowed('City')],
    ['a lone surrogate in the area', { ...office, area: 'Jaya\udc00nagar' }, notAllowed('Area')],
  ];

  it.each(cases)('POST with %s: 400 "%s", nothing stored', async (_label, body, message) => {
    const before = await list(customer);
    const res = await call(shop.app, 'POST', '/api/addresses', { json: body, token: customer.token });
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await list(customer)).toEqual(before);
  });

  it.each(cases)('PUT with %s: 400 "%s", the address unchanged', async (_label, body, message) => {
    const res = await call(shop.app, 'PUT', `/api/addresses/${existing.id}`, {
      json: body,
      token: customer.token,
    });
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await list(customer)).toEqual([existing]);
  });

  it.each([
    ['malformed JSON', { raw: '{"street": "MG Road",' }, 400, 'The request body is not valid JSON'],
    ['an empty body', { raw: '' }, 400, 'The request body is not valid JSON'],
    ['a JSON array', { raw: '[]' }, 400, 'The request body must be a JSON object'],
    ['JSON null', { raw: 'null' }, 400, 'The request body must be a JSON object'],
    [
      'a text/plain body',
      { raw: JSON.stringify(office), contentType: 'text/plain' },
      415,
      'Please send the request body as JSON (Content-Type: application/json)',
    ],
    [
      'a form body',
      { raw: 'street=x', contentType: 'application/x-www-form-urlencoded' },
      415,
      'Please send the request body as JSON (Content-Type: application/json)',
    ],
  ] as const)(
    'POST and PUT with %s: %i with a message, nothing changed',
    async (_label, options, status, message) => {
      const post = await call(shop.app, 'POST', '/api/addresses', { ...options, token: customer.token });
      expect(post).toMatchObject({ status, body: { message } });
      const put = await call(shop.app, 'PUT', `/api/addresses/${existing.id}`, {
        ...options,
        token: customer.token,
      });
      expect(put).toMatchObject({ status, body: { message } });
      expect(await list(customer)).toEqual([existing]);
    },
  );

  it('refuses a body over 64 KB with 413', async () => {
    const res = await call(shop.app, 'POST', '/api/addresses', {
      json: { ...office, street: 'x'.repeat(70_000) },
      token: customer.token,
    });
    expect(res).toMatchObject({ status: 413, body: { message: 'Request body too large' } });
    expect(await list(customer)).toEqual([existing]);
  });

  it('ignores unknown fields (id, userId) instead of storing them', async () => {
    const other = await registerAndLogin(shop.app);
    const created = await add(customer, {
      ...office,
      id: existing.id,
      userId: other.user.id,
      createdAt: '1999-01-01',
    });
    expect(created.id).not.toBe(existing.id);
    expect(Object.keys(created).sort()).toEqual([
      'area',
      'city',
      'country',
      'id',
      'isDefault',
      'landmark',
      'mobile',
      'postalCode',
      'recipientName',
      'state',
      'street',
    ]);
    expect(await list(other)).toEqual([]);
    await call(shop.app, 'DELETE', `/api/addresses/${created.id}`, { token: customer.token });
    expect(await list(customer)).toEqual([existing]);
  });
});

describe('Indian addresses (docs/product-rules.md, Addresses)', () => {
  it('stores the mobile as 10 digits, an empty landmark as none, and India as the country', async () => {
    const customer = await registerAndLogin(shop.app);
    const address = await add(customer, {
      ...home,
      mobile: '+91 98450-12345',
      landmark: '  ',
      country: undefined,
    });
    expect(address).toMatchObject({ mobile: '9845012345', landmark: null, country: 'India' });
  });

  it('keeps an address saved before recipients and mobiles were asked for working', async () => {
    const customer = await registerAndLogin(shop.app);
    const { id } = await shop.db
      .insertInto('addresses')
      .values({
        ...legacyAddressRow(customer.user.id),
        recipientName: null,
        mobile: null,
        area: null,
        landmark: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await list(customer)).toEqual([legacyAddressAsRead(id)]);
    // Editing it asks for what it lacks, then stores it whole.
    const refused = await call(shop.app, 'PUT', `/api/addresses/${id}`, {
      json: { street: '21, Car Street', city: 'Udupi', state: 'Karnataka', postalCode: '576101' },
      token: customer.token,
    });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Recipient name is required' } });
    const fixed = await call(shop.app, 'PUT', `/api/addresses/${id}`, {
      json: { ...home, street: '21, Car Street', area: 'Car Street', city: 'Udupi', postalCode: '576101' },
      token: customer.token,
    });
    expect(fixed).toMatchObject({
      status: 200,
      body: { address: { id, recipientName: 'Asha Rao', state: 'Karnataka' } },
    });
  });
});

describe('an address saved before the Indian-address migration, in orders and bookings', () => {
  // Its own database: the address row is written under the schema as it was before
  // 2026_11_24_040000_indian_addresses, then the shop migrates to today's.
  let dir: string;
  let database: TestDatabase;
  let db: Db;
  let app: ReturnType<typeof createApp>;
  let token: string;
  let addressId: number;
  const OLD_PASSWORD = 'secret123';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-old-address-'));
    database = await createTestDatabase(dir);
    db = await database.open();
    await migrateUpTo(db, '2026_11_24_030000_persons_not_known');
    const user = await sql<{ id: number }>`insert into users (name, email, password_hash, created_at)
      values ('Asha Rao', 'old-address@example.com', ${await hashPassword(OLD_PASSWORD)}, '2026-01-01T00:00:00.000Z')
      returning id`.execute(db);
    // No recipient_name, mobile, area or landmark: those columns did not exist yet. The state is
    // free text, as the old form took it.
    const address = await sql<{ id: number }>`insert into addresses
      (user_id, street, city, state, postal_code, country, is_default, created_at)
      values (${user.rows[0]!.id}, '21, Car Street', 'Udupi', 'KA', '576101', 'India', 1, '2026-01-01T00:00:00.000Z')
      returning id`.execute(db);
    addressId = address.rows[0]!.id;
    await migrateToLatest(db);
    await seedCatalogue(db, new Date());
    app = createApp({
      db,
      mailer: createMailer({ outboxDir: path.join(dir, 'outbox'), from: 'Shop <a@shop.test>' }),
    });
    const login = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'old-address@example.com', password: OLD_PASSWORD },
    });
    expect(login.status).toBe(200);
    token = (login.body as LoginResponse).token;
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The address as orders and bookings keep it: what it had, and null for what it never had. */
  const oldAddress = () => legacyAddressAsRead(addressId);

  it('is listed as it was, with none of the new fields', async () => {
    const res = await call(app, 'GET', '/api/addresses', { token });
    expect(res).toMatchObject({ status: 200, body: { addresses: [oldAddress()] } });
  });

  it('delivers an order, cash on delivery and paid online, and the order reads back with it', async () => {
    const productId = await addProduct(db, { name: 'Brass Diya', offerPrice: 450, stockQuantity: 10 });
    for (const method of ['cod', 'online'] as const) {
      const body = {
        address_id: addressId,
        items: [{ product_id: productId, quantity: 1 }],
        payment_method: method,
        ...(method === 'online' ? { payment_id: 'pay_unpaid_placeholder' } : {}),
      };
      const res = await send(app, 'POST', '/api/orders', { json: await paid(app, token, body), token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { id } = v.parse(OrderCreateResponse, res.body);
      const read = await call(app, 'GET', `/api/orders/${id}`, { token });
      expect(read.status).toBe(200);
      expect(v.parse(OrderRead, read.body).address).toEqual(oldAddress());
    }
    const list = await call(app, 'GET', '/api/orders', { token });
    expect(v.parse(OrderListResponse, list.body).orders).toHaveLength(2);
  });

  it('takes a booking, and the booking reads back with it', async () => {
    const puja = await addPuja(db, { closesInDays: 30 });
    const res = await send(app, 'POST', '/api/bookings', {
      json: await paid(app, token, bookingBody(puja, addressId, 1)),
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { booking } = v.parse(BookingResponse, res.body);
    expect(booking.address).toEqual(oldAddress());
    const read = await call(app, 'GET', `/api/bookings/${booking.id}`, { token });
    expect(v.parse(BookingResponse, read.body).booking.address).toEqual(oldAddress());
    const list = await call(app, 'GET', '/api/bookings', { token });
    expect(v.parse(BookingListResponse, list.body).bookings.map((b) => b.id)).toEqual([booking.id]);
  });
});

describe('GET /api/pincodes/{pin}', () => {
  it.each([
    ['560003', 'Bangalore', 'Karnataka'],
    ['600004', 'Chennai', 'Tamil Nadu'],
    ['500001', 'Hyderabad', 'Telangana'],
    ['605001', 'Pondicherry', 'Puducherry'],
    ['194101', 'Leh', 'Ladakh'],
  ])('finds %s in %s, %s, without a sign-in, cacheable', async (pin, city, state) => {
    const res = await call(shop.app, 'GET', `/api/pincodes/${pin}`);
    expect(res).toMatchObject({ status: 200, body: { pincode: pin, city, state } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('answers 404 with a message for a PIN code nobody uses, and 400 for one that cannot be', async () => {
    expect(await call(shop.app, 'GET', '/api/pincodes/999999')).toMatchObject({
      status: 404,
      body: { message: 'We could not find this PIN code. Please enter the city and state.' },
    });
    for (const pin of ['6000', '060001', 'abcdef', '5600031']) {
      expect(await call(shop.app, 'GET', `/api/pincodes/${pin}`)).toMatchObject({
        status: 400,
        body: { message: 'PIN code must be 6 digits and cannot start with 0' },
      });
    }
  });
});
