/**
 * Every page fits its screen (issue 23, item 1; docs/product-rules.md, Routes and pages): on every
 * route of the route table (contract/routes.ts), at 360, 390, 768 and 1280 px wide, in Chromium,
 * the page is never wider than the viewport, no text runs past the viewport's edge, and no text is
 * cut by the box that holds it (overflow hidden or clip, or an ellipsis). Routes with an id use
 * the seeded catalogue's ids and an order and a booking made here; signed-in routes sign in, the
 * back office as staff.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { ProductListResponse } from '../../contract/catalogue.ts';
import type { pagePaths } from '../../contract/routes.ts';
import { addressInput } from '../support/addresses.ts';
import { bornInThanjavur } from '../support/bookings.ts';
import { bookPaidOnline } from './api-client.ts';
import { contextAs, browserForFile } from './browser.ts';
import { api, signIn, onePersonPujaPackage } from './shop-api.ts';

const baseUrl = inject('baseUrl');
const staff = inject('staff');
const WIDTHS = [360, 390, 768, 1280];

const browser = browserForFile();

/** A customer with an address, a cash-on-delivery order and a paid booking, and the staff's token. */
async function shopWithHistory() {
  const email = `layout.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.in`;
  const password = 'rudraksha-108';
  await api('/api/auth/register', {
    method: 'POST',
    json: { name: 'Lakshmi Venkataraman Iyer', email, phone: '9845012345', password },
  });
  const token = await signIn(email, password);
  const { address } = await api<{ address: { id: number } }>('/api/addresses', {
    method: 'POST',
    token,
    json: addressInput(),
  });
  const { products } = await api<ProductListResponse>('/products');
  const product = products.find((p) => p.stockQuantity > 10)!;
  const order = await api<{ id: number }>('/api/orders', {
    method: 'POST',
    token,
    json: { address_id: address.id, items: [{ product_id: product.id, quantity: 1 }], payment_method: 'cod' },
  });
  const { puja, pkg } = await onePersonPujaPackage();
  const person = bornInThanjavur('Lakshmi Venkataraman Iyer');
  const draft = { pujaId: puja.id, packageId: pkg.id, persons: [person], addressId: address.id };
  const booking = await bookPaidOnline(api, token, draft);
  return {
    token,
    staffToken: await signIn(staff.email, staff.password),
    orderId: order.id,
    bookingId: booking.id,
    pujaId: puja.id,
    productId: product.id,
    categoryId: product.categoryId,
  };
}

type Shop = Awaited<ReturnType<typeof shopWithHistory>>;
type Visit = { route: string; as?: 'customer' | 'staff' };

/**
 * The routes visited for each pattern of the route table (a new pattern does not compile without
 * its own): `:puja`, `:product`, `:category`, `:order` and `:booking` are filled in with the ids
 * of the seeded catalogue and of the order and booking made here.
 */
const visits: Record<(typeof pagePaths)[number], Visit[]> = {
  '/': [{ route: '/' }],
  '/pujas': [{ route: '/pujas' }],
  '/pujas/:id': [{ route: '/pujas/:puja' }],
  '/puja-booking/:id': [{ route: '/puja-booking/:puja', as: 'customer' }],
  '/products/:id?': [{ route: '/products' }, { route: '/products/:category' }],
  '/productDetails/:id': [{ route: '/productDetails/:product' }],
  '/productCategory': [{ route: '/productCategory' }],
  '/cart': [{ route: '/cart' }],
  '/checkout': [{ route: '/checkout', as: 'customer' }],
  '/order-confirmation/:id': [{ route: '/order-confirmation/:order', as: 'customer' }],
  '/about': [{ route: '/about' }],
  '/contact': [{ route: '/contact' }],
  '/termsconditions': [{ route: '/termsconditions' }],
  '/terms-and-conditions': [{ route: '/terms-and-conditions' }],
  '/terms': [{ route: '/terms' }],
  '/privacypolicy': [{ route: '/privacypolicy' }],
  '/privacy-policy': [{ route: '/privacy-policy' }],
  '/privacy': [{ route: '/privacy' }],
  '/pricingpolicy': [{ route: '/pricingpolicy' }],
  '/refundpolicy': [{ route: '/refundpolicy' }],
  '/refund-policy': [{ route: '/refund-policy' }],
  '/disclaimer': [{ route: '/disclaimer' }],
  '/login': [{ route: '/login' }],
  '/register': [{ route: '/register' }],
  '/forgot-password': [{ route: '/forgot-password' }],
  '/reset-password': [{ route: '/reset-password?token=not-a-real-token' }],
  '/account/orders/:id': [{ route: '/account/orders/:order', as: 'customer' }],
  '/account/bookings/:id': [{ route: '/account/bookings/:booking', as: 'customer' }],
  '/account/:tab?': ['', '/orders', '/bookings', '/addresses', '/family', '/messages'].map((tab): Visit => ({
    route: `/account${tab}`,
    as: 'customer',
  })),
  '/staff-invitation': [{ route: '/staff-invitation?token=not-a-real-token' }],
  '/messages/preferences': [{ route: '/messages/preferences?token=not-a-real-token' }],
  '/admin/*?': [
    '',
    '/orders',
    '/orders/:order',
    '/bookings',
    '/bookings/:booking',
    '/sankalp',
    '/messages',
    '/messages/templates',
    '/pujas',
    '/pujas/:puja',
    '/products',
    '/products/:product',
    '/categories',
    '/astrologers',
    '/coupons',
    '/audit',
    '/staff',
  ].map((sub): Visit => ({ route: `/admin${sub}`, as: 'staff' })),
};

const withIds = (route: string, shop: Shop) =>
  route
    .replace(':puja', String(shop.pujaId))
    .replace(':product', String(shop.productId))
    .replace(':category', String(shop.categoryId))
    .replace(':order', String(shop.orderId))
    .replace(':booking', String(shop.bookingId));

/**
 * What does not fit at the current width: the page's own width; text running past the edge of
 * the box that clips it (overflow hidden or clip), or of the viewport when nothing clips it (a box
 * that scrolls shows its text by scrolling; text wholly outside a clipping box, as a carousel's
 * next slide, is hidden, not cut); and boxes whose own text is wider than they are and cut
 * (overflow hidden or clip, or text-overflow: ellipsis).
 */
function misfits(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport) found.push(`the page is ${pageWidth} px wide`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const invisible = (el: Element) =>
      getComputedStyle(el).visibility === 'hidden' || el.getBoundingClientRect().width <= 1;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const boxes = new Set<HTMLElement>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, option, select, textarea')) continue;
      if (invisible(parent)) continue;
      boxes.add(parent);
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // The box that decides what of this text is seen: the nearest that clips or scrolls, else the viewport.
      let edges = { left: 0, right: viewport, what: 'the viewport' };
      for (let el: Element | null = parent; el && el !== document.documentElement; el = el.parentElement) {
        const overflow = getComputedStyle(el).overflowX;
        if (overflow === 'visible') continue;
        if (overflow === 'auto' || overflow === 'scroll')
          edges = { left: -Infinity, right: Infinity, what: '' };
        else {
          const box = el.getBoundingClientRect();
          edges = {
            left: box.left + el.clientLeft,
            right: box.left + el.clientLeft + el.clientWidth,
            what: name(el),
          };
        }
        break;
      }
      const outside = rect.left >= edges.right - 1 || rect.right <= edges.left + 1;
      if (!outside && (rect.right > edges.right + 1 || rect.left < edges.left - 1))
        found.push(
          `"${text.slice(0, 40)}" in ${name(parent)} runs past ${edges.what} (${Math.round(rect.left)}–${Math.round(rect.right)} px, the box ${Math.round(edges.left)}–${Math.round(edges.right)} px)`,
        );
    }
    for (const box of boxes) {
      const style = getComputedStyle(box);
      const cuts = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (cuts && box.scrollWidth > box.clientWidth + 1)
        found.push(
          `"${box.textContent?.trim().slice(0, 40)}" is cut in ${name(box)}: ${box.scrollWidth} > ${box.clientWidth}`,
        );
    }
    return found;
  });
}

/** Waits until the page has drawn its content: a first heading, no spinner, the network quiet. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  // The templates' preview draws each e-mail in a sandboxed frame (an opaque origin, its own
  // process), which Playwright may never count as network-idle: it waits for the frames instead.
  if (new URL(page.url()).hash.startsWith('#/admin/messages/templates'))
    await page.locator('iframe').first().waitFor();
  else await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.spinner__ring').count(), { timeout: 15_000 }).toBe(0);
  // Two frames, for layout after the last answer (content-visibility, fonts).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

describe('every route fits 360, 390, 768 and 1280 px', () => {
  let shop: Shop;
  const contexts: Partial<Record<'visitor' | 'customer' | 'staff', BrowserContext>> = {};

  beforeAll(async () => {
    shop = await shopWithHistory();
    for (const who of ['visitor', 'customer', 'staff'] as const) {
      const token = who === 'customer' ? shop.token : who === 'staff' ? shop.staffToken : undefined;
      contexts[who] = await contextAs(browser, token, { width: WIDTHS[0]!, height: 800 });
    }
  });

  const table = Object.values(visits)
    .flat()
    .map((visit): [string, Visit] => [visit.route, visit]);
  it.each(table)('%s', async (_: string, { route, as }: Visit) => {
    const page = await contexts[as ?? 'visitor']!.newPage();
    const faults: string[] = [];
    const path = withIds(route, shop);
    await page.goto(`${baseUrl}/#${path}`);
    await settle(page);
    // Laid out afresh at each width (media queries, the grid's columns, skipped cards' placeholders).
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      for (const fault of await misfits(page)) faults.push(`${path} at ${width} px: ${fault}`);
    }
    await page.close();
    expect(faults).toEqual([]);
  });
});

describe('a page where the customer expects it', () => {
  it('opens the puja list at /pujas typed without #, and the "not found" page at a path of no page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const answer = await page.goto(`${baseUrl}/pujas`);
    expect(answer?.status()).toBe(200);
    await page.getByRole('list', { name: 'Pujas' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/pujas');
    expect(await page.locator('body').textContent()).not.toContain('"pujas"');

    const missing = await page.goto(`${baseUrl}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: /not found/i }).waitFor();
    await context.close();
  });

  it('brings a refused field into view below the sticky header, not under it', async () => {
    const shop = await shopWithHistory();
    const context = await contextAs(browser, shop.token, { width: 390, height: 600 });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/account/addresses`);
    await page
      .getByRole('button', { name: /Add new address/i })
      .first()
      .click();
    const form = page.getByRole('form', { name: 'Add new address' });
    const save = form.getByRole('button', { name: 'Save' });
    // The empty form's Save at the bottom of the screen: its first field is far above, off screen.
    await save.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    const name = form.getByLabel('Recipient name');
    expect((await name.boundingBox())!.y).toBeLessThan(0);
    await save.click();
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
    const { top, headerBottom } = await name.evaluate((input) => ({
      top: input.getBoundingClientRect().top,
      headerBottom: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
    }));
    expect(top).toBeGreaterThanOrEqual(headerBottom);
    await context.close();
  });

  it("sets the booking page's address plain, neither bold nor italic", async () => {
    const shop = await shopWithHistory();
    const context = await contextAs(browser, shop.token, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/account/bookings/${shop.bookingId}`);
    const address = page.locator('main address').first();
    await address.waitFor();
    expect(
      await address.evaluate((el) => {
        const style = getComputedStyle(el);
        return { fontStyle: style.fontStyle, fontWeight: style.fontWeight };
      }),
    ).toEqual({ fontStyle: 'normal', fontWeight: '400' });
    await context.close();
  });

  it('returns to where the customer was in a list after Back, filters kept', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/products?sort=price-desc`);
    await page.getByText(/^Showing \d+ products?$/).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 2400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2400);
    // A card in view opens its product.
    const link = page.locator('main a[href^="#/productDetails/"]').filter({ visible: true });
    const inView = await link.evaluateAll((links) =>
      links.findIndex((a) => {
        const box = a.getBoundingClientRect();
        return box.top > 80 && box.bottom < window.innerHeight;
      }),
    );
    expect(inView).toBeGreaterThanOrEqual(0);
    await link.nth(inView).click();
    await page.waitForURL(/#\/productDetails\//);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A new page starts at the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByText(/^Showing \d+ products?$/).waitFor();
    expect(new URL(page.url()).hash).toBe('#/products?sort=price-desc');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(2400);
    await context.close();
  });
});
