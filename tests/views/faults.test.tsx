import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingListResponse } from '../../contract/booking.ts';
import type { OrderListResponse } from '../../contract/orders.ts';
import { sessionMessages } from '../../machines/session/session.machine.ts';
import { App } from '../../src/app/app.tsx';
import type * as ForgotPasswordPageModule from '../../src/features/account/forgot-password-page.tsx';
import type * as AboutPageModule from '../../src/features/pages/about-page.tsx';
import type * as ContactPageModule from '../../src/features/pages/contact-page.tsx';
import { site } from '../../src/lib/config.ts';
import { formatRupees } from '../../contract/money.ts';
import { registerAndLogin, type Customer } from '../support/accounts.ts';
import { addPuja, person, type TestPuja } from '../support/bookings.ts';
import { addAddress, addProduct, send, stockOf } from '../support/orders.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { TOKEN_KEY, signInNewCustomer } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';
import { fillPerson } from '../support/screens.ts';

/**
 * Issue 7, the SPA's half of promise 2 (one request per submit; a retry after a network failure
 * reuses the Idempotency-Key) and of promise 7 (with the API down or slow: error and retry
 * states, never a blank screen, error boundaries per route, recovery without a reload, the
 * session and the cart kept). The real API app answers in process; faults are injected at fetch.
 */

// Two pages that can be made to fail on demand, without shipping a test hook in the app: About
// throws while rendering, Contact's code cannot be "downloaded" (its lazy import rejects the way a
// browser's does when a chunk request fails).
const faults = vi.hoisted(() => ({
  aboutThrows: false,
  contactDownloadFails: false,
  forgotDownloadFails: false,
}));

/**
 * A page module whose page cannot be had while `faults[flag]` is set: its lazy import rejects as
 * a browser's does when the chunk (named for the page, contact-page.js) fails to download.
 */
const failingDownload = vi.hoisted(
  () =>
    <M extends object>(
      actual: M,
      page: keyof M & string,
      flag: 'contactDownloadFails' | 'forgotDownloadFails',
    ) =>
      Object.defineProperty({ ...actual }, page, {
        enumerable: true,
        get() {
          if (faults[flag]) {
            const chunk = page.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase();
            throw new TypeError(
              `Failed to fetch dynamically imported module: http://shop.test/assets/${chunk}.js`,
            );
          }
          return actual[page];
        },
      }),
);

vi.mock('../../src/features/pages/about-page.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof AboutPageModule>();
  return {
    ...actual,
    AboutPage: () => {
      if (faults.aboutThrows) throw new Error('Cannot read properties of undefined (reading "map")');
      return actual.AboutPage();
    },
  };
});

vi.mock('../../src/features/pages/contact-page.tsx', async (importOriginal) =>
  failingDownload(await importOriginal<typeof ContactPageModule>(), 'ContactPage', 'contactDownloadFails'),
);
vi.mock('../../src/features/account/forgot-password-page.tsx', async (importOriginal) =>
  failingDownload(
    await importOriginal<typeof ForgotPasswordPageModule>(),
    'ForgotPasswordPage',
    'forgotDownloadFails',
  ),
);

const CART_KEY = 'shop.cart';
const PAGE = { timeout: 5000 };
/** The simulated payment takes 2 s, then the booking is created. */
const PAYMENT = { timeout: 6000 };
const HOME_TITLE = 'Book pujas and talk to astrologers on the go';

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop);
let puja: TestPuja;
const products: Record<string, { id: number; offerPrice: number }> = {};
const LAMP = 'Faults Brass Diya';
const BELL = 'Faults Pooja Bell';

beforeAll(async () => {
  puja = await addPuja(shop.db, { closesInDays: 30 });
  for (const [name, offerPrice] of [
    [LAMP, 650],
    [BELL, 480],
  ] as const) {
    products[name] = { id: await addProduct(shop.db, { name, offerPrice, stockQuantity: 100 }), offerPrice };
  }
});
beforeEach(() => {
  faults.aboutThrows = false;
  faults.contactDownloadFails = false;
  faults.forgotDownloadFails = false;
});
afterEach(() => {
  vi.restoreAllMocks();
});
const signIn = (name = 'Asha Rao') => signInNewCustomer(shop.app, { name });

function seedCart(lines: [string, number][]) {
  const items = lines.map(([name, quantity]) => ({
    id: products[name]!.id,
    name,
    image: '/images/products/test.svg',
    price: products[name]!.offerPrice,
    quantity,
    stockQuantity: 100,
  }));
  localStorage.setItem(CART_KEY, JSON.stringify({ items, discountAmount: 0 }));
}

const storedCart = () =>
  JSON.parse(localStorage.getItem(CART_KEY) ?? '{"items":[]}') as {
    items: { id: number; quantity: number }[];
  };

const posts = (path: string) => net.calls.filter((call) => call.method === 'POST' && call.path === path);
const keysOf = (path: string) => posts(path).map((call) => call.headers.get('idempotency-key'));

async function ordersOf(customer: Customer) {
  const res = await send(shop.app, 'GET', '/api/orders', { token: customer.token });
  return (res.body as OrderListResponse).orders;
}

async function bookingsOf(customer: Customer) {
  const res = await send(shop.app, 'GET', '/api/bookings', { token: customer.token });
  return (res.body as BookingListResponse).bookings;
}

const header = () => screen.getByRole('banner');
const footer = () => screen.getByRole('contentinfo');
const cartLink = () => within(header()).getByRole('link', { name: /^Cart, \d+ items?$/ });
/** The visible page, so an assertion can tell "something is there" from a blank screen. */
const mainText = () => screen.getByRole('main').textContent?.trim() ?? '';

/**
 * The app was not reloaded or remounted: the header is still the very element rendered at the
 * start (a reload, or a crash that took the whole tree down, would replace it).
 */
function sameApp() {
  const first = header();
  return () => expect(header()).toBe(first);
}

/* ---------------------------------------------------------------------------------------------
 * Checkout and wizard helpers
 * ------------------------------------------------------------------------------------------- */

const placeOrderButton = () =>
  screen.getByRole('button', { name: /^(Place Order|Processing payment\.\.\.|Placing order\.\.\.)$/ });

/** /checkout with an address chosen and cash on delivery. */
/** A new customer, signed in, with one saved address (MG Road 100). */
async function signInWithAddress() {
  const user = userEvent.setup();
  const customer = await signIn();
  await addAddress(shop.app, customer);
  return { user, customer };
}

async function openCheckoutForCod(user: UserEvent) {
  renderAppAt('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Checkout' }, PAGE);
  await waitFor(() => expect(screen.getByRole('radio', { name: /MG Road 100/ })).toBeChecked(), PAGE);
  await user.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
  expect(placeOrderButton()).toBeEnabled();
}

/** Opens the wizard as the puja page's Book button does, fills one person, picks the address, reaches Payment. */
async function openWizardAtPayment(user: UserEvent) {
  const pkg = puja.packages[1]!;
  window.history.replaceState(null, '', `#/puja-booking/${puja.id}?package=${pkg.id}&step=details`);
  render(<App />);
  await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
  await fillPerson(user, 0, 1, person({ name: 'Asha Rao' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Address' });
  await waitFor(() => expect(screen.getByRole('radio', { name: /MG Road 100/ })).toBeChecked(), PAGE);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Payment' });
  await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
  await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
  return screen.getByRole('button', { name: `Pay ${formatRupees(pkg.offerPrice)}` });
}

/* ---------------------------------------------------------------------------------------------
 * Promise 2 (client): a double click sends one request
 * ------------------------------------------------------------------------------------------- */

describe('promise 2 (SPA): a double click sends one request', () => {
  it('login: a double click on Sign in, and another submit while the answer is pending, send one POST /api/auth/login', async () => {
    const user = userEvent.setup();
    const customer = await registerAndLogin(shop.app, { name: 'Double Click Dev' });
    renderAppAt('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, PAGE);
    await user.type(screen.getByLabelText('Email address'), customer.email);
    await user.type(screen.getByLabelText('Password'), customer.password);

    const release = net.hold(/^\/api\/auth\/login$/);
    await user.dblClick(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    // A submit that gets past the disabled button (Enter in a field) is refused by the session machine.
    fireEvent.submit(screen.getByLabelText('Password').closest('form')!);
    release();

    expect(
      await within(header()).findByRole('button', { name: customer.user.name }, PAGE),
    ).toBeInTheDocument();
    expect(posts('/api/auth/login')).toHaveLength(1);
  });

  it('checkout (cash on delivery): a double click on Place Order sends one POST /api/orders and makes one order', async () => {
    const { user, customer } = await signInWithAddress();
    seedCart([[LAMP, 1]]);
    await openCheckoutForCod(user);

    const release = net.hold(/^\/api\/orders$/);
    await user.dblClick(placeOrderButton());
    expect(placeOrderButton()).toHaveTextContent('Placing order...');
    expect(placeOrderButton()).toBeDisabled();
    await user.click(placeOrderButton());
    release();

    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
    expect(posts('/api/orders')).toHaveLength(1);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('booking wizard: a double click on Pay sends one POST /api/bookings and makes one booking', async () => {
    const { user, customer } = await signInWithAddress();
    const pay = await openWizardAtPayment(user);

    await user.dblClick(pay);
    const busy = screen.queryByRole('button', {
      name: /^(Processing payment\.\.\.|Creating booking\.\.\.)$/,
    });
    if (busy) {
      expect(busy).toBeDisabled();
      await user.click(busy);
    }

    await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);
    expect(posts('/api/bookings')).toHaveLength(1);
    expect(await bookingsOf(customer)).toHaveLength(1);
  });
});

/* ---------------------------------------------------------------------------------------------
 * Promise 2 (client): a retry after a network failure reuses the Idempotency-Key
 * ------------------------------------------------------------------------------------------- */

// "request lost": the connection fails before the API sees the request. "answer lost": the API
// creates the record, then the connection drops before the answer arrives; only the reused key
// keeps the retry from creating a second record.
const failures = [
  ['the request is lost', 'request'],
  ['the answer is lost after the server acted', 'answer'],
] as const;

function breakNetwork(path: RegExp, what: 'request' | 'answer') {
  if (what === 'request') net.failNetwork(path);
  else net.loseResponse(path);
}

function healNetwork() {
  net.failNetwork(null);
  net.loseResponse(null);
}

describe('promise 2 (SPA): a retry after a network failure reuses the Idempotency-Key', () => {
  it.each(failures)(
    'checkout: when %s, Place Order again sends the same Idempotency-Key and one order exists',
    async (_, what) => {
      const { user, customer } = await signInWithAddress();
      seedCart([[BELL, 2]]);
      const stockBefore = await stockOf(shop.db, products[BELL]!.id);
      await openCheckoutForCod(user);

      breakNetwork(/^\/api\/orders$/, what);
      await user.click(placeOrderButton());
      expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent('Failed to create order');
      expect(placeOrderButton()).toBeEnabled();
      expect(await ordersOf(customer)).toHaveLength(what === 'answer' ? 1 : 0);

      healNetwork();
      await user.click(placeOrderButton());
      await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);

      const [key, ...retries] = keysOf('/api/orders');
      expect(key).toMatch(/^idk_/);
      expect(retries).toEqual([key]);
      const orders = await ordersOf(customer);
      expect(orders).toHaveLength(1);
      expect(window.location.hash).toBe(`#/order-confirmation/${orders[0]!.id}`);
      expect(await stockOf(shop.db, products[BELL]!.id)).toBe(stockBefore - 2);
      expect(storedCart().items).toEqual([]);
    },
  );

  it.each(failures)(
    'booking wizard: when %s, Pay again sends the same Idempotency-Key and one booking exists',
    async (_, what) => {
      const { user, customer } = await signInWithAddress();
      const pay = await openWizardAtPayment(user);

      breakNetwork(/^\/api\/bookings$/, what);
      await user.click(pay);
      expect(await screen.findByRole('alert', {}, PAYMENT)).toHaveTextContent('Failed to create booking');
      expect(await bookingsOf(customer)).toHaveLength(what === 'answer' ? 1 : 0);

      healNetwork();
      await user.click(screen.getByRole('button', { name: pay.textContent }));
      await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);

      const [key, ...retries] = keysOf('/api/bookings');
      expect(key).toMatch(/^idk_/);
      expect(retries).toEqual([key]);
      const bookings = await bookingsOf(customer);
      expect(bookings).toHaveLength(1);
      expect(screen.getByText(bookings[0]!.bookingNumber)).toBeInTheDocument();
    },
  );
});

/* ---------------------------------------------------------------------------------------------
 * Promise 7 (client): error boundaries per route
 * ------------------------------------------------------------------------------------------- */

describe('promise 7 (SPA): an error boundary per route', () => {
  it('a page that throws while rendering shows "Something went wrong on this page." with Retry; the shell stays, other routes work, Retry recovers', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    seedCart([[LAMP, 3]]);
    faults.aboutThrows = true;
    renderAppAt('/about');
    const stillSameApp = sameApp();

    const alert = await screen.findByRole('alert', {}, PAGE);
    expect(alert).toHaveTextContent('Something went wrong on this page.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
    // The shell around the route still works: navigation, the cart, the footer.
    expect(within(header()).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(cartLink()).toHaveAccessibleName('Cart, 3 items');
    expect(footer()).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Route crashed', expect.any(Error), expect.any(String));

    // Another route opens without a reload.
    await user.click(within(header()).getByRole('link', { name: 'Pujas' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pujas' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on this page.')).not.toBeInTheDocument();

    // Back on the broken page, Retry renders it again in place once it no longer throws.
    window.location.hash = '#/about';
    const again = await screen.findByRole('alert', {}, PAGE);
    faults.aboutThrows = false;
    await user.click(within(again).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `About ${site.brand}` }, PAGE),
    ).toBeInTheDocument();
    expect(cartLink()).toHaveAccessibleName('Cart, 3 items');
    stillSameApp();
  });

  it('a page whose code cannot be downloaded says "This page could not be loaded. Check your connection."; Retry downloads it again without a reload', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const customer = await signIn('Meera Krishnan');
    faults.contactDownloadFails = true;
    renderAppAt('/contact');
    const stillSameApp = sameApp();

    const alert = await screen.findByRole('alert', {}, PAGE);
    expect(alert).toHaveTextContent('This page could not be loaded. Check your connection.');
    expect(
      await within(header()).findByRole('button', { name: customer.user.name }, PAGE),
    ).toBeInTheDocument();

    // Still failing: Retry shows the same message again, nothing else.
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent('This page could not be loaded.');

    faults.contactDownloadFails = false;
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: customer.user.name })).toBeInTheDocument();
    stillSameApp();
  });

  it('a page whose download failed is downloaded again when the visitor navigates back to it', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    faults.forgotDownloadFails = true;
    renderAppAt('/forgot-password');
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent('This page could not be loaded.');

    faults.forgotDownloadFails = false;
    await user.click(within(header()).getByRole('link', { name: 'Products' }));
    await screen.findByRole('heading', { level: 1, name: 'Our Products' }, PAGE);
    window.location.hash = '#/forgot-password';
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }, PAGE),
    ).toBeInTheDocument();
  });
});

/* ---------------------------------------------------------------------------------------------
 * Promise 7 (client): the API down
 * ------------------------------------------------------------------------------------------- */

describe('promise 7 (SPA): with the API down', () => {
  it('home shows an error with Retry in each of its four sections (never a blank page); Retry recovers each', async () => {
    const user = userEvent.setup();
    net.failNetwork(/./);
    renderAppAt('/');
    await screen.findByRole('heading', { level: 1, name: HOME_TITLE }, PAGE);
    const sections = {
      'Popular Pujas': 'Failed to fetch pujas',
      'Shop by Category': 'Failed to fetch categories',
      'Featured Products': 'Failed to fetch products',
      'Our Top Astrologers': 'Failed to fetch astrologers',
    };
    const sectionOf = (title: string) =>
      screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement;
    for (const [title, message] of Object.entries(sections)) {
      expect(await within(sectionOf(title)).findByRole('alert', {}, PAGE)).toHaveTextContent(message);
    }
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(4);

    net.failNetwork(null);
    for (const title of Object.keys(sections)) {
      await user.click(within(sectionOf(title)).getByRole('button', { name: 'Retry' }));
      await waitFor(
        () => expect(within(sectionOf(title)).queryByRole('alert')).not.toBeInTheDocument(),
        PAGE,
      );
    }
    expect(await within(sectionOf('Popular Pujas')).findAllByRole('listitem')).not.toHaveLength(0);
    expect(await within(sectionOf('Featured Products')).findAllByRole('listitem')).not.toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['/pujas', 'Pujas', 'Failed to fetch pujas', 'Pujas'],
    ['/products', 'Our Products', 'Failed to fetch products', undefined],
  ])(
    '%s shows its heading and "%s" error banner with Retry; Retry recovers',
    async (path, title, message, list) => {
      const user = userEvent.setup();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      net.failNetwork(/./);
      renderAppAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: title }, PAGE)).toBeInTheDocument();
      const alert = await screen.findByRole('alert', {}, PAGE);
      expect(alert).toHaveTextContent(message);

      net.failNetwork(null);
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), PAGE);
      if (list) expect(await screen.findByRole('list', { name: list })).toBeInTheDocument();
      else expect(await screen.findByText(/^Showing \d+ products?$/, {}, PAGE)).toBeInTheDocument();
    },
  );

  it('a signed-in customer with a cart stays signed in and keeps the cart through an outage, and recovers without a reload', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const customer = await signIn('Lakshmi Iyer');
    seedCart([
      [LAMP, 2],
      [BELL, 1],
    ]);
    renderAppAt('/account');
    const stillSameApp = sameApp();
    expect(
      await within(header()).findByRole('button', { name: customer.user.name }, PAGE),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'My Account' }, PAGE);
    expect(cartLink()).toHaveAccessibleName('Cart, 3 items');

    // The API goes away: every screen the customer opens says so, with Retry; nobody is signed out.
    net.failNetwork(/./);
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent('Failed to fetch orders');
    await user.click(within(header()).getByRole('link', { name: 'Pujas' }));
    const pujasAlert = await screen.findByRole('alert', {}, PAGE);
    expect(pujasAlert).toHaveTextContent('Failed to fetch pujas');
    await user.click(cartLink());
    expect(await screen.findByRole('heading', { level: 3, name: LAMP }, PAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: BELL })).toBeInTheDocument();
    await user.click(within(header()).getByRole('link', { name: 'Pujas' }));
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent('Failed to fetch pujas');

    expect(within(header()).getByRole('button', { name: customer.user.name })).toBeInTheDocument();
    expect(cartLink()).toHaveAccessibleName('Cart, 3 items');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(customer.token);
    expect(storedCart().items.map((item) => item.quantity)).toEqual([2, 1]);

    // The API is back: Retry recovers the screen; session and cart are as they were.
    net.failNetwork(null);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Pujas' }, PAGE)).toBeInTheDocument();
    await user.click(within(header()).getByRole('button', { name: customer.user.name }));
    await user.click(screen.getByRole('menuitem', { name: 'My Orders' }));
    expect(await screen.findByText(/no orders/i, {}, PAGE)).toBeInTheDocument();
    expect(cartLink()).toHaveAccessibleName('Cart, 3 items');
    stillSameApp();
  });

  it('a stored sign-in the API cannot check is kept (not signed out): customer pages offer Retry, and the name returns with the API', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const customer = await signIn('Priya Venkatesh');
    seedCart([[LAMP, 1]]);
    net.failNetwork(/./);
    renderAppAt('/account');

    // Not sent to /login, not a blank page: the session check failed, Retry is offered.
    const alert = await screen.findByRole('alert', {}, PAGE);
    expect(alert).toHaveTextContent(sessionMessages.checkFailed);
    expect(window.location.hash).toBe('#/account');
    expect(within(header()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(customer.token);
    expect(cartLink()).toHaveAccessibleName('Cart, 1 item');
    expect(storedCart().items).toHaveLength(1);

    // Retry while still down: the same offer, the token still kept.
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent(sessionMessages.checkFailed);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(customer.token);

    // The API is back: Retry signs the customer in again, on the page they asked for.
    net.failNetwork(null);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(
      await within(header()).findByRole('button', { name: customer.user.name }, PAGE),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /My Account/ }, PAGE)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(customer.token);
    expect(cartLink()).toHaveAccessibleName('Cart, 1 item');
  });

  it('a session left unchecked by an outage is checked again as soon as any API call succeeds (Retry on another screen)', async () => {
    const user = userEvent.setup();
    const customer = await signIn('Kavya Nair');
    net.failNetwork(/./);
    renderAppAt('/pujas');
    const alert = await screen.findByRole('alert', {}, PAGE);
    expect(alert).toHaveTextContent('Failed to fetch pujas');
    expect(within(header()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    net.failNetwork(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Pujas' }, PAGE)).toBeInTheDocument();
    expect(
      await within(header()).findByRole('button', { name: customer.user.name }, PAGE),
    ).toBeInTheDocument();
  });

  it('a server error (500) on the session check keeps the customer: Retry, then signed in', async () => {
    const user = userEvent.setup();
    const customer = await signIn('Ravi Shankar');
    const routed = globalThis.fetch;
    let broken = true;
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test');
      if (broken && url.pathname === '/api/auth/me')
        return new Response(JSON.stringify({ message: 'Internal server error' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      return routed(input, init);
    };
    renderAppAt('/checkout');
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent(sessionMessages.checkFailed);
    expect(window.location.hash).toBe('#/checkout');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(customer.token);

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' }, PAGE)).toBeInTheDocument();
    expect(
      await within(header()).findByRole('button', { name: customer.user.name }, PAGE),
    ).toBeInTheDocument();
  });

  it('a stored cart is kept when the catalogue cannot be read to check it', async () => {
    net.failNetwork(/./);
    seedCart([
      [LAMP, 2],
      [BELL, 3],
    ]);
    renderAppAt('/cart');
    expect(await screen.findByRole('heading', { level: 3, name: LAMP }, PAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: BELL })).toBeInTheDocument();
    await waitFor(() => expect(net.requests).toContain('/products'));
    expect(cartLink()).toHaveAccessibleName('Cart, 5 items');
    expect(storedCart().items.map((item) => item.quantity)).toEqual([2, 3]);
    expect(mainText()).not.toBe('');
  });
});

/* ---------------------------------------------------------------------------------------------
 * Promise 7 (client): the API slow
 * ------------------------------------------------------------------------------------------- */

describe('promise 7 (SPA): with the API slow', () => {
  it('/pujas shows a spinner (role status) while the answer is on its way, then the cards', async () => {
    const release = net.hold(/^\/pujas$/);
    renderAppAt('/pujas');
    await screen.findByRole('heading', { level: 1, name: 'Pujas' }, PAGE);
    expect(screen.getByRole('status')).toHaveTextContent('Loading pujas...');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pujas' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('list', { name: 'Pujas' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a slow session check shows "Checking your session..." on a customer page, then the page', async () => {
    const customer = await signIn('Sunita Menon');
    const release = net.hold(/^\/api\/auth\/me$/);
    renderAppAt('/account');
    expect(await screen.findByRole('status', {}, PAGE)).toHaveTextContent('Checking your session...');
    expect(window.location.hash).toBe('#/account');

    release();
    expect(await screen.findByRole('heading', { level: 1, name: /My Account/ }, PAGE)).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: customer.user.name })).toBeInTheDocument();
  });

  it('a slow order creation keeps Place Order disabled with "Placing order..." until the answer', async () => {
    const { user, customer } = await signInWithAddress();
    seedCart([[LAMP, 1]]);
    await openCheckoutForCod(user);

    const release = net.hold(/^\/api\/orders$/);
    await user.click(placeOrderButton());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(placeOrderButton()).toHaveTextContent('Placing order...');
    expect(placeOrderButton()).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Cash on Delivery/ })).toBeDisabled();

    release();
    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
    expect(await ordersOf(customer)).toHaveLength(1);
  });
});
