import { SANKALP_LOCK_HOURS } from '../../contract/policy.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../contract/address.ts';
import type { BookingListResponse } from '../../contract/booking.ts';
import { localToday } from '../../contract/person.ts';
import {
  NAKSHATRA_OPTIONS,
  nakshatraLabel,
  RAASHI_OPTIONS,
  raashiLabel,
} from '../../contract/raashi-nakshatra.ts';
import { wizardDraftKey } from '../../machines/puja-wizard/draft.ts';
import { App } from '../../src/app/app.tsx';
import { formatRupees } from '../../contract/money.ts';
import { registerAndLogin, type Customer } from '../support/accounts.ts';
import { addPuja, person, type TestPuja, ravi as raviRao } from '../support/bookings.ts';
import { addAddress, send } from '../support/orders.ts';
import { fillAddressForm, malleshwaram } from '../support/address-form.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { signInNewCustomer } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';
import { alertWhileOffline, axeViolations, fillPerson, personGroup, summary } from '../support/screens.ts';

/** The first render of a lazily loaded page (and the session check before it) can take a moment. */
const PAGE = { timeout: 5000 };
/** The simulated payment takes 2 s, then the booking is created. */
const PAYMENT = { timeout: 6000 };

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop);
let open: TestPuja;
let closed: TestPuja;
/** An open puja no test types a draft for. */
let secondOpen: TestPuja;

beforeAll(async () => {
  open = await addPuja(shop.db, { closesInDays: 30 });
  closed = await addPuja(shop.db, { closesInDays: -1 });
  secondOpen = await addPuja(shop.db, { closesInDays: 30 });
});
afterEach(() => {
  vi.restoreAllMocks();
});
const signIn = () => signInNewCustomer(shop.app);

const packageOf = (puja: TestPuja, noPersons: number) => {
  const pkg = puja.packages[noPersons];
  if (!pkg) throw new Error(`no ${noPersons}-person package`);
  return pkg;
};

/** The wizard's URL for a puja's n-person package, at a step. */
const wizardHash = (puja: TestPuja, noPersons: number, step = 'details') =>
  `#/puja-booking/${puja.id}?package=${packageOf(puja, noPersons).id}&step=${step}`;

/** Opens the wizard as the Book button leaves it: the route with the package in its query. */
async function openWizard(puja: TestPuja, noPersons: number) {
  window.history.replaceState(null, '', wizardHash(puja, noPersons));
  const view = render(<App />);
  await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
  return view;
}

/** The wizard at Person Details for the open puja's n-person package: its URL, and one form a person. */
async function expectPersonDetailsOf(noPersons: number) {
  await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
  expect(window.location.hash).toBe(wizardHash(open, noPersons));
  expect(screen.getAllByRole('group', { name: new RegExp(`^Person \\d of ${noPersons}$`) })).toHaveLength(
    noPersons,
  );
}

const asha = person({ name: 'Asha Rao' });
const ravi = raviRao();

async function detailsDone(user: UserEvent, count = 2) {
  await fillPerson(user, 0, count, asha);
  if (count > 1) await fillPerson(user, 1, count, ravi);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Address' });
}

/** One person's details, then Next past the saved address MG Road 100, to Payment. */
async function toPayment(user: UserEvent) {
  await detailsDone(user, 1);
  await screen.findByRole('radio', { name: /MG Road/ }, PAGE);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Payment' });
}

/** A new customer, signed in, with one saved address (MG Road 100). */
async function signInWithAddress() {
  const user = userEvent.setup();
  const customer = await signIn();
  await addAddress(shop.app, customer);
  return { user, customer };
}

const currentStep = () =>
  within(screen.getByRole('list', { name: 'Booking steps' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

async function bookingsOf(customer: Customer) {
  const res = await send(shop.app, 'GET', '/api/bookings', { token: customer.token });
  return (res.body as BookingListResponse).bookings;
}

describe('Book buttons on the puja detail page', () => {
  it('an open puja: each package has Book; it opens the wizard with that package and one form per person', async () => {
    const user = userEvent.setup();
    await signIn();
    renderAppAt(`/pujas/${open.id}`);
    const cards = within(await screen.findByRole('list', { name: 'Packages' }, PAGE)).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(within(card).getByRole('button', { name: /^Book / })).toBeEnabled();
    }
    // The page's own Book Now stays on the web: it brings the packages into view and focuses them.
    expect(screen.queryByRole('link', { name: /^Book Now/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Puja Packages' })).toHaveFocus();
    expect(window.location.hash).toBe(`#/pujas/${open.id}`);

    const pkg = open.packages[2]!;
    await user.click(screen.getByRole('button', { name: `Book ${pkg.title}` }));
    await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
    expect(window.location.hash).toBe(wizardHash(open, 2));
    expect(screen.getByRole('heading', { level: 1, name: open.pujaName })).toBeInTheDocument();
    expect(
      screen.getByText(`${pkg.title} · for up to 2 persons · ${formatRupees(pkg.offerPrice)}`),
    ).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('group', { name: /^Person \d of \d$/ })
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual(['Person 1 of 2', 'Person 2 of 2']);
    const steps = within(screen.getByRole('list', { name: 'Booking steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '1Person Details',
      '2Address',
      '3Payment',
      '4Confirmation',
    ]);
    expect(currentStep()).toBe('1Person Details');
    expect(screen.getByText(/Booking closes in:/)).toBeInTheDocument();
  });

  it('the number of person forms follows the package (4 persons)', async () => {
    await signIn();
    await openWizard(open, 4);
    expect(screen.getAllByRole('group', { name: /^Person \d of 4$/ })).toHaveLength(4);
  });

  it('a package for up to 4 persons books a family of three, at the package’s price', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer, '7, Car Street');
    await openWizard(secondOpen, 4);
    const pkg = packageOf(secondOpen, 4);
    expect(
      screen.getByText(`${pkg.title} · for up to 4 persons · ${formatRupees(pkg.offerPrice)}`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add a person/ })).not.toBeInTheDocument();

    // The fourth form goes; "Add a person" comes back and takes focus.
    await user.click(personGroup(3, 4).getByRole('button', { name: 'Remove person 4' }));
    expect(screen.getAllByRole('group', { name: /^Person \d of 3$/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add a person (3 of up to 4)' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add a person (3 of up to 4)' }));
    expect(personGroup(3, 4).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.click(personGroup(3, 4).getByRole('button', { name: 'Remove person 4' }));

    await fillPerson(user, 0, 3, asha);
    await fillPerson(user, 1, 3, ravi);
    await fillPerson(user, 2, 3, { ...ravi, name: 'Meera Rao' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: /Car Street/ }, PAGE));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(summary('Persons')).toBe('Asha RaoRavi RaoMeera Rao');
    const readBack = within(screen.getByRole('region', { name: 'The sankalp as the priest will read it' }));
    expect(readBack.getAllByRole('row')).toHaveLength(4);
    expect(summary('Amount')).toBe(formatRupees(pkg.offerPrice));

    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
    await user.click(screen.getByRole('button', { name: `Pay ${formatRupees(pkg.offerPrice)}` }));
    await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);
    expect(summary('Persons')).toBe('Asha RaoRavi RaoMeera Rao');
    const [booking] = await bookingsOf(customer);
    expect(booking).toMatchObject({ personCount: 3, amount: pkg.offerPrice });
  });

  it('a closed puja: every Book button is disabled and reads "Booking Closed"', async () => {
    await signIn();
    renderAppAt(`/pujas/${closed.id}`);
    const cards = within(await screen.findByRole('list', { name: 'Packages' }, PAGE)).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      const button = within(card).getByRole('button', { name: /^Booking Closed/ });
      expect(button).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: /^Book / })).not.toBeInTheDocument();
    // The page's own Book Now is disabled too, saying why.
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Booking Closed' })).toBeDisabled();
  });

  it('a closed puja links to the next open date of the same puja', async () => {
    const past = await addPuja(shop.db, { closesInDays: -3 });
    const next = await addPuja(shop.db, { closesInDays: 9 });
    await shop.db
      .updateTable('puja')
      .set({ pujaName: past.pujaName, place: past.place })
      .where('id', '=', next.id)
      .execute();
    renderAppAt(`/pujas/${past.id}`);
    const link = await screen.findByRole('link', { name: /^Book the next date:/ }, PAGE);
    expect(link).toHaveAttribute('href', `#/pujas/${next.id}`);
  });
});

describe('the booking wizard (/puja-booking/{id})', () => {
  it.each([
    ['no package', ''],
    ['a malformed package', '?package=x'],
    ['another puja’s package', '?package=OTHER'],
  ])('with %s redirects to /pujas/{id}, replacing the entry', async (_, query) => {
    await signIn();
    const other = String(closed.packages[1]!.id);
    renderAppAt(`/puja-booking/${open.id}${query.replace('OTHER', other)}`);
    await screen.findByRole('heading', { level: 1, name: open.pujaName }, PAGE);
    expect(window.location.hash).toBe(`#/pujas/${open.id}`);
    expect(screen.queryByRole('heading', { name: 'Person Details' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, and signing in resumes with the package', async () => {
    const user = userEvent.setup();
    const customer = await registerAndLogin(shop.app);
    window.history.replaceState(null, '', wizardHash(open, 4));
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, PAGE);
    expect(decodeURIComponent(window.location.hash)).toBe(`#/login?redirect=${wizardHash(open, 4).slice(1)}`);
    await user.type(screen.getByLabelText('Email address'), customer.email);
    await user.type(screen.getByLabelText('Password'), customer.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectPersonDetailsOf(4);
  });

  it('a visitor who creates an account on the way keeps the booking’s package', async () => {
    const user = userEvent.setup();
    const email = `new-${Date.now()}@example.com`;
    window.history.replaceState(null, '', wizardHash(open, 2));
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, PAGE);
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await screen.findByRole('button', { name: 'Create account' }, PAGE);
    expect(decodeURIComponent(window.location.hash)).toBe(
      `#/register?redirect=${wizardHash(open, 2).slice(1)}`,
    );
    await user.type(screen.getByLabelText('Full name'), 'Meera Iyer');
    await user.type(screen.getByLabelText('Email address'), email);
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    // Signed in at once, straight back to the booking's place (no second password).
    await expectPersonDetailsOf(2);
  });

  it('a reload stays on the step, and Back and Forward move between the steps', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    const address = await addAddress(shop.app, customer, '7, Car Street');
    const first = await openWizard(open, 2);
    await detailsDone(user);
    expect(window.location.hash).toBe(wizardHash(open, 2, 'address'));
    await user.click(await screen.findByRole('radio', { name: /Car Street/ }, PAGE));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(window.location.hash).toBe(wizardHash(open, 2, 'payment'));

    // A reload (the same tab: the draft is in session storage) opens Payment again.
    first.unmount();
    render(<App />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' }, PAGE)).toBeInTheDocument();
    expect(summary('Address')).toContain('7, Car Street');
    expect(summary('Persons')).toBe('Asha RaoRavi Rao');

    // Browser Back: Address, then Person Details, with everything kept; Forward: Address again.
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { level: 2, name: 'Address' })).toHaveFocus();
    expect(await screen.findByRole('radio', { name: /Car Street/ }, PAGE)).toBeChecked();
    act(() => window.history.back());
    await screen.findByRole('heading', { level: 2, name: 'Person Details' });
    expect(window.location.hash).toBe(wizardHash(open, 2, 'details'));
    expect(personGroup(1, 2).getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi Rao');
    act(() => window.history.forward());
    await screen.findByRole('heading', { level: 2, name: 'Address' });
    // The page's Back is the browser's Back here: Forward then returns to Address.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Person Details' });
    act(() => window.history.forward());
    await screen.findByRole('heading', { level: 2, name: 'Address' });
    expect(address.id).toBeGreaterThan(0);
  });

  it('a session that ends on Payment sends the customer to sign in, and back to Payment with everything kept', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer, '7, Car Street');
    await openWizard(open, 2);
    await detailsDone(user);
    await user.click(await screen.findByRole('radio', { name: /Car Street/ }, PAGE));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');

    // Signed out elsewhere (another tab, a password change): the token no longer works.
    expect((await send(shop.app, 'POST', '/api/auth/logout', { token: customer.token })).status).toBeLessThan(
      300,
    );
    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, PAGE);
    expect(decodeURIComponent(window.location.hash)).toBe(
      `#/login?redirect=${wizardHash(open, 2, 'payment').slice(1)}`,
    );

    await user.type(screen.getByLabelText('Email address'), customer.email);
    await user.type(screen.getByLabelText('Password'), customer.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' }, PAGE);
    expect(window.location.hash).toBe(wizardHash(open, 2, 'payment'));
    expect(summary('Persons')).toBe('Asha RaoRavi Rao');
    expect(summary('Address')).toContain('7, Car Street');
  });

  it('a step the wizard cannot reach yet falls back to the one it can', async () => {
    await signIn();
    window.history.replaceState(null, '', wizardHash(secondOpen, 1, 'payment'));
    render(<App />);
    await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
    await waitFor(() => expect(window.location.hash).toBe(wizardHash(secondOpen, 1, 'details')));
  });

  it('a reload on the confirmation shows My Bookings', async () => {
    await signIn();
    renderAppAt(wizardHash(open, 1, 'confirmation').slice(1));
    await waitFor(() => expect(window.location.hash).toBe('#/account/bookings'), PAGE);
  });

  it('Next with empty forms shows the seven messages under each person, linked to the fields', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(open, 2);
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const messages = [
      ['Name', 'Name is required'],
      ['Date of birth', 'Date of birth is required'],
      ['Birth time', 'Birth time is required'],
      ['Birth place', 'Birth place is required'],
      ['Raashi', 'Raashi is required'],
      ['Nakshatra', 'Nakshatra is required'],
      ['Gothra', 'Gothra is required'],
    ] as const;
    for (const index of [0, 1]) {
      const group = personGroup(index, 2);
      for (const [label, message] of messages) {
        const field = group.getByLabelText(label);
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveAccessibleDescription(message);
      }
    }
    expect(personGroup(0, 2).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(currentStep()).toBe('1Person Details');

    // Fixing the first person leaves only the second one's messages.
    await fillPerson(user, 0, 2, asha);
    expect(
      screen.getByRole('group', { name: 'Person 1 of 2' }).querySelector('.booking-field__error'),
    ).toBeNull();
    expect(screen.getAllByText('Name is required')).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a date of birth in the future; the date field stops at today', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(open, 1);
    const dateOfBirth = personGroup(0, 1).getByLabelText('Date of birth');
    expect(dateOfBirth).toHaveAttribute('type', 'date');
    expect(dateOfBirth).toHaveAttribute('max', localToday());
    expect(personGroup(0, 1).getByLabelText('Birth time')).toHaveAttribute('type', 'time');
    await fillPerson(user, 0, 1, { ...asha, dateOfBirth: '2999-01-01' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(dateOfBirth).toHaveAccessibleDescription('Date of birth cannot be in the future');
    expect(dateOfBirth).toHaveFocus();
    expect(currentStep()).toBe('1Person Details');
  });

  it('offers exactly the 12 raashis and 27 nakshatras of the product rules (Persons), labelled South Indian name first', async () => {
    await signIn();
    await openWizard(open, 1);
    // The browser's suggestions for a field: its <datalist>, one entry per raashi or nakshatra.
    const suggestionsOf = (name: string) => {
      const list = personGroup(0, 1).getByRole('combobox', { name }).getAttribute('list');
      return [...(document.getElementById(list ?? '')?.querySelectorAll('option') ?? [])].map((o) => o.value);
    };
    expect(suggestionsOf('Raashi')).toEqual(RAASHI_OPTIONS.map(raashiLabel));
    expect(suggestionsOf('Raashi')).toContain('Karka / Kark (Cancer)');
    expect(suggestionsOf('Nakshatra')).toEqual(NAKSHATRA_OPTIONS.map(nakshatraLabel));
    expect(suggestionsOf('Nakshatra')).toContain('Karthigai / Krittika');
    expect(RAASHI_OPTIONS).toHaveLength(12);
    expect(NAKSHATRA_OPTIONS).toHaveLength(27);
  });

  it('finds a raashi and a nakshatra by either name (or a common spelling, any case) and holds the list’s value', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(open, 2);
    const draft = () =>
      (
        JSON.parse(sessionStorage.getItem(wizardDraftKey(open.id, open.packages[2]!.id)) ?? '{}') as {
          persons?: { raashi: string; nakshatra: string }[];
        }
      ).persons?.map(({ raashi, nakshatra }) => [raashi, nakshatra]);
    const [first, second] = [personGroup(0, 2), personGroup(1, 2)];

    // The South Indian names, then the spec's, then spellings in lower case.
    await user.type(first.getByRole('combobox', { name: 'Raashi' }), 'Karka');
    await user.type(first.getByRole('combobox', { name: 'Nakshatra' }), 'Karthigai');
    await user.type(second.getByRole('combobox', { name: 'Raashi' }), 'Kark');
    await user.type(second.getByRole('combobox', { name: 'Nakshatra' }), 'krittika');
    await user.tab();
    expect(draft()).toEqual([
      ['Kark (Cancer)', 'Krittika'],
      ['Kark (Cancer)', 'Krittika'],
    ]);
    // Left, each field shows the entry by both names.
    expect(first.getByRole('combobox', { name: 'Raashi' })).toHaveValue('Karka / Kark (Cancer)');
    expect(first.getByRole('combobox', { name: 'Nakshatra' })).toHaveValue('Karthigai / Krittika');
    expect(second.getByRole('combobox', { name: 'Nakshatra' })).toHaveValue('Karthigai / Krittika');

    const raashi = second.getByRole('combobox', { name: 'Raashi' });
    await user.clear(raashi);
    await user.type(raashi, 'kadagam');
    const nakshatra = second.getByRole('combobox', { name: 'Nakshatra' });
    await user.clear(nakshatra);
    await user.type(nakshatra, 'Thiruvonam');
    await user.tab();
    expect(draft()?.[1]).toEqual(['Kark (Cancer)', 'Shravana']);
    expect(nakshatra).toHaveValue('Thiruvonam / Shravana');

    // Text that names no entry is kept as typed, and the field's message says so.
    await user.clear(nakshatra);
    await user.type(nakshatra, 'Karthi');
    await user.tab();
    expect(nakshatra).toHaveValue('Karthi');
    expect(nakshatra).toHaveAttribute('aria-invalid', 'true');
    expect(nakshatra).toHaveAccessibleDescription('Please choose a nakshatra from the list');
    await user.clear(nakshatra);
    await user.tab();
    expect(nakshatra).toHaveAccessibleDescription('Nakshatra is required');
    expect(await axeViolations()).toEqual([]);
  });

  it('birth time and place can be marked not known, and one gothra can go to everyone', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(open, 2);
    const first = personGroup(0, 2);
    const copy = first.getByRole('button', { name: 'Use this gothra for everyone' });
    expect(copy).toBeDisabled();
    expect(personGroup(1, 2).queryByRole('button', { name: 'Use this gothra for everyone' })).toBeNull();

    await fillPerson(user, 0, 2, asha);
    await user.click(first.getByRole('checkbox', { name: 'Birth time not known' }));
    expect(first.getByLabelText('Birth time')).toBeDisabled();
    expect(first.getByLabelText('Birth time')).toHaveValue('');
    expect(first.getByLabelText('Birth time')).not.toBeRequired();

    const second = personGroup(1, 2);
    await fillPerson(user, 1, 2, { ...ravi, birthPlace: '', gothra: '' });
    await user.click(second.getByRole('checkbox', { name: 'Birth place not known' }));
    expect(second.getByRole('textbox', { name: 'Birth place' })).toBeDisabled();
    await user.click(copy);
    expect(second.getByRole('textbox', { name: 'Gothra' })).toHaveValue(asha.gothra);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Address' })).toHaveFocus();

    // Back, the marks are kept; unticked, the field is required again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Person Details' });
    const again = personGroup(0, 2);
    expect(again.getByRole('checkbox', { name: 'Birth time not known' })).toBeChecked();
    await user.click(again.getByRole('checkbox', { name: 'Birth time not known' }));
    expect(again.getByLabelText('Birth time')).toBeEnabled();
    expect(again.getByText('Birth time is required')).toBeInTheDocument();
  });

  it('books without the nakshatra when it is marked not known; the read-back says so', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer, '7, Car Street');
    await openWizard(open, 1);
    const group = personGroup(0, 1);
    await fillPerson(user, 0, 1, asha);
    await user.clear(group.getByRole('combobox', { name: 'Nakshatra' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(group.getByText('Nakshatra is required')).toBeInTheDocument();

    await user.click(group.getByRole('checkbox', { name: 'Nakshatra not known' }));
    expect(group.getByRole('combobox', { name: 'Nakshatra' })).toBeDisabled();
    expect(group.queryByText('Nakshatra is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: /Car Street/ }, PAGE));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    const readBack = within(screen.getByRole('region', { name: 'The sankalp as the priest will read it' }));
    expect(readBack.getByText('Nakshatra not known')).toBeInTheDocument();

    const price = packageOf(open, 1).offerPrice;
    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
    await user.click(screen.getByRole('button', { name: `Pay ${formatRupees(price)}` }));
    await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);
    const [summary] = await bookingsOf(customer);
    const res = await send(shop.app, 'GET', `/api/bookings/${summary!.id}`, { token: customer.token });
    expect((res.body as { booking: { persons: { nakshatra: string | null }[] } }).booking.persons).toEqual([
      expect.objectContaining({ name: asha.name, nakshatra: null }),
    ]);
  });

  it('the address step says "Please select or add an address" in place without one, and Back returns to the details', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await signIn();
    await openWizard(open, 2);
    await detailsDone(user);
    expect(screen.getByRole('heading', { level: 2, name: 'Address' })).toHaveFocus();
    expect(currentStep()).toBe('2Address');
    await screen.findByText('No addresses', {}, PAGE);

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select or add an address');
    expect(alert).not.toHaveBeenCalled();
    expect(currentStep()).toBe('2Address');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Person Details' })).toHaveFocus();
    expect(personGroup(1, 2).getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi Rao');
    expect(personGroup(0, 2).getByRole('combobox', { name: 'Nakshatra' })).toHaveValue(
      nakshatraLabel('Magha'),
    );
  });

  it('adds an address in the step, pays (Processing payment...) and confirms; My Bookings lists it', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await openWizard(open, 2);
    await detailsDone(user);
    await screen.findByText('No addresses', {}, PAGE);

    await user.click(screen.getByRole('button', { name: /add new address/i }));
    await fillAddressForm(user, malleshwaram);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('radio', { name: /Malleshwaram/ })).toBeChecked();
    // The new card is chosen, focused (and scrolled to) and the save is said.
    expect(screen.getByRole('radio', { name: /Malleshwaram/ })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Address saved');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' })).toHaveFocus();
    expect(currentStep()).toBe('3Payment');
    const pkg = open.packages[2]!;
    expect(summary('Puja')).toBe(open.pujaName);
    expect(summary('Package')).toBe(pkg.title);
    expect(summary('Persons')).toBe('Asha RaoRavi Rao');
    expect(summary('Address')).toBe(
      'Asha Rao, +91 98450 12345, 12, 4th Cross, Malleshwaram, Bengaluru, Karnataka 560003, India',
    );
    expect(summary('Amount')).toBe(formatRupees(pkg.offerPrice));
    expect(await axeViolations()).toEqual([]);

    // UPI first; the simulated provider declines failure@upi, another UPI ID pays on the same intent.
    expect(screen.getByRole('radio', { name: /UPI/ })).toBeChecked();
    // The sankalp read back: Pay waits for "The names are right".
    expect(screen.getByRole('button', { name: `Pay ${formatRupees(pkg.offerPrice)}` })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.type(screen.getByLabelText('UPI ID'), 'failure@upi');
    await user.click(screen.getByRole('button', { name: `Pay ${formatRupees(pkg.offerPrice)}` }));
    expect(await screen.findByRole('alert', {}, PAYMENT)).toHaveTextContent('Your payment was declined');
    await user.clear(screen.getByLabelText('UPI ID'));
    await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
    await user.click(screen.getByRole('button', { name: `Pay ${formatRupees(pkg.offerPrice)}` }));
    expect(net.requests.filter((path) => path === '/api/payments')).toEqual(['/api/payments']);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT),
    ).toHaveFocus();
    expect(currentStep()).toBe('4Confirmation');
    const [booking] = await bookingsOf(customer);
    expect(booking).toBeDefined();
    expect(booking).toMatchObject({
      pujaName: open.pujaName,
      packageTitle: pkg.title,
      personCount: 2,
      amount: pkg.offerPrice,
    });
    expect(screen.getByText(booking!.bookingNumber)).toBeInTheDocument();
    expect(summary('Puja')).toBe(open.pujaName);
    expect(summary('Package')).toBe(pkg.title);
    expect(summary('Persons')).toBe('Asha RaoRavi Rao');
    expect(summary('Address')).toBe(
      'Asha Rao, +91 98450 12345, 12, 4th Cross, Malleshwaram, Bengaluru, Karnataka 560003, India',
    );
    expect(summary('Amount paid')).toBe(formatRupees(pkg.offerPrice));
    expect(sessionStorage.getItem(wizardDraftKey(open.id, pkg.id))).toBeNull();

    await user.click(screen.getByRole('button', { name: 'View My Bookings' }));
    await waitFor(() => expect(window.location.hash).toBe('#/account/bookings'));
    const list = await screen.findByRole('list', { name: 'My bookings' }, PAGE);
    const row = within(within(list).getAllByRole('listitem')[0]!);
    expect(row.getByRole('heading', { name: open.pujaName })).toBeInTheDocument();
    expect(row.getByText(pkg.title)).toBeInTheDocument();
    expect(row.getByText(booking!.bookingNumber)).toBeInTheDocument();
    expect(row.getByText('Confirmed')).toBeInTheDocument();
    expect(row.getByText(formatRupees(pkg.offerPrice))).toBeInTheDocument();
  });

  it('Back from Payment keeps a chosen address that is not the default', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer, 'MG Road 100');
    const second: Address = await addAddress(shop.app, customer, 'North Mada Street 7');
    await openWizard(open, 1);
    await detailsDone(user, 1);
    await user.click(await screen.findByRole('radio', { name: /North Mada Street/ }, PAGE));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(summary('Address')).toContain('North Mada Street 7');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: /North Mada Street/ }, PAGE)).toBeChecked();
    expect(screen.getByRole('radio', { name: /MG Road/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(summary('Address')).toContain(second.street);
  });

  it('the read-back’s "Edit spelling" sends the spelling in the temple’s script with the booking', async () => {
    const { user, customer } = await signInWithAddress();
    await openWizard(open, 1);
    await toPayment(user);
    const readBack = screen.getByRole('region', { name: 'The sankalp as the priest will read it' });
    await user.click(await within(readBack).findByRole('button', { name: /Edit spelling/ }, PAGE));
    const spelling = within(readBack).getByRole('textbox', { name: 'Name in Devanagari' });
    await user.clear(spelling);
    await user.type(spelling, 'आशा रावजी');
    expect(within(readBack).getByText('आशा रावजी', { selector: '.read-back__name' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.click(screen.getByRole('radio', { name: /Net Banking/ }));
    await user.click(
      screen.getByRole('button', { name: `Pay ${formatRupees(open.packages[1]!.offerPrice)}` }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);
    const [booking] = await bookingsOf(customer);
    const stored = await shop.db
      .selectFrom('bookingPersons')
      .select('nameInScript')
      .where('bookingId', '=', booking!.id)
      .executeTakeFirstOrThrow();
    expect(stored.nameInScript).toBe('आशा रावजी');
  });

  it('a failed booking call stays on Payment with the message; Pay again books without paying twice', async () => {
    const { user, customer } = await signInWithAddress();
    await openWizard(open, 1);
    await toPayment(user);

    net.failNetwork(/^\/api\/bookings$/);
    const pay = `Pay ${formatRupees(open.packages[1]!.offerPrice)}`;
    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.click(screen.getByRole('radio', { name: /Net Banking/ }));
    await user.click(screen.getByRole('button', { name: pay }));
    expect(await screen.findByRole('alert', {}, PAYMENT)).toHaveTextContent('Failed to create booking');
    expect(screen.getByRole('button', { name: pay })).toBeEnabled();
    expect(summary('Persons')).toBe('Asha Rao');

    net.failNetwork(null);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAGE);
    // The payment of the first attempt was kept: one intent, one capture.
    expect(net.requests.filter((path) => path === '/api/payments')).toHaveLength(1);
    expect(net.requests.filter((path) => path.endsWith('/capture'))).toHaveLength(1);
    expect(await bookingsOf(customer)).toHaveLength(1);
  });

  it('the URL asking for Address while paying keeps Payment in the page and the URL, and the booking is made', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer);
    await openWizard(open, 1);
    await detailsDone(user, 1);
    await screen.findByRole('radio', { name: /MG Road/ }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
    const release = net.hold(/^\/api\/bookings$/);
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByRole('button', { name: 'Creating booking...' }, PAYMENT);

    // Browser Back or an edited address bar asks for Address: the wizard stays and puts Payment back.
    act(() => void (window.location.hash = wizardHash(open, 1, 'address')));
    await waitFor(() => expect(window.location.hash).toBe(wizardHash(open, 1, 'payment')));
    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    release();
    await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);
    expect(await bookingsOf(customer)).toHaveLength(1);
  });

  it('a closed puja: the wizard says so and Pay stays disabled', async () => {
    const { user } = await signInWithAddress();
    await openWizard(closed, 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Booking for this puja has closed.');
    await toPayment(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Booking for this puja has closed.');
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();
  });

  it('a puja whose sankalp has locked (6 hours away): the wizard is closed, as are its Book buttons', async () => {
    const { user } = await signInWithAddress();
    const locked = await addPuja(shop.db, { closesInDays: 6 / 24 });
    const page = await openWizard(locked, 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Booking for this puja has closed.');
    await toPayment(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Booking for this puja has closed.');
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();
    page.unmount();

    renderAppAt(`/pujas/${locked.id}`);
    const cards = within(await screen.findByRole('list', { name: 'Packages' }, PAGE)).getAllByRole(
      'listitem',
    );
    for (const card of cards)
      expect(within(card).getByRole('button', { name: /^Booking Closed/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('a window that closes while the customer is in the wizard blocks Pay', async () => {
    const { user } = await signInWithAddress();
    // Booking closes at the sankalp lock, 4 seconds from now.
    const soon = await addPuja(shop.db, { closesInDays: (SANKALP_LOCK_HOURS * 3600 + 4) / 86_400 });
    await openWizard(soon, 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await toPayment(user);
    expect(await screen.findByRole('alert', {}, PAYMENT)).toHaveTextContent(
      'Booking for this puja has closed.',
    );
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();
  });

  it('a reload keeps what was typed (session storage, per puja and package)', async () => {
    const user = userEvent.setup();
    await signIn();
    const first = await openWizard(open, 2);
    await fillPerson(user, 0, 2, asha);
    await user.type(personGroup(1, 2).getByRole('textbox', { name: 'Name' }), 'Ravi');
    expect(sessionStorage.getItem(wizardDraftKey(open.id, open.packages[2]!.id))).toContain('Ravi');
    first.unmount();

    const second = render(<App />);
    await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
    const one = personGroup(0, 2);
    expect(one.getByRole('textbox', { name: 'Name' })).toHaveValue('Asha Rao');
    expect(one.getByLabelText('Date of birth')).toHaveValue(asha.dateOfBirth);
    expect(one.getByLabelText('Birth time')).toHaveValue(asha.birthTime);
    expect(one.getByRole('combobox', { name: 'Raashi' })).toHaveValue(raashiLabel('Simha (Leo)'));
    expect(one.getByRole('textbox', { name: 'Gothra' })).toHaveValue(asha.gothra);
    expect(personGroup(1, 2).getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi');

    // Another package of the same puja has a draft of its own (none yet).
    second.unmount();
    await openWizard(open, 1);
    expect(personGroup(0, 1).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});

describe('the Bookings tab', () => {
  it('shows the empty state with Browse Pujas when there are none', async () => {
    await signIn();
    renderAppAt('/account/bookings');
    expect(await screen.findByRole('heading', { name: 'No bookings' }, PAGE)).toBeInTheDocument();
    expect(screen.getByText("You haven't booked any pujas yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Pujas' })).toHaveAttribute('href', '#/pujas');
  });

  it('shows the error with Retry when the list cannot be read, then the list', async () => {
    const user = userEvent.setup();
    await signIn();
    const alert = await alertWhileOffline(net, /^\/api\/bookings$/, '/account/bookings');
    expect(alert).toHaveTextContent('Failed to fetch bookings');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No bookings' })).toBeInTheDocument();
  });
});
