import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser, watchConsole } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser.close();
});

/** Every public route of the shop (docs/product-rules.md, Routes and pages), with a heading that proves its screen rendered. */
const routes: Array<[string, string | RegExp]> = [
  ['/', /Popular Pujas/],
  ['/pujas', 'Pujas'],
  ['/pujas/1', /./],
  ['/products', /Products/],
  ['/products/1', /Products/],
  ['/productDetails/1', /./],
  ['/productCategory', 'Shop by Category'],
  ['/about', /About/],
  ['/contact', 'Contact Us'],
  ['/termsconditions', 'Terms & Conditions'],
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/privacypolicy', 'Privacy Policy'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/pricingpolicy', 'Pricing Policy'],
  ['/refundpolicy', 'Refund Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/disclaimer', 'Disclaimer'],
  ['/terms', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
  ['/login', 'Welcome back'],
  ['/register', 'Create your account'],
  ['/forgot-password', 'Forgot your password?'],
  // The back office asks a visitor to sign in on its own form (tests/e2e/back-office.e2e.ts goes further).
  ['/admin', 'Staff sign-in'],
  ['/admin/orders', 'Staff sign-in'],
  ['/admin/pujas', 'Staff sign-in'],
];

describe('every public route renders in Chromium without console errors', () => {
  it.each(routes)('%s', async (route, heading) => {
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${baseUrl}/#${route}`);
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await h1.waitFor();
    if (typeof heading === 'string') expect((await h1.textContent())?.trim()).toBe(heading);
    else expect(await page.locator('main').textContent()).toMatch(heading);
    // Let lazy requests settle before judging the console.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('[role=status] .spinner__ring').count(), { timeout: 10000 }).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("a page's chunk is fetched when a link to it is pointed at or focused, before the click", () => {
  const chunkRequests = (page: Page) => {
    const seen: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop() ?? '';
      if (file.endsWith('.js')) seen.push(file);
    });
    return seen;
  };

  it('hovering the header link to Products fetches the product list page', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const seen = chunkRequests(page);
    expect(seen.filter((file) => file.startsWith('product-list-page-'))).toEqual([]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).hover();
    await expect.poll(() => seen.some((file) => file.startsWith('product-list-page-'))).toBe(true);
    // The click then finds it ready: the page renders without fetching it again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Products' }).waitFor();
    expect(seen.filter((file) => file.startsWith('product-list-page-'))).toHaveLength(1);
    await page.close();
  });

  it("focusing a puja card's link with the keyboard fetches the puja page", async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/pujas`);
    await page.getByRole('list', { name: 'Pujas' }).waitFor();
    await page.waitForLoadState('networkidle');
    const seen = chunkRequests(page);
    await page
      .getByRole('link', { name: /^View Details of / })
      .first()
      .focus();
    await expect.poll(() => seen.some((file) => file.startsWith('puja-detail-page-'))).toBe(true);
    await page.close();
  });
});
