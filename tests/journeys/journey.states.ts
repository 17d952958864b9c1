import { AddressListResponse, addressMessages } from '../../contract/address.ts';
import { bookingMessages } from '../../contract/booking.ts';
import { couponMessages, orderMessages } from '../../contract/orders.ts';
import { formatRupees } from '../../contract/money.ts';
import { pujaWizardMessages } from '../../machines/puja-wizard/puja-wizard.machine.ts';
import { api } from './journey.data.ts';
import type { JourneyState } from './journey.model.ts';
import type { StateAssertion } from './journey.page.ts';
import {
  accountButton,
  address,
  addressRadio,
  alertWith,
  amountToPay,
  bookButton,
  bookerToken,
  bookingCount,
  cartLink,
  expectedTotal,
  expectEnabled,
  expectOrderConfirmed,
  expectPayReady,
  expectRoute,
  gift,
  giftAddressText,
  h1,
  h2,
  payButton,
  person,
  placeOrderButton,
  PROOF_VIDEO,
  statusPill,
  summaryValue,
  theBooking,
  theBookingInFull,
  theOrder,
  wizardRoute,
  wizardSummary,
} from './journey.page.ts';
import { familyStates } from './journey.family-states.ts';
import { waitlistStates } from './journey.waitlist-states.ts';

/** What the shop's and the back office's states look like on the screen. */
const shopStates = {
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
} satisfies Partial<Record<JourneyState, StateAssertion>>;

/** What each state of the journey model looks like on the screen. */
export const stateAssertions = { ...shopStates, ...familyStates, ...waitlistStates } satisfies Record<
  JourneyState,
  StateAssertion
>;
