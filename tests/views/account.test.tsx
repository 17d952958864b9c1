import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createActor, fromCallback } from 'xstate';
import { MAX_ADDRESSES, type Address, type AddressListResponse } from '../../contract/address.ts';
import type { AddressSelectedEvent } from '../../machines/address-book/address-book.machine.ts';
import { AddressPicker } from '../../src/live/address-picker.tsx';
import { configureAuth } from '../../src/lib/api.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { fillAddressForm, type FormAddress } from '../support/address-form.ts';
import { addressInput } from '../support/addresses.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { TOKEN_KEY, signInNewCustomer } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';
import { axeViolations } from '../support/screens.ts';

/** The first render of a lazily loaded page, and the session check before it, can take a moment. */
const PAGE = { timeout: 5000 };

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop);

/** A real customer, signed in the way the SPA remembers one (a token in local storage). */
const signIn = (details: { name?: string; phone?: string } = {}) => signInNewCustomer(shop.app, details);

async function openAccount(customer: Customer, path = '/account') {
  renderAppAt(path);
  await screen.findByText(`Welcome, ${customer.user.name}`, {}, PAGE);
}

async function savedAddresses(customer: Customer): Promise<Address[]> {
  const { status, body } = await call(shop.app, 'GET', '/api/addresses', { token: customer.token });
  expect(status).toBe(200);
  return (body as AddressListResponse).addresses;
}

const addressRequests = () => net.requests.filter((path) => path.startsWith('/api/addresses')).length;
const tab = (name: string) => screen.getByRole('tab', { name });
const card = (street: RegExp) => screen.getByRole('group', { name: street });
const hasDefaultBadge = (street: RegExp) =>
  within(card(street)).queryByText('Default', { exact: true }) !== null;
const field = (label: string) => screen.getByRole('textbox', { name: label });

type NewAddress = FormAddress;

/** Opens the add form, fills it in (the country is India) and presses Save. */
async function submitNewAddress(user: UserEvent, address: NewAddress) {
  await user.click(screen.getByRole('button', { name: /add new address/i }));
  expect(screen.getByText('Country: India')).toBeInTheDocument();
  await fillAddressForm(user, address);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

async function addAddressThroughForm(user: UserEvent, address: NewAddress) {
  await submitNewAddress(user, address);
  await waitFor(() =>
    expect(screen.queryByRole('form', { name: 'Add new address' })).not.toBeInTheDocument(),
  );
}

const malleshwaram: NewAddress = {
  street: '12, 4th Cross',
  area: 'Malleshwaram',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560003',
};
const mylapore: NewAddress = {
  recipientName: 'Meena Iyer',
  mobile: '94430 12345',
  street: '7, North Mada Street',
  area: 'Mylapore',
  city: 'Chennai',
  state: 'Tamil Nadu',
  postalCode: '600004',
};

/** The same address as a POST /api/addresses body. */
const asInput = ({ makeDefault: _, ...a }: NewAddress) =>
  addressInput({ recipientName: 'Asha Rao', mobile: '98450 12345', landmark: null, ...a });

/** Saves these addresses for the customer over the API, in order (the first is the default). */
async function saveAddresses(customer: Customer, ...addresses: NewAddress[]) {
  for (const address of addresses) {
    await call(shop.app, 'POST', '/api/addresses', { token: customer.token, json: asInput(address) });
  }
}

/** A new customer, signed in with these addresses saved, on the account's Addresses tab. */
async function openAddressBook(...addresses: NewAddress[]) {
  const user = userEvent.setup();
  const customer = await signIn();
  await saveAddresses(customer, ...addresses);
  await openAccount(customer, '/account/addresses');
  return { user, customer };
}

/** Presses "Add new address" once the tab has loaded. */
const openAddForm = async (user: UserEvent) =>
  user.click(await screen.findByRole('button', { name: /add new address/i }));

describe('account page', () => {
  it('sends a signed-out visitor to the login page, coming back here afterwards', async () => {
    renderAppAt('/account');
    await waitFor(() => expect(window.location.hash).toBe('#/login?redirect=%2Faccount'), PAGE);
    expect(screen.queryByText(/^Welcome, /)).not.toBeInTheDocument();
  });

  it('greets the customer and shows the profile: name, email, "Not provided" phone, and no two-factor line it cannot act on', async () => {
    const customer = await signIn({ name: 'Asha Rao' });
    await openAccount(customer);
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Asha Rao')).toBeInTheDocument();
    expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(panel).getByText(customer.email)).toBeInTheDocument();
    expect(within(panel).getByText('Not provided')).toBeInTheDocument();
    // The shop offers no second factor, so the profile names none (docs/product-rules.md, Shell and account).
    expect(within(panel).queryByText(/Two-Factor/i)).not.toBeInTheDocument();
    expect(within(panel).queryByText('Not enabled')).not.toBeInTheDocument();
    for (const name of ['Edit Profile', 'Change Password']) {
      expect(within(panel).getByRole('button', { name })).toBeEnabled();
    }
    // The tabs with later APIs make no calls of their own.
    expect(net.requests.filter((path) => /^\/api\/(orders|bookings|addresses)/.test(path))).toEqual([]);
  });

  it('shows the phone number given at registration', async () => {
    const customer = await signIn({ name: 'Ravi Kumar', phone: '+91 98450 12345' });
    await openAccount(customer);
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByText('+91 98450 12345')).toBeInTheDocument();
    expect(within(panel).queryByText('Not provided')).not.toBeInTheDocument();
  });

  // The customer's orders and bookings are read first (GET /api/orders, /api/bookings); a new customer has none.
  it.each([
    [
      '/account/orders',
      'Orders',
      'Browse Products',
      '#/products',
      'No orders',
      "You haven't placed any orders yet.",
    ],
    [
      '/account/bookings',
      'Bookings',
      'Browse Pujas',
      '#/pujas',
      'No bookings',
      "You haven't booked any pujas yet.",
    ],
  ])('%s selects %s with its empty state and a %s link', async (path, name, link, href, heading, text) => {
    const customer = await signIn();
    await openAccount(customer, path);
    expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name });
    expect(await within(panel).findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(within(panel).getByText(text)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  it('changes the route with the tab, by mouse and by keyboard (focus stays on the tabs)', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await openAccount(customer);
    await user.click(tab('Addresses'));
    await waitFor(() => expect(window.location.hash).toBe('#/account/addresses'));
    expect(await screen.findByText('No addresses')).toBeInTheDocument();

    await user.click(tab('Profile'));
    await waitFor(() => expect(window.location.hash).toBe('#/account'));
    expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(window.location.hash).toBe('#/account/orders'));
    await waitFor(() => expect(tab('Orders')).toHaveFocus());
    expect(tab('Orders')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(window.location.hash).toBe('#/account/bookings'));
    await waitFor(() => expect(tab('Bookings')).toHaveFocus());
  });

  it('logs out from the account page and goes to /login', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await openAccount(customer);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(net.requests).toContain('/api/auth/logout');
  });
});

describe('account page: addresses', () => {
  it('shows the empty state, and its Add new address button opens the form', async () => {
    const { user } = await openAddressBook();
    expect(tab('Addresses')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No addresses')).toBeInTheDocument();
    expect(screen.getByText("You haven't added any addresses yet.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /add new address/i }));
    expect(screen.getByRole('form', { name: 'Add new address' })).toBeInTheDocument();
    expect(field('Recipient name')).toHaveFocus();
    expect(screen.queryByText('No addresses')).not.toBeInTheDocument();
  });

  it('shows every required-field message for a blank form and sends nothing', async () => {
    const { user, customer } = await openAddressBook();
    await openAddForm(user);
    await user.type(field('City'), '   ');
    const before = addressRequests();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const messages = {
      'Recipient name': 'Recipient name is required',
      'Mobile number': 'Mobile number is required',
      'House no. and street': 'House and street are required',
      'Area / locality': 'Area is required',
      City: 'City is required',
      'PIN code': 'PIN code is required',
    };
    for (const [label, message] of Object.entries(messages)) {
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveAccessibleDescription('State is required');
    // The landmark is optional.
    expect(field('Landmark (optional)')).toHaveAttribute('aria-invalid', 'false');
    // Focus moves to the first field in error, so its message is read out.
    expect(field('Recipient name')).toHaveFocus();
    expect(addressRequests()).toBe(before);
    expect(await savedAddresses(customer)).toEqual([]);
  });

  it('a PIN code fills in the city and state; an unknown one says so and leaves them to the customer', async () => {
    const { user } = await openAddressBook();
    await openAddForm(user);
    await user.type(field('PIN code'), '600004');
    await waitFor(() => expect(field('City')).toHaveValue('Chennai'));
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Tamil Nadu');
    expect(field('PIN code')).toHaveAccessibleDescription('Chennai, Tamil Nadu');
    expect(
      within(screen.getByRole('combobox', { name: 'State' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toHaveLength(37);

    // A city the customer typed is kept; an unknown PIN code asks for the city and state.
    await user.clear(field('City'));
    await user.type(field('City'), 'Mylapore');
    await user.clear(field('PIN code'));
    await user.type(field('PIN code'), '999999');
    expect(
      await screen.findByText('We could not find this PIN code. Please enter the city and state.'),
    ).toBeInTheDocument();
    expect(field('City')).toHaveValue('Mylapore');
    await user.clear(field('PIN code'));
    await user.type(field('PIN code'), '560003');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Karnataka'));
    expect(field('City')).toHaveValue('Mylapore');
    // However many PINs follow: the typed city is never taken for one a PIN filled in.
    await user.clear(field('PIN code'));
    await user.type(field('PIN code'), '600004');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Tamil Nadu'));
    expect(field('City')).toHaveValue('Mylapore');
  });

  it('Cancel hides the form and resets it; focus returns to the Add button', async () => {
    const { user, customer } = await openAddressBook();
    await openAddForm(user);
    await user.type(field('House no. and street'), '12, 4th Cross');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('City is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add new address' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /add new address/i })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /add new address/i }));
    expect(field('House no. and street')).toHaveValue('');
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    expect(await savedAddresses(customer)).toEqual([]);
  });

  it('adds two addresses (the first is the default, each saved card is focused and "Address saved" said) and sets the second as default', async () => {
    const { user, customer } = await openAddressBook();
    await screen.findByText('No addresses');

    await addAddressThroughForm(user, malleshwaram);
    expect(card(/Malleshwaram/)).toBeInTheDocument();
    expect(hasDefaultBadge(/Malleshwaram/)).toBe(true);
    expect(card(/Malleshwaram/)).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Address saved');
    // Nothing to choose in the account: no radio buttons.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    // The default card offers no "Set as default".
    expect(
      within(card(/Malleshwaram/)).queryByRole('button', { name: 'Set as default' }),
    ).not.toBeInTheDocument();

    await addAddressThroughForm(user, mylapore);
    const list = screen.getByRole('list', { name: 'Saved addresses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(hasDefaultBadge(/Mylapore/)).toBe(false);
    expect(card(/7, North Mada Street, Mylapore, Chennai, Tamil Nadu 600004, India/)).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Address saved');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(within(card(/Mylapore/)).getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(hasDefaultBadge(/Mylapore/)).toBe(true));
    expect(hasDefaultBadge(/Malleshwaram/)).toBe(false);
    expect(screen.getAllByText('Default', { exact: true })).toHaveLength(1);

    const saved = await savedAddresses(customer);
    expect(saved.map((a) => [a.street, a.isDefault])).toEqual([
      [mylapore.street, true],
      [malleshwaram.street, false],
    ]);
  });

  it('"Make this my default address" makes a new address the only default', async () => {
    const { user, customer } = await openAddressBook();
    await screen.findByText('No addresses');
    await addAddressThroughForm(user, malleshwaram);
    await addAddressThroughForm(user, { ...mylapore, makeDefault: true });
    expect(hasDefaultBadge(/Mylapore/)).toBe(true);
    expect(hasDefaultBadge(/Malleshwaram/)).toBe(false);
    expect((await savedAddresses(customer)).filter((a) => a.isDefault).map((a) => a.street)).toEqual([
      mylapore.street,
    ]);
  });

  it('edits an address in place', async () => {
    const { user, customer } = await openAddressBook(malleshwaram, mylapore);

    const editButton = within(await screen.findByRole('group', { name: /Mylapore/ })).getByRole('button', {
      name: 'Edit',
    });
    await user.click(editButton);
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByRole('textbox', { name: 'House no. and street' })).toHaveValue(mylapore.street);
    expect(within(form).getByRole('textbox', { name: 'City' })).toHaveValue('Chennai');
    // The address open in the form cannot be deleted from under it.
    expect(within(card(/Mylapore/)).getByRole('button', { name: 'Delete' })).toBeDisabled();

    await user.clear(field('House no. and street'));
    await user.type(field('House no. and street'), '9, South Mada Street');
    await user.clear(field('PIN code'));
    await user.type(field('PIN code'), '600005');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit address' })).not.toBeInTheDocument());
    expect(card(/9, South Mada Street/)).toHaveTextContent('Chennai, Tamil Nadu 600005');
    expect(screen.queryByRole('group', { name: /7, North Mada Street/ })).not.toBeInTheDocument();
    expect(card(/South Mada Street/)).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Address saved');
    const saved = await savedAddresses(customer);
    expect(saved.map((a) => a.street).sort()).toEqual([malleshwaram.street, '9, South Mada Street']);
    expect(saved.find((a) => a.street.startsWith('9,'))?.postalCode).toBe('600005');
  });

  it('deletes only after confirmation: Cancel keeps the address, Delete removes it', async () => {
    const { user, customer } = await openAddressBook(malleshwaram, mylapore);
    await screen.findByRole('group', { name: /Malleshwaram/ });

    const deleteButton = within(card(/Malleshwaram/)).getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    expect(dialog).toHaveAccessibleDescription(
      'Asha Rao, +91 98450 12345, 12, 4th Cross, Malleshwaram, Bengaluru, Karnataka 560003, India',
    );
    // The safe choice has focus.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    expect(card(/Malleshwaram/)).toBeInTheDocument();
    expect(await savedAddresses(customer)).toHaveLength(2);

    // Escape dismisses it too.
    await user.click(deleteButton);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await savedAddresses(customer)).toHaveLength(2);

    await user.click(deleteButton);
    dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: /Malleshwaram/ })).not.toBeInTheDocument(),
    );
    // The dialog stays ("Deleting...") until the list is read again: that read takes its own time.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const saved = await savedAddresses(customer);
    expect(saved.map((a) => [a.street, a.isDefault])).toEqual([[mylapore.street, true]]);
    // The deleted default's badge passes to the remaining address, as the server decided.
    await waitFor(() => expect(hasDefaultBadge(/Mylapore/)).toBe(true));
  });

  it('shows "Failed to fetch addresses" with Retry when loading fails, and Retry recovers', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await saveAddresses(customer, malleshwaram);
    net.failNetwork(/\/api\/addresses/);
    await openAccount(customer, '/account/addresses');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch addresses');

    net.failNetwork(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: /Malleshwaram/ })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch addresses')).not.toBeInTheDocument();
  });

  it('shows "Failed to set address as default" and "Failed to delete address" when those calls fail', async () => {
    const { user, customer } = await openAddressBook(malleshwaram, mylapore);
    await screen.findByRole('group', { name: /Mylapore/ });

    net.failNetwork(/\/api\/addresses\/\d+\/default$/);
    await user.click(within(card(/Mylapore/)).getByRole('button', { name: 'Set as default' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to set address as default');
    expect(hasDefaultBadge(/Malleshwaram/)).toBe(true);
    expect(hasDefaultBadge(/Mylapore/)).toBe(false);

    net.failNetwork(/\/api\/addresses\/\d+$/);
    await user.click(within(card(/Mylapore/)).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete address'));
    expect(card(/Mylapore/)).toBeInTheDocument();
    expect(await savedAddresses(customer)).toHaveLength(2);
  });

  it('catches a 10,000-character street before sending, and shows the server message when the API refuses', async () => {
    const { user, customer } = await openAddressBook();
    await openAddForm(user);
    await fillAddressForm(user, { street: 'x', postalCode: '560003' });
    await user.click(field('House no. and street'));
    await user.paste('x'.repeat(10_000));
    const before = addressRequests();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('House and street must be at most 200 characters')).toBeInTheDocument();
    expect(addressRequests()).toBe(before);
    expect(await savedAddresses(customer)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    // The book is full: the server refuses with its own message, and nothing more is stored.
    for (let i = 0; i < MAX_ADDRESSES; i += 1) {
      await call(shop.app, 'POST', '/api/addresses', {
        token: customer.token,
        json: addressInput({
          street: `${i + 1}, Temple Street`,
          city: 'Madurai',
          state: 'Tamil Nadu',
          postalCode: '625001',
        }),
      });
    }
    // Reopening the tab reads the list again.
    await user.click(tab('Profile'));
    await user.click(tab('Addresses'));
    await screen.findByRole('group', { name: /, 1, Temple Street, / }, PAGE);
    await submitNewAddress(user, malleshwaram);
    const form = screen.getByRole('form', { name: 'Add new address' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You can save at most 50 addresses. Please delete one first.',
    );
    expect(await savedAddresses(customer)).toHaveLength(MAX_ADDRESSES);
  });

  it('has no structural accessibility problems with cards, the form and the dialog', async () => {
    const { user } = await openAddressBook(malleshwaram, mylapore);
    await screen.findByRole('group', { name: /Mylapore/ });
    await user.click(screen.getByRole('button', { name: /add new address/i }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The page and its dialog (portalled outside main).
    const check = () => axeViolations({ andOpen: 'alertdialog' });
    expect(await check()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(card(/Mylapore/)).getByRole('button', { name: 'Delete' }));
    expect(await check()).toEqual([]);
  });
});

describe('address picker in select mode (for checkout and the booking wizard)', () => {
  it('offers the cards as a radio group with Set as default (no Edit or Delete) and reports the choice', async () => {
    const user = userEvent.setup();
    const customer = await registerAndLogin(shop.app);
    await saveAddresses(customer, malleshwaram, mylapore);
    configureAuth({ getToken: () => customer.token, onUnauthorized: () => {} });
    // The machine that owns the choice (checkout, the wizard) hears of it from the address book.
    const chosen: Array<string | undefined> = [];
    const owner = createActor(
      fromCallback<AddressSelectedEvent>(({ receive }) => {
        receive((event) => chosen.push(event.address?.street));
      }),
    ).start();
    render(<AddressPicker mode="select" reportTo={owner} />);

    const group = await screen.findByRole('radiogroup', { name: 'Choose an address' }, PAGE);
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Malleshwaram.*\(Default\)/ })).toBeChecked();
    for (const name of ['Edit', 'Delete']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // Set as default is offered while choosing too, only on the address that is not the default.
    expect(screen.getAllByRole('button', { name: 'Set as default' })).toHaveLength(1);
    expect(
      within(screen.getByRole('group', { name: /Mylapore/ })).getByRole('button', { name: 'Set as default' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(chosen.at(-1)).toBe(malleshwaram.street));

    await user.click(screen.getByRole('radio', { name: /Mylapore/ }));
    expect(screen.getByRole('radio', { name: /Mylapore/ })).toBeChecked();
    await waitFor(() => expect(chosen.at(-1)).toBe(mylapore.street));

    // Arrow keys move the choice, as in any radio group.
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(chosen.at(-1)).toBe(malleshwaram.street));

    // A new address can be added here too, and is chosen.
    await addAddressThroughForm(user, { street: '21, Car Street', postalCode: '576101' });
    expect(screen.getByRole('radio', { name: /Car Street/ })).toBeChecked();
    await waitFor(() => expect(chosen.at(-1)).toBe('21, Car Street'));
  });
});
