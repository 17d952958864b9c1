import type { Locator, Page } from 'playwright-core';
import { fillAddressForm } from '../e2e/browser.ts';
import type { ExpectStatic } from 'vitest';
import { authMessages } from '../../contract/auth.ts';
import { BookingListResponse, bookingMessages } from '../../contract/booking.ts';
import { AdminBookingResponse } from '../../contract/admin.ts';
import { OrderListResponse, OrderRead, couponMessages, orderMessages } from '../../contract/orders.ts';
import { formatRupees } from '../../contract/money.ts';
import { DECLINED_UPI_ID, paymentMessages } from '../../contract/payments.ts';
import { pujaWizardMessages } from '../../machines/puja-wizard/puja-wizard.machine.ts';
import { api, tokenOf, type Customer, type JourneyData } from './journey.data.ts';
import type { JourneyEventType, JourneyState } from './journey.model.ts';

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

/** The wizard's route for the journey's package at a step. */
const wizardRoute = (ctx: JourneyContext, step: string) =>
  `/puja-booking/${ctx.data.openPuja.id}?package=${ctx.data.pkg.id}&step=${step}`;

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
  page.getByRole('button', { name: `Pay ${formatRupees(ctx.data.pkg.offerPrice)}`, exact: true });
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

const person = {
  name: 'Meera Krishnan',
  dateOfBirth: '1990-07-21',
  birthTime: '05:30',
  birthPlace: 'Thanjavur',
  raashi: 'Tula (Libra)',
  nakshatra: 'Swati',
  gothra: 'Vasishta',
};

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
    await h1(page, 'Welcome back').waitFor();
    await expectRoute(page, ctx, `/login?redirect=${encodeURIComponent('/admin')}`);
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
  bookingSignInRegistered: async (page, ctx) => {
    await h1(page, 'Welcome back').waitFor();
    await page.getByText(authMessages.registered).waitFor();
    await expectRoute(page, ctx, `/login?redirect=${encodeURIComponent(wizardRoute(ctx, 'details'))}`);
    ctx.expect(await page.getByLabel('Email address').inputValue()).toBe(ctx.registered?.email);
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
  bookingLocked: async (page, ctx) => {
    const booking = await theBooking(ctx);
    await h1(page, ctx.data.openPuja.pujaName).waitFor();
    await expectRoute(page, ctx, `/account/bookings/${booking.id}`);
    await statusPill(page, 'Sankalp locked').waitFor();
    await page.getByText(/^The sankalp was locked on .*12 hours before the puja/).waitFor();
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
      await group.getByLabel('Raashi').selectOption(person.raashi);
      await group.getByLabel('Nakshatra').selectOption(person.nakshatra);
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
  'time.pujaDatePassed': async (page, ctx) => {
    const now = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Date.parse(ctx.data.openPuja.pujaDate) - now + 60_000);
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
    await page.getByRole('link', { name: ctx.data.openPuja.pujaName, exact: true }).first().click();
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
} satisfies Record<JourneyEventType, EventAction>;
