/**
 * Screenshots of the key screens at phone (390 px) and desktop (1280 px) widths, into
 * docs/screenshots/: the catalogue as a visitor sees it, then, signed in, the header, the
 * account (its family tab), the booking wizard's steps (a person from the family, a gift, offerings
 * and the sankalp read back) and checkout. Needs a build (npm run build); starts its
 * own server over a fresh database.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { fillAddressForm, launchBrowser } from '../tests/e2e/browser.ts';
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

async function api<T>(
  path: string,
  init: { method?: string; token?: string; json?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits for the page to settle (no spinner, images loaded) and writes it. */
async function shoot(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('.spinner__ring').length === 0);
  // From the top, so the sticky header sits where it belongs in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  const file = `${outDir}/${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(`wrote ${file}`);
}

/** A customer with a saved address, signed in on a new page of this width. */
async function signedInPage(width: number): Promise<Page> {
  const email = `screens-${width}-${Date.now()}@example.com`;
  const password = 'screens-secret-1';
  await api('/api/auth/register', {
    method: 'POST',
    json: { name: 'Lakshmi Narayanan', email, phone: '9845012345', password },
  });
  const { token } = await api<{ token: string }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
  });
  await api('/api/addresses', {
    method: 'POST',
    token,
    json: {
      recipientName: 'Lakshmi Narayanan',
      mobile: '9845012345',
      street: '12, 4th Cross',
      area: 'Malleshwaram',
      landmark: 'Near Kadu Malleshwara Temple',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560003',
    },
  });
  // A saved family member, for "Fill from my family" and the My family tab.
  await api('/api/family', {
    method: 'POST',
    token,
    json: {
      relation: 'mother',
      name: 'Kamala Narayanan',
      dateOfBirth: '1958-07-21',
      birthTime: '05:10',
      birthPlace: 'Madurai',
      raashi: 'Simha (Leo)',
      nakshatra: 'Uttara Phalguni',
      gothra: '',
      gothraNotKnown: true,
    },
  });
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  await context.addInitScript((value) => localStorage.setItem('shop.session.token', value), token);
  return context.newPage();
}

/** The signed-in header, the account, the wizard's steps and checkout. */
async function signedInScreens(width: number) {
  const page = await signedInPage(width);
  await page.goto(`${server.url}/#/`);
  await page.getByRole('button', { name: 'Lakshmi Narayanan' }).waitFor();
  await page.waitForLoadState('networkidle');
  const header = `${outDir}/signed-in-header-${width}.png`;
  await page.locator('header').first().screenshot({ path: header });
  console.log(`wrote ${header}`);

  await page.goto(`${server.url}/#/account`);
  await page.getByRole('tab', { name: 'Profile' }).waitFor();
  await shoot(page, 'account', width);
  await page.goto(`${server.url}/#/account/addresses`);
  await page.getByRole('button', { name: /Add new address/i }).click();
  await fillAddressForm(page, { street: '7, North Mada Street', area: 'Mylapore', postalCode: '600004' });
  await shoot(page, 'account-address-form', width);
  await page.goto(`${server.url}/#/account/family`);
  await page.getByRole('list', { name: 'My family' }).waitFor();
  await page.getByRole('button', { name: 'Add a family member' }).click();
  await shoot(page, 'account-family', width);

  const { pujas } = await api<{ pujas: { id: number; pujaDate: string | null }[] }>('/pujas');
  const open = pujas.find((p) => p.pujaDate && Date.parse(p.pujaDate) > Date.now() + 86_400_000);
  if (!open) throw new Error('no open puja to book');
  const { packages } = await api<{ packages: { id: number; noPersons: number }[] }>(`/packages/${open.id}`);
  const pkg = packages.find((p) => p.noPersons === 2) ?? packages[0]!;
  await page.goto(`${server.url}/#/puja-booking/${open.id}?package=${pkg.id}&step=details`);
  await page.getByRole('heading', { level: 2, name: 'Person Details' }).waitFor();
  await shoot(page, 'wizard-details', width);
  for (let index = 1; index < pkg.noPersons; index += 1) {
    const group = page.getByRole('group', { name: `Person ${index + 1} of ${pkg.noPersons}` });
    await group.getByLabel('Name').fill(index === 0 ? 'Lakshmi Narayanan' : 'Venkat Narayanan');
    await group.getByLabel('Date of birth').fill(index === 0 ? '1988-03-14' : '1985-11-02');
    await group.getByLabel('Birth time', { exact: true }).fill('06:45');
    await group.getByLabel('Birth place', { exact: true }).fill('Udupi');
    await group.getByLabel('Raashi').selectOption('Kark (Cancer)');
    await group.getByLabel('Nakshatra').selectOption('Krittika');
    await group.getByLabel('Gothra').fill('Kashyapa');
  }
  // Person 1 from the family in one tap; the birth-star suggestion shows under the birth details.
  const first = page.getByRole('group', { name: `Person 1 of ${pkg.noPersons}` });
  await first.getByRole('button', { name: /Kamala Narayanan/ }).click();
  await first.getByText('Suggested from the birth details').waitFor();
  await shoot(page, 'wizard-details-family', width);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Address' }).waitFor();
  await page.getByRole('radio').first().waitFor();
  await shoot(page, 'wizard-address', width);
  await page.getByRole('checkbox', { name: /Gift this puja/ }).check();
  const gift = {
    'Recipient name': 'Kamala Narayanan',
    'Recipient mobile number': '94430 12345',
    'House and street': '12 Sannidhi Street',
    Area: 'Simmakkal',
    City: 'Madurai',
    'PIN code': '625001',
    'Message on the prasad card (optional)': 'Happy birthday, Amma! With love from Lakshmi.',
  };
  for (const [label, value] of Object.entries(gift))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('State', { exact: true }).selectOption('Tamil Nadu');
  await shoot(page, 'wizard-gift', width);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
  await page.getByRole('button', { name: 'One lamp more of Ghee lamp' }).click();
  await page.getByRole('button', { name: 'One lamp more of Ghee lamp' }).click();
  await page.getByRole('button', { name: 'One person more of Annadanam' }).click();
  await page.locator('td[lang] .read-back__name').first().waitFor();
  await page.getByRole('checkbox', { name: 'The names are right' }).check();
  await shoot(page, 'wizard-payment', width);

  await page.goto(`${server.url}/#/productDetails/3`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.goto(`${server.url}/#/checkout`);
  await page.getByRole('radio').first().waitFor();
  await shoot(page, 'checkout', width);
  await page.context().close();
}

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
    await signedInScreens(width);
  }
} finally {
  await browser.close();
  await server.stop();
}
