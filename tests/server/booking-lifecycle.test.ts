/**
 * The life of a puja booking after it is paid, through the customer's and the staff's APIs
 * (docs/product-rules.md, Orders and bookings after the sale): every transition of
 * machines/booking-lifecycle/, the sankalp lock on time (lazily and by the scheduler's job), and
 * every refusal, each leaving nothing changed.
 */
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { PERFORM_EARLY_MINUTES } from '../../contract/policy.ts';
import type { Booking } from '../../contract/booking.ts';
import { lockDueBookings } from '../../server/services/booking-lifecycle.ts';
import { pruneUnusedUploads } from '../../server/services/uploads.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import { call } from '../support/accounts.ts';
import { asBooked, person } from '../support/bookings.ts';
import {
  book,
  bookingEvent,
  DAY,
  HOUR,
  MINUTE,
  pujaOn,
  staffBooking,
  uploadPhoto,
  upload,
  MP4,
} from '../support/lifecycle.ts';
import { paymentStatus } from '../support/payments.ts';
import { expectClearRefusal, expectNothingChanged } from '../security/security-shop.ts';
import { lifecycleShopPerFile } from '../support/prelude.ts';

const shop = lifecycleShopPerFile({ clockAtNow: true });

const steps = (booking: Booking) => booking.timeline.map((entry) => `${entry.by}:${entry.event}>${entry.to}`);
const staffEvent = (id: number, event: object) => bookingEvent(shop, shop.staff.token, id, event, true);
const mineEvent = (id: number, event: object) => bookingEvent(shop, shop.me.token, id, event);
const bodyOf = (res: { body: unknown }) => (res.body as { booking: Booking }).booking;
const read = async (id: number, token = shop.me.token) => {
  const res = await call(shop.app, 'GET', `/api/bookings/${id}`, { token });
  expect(res.status).toBe(200);
  return bodyOf(res);
};
const cancel = { type: 'booking.cancel', reason: 'We are travelling that week' };
const deps = () => ({
  db: shop.db,
  gateway: createSimulatedGateway({ secret: 'x'.repeat(32) }),
  now: shop.clock.now,
});

/** A locked booking (lockedBooking), then the clock moved on to the puja's time. */
async function performableBooking(inMs = 3 * DAY): Promise<Booking> {
  const booking = await lockedBooking(inMs);
  shop.clock.advance(11 * HOUR);
  return booking;
}

/** A booking for a puja `inMs` from now, then the clock moved past its sankalp lock. */
async function lockedBooking(inMs = 3 * DAY): Promise<Booking> {
  const puja = await pujaOn(shop, inMs);
  const booking = await book(shop, shop.me, shop.myAddressId, { puja });
  shop.clock.advance(inMs - 11 * HOUR);
  const locked = await read(booking.id);
  expect(locked.status).toBe('sankalpLocked');
  return locked;
}

describe('the customer cancels', () => {
  it('within the hour: refunded through the gateway at once', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId);
    shop.clock.advance(59 * MINUTE);
    const res = await mineEvent(booking.id, cancel);
    expect(res.status).toBe(200);
    const after = bodyOf(res);
    expect(after).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect(after.refund).toMatchObject({ amount: booking.amount, status: 'refunded' });
    expect(steps(after)).toEqual([
      'customer:booking.placed>confirmed',
      'customer:booking.cancel>refundPending',
      'system:refund.completed>refunded',
    ]);
    expect(await paymentStatus(shop.db, booking.paymentId)).toBe('refunded');
  });

  it('not after the hour, not once the sankalp is locked, not another’s booking (nothing changed)', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId);
    shop.clock.advance(HOUR);
    await expectNothingChanged(shop.db, async () => {
      const late = await mineEvent(booking.id, cancel);
      expect(late.status).toBe(409);
      expect(late.body).toEqual({
        code: 'lifecycle_window_passed',
        message: lifecycleMessages.bookingCancelWindow,
      });
      expectClearRefusal(await bookingEvent(shop, shop.other.token, booking.id, cancel), 404);
    });
    // Booked 30 minutes before the lock, cancelled 45 minutes later: within the hour, but its
    // sankalp is already due.
    const late = await book(shop, shop.me, shop.myAddressId, {
      puja: await pujaOn(shop, 12 * HOUR + 30 * MINUTE),
    });
    shop.clock.advance(45 * MINUTE);
    const res = await mineEvent(late.id, cancel);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'lifecycle_sankalp_locked', message: lifecycleMessages.sankalpLocked });
    // The refusal came after the due lock was taken (by the server, its own step).
    expect(steps(await read(late.id))).toEqual([
      'customer:booking.placed>confirmed',
      'system:booking.lock>sankalpLocked',
    ]);
  });
});

describe('person details', () => {
  it('are corrected until the lock; the step keeps what they were', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId, { noPersons: 2 });
    shop.clock.advance(10 * DAY);
    const corrected = [
      person({ name: 'Asha Rao', gothra: 'Kashyapa' }),
      person({ name: 'Ravi Rao', birthTimeNotKnown: true }),
    ];
    const res = await mineEvent(booking.id, { type: 'booking.correctPersons', persons: corrected });
    expect(res.status).toBe(200);
    const after = bodyOf(res);
    expect(after.status).toBe('confirmed');
    expect(after.persons).toEqual(corrected.map(asBooked));
    const step = after.timeline.at(-1)!;
    expect(step).toMatchObject({
      event: 'booking.correctPersons',
      from: 'confirmed',
      to: 'confirmed',
      by: 'customer',
    });
    expect((step.data?.previous as { name: string }[]).map((p) => p.name)).toEqual(['Person 1', 'Person 2']);
  });

  it('must be at most the package’s number of persons, valid, and not after the lock (nothing changed)', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId, { noPersons: 2 });
    await expectNothingChanged(shop.db, async () => {
      const three = await mineEvent(booking.id, {
        type: 'booking.correctPersons',
        persons: [person(), person(), person()],
      });
      expectClearRefusal(three, 400);
      expect(three.body).toMatchObject({
        code: 'person_count_mismatch',
        message: 'This package is for up to 2 persons; please enter at most 2',
      });
      expectClearRefusal(
        await mineEvent(booking.id, {
          type: 'booking.correctPersons',
          persons: [person(), person({ raashi: 'Pluto' })],
        }),
        400,
      );
    });
    shop.clock.advance(30 * DAY - 12 * HOUR);
    await expectNothingChanged(shop.db, async () => {
      // The lock is due: the refusal says why (the lock itself is written by the read below).
      const res = await bookingEvent(shop, shop.other.token, booking.id, {
        type: 'booking.correctPersons',
        persons: [person(), person()],
      });
      expectClearRefusal(res, 404);
    });
    const locked = await mineEvent(booking.id, {
      type: 'booking.correctPersons',
      persons: [person(), person()],
    });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'lifecycle_sankalp_locked' });
  });
});

describe('the sankalp lock', () => {
  it('is taken by the scheduled job for every booking that is due, once', async () => {
    const soon = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 2 * DAY) });
    const later = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 5 * DAY) });
    shop.clock.advance(2 * DAY - 12 * HOUR + MINUTE);
    expect(await lockDueBookings(deps())).toBeGreaterThanOrEqual(1);
    expect(await lockDueBookings(deps())).toBe(0);
    const locked = await read(soon.id);
    expect(locked.status).toBe('sankalpLocked');
    expect(locked.timeline.filter((e) => e.event === 'booking.lock')).toHaveLength(1);
    expect(locked.timeline.at(-1)).toMatchObject({ by: 'system', from: 'confirmed' });
    expect((await read(later.id)).status).toBe('confirmed');
  });

  it('is the server’s alone: staff cannot lock early (409)', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId);
    await expectNothingChanged(shop.db, async () => {
      const res = await staffEvent(booking.id, { type: 'booking.lock' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'lifecycle_not_allowed' });
    });
  });
});

describe('performed, with proof, and the prasad', () => {
  it('is refused before the puja’s time (less PERFORM_EARLY_MINUTES), nothing changed; taken from then', async () => {
    const booking = await lockedBooking();
    // Locked, 11 hours before the puja: it has not happened.
    const perform = { type: 'booking.perform', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' };
    await expectNothingChanged(shop.db, async () => {
      const early = await staffEvent(booking.id, perform);
      expect(early.status).toBe(409);
      expect(early.body).toEqual({ code: 'lifecycle_not_due', message: lifecycleMessages.performTooEarly });
    });
    const forStaff = await call(shop.app, 'GET', `/api/admin/bookings/${booking.id}`, {
      token: shop.staff.token,
    });
    expect(staffBooking(forStaff).allowedEvents).not.toContain('booking.perform');
    shop.clock.advance(11 * HOUR - PERFORM_EARLY_MINUTES * MINUTE - MINUTE);
    expect((await staffEvent(booking.id, perform)).status).toBe(409);
    shop.clock.advance(MINUTE);
    const res = await staffEvent(booking.id, perform);
    expect(res.status).toBe(200);
    expect((await read(booking.id)).status).toBe('performed');
  });

  it('staff record the video and photos; the customer sees them, then the prasad’s tracking', async () => {
    const booking = await performableBooking();
    const photos = [await uploadPhoto(shop, shop.staff.token), await uploadPhoto(shop, shop.staff.token)];
    const performed = staffBooking(
      await staffEvent(booking.id, {
        type: 'booking.perform',
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        photoIds: photos,
      }),
    );
    expect(performed.status).toBe('performed');
    expect(performed.allowedEvents).toEqual(['booking.shipPrasad']);
    const mine = await read(booking.id);
    // Kept as rebuilt from the video's id, never the link as given.
    expect(mine.proof).toEqual({ videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', photoIds: photos });
    const shipped = staffBooking(
      await staffEvent(booking.id, {
        type: 'booking.shipPrasad',
        carrier: 'DTDC',
        trackingNumber: 'D1234567',
      }),
    );
    expect(shipped.prasad).toEqual({ carrier: 'DTDC', trackingNumber: 'D1234567' });
    const delivered = staffBooking(await staffEvent(booking.id, { type: 'booking.deliverPrasad' }));
    expect(delivered.status).toBe('prasadDelivered');
    expect(delivered.allowedEvents).toEqual([]);
    expect(steps(await read(booking.id))).toEqual([
      'customer:booking.placed>confirmed',
      'system:booking.lock>sankalpLocked',
      'staff:booking.perform>performed',
      'staff:booking.shipPrasad>prasadShipped',
      'staff:booking.deliverPrasad>prasadDelivered',
    ]);
  });

  it('keeps the proof’s photos and uploaded video when unused uploads are pruned', async () => {
    const booking = await performableBooking();
    const photos = [await uploadPhoto(shop, shop.staff.token)];
    const video = await uploadPhoto(shop, shop.staff.token, MP4);
    const stray = await uploadPhoto(shop, shop.staff.token);
    const performed = await staffEvent(booking.id, {
      type: 'booking.perform',
      videoUrl: `/uploads/${video}`,
      photoIds: photos,
    });
    expect(performed.status).toBe(200);
    shop.clock.advance(2 * DAY);
    await pruneUnusedUploads(shop.db, shop.uploadsDir, shop.clock.now());
    for (const id of [...photos, video]) expect((await shop.app.request(`/uploads/${id}`)).status).toBe(200);
    expect((await shop.app.request(`/uploads/${stray}`)).status).toBe(404);
  });

  it('a proof video of the shop’s own uploads, or Vimeo', async () => {
    const booking = await performableBooking();
    const video = await uploadPhoto(shop, shop.staff.token, MP4);
    const performed = staffBooking(
      await staffEvent(booking.id, { type: 'booking.perform', videoUrl: `/uploads/${video}` }),
    );
    expect(performed.proof).toEqual({ videoUrl: `/uploads/${video}`, photoIds: [] });
    const other = await performableBooking();
    const vimeo = staffBooking(
      await staffEvent(other.id, {
        type: 'booking.perform',
        videoUrl: 'https://player.vimeo.com/video/76979871',
      }),
    );
    expect(vimeo.proof?.videoUrl).toBe('https://vimeo.com/76979871');
  });

  it('refuses a proof link from a host not on the allowlist, an unknown photo, and the customer (nothing changed)', async () => {
    const booking = await performableBooking();
    await expectNothingChanged(shop.db, async () => {
      for (const videoUrl of [
        'https://evil.example/watch?v=dQw4w9WgXcQ',
        'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
        'https://user@youtube.com/watch?v=dQw4w9WgXcQ',
        'javascript:alert(1)',
        '<iframe src="https://youtube.com/embed/dQw4w9WgXcQ"></iframe>',
        'https://vimeo.com/not-a-video',
        '/uploads/../server/app.ts',
        '',
      ]) {
        const res = await staffEvent(booking.id, { type: 'booking.perform', videoUrl });
        expectClearRefusal(res, 400, videoUrl);
        if (videoUrl) expect(res.body).toEqual({ message: lifecycleMessages.videoNotAllowed });
      }
      const unknown = await staffEvent(booking.id, {
        type: 'booking.perform',
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        photoIds: ['upl_aaaaaaaaaaaaaaaaaaaaaaaa'],
      });
      expectClearRefusal(unknown, 404);
      const byCustomer = await mineEvent(booking.id, {
        type: 'booking.perform',
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      });
      expect(byCustomer.status).toBe(409);
      expect(byCustomer.body).toMatchObject({ code: 'lifecycle_not_allowed' });
      expect(
        (await staffEvent(booking.id, { type: 'booking.shipPrasad', carrier: 'DTDC', trackingNumber: 'D1' }))
          .status,
      ).toBe(400);
      expect(
        (
          await staffEvent(booking.id, {
            type: 'booking.shipPrasad',
            carrier: 'DTDC',
            trackingNumber: 'D123',
          })
        ).body,
      ).toMatchObject({ code: 'lifecycle_wrong_state' });
    });
  });
});

describe('not performed', () => {
  it('the customer moves it to a date staff offered: confirmed again, locked anew before that date', async () => {
    const booking = await lockedBooking();
    const offered = new Date(shop.clock.now().getTime() + 7 * DAY).toISOString();
    const marked = staffBooking(
      await staffEvent(booking.id, {
        type: 'booking.markNotPerformed',
        reason: 'The temple was closed for an eclipse',
        offeredDates: [offered],
      }),
    );
    expect(marked).toMatchObject({ status: 'notPerformed', offeredDates: [offered] });
    await expectNothingChanged(shop.db, async () => {
      const other = new Date(shop.clock.now().getTime() + 8 * DAY).toISOString();
      const res = await mineEvent(booking.id, { type: 'booking.reschedule', date: other });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'lifecycle_invalid', message: lifecycleMessages.dateNotOffered });
    });
    const moved = bodyOf(await mineEvent(booking.id, { type: 'booking.reschedule', date: offered }));
    expect(moved).toMatchObject({ status: 'confirmed', offeredDates: [], puja: { pujaDate: offered } });
    expect(moved.timeline.at(-1)).toMatchObject({
      event: 'booking.reschedule',
      data: { date: offered, from: booking.puja.pujaDate, to: offered },
    });
    // The corrections open again until the new date's lock.
    expect(
      (await mineEvent(booking.id, { type: 'booking.correctPersons', persons: [person()] })).status,
    ).toBe(200);
    shop.clock.advance(7 * DAY - 11 * HOUR);
    expect((await read(booking.id)).status).toBe('sankalpLocked');
  });

  it('or asks for a refund instead', async () => {
    const booking = await lockedBooking();
    await staffEvent(booking.id, {
      type: 'booking.markNotPerformed',
      reason: 'Priest unwell',
      offeredDates: [],
    });
    const refunded = bodyOf(await mineEvent(booking.id, { type: 'booking.requestRefund' }));
    expect(refunded).toMatchObject({
      status: 'refunded',
      refund: { status: 'refunded', amount: booking.amount },
    });
  });

  it('staff must offer dates far enough ahead, and give a reason (nothing changed)', async () => {
    const booking = await lockedBooking();
    await expectNothingChanged(shop.db, async () => {
      const soon = new Date(shop.clock.now().getTime() + 6 * HOUR).toISOString();
      const res = await staffEvent(booking.id, {
        type: 'booking.markNotPerformed',
        reason: 'Closed',
        offeredDates: [soon],
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'lifecycle_invalid', message: lifecycleMessages.datesTooSoon });
      expectClearRefusal(
        await staffEvent(booking.id, { type: 'booking.markNotPerformed', offeredDates: [] }),
        400,
      );
      expectClearRefusal(
        await staffEvent(booking.id, {
          type: 'booking.markNotPerformed',
          reason: 'x',
          offeredDates: ['tomorrow'],
        }),
        400,
      );
    });
  });
});

describe('uploads', () => {
  it('customers may not upload videos; staff may', async () => {
    await expectNothingChanged(shop.db, async () => {
      const res = await upload(shop, shop.me.token, MP4, 'video/mp4');
      expectClearRefusal(res, 415);
    });
    expect((await upload(shop, shop.staff.token, MP4, 'application/octet-stream')).status).toBe(201);
  });
});
