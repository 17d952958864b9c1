import { addressInput } from '../support/addresses.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { fillAddressForm, browserForFile, watchConsole } from './browser.ts';
import { api, type ApiProduct } from './shop-api.ts';
import { formatRupees as rupees } from '../../contract/money.ts';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** A fresh customer, registered through the API (as the brief's journey starts signed out). */
async function registerCustomer(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.in`;
  const password = 'rudraksha-108';
  await api('/api/auth/register', { method: 'POST', json: { name, email, password } });
  return { name, email, password };
}

/** Two products with plenty of stock whose offer prices add up to at least ₹499 (WELCOME10's minimum). */
async function twoProducts(): Promise<[ApiProduct, ApiProduct]> {
  const { products } = await api<{ products: ApiProduct[] }>('/products');
  const plenty = products.filter((p) => p.stockQuantity >= 40).sort((a, b) => a.offerPrice - b.offerPrice);
  const a = plenty[0];
  const b = plenty.find((p) => p !== a && a !== undefined && a.offerPrice + p.offerPrice >= 499);
  if (!a || !b) throw new Error('The demo catalogue lacks two stocked products');
  return [a, b];
}

async function addToCart(page: Page, product: ApiProduct) {
  await page.goto(`${baseUrl}/#/productDetails/${product.id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.getByText('Added to cart.').waitFor();
}

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });
/** A row of the Order Summary: "Total" matches only Total (not Subtotal); a RegExp as given. */
const summaryValue = (page: Page, label: string | RegExp) =>
  page
    .getByRole('region', { name: 'Order Summary' })
    .locator('div', {
      has: page.locator('dt', { hasText: typeof label === 'string' ? new RegExp(`^${label}$`) : label }),
    })
    .locator('dd');

async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** The confirmation's Payment Status pill (its text and its colour's class). */
const paymentStatusPill = (page: Page) =>
  page.locator('dt', { hasText: 'Payment Status' }).locator('xpath=..').locator('.status-pill');

describe('checkout in Chromium', () => {
  it('cart with two products and coupons -> checkout signed out -> login -> address -> cash on delivery -> confirmation -> account orders', async () => {
    const { context, page, errors } = await newPage();
    const customer = await registerCustomer('Lakshmi Narayanan');
    const [first, second] = await twoProducts();

    await addToCart(page, first);
    await addToCart(page, second);
    await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items');

    await cartLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'Your Shopping Cart' }).waitFor();
    const subtotal = first.offerPrice + second.offerPrice;
    expect(await summaryValue(page, 'Subtotal').textContent()).toBe(rupees(subtotal));

    // An unknown code is refused under the field; WELCOME10 (10%, at most ₹300) is applied.
    const code = page.getByLabel('Coupon code');
    await code.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /coupon/i })
      .waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /coupon/i })
        .textContent(),
    ).toMatch(/Invalid coupon code/);
    await code.fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const discount = Math.min(300, Math.floor(subtotal * 0.1));
    await page.getByText(/Coupon WELCOME10 applied/).waitFor();
    const shipping = subtotal > 1000 ? 0 : 100;
    const total = subtotal + shipping - discount;
    expect(await summaryValue(page, 'Total').textContent()).toBe(rupees(total));

    // Signed out: checkout sends the visitor to log in, and back.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(page.url()).toMatch(/#\/login\?redirect=%2Fcheckout$/);
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(page.url()).toMatch(/#\/checkout$/);

    // The summary carries the cart and its coupon.
    await expect.poll(() => summaryValue(page, /^Discount/).textContent()).toBe(`-${rupees(discount)}`);
    expect(await summaryValue(page, 'Total').textContent()).toBe(rupees(total));

    // No address yet: Place Order asks for one; one is added right here.
    await page.getByText('No addresses').waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select a delivery address' }).waitFor();
    await page.getByRole('button', { name: /Add new address/i }).click();
    await fillAddressForm(page, { street: '12, 4th Cross', area: 'Malleshwaram', postalCode: '560003' });
    await page.getByLabel('City', { exact: true }).fill('Bengaluru');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Malleshwaram/ }).isChecked()).toBe(true);

    await page.getByText('Cash on Delivery').click();
    expect(await page.getByRole('radio', { name: /Cash on Delivery/ }).isChecked()).toBe(true);
    await page.getByLabel(/Notes for your order/).fill('Please call before delivery');
    await page.getByRole('button', { name: 'Place Order' }).click();

    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    expect(page.url()).toMatch(/#\/order-confirmation\/\d+$/);
    const orderNumber = (await page.locator('.confirmation__number strong').textContent()) ?? '';
    expect(orderNumber).toMatch(/^DPS-\d{8}-\d+$/);
    const paymentStatus = paymentStatusPill(page);
    expect(await paymentStatus.textContent()).toBe('pending');
    expect(await paymentStatus.getAttribute('class')).toContain('status-pill--yellow');
    expect(await summaryValue(page, 'Total').textContent()).toBe(rupees(total));
    await page
      .getByText('Asha Rao, +91 98450 12345, 12, 4th Cross, Malleshwaram, Bengaluru, Karnataka 560003, India')
      .waitFor();
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');

    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.getByRole('tab', { name: 'Orders', selected: true }).waitFor();
    const orderLink = page.getByRole('link', { name: `Order ${orderNumber}` });
    await orderLink.waitFor();
    await orderLink.click();
    // The order's own page: its state and timeline, and Cancel while the hour lasts.
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('Order placed').waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).waitFor();

    expect(errors.filter((e) => !/401|Unauthorized|400|Bad Request/.test(e))).toEqual([]);
    await context.close();
  });

  it('online payment: a declined UPI ID, then another on the same intent: "Processing payment..." for the 2 s capture, then the confirmation', async () => {
    const { context, page, errors } = await newPage();
    const customer = await registerCustomer('Ravi Shankar');
    const { token } = await api<{ token: string }>('/api/auth/login', {
      method: 'POST',
      json: { email: customer.email, password: customer.password },
    });
    await api('/api/addresses', {
      method: 'POST',
      token,
      json: addressInput({
        street: '7, North Mada Street',
        area: 'Mylapore',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600004',
      }),
    });
    await context.addInitScript((value) => localStorage.setItem('shop.session.token', value), token);
    const [product] = await twoProducts();
    await addToCart(page, product);

    await page.goto(`${baseUrl}/#/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /Mylapore/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Online Payment/ }).isChecked()).toBe(true);

    expect(await page.getByRole('radio', { name: /UPI/ }).isChecked()).toBe(true);
    await page.getByLabel('UPI ID', { exact: true }).fill('failure@upi');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const processing = page.getByRole('button', { name: 'Processing payment...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your payment was declined' })
      .waitFor({ timeout: 10_000 });

    await page.getByLabel('UPI ID', { exact: true }).fill('asha@okbank');
    const started = Date.now();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await processing.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    const paymentStatus = paymentStatusPill(page);
    expect(await paymentStatus.textContent()).toBe('completed');
    expect(await paymentStatus.getAttribute('class')).toContain('status-pill--green');
    const paymentId = page.locator('dt', { hasText: 'Payment ID' }).locator('xpath=..').locator('dd');
    expect(await paymentId.textContent()).toMatch(/^pay_[A-Za-z0-9_-]+$/);
    await page.getByText('Online Payment').waitFor();
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');

    // The one failed request is the declined capture (402), as the provider answers it.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 402 (Payment Required)',
    ]);
    await context.close();
  });
});
