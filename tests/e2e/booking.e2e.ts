import { inject } from 'vitest';
import type { BookingListResponse } from '../../contract/booking.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import { TOKEN_KEY, fillAddressForm, browserForFile, watchConsole } from './browser.ts';
import { api, registeredToken } from './shop-api.ts';
import { formatRupees as rupees } from '../../contract/money.ts';

const baseUrl = inject('baseUrl');
const DAY = 86_400_000;
const browser = browserForFile();

/** A new customer, signed in through the API (the account test covers the login screen). */
async function newCustomer(): Promise<string> {
  return registeredToken('Lakshmi Iyer', `booking.${Date.now()}@example.in`);
}

/** An open puja (closing a day or more from now) with a 2-person package. */
async function openPujaWithTwoPersonPackage() {
  const { pujas } = await api<PujaListResponse>('/pujas');
  for (const puja of pujas) {
    if (!puja.pujaDate || Date.parse(puja.pujaDate) < Date.now() + DAY) continue;
    const { packages } = await api<PackageListResponse>(`/packages/${puja.id}`);
    const pkg = packages.find((p) => p.noPersons === 2);
    if (pkg) return { puja, pkg };
  }
  throw new Error('the demo catalogue has no open puja with a 2-person package');
}

describe('a customer books a puja in Chromium', () => {
  it('Book on a 2-person package -> two person forms -> add an address -> pay -> Confirmation -> My Bookings', async () => {
    const token = await newCustomer();
    const { puja, pkg } = await openPujaWithTwoPersonPackage();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(
      ([key, value]) => {
        if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
      },
      [TOKEN_KEY, token] as const,
    );
    const page = await context.newPage();
    const errors = watchConsole(page);

    await page.goto(`${baseUrl}/#/pujas/${puja.id}`);
    await page.getByRole('heading', { level: 1, name: puja.pujaName }).waitFor();
    await page.getByRole('button', { name: `Book ${pkg.title}` }).click();

    await page.getByRole('heading', { level: 2, name: 'Person Details' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`#/puja-booking/${puja.id}\\?package=${pkg.id}&step=details$`));
    expect(await page.getByRole('group', { name: /^Person \d of 2$/ }).count()).toBe(2);

    // A validation pass: Next with empty forms shows the messages and stays.
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByText('Name is required').count()).toBe(2);
    expect(await page.getByText('Nakshatra is required').count()).toBe(2);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');

    const people = [
      ['Lakshmi Iyer', '1990-07-21', '05:30', 'Thanjavur', 'Tula (Libra)', 'Swati', 'Vasishta'],
      ['Venkat Iyer', '1987-01-09', '18:05', 'Kumbakonam', 'Makar (Capricorn)', 'Shravana', 'Vasishta'],
    ] as const;
    for (const [index, [name, dob, time, place, raashi, nakshatra, gothra]] of people.entries()) {
      const group = page.getByRole('group', { name: `Person ${index + 1} of 2` });
      await group.getByLabel('Name').fill(name);
      await group.getByLabel('Date of birth').fill(dob);
      await group.getByLabel('Birth time', { exact: true }).fill(time);
      await group.getByLabel('Birth place', { exact: true }).fill(place);
      await group.getByLabel('Raashi').fill(raashi);
      await group.getByLabel('Nakshatra', { exact: true }).fill(nakshatra);
      await group.getByLabel('Gothra').fill(gothra);
    }
    expect(await page.getByText('Name is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { level: 2, name: 'Address' }).waitFor();
    await page.getByText('No addresses').waitFor();
    await page.getByRole('button', { name: /Add new address/i }).click();
    // The PIN code fills in the city and state.
    expect(
      await fillAddressForm(page, {
        recipientName: 'Lakshmi Iyer',
        mobile: '94430 12345',
        street: '14, South Main Street',
        area: 'Srirangam',
        postalCode: '620006',
      }),
    ).toEqual({ city: 'Tiruchirappalli', state: 'Tamil Nadu' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Srirangam/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
    await page.getByText('Lakshmi Iyer').first().waitFor();

    // Browser Back and Forward walk the steps, and a reload stays on its step, all kept.
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Address' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Person Details' }).waitFor();
    expect(await page.getByRole('group', { name: 'Person 2 of 2' }).getByLabel('Name').inputValue()).toBe(
      'Venkat Iyer',
    );
    await page.goForward();
    await page.getByRole('heading', { level: 2, name: 'Address' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
    expect(page.url()).toMatch(/&step=payment$/);
    await page.getByText('Lakshmi Iyer').first().waitFor();
    // The simulated provider declines failure@upi; another UPI ID pays on the same intent.
    // The sankalp read back: "The names are right" before Pay.
    await page.getByRole('checkbox', { name: 'The names are right' }).check();
    await page.getByLabel('UPI ID', { exact: true }).fill('failure@upi');
    await page.getByRole('button', { name: `Pay ${rupees(pkg.offerPrice)}` }).click();
    await page.getByRole('button', { name: 'Processing payment...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Processing payment...' }).isDisabled()).toBe(true);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your payment was declined' })
      .waitFor({ timeout: 10_000 });
    await page.getByLabel('UPI ID', { exact: true }).fill('asha@okbank');
    await page.getByRole('button', { name: `Pay ${rupees(pkg.offerPrice)}` }).click();
    await page.getByRole('button', { name: 'Processing payment...' }).waitFor();

    await page.getByRole('heading', { level: 2, name: 'Booking Confirmed!' }).waitFor({ timeout: 10_000 });
    const { bookings } = await api<BookingListResponse>('/api/bookings', { token });
    expect(bookings).toHaveLength(1);
    const [booking] = bookings;
    expect(booking).toMatchObject({
      pujaName: puja.pujaName,
      packageTitle: pkg.title,
      personCount: 2,
      amount: pkg.offerPrice,
    });
    await page.getByText(booking!.bookingNumber).waitFor();
    await page
      .getByText(
        'Lakshmi Iyer, +91 94430 12345, 14, South Main Street, Srirangam, Tiruchirappalli, Tamil Nadu 620006, India',
      )
      .waitFor();

    await page.getByRole('button', { name: 'View My Bookings' }).click();
    await page.getByRole('list', { name: 'My bookings' }).waitFor();
    expect(page.url()).toMatch(/#\/account\/bookings$/);
    const row = page.getByRole('list', { name: 'My bookings' }).getByRole('listitem').first();
    await row.getByText(booking!.bookingNumber).waitFor();
    await row.getByRole('heading', { name: puja.pujaName }).waitFor();
    // The one failed request is the declined capture (402), as the provider answers it.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 402 (Payment Required)',
    ]);
    await context.close();
  });
});
