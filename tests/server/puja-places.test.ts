/**
 * Places at the temple (docs/product-rules.md, Places at the temple; docs/decisions/0075): staff
 * set how many persons' names a puja date takes, the shop answers the true places left, and a
 * booking that would pass them is refused `puja_full`, its captured payment refunded at once,
 * however many devotees try for the last places together.
 */
import { sql } from 'kysely';
import * as v from 'valibot';
import { AdminPujaResponse } from '../../contract/admin/pujas.ts';
import { PujaListResponse } from '../../contract/catalogue.ts';
import { bookingBody, countBookingRows, type TestPuja } from '../support/bookings.ts';
import { book, bookingEvent, pujaOn, DAY } from '../support/lifecycle.ts';
import { addAddress, send } from '../support/orders.ts';
import { createIntent, payFor, paymentStatus } from '../support/payments.ts';
import { registerAndLogin } from '../support/accounts.ts';
import { lifecycleShopPerFile } from '../support/prelude.ts';

const shop = lifecycleShopPerFile({ clockAtNow: true });

/** Staff set the puja's places through the back office (PUT /api/admin/pujas/{id}). */
async function setCapacity(puja: TestPuja, capacity: unknown) {
  const read = await send(shop.app, 'GET', `/api/admin/pujas/${puja.id}`, { token: shop.staff.token });
  const current = v.parse(AdminPujaResponse, read.body).puja;
  return send(shop.app, 'PUT', `/api/admin/pujas/${puja.id}`, {
    token: shop.staff.token,
    json: { ...current, capacity },
  });
}

/** What the shop says of the puja's places, on its page and in the list. */
async function placesOf(puja: TestPuja) {
  const [detail] = v.parse(PujaListResponse, (await send(shop.app, 'GET', `/pujas/${puja.id}`)).body).pujas;
  const list = v.parse(PujaListResponse, (await send(shop.app, 'GET', '/pujas?limit=100')).body);
  const inList = list.pujas.find((p) => p.id === puja.id);
  expect({ capacity: inList?.capacity, placesLeft: inList?.placesLeft }).toEqual({
    capacity: detail!.capacity,
    placesLeft: detail!.placesLeft,
  });
  return { capacity: detail!.capacity, placesLeft: detail!.placesLeft };
}

describe('places per puja date, set by staff', () => {
  it('are unlimited until staff set them: capacity and placesLeft both null', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    expect(await placesOf(puja)).toEqual({ capacity: null, placesLeft: null });
  });

  it('count each person named on a booking, and a cancelled booking gives its places back', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    expect((await setCapacity(puja, 5)).status).toBe(200);
    expect(await placesOf(puja)).toEqual({ capacity: 5, placesLeft: 5 });
    const family = await book(shop, shop.me, shop.myAddressId, { puja, noPersons: 4 });
    expect(await placesOf(puja)).toEqual({ capacity: 5, placesLeft: 1 });
    const cancelled = await bookingEvent(shop, shop.me.token, family.id, {
      type: 'booking.cancel',
      reason: 'We are travelling that week',
    });
    expect(cancelled.status).toBe(200);
    expect(await placesOf(puja)).toEqual({ capacity: 5, placesLeft: 5 });
  });

  it('never show fewer than none, when staff lower them below what is booked', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    await book(shop, shop.me, shop.myAddressId, { puja, noPersons: 2 });
    expect((await setCapacity(puja, 1)).status).toBe(200);
    expect(await placesOf(puja)).toEqual({ capacity: 1, placesLeft: 0 });
  });

  it.each([0, -3, 2.5, '10', 100_001])('refuse %j as places, changing nothing', async (capacity) => {
    const puja = await pujaOn(shop, 10 * DAY);
    const res = await setCapacity(puja, capacity);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Places must be a whole number from 1 to 1,00,000, or empty for no limit',
    });
    expect(await placesOf(puja)).toEqual({ capacity: null, placesLeft: null });
  });

  it('go back to unlimited when staff empty them', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    await setCapacity(puja, 3);
    expect((await setCapacity(puja, null)).status).toBe(200);
    expect(await placesOf(puja)).toEqual({ capacity: null, placesLeft: null });
  });
});

describe("the catalogue's kept answers (docs/decisions/0016)", () => {
  /** The puja's answer as kept: renamed behind the cache's back, so a renewed answer shows it. */
  async function keptAnswer(puja: TestPuja) {
    const res = await shop.app.request(`/pujas/${puja.id}`);
    const [read] = v.parse(PujaListResponse, await res.json()).pujas;
    return { etag: res.headers.get('etag'), name: read!.pujaName, placesLeft: read!.placesLeft };
  }
  const renameUnseen = (puja: TestPuja, name: string) =>
    sql`update puja set puja_name = ${name} where id = ${puja.id}`.execute(shop.db);

  beforeEach(() => {
    // The answers' own lifetime stands still, so only a write can renew them.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
  });
  afterEach(() => vi.restoreAllMocks());

  it('outlive a booking of a date without a count: its answer shows nothing a booking changes', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    const before = await keptAnswer(puja);
    await renameUnseen(puja, 'Renamed behind the cache');
    await book(shop, shop.me, shop.myAddressId, { puja, noPersons: 2 });
    expect(await keptAnswer(puja)).toEqual(before);
  });

  it('are renewed by a booking of a date with a count: its places left are true at once', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    expect((await setCapacity(puja, 5)).status).toBe(200);
    const before = await keptAnswer(puja);
    await renameUnseen(puja, 'Renamed behind the cache');
    await book(shop, shop.me, shop.myAddressId, { puja, noPersons: 2 });
    const after = await keptAnswer(puja);
    expect(after.etag).not.toBe(before.etag);
    expect(after).toMatchObject({ name: 'Renamed behind the cache', placesLeft: 3 });
  });
});

describe('a booking beyond the places left', () => {
  it('is refused 409 puja_full before any payment is taken', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    await setCapacity(puja, 1);
    const res = await createIntent(
      shop.app,
      shop.me.token,
      'booking',
      bookingBody(puja, shop.myAddressId, 2),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'puja_full', message: 'Only 1 place is left on this date of the puja' });
  });

  it('taken by someone else after the capture: refused 409 puja_full, the payment refunded at once, no booking kept', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    await setCapacity(puja, 2);
    // Paid while two places were left...
    const body = bookingBody(puja, shop.myAddressId, 2);
    const paymentId = await payFor(shop.app, shop.me.token, 'booking', body);
    // ...then another devotee books one of them.
    await book(shop, shop.other, shop.otherAddressId, { puja, noPersons: 1 });
    const before = await countBookingRows(shop.db);
    const res = await send(shop.app, 'POST', '/api/bookings', {
      json: { ...body, paymentId },
      token: shop.me.token,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'puja_full',
      message: 'Only 1 place is left on this date of the puja. Your payment of ₹2,202 has been refunded.',
      refunded: { paymentId, amount: 2202 },
    });
    expect(await paymentStatus(shop.db, paymentId)).toBe('refunded');
    expect(await countBookingRows(shop.db)).toEqual(before);
    expect(await placesOf(puja)).toEqual({ capacity: 2, placesLeft: 1 });
  });

  it('when the date is fully booked, says so', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    await setCapacity(puja, 1);
    await book(shop, shop.other, shop.otherAddressId, { puja, noPersons: 1 });
    const res = await createIntent(
      shop.app,
      shop.me.token,
      'booking',
      bookingBody(puja, shop.myAddressId, 1),
    );
    expect(res.body).toEqual({ code: 'puja_full', message: 'This date of the puja is fully booked' });
  });
});

describe('the last places, tried for together', () => {
  it('are sold once: of 12 devotees paying for 5 places at once, exactly 5 are booked and 7 refunded', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    await setCapacity(puja, 5);
    const devotees = await Promise.all(
      Array.from({ length: 12 }, (_, i) => registerAndLogin(shop.app, { name: `Devotee ${i + 1}` })),
    );
    // Each has paid while places were left; then all post at once.
    const paidBodies = await Promise.all(
      devotees.map(async (devotee) => {
        const { id: addressId } = await addAddress(shop.app, devotee);
        const body = bookingBody(puja, addressId, 1);
        return { devotee, body, paymentId: await payFor(shop.app, devotee.token, 'booking', body) };
      }),
    );
    const answers = await Promise.all(
      paidBodies.map(({ devotee, body, paymentId }) =>
        send(shop.app, 'POST', '/api/bookings', { json: { ...body, paymentId }, token: devotee.token }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, (r.body as { code: string }).code])).toEqual(
      Array.from({ length: 7 }, () => [409, 'puja_full']),
    );
    const statuses = await Promise.all(paidBodies.map(({ paymentId }) => paymentStatus(shop.db, paymentId)));
    expect(statuses.filter((s) => s === 'used')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'refunded')).toHaveLength(7);
    expect(await placesOf(puja)).toEqual({ capacity: 5, placesLeft: 0 });
  });
});
