import { BookingResponse } from '../../contract/booking.ts';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { WAITLIST_OFFER_HOURS, waitlistMessages } from '../../contract/waitlist.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import type { JourneyState } from './journey.model.ts';
import {
  accountButton,
  bookerToken,
  bookingCount,
  escape,
  expectEnabled,
  expectPayReady,
  expectRoute,
  h1,
  h2,
  messagePreferencesOf,
  person,
  statusPill,
  theBooking,
  wizardRoute,
  type JourneyContext,
  type StateAssertion,
} from './journey.page.ts';
import { api } from './journey.data.ts';
import { entryOf, ownEntry } from './journey.waitlist.ts';
import type { Page } from 'playwright-core';

const HOUR_MS = 3_600_000;

const fullDateOf = (ctx: JourneyContext) => {
  if (!ctx.fullDate) throw new Error('The journey has no full date (nav.fullDate)');
  return ctx.fullDate;
};
const payAnyAmount = (page: Page) => page.getByRole('button', { name: /^Pay /, exact: true });
/** The booking page's "Puja date". */
const pujaDateFact = (page: Page) =>
  page
    .locator('.after-sale__facts dt', { hasText: /^Puja date$/ })
    .locator('xpath=..')
    .locator('dd');
const joinButton = (page: Page) => page.getByRole('button', { name: waitlistMessages.join, exact: true });
/** The offer's link: the wizard at Payment for the entry's package, with the entry. */
const offerRoute = async (ctx: JourneyContext) =>
  new RegExp(`^${escape(wizardRoute(ctx, 'payment'))}&waitlist=${(await ownEntry(ctx)).id}$`);

/** What the full date's, the waitlist's and the date change's states look like on the screen. */
export const waitlistStates = {
  fullDatePage: async (page, ctx) => {
    const { puja, pkg, later } = fullDateOf(ctx);
    await h1(page, puja.pujaName).waitFor();
    await expectRoute(page, ctx, `/pujas/${puja.id}`);
    await h2(page, 'This date is fully booked').waitFor();
    // The puja's other dates are offered, this journey's later one among them.
    await page.getByRole('link', { name: formatDateTime(later.pujaDate), exact: true }).waitFor();
    await expectEnabled(ctx, page.getByRole('button', { name: `${waitlistMessages.join} ${pkg.title}` }));
    ctx.expect(await page.getByRole('button', { name: `Book ${pkg.title}`, exact: true }).count()).toBe(0);
  },
  waitlistSignIn: async (page, ctx) => {
    await h1(page, 'Welcome back').waitFor();
    await expectRoute(page, ctx, `/login?redirect=${encodeURIComponent(wizardRoute(ctx, 'details'))}`);
  },
  waitlistDetails: async (page, ctx) => {
    await h2(page, 'Person Details').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'details'));
    await accountButton(page, ctx).waitFor();
    ctx.expect(await page.getByRole('group', { name: /^Person \d of \d$/ }).count()).toBe(1);
  },
  waitlistAddress: async (page, ctx) => {
    await h2(page, 'Address').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'address'));
    // The address saved on an earlier visit is chosen.
    const saved = page.getByRole('radio', { name: new RegExp(escape(fullDateOf(ctx).street)) });
    await ctx.expect.poll(() => saved.isChecked()).toBe(true);
  },
  waitlistPayment: async (page, ctx) => {
    await h2(page, 'Payment').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'payment'));
    await page.getByRole('definition').filter({ hasText: person.name }).waitFor();
    // No payment on a full date: the waitlist, joined without paying.
    await page.getByRole('heading', { name: 'This date is fully booked' }).waitFor();
    await page.getByText(waitlistMessages.joinHint).first().waitFor();
    await expectEnabled(ctx, joinButton(page));
    ctx.expect(await payAnyAmount(page).count()).toBe(0);
  },
  waitlistJoined: async (page, ctx) => {
    const { puja } = fullDateOf(ctx);
    await page.getByRole('heading', { name: waitlistMessages.joined }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `${waitlistMessages.position(1)} for ${puja.pujaName}.` })
      .waitFor();
    await page.getByRole('link', { name: 'See your waitlists' }).waitFor();
    ctx.expect(await ownEntry(ctx)).toMatchObject({ pujaId: puja.id, status: 'waiting', position: 1 });
    ctx.expect(await bookingCount(ctx)).toBe(0);
  },
  waitlistOffered: async (page, ctx) => {
    const { puja } = fullDateOf(ctx);
    const entry = await ownEntry(ctx);
    ctx.expect(entry.status).toBe('offered');
    // Held for the offer's four hours from now.
    const holds = Date.parse(entry.offerExpiresAt ?? '') - Date.now();
    ctx.expect(holds).toBeGreaterThan(WAITLIST_OFFER_HOURS * HOUR_MS - 5 * 60_000);
    ctx.expect(holds).toBeLessThanOrEqual(WAITLIST_OFFER_HOURS * HOUR_MS);
    await expectRoute(page, ctx, '/account/bookings');
    const waitlists = page.getByRole('region', { name: waitlistMessages.title });
    const row = waitlists.getByRole('listitem').filter({ hasText: puja.pujaName });
    await row
      .getByRole('status')
      .filter({ hasText: waitlistMessages.offeredPayBy(formatDateTime(entry.offerExpiresAt)) })
      .waitFor();
    await row.getByRole('link', { name: waitlistMessages.payNow, exact: true }).waitFor();
    // The offer's message, with its link, is on its way.
    const { messages } = await messagePreferencesOf(ctx);
    ctx.expect(messages.map((m) => m.template)).toContain('waitlist.offered');
    // The devotee behind still waits, now first among those waiting.
    const next = await entryOf(ctx, ctx.nextInLine!, ctx.nextInLine!.entryId);
    ctx.expect(next).toMatchObject({ status: 'waiting', position: 1 });
  },
  offerPayment: async (page, ctx) => {
    const entry = await ownEntry(ctx);
    await h2(page, 'Payment').waitFor();
    await expectRoute(page, ctx, await offerRoute(ctx));
    await page
      .getByRole('status')
      .filter({ hasText: waitlistMessages.offeredPayBy(formatDateTime(entry.offerExpiresAt)) })
      .waitFor();
    // What was chosen when joining, resumed: the person, and the place held for them.
    await page.getByRole('definition').filter({ hasText: person.name }).waitFor();
    await expectPayReady(page, ctx);
    ctx.expect(await joinButton(page).count()).toBe(0);
  },
  offerLapsed: async (page, ctx) => {
    await h2(page, 'Payment').waitFor();
    await expectRoute(page, ctx, await offerRoute(ctx));
    await page.getByRole('status').filter({ hasText: waitlistMessages.lapsed }).waitFor();
    // The place went to the next in line: the date is full again for this devotee.
    await page.getByRole('heading', { name: 'This date is fully booked' }).waitFor();
    ctx.expect(await payAnyAmount(page).count()).toBe(0);
    ctx.expect((await ownEntry(ctx)).status).toBe('lapsed');
    const next = await entryOf(ctx, ctx.nextInLine!, ctx.nextInLine!.entryId);
    ctx.expect(next.status).toBe('offered');
    ctx.expect(await bookingCount(ctx)).toBe(0);
  },
  offerBooked: async (page, ctx) => {
    const { puja } = fullDateOf(ctx);
    await h2(page, 'Booking Confirmed!').waitFor();
    await page.getByText(/^Booking number:/).waitFor();
    const booking = await theBooking(ctx);
    ctx.expect(booking).toMatchObject({ pujaName: puja.pujaName, status: 'confirmed', personCount: 1 });
    ctx.expect(await bookingCount(ctx)).toBe(1);
    ctx.expect(await ownEntry(ctx)).toMatchObject({ status: 'booked', bookingId: booking.id });
  },
  offerBookingPage: async (page, ctx) => {
    const { puja } = fullDateOf(ctx);
    const booking = await theBooking(ctx);
    await h1(page, puja.pujaName).waitFor();
    await expectRoute(page, ctx, `/account/bookings/${booking.id}`);
    await statusPill(page, 'Confirmed').waitFor();
    await ctx.expect.poll(() => pujaDateFact(page).textContent()).toBe(formatDateTime(puja.pujaDate));
    await expectEnabled(ctx, page.getByRole('button', { name: 'Change date', exact: true }));
  },
  bookingDateChanged: async (page, ctx) => {
    const { puja, later } = fullDateOf(ctx);
    await page.getByText('Your puja has been moved to the new date.').waitFor();
    await ctx.expect.poll(() => pujaDateFact(page).textContent()).toBe(formatDateTime(later.pujaDate));
    await statusPill(page, 'Confirmed').waitFor();
    // Moved once: the customer is not offered a second move, and the server refuses one.
    ctx.expect(await page.getByRole('button', { name: 'Change date', exact: true }).count()).toBe(0);
    const { id } = await theBooking(ctx);
    const token = await bookerToken(ctx);
    const read = async () =>
      (await api(ctx.baseUrl, `/api/bookings/${id}`, BookingResponse, { token })).booking;
    ctx.expect((await read()).puja.id).toBe(later.id);
    const again = await fetch(`${ctx.baseUrl}/api/bookings/${id}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 'booking.changeDate', pujaId: puja.id }),
    });
    ctx.expect(again.status).toBe(409);
    ctx.expect(await again.json()).toMatchObject({ message: lifecycleMessages.dateChangedOnce });
    ctx.expect((await read()).puja.id).toBe(later.id);
  },
} satisfies Partial<Record<JourneyState, StateAssertion>>;
