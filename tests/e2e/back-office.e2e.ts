/**
 * The back office in Chromium (docs/product-rules.md, Roles and the back office), beside the shop
 * it runs: a puja created, booked, printed, performed and its proof seen by the customer; stock
 * received and a price changed while a customer's cart holds the product; one product edited in
 * two tabs. The built shop on the real server, staff made with `npm run admin:create`.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { AdminProductResponse } from '../../contract/admin/products.ts';
import type { BookingResponse } from '../../contract/booking.ts';
import type { PackageListResponse } from '../../contract/catalogue.ts';
import type { PaymentIntentResponse } from '../../contract/payments.ts';
import { PERFORM_EARLY_MINUTES } from '../../contract/policy.ts';
import { addressInput } from '../support/addresses.ts';
import { moveServedBookingTo } from '../support/served-shop.ts';
import { contextAs, browserForFile, watchConsole } from './browser.ts';
import { api, signIn } from './shop-api.ts';

const baseUrl = inject('baseUrl');
const staff = inject('staff');
const dataDir = inject('dataDir');
const DAY = 86_400_000;
const IST = 5.5 * 3_600_000;
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

const browser = browserForFile();

async function newCustomer(name: string) {
  const email = `office.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.in`;
  const password = 'rudraksha-108';
  await api('/api/auth/register', { method: 'POST', json: { name, email, password } });
  const token = await signIn(email, password);
  const { address } = await api<{ address: { id: number } }>('/api/addresses', {
    method: 'POST',
    token,
    json: addressInput({ recipientName: name }),
  });
  return { token, addressId: address.id };
}

/** A desktop-wide context, signed in with `token` or a visitor's. */
const desktop = (token?: string) => contextAs(browser, token, { width: 1280, height: 900 });

/** Staff sign in as a person does: /admin shows the staff sign-in, and stays at /admin. */
async function staffSignsIn(): Promise<Page> {
  const page = await (await desktop()).newPage();
  await page.goto(`${baseUrl}/#/admin`);
  await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
  expect(new URL(page.url()).hash).toBe('#/admin');
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  expect(new URL(page.url()).hash).toBe('#/admin');
  return page;
}

/** An IST wall-clock time for a datetime-local input, `days` from now at 7:30 am. */
const istInput = (days: number) =>
  `${new Date(Date.now() + IST + days * DAY).toISOString().slice(0, 10)}T07:30`;

describe('the back office, in Chromium', () => {
  it('creates a puja for next week that a customer books; prints its sankalp, records it performed, and the customer sees the proof', async () => {
    const page = await staffSignsIn();
    const errors = watchConsole(page);
    const name = `Navagraha Shanti Homam ${Date.now()}`;

    // A new puja, next week, with one package.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Pujas' }).click();
    await page.getByRole('link', { name: 'New puja' }).click();
    await page.getByRole('heading', { level: 1, name: 'New puja' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Temple and place').fill('Sri Suryanarayana Temple, Suryanar Kovil');
    await page.getByLabel('Puja date and time (IST)').fill(istInput(7));
    // The temple's authorisation: without it the puja stays a draft no devotee sees.
    await page.getByLabel('Temple', { exact: true }).fill('Sri Suryanarayana Temple');
    await page.getByLabel('Performed by').fill("the temple's priests");
    await page.getByLabel('Authorised by').fill('the Temple Executive Office');
    await page.getByLabel('Authorisation reference').fill('SNK/SEVA/2026/31');
    await page.getByLabel('Authorisation date').fill('2026-10-02');
    await page
      .getByLabel('Description', { exact: true })
      .fill('A homam to the nine planets.\n\n- Performed at sunrise');
    for (const n of [1, 2, 3, 4]) {
      await page.getByLabel(`Benefit ${n}`, { exact: true }).fill(`Benefit ${n}`);
      await page.getByLabel(`Benefit ${n}: description`).fill(`What benefit ${n} brings`);
    }
    // A photo from the disk: the server sniffs it and resizes it for the puja's slots.
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#c2410c' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Image')
      .setInputFiles({ name: 'homam.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.locator('.bo-image img').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/admin\/pujas\/\d+$/);
    const pujaId = Number(new URL(page.url()).hash.split('/').pop());
    await page.getByRole('button', { name: 'Add a package' }).click();
    const add = page.getByRole('dialog', { name: 'Add a package' });
    await add.getByLabel('Title', { exact: true }).fill('Individual Sankalpam');
    await add.getByLabel('Persons').fill('1');
    await add.getByLabel('Price (₹)', { exact: true }).fill('1501');
    await add.getByLabel('Offer price (₹)').fill('1101');
    await add.getByLabel('Description', { exact: true }).fill('One devotee’s name and gothra');
    await add.getByRole('button', { name: 'Add package' }).click();
    await add.waitFor({ state: 'detached' });
    await page
      .getByRole('cell', { name: /^Individual Sankalpam/ })
      .first()
      .waitFor();

    // The customer finds it in the shop and books it.
    const customer = await newCustomer('Meenakshi Sundaram');
    const shop = await (await desktop(customer.token)).newPage();
    await shop.goto(`${baseUrl}/#/pujas/${pujaId}`);
    await shop.getByRole('heading', { level: 1, name }).waitFor();
    await shop.getByText('Individual Sankalpam').first().waitFor();
    const { packages } = await api<PackageListResponse>(`/packages/${pujaId}`);
    const draft = {
      pujaId,
      packageId: packages[0]!.id,
      persons: [
        {
          name: 'Meenakshi Sundaram',
          dateOfBirth: '1984-02-11',
          birthTime: '05:40',
          birthPlace: 'Kumbakonam',
          raashi: 'Tula (Libra)',
          nakshatra: 'Swati',
          gothra: 'Bharadwaja',
        },
      ],
      addressId: customer.addressId,
    };
    const { payment } = await api<PaymentIntentResponse>('/api/payments', {
      method: 'POST',
      token: customer.token,
      json: { purpose: 'booking', booking: draft },
    });
    await api(`/api/payments/${payment.id}/capture`, {
      method: 'POST',
      token: customer.token,
      json: { method: 'upi', upiId: 'meenakshi@okaxis' },
    });
    const { booking } = await api<BookingResponse>('/api/bookings', {
      method: 'POST',
      token: customer.token,
      json: { ...draft, paymentMethod: 'online', paymentId: payment.id },
    });

    // The week passes: the server's clock is real, so the puja's date (and the booking's) moves
    // to minutes from now: past the sankalp lock, and close enough to be recorded performed
    // (refused until PERFORM_EARLY_MINUTES before the puja).
    const soon = moveServedBookingTo(dataDir, booking.id, (PERFORM_EARLY_MINUTES / 3) * 60_000, { pujaId });

    // The day's sankalp sheet, printed: only the sheet is on paper.
    const day = new Date(Date.parse(soon) + IST).toISOString().slice(0, 10);
    await page.goto(`${baseUrl}/#/admin/sankalp?date=${day}`);
    const sheet = page.getByRole('region', { name });
    await sheet.getByText('Meenakshi Sundaram').first().waitFor();
    await sheet.getByText('Bharadwaja').waitFor();
    await sheet.getByRole('heading', { level: 3, name: 'Individual Sankalpam' }).waitFor();
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Back office' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Performed, with the video as proof.
    await sheet.getByRole('link', { name: booking.bookingNumber }).click();
    await page.getByRole('heading', { level: 1, name: `Booking ${booking.bookingNumber}` }).waitFor();
    await page.getByRole('button', { name: 'Mark performed' }).click();
    const perform = page.getByRole('dialog', { name: 'Mark performed' });
    await perform.getByLabel('Video link').fill(VIDEO);
    await perform.getByRole('button', { name: 'Mark performed' }).click();
    await perform.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Ship the prasad' }).waitFor();

    await shop.goto(`${baseUrl}/#/account/bookings/${booking.id}`);
    const proof = shop.getByRole('region', { name: 'Your puja was performed' });
    const link = proof.getByRole('link', { name: 'Watch the puja video on YouTube' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(VIDEO);
    expect(errors).toEqual([]);
    await page.context().close();
    await shop.context().close();
  });

  it('receives stock and changes a price while a customer has the product in the cart: the cart re-prices', async () => {
    const staffToken = await signIn(staff.email, staff.password);
    const { products } = await api<{ products: { id: number; name: string; stockQuantity: number }[] }>(
      '/api/admin/products?stock=low',
      { token: staffToken },
    );
    const low = products.find((p) => p.stockQuantity > 0)!;
    const before = (await api<AdminProductResponse>(`/api/admin/products/${low.id}`, { token: staffToken }))
      .product;

    // The customer puts it in the cart.
    const customer = await newCustomer('Ravi Shankar');
    const shop = await (await desktop(customer.token)).newPage();
    await shop.goto(`${baseUrl}/#/productDetails/${low.id}`);
    await shop.getByRole('heading', { level: 1, name: before.name }).waitFor();
    await shop.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await shop.goto(`${baseUrl}/#/cart`);
    await shop.getByRole('heading', { level: 1 }).first().waitFor();
    await shop.getByText(before.name).first().waitFor();

    // Staff receive stock and lower the price.
    const page = await staffSignsIn();
    await page.goto(`${baseUrl}/#/admin/products/${low.id}`);
    await page.getByRole('heading', { level: 2, name: `Stock: ${before.stockQuantity}` }).waitFor();
    await page.getByRole('button', { name: 'Receive or adjust stock' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive or adjust stock' });
    await receive.getByLabel('Units').fill('40');
    await receive.getByLabel('Note (optional)').fill('Delivery from Nepal');
    await receive.getByRole('button', { name: 'Record' }).click();
    await page.getByRole('heading', { level: 2, name: `Stock: ${before.stockQuantity + 40}` }).waitFor();
    const newPrice = before.offerPrice - 100;
    await page.getByLabel('Selling price (₹)').fill(String(newPrice));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();

    // The cart, next checked, takes the new price and says so.
    const notice = `The price of ${before.name} changed from ₹${before.offerPrice.toLocaleString('en-IN')} to ₹${newPrice.toLocaleString('en-IN')}.`;
    await expect
      .poll(
        async () => {
          await shop.reload();
          await shop.getByText(before.name).first().waitFor();
          return shop.getByText(notice).isVisible();
        },
        { timeout: 15000, interval: 1000 },
      )
      .toBe(true);
    const after = (await api<AdminProductResponse>(`/api/admin/products/${low.id}`, { token: staffToken }))
      .product;
    expect(after.stockQuantity).toBe(before.stockQuantity + 40);
    expect(after.ledger[0]).toMatchObject({ quantity: 40, reason: 'received', note: 'Delivery from Nepal' });
    await page.context().close();
    await shop.context().close();
  });

  it('two tabs edit the same product: the second is told what changed, and neither change is lost', async () => {
    const staffToken = await signIn(staff.email, staff.password);
    const context = await desktop(staffToken);
    const first = await context.newPage();
    const second = await context.newPage();
    const id = 4;
    const before = (await api<AdminProductResponse>(`/api/admin/products/${id}`, { token: staffToken }))
      .product;
    for (const tab of [first, second]) {
      await tab.goto(`${baseUrl}/#/admin/products/${id}`);
      await tab.getByRole('heading', { level: 1, name: before.name }).waitFor();
    }
    await first.getByLabel('Selling price (₹)').fill(String(before.offerPrice - 11));
    await first.getByRole('button', { name: 'Save', exact: true }).click();
    await first.getByText('Saved', { exact: true }).waitFor();

    await second.getByLabel('Name', { exact: true }).fill(`${before.name} (temple grade)`);
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = second
      .getByRole('alert')
      .filter({ hasText: 'Someone else saved this while you were editing' });
    await conflict.waitFor();
    const priceRow = conflict.getByRole('row', { name: /Selling price/ });
    expect(await priceRow.textContent()).toContain(String(before.offerPrice - 11));
    expect(await priceRow.textContent()).toContain('Not changed by you');
    expect(await conflict.getByRole('row', { name: /Name/ }).textContent()).toContain(
      `${before.name} (temple grade)`,
    );
    // What was typed is still in the form.
    expect(await second.getByLabel('Name', { exact: true }).inputValue()).toBe(
      `${before.name} (temple grade)`,
    );
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await second.getByText('Saved', { exact: true }).waitFor();

    const after = (await api<AdminProductResponse>(`/api/admin/products/${id}`, { token: staffToken }))
      .product;
    expect(after.name).toBe(`${before.name} (temple grade)`);
    expect(after.offerPrice).toBe(before.offerPrice - 11);
    await context.close();
  });
});
