/**
 * The shop on a phone, measured in Chromium at 390 × 844 (issue 11, points 9 and 12;
 * docs/product-rules.md, Shell and account; Routes and pages): the header holds one row signed in
 * or out, the logo on one line and no cut-off name; the account tabs and the product sort select
 * show their whole text; the main controls are at least 44 px tall; a saved address card comes
 * on screen (point 4).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { TOKEN_KEY, fillAddressForm, browserForFile, watchConsole } from './browser.ts';

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const browser = browserForFile();

async function signedInCustomer(name: string): Promise<string> {
  const email = `phone.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.in`;
  const password = 'tulsi-mala-108';
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/register', { name, email, password })).status).toBe(201);
  const res = await post('/api/auth/login', { email, password });
  return ((await res.json()) as { token: string }).token;
}

async function phonePage(token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE });
  if (token) {
    await context.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [TOKEN_KEY, token],
    );
  }
  return { context, page: await context.newPage() };
}

/** The header row's height, the logo text's line count and whether the page scrolls sideways. */
function measureHeader(page: Page) {
  return page.evaluate(() => {
    const inner = document.querySelector('.site-header__inner')!;
    const logo = document.querySelector('.site-header__inner .logo__text')!;
    const range = document.createRange();
    range.selectNodeContents(logo);
    const lineTops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return {
      height: inner.getBoundingClientRect().height,
      logoLines: lineTops.size,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

/** Elements whose text is cut: wider content than box, or a visible text child cut by ellipsis. */
function clipped(page: Page, selector: string) {
  return page.evaluate((sel) => {
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `${sel}: "${el.textContent}" ${el.scrollWidth} > ${el.clientWidth}`);
  }, selector);
}

/** Controls under 44 px tall among the visible ones matching `selector`. */
function shortTargets(page: Page, selector: string) {
  return page.evaluate((sel) => {
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map(
        (el) =>
          `${el.tagName} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim()}" ${el.getBoundingClientRect().height}px`,
      );
  }, selector);
}

describe('the shop at 390 px', () => {
  it('holds the header to one row, signed out and signed in, with the logo on one line and no cut name', async () => {
    const out = await phonePage();
    const errors = watchConsole(out.page);
    await out.page.goto(`${baseUrl}/#/about`);
    await out.page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    const signedOut = await measureHeader(out.page);
    expect(signedOut.logoLines).toBe(1);
    expect(signedOut.height).toBeLessThanOrEqual(72);
    expect(signedOut.pageWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await clipped(out.page, '.site-header__inner .button, .site-header__inner .logo__text')).toEqual(
      [],
    );
    await out.context.close();

    const name = 'Lakshmi Narayanan';
    const signed = await phonePage(await signedInCustomer(name));
    await signed.page.goto(`${baseUrl}/#/about`);
    const chip = signed.page.getByRole('banner').getByRole('button', { name });
    await chip.waitFor();
    const signedIn = await measureHeader(signed.page);
    expect(signedIn.logoLines).toBe(1);
    expect(Math.abs(signedIn.height - signedOut.height)).toBeLessThanOrEqual(1);
    expect(signedIn.pageWidth).toBeLessThanOrEqual(PHONE.width);
    // No name is shown cut off ("Laksh…"): the chip fits, and its name is either shown whole or
    // visually hidden (then it is the chip's accessible name, found above).
    expect(await clipped(signed.page, '.user-menu__button')).toEqual([]);
    const shownName = await signed.page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.user-menu__name')!;
      return { hidden: el.getBoundingClientRect().width <= 1, whole: el.scrollWidth <= el.clientWidth };
    });
    expect(shownName.hidden || shownName.whole).toBe(true);
    // The menu still says whose account it is.
    await chip.click();
    await signed.page.getByRole('menu').waitFor();

    // Account tabs: every label whole ("Addresses", not "Addres"), and every tab on screen: the
    // list wraps rather than hiding "My family" to the right with no cue.
    await signed.page.goto(`${baseUrl}/#/account`);
    await signed.page.getByRole('tab', { name: 'Addresses' }).waitFor();
    expect(await clipped(signed.page, '[role="tab"]')).toEqual([]);
    const tabs = await signed.page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('[role="tablist"]')!;
      const edge = list.getBoundingClientRect().right;
      return {
        fits: list.scrollWidth <= list.clientWidth,
        offScreen: Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'))
          .filter((tab) => tab.getBoundingClientRect().right > Math.min(edge, window.innerWidth) + 0.5)
          .map((tab) => tab.textContent),
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(tabs.fits).toBe(true);
    expect(tabs.offScreen).toEqual([]);
    expect(tabs.pageWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await shortTargets(signed.page, '[role="tab"], main .button, .user-menu__button')).toEqual([]);

    // On a desktop the header has room for the whole name, so it is shown whole.
    await signed.page.setViewportSize({ width: 1280, height: 800 });
    await signed.page.goto(`${baseUrl}/#/about`);
    await chip.waitFor();
    const wideName = await signed.page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.user-menu__name')!;
      return { shown: el.getBoundingClientRect().width > 1, whole: el.scrollWidth <= el.clientWidth };
    });
    expect(wideName).toEqual({ shown: true, whole: true });
    await signed.context.close();
    expect(errors).toEqual([]);
  });

  it('shows the whole sort label and keeps the main controls at least 44 px tall', async () => {
    const { context, page } = await phonePage();
    await page.goto(`${baseUrl}/#/products`);
    await page.getByText(/^Showing \d+ products?$/).waitFor();
    const sort = page.getByLabel('Sort by');
    await sort.selectOption('price-desc');
    const fit = await sort.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.whiteSpace = 'nowrap';
      probe.style.position = 'absolute';
      probe.textContent = select.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { label: probe.textContent, text, room, scroll: select.scrollWidth, client: select.clientWidth };
    });
    expect(fit.label).toBe('Price: High to Low');
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.text, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);

    const controls =
      'header .button, header .menu-toggle, header .cart-link, main .button, main .input, main .select, main [role="tab"]';
    expect(await shortTargets(page, controls)).toEqual([]);
    await page.goto(`${baseUrl}/#/pujas`);
    await page.getByRole('list', { name: 'Pujas' }).waitFor();
    expect(await shortTargets(page, controls)).toEqual([]);
    await context.close();
  });

  it('brings the saved address card on screen after Save, chosen and announced', async () => {
    const token = await signedInCustomer('Asha Raghavan');
    // Two addresses already: the list, the form and the footer make a page several screens long.
    for (const street of ['12, 4th Cross', '7, North Mada Street']) {
      const res = await fetch(`${baseUrl}/api/addresses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          recipientName: 'Asha Rao',
          mobile: '9845012345',
          street,
          area: 'Malleshwaram',
          landmark: null,
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560003',
          country: 'India',
        }),
      });
      expect(res.status).toBe(201);
    }
    const { context, page } = await phonePage(token);
    await page.goto(`${baseUrl}/#/account/addresses`);
    await page.getByRole('group', { name: /North Mada Street/ }).waitFor();
    await page
      .getByRole('button', { name: /Add new address/i })
      .first()
      .click();
    await fillAddressForm(page, { street: '3, Sannidhi Street', area: 'Mylapore', postalCode: '600004' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Address saved' }).waitFor();
    const card = page.getByRole('group', { name: /Sannidhi Street/ });
    // Wholly inside the 390 × 844 screen once its scroll has settled.
    await expect
      .poll(async () => {
        const box = await card.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
      })
      .toBe(true);
    expect(await card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await context.close();
  });
});
