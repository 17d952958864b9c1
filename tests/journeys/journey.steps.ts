import fs from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Locator, Page } from 'playwright-core';
import { fillAddressForm } from '../e2e/browser.ts';
import type { ExpectStatic } from 'vitest';
import { AccountMessagesResponse, WHATSAPP_CONSENT_WORDS } from '../../contract/account-messages.ts';
import { AddressListResponse, addressMessages } from '../../contract/address.ts';
import { BookingListResponse, BookingResponse, bookingMessages } from '../../contract/booking.ts';
import { nakshatraLabel, raashiLabel, type Nakshatra, type Raashi } from '../../contract/raashi-nakshatra.ts';
import {
  DEFAULT_GOTHRA,
  FamilyListResponse,
  familyMessages,
  RELATION_LABELS,
  type Relation,
} from '../../contract/family.ts';
import { AdminBookingResponse } from '../../contract/admin/bookings.ts';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { OrderListResponse, OrderRead, couponMessages, orderMessages } from '../../contract/orders.ts';
import { formatRupees } from '../../contract/money.ts';
import { bookingClosesAt, PERFORM_EARLY_MINUTES } from '../../contract/policy.ts';
import { DECLINED_UPI_ID, paymentMessages } from '../../contract/payments.ts';
import { pujaWizardMessages } from '../../machines/puja-wizard/puja-wizard.machine.ts';
import { birthStar } from '../../server/services/birth-star.ts';
import { moveServedBookingTo } from '../support/served-shop.ts';
import { api, LAMPS, tokenOf, type Customer, type JourneyData } from './journey.data.ts';
import type { JourneyEventType, JourneyState } from './journey.model.ts';
import { bornInThanjavur, lakshmiIyer } from '../support/bookings.ts';

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
}

export type StateAssertion = (page: Page, ctx: JourneyContext) => Promise<void>;
export type EventAction = (page: Page, ctx: JourneyContext) => Promise<void>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The hash route of the page, e.g. `/login?redirect=%2Fcheckout`. */
const route = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

async function expectRoute(page: Page, ctx: JourneyContext, expected: string | RegExp) {
  await ctx.expect
    .poll(() => route(page))
    .toMatch(expected instanceof RegExp ? expected : new RegExp(`^${escape(expected)}$`));
}

/** The puja and package the journey books: the family's (family.book) or the one-person one. */
const booked = (ctx: JourneyContext) =>
  ctx.forFamily
    ? { puja: ctx.data.familyPuja, pkg: ctx.data.familyPkg }
    : { puja: ctx.data.openPuja, pkg: ctx.data.pkg };

/** What the journey pays: the package and the offerings added (the server's price, as shown). */
const amountToPay = (ctx: JourneyContext) =>
  booked(ctx).pkg.offerPrice + (ctx.lamps ?? 0) * ctx.data.lamp.price;

/** The wizard's route for the journey's package at a step. */
const wizardRoute = (ctx: JourneyContext, step: string) => {
  const { puja, pkg } = booked(ctx);
  return `/puja-booking/${puja.id}?package=${pkg.id}&step=${step}`;
};

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });
const accountButton = (page: Page, ctx: JourneyContext) =>
  page.getByRole('banner').getByRole('button', { name: ctx.customer.name, exact: true });
const bookButton = (page: Page, ctx: JourneyContext) =>
  page.getByRole('button', { name: `Book ${ctx.data.pkg.title}`, exact: true });
/** "The names are right": Pay waits for it (the sankalp read back). */
const namesRight = (page: Page) => page.getByRole('checkbox', { name: 'The names are right', exact: true });
/** Pay is enabled exactly when the read-back is confirmed. */
async function expectPayReady(page: Page, ctx: JourneyContext) {
  await expectEnabled(ctx, payButton(page, ctx), await namesRight(page).isChecked());
}
const payButton = (page: Page, ctx: JourneyContext) =>
  page.getByRole('button', { name: `Pay ${formatRupees(amountToPay(ctx))}`, exact: true });
const whatsAppSwitch = (page: Page) => page.getByRole('switch', { name: 'WhatsApp' });
/** The customer's message preferences as the API holds them. */
const messagePreferencesOf = async (ctx: JourneyContext) =>
  api(ctx.baseUrl, '/api/account/messages', AccountMessagesResponse, {
    token: await tokenOf(ctx.baseUrl, ctx.customer),
  });
const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'Place Order', exact: true });

/** A row of an Order Summary: "Total" matches only Total (not Subtotal). */
const summaryValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Order Summary' })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}`) }) })
    .locator('dd');

const expectedTotal = (ctx: JourneyContext) =>
  formatRupees(ctx.couponApplied ? ctx.data.money.totalWithCoupon : ctx.data.money.total);

async function expectEnabled(ctx: JourneyContext, locator: Locator, enabled = true) {
  await locator.waitFor();
  await ctx.expect.poll(() => locator.isEnabled()).toBe(enabled);
}

/** The address every journey adds; its street names the radio that chooses it. */
const address = {
  street: '12, 4th Cross',
  area: 'Malleshwaram',
  postalCode: '560003',
  /** What the PIN code fills in. */
  city: 'Bangalore',
  state: 'Karnataka',
};
const addressRadio = (page: Page) => page.getByRole('radio', { name: new RegExp(escape(address.street)) });

const person = bornInThanjavur('Meera Krishnan');

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
const family: readonly SavedMember[] = [
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
const daughter = {
  relation: 'daughter',
  name: 'Gowri Iyer',
  dateOfBirth: '2015-06-23',
  birthTime: '04:15',
  birthPlace: 'Bengaluru',
} as const;
/** What the server suggests for her (nowhere near a boundary: "Use these" is offered). */
const daughterStar = birthStar({ ...daughter, timeZone: 'Asia/Kolkata' });
const familyNames = [...family.map((m) => m.name), daughter.name];
/** Whom the family's booking is for: all four, or the three saved first (details.threeFromFamily). */
const bookedFamily = (ctx: JourneyContext) => (ctx.familyOfThree ? familyNames.slice(0, 3) : familyNames);
/** Of the three, the son's nakshatra is marked not known (docs/product-rules.md, Persons). */
const STAR_NOT_KNOWN = 2;

/** The recipient of the gift, their address (not in the giver's book) and the prasad card. */
const gift = {
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
const giftAddressText = [
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
async function duringOutage(page: Page, path: string, act: () => Promise<void>) {
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
async function payDeclinedThenUpi(
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
const bookerToken = (ctx: JourneyContext) => tokenOf(ctx.baseUrl, { ...ctx.customer, ...ctx.registered });

/** The journey's one booking in full, as its customer reads it through the API. */
async function theBookingInFull(ctx: JourneyContext) {
  const token = await bookerToken(ctx);
  const { bookings } = await api(ctx.baseUrl, '/api/bookings', BookingListResponse, { token });
  ctx.expect(bookings).toHaveLength(1);
  return (await api(ctx.baseUrl, `/api/bookings/${bookings[0]!.id}`, BookingResponse, { token })).booking;
}

/** A row of the wizard's summary (Payment, Confirmation): the value beside `label`. */
const wizardSummary = (page: Page, label: string) =>
  page
    .locator('.booking-summary > div', {
      has: page.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }),
    })
    .locator('dd');

/** The steppers of the Payment step's offerings, by offering name. */
const offeringsSection = (page: Page) => page.getByRole('region', { name: 'Add offerings (chadhava)' });
const stepperValue = (page: Page, name: string) =>
  offeringsSection(page).getByRole('group', { name, exact: true }).locator('output');

async function orderCount(ctx: JourneyContext) {
  const token = await tokenOf(ctx.baseUrl, ctx.customer);
  return (await api(ctx.baseUrl, '/api/orders', OrderListResponse, { token })).orders.length;
}

async function bookingCount(ctx: JourneyContext) {
  // The account that booked: the one created on the way, if any.
  const token = await tokenOf(ctx.baseUrl, { ...ctx.customer, ...ctx.registered });
  return (await api(ctx.baseUrl, '/api/bookings', BookingListResponse, { token })).bookings.length;
}

/** The journey's one order, as its customer reads it through the API. */
async function theOrder(ctx: JourneyContext) {
  const token = await tokenOf(ctx.baseUrl, ctx.customer);
  const [summary] = (await api(ctx.baseUrl, '/api/orders', OrderListResponse, { token })).orders;
  if (!summary) throw new Error('The journey has no order');
  return api(ctx.baseUrl, `/api/orders/${summary.id}`, OrderRead, { token });
}

/** The journey's one booking (of the account that booked: the one created on the way, if any). */
async function theBooking(ctx: JourneyContext) {
  const token = await tokenOf(ctx.baseUrl, { ...ctx.customer, ...ctx.registered });
  const [booking] = (await api(ctx.baseUrl, '/api/bookings', BookingListResponse, { token })).bookings;
  if (!booking) throw new Error('The journey has no booking');
  return booking;
}

const statusPill = (page: Page, text: string) =>
  page.locator('.after-sale__head .status-pill', { hasText: text });
const PROOF_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

async function expectOrderConfirmed(page: Page, ctx: JourneyContext, paymentStatus: 'pending' | 'completed') {
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

/** What each state of the journey model looks like on the screen. */
export const stateAssertions = {
  backOfficeSignIn: async (page, ctx) => {
    await h1(page, 'Staff sign-in').waitFor();
    await expectRoute(page, ctx, '/admin');
    ctx.expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
  },
  backOfficeRefused: async (page, ctx) => {
    await h1(page, 'You don’t have access to the back office').waitFor();
    await expectRoute(page, ctx, '/admin');
    await page.getByRole('link', { name: 'Go to the shop' }).waitFor();
    ctx.expect(await page.getByRole('navigation', { name: 'Back office' }).count()).toBe(0);
  },
  staffToday: async (page, ctx) => {
    await h1(page, 'Today').waitFor();
    await expectRoute(page, ctx, '/admin');
    await page.getByRole('link', { name: /^Orders to pack/ }).waitFor();
  },
  staffOrdersToPack: async (page, ctx) => {
    await h1(page, 'Orders').waitFor();
    await expectRoute(page, ctx, '/admin/orders?status=processing');
    await page.getByRole('button', { name: /^Processing/, pressed: true }).waitFor();
  },
  staffSankalpSheet: async (page, ctx) => {
    await h1(page, 'Sankalp sheet').waitFor();
    await expectRoute(page, ctx, /^\/admin\/sankalp$/);
    await page.getByRole('button', { name: 'Print' }).waitFor();
  },
  home: async (page, ctx) => {
    await page.getByRole('heading', { name: 'Popular Pujas' }).waitFor();
    await expectRoute(page, ctx, '/');
  },
  pujaList: async (page, ctx) => {
    await h1(page, 'Pujas').waitFor();
    await expectRoute(page, ctx, '/pujas');
    await page.getByRole('link', { name: `View Details of ${ctx.data.openPuja.pujaName}` }).waitFor();
  },
  pujaDetailClosed: async (page, ctx) => {
    await h1(page, ctx.data.closedPuja.pujaName).waitFor();
    await page.getByText('Booking Closed').first().waitFor();
    const closed = page.getByRole('button', { name: /^Booking Closed / });
    await closed.first().waitFor();
    for (const button of await closed.all()) ctx.expect(await button.isDisabled()).toBe(true);
    ctx.expect(await page.getByRole('button', { name: /^Book / }).count()).toBe(0);
  },
  pujaDetailOpen: async (page, ctx) => {
    await h1(page, ctx.data.openPuja.pujaName).waitFor();
    await expectRoute(page, ctx, `/pujas/${ctx.data.openPuja.id}`);
    await page.getByText('Booking closes in:').waitFor();
    await expectEnabled(ctx, bookButton(page, ctx));
  },
  bookingSignIn: async (page, ctx) => {
    await h1(page, 'Welcome back').waitFor();
    await expectRoute(page, ctx, `/login?redirect=${encodeURIComponent(wizardRoute(ctx, 'details'))}`);
  },
  bookingRegister: async (page, ctx) => {
    await h1(page, 'Create your account').waitFor();
    await expectRoute(page, ctx, `/register?redirect=${encodeURIComponent(wizardRoute(ctx, 'details'))}`);
  },
  bookingDetails: async (page, ctx) => {
    await h2(page, 'Person Details').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'details'));
    await accountButton(page, ctx).waitFor();
    const count = ctx.data.pkg.noPersons;
    ctx
      .expect(await page.getByRole('group', { name: new RegExp(`^Person \\d of ${count}$`) }).count())
      .toBe(count);
    ctx.expect(await page.getByText(bookingMessages.nameRequired).count()).toBe(0);
  },
  bookingDetailsInvalid: async (page, ctx) => {
    await h2(page, 'Person Details').waitFor();
    await ctx.expect
      .poll(() => page.getByText(bookingMessages.nameRequired).count())
      .toBe(ctx.data.pkg.noPersons);
    ctx.expect(await page.getByText(bookingMessages.nakshatraRequired).count()).toBe(ctx.data.pkg.noPersons);
  },
  bookingAddress: async (page) => {
    await h2(page, 'Address').waitFor();
    await page.getByText('No addresses').waitFor();
  },
  bookingNoAddressAlert: async (page, ctx) => {
    await alertWith(page, pujaWizardMessages.addressRequired).waitFor();
    await h2(page, 'Address').waitFor();
    ctx.expect(ctx.dialogs).toEqual([]);
  },
  bookingBackAtAddress: async (page, ctx) => {
    await h2(page, 'Address').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'address'));
    await ctx.expect.poll(() => addressRadio(page).isChecked()).toBe(true);
  },
  bookingPaymentAgain: async (page, ctx) => {
    await h2(page, 'Payment').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'payment'));
    await page.getByRole('definition').filter({ hasText: person.name }).waitFor();
    await expectPayReady(page, ctx);
  },
  bookingAddressChosen: async (page, ctx) => {
    await h2(page, 'Address').waitFor();
    await ctx.expect.poll(() => addressRadio(page).isChecked()).toBe(true);
  },
  bookingPayment: async (page, ctx) => {
    await h2(page, 'Payment').waitFor();
    await page.getByRole('definition').filter({ hasText: person.name }).waitFor();
    await page.getByText(`${address.street}, ${address.area}, ${address.city}`).waitFor();
    await expectPayReady(page, ctx);
  },
  bookingPaymentFailed: async (page, ctx) => {
    await alertWith(page, bookingMessages.createFailed).waitFor();
    await h2(page, 'Payment').waitFor();
    await expectPayReady(page, ctx);
  },
  bookingClosed: async (page, ctx) => {
    await alertWith(page, pujaWizardMessages.closed).waitFor();
    await h2(page, 'Payment').waitFor();
    await expectEnabled(ctx, payButton(page, ctx), false);
  },
  bookingConfirmed: async (page, ctx) => {
    await h2(page, 'Booking Confirmed!').waitFor();
    await page.getByText(/^Booking number:/).waitFor();
    await page.getByRole('button', { name: 'View My Bookings' }).waitFor();
    // A retry after a failed attempt must not have created a second booking.
    ctx.expect(await bookingCount(ctx)).toBe(1);
  },
  productList: async (page, ctx) => {
    await page.getByLabel('Search products').waitFor();
    await expectRoute(page, ctx, '/products');
    // The first page of the catalogue (the list asks the server for a page at a time).
    await page.getByText(/^Showing [\d,]+ products?$/).waitFor();
    ctx.expect(await page.getByRole('article').count()).toBeGreaterThan(0);
  },
  productDetail: async (page, ctx) => {
    await h1(page, ctx.data.product.name).waitFor();
    await expectRoute(page, ctx, `/productDetails/${ctx.data.product.id}`);
    await expectEnabled(ctx, page.getByRole('button', { name: 'Add to Cart', exact: true }));
  },
  productInCart: async (page, ctx) => {
    await page.getByText('Added to cart.').waitFor();
    await ctx.expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
  },
  cartWithItems: async (page, ctx) => {
    await h1(page, 'Your Shopping Cart').waitFor();
    await page.getByRole('link', { name: ctx.data.product.name, exact: true }).waitFor();
    ctx
      .expect(await summaryValue(page, 'Subtotal').textContent())
      .toBe(formatRupees(ctx.data.money.subtotal));
    ctx.expect(await summaryValue(page, 'Total').textContent()).toBe(formatRupees(ctx.data.money.total));
  },
  couponRejected: async (page, ctx) => {
    await alertWith(page, couponMessages.invalid).waitFor();
    ctx.expect(await summaryValue(page, 'Total').textContent()).toBe(formatRupees(ctx.data.money.total));
  },
  couponApplied: async (page, ctx) => {
    const { discount, totalWithCoupon } = ctx.data.money;
    await page
      .getByText(`Coupon ${ctx.data.validCoupon} applied: you save ${formatRupees(discount)}.`)
      .waitFor();
    ctx.expect(await summaryValue(page, 'Total').textContent()).toBe(formatRupees(totalWithCoupon));
  },
  checkoutSignedOut: async (page, ctx) => {
    await h1(page, 'Welcome back').waitFor();
    await expectRoute(page, ctx, `/login?redirect=${encodeURIComponent('/checkout')}`);
  },
  checkoutNoAddress: async (page, ctx) => {
    await h1(page, 'Checkout').waitFor();
    await expectRoute(page, ctx, '/checkout');
    await page.getByText('No addresses').waitFor();
    await ctx.expect.poll(() => summaryValue(page, 'Total').textContent()).toBe(expectedTotal(ctx));
  },
  noAddressError: async (page) => {
    await alertWith(page, orderMessages.addressRequired).waitFor();
    await h1(page, 'Checkout').waitFor();
  },
  checkoutReady: async (page, ctx) => {
    await ctx.expect.poll(() => addressRadio(page).isChecked()).toBe(true);
    ctx.expect(await alertWith(page, orderMessages.addressRequired).count()).toBe(0);
    await expectEnabled(ctx, placeOrderButton(page));
  },
  orderFailed: async (page, ctx) => {
    await alertWith(page, orderMessages.createFailed).waitFor();
    await expectRoute(page, ctx, '/checkout');
    await expectEnabled(ctx, placeOrderButton(page));
    ctx.expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
  },
  orderConfirmedCod: async (page, ctx) => {
    await expectOrderConfirmed(page, ctx, 'pending');
    await page.getByText('Cash on Delivery').waitFor();
  },
  orderConfirmedOnline: async (page, ctx) => {
    await expectOrderConfirmed(page, ctx, 'completed');
    const paymentId = page.locator('dt', { hasText: 'Payment ID' }).locator('xpath=..').locator('dd');
    ctx.expect(await paymentId.textContent()).toMatch(/^pay_[A-Za-z0-9_-]+$/);
  },
  orderTracking: async (page, ctx) => {
    const order = await theOrder(ctx);
    await h1(page, `Order ${order.orderNumber}`).waitFor();
    await expectRoute(page, ctx, `/account/orders/${order.id}`);
    await statusPill(page, 'Processing').waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('Order placed').waitFor();
    await expectEnabled(ctx, page.getByRole('button', { name: 'Cancel order', exact: true }));
    await page.getByText(/^You can cancel until /).waitFor();
  },
  orderRefunded: async (page, ctx) => {
    const order = await theOrder(ctx);
    await statusPill(page, 'Refunded').waitFor();
    const refund = page.getByRole('region', { name: 'Refund' });
    await refund.getByText(`Refunded ${formatRupees(order.total)}`).waitFor();
    ctx.expect(await refund.textContent()).toContain('within 7-10 working days');
    await page.getByRole('list', { name: 'Timeline' }).getByText('Refund issued').waitFor();
    ctx.expect(await page.getByRole('button', { name: 'Cancel order', exact: true }).count()).toBe(0);
    ctx.expect(order).toMatchObject({ orderStatus: 'refunded', paymentStatus: 'refunded' });
  },
  bookingOpen: async (page, ctx) => {
    const booking = await theBooking(ctx);
    await h1(page, ctx.data.openPuja.pujaName).waitFor();
    await expectRoute(page, ctx, `/account/bookings/${booking.id}`);
    // Booked before the lock (bookings close there): the names can still be corrected, and the
    // booking cancelled within its hour.
    await statusPill(page, 'Confirmed').waitFor();
    await page.getByText(/^Names and details can be corrected until /).waitFor();
    await page.getByText(/^You can cancel until /).waitFor();
    await expectEnabled(ctx, page.getByRole('button', { name: 'Correct details', exact: true }));
    await expectEnabled(ctx, page.getByRole('button', { name: 'Cancel booking', exact: true }));
    ctx.expect(booking.status).toBe('confirmed');
  },
  bookingLocked: async (page, ctx) => {
    const booking = await theBooking(ctx);
    await h1(page, ctx.data.openPuja.pujaName).waitFor();
    await expectRoute(page, ctx, `/account/bookings/${booking.id}`);
    await statusPill(page, 'Sankalp locked').waitFor();
    // Its puja moved nearer (time.pujaDue), the lock fell before the booking was made: the page
    // says the names were locked when it was made, never before it existed (bookingLockAt).
    await page.getByText(/^The sankalp was locked on .*, when the booking was made/).waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('Sankalp locked').waitFor();
    ctx.expect(await page.getByRole('button', { name: 'Correct details' }).count()).toBe(0);
    ctx.expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
  },
  bookingPerformed: async (page, ctx) => {
    await statusPill(page, 'Performed').waitFor();
    const proof = page.getByRole('region', { name: 'Your puja was performed' });
    const link = proof.getByRole('link', { name: 'Watch the puja video on YouTube' });
    await link.waitFor();
    ctx.expect(await link.getAttribute('href')).toBe(PROOF_VIDEO);
    await proof.getByRole('button', { name: 'Play the video here' }).waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('Puja performed').waitFor();
  },
  giftForm: async (page, ctx) => {
    await h2(page, 'Address').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'address'));
    const form = page.getByRole('group', { name: 'Who receives the prasad' });
    await form.waitFor();
    ctx.expect(await form.getByLabel('Recipient name', { exact: true }).inputValue()).toBe('');
    // The recipient's address is typed for the gift: the address book is not offered.
    ctx.expect(await page.getByRole('button', { name: /Add new address/i }).count()).toBe(0);
  },
  giftFormInvalid: async (page, ctx) => {
    const form = page.getByRole('group', { name: 'Who receives the prasad' });
    await form.getByText(addressMessages.recipientNameRequired).waitFor();
    await h2(page, 'Address').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'address'));
    ctx
      .expect(await form.getByLabel('Recipient name', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
  },
  giftPayment: async (page, ctx) => {
    await h2(page, 'Payment').waitFor();
    await expectRoute(page, ctx, wizardRoute(ctx, 'payment'));
    await ctx.expect.poll(() => wizardSummary(page, 'Gift to').textContent()).toBe(giftAddressText);
    ctx.expect(await wizardSummary(page, 'Prasad card').textContent()).toBe(`“${gift.message}”`);
    ctx.expect(await wizardSummary(page, 'Amount').textContent()).toBe(formatRupees(amountToPay(ctx)));
    await expectPayReady(page, ctx);
  },
  giftConfirmed: async (page, ctx) => {
    await h2(page, 'Booking Confirmed!').waitFor();
    ctx.expect(await wizardSummary(page, 'Prasad card').textContent()).toBe(`“${gift.message}”`);
    ctx.expect(await wizardSummary(page, 'Gift to').textContent()).toContain(gift.street);
    const booking = await theBookingInFull(ctx);
    ctx.expect(booking.gift).toEqual({ message: gift.message });
    ctx.expect(booking.address).toMatchObject({
      recipientName: gift.recipientName,
      street: gift.street,
      city: gift.city,
      postalCode: gift.postalCode,
    });
    ctx.expect(booking.persons.map((p) => p.name)).toEqual([person.name]);
  },
  giftInMyBookings: async (page, ctx) => {
    await expectRoute(page, ctx, '/account/bookings');
    const row = page.getByRole('list', { name: 'My bookings' }).getByRole('listitem');
    await row.getByText(`Gift for ${gift.recipientName}`).waitFor();
    ctx.expect(await row.count()).toBe(1);
    // The recipient's address went with the gift, not into the giver's address book.
    const token = await bookerToken(ctx);
    const { addresses } = await api(ctx.baseUrl, '/api/addresses', AddressListResponse, { token });
    ctx.expect(addresses).toEqual([]);
  },
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
} satisfies Record<JourneyState, StateAssertion>;

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
    const count = ctx.data.pkg.noPersons;
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
} satisfies Record<JourneyEventType, EventAction>;
