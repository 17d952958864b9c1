/**
 * The waitlist of a full puja date (docs/product-rules.md, Waitlist; docs/decisions/0076): a
 * signed-in devotee joins the line of a full date without paying; when places free, the first in
 * line is offered them, held for WAITLIST_OFFER_HOURS with a message and a link into the wizard;
 * the held places are theirs alone to book; an offer not paid in time lapses (the scheduler's
 * `waitlist.offer` job) and the next in line is offered. On the shop's fake clock.
 */
import * as v from 'valibot';
import { AdminPujaResponse } from '../../contract/admin/pujas.ts';
import { PujaListResponse } from '../../contract/catalogue.ts';
import {
  AdminWaitlistResponse,
  WaitlistEntryResponse,
  WaitlistListResponse,
} from '../../contract/waitlist.ts';
import { shopJobs, runDueJobs } from '../../server/jobs/scheduler.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import { registerAndLogin, type Customer } from '../support/accounts.ts';
import { bookingBody, type TestPuja } from '../support/bookings.ts';
import { book, bookingEvent, pujaOn, DAY, HOUR, MINUTE } from '../support/lifecycle.ts';
import { addAddress, send } from '../support/orders.ts';
import { createIntent } from '../support/payments.ts';
import { lifecycleShopPerFile } from '../support/prelude.ts';

const shop = lifecycleShopPerFile({ clockAtNow: true });

async function setCapacity(puja: TestPuja, capacity: number | null) {
  const read = await send(shop.app, 'GET', `/api/admin/pujas/${puja.id}`, { token: shop.staff.token });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  const current = v.parse(AdminPujaResponse, read.body).puja;
  const res = await send(shop.app, 'PUT', `/api/admin/pujas/${puja.id}`, {
    token: shop.staff.token,
    json: { ...current, capacity },
  });
  expect(res.status).toBe(200);
}

/** The booking draft POST /api/payments prices, for `noPersons` of the puja's package of that size. */
function draftFor(puja: TestPuja, addressId: number, noPersons: number) {
  const { paymentMethod: _method, paymentId: _payment, ...draft } = bookingBody(puja, addressId, noPersons);
  return draft;
}

const join = (customer: Customer, puja: TestPuja, addressId: number, noPersons = 1) =>
  send(shop.app, 'POST', '/api/waitlist', {
    token: customer.token,
    json: draftFor(puja, addressId, noPersons),
  });

async function joined(customer: Customer, puja: TestPuja, addressId: number, noPersons = 1) {
  const res = await join(customer, puja, addressId, noPersons);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return v.parse(WaitlistEntryResponse, res.body).entry;
}

async function entry(customer: Customer, id: number) {
  const res = await send(shop.app, 'GET', `/api/waitlist/${id}`, { token: customer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(WaitlistEntryResponse, res.body).entry;
}

async function placesLeft(puja: TestPuja) {
  const [detail] = v.parse(PujaListResponse, (await send(shop.app, 'GET', `/pujas/${puja.id}`)).body).pujas;
  return detail!.placesLeft;
}

/** A third devotee, with an address of their own. */
async function devotee(name: string) {
  const customer = await registerAndLogin(shop.app, { name });
  return { customer, addressId: (await addAddress(shop.app, customer, 'Car Street 3, Udupi')).id };
}

/** Runs the scheduler's waitlist job as a tick of the server would, at the shop's clock. */
async function runWaitlistJob() {
  const jobs = shopJobs({
    db: shop.db,
    gateway: createSimulatedGateway({ secret: 'test-secret' }),
    uploadsDir: shop.uploadsDir,
    now: shop.clock.now,
  }).filter((job) => job.name === 'waitlist.offer');
  expect(jobs).toHaveLength(1);
  return runDueJobs(shop.db, jobs, { owner: 'test', now: shop.clock.now });
}

/** A date of `capacity` places, all taken by Ravi's booking: answers the puja and his booking. */
async function fullDate(capacity = 1) {
  const puja = await pujaOn(shop, 10 * DAY);
  await setCapacity(puja, capacity);
  const booking = await book(shop, shop.other, shop.otherAddressId, { puja, noPersons: capacity });
  expect(await placesLeft(puja)).toBe(0);
  return { puja, booking };
}

const cancel = (bookingId: number) =>
  bookingEvent(shop, shop.other.token, bookingId, { type: 'booking.cancel', reason: 'We are travelling' });

const offerMessages = (userId: number) =>
  shop.db
    .selectFrom('outbox')
    .select(['template', 'channel', 'recipient', 'params'])
    .where('userId', '=', userId)
    .where('template', '=', 'waitlist.offered')
    .execute();

describe('joining the waitlist', () => {
  it('is refused while the date has the places the draft names: the devotee simply books', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    await setCapacity(puja, 3);
    await book(shop, shop.other, shop.otherAddressId, { puja, noPersons: 2 });
    const res = await join(shop.me, puja, shop.myAddressId, 1);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'waitlist_not_full',
      message: 'This date still has places: please book it',
    });
    // Unlimited places: never full.
    const unlimited = await pujaOn(shop, 10 * DAY);
    expect((await join(shop.me, unlimited, shop.myAddressId)).body).toMatchObject({
      code: 'waitlist_not_full',
    });
  });

  it('of a full date: waiting, first in line, with the draft kept and nothing paid', async () => {
    const { puja } = await fullDate(2);
    const mine = await joined(shop.me, puja, shop.myAddressId, 2);
    expect(mine).toMatchObject({
      pujaId: puja.id,
      pujaName: puja.pujaName,
      pujaDate: puja.pujaDate,
      status: 'waiting',
      position: 1,
      offerExpiresAt: null,
      bookingId: null,
      createdAt: shop.clock.now().toISOString(),
    });
    expect(mine.draft).toMatchObject({
      pujaId: puja.id,
      packageId: puja.packages[2]!.id,
      addressId: shop.myAddressId,
    });
    expect(mine.draft.persons.map((p) => p.name)).toEqual(['Person 1', 'Person 2']);
    // Fewer places than the draft names is full too.
    const { puja: two } = await fullDate(1);
    await setCapacity(two, 2);
    expect((await join(shop.me, two, shop.myAddressId, 2)).status).toBe(201);
  });

  it('is refused a second time for the same puja, for a closed date, an unknown puja, or signed out', async () => {
    const { puja } = await fullDate();
    await joined(shop.me, puja, shop.myAddressId);
    const again = await join(shop.me, puja, shop.myAddressId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'waitlist_already',
      message: 'You are already on the waitlist for this puja',
    });

    const closing = await pujaOn(shop, 10 * DAY);
    await setCapacity(closing, 1);
    await book(shop, shop.other, shop.otherAddressId, { puja: closing });
    shop.clock.advance(10 * DAY - 6 * HOUR);
    const closed = await join(shop.me, closing, shop.myAddressId);
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ code: 'booking_closed' });
    shop.clock.set(new Date());

    // Booking still open, but within 2 hours of its close: the line has closed, nobody may join.
    const late = await pujaOn(shop, 10 * DAY);
    await setCapacity(late, 1);
    await book(shop, shop.other, shop.otherAddressId, { puja: late });
    shop.clock.set(new Date(Date.parse(late.pujaDate!) - 14 * HOUR));
    const tooLate = await join(shop.me, late, shop.myAddressId);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body).toEqual({
      code: 'waitlist_closed',
      message:
        'The waitlist for this date has closed: booking it closes within 2 hours, too soon to offer a place. Please choose another date.',
    });
    shop.clock.set(new Date(Date.parse(late.pujaDate!) - 14 * HOUR - MINUTE));
    expect((await join(shop.me, late, shop.myAddressId)).status).toBe(201);
    shop.clock.set(new Date());

    const unknown = await send(shop.app, 'POST', '/api/waitlist', {
      token: shop.me.token,
      json: { ...draftFor(puja, shop.myAddressId, 1), pujaId: 999_999 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'puja_not_found' });
    const signedOut = await send(shop.app, 'POST', '/api/waitlist', {
      json: draftFor(puja, shop.myAddressId, 1),
    });
    expect(signedOut.status).toBe(401);
    const bad = await send(shop.app, 'POST', '/api/waitlist', {
      token: shop.me.token,
      json: { pujaId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'pujaId must be a positive whole number' });
  });

  it("counts each devotee's place in line, lists mine newest first, and hides another's", async () => {
    const { puja } = await fullDate();
    const first = await joined(shop.me, puja, shop.myAddressId);
    shop.clock.advance(MINUTE);
    const third = await devotee('Meena Raman');
    const second = await joined(third.customer, puja, third.addressId);
    expect(second.position).toBe(2);
    expect((await entry(shop.me, first.id)).position).toBe(1);
    const { puja: later } = await fullDate();
    shop.clock.advance(MINUTE);
    const mineLater = await joined(shop.me, later, shop.myAddressId);
    const list = v.parse(
      WaitlistListResponse,
      (await send(shop.app, 'GET', '/api/waitlist', { token: shop.me.token })).body,
    );
    expect(list.entries.map((e) => e.id).slice(0, 2)).toEqual([mineLater.id, first.id]);
    expect(list.entries.every((e) => e.id !== second.id)).toBe(true);
    const theirs = await send(shop.app, 'GET', `/api/waitlist/${second.id}`, { token: shop.me.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ code: 'waitlist_not_found', message: 'Waitlist entry not found' });
  });
});

describe('when places free', () => {
  it('a cancellation offers the head of the line, held for 4 hours, with the message and its link in the outbox', async () => {
    const { puja, booking } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    expect((await cancel(booking.id)).status).toBe(200);
    const offered = await entry(shop.me, mine.id);
    expect(offered).toMatchObject({
      status: 'offered',
      position: null,
      offerExpiresAt: new Date(shop.clock.now().getTime() + 4 * HOUR).toISOString(),
    });
    const messages = await offerMessages(shop.me.user.id);
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([['email', shop.me.email]]);
    expect(JSON.parse(messages[0]!.params)).toMatchObject({
      kind: 'waitlist',
      id: mine.id,
      pujaName: puja.pujaName,
      offerExpiresAt: offered.offerExpiresAt,
      path: `/#/puja-booking/${puja.id}?package=${puja.packages[1]!.id}&step=payment&waitlist=${mine.id}`,
    });
  });

  it('the held place cannot be bought by someone else, but the offered devotee books it and the entry is booked', async () => {
    const { puja, booking } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    await cancel(booking.id);
    // Held: the shop shows no place left, and another devotee's payment is refused.
    expect(await placesLeft(puja)).toBe(0);
    const third = await devotee('Meena Raman');
    const theirs = await createIntent(
      shop.app,
      third.customer.token,
      'booking',
      bookingBody(puja, third.addressId, 1),
    );
    expect(theirs.status).toBe(409);
    expect(theirs.body).toEqual({ code: 'puja_full', message: 'This date of the puja is fully booked' });
    // The offered devotee books it, with no new field: the offer becomes the booking.
    const mineBooked = await book(shop, shop.me, shop.myAddressId, { puja, noPersons: 1 });
    expect(await entry(shop.me, mine.id)).toMatchObject({ status: 'booked', bookingId: mineBooked.id });
    expect(await placesLeft(puja)).toBe(0);
  });

  it('an offer not paid within 4 hours lapses through the job, and the next in line is offered', async () => {
    const { puja, booking } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    const third = await devotee('Meena Raman');
    const next = await joined(third.customer, puja, third.addressId);
    await cancel(booking.id);
    expect((await entry(third.customer, next.id)).status).toBe('waiting');

    shop.clock.advance(4 * HOUR - MINUTE);
    await runWaitlistJob();
    expect((await entry(shop.me, mine.id)).status).toBe('offered');
    expect((await entry(third.customer, next.id)).position).toBe(1);

    shop.clock.advance(MINUTE);
    const [run] = await runWaitlistJob();
    // (Other tests' lines share this shop: the run moved at least these two.)
    expect(run).toMatchObject({ name: 'waitlist.offer', error: null });
    expect(run!.changed).toBeGreaterThanOrEqual(2);
    expect(await entry(shop.me, mine.id)).toMatchObject({ status: 'lapsed', position: null });
    expect(await entry(third.customer, next.id)).toMatchObject({
      status: 'offered',
      offerExpiresAt: new Date(shop.clock.now().getTime() + 4 * HOUR).toISOString(),
    });
    expect(await offerMessages(third.customer.user.id)).toHaveLength(1);
    // The lapsed devotee cannot take the place any more.
    const late = await createIntent(
      shop.app,
      shop.me.token,
      'booking',
      bookingBody(puja, shop.myAddressId, 1),
    );
    expect(late.body).toMatchObject({ code: 'puja_full' });
  });

  it('the line of a date that can no longer be booked lapses through the job, and is offered nothing', async () => {
    const { puja, booking } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    // Past the sankalp lock (12 hours before the puja) booking is closed: the cancellation frees
    // the place, but nobody can book it any more.
    shop.clock.advance(10 * DAY - 11 * HOUR);
    await shop.db
      .updateTable('bookings')
      .set({ status: 'refundPending' })
      .where('id', '=', booking.id)
      .execute();
    await runWaitlistJob();
    expect(await entry(shop.me, mine.id)).toMatchObject({ status: 'lapsed', offerExpiresAt: null });
    const forThisEntry = (await offerMessages(shop.me.user.id)).filter(
      (m) => (JSON.parse(m.params) as { id: number }).id === mine.id,
    );
    expect(forThisEntry).toHaveLength(0);
  });

  /** When the date's booking closes: its sankalp lock, 12 hours before the puja. */
  const lockOf = (puja: TestPuja) => Date.parse(puja.pujaDate!) - 12 * HOUR;
  const closedMessages = (userId: number) =>
    shop.db
      .selectFrom('outbox')
      .select(['template', 'channel', 'params'])
      .where('userId', '=', userId)
      .where('template', '=', 'waitlist.closed')
      .execute();

  it("an offer's hold never runs past the date's booking close: made 2 hours and a minute before, it holds until the lock", async () => {
    const { puja } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    shop.clock.set(new Date(lockOf(puja) - 2 * HOUR - MINUTE));
    // Staff add a place: the line moves at once.
    await setCapacity(puja, 2);
    expect(await entry(shop.me, mine.id)).toMatchObject({
      status: 'offered',
      offerExpiresAt: new Date(lockOf(puja)).toISOString(),
    });
    const [offer] = (await offerMessages(shop.me.user.id)).filter(
      (m) => (JSON.parse(m.params) as { id: number }).id === mine.id,
    );
    expect(JSON.parse(offer!.params)).toMatchObject({ offerExpiresAt: new Date(lockOf(puja)).toISOString() });
    // At the lock the offer lapses (read by its devotee).
    shop.clock.set(new Date(lockOf(puja) - 1));
    expect((await entry(shop.me, mine.id)).status).toBe('offered');
    shop.clock.set(new Date(lockOf(puja)));
    expect((await entry(shop.me, mine.id)).status).toBe('lapsed');
  });

  it('with 2 hours or less before the booking closes nobody is offered: the waiting line lapses, each told the line closed', async () => {
    const { puja } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    const third = await devotee('Meena Raman');
    const next = await joined(third.customer, puja, third.addressId);
    shop.clock.set(new Date(lockOf(puja) - 2 * HOUR));
    await setCapacity(puja, 2);
    expect(await entry(shop.me, mine.id)).toMatchObject({ status: 'lapsed', offerExpiresAt: null });
    expect(await entry(third.customer, next.id)).toMatchObject({ status: 'lapsed', offerExpiresAt: null });
    for (const [customer, id] of [
      [shop.me, mine.id],
      [third.customer, next.id],
    ] as const) {
      const offers = (await offerMessages(customer.user.id)).filter(
        (m) => (JSON.parse(m.params) as { id: number }).id === id,
      );
      expect(offers).toHaveLength(0);
      const closed = (await closedMessages(customer.user.id)).filter(
        (m) => (JSON.parse(m.params) as { id: number }).id === id,
      );
      expect(closed.map((m) => m.channel)).toEqual(['email']);
      expect(JSON.parse(closed[0]!.params)).toMatchObject({
        kind: 'waitlist',
        pujaName: puja.pujaName,
        offerExpiresAt: null,
        path: `/#/pujas/${puja.id}`,
      });
    }
    // The place is free for anyone while booking is still open, and the line moving again tells nobody twice.
    expect(await placesLeft(puja)).toBe(1);
    const told = (await closedMessages(shop.me.user.id)).length;
    await setCapacity(puja, 3);
    expect(await closedMessages(shop.me.user.id)).toHaveLength(told);
  });

  it('in strict order: a later, smaller entry does not jump a head that does not fit; several fit in turn', async () => {
    const { puja, booking } = await fullDate(4);
    const head = await joined(shop.me, puja, shop.myAddressId, 4);
    const third = await devotee('Meena Raman');
    const small = await joined(third.customer, puja, third.addressId, 1);
    // Staff raise the places by 2: the head needs 4, so nobody is offered.
    await setCapacity(puja, 6);
    expect((await entry(shop.me, head.id)).status).toBe('waiting');
    expect((await entry(third.customer, small.id)).status).toBe('waiting');
    expect(await placesLeft(puja)).toBe(2);
    // The booking of 4 is cancelled: 6 free, the head (4) then the next (1) are offered.
    await cancel(booking.id);
    expect((await entry(shop.me, head.id)).status).toBe('offered');
    expect((await entry(third.customer, small.id)).status).toBe('offered');
    expect(await placesLeft(puja)).toBe(1);
  });

  it('leaving frees an offer for the next in line at once', async () => {
    const { puja, booking } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    const third = await devotee('Meena Raman');
    const next = await joined(third.customer, puja, third.addressId);
    await cancel(booking.id);
    const left = await send(shop.app, 'POST', `/api/waitlist/${mine.id}/events`, {
      token: shop.me.token,
      json: { type: 'waitlist.leave' },
    });
    expect(left.status).toBe(200);
    expect(v.parse(WaitlistEntryResponse, left.body).entry).toMatchObject({ status: 'left' });
    expect((await entry(third.customer, next.id)).status).toBe('offered');
    const again = await send(shop.app, 'POST', `/api/waitlist/${mine.id}/events`, {
      token: shop.me.token,
      json: { type: 'waitlist.leave' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'lifecycle_wrong_state' });
    const bad = await send(shop.app, 'POST', `/api/waitlist/${next.id}/events`, {
      token: third.customer.token,
      json: { type: 'waitlist.offer' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'type must be "waitlist.leave"' });
  });
});

describe('staff', () => {
  it("see a date's line in order, with whose each entry is, and may take an entry out", async () => {
    const { puja } = await fullDate();
    const mine = await joined(shop.me, puja, shop.myAddressId);
    const third = await devotee('Meena Raman');
    const theirs = await joined(third.customer, puja, third.addressId);
    const res = await send(shop.app, 'GET', `/api/admin/pujas/${puja.id}/waitlist`, {
      token: shop.staff.token,
    });
    expect(res.status).toBe(200);
    const { entries } = v.parse(AdminWaitlistResponse, res.body);
    expect(entries.map((e) => [e.id, e.position, e.customerName, e.customerEmail])).toEqual([
      [mine.id, 1, shop.me.user.name, shop.me.email],
      [theirs.id, 2, 'Meena Raman', third.customer.email],
    ]);
    const out = await send(shop.app, 'POST', `/api/admin/waitlist/${mine.id}/events`, {
      token: shop.staff.token,
      json: { type: 'waitlist.leave' },
    });
    expect(out.status).toBe(200);
    expect((await entry(third.customer, theirs.id)).position).toBe(1);
    const customer = await send(shop.app, 'GET', `/api/admin/pujas/${puja.id}/waitlist`, {
      token: shop.me.token,
    });
    expect(customer.status).toBe(403);
    expect(
      (await send(shop.app, 'GET', '/api/admin/pujas/999999/waitlist', { token: shop.staff.token })).status,
    ).toBe(404);
  });
});
