import ICAL from 'ical.js';
import { nakshatraLabel, raashiLabel } from '../../contract/raashi-nakshatra.ts';
import {
  DEFAULT_GOTHRA,
  FamilyListResponse,
  familyMessages,
  RELATION_LABELS,
} from '../../contract/family.ts';
import { formatRupees } from '../../contract/money.ts';
import { api, LAMPS, tokenOf } from './journey.data.ts';
import type { JourneyState } from './journey.model.ts';
import type { StateAssertion } from './journey.page.ts';
import {
  addressRadio,
  amountToPay,
  bookedFamily,
  daughter,
  daughterStar,
  expectEnabled,
  expectPayReady,
  expectRoute,
  family,
  familyNames,
  h1,
  h2,
  messagePreferencesOf,
  offeringsSection,
  STAR_NOT_KNOWN,
  statusPill,
  stepperValue,
  theBooking,
  theBookingInFull,
  whatsAppSwitch,
  wizardRoute,
  wizardSummary,
} from './journey.page.ts';

/** What the family's, the messages' and the calendar's states look like on the screen. */
export const familyStates = {
  familySignIn: async (page, ctx) => {
    await h1(page, 'Welcome back').waitFor();
    await expectRoute(page, ctx, `/login?redirect=${encodeURIComponent('/account/family')}`);
  },
  familyTab: async (page, ctx) => {
    await expectRoute(page, ctx, '/account/family');
    await page.getByRole('tab', { name: 'My family', selected: true }).waitFor();
    const list = page.getByRole('list', { name: 'My family' });
    await list.waitFor();
    ctx
      .expect(await list.getByRole('heading', { level: 3 }).allTextContents())
      .toEqual(family.map((m) => `${m.name} ${RELATION_LABELS[m.relation]}`));
  },
  familyOfFour: async (page, ctx) => {
    const list = page.getByRole('list', { name: 'My family' });
    const row = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /^Gowri Iyer/ }) });
    await row.waitFor();
    ctx.expect(await list.getByRole('listitem').count()).toBe(4);
    // "I don't know my gothra": Kashyap is stored, and the row says why.
    await row.getByText(`${DEFAULT_GOTHRA} gothra (${familyMessages.gothraNotKnownNote})`).waitFor();
    await row
      .getByText(`${raashiLabel(daughterStar.raashi)} · ${nakshatraLabel(daughterStar.nakshatra)}`, {
        exact: false,
      })
      .waitFor();
    const token = await tokenOf(ctx.baseUrl, ctx.customer);
    const { profiles } = await api(ctx.baseUrl, '/api/family', FamilyListResponse, { token });
    ctx.expect(profiles.find((p) => p.name === daughter.name)).toMatchObject({
      relation: daughter.relation,
      gothra: DEFAULT_GOTHRA,
      gothraNotKnown: true,
      raashi: daughterStar.raashi,
      nakshatra: daughterStar.nakshatra,
    });
  },
  familyBookingDetails: async (page, ctx) => {
    await h2(page, 'Person Details').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'details'));
    for (let index = 0; index < 4; index += 1) {
      const group = page.getByRole('group', { name: `Person ${index + 1} of 4`, exact: true });
      const choice = group.getByRole('group', { name: 'Fill from my family:' });
      await choice.waitFor();
      ctx.expect(await choice.getByRole('button').count()).toBe(4);
      ctx.expect(await group.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    }
  },
  familyDetailsFilled: async (page, ctx) => {
    for (const [index, name] of familyNames.entries()) {
      const group = page.getByRole('group', { name: `Person ${index + 1} of 4`, exact: true });
      await ctx.expect.poll(() => group.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
      ctx
        .expect(await group.getByLabel('Gothra', { exact: true }).inputValue())
        .toBe(index < family.length ? family[index]!.gothra : DEFAULT_GOTHRA);
    }
    const last = page.getByRole('group', { name: 'Person 4 of 4', exact: true });
    // The field shows the entry's label; the wizard holds the list's value.
    ctx
      .expect(await last.getByLabel('Nakshatra', { exact: true }).inputValue())
      .toBe(nakshatraLabel(daughterStar.nakshatra));
  },
  familyBookingAddress: async (page, ctx) => {
    await h2(page, 'Address').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'address'));
    await page.getByText('No addresses').waitFor();
  },
  familyAddressChosen: async (page, ctx) => {
    await h2(page, 'Address').waitFor();
    await ctx.expect.poll(() => addressRadio(page).isChecked()).toBe(true);
  },
  familyPayment: async (page, ctx) => {
    await h2(page, 'Payment').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'payment'));
    // Nothing pre-selected: every stepper at 0, no offerings in the amount.
    await offeringsSection(page).waitFor();
    const counts = await offeringsSection(page).locator('output').allTextContents();
    ctx.expect(counts.length).toBeGreaterThan(0);
    ctx.expect(counts.every((count) => count === '0')).toBe(true);
    ctx.expect(await wizardSummary(page, 'Offerings').count()).toBe(0);
    ctx.expect(await wizardSummary(page, 'Amount').textContent()).toBe(formatRupees(amountToPay(ctx)));
    // The read back: the four names in the temple's script beside the Latin spelling.
    await ctx.expect
      .poll(() => page.locator('td[lang] .read-back__name').count())
      .toBe(bookedFamily(ctx).length);
    ctx
      .expect(await page.locator('.read-back td:not([lang]) .read-back__name').allTextContents())
      .toEqual(bookedFamily(ctx));
    if (ctx.familyOfThree)
      await page.locator('.read-back').getByText('Nakshatra not known').first().waitFor();
    await expectPayReady(page, ctx);
  },
  familyOfferingChosen: async (page, ctx) => {
    const { lamp } = ctx.data;
    await ctx.expect.poll(() => stepperValue(page, lamp.name).textContent()).toBe(String(LAMPS));
    ctx.expect(await wizardSummary(page, 'Offerings').textContent()).toBe(formatRupees(LAMPS * lamp.price));
    ctx.expect(await wizardSummary(page, 'Amount').textContent()).toBe(formatRupees(amountToPay(ctx)));
    await expectPayReady(page, ctx);
  },
  familyBookingConfirmed: async (page, ctx) => {
    const { lamp } = ctx.data;
    await h2(page, 'Booking Confirmed!').waitFor();
    await wizardSummary(page, 'Offerings').getByText(`${lamp.name} × ${LAMPS}`, { exact: false }).waitFor();
    ctx.expect(await wizardSummary(page, 'Amount paid').textContent()).toBe(formatRupees(amountToPay(ctx)));
    // The server priced it: the package and the lamps, the four from the family, Kashyap recited.
    const booking = await theBookingInFull(ctx);
    ctx.expect(booking.amount).toBe(amountToPay(ctx));
    ctx
      .expect(booking.offerings.map((o) => [o.name, o.quantity, o.amount]))
      .toEqual([[lamp.name, LAMPS, LAMPS * lamp.price]]);
    ctx.expect(booking.persons.map((p) => p.name)).toEqual(bookedFamily(ctx));
    if (ctx.familyOfThree) {
      // Three names on a package for up to four, at the package's price; one star not known.
      ctx.expect(booking.package.noPersons).toBe(4);
      ctx.expect(booking.persons[STAR_NOT_KNOWN]?.nakshatra).toBeNull();
    } else ctx.expect(booking.persons[3]?.gothra).toBe(DEFAULT_GOTHRA);
    // What follows, a calendar entry, and the booking's own page, from the confirmation.
    const next = page.getByRole('region', { name: 'What happens next' });
    await next.waitFor();
    ctx.expect(await next.getByRole('listitem').count()).toBe(4);
    await expectEnabled(ctx, page.getByRole('button', { name: 'Add to calendar', exact: true }));
    ctx
      .expect(await page.getByRole('link', { name: 'View this booking', exact: true }).getAttribute('href'))
      .toMatch(new RegExp(`/account/bookings/${booking.id}$`));
  },
  familyBookingPage: async (page, ctx) => {
    const booking = await theBooking(ctx);
    await h1(page, ctx.data.familyPuja.pujaName).waitFor();
    await expectRoute(page, ctx, `/account/bookings/${booking.id}`);
    await page.getByText(`${ctx.data.lamp.name} × ${LAMPS}`, { exact: false }).waitFor();
    await expectEnabled(ctx, page.getByRole('button', { name: 'Add to calendar', exact: true }));
  },
  familyThreeFilled: async (page, ctx) => {
    // The fourth form removed: three persons on the package for up to four.
    for (const [index, name] of bookedFamily(ctx).entries()) {
      const group = page.getByRole('group', { name: `Person ${index + 1} of 3`, exact: true });
      await ctx.expect.poll(() => group.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    }
    ctx.expect(await page.getByRole('group', { name: /^Person \d of 4$/ }).count()).toBe(0);
    const son = page.getByRole('group', { name: `Person ${STAR_NOT_KNOWN + 1} of 3`, exact: true });
    ctx.expect(await son.getByLabel('Nakshatra not known', { exact: true }).isChecked()).toBe(true);
    await expectEnabled(ctx, son.getByLabel('Nakshatra', { exact: true }), false);
  },
  familyBookingCancelled: async (page, ctx) => {
    const booking = await theBookingInFull(ctx);
    await statusPill(page, 'Refunded').waitFor();
    await page
      .getByRole('region', { name: 'Refund' })
      .getByText(`Refunded ${formatRupees(booking.amount)}`)
      .waitFor();
    // A puja that will not take place: nothing to put in a calendar, nothing to cancel again.
    ctx.expect(await page.getByRole('button', { name: 'Add to calendar' }).count()).toBe(0);
    ctx.expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    ctx.expect(booking.status).toBe('refunded');
  },
  messagesTab: async (page, ctx) => {
    await expectRoute(page, ctx, '/account/messages');
    await page.getByRole('tab', { name: 'Messages', selected: true }).waitFor();
    const email = page.getByRole('switch', { name: 'E-mail' });
    await email.waitFor();
    ctx.expect(await email.getAttribute('aria-checked')).toBe('true');
    ctx.expect(await whatsAppSwitch(page).getAttribute('aria-checked')).toBe('false');
    // The booking's confirmation, queued with the booking, is listed with its channel.
    const row = page
      .getByRole('list', { name: 'Messages sent to you' })
      .getByRole('listitem')
      .filter({ hasText: 'Booking confirmed' });
    await row.first().waitFor();
    ctx.expect(await row.first().textContent()).toContain('E-mail');
  },
  messagesWhatsappOn: async (page, ctx) => {
    await page.getByText('Updates go to •••••12345.').waitFor();
    ctx.expect(await whatsAppSwitch(page).getAttribute('aria-checked')).toBe('true');
    const { preferences } = await messagePreferencesOf(ctx);
    ctx.expect(preferences.whatsapp).toEqual({ mobile: '•••••12345' });
  },
  messagesWhatsappOff: async (page, ctx) => {
    await page.getByText(/^Off\. Updates on your orders and bookings/).waitFor();
    ctx.expect(await whatsAppSwitch(page).getAttribute('aria-checked')).toBe('false');
    const { preferences } = await messagePreferencesOf(ctx);
    ctx.expect(preferences).toEqual({ email: true, whatsapp: null });
  },
  familyCalendarAdded: async (page, ctx) => {
    await page.getByText('The calendar file is downloaded').waitFor();
    const booking = await theBookingInFull(ctx);
    ctx.expect(ctx.calendar?.filename).toBe(`${booking.bookingNumber}.ics`);
    const calendar = new ICAL.Component(ICAL.parse(ctx.calendar?.text ?? '') as unknown[]);
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('The calendar file has no event');
    const event = new ICAL.Event(vevent);
    ctx.expect(event.summary).toContain(booking.puja.pujaName);
    ctx.expect(event.location).toBe(booking.puja.place);
    ctx
      .expect(event.startDate.toJSDate().getTime())
      .toBe(Math.floor(Date.parse(booking.puja.pujaDate) / 60_000) * 60_000);
    ctx.expect(event.description).toContain(`/#/account/bookings/${booking.id}`);
    ctx.expect(vevent.getAllSubcomponents('valarm')).toHaveLength(1);
  },
} satisfies Partial<Record<JourneyState, StateAssertion>>;
