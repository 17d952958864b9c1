/**
 * Issue 7, promise 6, last clause: user-provided text is always rendered as text in the SPA.
 * Markup typed into a name, an address or order notes is stored as it was typed (it is valid
 * text) and must come back on screen literally, never as elements.
 */
import { addressInput } from '../support/addresses.ts';
import fs from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { OrderCreateResponse } from '../../contract/orders.ts';
import { registerAndLogin, type Customer } from '../support/accounts.ts';
import { addAddress, addProduct, send } from '../support/orders.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { TOKEN_KEY } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

const PAGE = { timeout: 5000 };

const NAME = '<img src=x onerror=alert(1)>';
const STREET = '<script>alert("street")</script> 12, 4th Cross';
const CITY = '<b id="bold">Bengaluru</b>';
const NOTES = '<img src=y onerror=alert(2)><a href="javascript:alert(3)">call me</a>';

const shop = shopPerFile(createTestShop);
fetchRoutedTo(shop);
let customer: Customer;
let orderId: number;

beforeAll(async () => {
  customer = await registerAndLogin(shop.app, { name: NAME });
  const address = await addAddress(shop.app, customer, STREET);
  const edited = await send(shop.app, 'PUT', `/api/addresses/${address.id}`, {
    token: customer.token,
    json: addressInput({ street: STREET, city: CITY, postalCode: '560001' }),
  });
  expect(edited.status).toBe(200);
  const productId = await addProduct(shop.db, { name: 'Text Mala', offerPrice: 450, stockQuantity: 10 });
  const order = await send(shop.app, 'POST', '/api/orders', {
    token: customer.token,
    json: {
      address_id: address.id,
      items: [{ product_id: productId, quantity: 1 }],
      payment_method: 'cod',
      notes: NOTES,
    },
  });
  expect(order.status).toBe(201);
  orderId = v.parse(OrderCreateResponse, order.body).id;
});
beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, customer.token);
});

/** No element was made from the markup: no image, script, bold or javascript: link of ours. */
function expectNoInjectedElements() {
  expect(document.querySelector('img[src="x"], img[src="y"], img[onerror]')).toBeNull();
  expect([...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('alert'))).toEqual(
    [],
  );
  expect(document.getElementById('bold')).toBeNull();
  expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  expect(document.body.innerHTML).not.toMatch(/<(img|script|b)\b[^>]*(onerror|alert|id="bold")/);
}

/** Every file under `dir` whose name ends in one of `exts`. */
function sourceFiles(dir: string, exts: string[]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, exts);
    return exts.some((ext) => entry.name.endsWith(ext)) ? [full] : [];
  });
}

describe('Promise 6: user-provided text is rendered as text', () => {
  it('shows a customer name holding markup literally on /account, creating no elements', async () => {
    renderAppAt('/account');
    expect(await screen.findByText(`Welcome, ${NAME}`, {}, PAGE)).toBeInTheDocument();
    expect(screen.getAllByText(NAME, { exact: false }).length).toBeGreaterThan(0);
    expectNoInjectedElements();
  });

  it('shows a saved address holding markup literally on /account/addresses', async () => {
    renderAppAt('/account/addresses');
    expect(await screen.findByText(STREET, { exact: false }, PAGE)).toBeInTheDocument();
    expect(screen.getAllByText(CITY, { exact: false }).length).toBeGreaterThan(0);
    expectNoInjectedElements();
  });

  it('shows order notes and the delivery address holding markup literally on the confirmation page', async () => {
    renderAppAt(`/order-confirmation/${orderId}`);
    expect(await screen.findByText(NOTES, {}, PAGE)).toBeInTheDocument();
    expect(screen.getAllByText(STREET, { exact: false }).length).toBeGreaterThan(0);
    expectNoInjectedElements();
  });

  it('never injects HTML from code: no dangerouslySetInnerHTML, innerHTML or document.write in src/', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = [
      ...sourceFiles(path.join(root, 'src'), ['.ts', '.tsx']),
      ...sourceFiles(path.join(root, 'machines'), ['.ts', '.tsx']),
    ];
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) =>
      /dangerouslySetInnerHTML|\.(inner|outer)HTML\s*=|insertAdjacentHTML|document\.write|createContextualFragment/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });
});
