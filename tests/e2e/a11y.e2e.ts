import { inject } from 'vitest';
import { seriousAxeViolations } from './axe.ts';
import { browserForFile } from './browser.ts';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('axe finds no serious accessibility problems', () => {
  it.each([
    ['/', 1280],
    ['/', 390],
    ['/pujas', 1280],
    ['/pujas/1', 390],
    ['/products', 1280],
    ['/productDetails/1', 390],
    ['/productCategory', 1280],
    ['/contact', 390],
    ['/refundpolicy', 1280],
    ['/login', 390],
    ['/register', 1280],
  ])('%s at %i px', async (route, width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${baseUrl}/#${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('.spinner__ring').count(), { timeout: 10000 }).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
