/**
 * Chadhava offerings, gifts and "Add to calendar" (docs/product-rules.md, Chadhava offerings,
 * Gift a puja, The puja in the calendar): staff manage a puja's offerings (role-checked, audited,
 * versioned); the server prices the chosen ones into the payment and the booking, whatever the
 * client believes; a gift's prasad goes to an address typed for it, never saved in the giver's
 * book, with a short card message; the booking's owner alone gets its .ics. Every bad input is a
 * 400 (or 409 for an offering the puja does not offer) that changes nothing.
 */
import ICAL from 'ical.js';
import * as v from 'valibot';
import { AuditListResponse } from '../../contract/admin/audit.ts';
import { SankalpSheetResponse } from '../../contract/admin/sankalp.ts';
import { AddressListResponse } from '../../contract/address.ts';
import { BookingListResponse, BookingResponse, bookingMessages } from '../../contract/booking.ts';
import { MAX_GIFT_MESSAGE_LENGTH } from '../../contract/gift.ts';
import { AdminBookingResponse } from '../../contract/admin/bookings.ts';
import { PujaListResponse } from '../../contract/catalogue.ts';
import {
  AdminOfferingListResponse,
  AdminOfferingResponse,
  offeringMessages,
  type AdminOffering,
} from '../../contract/offerings.ts';
import { PaymentIntent } from '../../contract/payments.ts';
import { call } from '../support/accounts.ts';
import { addressWithId, maduraiAddress } from '../support/addresses.ts';
import { bookingBody } from '../support/bookings.ts';
import { createLifecycleShop, DAY } from '../support/lifecycle.ts';
import { createIntent, paid } from '../support/payments.ts';
import { expectClearRefusal, expectNothingChanged } from '../security/security-shop.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createLifecycleShop);
let lamp: AdminOffering;
let annadanam: AdminOffering;
let vastra: AdminOffering;
beforeAll(async () => {
  lamp = await addOffering({ name: 'Ghee lamp', unit: 'lamp', price: 51, maxQuantity: 11 });
  annadanam = await addOffering({ name: 'Annadanam', unit: 'person', price: 60, maxQuantity: 500 });
  vastra = await addOffering({
    name: 'Vastra',
    unit: 'vastra',
    price: 501,
    delivery: 'prasad',
    maxQuantity: 2,
  });
});

const as = (token: string | undefined) => (method: string, url: string, json?: unknown) =>
  call(shop.app, method, url, { token, json });
const offeringBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Flower garland',
  description: 'Jasmine and marigold, offered during the puja.',
  unit: 'garland',
  price: 151,
  delivery: 'temple',
  maxQuantity: 5,
  ...overrides,
});

async function addOffering(overrides: Record<string, unknown> = {}): Promise<AdminOffering> {
  const res = await call(shop.app, 'POST', `/api/admin/pujas/${shop.puja.id}/offerings`, {
    token: shop.staff.token,
    json: offeringBody(overrides),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return v.parse(AdminOfferingResponse, res.body).offering;
}

/** Posts a booking body, paid for through the API first (see paid()). */
async function bookPaid(json: object, token = shop.me.token) {
  return call(shop.app, 'POST', '/api/bookings', { token, json: await paid(shop.app, token, json) });
}

const oneOf = (extra: object = {}) => ({ ...bookingBody(shop.puja, shop.myAddressId, 1), ...extra });

/** The booking's row on the sankalp sheet of the puja's day (India's date), as staff read it. */
async function sankalpSheetRow(bookingId: number) {
  const day = new Date(Date.parse(shop.puja.pujaDate!) + 5.5 * 3600_000).toISOString().slice(0, 10);
  const sheet = v.parse(
    SankalpSheetResponse,
    (await call(shop.app, 'GET', `/api/admin/sankalp?date=${day}`, { token: shop.staff.token })).body,
  );
  return sheet.pujas.flatMap((p) => p.packages.flatMap((k) => k.bookings)).find((b) => b.id === bookingId);
}

describe('offerings: staff manage them with the puja', () => {
  it('refuses visitors (401) and customers (403) on every offering route, changing nothing', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/admin/pujas/${shop.puja.id}/offerings`],
      ['POST', `/api/admin/pujas/${shop.puja.id}/offerings`, offeringBody()],
      ['PUT', `/api/admin/offerings/${lamp.id}`, { ...offeringBody(), version: 1 }],
      ['POST', `/api/admin/offerings/${lamp.id}/retire`, { version: 1 }],
      ['POST', `/api/admin/offerings/${lamp.id}/restore`, { version: 1 }],
    ];
    await expectNothingChanged(shop.db, async () => {
      for (const [method, url, json] of routes) {
        expectClearRefusal(await as(undefined)(method, url, json), 401);
        expectClearRefusal(await as(shop.me.token)(method, url, json), 403);
      }
    });
  });

  it('creates, edits, retires and restores, each audited; an edit from an old version is 409 with the current', async () => {
    const garland = await addOffering();
    expect(garland).toMatchObject({ pujaId: shop.puja.id, version: 1, retiredAt: null, delivery: 'temple' });
    const put = (json: unknown) =>
      call(shop.app, 'PUT', `/api/admin/offerings/${garland.id}`, { token: shop.staff.token, json });
    const edited = await put({ ...offeringBody({ price: 201 }), version: 1 });
    expect(edited.status).toBe(200);
    expect(v.parse(AdminOfferingResponse, edited.body).offering).toMatchObject({ price: 201, version: 2 });
    const stale = await put({ ...offeringBody({ price: 1 }), version: 1 });
    expectClearRefusal(stale, 409);
    expect(stale.body).toMatchObject({ code: 'edit_conflict', current: { price: 201, version: 2 } });

    const step = (what: string, version: number) =>
      call(shop.app, 'POST', `/api/admin/offerings/${garland.id}/${what}`, {
        token: shop.staff.token,
        json: { version },
      });
    expect((await step('retire', 2)).status).toBe(200);
    // A retired offering leaves the shop's answer...
    const detail = v.parse(PujaListResponse, (await call(shop.app, 'GET', `/pujas/${shop.puja.id}`)).body);
    expect(detail.pujas[0]!.offerings!.map((o) => o.id)).not.toContain(garland.id);
    // ...and cannot be booked.
    const refused = await call(shop.app, 'POST', '/api/payments', {
      token: shop.me.token,
      json: { purpose: 'booking', booking: oneOf({ offerings: [{ offeringId: garland.id, quantity: 1 }] }) },
    });
    expectClearRefusal(refused, 409);
    expect((refused.body as { message: string }).message).toBe(offeringMessages.notOffered);
    expect((await step('restore', 3)).status).toBe(200);

    const audit = await call(shop.app, 'GET', `/api/admin/audit?entity=offering&entityId=${garland.id}`, {
      token: shop.staff.token,
    });
    expect(
      v
        .parse(AuditListResponse, audit.body)
        .entries.map((e) => e.action)
        .sort(),
    ).toEqual(['offering.create', 'offering.restore', 'offering.retire', 'offering.update'].sort());
    const listed = await call(shop.app, 'GET', `/api/admin/pujas/${shop.puja.id}/offerings`, {
      token: shop.staff.token,
    });
    expect(v.parse(AdminOfferingListResponse, listed.body).offerings.map((o) => o.id)).toContain(garland.id);
    expectClearRefusal(
      await call(shop.app, 'GET', '/api/admin/pujas/999999/offerings', { token: shop.staff.token }),
      404,
    );
  });

  it.each<[string, Record<string, unknown>]>([
    ['no name', { name: '' }],
    ['a name too long', { name: 'N'.repeat(81) }],
    ['no description', { description: ' ' }],
    ['no unit', { unit: '' }],
    ['a price of 0', { price: 0 }],
    ['a fractional price', { price: 10.5 }],
    ['a price as text', { price: '151' }],
    ['an unknown delivery', { delivery: 'courier' }],
    ['a limit of 0', { maxQuantity: 0 }],
    ['a limit above 500', { maxQuantity: 501 }],
  ])('refuses an offering with %s (400), changing nothing', async (_, overrides) => {
    await expectNothingChanged(shop.db, async () => {
      expectClearRefusal(
        await call(shop.app, 'POST', `/api/admin/pujas/${shop.puja.id}/offerings`, {
          token: shop.staff.token,
          json: offeringBody(overrides),
        }),
        400,
      );
      expectClearRefusal(
        await call(shop.app, 'PUT', `/api/admin/offerings/${lamp.id}`, {
          token: shop.staff.token,
          json: { ...offeringBody(overrides), version: lamp.version },
        }),
        400,
      );
    });
  });
});

describe('offerings: the server prices them', () => {
  it('adds the chosen offerings to the payment and the booking; nothing chosen costs nothing more', async () => {
    const price = shop.puja.packages[1]!.offerPrice;
    const plain = v.parse(BookingResponse, (await bookPaid(oneOf())).body).booking;
    expect(plain).toMatchObject({ amount: price, packageAmount: price, offerings: [] });

    const body = oneOf({
      offerings: [
        { offeringId: lamp.id, quantity: 3 },
        { offeringId: annadanam.id, quantity: 108 },
        { offeringId: vastra.id, quantity: 1 },
      ],
      // What a client believes is never taken.
      amount: 1,
    });
    const intent = v.parse(
      v.object({ payment: PaymentIntent }),
      (await createIntent(shop.app, shop.me.token, 'booking', body)).body,
    ).payment;
    const total = price + 3 * 51 + 108 * 60 + 501;
    expect(intent.amount).toBe(total);

    const res = await bookPaid(body);
    expect(res.status).toBe(201);
    const { booking } = v.parse(BookingResponse, res.body);
    expect(booking.amount).toBe(total);
    expect(booking.packageAmount).toBe(price);
    expect(booking.offerings).toEqual([
      {
        offeringId: lamp.id,
        name: 'Ghee lamp',
        unit: 'lamp',
        price: 51,
        quantity: 3,
        delivery: 'temple',
        amount: 153,
      },
      {
        offeringId: annadanam.id,
        name: 'Annadanam',
        unit: 'person',
        price: 60,
        quantity: 108,
        delivery: 'temple',
        amount: 6480,
      },
      {
        offeringId: vastra.id,
        name: 'Vastra',
        unit: 'vastra',
        price: 501,
        quantity: 1,
        delivery: 'prasad',
        amount: 501,
      },
    ]);

    // The booking page, the staff's booking and the sankalp sheet show them.
    const page = v.parse(
      BookingResponse,
      (await as(shop.me.token)('GET', `/api/bookings/${booking.id}`)).body,
    );
    expect(page.booking.offerings).toEqual(booking.offerings);
    const staffView = await call(shop.app, 'GET', `/api/admin/bookings/${booking.id}`, {
      token: shop.staff.token,
    });
    expect(v.parse(AdminBookingResponse, staffView.body).booking.offerings).toEqual(booking.offerings);
    const row = await sankalpSheetRow(booking.id);
    expect(row?.offerings).toEqual(booking.offerings);
    expect(row?.gift).toBeNull();

    // A price change later leaves the booking as it was paid.
    await call(shop.app, 'PUT', `/api/admin/offerings/${lamp.id}`, {
      token: shop.staff.token,
      json: {
        ...offeringBody({ name: 'Ghee lamp', unit: 'lamp', price: 99, maxQuantity: 11 }),
        version: lamp.version,
      },
    });
    const again = v.parse(
      BookingResponse,
      (await as(shop.me.token)('GET', `/api/bookings/${booking.id}`)).body,
    );
    expect(again.booking.offerings[0]!.price).toBe(51);
    expect(again.booking.amount).toBe(total);
  });

  it.each<[string, unknown, number, string?]>([
    ['not a list', 'lamp', 400, offeringMessages.listInvalid],
    ['a line that is not an object', [5], 400, offeringMessages.lineInvalid],
    ['no offeringId', [{ quantity: 1 }], 400, offeringMessages.offeringIdInvalid],
    ['an offeringId of 0', [{ offeringId: 0, quantity: 1 }], 400, offeringMessages.offeringIdInvalid],
    ['a quantity of 0', [{ offeringId: 1, quantity: 0 }], 400, offeringMessages.quantityInvalid],
    ['a negative quantity', [{ offeringId: 1, quantity: -2 }], 400, offeringMessages.quantityInvalid],
    ['a fractional quantity', [{ offeringId: 1, quantity: 1.5 }], 400, offeringMessages.quantityInvalid],
    ['a quantity as text', [{ offeringId: 1, quantity: '2' }], 400, offeringMessages.quantityInvalid],
    [
      'the same offering twice',
      [
        { offeringId: 1, quantity: 1 },
        { offeringId: 1, quantity: 2 },
      ],
      400,
      offeringMessages.duplicate,
    ],
    [
      '21 lines',
      Array.from({ length: 21 }, (_, i) => ({ offeringId: i + 1, quantity: 1 })),
      400,
      offeringMessages.tooMany,
    ],
    ['an unknown offering', [{ offeringId: 999_999, quantity: 1 }], 409, offeringMessages.notOffered],
  ])('refuses offerings with %s, changing nothing', async (_, offerings, status, message) => {
    // Lines name a real offering where the case is not about the id.
    const lines = JSON.parse(
      JSON.stringify(offerings).replaceAll('"offeringId":1,', `"offeringId":${lamp.id},`),
    ) as unknown;
    await expectNothingChanged(shop.db, async () => {
      for (const url of ['/api/payments', '/api/bookings']) {
        const json =
          url === '/api/payments'
            ? { purpose: 'booking', booking: oneOf({ offerings: lines }) }
            : oneOf({ offerings: lines });
        const res = await as(shop.me.token)('POST', url, json);
        expectClearRefusal(res, url === '/api/bookings' && status === 409 ? undefined : status);
        if (url === '/api/payments' && message)
          expect((res.body as { message: string }).message).toBe(message);
      }
    });
  });

  it('refuses more than an offering’s limit, and another puja’s offering', async () => {
    const other = await call(shop.app, 'POST', '/api/admin/pujas', {
      token: shop.staff.token,
      json: {
        pujaName: 'Other Homam',
        place: 'Temple, Udupi',
        pujaDate: new Date(Date.now() + 20 * DAY).toISOString(),
        description: 'Another.',
        image: '/images/pujas/saraswati-homam-kollur.svg',
        inDemand: false,
        script: 'kannada',
        ...Object.fromEntries(
          [1, 2, 3, 4].flatMap((n) => [
            [`benefitTitle${n}`, 'B'],
            [`benefitDesc${n}`, 'B'],
          ]),
        ),
      },
    });
    const otherPuja = (other.body as { puja: { id: number } }).puja.id;
    const foreign = await call(shop.app, 'POST', `/api/admin/pujas/${otherPuja}/offerings`, {
      token: shop.staff.token,
      json: offeringBody(),
    });
    const foreignId = v.parse(AdminOfferingResponse, foreign.body).offering.id;
    await expectNothingChanged(shop.db, async () => {
      const tooMany = await as(shop.me.token)('POST', '/api/payments', {
        purpose: 'booking',
        booking: oneOf({ offerings: [{ offeringId: vastra.id, quantity: 3 }] }),
      });
      expectClearRefusal(tooMany, 400);
      expect((tooMany.body as { message: string }).message).toBe(offeringMessages.tooMuch('Vastra', 2));
      const elsewhere = await as(shop.me.token)('POST', '/api/payments', {
        purpose: 'booking',
        booking: oneOf({ offerings: [{ offeringId: foreignId, quantity: 1 }] }),
      });
      expectClearRefusal(elsewhere, 409);
    });
  });
});

/** A gift's address: the recipient's, never in the giver's address book. */
const recipient = maduraiAddress({ mobile: '+91 94430 12345' });
const giftOf = (overrides: Record<string, unknown> = {}, address: Record<string, unknown> = {}) => ({
  address: { ...recipient, ...address },
  message: 'Happy 60th birthday, Amma! With love from Chennai.',
  ...overrides,
});

describe('gift a puja', () => {
  it('books for someone else: their names, their address (not saved for the giver), the card message', async () => {
    const before = v.parse(
      AddressListResponse,
      (await as(shop.me.token)('GET', '/api/addresses')).body,
    ).addresses;
    const body = {
      ...bookingBody(shop.puja, 0, 2, {
        persons: bookingBody(shop.puja, 0, 2).persons.map((p, i) => ({
          ...p,
          name: ['Kamala Iyer', 'Sundaram Iyer'][i]!,
        })),
      }),
      addressId: null,
      gift: giftOf({ message: '  Happy 60th birthday, Amma!  ' }),
    };
    const res = await bookPaid(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { booking } = v.parse(BookingResponse, res.body);
    expect(booking.gift).toEqual({ message: 'Happy 60th birthday, Amma!' });
    expect(booking.persons.map((p) => p.name)).toEqual(['Kamala Iyer', 'Sundaram Iyer']);
    // The gift's address: the Madurai one of tests/support/addresses.ts, to Kamala, with no saved id.
    expect(booking.address).toEqual({ ...addressWithId(0), recipientName: 'Kamala Iyer' });
    const after = v.parse(
      AddressListResponse,
      (await as(shop.me.token)('GET', '/api/addresses')).body,
    ).addresses;
    expect(after).toEqual(before);

    // The giver sees it as a gift in their bookings; the staff and the sankalp sheet too.
    const list = v.parse(
      BookingListResponse,
      (await as(shop.me.token)('GET', '/api/bookings')).body,
    ).bookings;
    expect(list.find((b) => b.id === booking.id)?.gift).toEqual({ recipientName: 'Kamala Iyer' });
    expect(list.filter((b) => b.id !== booking.id).every((b) => b.gift === null)).toBe(true);
    const staffView = await call(shop.app, 'GET', `/api/admin/bookings/${booking.id}`, {
      token: shop.staff.token,
    });
    expect(v.parse(AdminBookingResponse, staffView.body).booking.gift).toEqual({
      message: 'Happy 60th birthday, Amma!',
    });
    const row = await sankalpSheetRow(booking.id);
    expect(row?.gift).toEqual({ message: 'Happy 60th birthday, Amma!', recipientName: 'Kamala Iyer' });
  });

  it('takes a gift with an empty message, and ignores an addressId sent with a gift', async () => {
    const res = await bookPaid({ ...oneOf(), addressId: shop.otherAddressId, gift: giftOf({ message: '' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(v.parse(BookingResponse, res.body).booking).toMatchObject({
      gift: { message: '' },
      address: { id: 0 },
    });
  });

  it.each<[string, unknown, string]>([
    ['a gift that is not an object', 'for Amma', bookingMessages.giftInvalid],
    ['no address', { message: 'Hi' }, bookingMessages.giftInvalid],
    ['no recipient', giftOf({}, { recipientName: '' }), 'Recipient name is required'],
    ['a bad mobile', giftOf({}, { mobile: '12345' }), 'Enter a 10-digit Indian mobile number'],
    ['no street', giftOf({}, { street: ' ' }), 'House and street are required'],
    ['no area', giftOf({}, { area: '' }), 'Area is required'],
    ['no city', giftOf({}, { city: '' }), 'City is required'],
    ['a state off the list', giftOf({}, { state: 'Atlantis' }), 'Please choose a state from the list'],
    [
      'a PIN starting with 0',
      giftOf({}, { postalCode: '012345' }),
      'PIN code must be 6 digits and cannot start with 0',
    ],
    ['another country', giftOf({}, { country: 'Nepal' }), 'We deliver only in India'],
    [
      'a message too long',
      giftOf({ message: 'M'.repeat(MAX_GIFT_MESSAGE_LENGTH + 1) }),
      bookingMessages.giftMessageTooLong,
    ],
    [
      'a message on several lines',
      giftOf({ message: 'Line one\nLine two' }),
      bookingMessages.giftMessageInvalid,
    ],
    ['a message that is not text', giftOf({ message: 42 }), bookingMessages.giftMessageInvalid],
  ])('refuses %s (400), changing nothing', async (_, gift, message) => {
    await expectNothingChanged(shop.db, async () => {
      const intent = await as(shop.me.token)('POST', '/api/payments', {
        purpose: 'booking',
        booking: { ...oneOf(), addressId: undefined, gift },
      });
      expectClearRefusal(intent, 400);
      expect((intent.body as { message: string }).message).toBe(message);
      expectClearRefusal(await as(shop.me.token)('POST', '/api/bookings', { ...oneOf(), gift }), 400);
    });
  });

  it('still needs an address without a gift', async () => {
    await expectNothingChanged(shop.db, async () => {
      const res = await as(shop.me.token)('POST', '/api/payments', {
        purpose: 'booking',
        booking: { ...oneOf(), addressId: undefined, gift: null },
      });
      expectClearRefusal(res, 400);
      expect((res.body as { message: string }).message).toBe(bookingMessages.addressRequired);
    });
  });
});

describe('add to calendar', () => {
  it('gives the owner the booking as an .ics: the puja, the temple, a link back and a reminder', async () => {
    const { booking } = v.parse(BookingResponse, (await bookPaid(oneOf())).body);
    const res = await shop.app.request(`/api/bookings/${booking.id}/calendar.ics`, {
      headers: { authorization: `Bearer ${shop.me.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${booking.bookingNumber}.ics"`,
    );
    const calendar = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toContain(shop.puja.pujaName);
    expect(event.location).toBe(shop.puja.place);
    // To the minute, as calendars keep it.
    expect(event.startDate.toJSDate().getTime()).toBe(
      Math.floor(Date.parse(shop.puja.pujaDate!) / 60_000) * 60_000,
    );
    expect(event.description).toContain(`/#/account/bookings/${booking.id}`);
    expect(calendar.getFirstSubcomponent('vevent')!.getAllSubcomponents('valarm')).toHaveLength(1);
  });

  it('answers 404 for another customer’s booking or an unknown one, 400 for a bad id, 401 without a sign-in', async () => {
    const { booking } = v.parse(BookingResponse, (await bookPaid(oneOf())).body);
    for (const id of [booking.id, 999_999])
      expectClearRefusal(await as(shop.other.token)('GET', `/api/bookings/${id}/calendar.ics`), 404);
    expectClearRefusal(await as(shop.other.token)('GET', '/api/bookings/abc/calendar.ics'), 400);
    expectClearRefusal(await as(undefined)('GET', `/api/bookings/${booking.id}/calendar.ics`), 401);
  });
});
