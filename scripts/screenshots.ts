/**
 * Screenshots of the key screens at phone (390 px) and desktop (1280 px) widths, into
 * docs/screenshots/. Needs a build (npm run build); starts its own server over a fresh database.
 */
import fs from 'node:fs';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server-process.ts';

const screens: Array<[string, string]> = [
  ['home', '/'],
  ['puja-list', '/pujas'],
  ['puja-detail', '/pujas/2'],
  ['product-list', '/products'],
  ['product-detail', '/productDetails/3'],
];
const widths = [390, 1280];
const outDir = 'docs/screenshots';

const server = await startServer();
const browser = await launchBrowser();
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    for (const [name, route] of screens) {
      await page.goto(`${server.url}/#${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => document.querySelectorAll('.spinner__ring').length === 0);
      // Lazy images load only near the viewport: scroll through the page, then let them and the
      // entry animations finish.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(700);
      const file = `${outDir}/${name}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${file}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
