import { addressInput } from '../support/addresses.ts';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { inject } from 'vitest';
import type { OrderListResponse } from '../../contract/orders.ts';
import { TOKEN_KEY, browserForFile, watchConsole } from './browser.ts';
import { api, type ApiProduct, registeredToken } from './shop-api.ts';

/**
 * Issue 7 in Chromium, against the real built server: the SPA's half of promise 7 (the API down
 * or slow: error and retry states, never a blank screen, recovery without a reload, the session
 * and the cart kept; a page whose code cannot be downloaded) and of promise 2 (a double click
 * sends one order; a retry after a lost answer reuses the Idempotency-Key). Faults are made
 * with page.route: abort (a dropped connection), a delay, or the server's answer thrown away.
 */

const baseUrl = inject('baseUrl');
const browser = browserForFile();

let counter = 0;

/** A new customer with a delivery address, signed in through the API. */
async function newCustomer(name: string) {
  const token = await registeredToken(name, `faults.${Date.now()}.${++counter}@example.in`);
  await api('/api/addresses', {
    method: 'POST',
    token,
    json: addressInput({ street: '9, Car Street', area: 'Car Street', city: 'Udupi', postalCode: '576101' }),
  });
  return { name, token };
}

async function stockedProduct(): Promise<ApiProduct> {
  const { products } = await api<{ products: ApiProduct[] }>('/products');
  const product = products.find((p) => p.stockQuantity >= 20);
  if (!product) throw new Error('The demo catalogue lacks a stocked product');
  return product;
}

/** A page whose local storage holds the customer's token (and, if given, a cart) on first load. */
async function newPage({
  token,
  cart,
}: { token?: string; cart?: { product: ApiProduct; quantity: number } } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ([tokenKey, value, cartJson]) => {
      if (value && !localStorage.getItem(tokenKey)) localStorage.setItem(tokenKey, value);
      if (cartJson && !localStorage.getItem('shop.cart')) localStorage.setItem('shop.cart', cartJson);
    },
    [
      TOKEN_KEY,
      token ?? '',
      cart
        ? JSON.stringify({
            items: [
              {
                id: cart.product.id,
                name: cart.product.name,
                image: '/images/products/x.svg',
                price: cart.product.offerPrice,
                quantity: cart.quantity,
                stockQuantity: cart.product.stockQuantity,
              },
            ],
            discountAmount: 0,
          })
        : '',
    ] as const,
  );
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** Every request the SPA makes to the API (JSON paths on the same origin as the app). */
const API_PATH = /^\/(api|pujas|packages|products|productDetails|categories|astrologers)(\/|$)/;
const isApi = (url: URL) => url.origin === baseUrl && API_PATH.test(url.pathname);

/** Sets a marker on the window: if it is still there later, the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { faultsMarker: string }).faultsMarker = 'no reload';
  });
  return async () =>
    expect(await page.evaluate(() => (window as unknown as { faultsMarker?: string }).faultsMarker)).toBe(
      'no reload',
    );
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ });
const userMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /pujas, with or without a query (the list asks for a page: `/pujas?limit=24&offset=0`). */
const PUJA_LIST = (url: URL) => url.pathname === '/pujas';

describe('promise 7 in Chromium: the API down or slow', () => {
  it('with GET /pujas aborted the list shows "Failed to fetch pujas" and Retry; once it answers, Retry shows the cards without a reload', async () => {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/#/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const notReloaded = await markPage(page);

    const abort = (route: Route) => route.abort('internetdisconnected');
    // The list asks for a page of pujas: /pujas with a query.
    await page.route(PUJA_LIST, abort);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pujas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pujas' }).waitFor();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Failed to fetch pujas' }).waitFor();
    expect(await page.getByRole('list', { name: 'Pujas' }).count()).toBe(0);

    await page.unroute(PUJA_LIST, abort);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('list', { name: 'Pujas' }).waitFor();
    expect(await page.getByRole('list', { name: 'Pujas' }).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await notReloaded();
    await context.close();
  });

  it('the cart count and the signed-in name survive an outage of every API call, and the screens recover without a reload', async () => {
    const customer = await newCustomer('Gayathri Rao');
    const product = await stockedProduct();
    const { context, page } = await newPage({ token: customer.token, cart: { product, quantity: 2 } });
    await page.goto(`${baseUrl}/#/account`);
    await userMenu(page, customer.name).waitFor();
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items');
    const notReloaded = await markPage(page);

    // The API goes down: every screen says so with Retry; the customer and the cart stay.
    const abort = (route: Route) => route.abort('connectionrefused');
    await page.route(isApi, abort);
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch orders' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch products' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(4);
    await cartLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'Your Shopping Cart' }).waitFor();
    await page.getByRole('heading', { level: 3, name: product.name }).waitFor();
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items');
    expect(await userMenu(page, customer.name).isVisible()).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBe(customer.token);

    // The API is back: Retry recovers the screens, with the same customer and cart.
    await page.unroute(isApi, abort);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pujas' }).click();
    await page.getByRole('list', { name: 'Pujas' }).waitFor();
    await userMenu(page, customer.name).click();
    await page.getByRole('menuitem', { name: 'My Orders' }).click();
    await page.getByText('No orders').waitFor();
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items');
    expect(await userMenu(page, customer.name).isVisible()).toBe(true);
    await notReloaded();
    await context.close();
  });

  it('opened while the API is down: no sign-out, no blank page; Retry recovers the session and the page once it is back', async () => {
    const customer = await newCustomer('Harish Bhat');
    const product = await stockedProduct();
    const { context, page } = await newPage({ token: customer.token, cart: { product, quantity: 1 } });
    const abort = (route: Route) => route.abort('connectionrefused');
    await page.route(isApi, abort);
    await page.goto(`${baseUrl}/#/account`);

    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'We could not check your sign-in' }).waitFor();
    expect(page.url()).toMatch(/#\/account$/);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBe(customer.token);
    const notReloaded = await markPage(page);

    await page.unroute(isApi, abort);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await userMenu(page, customer.name).waitFor();
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    await notReloaded();
    await context.close();
  });

  it('a slow API shows the loading spinner (role status), then the content', async () => {
    const { context, page } = await newPage();
    const slow = async (route: Route) => {
      await sleep(1500);
      await route.continue();
    };
    await page.route(PUJA_LIST, slow);
    const started = Date.now();
    await page.goto(`${baseUrl}/#/pujas`);
    await page.getByRole('heading', { level: 1, name: 'Pujas' }).waitFor();
    const spinner = page.getByRole('main').getByRole('status');
    await spinner.waitFor();
    expect(await spinner.textContent()).toContain('Loading pujas...');

    await page.getByRole('list', { name: 'Pujas' }).waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await page.getByRole('main').getByRole('status').count()).toBe(0);
    await context.close();
  });

  it('a page whose code cannot be downloaded says "This page could not be loaded. Check your connection."; Retry loads it without a reload', async () => {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/#/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const notReloaded = await markPage(page);

    const abort = (route: Route) => route.abort('internetdisconnected');
    await page.route('**/assets/contact-page-*.js', abort);
    await page.goto(`${baseUrl}/#/contact`);
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'This page could not be loaded. Check your connection.' }).waitFor();
    // The shell is all there around the failed route.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);

    await page.unroute('**/assets/contact-page-*.js', abort);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await notReloaded();
    await context.close();
  });
});

describe('promise 2 in Chromium: one order per Place Order', () => {
  const placeOrder = (page: Page) =>
    page.getByRole('button', { name: /^(Place Order|Placing order\.\.\.)$/ });

  async function openCheckout(customer: { token: string }) {
    const product = await stockedProduct();
    const opened = await newPage({ token: customer.token, cart: { product, quantity: 1 } });
    const { page } = opened;
    await page.goto(`${baseUrl}/#/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /Car Street/ }).isChecked()).toBe(true);
    await page.getByText('Cash on Delivery').click();
    const orderPosts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders')
        orderPosts.push(request);
    });
    return { ...opened, orderPosts };
  }

  const ordersOf = async (token: string) => (await api<OrderListResponse>('/api/orders', { token })).orders;

  it('a double click on Place Order (cash on delivery) sends one POST /api/orders', async () => {
    const customer = await newCustomer('Deepa Shetty');
    const { context, page, orderPosts } = await openCheckout(customer);
    const slow = async (route: Route) => {
      await sleep(500);
      await route.continue();
    };
    await page.route('**/api/orders', slow);

    await placeOrder(page).dblclick();
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    expect(orderPosts).toHaveLength(1);
    expect(await ordersOf(customer.token)).toHaveLength(1);
    await context.close();
  });

  it('the answer to POST /api/orders is lost after the server acted: Place Order again reuses the Idempotency-Key and one order exists', async () => {
    const customer = await newCustomer('Suresh Kamath');
    const { context, page, orderPosts, errors } = await openCheckout(customer);
    const loseAnswer = async (route: Route) => {
      await route.fetch(); // the server creates the order ...
      await route.abort('connectionreset'); // ... and the browser never hears of it
    };
    await page.route('**/api/orders', loseAnswer, { times: 1 });

    await placeOrder(page).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to create order' }).waitFor();
    expect(await ordersOf(customer.token)).toHaveLength(1);
    await expect.poll(() => placeOrder(page).isEnabled()).toBe(true);

    await placeOrder(page).click();
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    const keys = await Promise.all(orderPosts.map((request) => request.headerValue('idempotency-key')));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^idk_/);
    expect(keys[1]).toBe(keys[0]);
    const orders = await ordersOf(customer.token);
    expect(orders).toHaveLength(1);
    expect(page.url()).toMatch(new RegExp(`#/order-confirmation/${orders[0]!.id}$`));
    expect(errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_RESET/.test(e))).toEqual([]);
    await context.close();
  });
});
