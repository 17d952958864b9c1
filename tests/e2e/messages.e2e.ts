/**
 * The customers' messages in the back office, in Chromium (docs/product-rules.md, Messages to
 * customers): a message that used up its tries is counted on Today, the count opens the failed
 * ones, and "Send again" queues it, which the served shop's scheduler then delivers. The built
 * shop on the real server; the failure is written into its database, as six refused tries leave it.
 */
import type { ProductListResponse } from '../../contract/catalogue.ts';
import { inject } from 'vitest';
import { addressInput } from '../support/addresses.ts';
import { failServedMessage, servedMessageStatus } from '../support/served-shop.ts';
import { seriousAxeViolations } from './axe.ts';
import { contextAs, browserForFile, watchConsole } from './browser.ts';
import { api, registeredToken, signIn } from './shop-api.ts';

const baseUrl = inject('baseUrl');
const staff = inject('staff');
const dataDir = inject('dataDir');

const browser = browserForFile();

/** A customer's cash-on-delivery order, whose "placed" message is then marked failed: their ids. */
async function orderWithFailedMessage() {
  const token = await registeredToken(
    'Meena Sundaram',
    `messages.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.in`,
  );
  const { address } = await api<{ address: { id: number } }>('/api/addresses', {
    method: 'POST',
    token,
    json: addressInput({ recipientName: 'Meena Sundaram' }),
  });
  const { products } = await api<ProductListResponse>('/products');
  const product = products.find((p) => p.stockQuantity > 5)!;
  const order = await api<{ id: number; orderNumber: string }>('/api/orders', {
    method: 'POST',
    token,
    json: { address_id: address.id, items: [{ product_id: product.id, quantity: 1 }], payment_method: 'cod' },
  });
  // The scheduler may be sending it this moment: take it once it is queued or sent.
  let messageId: number | null = null;
  await expect
    .poll(() => (messageId = failServedMessage(dataDir, { kind: 'order', id: order.id })), {
      timeout: 30_000,
    })
    .not.toBeNull();
  return { order, messageId: messageId! };
}

describe('the failed messages, in Chromium', () => {
  it('Today counts them, the count opens their list, and Send again queues the message, which is then delivered', async () => {
    const { order, messageId } = await orderWithFailedMessage();
    const token = await signIn(staff.email, staff.password);
    const page = await (await contextAs(browser, token, { width: 1280, height: 900 })).newPage();
    const errors = watchConsole(page);

    await page.goto(`${baseUrl}/#/admin`);
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    const count = page.getByRole('link', { name: /Failed messages/ });
    await expect
      .poll(async () => Number(await count.locator('.bo-stat__value').textContent()))
      .toBeGreaterThan(0);
    await count.click();

    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/admin/messages?status=failed');
    const row = page
      .getByRole('table', { name: 'Messages' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Order #${order.id}`, exact: true }) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('451 4.3.0 Mailbox temporarily unavailable');
    expect(await row.textContent()).toContain('Failed');

    await row.getByRole('button', { name: 'Send again: Order placed' }).click();
    await expect.poll(() => row.textContent()).toContain('Queued');
    expect(await row.getByRole('button').count()).toBe(0);

    // The scheduler sends it on its next round (every 15 seconds).
    await expect.poll(() => servedMessageStatus(dataDir, messageId), { timeout: 40_000 }).toBe('sent');
    await page.getByRole('list', { name: 'Filter by status' }).getByRole('button', { name: /^Sent/ }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/admin/messages?status=sent');
    await expect.poll(() => row.textContent()).toMatch(/Sent\d/);
    expect(errors).toEqual([]);
  });

  it.each([
    ['/admin/messages', 'Messages', 390],
    ['/admin/messages', 'Messages', 1280],
    ['/admin/messages/templates', 'Message templates', 390],
    ['/admin/messages/templates', 'Message templates', 1280],
  ])('axe finds no serious accessibility problem on %s (%s) at %i px', async (route, heading, width) => {
    const token = await signIn(staff.email, staff.password);
    const page = await (await contextAs(browser, token, { width, height: 900 })).newPage();
    await page.goto(`${baseUrl}/#${route}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page
      .locator(route.endsWith('templates') ? 'iframe' : 'table')
      .first()
      .waitFor();
    await expect.poll(() => page.locator('.spinner__ring').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
