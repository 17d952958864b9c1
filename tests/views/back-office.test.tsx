/**
 * The back office (docs/product-rules.md, Roles and the back office) through what a person sees:
 * who gets in, Today's counts leading to their queue, an order's detail offering only the steps
 * its lifecycle allows, a product edited while someone else saves it (the conflict shows both,
 * nothing lost), stock received as a ledger entry, a puja's packages and its repeat on a new
 * date, a puja's chadhava offerings added, edited over someone else's save and retired, the sankalp sheet, the audit log, and the staff an admin manages. The real API app over a
 * fresh database.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { AdminProductResponse } from '../../contract/admin/products.ts';
import { AdminPujaResponse } from '../../contract/admin/pujas.ts';
import { staffMessages } from '../../contract/staff-invitations.ts';
import { PujaListResponse } from '../../contract/catalogue.ts';
import { AdminOfferingListResponse, offeringMessages } from '../../contract/offerings.ts';
import { formatRupees } from '../../contract/money.ts';
import { call } from '../support/accounts.ts';
import { addressInput } from '../support/addresses.ts';
import { book, orderEvent, placeOrder } from '../support/lifecycle.ts';
import { renderAppAs, renderAppAt } from '../support/render-app.tsx';
import { signInAs } from '../support/session.ts';
import { lifecycleScreens } from '../support/prelude.ts';

const PAGE = { timeout: 8000 };

const { shop } = lifecycleScreens();

const route = () => window.location.hash.slice(1);

/** The offerings the shop's page of a puja shows (GET /pujas/{id}). */
async function shopOfferings(pujaId: number) {
  const res = await call(shop.app, 'GET', `/pujas/${pujaId}`);
  return v.parse(PujaListResponse, res.body).pujas[0]!.offerings ?? [];
}

async function staffProduct(id: number) {
  const res = await call(shop.app, 'GET', `/api/admin/products/${id}`, { token: shop.staff.token });
  return v.parse(AdminProductResponse, res.body).product;
}

describe('who gets in', () => {
  it('asks a visitor to sign in on its own staff form, and stays at the address asked for', async () => {
    const user = userEvent.setup();
    renderAppAt('/admin/orders?status=packed');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' }, PAGE);
    expect(route()).toBe('/admin/orders?status=packed');
    // The back office's form: no registering, no social buttons, the shop's header stays out.
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '#/forgot-password',
    );
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email address'), shop.staff.email);
    await user.type(screen.getByLabelText('Password'), shop.staff.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Orders' }, PAGE);
    expect(route()).toBe('/admin/orders?status=packed');
    expect(screen.getByRole('button', { name: /^Packed/, pressed: true })).toBeInTheDocument();
  });

  it('says what is missing, and that a wrong password does not sign in', async () => {
    const user = userEvent.setup();
    renderAppAt('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both email and password');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email address'), shop.staff.email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).not.toHaveTextContent('Please enter both'), PAGE);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(route()).toBe('/admin');
  });

  it('tells a customer who signs in on the staff form that the back office is not for them', async () => {
    const user = userEvent.setup();
    renderAppAt('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' }, PAGE);
    await user.type(screen.getByLabelText('Email address'), shop.me.email);
    await user.type(screen.getByLabelText('Password'), shop.me.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'You don’t have access to the back office' }, PAGE);
    expect(route()).toBe('/admin');
  });

  it('tells a signed-in customer the back office is not for them, with a way home', async () => {
    renderAppAs(shop.me.token, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'You don’t have access to the back office' }, PAGE);
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '#/');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
  });
});

describe('orders', () => {
  it('Today counts the orders to pack and leads to their queue, its filter in the address', async () => {
    const user = userEvent.setup();
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    renderAppAs(shop.staff.token, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'Today' }, PAGE);
    const toPack = await screen.findByRole('link', { name: /Orders to pack/ }, PAGE);
    expect(within(toPack).getByText(/^\d+$/).textContent).not.toBe('0');
    await user.click(toPack);
    await screen.findByRole('heading', { level: 1, name: 'Orders' }, PAGE);
    expect(route()).toBe('/admin/orders?status=processing');
    expect(await screen.findByRole('link', { name: order.orderNumber }, PAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Processing/, pressed: true })).toBeInTheDocument();

    // A search the filter narrows to nothing: said so, and kept in the address.
    await user.type(screen.getByLabelText('Order number, e-mail or phone'), 'NO-SUCH-ORDER');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('No orders match this filter.', {}, PAGE);
    expect(route()).toBe('/admin/orders?status=processing&q=NO-SUCH-ORDER');
  });

  it('Today counts the refunds pending per queue, each leading to the queue that lists them', async () => {
    const user = userEvent.setup();
    const booking = await book(shop, shop.me, shop.myAddressId);
    // A refund the gateway has not completed yet (a refund is tried at once, so the row is set to it).
    await shop.db
      .updateTable('bookings')
      .set({ status: 'refundPending' })
      .where('id', '=', booking.id)
      .execute();
    renderAppAs(shop.staff.token, '/admin');
    const bookingRefunds = await screen.findByRole('link', { name: /Booking refunds/ }, PAGE);
    expect(within(bookingRefunds).getByText(/^\d+$/).textContent).toBe('1');
    expect(screen.getByRole('link', { name: /Order refunds/ })).toHaveAttribute(
      'href',
      '#/admin/orders?status=refundPending',
    );
    await user.click(bookingRefunds);
    await screen.findByRole('heading', { level: 1, name: 'Bookings' }, PAGE);
    expect(route()).toBe('/admin/bookings?status=refundPending');
    expect(await screen.findByRole('link', { name: booking.bookingNumber }, PAGE)).toBeInTheDocument();
  });

  it('offers only the steps the order’s lifecycle allows, each through its dialog', async () => {
    const user = userEvent.setup();
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    renderAppAs(shop.staff.token, `/admin/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
    expect(screen.getByRole('button', { name: 'Mark packed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark packed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark packed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark packed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), PAGE);
    expect(await screen.findByRole('button', { name: 'Ship' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark packed' })).not.toBeInTheDocument();

    // Shipping asks for the carrier and the tracking number.
    await user.click(screen.getByRole('button', { name: 'Ship' }));
    const ship = await screen.findByRole('dialog', { name: 'Ship' });
    // The courier is picked from the shop's list (contract/carriers.ts), so the customer gets its link.
    await user.selectOptions(within(ship).getByLabelText('Carrier'), 'India Post');
    await user.type(within(ship).getByLabelText('Tracking number'), 'EK123456789IN');
    await user.click(within(ship).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByRole('button', { name: 'Mark delivered' }, PAGE)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Timeline' })).getByText(/EK123456789IN/),
    ).toBeInTheDocument();
  });

  it('a step someone else took first is refused in the dialog, and the page offers what is possible now', async () => {
    const user = userEvent.setup();
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    renderAppAs(shop.staff.token, `/admin/orders/${order.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark packed' }, PAGE));
    const dialog = await screen.findByRole('dialog', { name: 'Mark packed' });
    await orderEvent(shop, shop.admin.token, order.id, { type: 'order.pack' }, true);
    await user.click(within(dialog).getByRole('button', { name: 'Mark packed' }));
    expect(await within(dialog).findByRole('alert', {}, PAGE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Ship' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark packed' })).not.toBeInTheDocument();
  });
});

describe('the catalogue', () => {
  it('two people save the same product: the second sees what changed, keeps their own, and nothing is lost', async () => {
    const user = userEvent.setup();
    const before = await staffProduct(3);
    renderAppAs(shop.staff.token, '/admin/products/3');
    await screen.findByRole('heading', { level: 1, name: before.name }, PAGE);
    const price = await screen.findByLabelText('Selling price (₹)');
    await user.clear(price);
    await user.type(price, String(before.offerPrice - 50));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // Meanwhile an admin changes the name.
    const { ledger: _ledger, version, ...rest } = before;
    const res = await call(shop.app, 'PUT', '/api/admin/products/3', {
      token: shop.admin.token,
      json: {
        name: `${before.name} (large)`,
        description: rest.description,
        price: rest.price,
        offerPrice: rest.offerPrice,
        image: rest.image,
        categoryId: rest.categoryId,
        version,
      },
    });
    expect(res.status).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByRole(
      'alert',
      { name: 'Someone else saved this while you were editing' },
      PAGE,
    );
    const theirs = within(conflict).getByRole('row', { name: /Name/ });
    expect(theirs).toHaveTextContent(`${before.name} (large)`);
    expect(theirs).toHaveTextContent('Not changed by you');
    expect(within(conflict).getByRole('row', { name: /Selling price/ })).toHaveTextContent(
      String(before.offerPrice - 50),
    );
    // What was typed is still in the form.
    expect(screen.getByLabelText('Selling price (₹)')).toHaveValue(before.offerPrice - 50);

    await user.click(within(conflict).getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText('Saved', {}, PAGE);
    const after = await staffProduct(3);
    expect(after.offerPrice).toBe(before.offerPrice - 50);
    expect(after.name).toBe(`${before.name} (large)`);
  });

  it('retiring a product on its page, then editing it there, saves without a conflict', async () => {
    const user = userEvent.setup();
    const before = await staffProduct(5);
    renderAppAs(shop.staff.token, '/admin/products/5');
    await screen.findByRole('heading', { level: 1, name: before.name }, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Retire from the shop' }, PAGE));
    const retire = await screen.findByRole('dialog', { name: 'Retire this product?' });
    await user.click(within(retire).getByRole('button', { name: 'Retire' }));
    await screen.findByRole('button', { name: 'Restore to the shop' }, PAGE);

    // The form's version moved with the retire: its save is not mistaken for someone else's.
    const price = await screen.findByLabelText('Selling price (₹)');
    await user.clear(price);
    await user.type(price, String(before.offerPrice - 10));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved', {}, PAGE);
    expect(
      screen.queryByRole('alert', { name: 'Someone else saved this while you were editing' }),
    ).toBeNull();
    const after = await staffProduct(5);
    expect(after.offerPrice).toBe(before.offerPrice - 10);
    expect(after.retiredAt).not.toBeNull();
    expect(after.version).toBe(before.version + 2);
  });

  it('receives stock as a ledger entry: the stock is the ledger’s sum', async () => {
    const user = userEvent.setup();
    const before = await staffProduct(shop.productId);
    renderAppAs(shop.staff.token, `/admin/products/${shop.productId}`);
    await screen.findByRole('heading', { level: 2, name: `Stock: ${before.stockQuantity}` }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Receive or adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive or adjust stock' });
    await user.type(within(dialog).getByLabelText('Units'), '25');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Diwali delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await screen.findByRole('heading', { level: 2, name: `Stock: ${before.stockQuantity + 25}` }, PAGE);
    const ledger = screen.getByRole('table', { name: 'Stock ledger' });
    expect(within(ledger).getAllByRole('row')[1]).toHaveTextContent(/Diwali delivery.*\+25/);
    expect((await staffProduct(shop.productId)).stockQuantity).toBe(before.stockQuantity + 25);
  });

  it('adds a package to a puja and repeats the puja, packages and all, on a new date', async () => {
    const user = userEvent.setup();
    renderAppAs(shop.staff.token, `/admin/pujas/${shop.puja.id}`);
    await screen.findByRole('heading', { level: 1, name: shop.puja.pujaName }, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Add a package' }, PAGE));
    const add = await screen.findByRole('dialog', { name: 'Add a package' });
    await user.type(within(add).getByLabelText('Title'), 'Temple family');
    await user.type(within(add).getByLabelText('Persons'), '6');
    await user.type(within(add).getByLabelText('Price (₹)'), '5001');
    await user.type(within(add).getByLabelText('Offer price (₹)'), '4501');
    await user.type(within(add).getByLabelText('Description'), 'For six of the family');
    await user.click(within(add).getByRole('button', { name: 'Add package' }));
    await screen.findByText('Packages saved.', {}, PAGE);
    expect(screen.getByRole('cell', { name: /Temple family/ })).toBeInTheDocument();

    // Repeating is on the Dates tab, which the address keeps.
    await user.click(screen.getByRole('tab', { name: 'Dates and availability' }));
    expect(route()).toBe(`/admin/pujas/${shop.puja.id}?tab=dates`);
    await user.click(screen.getByRole('button', { name: 'Repeat this puja on a new date' }));
    const repeat = await screen.findByRole('dialog', { name: 'Repeat this puja on a new date' });
    const next = new Date(Date.now() + 60 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    await user.type(within(repeat).getByLabelText('New puja date and time (IST)'), `${next}T06:00`);
    await user.click(within(repeat).getByRole('button', { name: 'Create the new date' }));
    await user.click(await screen.findByRole('link', { name: 'Open the new date' }, PAGE));
    await waitFor(() => expect(route()).toMatch(/^\/admin\/pujas\/\d+$/), PAGE);
    const copyId = Number(route().split('/').pop());
    expect(copyId).not.toBe(shop.puja.id);
    // The new date opens on its Packages tab.
    expect(await screen.findByRole('tab', { name: 'Packages', selected: true }, PAGE)).toBeInTheDocument();
    const copy = v.parse(
      AdminPujaResponse,
      (await call(shop.app, 'GET', `/api/admin/pujas/${copyId}`, { token: shop.staff.token })).body,
    ).puja;
    expect(copy.pujaName).toBe(shop.puja.pujaName);
    expect(copy.pujaDate).toBe(new Date(`${next}T00:30:00.000Z`).toISOString());
    expect(copy.packages.map((p) => p.title)).toContain('Temple family');
  });
  it('adds a chadhava offering to a puja, edits its price over someone else’s save, and retires it', async () => {
    const user = userEvent.setup();
    const pujaId = shop.puja.id;
    renderAppAs(shop.staff.token, `/admin/pujas/${pujaId}`);
    await screen.findByRole('heading', { level: 1, name: shop.puja.pujaName }, PAGE);
    await user.click(await screen.findByRole('tab', { name: 'Chadhava offerings' }, PAGE));
    const section = await screen.findByRole('region', { name: 'Chadhava offerings' }, PAGE);
    await user.click(within(section).getByRole('button', { name: 'Add an offering' }));
    const add = await screen.findByRole('dialog', { name: 'Add an offering' });
    // A name of spaces only: the server's message shows under the Name field.
    await user.type(within(add).getByLabelText('Name'), '   ');
    await user.type(within(add).getByLabelText('Price per unit (₹)'), '108');
    await user.type(within(add).getByLabelText('Unit'), 'coconut');
    await user.selectOptions(within(add).getByLabelText('Delivery'), 'Sent with your prasad');
    const most = within(add).getByLabelText('Most per booking');
    await user.clear(most);
    await user.type(most, '5');
    await user.type(within(add).getByLabelText('Description'), 'A coconut broken before the deity');
    await user.click(within(add).getByRole('button', { name: 'Add offering' }));
    await waitFor(
      () =>
        expect(within(add).getByLabelText('Name')).toHaveAccessibleDescription(offeringMessages.nameRequired),
      PAGE,
    );
    expect(within(add).getByLabelText('Name')).toBeInvalid();
    await user.clear(within(add).getByLabelText('Name'));
    await user.type(within(add).getByLabelText('Name'), 'Sacred coconut');
    await user.click(within(add).getByRole('button', { name: 'Add offering' }));
    await screen.findByText('Offerings saved.', {}, PAGE);
    const row = within(section).getByRole('row', { name: /Sacred coconut/ });
    expect(row).toHaveTextContent('₹108');
    expect(row).toHaveTextContent('coconut');
    expect(row).toHaveTextContent('Sent with your prasad');
    expect(within(row).getByRole('cell', { name: '5' })).toBeInTheDocument();
    expect((await shopOfferings(pujaId)).find((o) => o.name === 'Sacred coconut')).toMatchObject({
      price: 108,
      unit: 'coconut',
      delivery: 'prasad',
      maxQuantity: 5,
    });

    // Editing the price while an admin changes the unit: theirs is shown, what was typed is kept.
    await user.click(within(row).getByRole('button', { name: 'Edit Sacred coconut' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Sacred coconut' });
    const listed = v
      .parse(
        AdminOfferingListResponse,
        (await call(shop.app, 'GET', `/api/admin/pujas/${pujaId}/offerings`, { token: shop.admin.token }))
          .body,
      )
      .offerings.find((o) => o.name === 'Sacred coconut')!;
    const { id, pujaId: _pujaId, retiredAt: _retiredAt, ...theirs } = listed;
    const res = await call(shop.app, 'PUT', `/api/admin/offerings/${id}`, {
      token: shop.admin.token,
      json: { ...theirs, unit: 'whole coconut' },
    });
    expect(res.status).toBe(200);
    const price = within(edit).getByLabelText('Price per unit (₹)');
    await user.clear(price);
    await user.type(price, '151');
    await user.click(within(edit).getByRole('button', { name: 'Save offering' }));
    const conflict = await within(edit).findByRole('alert', {}, PAGE);
    // Theirs is read again after the refusal: the text follows once that answer is in.
    await waitFor(
      () => expect(conflict).toHaveTextContent(/Someone else saved this offering.*₹108 a whole coconut/),
      PAGE,
    );
    expect(within(edit).getByLabelText('Price per unit (₹)')).toHaveValue(151);
    await user.click(within(edit).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), PAGE);
    expect(within(section).getByRole('row', { name: /Sacred coconut/ })).toHaveTextContent('₹151');
    expect((await shopOfferings(pujaId)).find((o) => o.name === 'Sacred coconut')?.price).toBe(151);

    // Retired: marked so in the back office, gone from the shop.
    await user.click(within(section).getByRole('button', { name: 'Retire Sacred coconut' }));
    const retire = await screen.findByRole('dialog', { name: 'Retire Sacred coconut?' });
    await user.click(within(retire).getByRole('button', { name: 'Retire' }));
    expect(
      await within(section).findByRole('button', { name: 'Restore Sacred coconut' }, PAGE),
    ).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: /Sacred coconut/ })).toHaveTextContent('Retired');
    expect((await shopOfferings(pujaId)).map((o) => o.name)).not.toContain('Sacred coconut');
  });
});

describe('the day’s pujas and the shop’s records', () => {
  it('prints a sankalp sheet of the day’s devotees, grouped by puja and package', async () => {
    await book(shop, shop.me, shop.myAddressId, { noPersons: 2 });
    const day = new Date(Date.parse(shop.puja.pujaDate!) + 5.5 * 3_600_000).toISOString().slice(0, 10);
    renderAppAs(shop.staff.token, `/admin/sankalp?date=${day}`);
    const puja = await screen.findByRole('region', { name: shop.puja.pujaName }, PAGE);
    expect(
      within(puja).getByRole('heading', { level: 3, name: shop.puja.packages[2]!.title }),
    ).toBeInTheDocument();
    expect(within(puja).getAllByText('Person 1').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('shows a booking’s offerings and gift message on the sankalp sheet and the booking’s page', async () => {
    const added = await call(shop.app, 'POST', `/api/admin/pujas/${shop.puja.id}/offerings`, {
      token: shop.staff.token,
      json: {
        name: 'Ghee lamp',
        description: 'A lamp lit before the deity.',
        unit: 'lamp',
        price: 51,
        delivery: 'temple',
        maxQuantity: 9,
      },
    });
    expect(added.status).toBe(201);
    const offeringId = (added.body as { offering: { id: number } }).offering.id;
    const booking = await book(shop, shop.me, shop.myAddressId, {
      extra: {
        offerings: [{ offeringId, quantity: 3 }],
        gift: {
          address: addressInput({ recipientName: 'Kamala Iyer', city: 'Madurai', state: 'Tamil Nadu' }),
          message: 'Happy 60th birthday, Amma!',
        },
      },
    });
    const day = new Date(Date.parse(shop.puja.pujaDate!) + 5.5 * 3_600_000).toISOString().slice(0, 10);
    renderAppAs(shop.staff.token, `/admin/sankalp?date=${day}`);
    const puja = await screen.findByRole('region', { name: shop.puja.pujaName }, PAGE);
    const row = within(puja).getByRole('link', { name: booking.bookingNumber }).closest('td')!;
    expect(row).toHaveTextContent('Gift for Kamala Iyer: Happy 60th birthday, Amma!');
    expect(within(row).getByRole('list', { name: 'Offerings' })).toHaveTextContent(
      'Ghee lamp × 3 (Offered at the temple)',
    );
    cleanup();

    renderAppAt(`/admin/bookings/${booking.id}`);
    const offerings = await screen.findByRole('region', { name: 'Chadhava offerings' }, PAGE);
    expect(offerings).toHaveTextContent(`Ghee lamp × 3 lamp · Offered at the temple · ${formatRupees(153)}`);
    expect(screen.getByRole('region', { name: 'A gift' })).toHaveTextContent(
      'Prasad card: Happy 60th birthday, Amma!',
    );
  });

  it('the audit log shows who changed what', async () => {
    renderAppAs(shop.staff.token, '/admin/audit?entity=stock');
    const table = await screen.findByRole('table', { name: 'Audit log' }, PAGE);
    await within(table).findAllByText('Lakshmi (staff)', {}, PAGE);
    expect(screen.getByLabelText('Showing')).toHaveValue('stock');
  });

  it('only an admin manages the staff: invites by e-mail and withdraws', async () => {
    const user = userEvent.setup();
    signInAs(shop.staff.token);
    const first = renderAppAt('/admin/staff');
    await screen.findByText(`${staffMessages.adminOnly}.`, {}, PAGE);
    first.unmount();

    renderAppAs(shop.admin.token, '/admin/staff');
    await screen.findByRole('heading', { level: 2, name: 'Members' }, PAGE);
    expect(screen.getByRole('cell', { name: 'Lakshmi (staff)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to the staff' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'ravi.new@divyapujaseva.in');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    await screen.findByText(staffMessages.invited('ravi.new@divyapujaseva.in'), {}, PAGE);
    expect(screen.getByRole('cell', { name: 'ravi.new@divyapujaseva.in' })).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Withdraw the invitation to ravi.new@divyapujaseva.in' }),
    );
    const withdraw = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw' }));
    await waitFor(
      () => expect(screen.queryByRole('cell', { name: 'ravi.new@divyapujaseva.in' })).not.toBeInTheDocument(),
      PAGE,
    );
  });

  it('an invitation link that is not valid says so, with nothing to retry', async () => {
    renderAppAt('/staff-invitation?token=not-a-token');
    await screen.findByRole('heading', { level: 1, name: 'Join the staff' }, PAGE);
    expect(await screen.findByText(staffMessages.linkInvalid, {}, PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /retry|try again/i })).not.toBeInTheDocument();
  });
});
