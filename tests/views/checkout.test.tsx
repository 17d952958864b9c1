import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { OrderCreateResponse, OrderListResponse, OrderRead } from '../../contract/orders.ts';
import { formatRupees } from '../../contract/money.ts';
import { registerAndLogin, type Customer } from '../support/accounts.ts';
import { addAddress, addProduct, send, setStock, stockOf } from '../support/orders.ts';
import { fillAddressForm, malleshwaram } from '../support/address-form.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { signInNewCustomer } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';
import { alertWhileOffline, axeViolations } from '../support/screens.ts';
import { legacyAddressRow } from '../support/addresses.ts';

const CART_KEY = 'shop.cart';
/** The first render of a lazily loaded page (and the session check before it) can take a moment. */
const PAGE = { timeout: 5000 };

const MALA = 'Checkout Tulsi Mala';
const KALASH = 'Checkout Copper Kalash';
const SHANKH = 'Checkout Valampuri Shankh';

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop);
const products: Record<string, { id: number; offerPrice: number }> = {};

beforeAll(async () => {
  for (const [name, offerPrice, stockQuantity] of [
    [MALA, 450, 50],
    [KALASH, 700, 50],
    [SHANKH, 1200, 5],
  ] as const) {
    products[name] = { id: await addProduct(shop.db, { name, offerPrice, stockQuantity }), offerPrice };
  }
});
const signIn = () => signInNewCustomer(shop.app);

/**
 * A cart as the cart keeps it in local storage. The stock written here is deliberately stale
 * (999), so `cartReconciled` can see when the cart has compared its lines with the catalogue.
 */
function seedCart(lines: [string, number][], coupon?: { code: string; discountAmount: number }) {
  const items = lines.map(([name, quantity]) => {
    const product = products[name]!;
    return {
      id: product.id,
      name,
      image: '/images/products/test.svg',
      price: product.offerPrice,
      quantity,
      stockQuantity: 999,
    };
  });
  localStorage.setItem(
    CART_KEY,
    JSON.stringify({ items, couponCode: coupon?.code, discountAmount: coupon?.discountAmount ?? 0 }),
  );
}

const storedCart = () =>
  JSON.parse(localStorage.getItem(CART_KEY) ?? '{"items":[]}') as {
    items: { id: number; quantity: number; stockQuantity: number }[];
    couponCode?: string;
  };

/** The cart has read the catalogue again (its stored stock is no longer the seeded 999). */
const cartReconciled = () =>
  waitFor(() => expect(storedCart().items.every((item) => item.stockQuantity !== 999)).toBe(true), PAGE);

async function openCheckout() {
  renderAppAt('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Checkout' }, PAGE);
}

const placeOrderButton = () =>
  screen.getByRole('button', { name: /^(Place Order|Processing payment\.\.\.|Placing order\.\.\.)$/ });
const summaryRow = (label: string) => {
  const summary = screen.getByRole('region', { name: 'Order Summary' });
  return within(summary).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
};
const detail = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!;

async function ordersOf(customer: Customer) {
  const res = await send(shop.app, 'GET', '/api/orders', { token: customer.token });
  return (res.body as OrderListResponse).orders;
}

async function placeOrderThroughApi(customer: Customer): Promise<number> {
  const address = await addAddress(shop.app, customer);
  const res = await send(shop.app, 'POST', '/api/orders', {
    token: customer.token,
    json: {
      address_id: address.id,
      items: [{ product_id: products[KALASH]!.id, quantity: 1 }],
      payment_method: 'cod',
    },
  });
  expect(res.status).toBe(201);
  return (res.body as OrderCreateResponse).id;
}

/**
 * A new customer signed in with one saved address (MG Road 100) and these lines in the cart, on
 * the checkout page once the address is chosen.
 */
async function checkoutWithAddress(lines: [string, number][]) {
  const user = userEvent.setup();
  const customer = await signIn();
  await addAddress(shop.app, customer);
  seedCart(lines);
  await openCheckout();
  await waitFor(() => expect(screen.getByRole('radio', { name: /MG Road 100/ })).toBeChecked(), PAGE);
  return { user, customer };
}

/** Runs `during` with the product's offer price at `price` (as staff would change it), then puts it back. */
async function withPrice(name: string, price: number, during: () => Promise<void>) {
  const { id, offerPrice } = products[name]!;
  await shop.db.updateTable('product').set({ offerPrice: price }).where('id', '=', id).execute();
  try {
    await during();
  } finally {
    await shop.db.updateTable('product').set({ offerPrice }).where('id', '=', id).execute();
  }
}

async function chooseCashOnDelivery(user: UserEvent) {
  await user.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
  expect(screen.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
}

describe('checkout', () => {
  it('sends a signed-out visitor to /login?redirect=%2Fcheckout', async () => {
    seedCart([[MALA, 1]]);
    renderAppAt('/checkout');
    await waitFor(() => expect(window.location.hash).toBe('#/login?redirect=%2Fcheckout'), PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, PAGE);
  });

  it('with an empty cart says so and goes to /cart after a second', async () => {
    await signIn();
    await openCheckout();
    expect(screen.getByText('Your cart is empty. Taking you to your cart...')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/checkout');
    await waitFor(() => expect(window.location.hash).toBe('#/cart'), { timeout: 3000 });
    await screen.findByRole('heading', { level: 1, name: 'Your Shopping Cart' }, PAGE);
  });

  it('shows the sections, online payment by default, the summary; no address -> "Please select a delivery address"', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    seedCart([
      [MALA, 2],
      [KALASH, 1],
    ]);
    await openCheckout();
    for (const name of ['Delivery Address', 'Payment Method', 'Order Notes', 'Order Summary'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    await screen.findByText('No addresses', {}, PAGE);
    expect(screen.getByRole('radio', { name: /Online Payment/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Cash on Delivery/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: /Notes for your order/ })).toHaveValue('');
    const items = within(screen.getByRole('list', { name: 'Items' }));
    expect(items.getByText(MALA, { exact: false })).toHaveTextContent(`${MALA} × 2`);
    expect(summaryRow('Subtotal')).toBe(formatRupees(1600));
    expect(summaryRow('Shipping')).toBe('Free');
    expect(summaryRow('Total')).toBe(formatRupees(1600));
    // No coupon, no discount: no "Discount ₹0" row.
    expect(within(screen.getByRole('region', { name: 'Order Summary' })).queryByText('Discount')).toBeNull();

    await user.click(placeOrderButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a delivery address');
    expect(placeOrderButton()).toHaveTextContent('Place Order');
    expect(placeOrderButton()).toBeEnabled();
    expect(await ordersOf(customer)).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('cash on delivery: adds an address in place, places the order, confirms it and empties the cart', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    // ₹900 with WELCOME10 (10%): ₹90 off, ₹100 shipping.
    seedCart([[MALA, 2]], { code: 'WELCOME10', discountAmount: 90 });
    const stockBefore = await stockOf(shop.db, products[MALA]!.id);
    await openCheckout();
    await screen.findByText('No addresses', {}, PAGE);
    await waitFor(() => expect(summaryRow('Discount')).toBe(`-${formatRupees(90)}`), PAGE);
    expect(summaryRow('Shipping')).toBe(formatRupees(100));
    expect(summaryRow('Total')).toBe(formatRupees(910));
    // Free over ₹1,000 of products, before the discount: ₹101 more (issue 23, item 11).
    expect(screen.getByText(`Add ${formatRupees(101)} for free delivery`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /add new address/i }));
    await fillAddressForm(user, malleshwaram);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const card = await screen.findByRole('radio', { name: /Malleshwaram/ });
    expect(card).toBeChecked();

    await chooseCashOnDelivery(user);
    await user.type(
      screen.getByRole('textbox', { name: /Notes for your order/ }),
      'Please call before delivery',
    );
    await user.click(placeOrderButton());

    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
    const [order] = await ordersOf(customer);
    expect(order).toBeDefined();
    expect(window.location.hash).toBe(`#/order-confirmation/${order!.id}`);
    expect(screen.getAllByText(order!.orderNumber).length).toBeGreaterThan(0);
    expect(detail('Payment Method')).toHaveTextContent('Cash on Delivery');
    const status = within(detail('Payment Status')).getByText('pending');
    expect(status).toHaveClass('status-pill--yellow');
    expect(detail('Order Status')).toHaveTextContent('Processing');
    expect(screen.queryByText('Payment ID', { selector: 'dt' })).not.toBeInTheDocument();
    expect(detail('Order Notes')).toHaveTextContent('Please call before delivery');
    expect(detail('Order Date')).toHaveTextContent(/\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(screen.getByRole('rowheader', { name: MALA })).toBeInTheDocument();
    expect(
      screen.getByText(
        /Asha Rao, \+91 98450 12345, 12, 4th Cross, Malleshwaram, Bengaluru, Karnataka 560003, India/,
      ),
    ).toBeInTheDocument();
    expect(summaryRow('Subtotal')).toBe(formatRupees(900));
    expect(summaryRow('Discount')).toBe(`-${formatRupees(90)}`);
    expect(summaryRow('Total')).toBe(formatRupees(910));
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '#/account/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '#/products');
    expect(await axeViolations()).toEqual([]);

    // The cart is empty (and stays so after a reload); the header says 0 items.
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(storedCart().items).toEqual([]);
    expect(await stockOf(shop.db, products[MALA]!.id)).toBe(stockBefore - 2);
    expect(order).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'pending', total: 910 });
    // The empty cart does not send the customer on to /cart.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(window.location.hash).toBe(`#/order-confirmation/${order!.id}`);
  });

  it('the address picker offers "Set as default" while choosing: only that address becomes the default', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer, 'MG Road 100');
    const second = await addAddress(shop.app, customer, 'Brigade Road 7');
    seedCart([[KALASH, 1]]);
    await openCheckout();
    const card = await screen.findByRole('group', { name: /Brigade Road 7/ }, PAGE);
    await user.click(within(card).getByRole('button', { name: 'Set as default' }));
    await waitFor(async () => {
      const res = await send(shop.app, 'GET', '/api/addresses', { token: customer.token });
      const { addresses } = res.body as { addresses: { id: number; isDefault: boolean }[] };
      expect(addresses.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
    }, PAGE);
    expect(within(card).queryByRole('button', { name: 'Set as default' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('an address saved before recipients and mobiles were asked for is offered, chosen and delivered to', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    // As the address book kept it before the Indian-address migration: no recipient, mobile,
    // area or landmark (null since), and the state as free text.
    await shop.db.insertInto('addresses').values(legacyAddressRow(customer.user.id)).execute();
    seedCart([[KALASH, 1]]);
    await openCheckout();
    const oneLine = '21, Car Street, Udupi, KA 576101, India';
    const radio = await screen.findByRole('radio', { name: `${oneLine} (Default)` }, PAGE);
    expect(radio).toBeChecked();
    const card = screen.getByRole('group', { name: oneLine });
    // Only the lines it has: nothing empty, nothing "null".
    expect([...card.querySelectorAll('.address-card__line')].map((line) => line.textContent)).toEqual([
      '21, Car Street',
      'Udupi, KA 576101',
      'India',
    ]);
    expect(card).not.toHaveTextContent(/null|undefined/);
    expect(await axeViolations()).toEqual([]);

    await chooseCashOnDelivery(user);
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
    expect(screen.getByText(oneLine)).toBeInTheDocument();
    const [order] = await ordersOf(customer);
    expect(order).toMatchObject({ paymentMethod: 'cod', total: 800 });
  });

  it('online payment: UPI first, a declined UPI ID, then another on the same intent and the confirmation', async () => {
    const { user, customer } = await checkoutWithAddress([[KALASH, 1]]);

    // UPI comes first; Place Order without a UPI ID points at the field.
    expect(screen.getByRole('radio', { name: /UPI/ })).toBeChecked();
    expect(
      screen.getByText(/failure@upi and the card\s+4000 0000 0000 0002 are declined/),
    ).toBeInTheDocument();
    await user.click(placeOrderButton());
    expect(await screen.findByText('Please enter your UPI ID')).toBeInTheDocument();
    expect(screen.getByLabelText('UPI ID')).toHaveFocus();
    expect(screen.getByLabelText('UPI ID')).toHaveAttribute('aria-invalid', 'true');

    // The simulated provider declines failure@upi; another UPI ID pays on the same intent.
    await user.type(screen.getByLabelText('UPI ID'), 'failure@upi');
    await user.click(placeOrderButton());
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent('Your payment was declined');
    expect(net.requests.filter((path) => path === '/api/orders')).toEqual([]);
    await user.clear(screen.getByLabelText('UPI ID'));
    await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
    // (The provider answers at once here; the 2 s and "Processing payment..." are walked in e2e.)
    await user.click(placeOrderButton());

    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, { timeout: 6000 });
    expect(detail('Payment Method')).toHaveTextContent('Online Payment');
    expect(within(detail('Payment Status')).getByText('completed')).toHaveClass('status-pill--green');
    expect(detail('Payment ID')).toHaveTextContent(/^pay_[A-Za-z0-9_-]+$/);
    expect(screen.queryByText('Discount', { selector: 'dt' })).toBeNull();
    expect(net.requests.filter((path) => path === '/api/payments')).toEqual(['/api/payments']);
    expect(net.requests.filter((path) => path === '/api/orders')).toEqual(['/api/orders']);
    const [order] = await ordersOf(customer);
    expect(order).toMatchObject({ paymentMethod: 'online', paymentStatus: 'completed', total: 800 });
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('online payment: a price raised during checkout is told, shown in the Total, and paid only when Place Order is pressed again', async () => {
    const { user, customer } = await checkoutWithAddress([[MALA, 2]]);
    await cartReconciled();
    expect(summaryRow('Total')).toBe(formatRupees(2 * 450 + 100));

    // Staff raise the mala to ₹475 while the customer is on this page: the server prices the
    // order, and nothing is taken at a price the customer was not shown (docs/product-rules.md, Payments).
    await withPrice(MALA, 475, async () => {
      await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
      await user.click(placeOrderButton());
      const now = formatRupees(2 * 475 + 100);
      expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent(
        `The price has changed since you opened this page: the amount is now ${now} ` +
          `(it was ${formatRupees(1000)}). Check it and pay ${now}, or go back.`,
      );
      expect(summaryRow('Total')).toBe(now);
      expect(placeOrderButton()).toHaveTextContent('Place Order');
      expect(placeOrderButton()).toBeEnabled();
      const paymentCalls = () =>
        net.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/payments')).map((c) => c.path);
      expect(paymentCalls()).toEqual(['/api/payments']);
      expect(net.requests.filter((path) => path === '/api/orders')).toEqual([]);
      expect(await ordersOf(customer)).toEqual([]);

      // Place Order again agrees to the new total: the same payment is captured for it.
      await user.click(placeOrderButton());
      await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, { timeout: 6000 });
      expect(paymentCalls()).toEqual([
        '/api/payments',
        expect.stringMatching(/^\/api\/payments\/pay_[^/]+\/capture$/),
      ]);
      const [order] = await ordersOf(customer);
      expect(order).toMatchObject({
        paymentMethod: 'online',
        paymentStatus: 'completed',
        total: 2 * 475 + 100,
      });
    });
  });

  it('cash on delivery: a price raised during checkout is told, shown in the Total, and the order written at it only when Place Order is pressed again', async () => {
    const { user, customer } = await checkoutWithAddress([[MALA, 2]]);
    await cartReconciled();
    expect(summaryRow('Total')).toBe(formatRupees(2 * 450 + 100));

    // Staff raise the mala to ₹475 while the customer is on this page: cash on delivery has no
    // payment to price, so the order itself is refused at a total the customer was not shown
    // (docs/product-rules.md, Payments).
    await withPrice(MALA, 475, async () => {
      await chooseCashOnDelivery(user);
      await user.click(placeOrderButton());
      const now = formatRupees(2 * 475 + 100);
      // Nothing is paid now with cash on delivery: the customer places the order, not pays.
      expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent(
        `The price has changed since you opened this page: the amount is now ${now} ` +
          `(it was ${formatRupees(1000)}). Check it and place the order, or go back.`,
      );
      expect(screen.getByRole('alert')).not.toHaveTextContent('Check it and pay');
      expect(summaryRow('Total')).toBe(now);
      expect(placeOrderButton()).toHaveTextContent('Place Order');
      expect(placeOrderButton()).toBeEnabled();
      expect(window.location.hash).toBe('#/checkout');
      expect(await ordersOf(customer)).toEqual([]);

      // Place Order again agrees to the new total: the order is written at it, under a new key.
      await user.click(placeOrderButton());
      await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
      const writes = net.calls.filter((c) => c.method === 'POST' && c.path === '/api/orders');
      expect(
        writes.map((c) => (JSON.parse(c.body ?? '{}') as { expected_total?: number }).expected_total),
      ).toEqual([1000, 2 * 475 + 100]);
      const [first, second] = writes.map((c) => c.headers.get('idempotency-key'));
      expect(first).toBeTruthy();
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);
      expect(net.requests.filter((path) => path.startsWith('/api/payments'))).toEqual([]);
      const orders = await ordersOf(customer);
      expect(orders).toHaveLength(1);
      const newTotal = 2 * 475 + 100;
      expect(orders[0]).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'pending', total: newTotal });
    });
  });

  it("shows the server's refusal and enables Place Order again", async () => {
    const { user, customer } = await checkoutWithAddress([[SHANKH, 2]]);
    await cartReconciled();
    const stock = await stockOf(shop.db, products[SHANKH]!.id);
    await setStock(shop.db, products[SHANKH]!.id, 0);
    try {
      await chooseCashOnDelivery(user);
      await user.click(placeOrderButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(`${SHANKH} is out of stock`);
      expect(placeOrderButton()).toHaveTextContent('Place Order');
      expect(placeOrderButton()).toBeEnabled();
      expect(window.location.hash).toBe('#/checkout');
      expect(storedCart().items).toHaveLength(1);
      expect(await ordersOf(customer)).toEqual([]);
    } finally {
      await setStock(shop.db, products[SHANKH]!.id, stock);
    }
  });

  it('a failed network call shows "Failed to create order"; the retry sends the same Idempotency-Key', async () => {
    const keys: (string | null)[] = [];
    const routed = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      if (url.endsWith('/api/orders')) keys.push(new Headers(init?.headers).get('idempotency-key'));
      return routed(input, init);
    };
    const { user, customer } = await checkoutWithAddress([[MALA, 1]]);
    await chooseCashOnDelivery(user);

    net.failNetwork(/^\/api\/orders$/);
    await user.click(placeOrderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create order');
    expect(placeOrderButton()).toBeEnabled();

    net.failNetwork(null);
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(await ordersOf(customer)).toHaveLength(1);
  });
});

describe('order confirmation and the Orders tab', () => {
  it('lists the orders in the account with links to their pages', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    const id = await placeOrderThroughApi(customer);
    const [order] = await ordersOf(customer);
    renderAppAt('/account/orders');
    const link = await screen.findByRole('link', { name: `Order ${order!.orderNumber}` }, PAGE);
    expect(link).toHaveAttribute('href', `#/account/orders/${id}`);
    const row = link.closest('li')!;
    expect(row).toHaveTextContent('Processing');
    expect(row).toHaveTextContent(formatRupees(order!.total));
    expect(within(row).getByText('pending')).toHaveClass('status-pill--yellow');
    expect(screen.queryByText('No orders')).not.toBeInTheDocument();

    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: `Order ${order!.orderNumber}` }, PAGE);
    expect(window.location.hash).toBe(`#/account/orders/${id}`);
  });

  it('shows "Failed to fetch orders" with Retry when the list cannot be read', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await placeOrderThroughApi(customer);
    const alert = await alertWhileOffline(net, /^\/api\/orders$/, '/account/orders');
    expect(alert).toHaveTextContent('Failed to fetch orders');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /^Order / })).toBeInTheDocument();
  });

  it('another customer\'s order answers "Order not found", with no Retry (it cannot help)', async () => {
    const owner = await registerAndLogin(shop.app);
    const id = await placeOrderThroughApi(owner);
    await signIn();
    renderAppAt(`/order-confirmation/${id}`);
    const alert = await screen.findByRole('alert', {}, PAGE);
    expect(alert).toHaveTextContent('Order not found');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Order Confirmed!')).not.toBeInTheDocument();
  });

  it('a failed read shows "Failed to fetch order details"; Retry loads the order', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    const id = await placeOrderThroughApi(customer);
    const alert = await alertWhileOffline(net, /^\/api\/orders\/\d+$/, `/order-confirmation/${id}`);
    expect(alert).toHaveTextContent('Failed to fetch order details');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
    const res = await send(shop.app, 'GET', `/api/orders/${id}`, { token: customer.token });
    expect(screen.getAllByText((res.body as OrderRead).orderNumber).length).toBeGreaterThan(0);
  });

  it('an id that is not a number: "Failed to load order details"', async () => {
    await signIn();
    renderAppAt('/order-confirmation/abc');
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent('Failed to load order details');
  });

  it('a signed-out visitor is sent to login and back', async () => {
    renderAppAt('/order-confirmation/5');
    await waitFor(
      () => expect(window.location.hash).toBe('#/login?redirect=%2Forder-confirmation%2F5'),
      PAGE,
    );
  });
});
