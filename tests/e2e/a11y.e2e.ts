import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { browserForFile } from './browser.ts';

const baseUrl = inject('baseUrl');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const browser = browserForFile();

interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
}

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
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(() =>
      (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe.run(
        document,
        {
          resultTypes: ['violations'],
        },
      ),
    );
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      );
    expect(serious).toEqual([]);
    await page.close();
  });
});
