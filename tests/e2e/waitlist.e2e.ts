/**
 * A full puja date in Chromium (docs/product-rules.md, Waitlist; Rescheduling): the puja's page
 * says it is fully booked, the wizard ends in joining the waitlist without paying, a cancellation
 * offers the place to the first in line, and the offer's link opens the wizard at Payment with
 * what was chosen, which pays for the held place. Then the booking moves to another date of the
 * puja from its page. Staff repeat a seeded puja on dates of its own, so no other test meets them.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { AdminPujaResponse } from '../../contract/admin/pujas.ts';
import type { BookingListResponse, BookingResponse } from '../../contract/booking.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import type { WaitlistEntryResponse, WaitlistListResponse } from '../../contract/waitlist.ts';
import { addressInput } from '../support/addresses.ts';
import { bornInThanjavur } from '../support/bookings.ts';
import { seriousAxeViolations } from './axe.ts';
import { browserForFile, contextAs, watchConsole } from './browser.ts';
import { api, signIn } from './shop-api.ts';
import { bookPaidOnline } from './api-client.ts';

const baseUrl = inject('baseUrl');
const staff = inject('staff');
const browser = browserForFile();
const DAY = 86_400_000;

/** A new customer with an address, signed in through the API. */
async function newCustomer(name: string) {
  const email = `waitlist.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.in`;
  await api('/api/auth/register', { method: 'POST', json: { name, email, password: 'rudraksha-108' } });
  const token = await signIn(email, 'rudraksha-108');
  const { address } = await api<{ address: { id: number } }>('/api/addresses', {
    method: 'POST',
    token,
    json: addressInput({ recipientName: name }),
  });
  return { token, addressId: address.id };
}

/** Staff repeat the first seeded puja on a date `days` ahead, with `capacity` places. */
async function ownDate(staffToken: string, days: number, capacity: number | null) {
  const { pujas } = await api<PujaListResponse>('/pujas');
  const { puja } = await api<AdminPujaResponse>(`/api/admin/pujas/${pujas[0]!.id}/repeat`, {
    method: 'POST',
    token: staffToken,
    json: { pujaDate: new Date(Date.now() + days * DAY).toISOString() },
  });
  await api(`/api/admin/pujas/${puja.id}`, { method: 'PUT', token: staffToken, json: { ...puja, capacity } });
  const { packages } = await api<PackageListResponse>(`/packages/${puja.id}`);
  return { id: puja.id, name: puja.pujaName, pkg: packages.find((p) => p.noPersons === 1)! };
}

async function openAs(token: string, route: string, width: number): Promise<Page> {
  const page = await (await contextAs(browser, token, { width, height: 900 })).newPage();
  await page.goto(`${baseUrl}/#${route}`);
  return page;
}

const meena = bornInThanjavur('Meena Iyer');

describe('a full date, in Chromium', () => {
  it('joins its waitlist from the wizard, is offered the freed place, pays through the link, then moves the booking to another date', async () => {
    const staffToken = await signIn(staff.email, staff.password);
    const date = await ownDate(staffToken, 150, 1);
    const later = await ownDate(staffToken, 160, null);
    const first = await newCustomer('Ravi Kumar');
    const taken = await bookPaidOnline(api, first.token, {
      pujaId: date.id,
      packageId: date.pkg.id,
      persons: [bornInThanjavur('Ravi Kumar')],
      addressId: first.addressId,
    });
    const { token } = await newCustomer('Meena Iyer');

    // The puja's page: fully booked, each package joins the waitlist.
    const page = await openAs(token, `/pujas/${date.id}`, 390);
    const errors = watchConsole(page);
    await page.getByRole('heading', { level: 2, name: 'This date is fully booked' }).waitFor();
    expect(await page.getByRole('link', { name: /^\d+ \w+ 20\d\d/ }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Join the waitlist ${date.pkg.title}` }).click();

    await page.getByRole('heading', { level: 2, name: 'Person Details' }).waitFor();
    const group = page.getByRole('group', { name: 'Person 1 of 1' });
    await group.getByLabel('Name').fill(meena.name);
    await group.getByLabel('Date of birth').fill(meena.dateOfBirth);
    await group.getByLabel('Birth time', { exact: true }).fill(meena.birthTime);
    await group.getByLabel('Birth place', { exact: true }).fill(meena.birthPlace);
    await group.getByLabel('Raashi').fill(meena.raashi);
    await group.getByLabel('Nakshatra', { exact: true }).fill(meena.nakshatra);
    await group.getByLabel('Gothra').fill(meena.gothra);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Address' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText(`You are number 1 in line for ${date.name}.`).waitFor();
    const [entry] = (await api<WaitlistListResponse>('/api/waitlist', { token })).entries;
    expect(entry).toMatchObject({ pujaId: date.id, status: 'waiting', position: 1 });

    // The place frees: the first in line is offered it, and the offer's link opens Payment.
    await api<BookingResponse>(`/api/bookings/${taken.id}/events`, {
      method: 'POST',
      token: first.token,
      json: { type: 'booking.cancel', reason: 'We cannot travel that week' },
    });
    const offered = (await api<WaitlistEntryResponse>(`/api/waitlist/${entry!.id}`, { token })).entry;
    expect(offered.status).toBe('offered');
    await page.goto(`${baseUrl}/#/account/bookings`);
    await page.getByRole('link', { name: 'Pay now' }).click();
    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
    await page.getByText(/^A place is held for you: pay by /).waitFor();
    await page.getByText('Meena Iyer').first().waitFor();
    await page.getByRole('checkbox', { name: 'The names are right' }).check();
    await page.getByLabel('UPI ID', { exact: true }).fill('meena@okaxis');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { level: 2, name: 'Booking Confirmed!' }).waitFor({ timeout: 10_000 });
    const [booking] = (await api<BookingListResponse>('/api/bookings', { token })).bookings;
    expect(booking).toMatchObject({ pujaName: date.name, personCount: 1, status: 'confirmed' });

    // Rescheduling: the booking moves to the puja's later date from its page.
    await page.goto(`${baseUrl}/#/account/bookings/${booking!.id}`);
    await page.getByRole('button', { name: 'Change date' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator(`input[type="radio"][value="${later.id}"]`).check();
    await dialog.getByText('The same price: nothing to pay, nothing refunded.').waitFor();
    await dialog.getByRole('button', { name: 'Move my booking' }).click();
    await page.getByText('Your puja has been moved to the new date.').waitFor();
    await expect
      .poll(
        async () => (await api<BookingResponse>(`/api/bookings/${booking!.id}`, { token })).booking.puja.id,
      )
      .toBe(later.id);
    expect(errors).toEqual([]);
  });
});
