/**
 * For the devotee, in Chromium against the built shop: a family of 4 booked from saved family
 * members with an offering, and a puja gifted to someone else (docs/product-rules.md, Family
 * profiles, Chadhava offerings, Gift a puja, The sankalp in the temple's script).
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { BookingListResponse, BookingResponse } from '../../contract/booking.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import { TOKEN_KEY, browserForFile, fillGiftForm, watchConsole } from './browser.ts';
import { api, registeredToken } from './shop-api.ts';
import { formatRupees as rupees } from '../../contract/money.ts';

const baseUrl = inject('baseUrl');
const DAY = 86_400_000;
const browser = browserForFile();

async function newCustomer(): Promise<string> {
  return registeredToken(
    'Lakshmi Iyer',
    `devotee.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.in`,
  );
}

/** An open puja (a day or more ahead) with a package for `persons`. */
async function openPuja(persons: number) {
  const { pujas } = await api<PujaListResponse>('/pujas');
  for (const puja of pujas) {
    if (!puja.pujaDate || Date.parse(puja.pujaDate) < Date.now() + DAY) continue;
    const { packages } = await api<PackageListResponse>(`/packages/${puja.id}`);
    const pkg = packages.find((p) => p.noPersons === persons);
    if (pkg) return { puja, pkg };
  }
  throw new Error(`the demo catalogue has no open puja with a ${persons}-person package`);
}

async function signedIn(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  return context.newPage();
}

const family = [
  {
    relation: 'self',
    name: 'Lakshmi Iyer',
    dateOfBirth: '1988-03-14',
    birthTime: '06:45',
    birthPlace: 'Udupi',
  },
  {
    relation: 'spouse',
    name: 'Venkatesh Iyer',
    dateOfBirth: '1985-11-02',
    birthTime: '21:10',
    birthPlace: 'Mysuru',
  },
  {
    relation: 'son',
    name: 'Srinivas Iyer',
    dateOfBirth: '2012-01-09',
    birthTime: '10:30',
    birthPlace: 'Bengaluru',
  },
  {
    relation: 'daughter',
    name: 'Gowri Iyer',
    dateOfBirth: '2015-06-23',
    birthTime: '04:15',
    birthPlace: 'Bengaluru',
  },
];

async function toPayment(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Address' }).waitFor();
}

describe('for the devotee, in Chromium', () => {
  it('books for a family of 4 from saved family members, with an offering, after reading the names back', async () => {
    const token = await newCustomer();
    const { puja, pkg } = await openPuja(4);
    const page = await signedIn(token);
    const errors = watchConsole(page);

    await api('/api/addresses', {
      method: 'POST',
      token,
      json: {
        recipientName: 'Lakshmi Iyer',
        mobile: '9845012345',
        street: '12, 4th Cross',
        area: 'Malleshwaram',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560003',
      },
    });
    // Three saved through the My family tab's API, the fourth typed in the tab itself.
    for (const member of family.slice(0, 3))
      await api('/api/family', {
        method: 'POST',
        token,
        json: { ...member, raashi: 'Simha (Leo)', nakshatra: 'Magha', gothra: 'Bharadwaja' },
      });
    await page.goto(`${baseUrl}/#/account/family`);
    await page.getByRole('list', { name: 'My family' }).waitFor();
    await page.getByRole('button', { name: 'Add a family member' }).click();
    const form = page.getByRole('form', { name: 'Add a family member' });
    await form.getByLabel('Relation').selectOption('daughter');
    await form.getByLabel('Name', { exact: true }).fill(family[3]!.name);
    await form.getByLabel('Date of birth').fill(family[3]!.dateOfBirth);
    await form.getByLabel('Birth time', { exact: true }).fill(family[3]!.birthTime);
    await form.getByLabel('Birth place', { exact: true }).fill(family[3]!.birthPlace);
    // The birth-star suggestion fills raashi and nakshatra in one tap (or offers both neighbours).
    await form.getByText('Suggested from the birth details').waitFor();
    const useThese = form.getByRole('button', { name: 'Use these' });
    if (await useThese.count()) await useThese.click();
    else {
      await form.getByLabel('Raashi').fill('Kanya (Virgo)');
      await form.getByLabel('Nakshatra', { exact: true }).fill('Hasta');
    }
    await form.getByLabel("I don't know my gothra").check();
    await form.getByText('Not known: the customary Kashyap gothra is recited').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 3, name: /Gowri Iyer/ }).waitFor();

    await page.goto(`${baseUrl}/#/puja-booking/${puja.id}?package=${pkg.id}&step=details`);
    await page.getByRole('heading', { level: 2, name: 'Person Details' }).waitFor();
    for (const [index, member] of family.entries()) {
      const group = page.getByRole('group', { name: `Person ${index + 1} of 4` });
      await group.getByRole('button', { name: new RegExp(`^${member.name}`) }).click();
      expect(await group.getByLabel('Name', { exact: true }).inputValue()).toBe(member.name);
    }
    await toPayment(page);
    await page.getByRole('radio', { name: /Malleshwaram/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /Gift this puja/ }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();

    // Nothing chosen; two lamps added with the stepper.
    const lamp = page.getByRole('group', { name: 'Ghee lamp' });
    expect(await lamp.locator('output').textContent()).toBe('0');
    await page.getByRole('button', { name: 'One lamp more of Ghee lamp' }).click();
    await page.getByRole('button', { name: 'One lamp more of Ghee lamp' }).click();
    const total = pkg.offerPrice + 2 * 51;
    const pay = page.getByRole('button', { name: `Pay ${rupees(total)}` });
    await pay.waitFor();
    // The read back in the temple's script; Pay waits for "The names are right".
    await page.locator('td[lang] .read-back__name').first().waitFor();
    expect(await page.locator('td[lang] .read-back__name').count()).toBe(4);
    expect(await pay.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'The names are right' }).check();
    await page.getByLabel('UPI ID', { exact: true }).fill('lakshmi@okbank');
    await pay.click();
    await page.getByRole('heading', { level: 2, name: 'Booking Confirmed!' }).waitFor({ timeout: 15_000 });
    await page.getByText(/Ghee lamp × 2/).waitFor();

    const { bookings } = await api<BookingListResponse>('/api/bookings', { token });
    expect(bookings).toHaveLength(1);
    const { booking } = await api<BookingResponse>(`/api/bookings/${bookings[0]!.id}`, { token });
    expect(booking.amount).toBe(total);
    expect(booking.persons.map((p) => p.name)).toEqual(family.map((m) => m.name));
    expect(booking.persons[3]!.gothra).toBe('Kashyap');
    expect(booking.offerings.map((o) => [o.name, o.quantity])).toEqual([['Ghee lamp', 2]]);

    // The booking page offers "Add to calendar".
    await page.goto(`${baseUrl}/#/account/bookings/${booking.id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    expect((await download).suggestedFilename()).toBe(`${booking.bookingNumber}.ics`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('gifts a puja: the recipient’s names, their address typed in, a card message; My Bookings says it is a gift', async () => {
    const token = await newCustomer();
    const { puja, pkg } = await openPuja(1);
    const page = await signedIn(token);
    const errors = watchConsole(page);
    await page.goto(`${baseUrl}/#/puja-booking/${puja.id}?package=${pkg.id}&step=details`);
    const group = page.getByRole('group', { name: 'Person 1 of 1' });
    await group.getByLabel('Name', { exact: true }).fill('Kamala Narayanan');
    await group.getByLabel('Date of birth').fill('1958-07-21');
    await group.getByLabel('Birth time', { exact: true }).fill('05:10');
    await group.getByLabel('Birth place', { exact: true }).fill('Madurai');
    await group.getByLabel('Raashi').fill('Simha (Leo)');
    await group.getByLabel('Nakshatra', { exact: true }).fill('Magha');
    await group.getByLabel('Gothra', { exact: true }).fill('Vasishtha');
    await toPayment(page);
    await page.getByRole('checkbox', { name: /Gift this puja/ }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Recipient name is required').waitFor();
    await fillGiftForm(page, 'Happy 60th birthday, Amma!');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
    await page.getByText('“Happy 60th birthday, Amma!”').waitFor();
    await page.getByRole('checkbox', { name: 'The names are right' }).check();
    await page.getByLabel('UPI ID', { exact: true }).fill('lakshmi@okbank');
    await page.getByRole('button', { name: `Pay ${rupees(pkg.offerPrice)}` }).click();
    await page.getByRole('heading', { level: 2, name: 'Booking Confirmed!' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'View My Bookings' }).click();
    await page.getByText('Gift for Kamala Narayanan').waitFor();
    // Not added to the giver's address book.
    const { addresses } = await api<{ addresses: unknown[] }>('/api/addresses', { token });
    expect(addresses).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
