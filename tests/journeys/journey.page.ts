/**
 * What the journeys' steps share: the journey's context, the screen's landmarks and controls as a
 * person finds them, the customer's fixtures, and the API reads that check what the screens said.
 */
import type { Locator, Page } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { AccountMessagesResponse } from '../../contract/account-messages.ts';
import { BookingListResponse, BookingResponse } from '../../contract/booking.ts';
import type { Nakshatra, Raashi } from '../../contract/raashi-nakshatra.ts';
import type { Relation } from '../../contract/family.ts';
import { OrderListResponse, OrderRead } from '../../contract/orders.ts';
import { formatRupees } from '../../contract/money.ts';
import { DECLINED_UPI_ID, paymentMessages } from '../../contract/payments.ts';
import { birthStar } from '../../server/services/birth-star.ts';
import { api, tokenOf, type Customer, type JourneyData } from './journey.data.ts';
import { bornInThanjavur, lakshmiIyer } from '../support/bookings.ts';
import type { FullDate } from './journey.waitlist.ts';

/** What one journey knows while it runs: the app, the catalogue's picks, its customer, what it did. */
export interface JourneyContext {
  baseUrl: string;
  data: JourneyData;
  customer: Customer;
  /** Messages of the alerts the page raised, in order (each is accepted). */
  dialogs: string[];
  /** The running test's own `expect` (journeys run concurrently, so not the global one). */
  expect: ExpectStatic;
  /** The valid coupon was applied on the way (the totals further on include its discount). */
  couponApplied: boolean;
  /** An account created on the way (register.submit); sign-in then uses it. */
  registered?: { email: string; password: string };
  /** The shop's staff member (made with admin:create), who works bookings through the staff API. */
  staff: { email: string; password: string };
  /** The running server's DATA_DIR (its SQLite file), to move a booking's date past the real clock. */
  dataDir: string;
  /** Booking for the family (family.book): the family's puja and 4-person package, not the one-person one. */
  forFamily?: boolean;
  /** The family's package booked for three of them (details.threeFromFamily), not all four. */
  familyOfThree?: boolean;
  /** Lamps added with the offering stepper (offering.add): the amount to pay includes them. */
  lamps?: number;
  /** The .ics that Add to calendar downloaded (calendar.add). */
  calendar?: { filename: string; text: string };
  /** The full date the journey waits for (nav.fullDate): its puja, package and later date. */
  fullDate?: FullDate;
  /** The devotee who joined the line behind the journey's customer (waitlist.placeFrees). */
  nextInLine?: Customer & { entryId: number };
}

export type StateAssertion = (page: Page, ctx: JourneyContext) => Promise<void>;
export type EventAction = (page: Page, ctx: JourneyContext) => Promise<void>;

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The hash route of the page, e.g. `/login?redirect=%2Fcheckout`. */
const route = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

export async function expectRoute(page: Page, ctx: JourneyContext, expected: string | RegExp) {
  await ctx.expect
    .poll(() => route(page))
    .toMatch(expected instanceof RegExp ? expected : new RegExp(`^${escape(expected)}$`));
}

/**
 * The puja and package the journey books: the family's (family.book), the full date's
 * (nav.fullDate), or the one-person one.
 */
export const booked = (ctx: JourneyContext) =>
  ctx.forFamily
    ? { puja: ctx.data.familyPuja, pkg: ctx.data.familyPkg }
    : ctx.fullDate
      ? { puja: ctx.fullDate.puja, pkg: ctx.fullDate.pkg }
      : { puja: ctx.data.openPuja, pkg: ctx.data.pkg };

/** What the journey pays: the package and the offerings added (the server's price, as shown). */
export const amountToPay = (ctx: JourneyContext) =>
  booked(ctx).pkg.offerPrice + (ctx.lamps ?? 0) * ctx.data.lamp.price;

/** The wizard's route for the journey's package at a step. */
export const wizardRoute = (ctx: JourneyContext, step: string) => {
  const { puja, pkg } = booked(ctx);
  return `/puja-booking/${puja.id}?package=${pkg.id}&step=${step}`;
};

export const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
export const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
export const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });
export const accountButton = (page: Page, ctx: JourneyContext) =>
  page.getByRole('banner').getByRole('button', { name: ctx.customer.name, exact: true });
export const bookButton = (page: Page, ctx: JourneyContext) =>
  page.getByRole('button', { name: `Book ${ctx.data.pkg.title}`, exact: true });
/** "The names are right": Pay waits for it (the sankalp read back). */
const namesRight = (page: Page) => page.getByRole('checkbox', { name: 'The names are right', exact: true });
/** Pay is enabled exactly when the read-back is confirmed. */
export async function expectPayReady(page: Page, ctx: JourneyContext) {
  await expectEnabled(ctx, payButton(page, ctx), await namesRight(page).isChecked());
}
export const payButton = (page: Page, ctx: JourneyContext) =>
  page.getByRole('button', { name: `Pay ${formatRupees(amountToPay(ctx))}`, exact: true });
export const whatsAppSwitch = (page: Page) => page.getByRole('switch', { name: 'WhatsApp' });
/** The customer's message preferences as the API holds them. */
export const messagePreferencesOf = async (ctx: JourneyContext) =>
  api(ctx.baseUrl, '/api/account/messages', AccountMessagesResponse, {
    token: await tokenOf(ctx.baseUrl, ctx.customer),
  });
export const placeOrderButton = (page: Page) =>
  page.getByRole('button', { name: 'Place Order', exact: true });

/** A row of an Order Summary: "Total" matches only Total (not Subtotal). */
export const summaryValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Order Summary' })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}`) }) })
    .locator('dd');

export const expectedTotal = (ctx: JourneyContext) =>
  formatRupees(ctx.couponApplied ? ctx.data.money.totalWithCoupon : ctx.data.money.total);

export async function expectEnabled(ctx: JourneyContext, locator: Locator, enabled = true) {
  await locator.waitFor();
  await ctx.expect.poll(() => locator.isEnabled()).toBe(enabled);
}

/** The address every journey adds; its street names the radio that chooses it. */
export const address = {
  street: '12, 4th Cross',
  area: 'Malleshwaram',
  postalCode: '560003',
  /** What the PIN code fills in. */
  city: 'Bangalore',
  state: 'Karnataka',
};
export const addressRadio = (page: Page) =>
  page.getByRole('radio', { name: new RegExp(escape(address.street)) });

export const person = bornInThanjavur('Meera Krishnan');

interface SavedMember {
  relation: Relation;
  name: string;
  dateOfBirth: string;
  birthTime: string;
  birthPlace: string;
  raashi: Raashi;
  nakshatra: Nakshatra;
  gothra: string;
}

/** The family: three saved on an earlier visit (nav.myFamily), the fourth added in the tab (family.add). */
export const family: readonly SavedMember[] = [
  { relation: 'self', ...lakshmiIyer },
  {
    relation: 'spouse',
    name: 'Venkatesh Iyer',
    dateOfBirth: '1985-11-02',
    birthTime: '21:10',
    birthPlace: 'Mysuru',
    raashi: 'Kanya (Virgo)',
    nakshatra: 'Hasta',
    gothra: 'Bharadwaja',
  },
  {
    relation: 'son',
    name: 'Srinivas Iyer',
    dateOfBirth: '2012-01-09',
    birthTime: '10:30',
    birthPlace: 'Bengaluru',
    raashi: 'Mesh (Aries)',
    nakshatra: 'Ashwini',
    gothra: 'Bharadwaja',
  },
];
/** Added in the tab: her raashi and nakshatra from the birth-star suggestion, her gothra not known. */
export const daughter = {
  relation: 'daughter',
  name: 'Gowri Iyer',
  dateOfBirth: '2015-06-23',
  birthTime: '04:15',
  birthPlace: 'Bengaluru',
} as const;
/** What the server suggests for her (nowhere near a boundary: "Use these" is offered). */
export const daughterStar = birthStar({ ...daughter, timeZone: 'Asia/Kolkata' });
export const familyNames = [...family.map((m) => m.name), daughter.name];
/** Whom the family's booking is for: all four, or the three saved first (details.threeFromFamily). */
export const bookedFamily = (ctx: JourneyContext) =>
  ctx.familyOfThree ? familyNames.slice(0, 3) : familyNames;
/** Of the three, the son's nakshatra is marked not known (docs/product-rules.md, Persons). */
export const STAR_NOT_KNOWN = 2;

/** The recipient of the gift, their address (not in the giver's book) and the prasad card. */
export const gift = {
  recipientName: 'Kamala Narayanan',
  mobile: '9443012345',
  street: '12 Sannidhi Street',
  area: 'Simmakkal',
  city: 'Madurai',
  state: 'Tamil Nadu',
  postalCode: '625001',
  message: 'Happy 60th birthday, Amma!',
};
/** The recipient's address as Payment and the confirmation write it. */
export const giftAddressText = [
  gift.recipientName,
  '+91 94430 12345',
  gift.street,
  gift.area,
  gift.city,
  `${gift.state} ${gift.postalCode}`,
  'India',
].join(', ');

/**
 * Aborts the POSTs to `path` as a dropped connection would while `act` runs and until one has
 * failed, then restores the network: the outage lasts one request.
 */
export async function duringOutage(page: Page, path: string, act: () => Promise<void>) {
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, (intercepted) =>
    intercepted.request().method() === 'POST'
      ? intercepted.abort('internetdisconnected')
      : intercepted.continue(),
  );
  try {
    const failed = page.waitForEvent('requestfailed', {
      predicate: (request) => request.method() === 'POST' && matches(new URL(request.url())),
    });
    await act();
    await failed;
  } finally {
    await page.unroute(matches);
  }
}

/**
 * Pays as a customer whose first UPI ID is declined: the simulated provider (inside the server,
 * its real 2 s) declines failure@upi, then another UPI ID pays on the same intent. A payment step
 * that already holds a UPI ID (a retry after a failed write) just presses the button again.
 */
export async function payDeclinedThenUpi(
  page: Page,
  ctx: JourneyContext,
  button: () => ReturnType<Page['getByRole']>,
) {
  // A booking's sankalp read back: the names are checked before paying (checkout has none).
  if ((await namesRight(page).count()) > 0 && !(await namesRight(page).isChecked()))
    await namesRight(page).check();
  const upi = page.getByLabel('UPI ID', { exact: true });
  if ((await upi.inputValue()) === '') {
    await upi.fill(DECLINED_UPI_ID);
    await button().click();
    await page.getByRole('button', { name: 'Processing payment...' }).waitFor();
    await alertWith(page, paymentMessages.declined).waitFor({ timeout: 10_000 });
    ctx.expect(await upi.inputValue()).toBe(DECLINED_UPI_ID);
    await upi.fill('asha@okbank');
  }
  await button().click();
}

/** The account that booked: the one created on the way, if any. */
export const bookerToken = (ctx: JourneyContext) =>
  tokenOf(ctx.baseUrl, { ...ctx.customer, ...ctx.registered });

/** The journey's one booking in full, as its customer reads it through the API. */
export async function theBookingInFull(ctx: JourneyContext) {
  const token = await bookerToken(ctx);
  const { bookings } = await api(ctx.baseUrl, '/api/bookings', BookingListResponse, { token });
  ctx.expect(bookings).toHaveLength(1);
  return (await api(ctx.baseUrl, `/api/bookings/${bookings[0]!.id}`, BookingResponse, { token })).booking;
}

/** A row of the wizard's summary (Payment, Confirmation): the value beside `label`. */
export const wizardSummary = (page: Page, label: string) =>
  page
    .locator('.booking-summary > div', {
      has: page.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }),
    })
    .locator('dd');

/** The steppers of the Payment step's offerings, by offering name. */
export const offeringsSection = (page: Page) =>
  page.getByRole('region', { name: 'Add offerings (chadhava)' });
export const stepperValue = (page: Page, name: string) =>
  offeringsSection(page).getByRole('group', { name, exact: true }).locator('output');

async function orderCount(ctx: JourneyContext) {
  const token = await tokenOf(ctx.baseUrl, ctx.customer);
  return (await api(ctx.baseUrl, '/api/orders', OrderListResponse, { token })).orders.length;
}

export async function bookingCount(ctx: JourneyContext) {
  // The account that booked: the one created on the way, if any.
  const token = await tokenOf(ctx.baseUrl, { ...ctx.customer, ...ctx.registered });
  return (await api(ctx.baseUrl, '/api/bookings', BookingListResponse, { token })).bookings.length;
}

/** The journey's one order, as its customer reads it through the API. */
export async function theOrder(ctx: JourneyContext) {
  const token = await tokenOf(ctx.baseUrl, ctx.customer);
  const [summary] = (await api(ctx.baseUrl, '/api/orders', OrderListResponse, { token })).orders;
  if (!summary) throw new Error('The journey has no order');
  return api(ctx.baseUrl, `/api/orders/${summary.id}`, OrderRead, { token });
}

/** The journey's one booking (of the account that booked: the one created on the way, if any). */
export async function theBooking(ctx: JourneyContext) {
  const token = await tokenOf(ctx.baseUrl, { ...ctx.customer, ...ctx.registered });
  const [booking] = (await api(ctx.baseUrl, '/api/bookings', BookingListResponse, { token })).bookings;
  if (!booking) throw new Error('The journey has no booking');
  return booking;
}

export const statusPill = (page: Page, text: string) =>
  page.locator('.after-sale__head .status-pill', { hasText: text });
export const PROOF_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

export async function expectOrderConfirmed(
  page: Page,
  ctx: JourneyContext,
  paymentStatus: 'pending' | 'completed',
) {
  await h1(page, 'Order Confirmed!').waitFor();
  await expectRoute(page, ctx, /^\/order-confirmation\/\d+$/);
  const status = page
    .locator('dt', { hasText: 'Payment Status' })
    .locator('xpath=..')
    .locator('.status-pill');
  await ctx.expect.poll(() => status.textContent()).toBe(paymentStatus);
  ctx.expect(await summaryValue(page, 'Total').textContent()).toBe(expectedTotal(ctx));
  ctx.expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');
  // A retry after a failed attempt must not have created a second order.
  ctx.expect(await orderCount(ctx)).toBe(1);
}
