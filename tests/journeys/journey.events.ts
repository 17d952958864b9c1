import fs from 'node:fs/promises';
import { fillAddressForm } from '../e2e/browser.ts';
import { WHATSAPP_CONSENT_WORDS } from '../../contract/account-messages.ts';
import { AdminBookingResponse } from '../../contract/admin/bookings.ts';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { bookingClosesAt, PERFORM_EARLY_MINUTES } from '../../contract/policy.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import { lapseServedOffer, moveServedBookingTo } from '../support/served-shop.ts';
import { api, LAMPS, tokenOf } from './journey.data.ts';
import type { JourneyEventType } from './journey.model.ts';
import type { EventAction } from './journey.page.ts';
import { joinBehind, ownEntry, setUpFullDate } from './journey.waitlist.ts';
import {
  address,
  bookButton,
  booked,
  bookedFamily,
  cartLink,
  daughter,
  duringOutage,
  escape,
  family,
  familyNames,
  gift,
  payButton,
  payDeclinedThenUpi,
  person,
  placeOrderButton,
  PROOF_VIDEO,
  STAR_NOT_KNOWN,
  theBooking,
  whatsAppSwitch,
} from './journey.page.ts';

/** What a person does for each event of the journey model. */
export const eventActions = {
  'nav.backOffice': async (page, ctx) => {
    await page.goto(`${ctx.baseUrl}/#/admin`);
  },
  'staff.signIn': async (page, ctx) => {
    await page.getByLabel('Email address').fill(ctx.staff.email);
    await page.getByLabel('Password', { exact: true }).fill(ctx.staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  },
  'today.openOrdersToPack': async (page) => {
    await page.getByRole('link', { name: /^Orders to pack/ }).click();
  },
  'nav.sankalpSheet': async (page) => {
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Sankalp sheet' })
      .click();
  },
  'nav.pujas': async (page) => {
    await page.getByRole('link', { name: 'View All Pujas' }).click();
  },
  'nav.products': async (page) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  },
  'puja.viewOpen': async (page, ctx) => {
    await page.getByRole('link', { name: `View Details of ${ctx.data.openPuja.pujaName}` }).click();
  },
  'puja.viewClosed': async (page, ctx) => {
    await page.getByRole('link', { name: `View Details of ${ctx.data.closedPuja.pujaName}` }).click();
  },
  'package.book': async (page, ctx) => {
    await bookButton(page, ctx).click();
  },
  'login.submit': async (page, ctx) => {
    const { email, password } = ctx.registered ?? ctx.customer;
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  },
  'register.open': async (page) => {
    await page.getByRole('link', { name: 'Create an account' }).click();
  },
  'register.submit': async (page, ctx) => {
    const registered = {
      email: `journey-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: 'journey-secret-1',
    };
    ctx.registered = registered;
    await page.getByLabel('Full name').fill(ctx.customer.name);
    await page.getByLabel('Email address').fill(registered.email);
    await page.getByLabel('Password', { exact: true }).fill(registered.password);
    await page.getByLabel('Confirm password').fill(registered.password);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
  },
  'history.back': async (page) => {
    await page.goBack();
  },
  'history.forward': async (page) => {
    await page.goForward();
  },
  'wizard.next': async (page) => {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  },
  'details.complete': async (page, ctx) => {
    const count = booked(ctx).pkg.noPersons;
    for (let index = 0; index < count; index += 1) {
      const group = page.getByRole('group', { name: `Person ${index + 1} of ${count}` });
      await group.getByLabel('Name').fill(person.name);
      await group.getByLabel('Date of birth').fill(person.dateOfBirth);
      await group.getByLabel('Birth time', { exact: true }).fill(person.birthTime);
      await group.getByLabel('Birth place', { exact: true }).fill(person.birthPlace);
      await group.getByLabel('Raashi').fill(person.raashi);
      await group.getByLabel('Nakshatra', { exact: true }).fill(person.nakshatra);
      await group.getByLabel('Gothra').fill(person.gothra);
    }
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  },
  'address.add': async (page) => {
    await page
      .getByRole('button', { name: /Add new address/i })
      .first()
      .click();
    // The PIN code fills in the city and state from the shop's PIN directory.
    const filled = await fillAddressForm(page, address);
    if (filled.city !== address.city || filled.state !== address.state) {
      throw new Error(`PIN ${address.postalCode} filled in ${filled.city}, ${filled.state}`);
    }
    await page.getByRole('button', { name: 'Save' }).click();
  },
  'booking.pay': async (page, ctx) => {
    await payDeclinedThenUpi(page, ctx, () => payButton(page, ctx));
  },
  'booking.payDuringOutage': async (page, ctx) => {
    await duringOutage(page, '/api/bookings', async () => {
      await payDeclinedThenUpi(page, ctx, () => payButton(page, ctx));
    });
  },
  'time.bookingCloses': async (page, ctx) => {
    const closes = bookingClosesAt(ctx.data.openPuja.pujaDate);
    if (!closes) throw new Error('The open puja has no closing time');
    const now = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Date.parse(closes) - now + 60_000);
  },
  'time.pujaDue': async (page, ctx) => {
    // The days pass until the puja is minutes away. The server's clock is real, so its database
    // moves this booking's date (not the puja's: other journeys still book it) to within
    // PERFORM_EARLY_MINUTES from now: past the sankalp lock, and due to be recorded performed.
    const booking = await theBooking(ctx);
    moveServedBookingTo(ctx.dataDir, booking.id, (PERFORM_EARLY_MINUTES / 3) * 60_000);
    await page.reload();
  },
  'product.view': async (page, ctx) => {
    // A visitor finds it by name: the product may be on a later page of the list.
    await page.getByLabel('Search products').fill(ctx.data.product.name);
    await page.getByRole('link', { name: `View Details of ${ctx.data.product.name}` }).click();
  },
  'cart.add': async (page) => {
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  },
  'product.buyNow': async (page) => {
    await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
  },
  'cart.open': async (page) => {
    await cartLink(page).click();
  },
  'coupon.applyInvalid': async (page, ctx) => {
    await page.getByLabel('Coupon code').fill(ctx.data.invalidCoupon);
    await page.getByRole('button', { name: 'Apply' }).click();
  },
  'coupon.applyValid': async (page, ctx) => {
    await page.getByLabel('Coupon code').fill(ctx.data.validCoupon);
    await page.getByRole('button', { name: 'Apply' }).click();
    ctx.couponApplied = true;
  },
  'checkout.proceed': async (page) => {
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  },
  'order.placeCod': async (page) => {
    await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
    await placeOrderButton(page).click();
  },
  'order.placeOnline': async (page, ctx) => {
    await page.getByRole('radio', { name: /Online Payment/ }).check();
    await payDeclinedThenUpi(page, ctx, () => placeOrderButton(page));
    await page.getByRole('button', { name: /^(Processing payment\.\.\.|Placing order\.\.\.)$/ }).waitFor();
  },
  'order.placeDuringOutage': async (page) => {
    await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
    await duringOutage(page, '/api/orders', () => placeOrderButton(page).click());
  },
  'order.track': async (page) => {
    await page.getByRole('link', { name: 'Track this order' }).click();
  },
  'order.cancel': async (page) => {
    await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.getByLabel('Why are you cancelling?').fill('Ordered the wrong mala');
    await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  },
  'booking.viewPage': async (page, ctx) => {
    await page.getByRole('button', { name: 'View My Bookings' }).click();
    await page
      .getByRole('link', { name: booked(ctx).puja.pujaName, exact: true })
      .first()
      .click();
  },
  'staff.markPerformed': async (page, ctx) => {
    const booking = await theBooking(ctx);
    const staffToken = await tokenOf(ctx.baseUrl, { name: 'Journey Staff', ...ctx.staff });
    const { booking: after } = await api(
      ctx.baseUrl,
      `/api/admin/bookings/${booking.id}/events`,
      AdminBookingResponse,
      {
        method: 'POST',
        token: staffToken,
        json: { type: 'booking.perform', videoUrl: PROOF_VIDEO },
      },
    );
    ctx.expect(after.status).toBe('performed');
    await page.reload();
  },
  'gift.choose': async (page) => {
    await page.getByRole('checkbox', { name: /^Gift this puja/ }).check();
  },
  'gift.fill': async (page) => {
    const form = page.getByRole('group', { name: 'Who receives the prasad' });
    const fields = {
      'Recipient name': gift.recipientName,
      'Mobile number': gift.mobile,
      'House no. and street': gift.street,
      'Area / locality': gift.area,
      City: gift.city,
      'PIN code': gift.postalCode,
      'Message on the prasad card (optional)': gift.message,
    };
    for (const [label, value] of Object.entries(fields))
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel('State', { exact: true }).selectOption(gift.state);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  },
  'nav.myBookings': async (page) => {
    await page.getByRole('button', { name: 'View My Bookings' }).click();
  },
  'nav.myMessages': async (page, ctx) => {
    await page.goto(`${ctx.baseUrl}/#/account/messages`);
  },
  'messages.whatsappOn': async (page) => {
    await whatsAppSwitch(page).click();
    await page.getByLabel('Mobile number for WhatsApp').fill('98450 12345');
    // The box is unticked: Save waits for it.
    await page.getByRole('checkbox', { name: WHATSAPP_CONSENT_WORDS }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  },
  'messages.whatsappOff': async (page) => {
    // One tap.
    await whatsAppSwitch(page).click();
  },
  'nav.myFamily': async (page, ctx) => {
    // A returning devotee: three of the family were saved on an earlier visit.
    const token = await tokenOf(ctx.baseUrl, ctx.customer);
    for (const member of family)
      await api(ctx.baseUrl, '/api/family', null, { method: 'POST', token, json: member });
    await page.goto(`${ctx.baseUrl}/#/account/family`);
  },
  'family.add': async (page) => {
    await page.getByRole('button', { name: 'Add a family member' }).click();
    const form = page.getByRole('form', { name: 'Add a family member' });
    await form.getByLabel('Relation').selectOption(daughter.relation);
    await form.getByLabel('Name', { exact: true }).fill(daughter.name);
    await form.getByLabel('Date of birth').fill(daughter.dateOfBirth);
    await form.getByLabel('Birth time', { exact: true }).fill(daughter.birthTime);
    await form.getByLabel('Birth place', { exact: true }).fill(daughter.birthPlace);
    // The birth-star suggestion fills the raashi and nakshatra in one tap.
    await form.getByRole('button', { name: 'Use these' }).click();
    await form.getByLabel("I don't know my gothra").check();
    await form.getByRole('button', { name: 'Save' }).click();
  },
  'family.book': async (page, ctx) => {
    ctx.forFamily = true;
    const { familyPuja, familyPkg } = ctx.data;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pujas' }).click();
    await page.getByRole('link', { name: `View Details of ${familyPuja.pujaName}` }).click();
    await page.getByRole('button', { name: `Book ${familyPkg.title}`, exact: true }).click();
  },
  'details.fromFamily': async (page) => {
    // One tap per person: the i-th slot takes the i-th family member.
    for (const [index, name] of familyNames.entries()) {
      await page
        .getByRole('group', { name: `Person ${index + 1} of 4`, exact: true })
        .getByRole('group', { name: 'Fill from my family:' })
        .getByRole('button', { name: new RegExp(`^${escape(name)} `) })
        .click();
    }
  },
  'offering.add': async (page, ctx) => {
    const { lamp } = ctx.data;
    for (let n = 0; n < LAMPS; n += 1)
      await page.getByRole('button', { name: `One ${lamp.unit} more of ${lamp.name}`, exact: true }).click();
    ctx.lamps = LAMPS;
  },
  'details.threeFromFamily': async (page, ctx) => {
    ctx.familyOfThree = true;
    await page.getByRole('button', { name: 'Remove person 4', exact: true }).click();
    for (const [index, name] of bookedFamily(ctx).entries()) {
      await page
        .getByRole('group', { name: `Person ${index + 1} of 3`, exact: true })
        .getByRole('group', { name: 'Fill from my family:' })
        .getByRole('button', { name: new RegExp(`^${escape(name)} `) })
        .click();
    }
    await page
      .getByRole('group', { name: `Person ${STAR_NOT_KNOWN + 1} of 3`, exact: true })
      .getByLabel('Nakshatra not known', { exact: true })
      .check();
  },
  'confirmation.viewBooking': async (page) => {
    await page.getByRole('link', { name: 'View this booking', exact: true }).click();
  },
  'booking.cancel': async (page, ctx) => {
    await page.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    // Without a reason: the shop's message by the field, not the browser's bubble.
    await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await dialog.getByText(lifecycleMessages.reasonRequired).waitFor();
    ctx.expect(await dialog.getByLabel('Why are you cancelling?').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Why are you cancelling?').fill('The family is travelling that day');
    await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  },
  'calendar.add': async (page, ctx) => {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar', exact: true }).click();
    const download = await downloaded;
    const file = await download.path();
    ctx.calendar = { filename: download.suggestedFilename(), text: await fs.readFile(file, 'utf8') };
  },
  'nav.fullDate': async (page, ctx) => {
    ctx.fullDate = await setUpFullDate(ctx);
    // The devotee follows a link to the date (a share, the puja's other dates), signed out.
    await page.goto(`${ctx.baseUrl}/#/pujas/${ctx.fullDate.puja.id}`);
  },
  'waitlist.start': async (page, ctx) => {
    await page
      .getByRole('button', { name: `Join the waitlist ${booked(ctx).pkg.title}`, exact: true })
      .click();
  },
  'waitlist.join': async (page) => {
    await page.getByRole('button', { name: 'Join the waitlist', exact: true }).click();
  },
  'waitlist.placeFrees': async (page, ctx) => {
    const fullDate = ctx.fullDate!;
    // A second devotee joins behind; then the date's one booking is cancelled within its hour.
    ctx.nextInLine = await joinBehind(ctx, fullDate);
    await api(ctx.baseUrl, `/api/bookings/${fullDate.holder.bookingId}/events`, null, {
      method: 'POST',
      token: fullDate.holder.token,
      json: { type: 'booking.cancel', reason: 'We cannot travel that week' },
    });
    // The line moves on right after a cancellation (and every minute in the offer job).
    await ctx.expect.poll(async () => (await ownEntry(ctx)).status).toBe('offered');
    await page.goto(`${ctx.baseUrl}/#/account/bookings`);
  },
  'offer.payNow': async (page) => {
    await page.getByRole('link', { name: 'Pay now', exact: true }).click();
  },
  'time.offerLapses': async (page, ctx) => {
    // Four hours pass (the offer's deadline moved into the past) before the devotee follows the link.
    lapseServedOffer(ctx.dataDir, (await ownEntry(ctx)).id);
    await page.getByRole('link', { name: 'Pay now', exact: true }).click();
  },
  'booking.changeDate': async (page, ctx) => {
    const { later } = ctx.fullDate!;
    await page.getByRole('button', { name: 'Change date', exact: true }).click();
    const dialog = page.getByRole('dialog');
    // The other dates of the puja, each named by its date and time (and its places).
    await dialog
      .getByRole('radio', { name: new RegExp(`^${escape(formatDateTime(later.pujaDate))}`) })
      .check();
    // The difference is named before the move is confirmed.
    await ctx.expect
      .poll(() =>
        dialog
          .getByRole('status')
          .filter({ hasText: /^Checking/ })
          .count(),
      )
      .toBe(0);
    await dialog.getByRole('button', { name: /^Move/ }).click();
    await dialog.waitFor({ state: 'detached' });
  },
} satisfies Record<JourneyEventType, EventAction>;
