/**
 * Screenshots of the key screens at phone (390 px) and desktop (1280 px) widths, into
 * docs/screenshots/: the catalogue as a visitor sees it, then, signed in, the header, the
 * account (its family tab), the booking wizard's steps (a person from the family, a gift, offerings
 * and the sankalp read back, the confirmation) and checkout; then the back office at 1280 px (Today, the
 * queues, an order, the sankalp sheet, the catalogue, an edit in conflict, coupons, the audit log,
 * the staff; the messages and the templates' preview at 390 px too). Needs a build (npm run build) and, for the names in the temples' scripts to show
 * rather than empty boxes, Debian's fonts-noto-core; starts its own server over a fresh database.
 * `-- --only admin` takes the back office's only, `-- --only messages` the messages pages only: the
 * back office's list and preview, the account's Messages tab and the page the e-mails' preferences link opens;
 * `-- --only waitlist` a full date, its waitlist in the wizard and My Bookings, and "Change date".
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { apiClient, bookPaidOnline } from '../tests/e2e/api-client.ts';
import { fillAddressForm, fillGiftForm, launchBrowser } from '../tests/e2e/browser.ts';
import { addressInput } from '../tests/support/addresses.ts';
import { adminCreate, startServer } from '../tests/e2e/server-process.ts';
import { failServedMessage } from '../tests/support/served-shop.ts';
import { signPreferencesToken } from '../server/messages/preferences-token.ts';
import { newCustomer, waitlistScreens, type ScreensKit } from './lib/waitlist-screens.ts';

const screens: Array<[string, string]> = [
  ['home', '/'],
  ['puja-list', '/pujas'],
  ['puja-detail', '/pujas/2'],
  ['product-list', '/products'],
  ['product-detail', '/productDetails/3'],
];
const widths = [390, 1280];
const outDir = 'docs/screenshots';
const onlyAdmin = process.argv.slice(2).join(' ').includes('--only admin');
/** `-- --only messages`: the back office's messages pages alone. */
const onlyMessages = process.argv.slice(2).join(' ').includes('--only messages');
/** `-- --only waitlist`: a full date, joining its waitlist, the offer, and moving a booking. */
const onlyWaitlist = process.argv.slice(2).join(' ').includes('--only waitlist');

const server = await startServer();
const browser = await launchBrowser();

const api = apiClient(() => server.url);

/**
 * Takes a full-page picture and writes it, unless it is wider than the viewport: a page wider
 * than its screen is a layout fault to fix, not a picture to commit (issue 23, item 1). The PNG's
 * width is read from its header (bytes 16-19) and the page's own width from the document.
 */
async function writeScreenshot(page: Page, file: string, { fullPage = true } = {}) {
  const viewport = page.viewportSize()?.width ?? 0;
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const png = await page.screenshot({ fullPage });
  const imageWidth = png.readUInt32BE(16);
  if (imageWidth > viewport || pageWidth > viewport) {
    throw new Error(
      `${file}: the page is ${Math.max(imageWidth, pageWidth)} px wide on a ${viewport} px viewport`,
    );
  }
  fs.writeFileSync(file, png);
  console.log(`wrote ${file}`);
}

/** Waits for the page to settle (no spinner, images loaded) and writes it. */
async function shoot(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('.spinner__ring').length === 0);
  // From the top, so the sticky header sits where it belongs in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await writeScreenshot(page, `${outDir}/${name}-${width}.png`);
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
    json: addressInput({ recipientName: 'Lakshmi Narayanan' }),
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

/**
 * The account's Messages tab with WhatsApp being switched on (the unticked box and the mobile),
 * and the page the e-mails' signed link opens (docs/product-rules.md, Messages to customers, Consent).
 */
async function messagesScreens(width: number) {
  const page = await signedInPage(width);
  await page.goto(`${server.url}/#/account/messages`);
  await page.getByRole('switch', { name: 'WhatsApp' }).click();
  await page.getByRole('checkbox', { name: 'Send me updates on WhatsApp' }).waitFor();
  await shoot(page, 'account-messages', width);
  const token = await page.evaluate(() => localStorage.getItem('shop.session.token'));
  const { user } = await api<{ user: { id: number } }>('/api/auth/me', { token: token ?? '' });
  const secret = fs.readFileSync(`${server.dataDir}/auth-secret`, 'utf8').trim();
  const link = signPreferencesToken(secret, user.id);
  const visitor = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  await visitor.goto(`${server.url}/#/messages/preferences?token=${link}`);
  await visitor.getByRole('switch', { name: 'E-mail' }).waitFor();
  await shoot(visitor, 'messages-preferences', width);
  await visitor.close();
  await page.context().close();
}

/** The signed-in header, the account, the wizard's steps and checkout. */
async function signedInScreens(width: number) {
  const page = await signedInPage(width);
  await page.goto(`${server.url}/#/`);
  await page.getByRole('banner').getByRole('button', { name: 'Lakshmi Narayanan' }).waitFor();
  await page.waitForLoadState('networkidle');
  const header = `${outDir}/signed-in-header-${width}.png`;
  const headerPng = await page.locator('header').first().screenshot();
  if (headerPng.readUInt32BE(16) > width)
    throw new Error(
      `${header}: the header is ${headerPng.readUInt32BE(16)} px wide on a ${width} px viewport`,
    );
  fs.writeFileSync(header, headerPng);
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
    await group.getByLabel('Raashi').fill('Karka');
    await group.getByLabel('Nakshatra', { exact: true }).fill('Karthigai');
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
  await fillGiftForm(page, 'Happy birthday, Amma! With love from Lakshmi.');
  await shoot(page, 'wizard-gift', width);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
  await page.getByRole('button', { name: 'One lamp more of Ghee lamp' }).click();
  await page.getByRole('button', { name: 'One lamp more of Ghee lamp' }).click();
  await page.getByRole('button', { name: 'One person more of Annadanam' }).click();
  await page.locator('td[lang] .read-back__name').first().waitFor();
  await page.getByRole('checkbox', { name: 'The names are right' }).check();
  await shoot(page, 'wizard-payment', width);
  await page.getByLabel('UPI ID', { exact: true }).fill('lakshmi@okbank');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('heading', { level: 2, name: 'Booking Confirmed!' }).waitFor({ timeout: 15_000 });
  await shoot(page, 'wizard-confirmation', width);

  await page.goto(`${server.url}/#/productDetails/3`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.goto(`${server.url}/#/checkout`);
  await page.getByRole('radio').first().waitFor();
  await shoot(page, 'checkout', width);
  await page.context().close();
}

/** A customer's day in the shop: a COD order, a paid booking of next week's puja for two. */
async function shopActivity(name: string, email: string) {
  const { token, addressId } = await newCustomer(api, name, email);
  const order = await api<{ id: number }>('/api/orders', {
    method: 'POST',
    token,
    json: {
      address_id: addressId,
      items: [
        { product_id: 3, quantity: 1 },
        { product_id: 5, quantity: 2 },
      ],
      payment_method: 'cod',
    },
  });
  const { pujas } = await api<{ pujas: { id: number; pujaDate: string | null }[] }>('/pujas');
  const puja = pujas.find((p) => p.pujaDate && Date.parse(p.pujaDate) > Date.now() + 2 * 86_400_000)!;
  const { packages } = await api<{ packages: { id: number; noPersons: number }[] }>(`/packages/${puja.id}`);
  const pkg = packages.find((p) => p.noPersons === 2)!;
  const person = (personName: string, gothra: string) => ({
    name: personName,
    dateOfBirth: '1988-03-14',
    birthTime: '06:45',
    birthPlace: 'Udupi',
    raashi: 'Kark (Cancer)',
    nakshatra: 'Pushya',
    gothra,
  });
  const draft = {
    pujaId: puja.id,
    packageId: pkg.id,
    persons: [person(name, 'Kashyapa'), person('Venkat Narayanan', 'Kashyapa')],
    addressId,
  };
  const booking = await bookPaidOnline(api, token, draft);
  return { orderId: order.id, booking };
}

/** A staff member's token (an admin made once for the whole run). */
let staffToken: string | undefined;
async function staffSignIn(): Promise<string> {
  const admin = { email: 'gopal@divyapujaseva.in', name: 'Gopal Rao', password: 'temple-bell-108' };
  if (staffToken === undefined) {
    await adminCreate(server.dataDir, { ...admin, role: 'admin' });
    staffToken = (
      await api<{ token: string }>('/api/auth/login', {
        method: 'POST',
        json: { email: admin.email, password: admin.password },
      })
    ).token;
  }
  return staffToken;
}

/** What the screens of scripts/lib/waitlist-screens.ts take from this run. */
const screensKit: ScreensKit = {
  api,
  baseUrl: server.url,
  browser,
  staffToken: staffSignIn,
  shoot,
  writeScreenshot: (page, name, options) => writeScreenshot(page, `${outDir}/${name}`, options),
};

/** The back office at 1280 px, signed in as an admin over a day's orders and bookings. */
async function backOfficeScreens() {
  const token = await staffSignIn();
  const first = await shopActivity('Lakshmi Narayanan', `bo-a-${Date.now()}@example.com`);
  const second = await shopActivity('Meena Iyer', `bo-b-${Date.now()}@example.com`);
  await api(`/api/admin/orders/${second.orderId}/events`, {
    method: 'POST',
    token,
    json: { type: 'order.pack' },
  });
  await api('/api/admin/coupons', {
    method: 'POST',
    token,
    json: {
      code: 'NAVRATRI15',
      kind: 'percent',
      value: 15,
      maxDiscount: 500,
      minSubtotal: 999,
      active: true,
    },
  });
  await api('/api/admin/staff/invitations', {
    method: 'POST',
    token,
    json: { email: 'ravi@divyapujaseva.in' },
  });
  const pujaDay = new Date(Date.parse(first.booking.puja.pujaDate) + 5.5 * 3_600_000)
    .toISOString()
    .slice(0, 10);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await context.addInitScript((value) => localStorage.setItem('shop.session.token', value), token);
  const page = await context.newPage();
  const screensOfOffice: Array<[string, string, string]> = [
    ['admin-today', '/admin', 'Today'],
    ['admin-orders', '/admin/orders', 'Orders'],
    ['admin-order', `/admin/orders/${first.orderId}`, ''],
    ['admin-bookings', '/admin/bookings', 'Bookings'],
    ['admin-booking', `/admin/bookings/${first.booking.id}`, ''],
    ['admin-sankalp', `/admin/sankalp?date=${pujaDay}`, 'Sankalp sheet'],
    ['admin-pujas', '/admin/pujas?when=upcoming', 'Pujas'],
    ['admin-puja', '/admin/pujas/2', ''],
    ['admin-products', '/admin/products', 'Products'],
    ['admin-product', '/admin/products/3', ''],
    ['admin-coupons', '/admin/coupons', 'Coupons'],
    ['admin-audit', '/admin/audit', 'Audit log'],
    ['admin-staff', '/admin/staff', 'Staff'],
  ];
  // The window as tall as the page: the side bar and the save bar are sticky to the window.
  const shootWhole = async (name: string) => {
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1280, height: Math.max(900, height) });
    await shoot(page, name, 1280);
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  // The customers' messages, on a phone and a desk: two failed (as six refused tries leave them),
  // the others sent by the scheduler; and every template's preview.
  for (const id of [first.orderId, second.orderId]) {
    for (let i = 0; failServedMessage(server.dataDir, { kind: 'order', id }) === null; i += 1) {
      if (i > 100) throw new Error(`order ${id} has no message to mark failed`);
      await page.waitForTimeout(300);
    }
  }
  // Waited for by their content: the previews' sandboxed frames can keep "networkidle" from coming.
  for (const width of [390, 1280]) {
    for (const [name, route, heading, content] of [
      ['admin-messages', '/admin/messages', 'Messages', 'table'],
      ['admin-message-templates', '/admin/messages/templates', 'Message templates', 'iframe'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/#${route}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.locator(content).first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.spinner__ring').length === 0);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height: Math.max(900, height) });
      await page.waitForTimeout(500);
      await writeScreenshot(page, `${outDir}/${name}-${width}.png`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  if (onlyMessages) {
    await context.close();
    return;
  }
  for (const [name, route, heading] of screensOfOffice) {
    await page.goto(`${server.url}/#${route}`);
    await page
      .getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })
      .first()
      .waitFor();
    await shootWhole(name);
  }
  // A conflict: someone else saves the product's price while this page has a change typed.
  await page.goto(`${server.url}/#/admin/products/3`);
  const price = page.getByLabel('Selling price (₹)');
  await price.waitFor();
  await price.fill('1249');
  const { product } = await api<{ product: Record<string, unknown> & { version: number } }>(
    '/api/admin/products/3',
    { token },
  );
  await api('/api/admin/products/3', {
    method: 'PUT',
    token,
    json: {
      name: product.name,
      description: product.description,
      price: product.price,
      offerPrice: 1099,
      image: product.image,
      categoryId: product.categoryId,
      version: product.version,
    },
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('heading', { name: 'Someone else saved this while you were editing' }).waitFor();
  await shootWhole('admin-conflict');
  await context.close();
}

try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const width of onlyMessages ? widths : []) await messagesScreens(width);
  for (const width of onlyWaitlist ? widths : []) await waitlistScreens(screensKit, width);
  for (const width of onlyAdmin || onlyMessages || onlyWaitlist ? [] : widths) {
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
      await writeScreenshot(page, `${outDir}/${name}-${width}.png`);
    }
    await page.close();
    await signedInScreens(width);
  }
  if (!onlyAdmin && !onlyMessages && !onlyWaitlist)
    for (const width of widths) {
      await messagesScreens(width);
      await waitlistScreens(screensKit, width);
    }
  if (!onlyWaitlist) await backOfficeScreens();
} finally {
  await browser.close();
  await server.stop();
}
