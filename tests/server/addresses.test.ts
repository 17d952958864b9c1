import type { Address, AddressListResponse, AddressResponse } from '../../contract/address.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { createTestShop, type TestShop } from '../support/test-db.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
});
afterAll(() => shop.close());

const home = {
  street: '12, 4th Cross, Jayanagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560011',
  country: 'India',
};
const office = {
  street: 'MG Road 100',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
};
const parents = {
  street: 'Temple Street 7',
  city: 'Mysuru',
  state: 'Karnataka',
  postalCode: '570001',
  country: 'India',
};

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
      street: 'ಶ್ರೀ ನಿಲಯ 🏠, 3rd Main',
      city: 'ಬೆಂಗಳೂರು',
      state: 'Karnataka 🌴',
      postalCode: '560 001',
      country: 'भारत 🇮🇳',
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
  const cases: [string, unknown, string][] = [
    ['an empty object', {}, 'Street address is required'],
    ['a missing street', { ...office, street: undefined }, 'Street address is required'],
    ['a null street', { ...office, street: null }, 'Street address is required'],
    ['a whitespace-only street', { ...office, street: '   \t ' }, 'Street address is required'],
    ['a whitespace-only city', { ...office, city: '  ' }, 'City is required'],
    ['an empty state', { ...office, state: '' }, 'State is required'],
    ['a whitespace-only postal code', { ...office, postalCode: '   ' }, 'Postal code is required'],
    ['a missing country', { ...office, country: undefined }, 'Country is required'],
    [
      'a 10,000-character street',
      { ...office, street: long },
      'Street address must be at most 200 characters',
    ],
    ['a 10,000-character city', { ...office, city: long }, 'City must be at most 100 characters'],
    ['a 10,000-character country', { ...office, country: long }, 'Country must be at most 100 characters'],
    [
      'a 10,000-character postal code',
      { ...office, postalCode: long },
      'Postal code must be at most 12 characters',
    ],
    [
      'a postal code with symbols',
      { ...office, postalCode: '560#001' },
      'Postal code must be 3 to 12 letters or digits (spaces and hyphens allowed)',
    ],
    [
      'a two-character postal code',
      { ...office, postalCode: '56' },
      'Postal code must be 3 to 12 letters or digits (spaces and hyphens allowed)',
    ],
    ['a number for the city', { ...office, city: 5 }, 'City must be text'],
    ['an object for the street', { ...office, street: { line1: 'x' } }, 'Street address must be text'],
    ['a number for the postal code', { ...office, postalCode: 560001 }, 'Postal code must be text'],
    ['a string for isDefault', { ...office, isDefault: 'yes' }, 'isDefault must be true or false'],
    [
      'a control character in the street',
      { ...office, street: 'MG Road\u0007' },
      'Street address contains characters that are not allowed',
    ],
    [
      'a newline in the city',
      { ...office, city: 'Benga\nluru' },
      'City contains characters that are not allowed',
    ],
    [
      'a lone surrogate in the state',
      { ...office, state: 'Karn\udc00ataka' },
      'State contains characters that are not allowed',
    ],
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
      'city',
      'country',
      'id',
      'isDefault',
      'postalCode',
      'state',
      'street',
    ]);
    expect(await list(other)).toEqual([]);
    await call(shop.app, 'DELETE', `/api/addresses/${created.id}`, { token: customer.token });
    expect(await list(customer)).toEqual([existing]);
  });
});
