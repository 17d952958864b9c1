import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { LOCALES, type Locale } from '../../contract/locales.ts';
import { browserForFile, watchConsole } from './browser.ts';

/**
 * The shop's languages in Chromium (docs/product-rules.md, Languages;
 * docs/decisions/0079-interface-text-through-lingui.md): the header fits every width in every
 * language, and the switcher works from the keyboard, loading the language's chunk on use.
 */
const baseUrl = inject('baseUrl');
const browser = browserForFile();
const WIDTHS = [360, 390, 900, 1024, 1199, 1280];
const routeIn = (locale: Locale, route: string) =>
  `${baseUrl}/#${locale === 'en-IN' ? '' : `/${locale}`}${route}`;

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('the shop in each language', () => {
  it.each(LOCALES)('%s: the home page is no wider than the screen at 360 to 1280 px', async (locale) => {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const errors = watchConsole(page);
      await page.goto(routeIn(locale, '/'));
      await page.locator('h1').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await overflow(page), `${locale} at ${width} px`).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('switches from the header by keyboard, downloading Kannada only then, on the same page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const catalogues: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/messages-[^/]+\.js$/.test(request.url())) catalogues.push(request.url());
    });
    await page.goto(`${baseUrl}/#/pujas`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const before = catalogues.length;
    const summary = page.locator('summary.language-switcher__summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'ಕನ್ನಡ' }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'ಮುಖ್ಯ' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/#/kn/pujas`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kn');
    // English loaded no language chunk; Kannada brought one (and only one) of its own.
    expect(before).toBe(0);
    expect(catalogues.length).toBe(1);
    await page.close();
  });
});
