import * as v from 'valibot';
import type { Address } from '../../contract/address.ts';
import {
  BookingCreateRequest,
  BookingListResponse,
  BookingResponse,
  bookingMessages,
  type Booking,
} from '../../contract/booking.ts';
import {
  emptyPerson,
  latestToday,
  validatePerson,
  type PersonDraft,
  type PersonField,
} from '../../contract/person.ts';
import { NAKSHATRA_OPTIONS, RAASHI_OPTIONS } from '../../contract/raashi-nakshatra.ts';
import { createApp, type App } from '../../server/app.ts';
import { findBookingByKey } from '../../server/db/repositories/bookings.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import type { PaymentGateway } from '../../server/payments/gateway.ts';
import { makeBooking } from '../../server/services/bookings.ts';
import { paidWrite } from '../../server/services/paid-write.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import {
  addPuja,
  asBooked,
  bookingBody,
  countBookingRows,
  EVERY_PERSON_FIELD_REQUIRED,
  nothingAfterTheSale,
  person,
  type TestPuja,
} from '../support/bookings.ts';
import { addAddress, ashaAndRavi, send } from '../support/orders.ts';
import { createIntent, paid, paymentStatus } from '../support/payments.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS } from '../../contract/policy.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const DAY = 24 * 60 * 60 * 1000;

const shop = shopPerFile(createTestShop);
const simulated = createSimulatedGateway({ secret: 'bookings-test-secret-'.repeat(3) });
/** The provider's checks fail this many times more (unreachable), then answer as it does. */
let unreachableChecks = 0;
const gateway: PaymentGateway = {
  ...simulated,
  verify: (proof) => {
    if (unreachableChecks > 0) {
      unreachableChecks -= 1;
      throw new Error('the payment provider did not answer');
    }
    return simulated.verify(proof);
  },
};
/** The API over the shop's database with a clock the tests can move (null = the real time). */
let app: App;
let clock: Date | null = null;
/** Asha and Ravi, each with an address of their own (ashaAndRavi). */
let me: Customer, myAddress: Address, other: Customer, otherAddress: Address;
/** Closes 30 days from now, with 1-, 2- and 4-person packages. */
let puja: TestPuja;
let secondPuja: TestPuja;

beforeAll(async () => {
  app = createApp({ db: shop.db, now: () => clock ?? new Date(), paymentGateway: gateway });
  puja = await addPuja(shop.db);
  secondPuja = await addPuja(shop.db);
  ({ me, myAddress, other, otherAddress } = await ashaAndRavi(app));
});
afterEach(() => {
  clock = null;
});

/** Posts a booking; a body still UNPAID is first paid for through the API (tests/support/payments.ts). */
const post = async (body: unknown, { as = me, key }: { as?: Customer; key?: string } = {}) =>
  send(app, 'POST', '/api/bookings', {
    json: await paid(app, as.token, body),
    token: as.token,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

const book = async (body: unknown, options?: { as?: Customer; key?: string }): Promise<Booking> => {
  const res = await post(body, options);
  expect(res).toMatchObject({ status: 201 });
  return v.parse(BookingResponse, res.body).booking;
};

const body = (noPersons = 2, extra: Parameters<typeof bookingBody>[3] = {}) =>
  bookingBody(puja, myAddress.id, noPersons, extra);

/** The same, paid for through the API: retries of it carry the same payment. */
const paidBody = (noPersons = 2, extra: Parameters<typeof bookingBody>[3] = {}) =>
  paid(app, me.token, body(noPersons, extra));

/** Runs `act` and checks it stored no booking and no person. */
async function expectNothingStored(act: () => Promise<void>) {
  const before = await countBookingRows(shop.db);
  await act();
  expect(await countBookingRows(shop.db)).toEqual(before);
}

/** Posts `payload` and expects a refusal with this status and message, storing nothing. */
async function expectRefused(payload: unknown, status: number, message: string, as?: Customer) {
  await expectNothingStored(async () => {
    expect(await post(payload, { as })).toMatchObject({ status, body: { message } });
  });
}

/** The booking rows after `before`, with one booking of `persons` persons more. */
const oneBookingMore = (before: { bookings: number; persons: number }, persons: number) => ({
  bookings: before.bookings + 1,
  persons: before.persons + persons,
});

describe('product rules, Persons: the person form’s lists and messages', () => {
  it('offers exactly the 12 raashis and 27 nakshatras, as written in the spec', () => {
    // The spec's list, in its order.
    expect(RAASHI_OPTIONS.join(', ')).toBe(
      'Mesh (Aries), Vrishabh (Taurus), Mithun (Gemini), Kark (Cancer), Simha (Leo), Kanya (Virgo), Tula (Libra), Vrishchik (Scorpio), Dhanu (Sagittarius), Makar (Capricorn), Kumbh (Aquarius), Meen (Pisces)',
    );
    expect(NAKSHATRA_OPTIONS).toHaveLength(27);
    expect(NAKSHATRA_OPTIONS.join(', ')).toBe(
      'Ashwini, Bharani, Krittika, Rohini, Mrigashira, Ardra, Punarvasu, Pushya, Ashlesha, Magha, ' +
        'Purva Phalguni, Uttara Phalguni, Hasta, Chitra, Swati, Vishakha, Anuradha, Jyeshtha, Mula, ' +
        'Purva Ashadha, Uttara Ashadha, Shravana, Dhanishta, Shatabhisha, Purva Bhadrapada, ' +
        'Uttara Bhadrapada, Revati',
    );
  });

  it('validatePerson gives each empty field its message, and nothing for a valid person', () => {
    expect(validatePerson(emptyPerson(), '2026-11-22')).toEqual(EVERY_PERSON_FIELD_REQUIRED);
    expect(validatePerson(person(), '2026-11-22')).toEqual({});
  });

  it('validatePerson checks the date of birth against the given today, and the lists', () => {
    expect(validatePerson(person({ dateOfBirth: '2026-11-22' }), '2026-11-22')).toEqual({});
    expect(
      validatePerson(
        person({ dateOfBirth: '2026-11-23', birthTime: '24:00', raashi: 'Leo', nakshatra: 'Abhijit' }),
        '2026-11-22',
      ),
    ).toEqual({
      dateOfBirth: 'Date of birth cannot be in the future',
      birthTime: 'Birth time must be a 24-hour time (HH:MM)',
      raashi: 'Please choose a raashi from the list',
      nakshatra: 'Please choose a nakshatra from the list',
    });
  });
});

describe('booking a puja', () => {
  /** Ravi, born a minute before midnight, with every field of his own. */
  const raviBornAtMidnight = {
    name: 'Ravi Rao',
    dateOfBirth: '1985-12-01',
    birthTime: '23:59',
    birthPlace: 'Mangaluru',
    raashi: 'Meen (Pisces)',
    nakshatra: 'Revati',
    gothra: 'Bharadwaja',
  } as const;

  it('201 {booking}: priced from the package, persons in order, puja, package and address snapshotted', async () => {
    const before = new Date();
    const persons = [
      person({ name: '  Asha Rao ', birthPlace: ' Udupi ', gothra: ' Kashyapa ' }),
      person(raviBornAtMidnight),
    ];
    const payload = await paid(app, me.token, {
      ...body(2),
      persons,
      amount: 1,
      price: 1,
      status: 'cancelled',
    });
    const res = await post(payload);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body as object)).toEqual(['booking']);
    const { booking } = v.parse(BookingResponse, res.body);
    expect(booking).toEqual({
      id: expect.any(Number) as number,
      bookingNumber: expect.stringMatching(/^PUJ-\d{8}-\d{6}$/) as string,
      createdAt: expect.any(String) as string,
      status: 'confirmed',
      paymentStatus: 'completed',
      paymentMethod: 'online',
      paymentId: payload.paymentId,
      puja: {
        id: puja.id,
        pujaName: puja.pujaName,
        place: puja.place,
        pujaDate: puja.pujaDate,
        image: puja.image,
        // The temple's script, for the read-back on the booking's page (docs/product-rules.md).
        script: expect.stringMatching(/^[a-z]+$/) as string,
      },
      package: { id: puja.packages[2]!.id, title: puja.packages[2]!.title, noPersons: 2 },
      persons: [
        asBooked(person({ name: 'Asha Rao', birthPlace: 'Udupi', gothra: 'Kashyapa' })),
        asBooked(person(raviBornAtMidnight)),
      ],
      address: myAddress,
      amount: 2202,
      packageAmount: 2202,
      ...nothingAfterTheSale,
      // Its life starts here: the first step of its timeline.
      timeline: [
        {
          id: expect.any(Number) as number,
          at: booking.createdAt,
          from: null,
          to: 'confirmed',
          event: 'booking.placed',
          by: 'customer',
          note: null,
          data: null,
        },
      ],
    });
    expect(booking.bookingNumber.endsWith(String(booking.id).padStart(6, '0'))).toBe(true);
    expect(new Date(booking.createdAt).toISOString()).toBe(booking.createdAt);
    expect(Date.parse(booking.createdAt)).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const stored = await shop.db
      .selectFrom('bookingPersons')
      .select(['position', 'name'])
      .where('bookingId', '=', booking.id)
      .orderBy('position')
      .execute();
    expect(stored).toEqual([
      { position: 1, name: 'Asha Rao' },
      { position: 2, name: 'Ravi Rao' },
    ]);

    const read = await call(app, 'GET', `/api/bookings/${booking.id}`, { token: me.token });
    expect(read).toMatchObject({ status: 200, body: { booking } });
  });

  it('keeps the booking as it was when the puja, package or address change later', async () => {
    const changing = await addPuja(shop.db);
    const address = await addAddress(app, me, 'Old Street 1');
    const booking = await book(bookingBody(changing, address.id, 1));
    await shop.db
      .updateTable('puja')
      .set({
        pujaName: 'Renamed',
        place: 'Elsewhere',
        pujaDate: new Date(Date.now() + 99 * DAY).toISOString(),
      })
      .where('id', '=', changing.id)
      .execute();
    await shop.db
      .updateTable('pujaPackage')
      .set({ title: 'Renamed package', offerPrice: 1 })
      .where('id', '=', changing.packages[1]!.id)
      .execute();
    await call(app, 'PUT', `/api/addresses/${address.id}`, {
      token: me.token,
      json: { ...address, street: 'New Street 2' },
    });
    const res = await call(app, 'GET', `/api/bookings/${booking.id}`, { token: me.token });
    const again = v.parse(BookingResponse, res.body).booking;
    expect(again).toEqual(booking);
    expect(again).toMatchObject({
      puja: { pujaName: changing.pujaName, place: changing.place, pujaDate: changing.pujaDate },
      package: { title: changing.packages[1]!.title },
      amount: 1101,
      address: { street: 'Old Street 1' },
    });
  });

  it('accepts emoji and Indian scripts in names, places and gothras, stored exactly', async () => {
    const persons = [
      person({ name: 'Asha 🙏🏽 Rao', birthPlace: 'உடுப்பி', gothra: 'Kashyapa ✨' }),
      person({ name: '👨‍👩‍👧 ರವಿ', birthPlace: 'मंगलुरु', gothra: 'भारद्वाज' }),
    ];
    const booking = await book({ ...body(2), persons });
    expect(booking.persons.map((p) => [p.name, p.birthPlace, p.gothra])).toEqual([
      ['Asha 🙏🏽 Rao', 'உடுப்பி', 'Kashyapa ✨'],
      ['👨‍👩‍👧 ರವಿ', 'मंगलुरु', 'भारद्वाज'],
    ]);
  });

  it('accepts a date of birth of today (anywhere on Earth) and of 1900-01-01', async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    const open = await addPuja(shop.db, { now: clock });
    const booking = await book(
      bookingBody(open, myAddress.id, 2, {
        persons: [person({ dateOfBirth: latestToday(clock) }), person({ dateOfBirth: '1900-01-01' })],
      }),
    );
    expect(booking.persons.map((p) => p.dateOfBirth)).toEqual(['2026-11-23', '1900-01-01']);
    expect(booking.bookingNumber).toMatch(/^PUJ-20261122-\d{6}$/);
    expect(booking.createdAt).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('the package and its persons', () => {
  it.each([
    [2, 3, 'This package is for up to 2 persons; please enter at most 2'],
    [1, 2, 'This package is for 1 person; please enter the details of one person'],
    [4, 5, 'This package is for up to 4 persons; please enter at most 4'],
  ])('refuses a %i-person package with %i persons (400)', async (noPersons, count, message) => {
    const payload = {
      ...body(noPersons),
      persons: Array.from({ length: count }, (_, i) => person({ name: `P${i}` })),
    };
    await expectRefused(payload, 400, message);
  });

  it.each([
    [2, 1],
    [4, 3],
    [4, 1],
  ])(
    'takes a %i-person package for %i persons, at the package’s price (docs/product-rules.md, Persons)',
    async (noPersons, count) => {
      const persons = Array.from({ length: count }, (_, i) => person({ name: `Devotee ${i + 1}` }));
      const booking = await book({ ...body(noPersons), persons });
      expect(booking.persons.map((p) => p.name)).toEqual(persons.map((p) => p.name));
      expect(booking.package.noPersons).toBe(noPersons);
      expect(booking.amount).toBe(puja.packages[noPersons]!.offerPrice);
      expect(booking.packageAmount).toBe(puja.packages[noPersons]!.offerPrice);
    },
  );

  it('takes a nakshatra marked not known, read back as null; unmarked, it is still required', async () => {
    const booking = await book({
      ...body(2),
      persons: [
        person({ name: 'Asha' }),
        person({ name: 'Ravi', nakshatra: 'Magha', nakshatraNotKnown: true }),
      ],
    });
    expect(booking.persons.map((p) => [p.name, p.nakshatra])).toEqual([
      ['Asha', 'Magha'],
      ['Ravi', null],
    ]);
    await expectRefused({ ...body(1), persons: [person({ nakshatra: '' })] }, 400, 'Nakshatra is required');
  });

  it('refuses a package of another puja (400)', async () => {
    await expectRefused(
      { ...body(2), packageId: secondPuja.packages[2]!.id },
      400,
      'This package belongs to another puja',
    );
  });

  it('refuses an unknown puja (404) and an unknown package (404)', async () => {
    await expectRefused({ ...body(2), pujaId: 987654 }, 404, 'Puja not found');
    await expectRefused({ ...body(2), packageId: 987654 }, 404, 'Package not found');
  });

  it('refuses no persons and more than 20 (400)', async () => {
    await expectRefused({ ...body(2), persons: [] }, 400, 'Please enter the details of at least one person');
    await expectRefused(
      { ...body(2), persons: Array.from({ length: 21 }, () => person()) },
      400,
      'A booking can have at most 20 persons',
    );
  });
});

describe('the booking window at the server’s clock', () => {
  it('refuses a seeded puja whose date has passed (409)', async () => {
    const past = await shop.db
      .selectFrom('puja')
      .innerJoin('pujaPackage', 'pujaPackage.pujaId', 'puja.id')
      .select(['puja.id as pujaId', 'pujaPackage.id as packageId', 'pujaPackage.noPersons'])
      .where('puja.pujaDate', '<', new Date().toISOString())
      .where('puja.pujaName', 'not like', 'Test Homam%')
      .orderBy('pujaPackage.noPersons')
      .executeTakeFirstOrThrow();
    await expectRefused(
      {
        ...body(1),
        pujaId: past.pujaId,
        packageId: past.packageId,
        persons: Array.from({ length: past.noPersons }, () => person()),
      },
      409,
      'Booking for this puja has closed',
    );
  });

  it.each([
    ['no date', null],
    ['an invalid date', 'next Tuesday'],
    ['an empty date', ''],
  ])('refuses a puja with %s (409)', async (_label, closesInDays) => {
    const undated = await addPuja(shop.db, { closesInDays });
    await expectRefused(bookingBody(undated, myAddress.id, 1), 409, 'Booking for this puja has closed');
  });

  it('is open until the sankalp lock and closed from that instant, by the injected clock', async () => {
    const start = new Date();
    const soon = await addPuja(shop.db, { closesInDays: 1, now: start });
    const lockAt = Date.parse(soon.pujaDate!) - SANKALP_LOCK_HOURS * HOUR_MS;

    // 6 hours before the puja (after the lock, before the puja itself): closed.
    clock = new Date(Date.parse(soon.pujaDate!) - 6 * HOUR_MS);
    await expectRefused(bookingBody(soon, myAddress.id, 1), 409, 'Booking for this puja has closed');
    clock = new Date(lockAt);
    await expectRefused(bookingBody(soon, myAddress.id, 1), 409, 'Booking for this puja has closed');
    clock = new Date(lockAt - 1);
    const booking = await book(bookingBody(soon, myAddress.id, 1));
    expect(booking.createdAt).toBe(new Date(lockAt - 1).toISOString());
    expect(booking.status).toBe('confirmed');
  });

  it('prices no payment intent after the lock (409 booking_closed), and one before it', async () => {
    const soon = await addPuja(shop.db, { closesInDays: 1 });
    const lockAt = Date.parse(soon.pujaDate!) - SANKALP_LOCK_HOURS * HOUR_MS;
    clock = new Date(lockAt + 60_000);
    expect(await createIntent(app, me.token, 'booking', bookingBody(soon, myAddress.id, 1))).toMatchObject({
      status: 409,
      body: { code: 'booking_closed', message: 'Booking for this puja has closed' },
    });
    clock = new Date(lockAt - 60_000);
    expect(await createIntent(app, me.token, 'booking', bookingBody(soon, myAddress.id, 1))).toMatchObject({
      status: 201,
    });
  });

  it('refunds at once a payment captured before the lock that reaches the booking after it', async () => {
    const soon = await addPuja(shop.db, { closesInDays: 1 });
    const lockAt = Date.parse(soon.pujaDate!) - SANKALP_LOCK_HOURS * HOUR_MS;
    clock = new Date(lockAt - 60_000);
    const payload = await paid(app, me.token, bookingBody(soon, myAddress.id, 1));
    clock = new Date(lockAt + 60_000);
    await expectNothingStored(async () => {
      const res = await post(payload);
      expect(res).toMatchObject({ status: 409, body: { code: 'booking_closed' } });
      expect((res.body as { message: string }).message).toContain('has been refunded');
    });
    expect(await paymentStatus(shop.db, (payload as { paymentId: string }).paymentId)).toBe('refunded');
  });

  it('never answers such a refusal keeping the money: a payment it cannot check then fails the request, and the retry refunds it', async () => {
    const soon = await addPuja(shop.db, { closesInDays: 1 });
    const lockAt = Date.parse(soon.pujaDate!) - SANKALP_LOCK_HOURS * HOUR_MS;
    clock = new Date(lockAt - 60_000);
    const payload = await paid(app, me.token, bookingBody(soon, myAddress.id, 1));
    const { paymentId } = payload as { paymentId: string };
    clock = new Date(lockAt + 60_000);
    unreachableChecks = 1;
    await expectNothingStored(async () => {
      expect((await post(payload, { key: 'unreachable-check' })).status).toBe(500);
      expect(await paymentStatus(shop.db, paymentId)).toBe('captured');
      const retried = await post(payload, { key: 'unreachable-check' });
      expect(retried).toMatchObject({ status: 409, body: { code: 'booking_closed' } });
      expect((retried.body as { message: string }).message).toContain('has been refunded');
    });
    expect(await paymentStatus(shop.db, paymentId)).toBe('refunded');
  });

  it('checks the window before the person count', async () => {
    const closed = await addPuja(shop.db, { closesInDays: -1 });
    await expectRefused(
      { ...bookingBody(closed, myAddress.id, 2), persons: [person()] },
      409,
      'Booking for this puja has closed',
    );
  });
});

describe('ownership and sign-in', () => {
  it('refuses another customer’s address and an unknown one (404)', async () => {
    for (const addressId of [otherAddress.id, 987654])
      await expectRefused(body(2, { addressId }), 404, 'Address not found');
  });

  it('hides another customer’s booking (404); 404 for an unknown id, 400 for a bad one', async () => {
    const mine = await book(body(1));
    const notFound = { status: 404, body: { message: 'Booking not found' } };
    expect(await call(app, 'GET', `/api/bookings/${mine.id}`, { token: other.token })).toMatchObject(
      notFound,
    );
    expect(await call(app, 'GET', '/api/bookings/987654', { token: me.token })).toMatchObject(notFound);
    for (const id of ['abc', '0', '-1', '1.5'])
      expect(await call(app, 'GET', `/api/bookings/${id}`, { token: me.token })).toMatchObject({
        status: 400,
        body: { message: 'The id must be a positive whole number' },
      });
  });

  it('needs a sign-in for every booking call (401)', async () => {
    const refused = { status: 401, body: { message: 'Please sign in to continue' } };
    await expectNothingStored(async () => {
      expect(await call(app, 'POST', '/api/bookings', { json: body(2) })).toMatchObject(refused);
      expect(await call(app, 'POST', '/api/bookings', { json: body(2), token: 'not-a-token' })).toMatchObject(
        refused,
      );
    });
    expect(await call(app, 'GET', '/api/bookings')).toMatchObject(refused);
    expect(await call(app, 'GET', '/api/bookings/1')).toMatchObject(refused);
  });
});

describe('the person details (product rules, Persons)', () => {
  const required: [PersonField, string][] = [
    ['name', 'Name is required'],
    ['dateOfBirth', 'Date of birth is required'],
    ['birthTime', 'Birth time is required'],
    ['birthPlace', 'Birth place is required'],
    ['raashi', 'Raashi is required'],
    ['nakshatra', 'Nakshatra is required'],
    ['gothra', 'Gothra is required'],
  ];

  it.each(required)('refuses a blank, whitespace-only, null or missing %s: "%s"', async (field, message) => {
    for (const value of ['', '   ', ' \u00a0 ', null, undefined]) {
      const second: Record<string, unknown> = { ...person() };
      if (value === undefined) delete second[field];
      else second[field] = value;
      await expectRefused({ ...body(2), persons: [person(), second] }, 400, message);
    }
    expect(bookingMessages[`${field}Required`]).toBe(message);
  });

  it.each([
    ['raashi', 'Aries', 'Please choose a raashi from the list'],
    ['raashi', 'Leo Rising', 'Please choose a raashi from the list'],
    ['raashi', 'Mesh Tula', 'Please choose a raashi from the list'],
    ['nakshatra', 'Abhijit', 'Please choose a nakshatra from the list'],
    ['nakshatra', 'Ashwin', 'Please choose a nakshatra from the list'],
    ['dateOfBirth', '1990/05/12', 'Date of birth must be a real date (YYYY-MM-DD)'],
    ['dateOfBirth', '12-05-1990', 'Date of birth must be a real date (YYYY-MM-DD)'],
    ['dateOfBirth', '2001-02-29', 'Date of birth must be a real date (YYYY-MM-DD)'],
    ['dateOfBirth', '1990-13-01', 'Date of birth must be a real date (YYYY-MM-DD)'],
    ['dateOfBirth', '1990-05-12T00:00:00Z', 'Date of birth must be a real date (YYYY-MM-DD)'],
    ['dateOfBirth', '1899-12-31', 'Date of birth cannot be before 1900'],
    ['dateOfBirth', '2999-01-01', 'Date of birth cannot be in the future'],
    ['birthTime', '24:00', 'Birth time must be a 24-hour time (HH:MM)'],
    ['birthTime', '9:30', 'Birth time must be a 24-hour time (HH:MM)'],
    ['birthTime', '09:60', 'Birth time must be a 24-hour time (HH:MM)'],
    ['birthTime', '0930', 'Birth time must be a 24-hour time (HH:MM)'],
    ['birthTime', '09:30 AM', 'Birth time must be a 24-hour time (HH:MM)'],
    ['birthTime', '09:30:00', 'Birth time must be a 24-hour time (HH:MM)'],
  ] as const)('refuses %s "%s" (400): %s', async (field, value, message) => {
    await expectRefused({ ...body(1), persons: [person({ [field]: value })] }, 400, message);
  });

  it('stores a birth time and place marked not known as null, whatever was typed', async () => {
    const persons = [
      person({ birthTime: '', birthTimeNotKnown: true }),
      person({ name: 'Ravi Rao', birthPlace: 'ignored', birthPlaceNotKnown: true }),
      { ...person({ name: 'Uma Rao', birthTimeNotKnown: true, birthPlaceNotKnown: true }) },
    ];
    delete (persons[2] as Partial<PersonDraft>).birthTime;
    delete (persons[2] as Partial<PersonDraft>).birthPlace;
    const booking = await book({ ...body(4), persons: [...persons, person({ name: 'Gita Rao' })] });
    expect(booking.persons.map((p) => [p.name, p.birthTime, p.birthPlace])).toEqual([
      ['Asha Rao', null, 'Udupi'],
      ['Ravi Rao', '06:45', null],
      ['Uma Rao', null, null],
      ['Gita Rao', '06:45', 'Udupi'],
    ]);
    const read = await call(app, 'GET', `/api/bookings/${booking.id}`, { token: me.token });
    expect(read).toMatchObject({ status: 200, body: { booking: { persons: booking.persons } } });
  });

  it('refuses a mark that is not true or false, and still checks an unmarked field', async () => {
    await expectRefused(
      { ...body(1), persons: [person({ birthTimeNotKnown: 'yes' as unknown as boolean })] },
      400,
      bookingMessages.notKnownInvalid,
    );
    await expectRefused(
      { ...body(1), persons: [person({ birthPlaceNotKnown: true, birthTime: '25:00' })] },
      400,
      'Birth time must be a 24-hour time (HH:MM)',
    );
  });

  it('understands the South Indian names of raashis and nakshatras, and stores the list’s', async () => {
    const booking = await book({
      ...body(2),
      persons: [
        person({ raashi: 'Karka', nakshatra: 'Karthigai' }),
        person({ raashi: ' kadagam ', nakshatra: 'Thiruvonam' }),
      ],
    });
    expect(booking.persons.map((p) => [p.raashi, p.nakshatra])).toEqual([
      ['Kark (Cancer)', 'Krittika'],
      ['Kark (Cancer)', 'Shravana'],
    ]);
    // The labels as the form shows them, and the nakshatra's in its old spec-first order.
    for (const nakshatra of ['Karthigai / Krittika', 'Krittika / Karthigai']) {
      expect(validatePerson(person({ raashi: 'Karka / Kark (Cancer)', nakshatra }), '2026-01-01')).toEqual(
        {},
      );
    }
  });

  it('refuses a date of birth after today anywhere on Earth, by the server’s clock', async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    const open = await addPuja(shop.db, { now: clock });
    await expectRefused(
      bookingBody(open, myAddress.id, 1, { persons: [person({ dateOfBirth: '2026-11-24' })] }),
      400,
      'Date of birth cannot be in the future',
    );
  });

  it.each([
    ['name', 'Name must be at most 100 characters'],
    ['birthPlace', 'Birth place must be at most 100 characters'],
    ['gothra', 'Gothra must be at most 60 characters'],
    ['raashi', 'Please choose a raashi from the list'],
    ['nakshatra', 'Please choose a nakshatra from the list'],
    ['dateOfBirth', 'Date of birth must be a real date (YYYY-MM-DD)'],
    ['birthTime', 'Birth time must be a 24-hour time (HH:MM)'],
  ] as const)('refuses a 10,000-character %s (400) and stores nothing', async (field, message) => {
    await expectRefused({ ...body(1), persons: [person({ [field]: 'x'.repeat(10_000) })] }, 400, message);
  });

  it('accepts the longest allowed texts', async () => {
    const booking = await book({
      ...body(1),
      persons: [person({ name: 'n'.repeat(100), birthPlace: 'p'.repeat(100), gothra: 'g'.repeat(60) })],
    });
    expect(booking.persons[0]).toMatchObject({ name: 'n'.repeat(100), gothra: 'g'.repeat(60) });
  });

  it.each([
    ['name', 'Asha\u0007Rao', 'Name contains characters that are not allowed'],
    ['name', 'Asha\nRao', 'Name contains characters that are not allowed'],
    ['birthPlace', 'Udupi\u0000', 'Birth place contains characters that are not allowed'],
    ['gothra', 'Kash\ud800yapa', 'Gothra contains characters that are not allowed'],
    ['gothra', 'Kash\tyapa', 'Gothra contains characters that are not allowed'],
  ] as const)('refuses control characters and lone surrogates in %s (400)', async (field, value, message) => {
    await expectRefused({ ...body(1), persons: [person({ [field]: value })] }, 400, message);
  });

  it.each([
    ['a number', 42, 'Name must be text'],
    ['an object', { first: 'Asha' }, 'Name must be text'],
  ])('refuses a name that is %s (400)', async (_label, name, message) => {
    await expectRefused({ ...body(1), persons: [{ ...person(), name }] }, 400, message);
  });
});

describe('bad booking bodies', () => {
  it.each([
    ['paymentMethod "cod"', { paymentMethod: 'cod' }, bookingMessages.paymentMethodInvalid],
    ['paymentMethod "upi"', { paymentMethod: 'upi' }, bookingMessages.paymentMethodInvalid],
    ['no paymentMethod', { paymentMethod: undefined }, bookingMessages.paymentMethodInvalid],
    ['no paymentId', { paymentId: undefined }, 'Please complete the payment first (paymentId is missing)'],
    ['a blank paymentId', { paymentId: '  ' }, 'Please complete the payment first (paymentId is missing)'],
    ['a paymentId without "pay_"', { paymentId: 'sim_123' }, bookingMessages.paymentIdInvalid],
    ['a paymentId with a space', { paymentId: 'pay_sim 1' }, bookingMessages.paymentIdInvalid],
    ['a 101-character paymentId', { paymentId: `pay_${'x'.repeat(97)}` }, bookingMessages.paymentIdInvalid],
    ['a numeric paymentId', { paymentId: 12345 }, bookingMessages.paymentIdInvalid],
    ['no addressId', { addressId: undefined }, 'Please select or add an address'],
    ['a string addressId', { addressId: '1' }, 'addressId must be a positive whole number'],
    ['no pujaId', { pujaId: undefined }, 'pujaId must be a positive whole number'],
    ['a fractional pujaId', { pujaId: 1.5 }, 'pujaId must be a positive whole number'],
    ['a negative packageId', { packageId: -3 }, 'packageId must be a positive whole number'],
    ['an unsafe packageId', { packageId: 2 ** 53 }, 'packageId must be a positive whole number'],
    ['persons that are not a list', { persons: 'Asha' }, 'persons must be a list of person details'],
    ['no persons', { persons: undefined }, 'Please enter the details of at least one person'],
    ['a person that is not an object', { persons: ['Asha', 'Ravi'] }, bookingMessages.personInvalid],
  ])('answers 400 for %s', async (_label, extra, message) => {
    const payload: Record<string, unknown> = { ...body(2), ...extra };
    for (const [k, value] of Object.entries(extra)) if (value === undefined) delete payload[k];
    await expectRefused(payload, 400, message);
  });

  it('refuses cash on delivery with a message that says bookings are paid online', () => {
    expect(bookingMessages.paymentMethodInvalid).toBe(
      'Puja bookings can only be paid online (paymentMethod must be "online")',
    );
  });

  it('answers 400 for malformed JSON and 415 for another content type, storing nothing', async () => {
    await expectNothingStored(async () => {
      expect(await call(app, 'POST', '/api/bookings', { raw: '{"pujaId":', token: me.token })).toMatchObject({
        status: 400,
        body: { message: 'The request body is not valid JSON' },
      });
      expect(
        await call(app, 'POST', '/api/bookings', {
          raw: 'pujaId=1',
          contentType: 'application/x-www-form-urlencoded',
          token: me.token,
        }),
      ).toMatchObject({ status: 415 });
    });
  });

  it('ignores unknown fields such as an amount', async () => {
    const res = await send(app, 'POST', '/api/bookings', {
      token: me.token,
      json: { ...(await paidBody(1)), amount: 1 },
    });
    expect(res.status).toBe(201);
    expect(v.parse(BookingResponse, res.body).booking.amount).toBe(1101);
  });

  it('refuses prototype-pollution keys (400) and stores nothing', async () => {
    const raw = JSON.stringify(body(1)).replace('{', '{"__proto__":{"amount":1},');
    await expectNothingStored(async () => {
      expect(await call(app, 'POST', '/api/bookings', { token: me.token, raw })).toMatchObject({
        status: 400,
        body: { message: 'The request body contains a key that is not allowed: "__proto__"' },
      });
    });
  });
});

describe('Idempotency-Key', () => {
  it('gives one booking and the same answer when the same request is sent twice', async () => {
    const payload = await paidBody(2);
    const before = await countBookingRows(shop.db);
    const first = await post(payload, { key: 'booking-7f3a' });
    const second = await post({ ...payload, amount: 99 }, { key: 'booking-7f3a' });
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 201, body: first.body });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await countBookingRows(shop.db)).toEqual(oneBookingMore(before, 2));
  });

  it('treats whitespace the server trims as the same request', async () => {
    const payload = await paidBody(1);
    const first = await post(payload, { key: 'booking-trim' });
    const padded = {
      ...payload,
      persons: [{ ...payload.persons[0]!, name: `  ${payload.persons[0]!.name} ` }],
    };
    expect(await post(padded, { key: 'booking-trim' })).toMatchObject({ status: 201, body: first.body });
  });

  it('refuses the same key with a different request (422) and stores nothing', async () => {
    expect(await post(body(1), { key: 'booking-b2' })).toMatchObject({ status: 201 });
    await expectNothingStored(async () => {
      const res = await post(
        { ...body(1), persons: [person({ name: 'Someone Else' })] },
        { key: 'booking-b2' },
      );
      expect(res).toMatchObject({
        status: 422,
        body: { message: 'This Idempotency-Key was already used with a different request' },
      });
    });
  });

  it('gives one booking to parallel requests with one key', async () => {
    const before = await countBookingRows(shop.db);
    const payload = await paidBody(2);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(payload, { key: 'double-tap-1' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => v.parse(BookingResponse, r.body).booking.id)).size).toBe(1);
    expect(await countBookingRows(shop.db)).toEqual(oneBookingMore(before, 2));
  });

  it('rolls back the loser of a key race at the unique index and answers it as a repeat', async () => {
    // A request that looked the key up before the first one committed: its insert hits the
    // (user_id, idempotency_key) index, everything it did is rolled back, its own payment stays
    // captured, and it is answered with the first booking.
    const first = await paidBody(1);
    const res = await post(first, { key: 'race-key' });
    expect(res.status).toBe(201);
    const firstId = v.parse(BookingResponse, res.body).booking.id;
    const second = await paidBody(1);
    let lookups = 0;
    await expectNothingStored(async () => {
      const result = await paidWrite({
        db: shop.db,
        gateway,
        userId: me.user.id,
        now: new Date(),
        idempotencyKey: 'race-key',
        requestHash: (await findBookingByKey(shop.db, me.user.id, 'race-key'))!.requestHash!,
        findByKey: (key) =>
          lookups++ === 0 ? Promise.resolve(undefined) : findBookingByKey(shop.db, me.user.id, key),
        keyReusedMessage: bookingMessages.idempotencyMismatch,
        payment: { id: second.paymentId, purpose: 'booking' },
        check: () => Promise.resolve(),
        write: (trx, claim) =>
          makeBooking(trx, {
            userId: me.user.id,
            draft: v.parse(BookingCreateRequest, second),
            claim,
            idempotencyKey: 'race-key',
            requestHash: 'hash',
            now: new Date(),
          }),
      });
      expect(result).toEqual({ id: firstId, replayed: true });
    });
    expect(await paymentStatus(shop.db, second.paymentId)).toBe('captured');
  });

  it('keeps keys per customer', async () => {
    const mine = await post(body(1), { key: 'shared-booking-key' });
    const theirs = await post(bookingBody(puja, otherAddress.id, 1), {
      as: other,
      key: 'shared-booking-key',
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body).not.toEqual(mine.body);
  });

  it('still returns the first booking after the window closed', async () => {
    const soon = await addPuja(shop.db, { closesInDays: 1 });
    const payload = await paid(app, me.token, bookingBody(soon, myAddress.id, 1));
    const first = await post(payload, { key: 'late-retry' });
    expect(first.status).toBe(201);
    clock = new Date(Date.parse(soon.pujaDate!) + DAY);
    expect(await post(payload, { key: 'late-retry' })).toMatchObject({ status: 201, body: first.body });
    expect(await post(payload, { key: 'late-retry-2' })).toMatchObject({ status: 409 });
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(101)],
    ['with a space', 'two words'],
  ])('refuses a key that is %s with 400', async (_label, key) => {
    await expectNothingStored(async () => {
      expect(await post(body(1), { key })).toMatchObject({
        status: 400,
        body: { message: 'Idempotency-Key must be 1 to 100 visible ASCII characters' },
      });
    });
  });
});

describe('listing bookings', () => {
  it('GET /api/bookings: only mine, newest first, as summaries', async () => {
    const fresh = await registerAndLogin(app);
    const address = await addAddress(app, fresh);
    expect(await call(app, 'GET', '/api/bookings', { token: fresh.token })).toMatchObject({
      status: 200,
      body: { bookings: [] },
    });
    const first = await book(bookingBody(puja, address.id, 4), { as: fresh });
    const second = await book(bookingBody(secondPuja, address.id, 1), { as: fresh });
    await book(bookingBody(puja, otherAddress.id, 1), { as: other });

    const res = await call(app, 'GET', '/api/bookings', { token: fresh.token });
    expect(res.status).toBe(200);
    const { bookings } = v.parse(BookingListResponse, res.body);
    const summary = (b: Booking) => ({
      id: b.id,
      bookingNumber: b.bookingNumber,
      createdAt: b.createdAt,
      pujaName: b.puja.pujaName,
      packageTitle: b.package.title,
      pujaDate: b.puja.pujaDate,
      personCount: b.persons.length,
      amount: b.amount,
      status: 'confirmed',
      gift: null,
    });
    expect(bookings).toEqual([summary(second), summary(first)]);
    expect(bookings.map((b) => [b.personCount, b.amount])).toEqual([
      [1, 1101],
      [4, 4404],
    ]);

    const theirs = v.parse(
      BookingListResponse,
      (await call(app, 'GET', '/api/bookings', { token: other.token })).body,
    );
    const theirIds = theirs.bookings.map((b) => b.id);
    expect(theirIds).not.toContain(first.id);
    expect(theirIds).not.toContain(second.id);
  });
});
