/**
 * The temple's authorisation (docs/product-rules.md, The temple's authorisation; docs/decisions/0078):
 * a puja without its temple, performer, authorising office, reference and date is a draft the
 * shop neither shows nor books; once staff enter them it is published and its answer carries
 * them. And the bookings one account may hold of a date (Places at the temple), counted under
 * the same lock as the places.
 */
import * as v from 'valibot';
import { AdminPujaListResponse, AdminPujaResponse, PUJA_DRAFT_NOTE } from '../../contract/admin/pujas.ts';
import { PujaDatesResponse, PujaListResponse } from '../../contract/catalogue.ts';
import { WaitlistEntryResponse } from '../../contract/waitlist.ts';
import { seedIfEmpty } from '../../server/db/seed/seed.ts';
import { pujaRepeats, pujas as seedPujas } from '../../server/db/seed/catalogue-data.ts';
import { pruneUnusedUploads } from '../../server/services/uploads.ts';
import { testAuthorisation } from '../support/authorisation.ts';
import { adminPujaInput, bookingBody, countBookingRows, type TestPuja } from '../support/bookings.ts';
import { book, bookingEvent, DAY, HTML, MP4, pujaOn, upload, uploadPhoto } from '../support/lifecycle.ts';
import { addAddress, send } from '../support/orders.ts';
import { createIntent, payFor, paymentStatus } from '../support/payments.ts';
import { lifecycleShopPerFile } from '../support/prelude.ts';

const shop = lifecycleShopPerFile({ clockAtNow: true });
const staff = (method: string, url: string, json?: unknown) =>
  send(shop.app, method, url, { token: shop.staff.token, json });

const NO_AUTHORISATION = {
  templeName: null,
  performedBy: null,
  authorisedBy: null,
  authorisationRef: null,
  authorisationDate: null,
};

/** A new puja through the staff API, with a one-person package; `extra` on top of a valid body. */
async function newPuja(extra: Record<string, unknown>) {
  const res = await staff('POST', '/api/admin/pujas', {
    ...adminPujaInput('A homam for the authorisation tests.'),
    pujaDate: new Date(shop.clock.now().getTime() + 14 * DAY).toISOString(),
    ...extra,
  });
  expect(res.status).toBe(201);
  const puja = v.parse(AdminPujaResponse, res.body).puja;
  const pkg = await staff('POST', `/api/admin/pujas/${puja.id}/packages`, {
    title: 'Single',
    description: 'One name.',
    noPersons: 1,
    price: 1500,
    offerPrice: 1101,
  });
  expect(pkg.status).toBe(201);
  return puja;
}

async function edit(id: number, changes: Record<string, unknown>) {
  const current = v.parse(AdminPujaResponse, (await staff('GET', `/api/admin/pujas/${id}`)).body).puja;
  return staff('PUT', `/api/admin/pujas/${id}`, { ...current, ...changes });
}

/** A seed puja's authorisation as the staff API takes it. */
const demoAuthorisation = (demo: (typeof seedPujas)[number]) => ({
  templeName: demo.templeName,
  performedBy: demo.performedBy,
  authorisedBy: demo.authorisedBy,
  authorisationRef: demo.authorisationRef,
  authorisationDate: demo.authorisationDate,
});

const adminPuja = async (id: number) =>
  v.parse(AdminPujaResponse, (await staff('GET', `/api/admin/pujas/${id}`)).body).puja;
const inShopList = async (id: number) =>
  v
    .parse(PujaListResponse, (await send(shop.app, 'GET', '/pujas?limit=100')).body)
    .pujas.some((p) => p.id === id);

describe('a puja without its temple’s authorisation', () => {
  it('is a draft: the back office says so, and the shop neither lists, shows, prices nor books it', async () => {
    const draft = await newPuja(NO_AUTHORISATION);
    expect(draft.draft).toBe(true);
    expect(draft.authorisation).toBeNull();
    const list = v.parse(AdminPujaListResponse, (await staff('GET', '/api/admin/pujas?limit=100')).body);
    expect(list.pujas.find((p) => p.id === draft.id)?.draft).toBe(true);
    expect(PUJA_DRAFT_NOTE).toBe("Draft: enter the temple's authorisation to publish");

    expect(await inShopList(draft.id)).toBe(false);
    expect((await send(shop.app, 'GET', `/pujas/${draft.id}`)).status).toBe(404);
    expect((await send(shop.app, 'GET', `/packages/${draft.id}`)).status).toBe(404);
    const pkg = (await adminPuja(draft.id)).packages[0]!;
    const asTestPuja: TestPuja = { ...draft, packages: { 1: pkg } };
    const body = bookingBody(asTestPuja, shop.myAddressId, 1);
    const intent = await createIntent(shop.app, shop.me.token, 'booking', body);
    expect(intent.status).toBe(404);
    expect(intent.body).toMatchObject({ code: 'puja_not_found' });
    const before = await countBookingRows(shop.db);
    const posted = await send(shop.app, 'POST', '/api/bookings', {
      json: body,
      token: shop.me.token,
    });
    expect(posted.status).toBeGreaterThanOrEqual(400);
    expect(await countBookingRows(shop.db)).toEqual(before);
  });

  it('stays a draft while any one of them is missing (the photo is optional)', async () => {
    for (const missing of Object.keys(NO_AUTHORISATION)) {
      const puja = await newPuja({ ...testAuthorisation, [missing]: '' });
      expect([missing, puja.draft]).toEqual([missing, true]);
      expect(await inShopList(puja.id)).toBe(false);
    }
  });

  it('is published once staff enter them all, and the shop’s answer carries them', async () => {
    const draft = await newPuja(NO_AUTHORISATION);
    const res = await edit(draft.id, {
      templeName: 'Sri Kukke Subramanya Temple',
      performedBy: "the temple's priests",
      authorisedBy: 'the Temple Executive Office',
      authorisationRef: ' KSS/SEVA/2026/114 ',
      authorisationDate: '2026-08-11',
    });
    expect(res.status).toBe(200);
    expect(v.parse(AdminPujaResponse, res.body).puja.draft).toBe(false);
    const authorisation = {
      templeName: 'Sri Kukke Subramanya Temple',
      performedBy: "the temple's priests",
      authorisedBy: 'the Temple Executive Office',
      reference: 'KSS/SEVA/2026/114',
      date: '2026-08-11',
    };
    const detail = v.parse(PujaListResponse, (await send(shop.app, 'GET', `/pujas/${draft.id}`)).body);
    expect(detail.pujas[0]!.authorisation).toEqual(authorisation);
    const list = v.parse(PujaListResponse, (await send(shop.app, 'GET', '/pujas?limit=100')).body);
    expect(list.pujas.find((p) => p.id === draft.id)?.authorisation).toEqual(authorisation);
    // Emptying one again takes it back out of the shop.
    expect((await edit(draft.id, { authorisedBy: '' })).status).toBe(200);
    expect((await send(shop.app, 'GET', `/pujas/${draft.id}`)).status).toBe(404);
  });

  it('every seeded puja carries its authorisation, so the demo shop shows them all', async () => {
    const list = v.parse(PujaListResponse, (await send(shop.app, 'GET', '/pujas?limit=100')).body);
    const seeded = list.pujas.filter((p) => seedPujas.some((s) => s.pujaName === p.pujaName));
    // Each demo puja, and its later dates (docs/product-rules.md, Rescheduling).
    expect(seeded).toHaveLength(seedPujas.length + pujaRepeats.length);
    expect(seeded.every((p) => p.authorisation !== null && p.authorisation.reference !== '')).toBe(true);
  });

  it('a demo shop seeded before authorisations gets the demo’s own on its demo pujas only', async () => {
    const demo = seedPujas[0]!;
    const { id: demoId } = await shop.db
      .selectFrom('puja')
      .select('id')
      .where('pujaName', '=', demo.pujaName)
      .executeTakeFirstOrThrow();
    const staffMade = await newPuja({
      ...NO_AUTHORISATION,
      pujaName: demo.pujaName,
      place: 'Elsewhere, Udupi',
    });
    // A shop seeded before: its demo pujas have no authorisation, and it never took the step.
    await shop.db.updateTable('puja').set(NO_AUTHORISATION).where('id', '=', demoId).execute();
    await shop.db.deleteFrom('seedSteps').where('name', '=', 'demo-authorisations').execute();
    expect((await adminPuja(demoId)).draft).toBe(true);
    expect(await seedIfEmpty(shop.db)).toBe(false);
    expect((await adminPuja(demoId)).authorisation).toEqual({
      templeName: demo.templeName,
      performedBy: demo.performedBy,
      authorisedBy: demo.authorisedBy,
      reference: demo.authorisationRef,
      date: demo.authorisationDate,
    });
    expect((await adminPuja(staffMade.id)).draft).toBe(true);
    // Once only: staff take the authorisation out again, the next start leaves their edit.
    expect((await edit(demoId, NO_AUTHORISATION)).status).toBe(200);
    expect(await seedIfEmpty(shop.db)).toBe(false);
    expect((await adminPuja(demoId)).draft).toBe(true);
    expect((await edit(demoId, demoAuthorisation(demo))).status).toBe(200);
  });

  it('a demo puja whose authorisation staff empty stays a draft across a restart', async () => {
    const demo = seedPujas[1]!;
    const { id } = await shop.db
      .selectFrom('puja')
      .select('id')
      .where('pujaName', '=', demo.pujaName)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await edit(id, NO_AUTHORISATION)).status).toBe(200);
    // What every start of the server does after migrating (server/start.ts).
    expect(await seedIfEmpty(shop.db)).toBe(false);
    expect((await adminPuja(id)).draft).toBe(true);
    expect(await inShopList(id)).toBe(false);
    expect((await edit(id, demoAuthorisation(demo))).status).toBe(200);
    expect(await inShopList(id)).toBe(true);
  });
});

describe('a draft date of a published puja', () => {
  const otherDates = async (id: number) =>
    v
      .parse(PujaDatesResponse, (await send(shop.app, 'GET', `/pujas/${id}/dates`)).body)
      .dates.map((d) => d.id);

  it('is not among the puja’s other dates, nor is a retired one, until staff publish it again', async () => {
    const first = await pujaOn(shop, 10 * DAY);
    const repeat = async (days: number) => {
      const res = await staff('POST', `/api/admin/pujas/${first.id}/repeat`, {
        pujaDate: new Date(shop.clock.now().getTime() + days * DAY).toISOString(),
      });
      expect(res.status).toBe(201);
      return v.parse(AdminPujaResponse, res.body).puja.id;
    };
    const draft = await repeat(20);
    const retired = await repeat(30);
    expect(await otherDates(first.id)).toEqual([draft, retired]);
    expect((await edit(draft, { authorisationRef: '' })).status).toBe(200);
    const { version } = await adminPuja(retired);
    expect((await staff('POST', `/api/admin/pujas/${retired}/retire`, { version })).status).toBe(200);
    expect(await otherDates(first.id)).toEqual([]);
    expect((await edit(draft, { authorisationRef: testAuthorisation.authorisationRef })).status).toBe(200);
    expect(await otherDates(first.id)).toEqual([draft]);
  });

  it('offers its waitlist nothing while a draft; published again, the head of the line is offered', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    expect((await edit(puja.id, { capacity: 1 })).status).toBe(200);
    await book(shop, shop.other, shop.otherAddressId, { puja });
    const { paymentMethod: _m, paymentId: _p, ...draft } = bookingBody(puja, shop.myAddressId, 1);
    const joined = await send(shop.app, 'POST', '/api/waitlist', { token: shop.me.token, json: draft });
    expect(joined.status).toBe(201);
    const { id } = v.parse(WaitlistEntryResponse, joined.body).entry;
    const status = async () =>
      v.parse(
        WaitlistEntryResponse,
        (await send(shop.app, 'GET', `/api/waitlist/${id}`, { token: shop.me.token })).body,
      ).entry.status;
    // Staff take the authorisation out and add a place: the line moves on, but offers nothing.
    expect((await edit(puja.id, { ...NO_AUTHORISATION, capacity: 2 })).status).toBe(200);
    expect(await status()).toBe('waiting');
    expect((await edit(puja.id, { ...testAuthorisation })).status).toBe(200);
    expect(await status()).toBe('offered');
  });
});

describe('the authorisation as staff enter it', () => {
  it.each([
    [{ authorisationDate: '2026-02-30' }, 'The authorisation date must be a date (YYYY-MM-DD)'],
    [{ authorisationDate: '11/08/2026' }, 'The authorisation date must be a date (YYYY-MM-DD)'],
    [{ authorisationDate: 20260811 }, 'The authorisation date must be a date (YYYY-MM-DD)'],
    [{ templeName: '<b>Temple</b>' }, /^Temple is plain text/],
    [{ performedBy: 42 }, 'Performed by must be text'],
    [{ authorisedBy: 'x'.repeat(161) }, 'Authorised by must be at most 160 characters'],
    [
      { authorisationRef: 'KSS\u0000114' },
      'Authorisation reference contains characters that are not allowed',
    ],
    [
      { authorisationImageId: '/uploads/photo.png' },
      'The authorisation image must be an upload of this shop (upl_…)',
    ],
    [{ maxPerAccount: 0 }, 'Bookings per devotee must be a whole number from 1 to 20, or empty for no limit'],
    [
      { maxPerAccount: 21 },
      'Bookings per devotee must be a whole number from 1 to 20, or empty for no limit',
    ],
    [
      { maxPerAccount: '2' },
      'Bookings per devotee must be a whole number from 1 to 20, or empty for no limit',
    ],
  ])('refuses %j with a message, changing nothing', async (bad, message) => {
    const puja = await pujaOn(shop, 10 * DAY);
    const before = await adminPuja(puja.id);
    const res = await edit(puja.id, bad);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(message);
    expect(await adminPuja(puja.id)).toEqual(before);
  });

  it('takes a photo of the letter uploaded to the shop, keeps it from the pruning, and refuses a video or an unknown id', async () => {
    const puja = await pujaOn(shop, 10 * DAY);
    const photo = await uploadPhoto(shop, shop.staff.token);
    const saved = await edit(puja.id, { authorisationImageId: photo });
    expect(saved.status).toBe(200);
    expect(v.parse(AdminPujaResponse, saved.body).puja.authorisationImageId).toBe(photo);
    // The photo stays even when it is old enough for unused uploads to be pruned.
    await pruneUnusedUploads(shop.db, shop.uploadsDir, new Date(Date.now() + 30 * DAY));
    const served = await shop.app.request(`/uploads/${photo}`);
    expect(served.status).toBe(200);
    // Served only as the image it is, never as a page; and never named in the shop's answer.
    expect(served.headers.get('content-type')).toMatch(/^image\/(png|jpeg|webp)$/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const shown = await send(shop.app, 'GET', `/pujas/${puja.id}`);
    expect(JSON.stringify(shown.body)).not.toContain(photo);
    // A page of HTML calling itself a photo is refused at the upload, so it can never be the letter.
    const html = await upload(shop, shop.staff.token, HTML);
    expect(html.status).toBe(415);

    const video = await upload(shop, shop.staff.token, MP4);
    expect(video.status).toBe(201);
    const videoId = (video.body as { upload: { id: string } }).upload.id;
    const refused = await edit(puja.id, { authorisationImageId: videoId });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ code: 'upload_not_image' });
    const unknown = await edit(puja.id, { authorisationImageId: `upl_${'a'.repeat(24)}` });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'upload_not_found' });
    expect((await adminPuja(puja.id)).authorisationImageId).toBe(photo);
  });
});

describe('the bookings one account may hold of a date', () => {
  async function capped(maxPerAccount: number | null) {
    const puja = await pujaOn(shop, 10 * DAY);
    expect((await edit(puja.id, { maxPerAccount })).status).toBe(200);
    return puja;
  }

  it('are refused past the cap 409 puja_account_limit before any payment; others may still book; a cancelled one frees it', async () => {
    const puja = await capped(1);
    expect((await adminPuja(puja.id)).maxPerAccount).toBe(1);
    const first = await book(shop, shop.me, shop.myAddressId, { puja });
    const second = await createIntent(
      shop.app,
      shop.me.token,
      'booking',
      bookingBody(puja, shop.myAddressId, 1),
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'puja_account_limit',
      message: 'You may hold at most 1 booking of this date',
    });
    await book(shop, shop.other, shop.otherAddressId, { puja });
    const cancelled = await bookingEvent(shop, shop.me.token, first.id, {
      type: 'booking.cancel',
      reason: 'We are travelling that week',
    });
    expect(cancelled.status).toBe(200);
    await book(shop, shop.me, shop.myAddressId, { puja });
  });

  it('are unlimited when the cap is empty', async () => {
    const puja = await capped(null);
    for (let i = 0; i < 3; i++) await book(shop, shop.me, shop.myAddressId, { puja });
  });

  it('are counted one booking at a time: of 6 paid bookings posted at once by one account under a cap of 2, exactly 2 are kept and 4 refunded', async () => {
    const puja = await capped(2);
    const { id: addressId } = await addAddress(shop.app, shop.me, 'Temple Street 7');
    const paidBodies = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const body = bookingBody(puja, addressId, 1);
        return { body, paymentId: await payFor(shop.app, shop.me.token, 'booking', body) };
      }),
    );
    const answers = await Promise.all(
      paidBodies.map(({ body, paymentId }) =>
        send(shop.app, 'POST', '/api/bookings', { json: { ...body, paymentId }, token: shop.me.token }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, (r.body as { code: string }).code])).toEqual(
      Array.from({ length: 4 }, () => [409, 'puja_account_limit']),
    );
    expect((refused[0]!.body as { message: string }).message).toMatch(
      /^You may hold at most 2 bookings of this date\. Your payment of ₹1,101 has been refunded\.$/,
    );
    const statuses = await Promise.all(paidBodies.map(({ paymentId }) => paymentStatus(shop.db, paymentId)));
    expect(statuses.filter((s) => s === 'used')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'refunded')).toHaveLength(4);
    const held = await shop.db
      .selectFrom('bookings')
      .select('id')
      .where('pujaId', '=', puja.id)
      .where('userId', '=', shop.me.user.id)
      .execute();
    expect(held).toHaveLength(2);
  });
});
