import type { Browser, Page } from 'playwright-core';
import { bookPaidOnline, type ShopApi } from '../../tests/e2e/api-client.ts';
import { addressInput } from '../../tests/support/addresses.ts';

/** What scripts/screenshots.ts lends these screens: its API client, browser and ways of shooting. */
export interface ScreensKit {
  api: ShopApi;
  baseUrl: string;
  browser: Browser;
  staffToken: () => Promise<string>;
  /** Waits for the page to settle and writes docs/screenshots/{name}-{width}.png. */
  shoot: (page: Page, name: string, width: number) => Promise<void>;
  /** Writes docs/screenshots/{file} (refused when the page is wider than its viewport). */
  writeScreenshot: (page: Page, file: string, options?: { fullPage?: boolean }) => Promise<void>;
}

/** A customer with an address, signed in through the API: their token and address id. */
export async function newCustomer(api: ShopApi, name: string, email: string) {
  const password = 'screens-secret-1';
  await api('/api/auth/register', { method: 'POST', json: { name, email, phone: '9845012345', password } });
  const { token } = await api<{ token: string }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
  });
  const { address } = await api<{ address: { id: number } }>('/api/addresses', {
    method: 'POST',
    token,
    json: addressInput({ recipientName: name }),
  });
  return { token, addressId: address.id };
}

/**
 * docs/product-rules.md, Places at the temple, Waitlist and Rescheduling, at one width: the second
 * seeded puja repeated on two dates of its own, the first with one place that another devotee
 * books; its page (fully booked, the other dates), the wizard's Payment joining the waitlist, My
 * Bookings with the offer once the place frees, and a booking's "Change date" dialog.
 */
export async function waitlistScreens(kit: ScreensKit, width: number) {
  const { api, browser, shoot } = kit;
  const token = await kit.staffToken();
  const DAY = 86_400_000;
  const repeat = async (days: number, capacity: number | null) => {
    const { puja } = await api<{ puja: { id: number } & Record<string, unknown> }>(
      '/api/admin/pujas/2/repeat',
      {
        method: 'POST',
        token,
        json: { pujaDate: new Date(Date.now() + days * DAY).toISOString() },
      },
    );
    await api(`/api/admin/pujas/${puja.id}`, { method: 'PUT', token, json: { ...puja, capacity } });
    const { packages } = await api<{ packages: { id: number; noPersons: number }[] }>(`/packages/${puja.id}`);
    return { id: puja.id, pkg: packages.find((p) => p.noPersons === 1)! };
  };
  const full = await repeat(40 + width / 100, 1);
  await repeat(47 + width / 100, 30);
  const person = (name: string) => ({
    name,
    dateOfBirth: '1988-03-14',
    birthTime: '06:45',
    birthPlace: 'Thanjavur',
    raashi: 'Kark (Cancer)',
    nakshatra: 'Pushya',
    gothra: 'Bharadwaja',
  });
  const ravi = await newCustomer(api, 'Ravi Kumar', `wl-ravi-${width}-${Date.now()}@example.com`);
  const taken = await bookPaidOnline(api, ravi.token, {
    pujaId: full.id,
    packageId: full.pkg.id,
    persons: [person('Ravi Kumar')],
    addressId: ravi.addressId,
  });
  const meena = await newCustomer(api, 'Meena Iyer', `wl-meena-${width}-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  await context.addInitScript((value) => localStorage.setItem('shop.session.token', value), meena.token);
  const page = await context.newPage();

  await page.goto(`${kit.baseUrl}/#/pujas/${full.id}`);
  await page.getByRole('heading', { level: 2, name: 'This date is fully booked' }).waitFor();
  await shoot(page, 'puja-full', width);

  // Meena asks for the date through the waitlist, with what she would book.
  await api('/api/waitlist', {
    method: 'POST',
    token: meena.token,
    json: {
      pujaId: full.id,
      packageId: full.pkg.id,
      persons: [person('Meena Iyer')],
      addressId: meena.addressId,
    },
  });
  await page.goto(`${kit.baseUrl}/#/puja-booking/${full.id}?package=${full.pkg.id}&step=details`);
  await page.getByRole('heading', { level: 2, name: 'Person Details' }).waitFor();
  const group = page.getByRole('group', { name: 'Person 1 of 1' });
  for (const [label, value] of Object.entries({
    Name: 'Lakshmi Iyer',
    'Date of birth': '1962-11-02',
    'Birth time': '05:30',
    'Birth place': 'Kumbakonam',
    Raashi: 'Tula (Libra)',
    Nakshatra: 'Swati',
    Gothra: 'Bharadwaja',
  }))
    await group.getByLabel(label, { exact: label.startsWith('B') || label === 'Nakshatra' }).fill(value);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Address' }).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
  await page.getByRole('region', { name: 'This date is fully booked' }).waitFor();
  await shoot(page, 'wizard-waitlist', width);

  // The place frees: Meena is offered it, and her bookings show the offer.
  await api(`/api/bookings/${taken.id}/events`, {
    method: 'POST',
    token: ravi.token,
    json: { type: 'booking.cancel', reason: 'We cannot travel that week' },
  });
  await page.goto(`${kit.baseUrl}/#/account/bookings`);
  await page.getByRole('link', { name: 'Pay now' }).waitFor();
  await shoot(page, 'account-waitlist', width);

  // Ravi books the later date again, and opens "Change date" on it.
  const later = await repeat(54 + width / 100, null);
  const booked = await bookPaidOnline(api, ravi.token, {
    pujaId: later.id,
    packageId: later.pkg.id,
    persons: [person('Ravi Kumar')],
    addressId: ravi.addressId,
  });
  await context.close();
  const raviContext = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  await raviContext.addInitScript((value) => localStorage.setItem('shop.session.token', value), ravi.token);
  const raviPage = await raviContext.newPage();
  await raviPage.goto(`${kit.baseUrl}/#/account/bookings/${booked.id}`);
  await raviPage.getByRole('button', { name: 'Change date' }).click();
  await raviPage.getByRole('dialog').waitFor();
  await raviPage.waitForTimeout(500);
  // A dialog is what the screen shows: the viewport, not the page under it.
  await kit.writeScreenshot(raviPage, `change-date-${width}.png`, { fullPage: false });
  await raviContext.close();
}
