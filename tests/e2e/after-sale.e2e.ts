/**
 * After the sale in Chromium (docs/product-rules.md, Orders and bookings after the sale): a
 * damage report with a real photo file, the persons corrected and the booking cancelled through
 * their dialogs, the pages' accessibility with a dialog open, at a phone's width too.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { LoginResponse } from '../../contract/auth.ts';
import type { BookingResponse } from '../../contract/booking.ts';
import type { ProductListResponse } from '../../contract/catalogue.ts';
import type { PaymentIntentResponse } from '../../contract/payments.ts';
import { addressInput } from '../support/addresses.ts';
import { bornInThanjavur } from '../support/bookings.ts';
import { seriousAxeViolations } from './axe.ts';
import { TOKEN_KEY, browserForFile, watchConsole } from './browser.ts';
import { api, onePersonPujaPackage } from './shop-api.ts';

const baseUrl = inject('baseUrl');
const staff = inject('staff');
/** A real 1×1 PNG, as a phone's camera would not send but a browser can show. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const browser = browserForFile();

const signIn = async (email: string, password: string) =>
  (await api<LoginResponse>('/api/auth/login', { method: 'POST', json: { email, password } })).token;

/** A new customer with an address, signed in through the API. */
async function newCustomer() {
  const email = `after-sale.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.in`;
  const password = 'rudraksha-108';
  await api('/api/auth/register', { method: 'POST', json: { name: 'Lakshmi Iyer', email, password } });
  const token = await signIn(email, password);
  const { address } = await api<{ address: { id: number } }>('/api/addresses', {
    method: 'POST',
    token,
    json: addressInput(),
  });
  return { token, addressId: address.id };
}

async function pay(token: string, purpose: 'order' | 'booking', draft: object): Promise<string> {
  const { payment } = await api<PaymentIntentResponse>('/api/payments', {
    method: 'POST',
    token,
    json: { purpose, [purpose]: draft },
  });
  await api(`/api/payments/${payment.id}/capture`, {
    method: 'POST',
    token,
    json: { method: 'upi', upiId: 'lakshmi@okaxis' },
  });
  return payment.id;
}

async function openAs(token: string, route: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#${route}`);
  return page;
}

describe('after the sale, in Chromium', () => {
  it('reports damage on a delivered order with a photo chosen from the disk', async () => {
    const { token, addressId } = await newCustomer();
    const { products } = await api<ProductListResponse>('/products');
    const product = products.find((p) => p.stockQuantity > 10)!;
    const { id } = await api<{ id: number }>('/api/orders', {
      method: 'POST',
      token,
      json: {
        address_id: addressId,
        items: [{ product_id: product.id, quantity: 1 }],
        payment_method: 'cod',
      },
    });
    const staffToken = await signIn(staff.email, staff.password);
    for (const event of [
      { type: 'order.pack' },
      { type: 'order.ship', carrier: 'India Post', trackingNumber: 'EK123456789IN' },
      { type: 'order.deliver' },
    ])
      await api(`/api/admin/orders/${id}/events`, { method: 'POST', token: staffToken, json: event });

    const page = await openAs(token, `/account/orders/${id}`, 390);
    const errors = watchConsole(page);
    await page.getByRole('region', { name: 'Shipment' }).getByText('EK123456789IN').waitFor();
    await page.getByRole('button', { name: 'Report damage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report damage' });
    // The browser itself asks for the photo first.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect(
      await dialog
        .getByLabel('Photo (JPEG, PNG or WebP)')
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    await dialog
      .getByLabel('Photo (JPEG, PNG or WebP)')
      .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByLabel('What is damaged?').fill('The lamp arrived bent');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.status-pill', { hasText: 'Damage claimed' }).waitFor();
    const photo = page.getByRole('img', { name: 'The photo you sent of the damage' });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('corrects a name, then cancels the booking with a reason and shows the refund', async () => {
    const { token, addressId } = await newCustomer();
    const { puja, pkg } = await onePersonPujaPackage();
    const person = bornInThanjavur('Lakshmi Iyer');
    const draft = { pujaId: puja.id, packageId: pkg.id, persons: [person], addressId };
    const paymentId = await pay(token, 'booking', draft);
    const { booking } = await api<BookingResponse>('/api/bookings', {
      method: 'POST',
      token,
      json: { ...draft, paymentMethod: 'online', paymentId },
    });

    const page = await openAs(token, `/account/bookings/${booking.id}`);
    const errors = watchConsole(page);
    await page.getByRole('heading', { level: 1, name: puja.pujaName }).waitFor();
    await page.getByRole('button', { name: 'Correct details' }).click();
    const persons = page.getByRole('dialog', { name: 'Correct the person details' });
    await persons.getByLabel('Name').fill('Lakshmi Venkat Iyer');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await persons.getByRole('button', { name: 'Save details' }).click();
    await persons.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Persons' }).getByText('Lakshmi Venkat Iyer').waitFor();

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await cancel.getByLabel('Why are you cancelling?').fill('We cannot travel that week');
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await cancel.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: 'Refund' })
      .getByText(/^Refunded ₹/)
      .waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('We cannot travel that week').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
