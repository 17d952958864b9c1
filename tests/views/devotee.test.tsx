/**
 * For the devotee, on the screen (docs/product-rules.md, Family profiles, Raashi and nakshatra
 * from birth details, Chadhava offerings, Gift a puja): the account's My family tab, a wizard
 * person filled from the family in one tap or saved to it, the gift form, the offering steppers
 * and the birth-star suggestion, over the real API app in process.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressListResponse } from '../../contract/address.ts';
import type { BookingListResponse, BookingResponse } from '../../contract/booking.ts';
import { nakshatraLabel, raashiLabel } from '../../contract/raashi-nakshatra.ts';
import { DEFAULT_GOTHRA, type FamilyListResponse } from '../../contract/family.ts';
import { formatRupees } from '../../contract/money.ts';
import { birthDayStar, birthStar } from '../../server/services/birth-star.ts';
import { call, type Customer } from '../support/accounts.ts';
import { addPuja, lakshmiIyer, person, type TestPuja } from '../support/bookings.ts';
import { addAddress } from '../support/orders.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { signInNewCustomer } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';
import { fillPerson, personGroup, summary } from '../support/screens.ts';

/** The first render of a lazily loaded page (and the session check before it) can take a moment. */
const PAGE = { timeout: 5000 };
/** The simulated payment takes 2 s, then the booking is created. */
const PAYMENT = { timeout: 8000 };

const shop = shopPerFile(() => createTestShop({ seed: false }));
const net = fetchRoutedTo(shop);
let puja: TestPuja;
/** A puja with offerings: a lamp (₹51, up to 11) and a vastra sent with the prasad (₹501, up to 2). */
let offeringPuja: TestPuja;
let lampId: number;

beforeAll(async () => {
  puja = await addPuja(shop.db, { closesInDays: 30 });
  offeringPuja = await addPuja(shop.db, { closesInDays: 30 });
  // Before anything reads the puja (its page is cached by the catalogue).
  const rows = await shop.db
    .insertInto('pujaOffering')
    .values([
      {
        pujaId: offeringPuja.id,
        name: 'Ghee lamp',
        description: 'A lamp of pure ghee lit in your name.',
        unit: 'lamp',
        price: 51,
        delivery: 'temple',
        maxQuantity: 11,
      },
      {
        pujaId: offeringPuja.id,
        name: 'Vastra',
        description: 'A silk-bordered cloth, sent to you with the prasad.',
        unit: 'vastra',
        price: 501,
        delivery: 'prasad',
        maxQuantity: 2,
      },
    ])
    .returning('id')
    .execute();
  lampId = rows[0]!.id;
});
afterEach(() => {
  vi.restoreAllMocks();
});
const signIn = () => signInNewCustomer(shop.app);

const familyOf = async (customer: Customer) =>
  ((await call(shop.app, 'GET', '/api/family', { token: customer.token })).body as FamilyListResponse)
    .profiles;

async function saveProfile(customer: Customer, profile: object) {
  const res = await call(shop.app, 'POST', '/api/family', { token: customer.token, json: profile });
  if (res.status !== 201) throw new Error(`family failed: ${res.status} ${JSON.stringify(res.body)}`);
}

async function theBooking(customer: Customer) {
  const list = await call(shop.app, 'GET', '/api/bookings', { token: customer.token });
  const [summary] = (list.body as BookingListResponse).bookings;
  if (!summary) throw new Error('no booking');
  const res = await call(shop.app, 'GET', `/api/bookings/${summary.id}`, { token: customer.token });
  return (res.body as BookingResponse).booking;
}

/** The wizard at Person Details for a puja's n-person package. */
async function openWizard(of: TestPuja, noPersons: number) {
  renderAppAt(`/puja-booking/${of.id}?package=${of.packages[noPersons]!.id}&step=details`);
  await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
}

/**
 * A new customer with a saved address (MG Road 100), through the offerings puja's wizard for one
 * person to its Payment step.
 */
async function onOfferingsPayment() {
  const user = userEvent.setup();
  const customer = await signIn();
  await addAddress(shop.app, customer, 'MG Road 100');
  await openWizard(offeringPuja, 1);
  await fillPerson(user, 0, 1, person());
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('radio', { name: /MG Road 100/ }, PAGE);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Payment' });
  return { user, customer };
}

/** Ticks the read back and pays by UPI; waits for the confirmation. */
async function pay(user: UserEvent, amount: number) {
  await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
  await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
  await user.click(screen.getByRole('button', { name: `Pay ${formatRupees(amount)}` }));
  await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);
}

/** The gift form's fields in order (the recipient's address, then the card's message). */
const GIFT_FIELDS = [
  'Recipient name',
  'Mobile number',
  'House no. and street',
  'Area / locality',
  'Landmark (optional)',
  'PIN code',
  'City',
  'State',
  'Message on the prasad card (optional)',
];

const lakshmi = { relation: 'spouse', ...lakshmiIyer } as const;

describe('the account’s My family tab', () => {
  const familyForm = () => within(screen.getByRole('form', { name: /^(Add a family member|Edit )/ }));

  type ProfileValues = { [K in keyof typeof lakshmi]: string } & { gothra?: string };

  async function fillProfile(user: UserEvent, values: Omit<ProfileValues, 'gothra'> & { gothra?: string }) {
    const form = familyForm();
    await user.selectOptions(form.getByRole('combobox', { name: 'Relation' }), values.relation);
    await user.type(form.getByRole('textbox', { name: 'Name' }), values.name);
    fireEvent.change(form.getByLabelText('Date of birth'), { target: { value: values.dateOfBirth } });
    fireEvent.change(form.getByLabelText('Birth time'), { target: { value: values.birthTime } });
    await user.type(form.getByRole('textbox', { name: 'Birth place' }), values.birthPlace);
    await user.type(form.getByRole('combobox', { name: 'Raashi' }), values.raashi);
    await user.type(form.getByRole('combobox', { name: 'Nakshatra' }), values.nakshatra);
    if (values.gothra) await user.type(form.getByRole('textbox', { name: 'Gothra' }), values.gothra);
  }

  it('adds a family member, edits the gothra and removes them', async () => {
    const user = userEvent.setup();
    const consoleErrors = vi.spyOn(console, 'error');
    const customer = await signIn();
    renderAppAt('/account/family');
    await screen.findByRole('heading', { name: 'No family members' }, PAGE);
    expect(screen.getByRole('tab', { name: 'My family', selected: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a family member' }));
    // Checked by the wizard's person rules before anything is sent.
    await user.click(familyForm().getByRole('button', { name: 'Save' }));
    expect(familyForm().getByText('Relation is required')).toBeInTheDocument();
    expect(familyForm().getByText('Name is required')).toBeInTheDocument();
    expect(await familyOf(customer)).toEqual([]);

    await fillProfile(user, lakshmi);
    await user.click(familyForm().getByRole('button', { name: 'Save' }));
    const list = await screen.findByRole('list', { name: 'My family' }, PAGE);
    expect(within(list).getByRole('heading', { level: 3 })).toHaveTextContent('Lakshmi Iyer Spouse');
    expect(within(list).getByText(/Born 14 Mar 1988 at 6:45 am, Udupi/)).toHaveTextContent(
      `${raashiLabel('Simha (Leo)')} · ${nakshatraLabel('Magha')} · Bharadwaja gothra`,
    );
    const [saved] = await familyOf(customer);
    expect(saved).toMatchObject({ ...lakshmi, gothraNotKnown: false });

    await user.click(within(list).getByRole('button', { name: 'Edit' }));
    const gothra = familyForm().getByRole('textbox', { name: 'Gothra' });
    expect(gothra).toHaveValue('Bharadwaja');
    expect(familyForm().getByRole('textbox', { name: 'Name' })).toHaveValue('Lakshmi Iyer');
    await user.clear(gothra);
    await user.type(gothra, 'Vasishtha');
    await user.click(familyForm().getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'My family' })).toHaveTextContent('Vasishtha gothra'),
    );
    expect(await familyOf(customer)).toEqual([{ ...saved, gothra: 'Vasishtha' }]);

    await user.click(screen.getByRole('button', { name: 'Remove Lakshmi Iyer' }));
    await screen.findByRole('heading', { name: 'No family members' });
    // The list is read again after the removal, and says what happened.
    expect(screen.getByRole('status')).toHaveTextContent('Lakshmi Iyer: family member removed');
    expect(await familyOf(customer)).toEqual([]);
    // React had nothing to complain about (the form's fields each have their key).
    expect(consoleErrors).not.toHaveBeenCalled();
  });

  it('finds the raashi and nakshatra by either name, and sends the list’s names', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    renderAppAt('/account/family');
    await user.click(await screen.findByRole('button', { name: 'Add a family member' }, PAGE));
    // The South Indian raashi name and the spec's nakshatra name, as a devotee might type them.
    await fillProfile(user, { ...lakshmi, name: 'Meena Iyer', raashi: 'karka', nakshatra: 'Krittika' });
    const raashi = familyForm().getByRole('combobox', { name: 'Raashi' });
    expect(raashi).toHaveValue('Karka / Kark (Cancer)');
    await user.clear(familyForm().getByRole('combobox', { name: 'Nakshatra' }));
    await user.type(familyForm().getByRole('combobox', { name: 'Nakshatra' }), 'Karthigai');
    await user.click(familyForm().getByRole('button', { name: 'Save' }));
    await screen.findByRole('list', { name: 'My family' }, PAGE);
    const sent = net.calls.find((c) => c.method === 'POST' && c.path === '/api/family')?.body;
    expect(JSON.parse(sent ?? '{}')).toMatchObject({ raashi: 'Kark (Cancer)', nakshatra: 'Krittika' });
    expect(await familyOf(customer)).toEqual([
      expect.objectContaining({ name: 'Meena Iyer', raashi: 'Kark (Cancer)', nakshatra: 'Krittika' }),
    ]);

    // A name that is on neither list keeps the form's message, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const nakshatra = familyForm().getByRole('combobox', { name: 'Nakshatra' });
    expect(nakshatra).toHaveValue('Karthigai / Krittika');
    await user.clear(nakshatra);
    await user.type(nakshatra, 'Karthi');
    await user.click(familyForm().getByRole('button', { name: 'Save' }));
    expect(nakshatra).toHaveAccessibleDescription('Please choose a nakshatra from the list');
    expect(net.calls.filter((c) => c.method === 'PUT' || c.method === 'PATCH')).toEqual([]);
  });

  it('with "Birth time not known", suggests from the date alone, without pointing to a "Nakshatra not known" it lacks', async () => {
    const user = userEvent.setup();
    await signIn();
    renderAppAt('/account/family');
    await user.click(await screen.findByRole('button', { name: 'Add a family member' }, PAGE));
    const form = familyForm();
    await user.click(form.getByRole('checkbox', { name: 'Birth time not known' }));
    // 4 Aug 1988, India's clock: Mesh all day, Ashwini then Bharani (tests/server/birth-star.test.ts).
    fireEvent.change(form.getByLabelText('Date of birth'), { target: { value: '1988-08-04' } });
    const message = await form.findByText(/nakshatra: the Moon changed nakshatra that day/, {}, PAGE);
    expect(message).toHaveTextContent(
      `${nakshatraLabel('Ashwini')} or ${nakshatraLabel('Bharani')} nakshatra: the Moon changed nakshatra that day; ask the family or choose.`,
    );
    expect(message).not.toHaveTextContent('Nakshatra not known');
    await user.click(form.getByRole('button', { name: `Use ${raashiLabel('Mesh (Aries)')} raashi` }));
    expect(form.getByRole('combobox', { name: 'Raashi' })).toHaveValue(raashiLabel('Mesh (Aries)'));
  });

  it('"I don\'t know my gothra" stores Kashyap and says so', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    renderAppAt('/account/family');
    await user.click(await screen.findByRole('button', { name: 'Add a family member' }, PAGE));
    await fillProfile(user, { ...lakshmi, relation: 'mother', name: 'Kamala Iyer', gothra: undefined });
    await user.click(familyForm().getByRole('checkbox', { name: "I don't know my gothra" }));
    const gothra = familyForm().getByRole('textbox', { name: 'Gothra' });
    expect(gothra).toHaveValue(DEFAULT_GOTHRA);
    expect(gothra).toBeDisabled();
    expect(familyForm().getByText('Not known: the customary Kashyap gothra is recited.')).toBeInTheDocument();
    await user.click(familyForm().getByRole('button', { name: 'Save' }));

    const list = await screen.findByRole('list', { name: 'My family' }, PAGE);
    expect(
      within(list).getByText(/Kashyap gothra \(Not known: the customary Kashyap gothra is recited\)/),
    ).toBeInTheDocument();
    expect(await familyOf(customer)).toEqual([
      expect.objectContaining({ name: 'Kamala Iyer', gothra: 'Kashyap', gothraNotKnown: true }),
    ]);
  });
});

describe('the wizard’s persons and the family', () => {
  it('fills a person from a saved family member in one tap', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await saveProfile(customer, lakshmi);
    await saveProfile(customer, {
      ...lakshmi,
      relation: 'father',
      name: 'Raghavan Iyer',
      birthTime: '',
      birthTimeNotKnown: true,
      birthPlace: '',
      birthPlaceNotKnown: true,
    });
    await openWizard(puja, 2);

    const choices = await within(screen.getByRole('group', { name: 'Person 2 of 2' })).findByRole(
      'group',
      { name: 'Fill from my family:' },
      PAGE,
    );
    await user.click(within(choices).getByRole('button', { name: 'Raghavan Iyer (Father)' }));
    const second = personGroup(1, 2);
    expect(second.getByRole('textbox', { name: 'Name' })).toHaveValue('Raghavan Iyer');
    expect(second.getByLabelText('Date of birth')).toHaveValue('1988-03-14');
    expect(second.getByRole('checkbox', { name: 'Birth time not known' })).toBeChecked();
    expect(second.getByRole('checkbox', { name: 'Birth place not known' })).toBeChecked();
    expect(second.getByRole('combobox', { name: 'Raashi' })).toHaveValue(raashiLabel('Simha (Leo)'));
    expect(second.getByRole('combobox', { name: 'Nakshatra' })).toHaveValue(nakshatraLabel('Magha'));
    expect(second.getByRole('textbox', { name: 'Gothra' })).toHaveValue('Bharadwaja');
    // Only that slot: the first is still to fill.
    expect(personGroup(0, 2).getByRole('textbox', { name: 'Name' })).toHaveValue('');

    await user.click(
      within(personGroup(0, 2).getByRole('group', { name: 'Fill from my family:' })).getByRole('button', {
        name: 'Lakshmi Iyer (Spouse)',
      }),
    );
    expect(personGroup(0, 2).getByRole('textbox', { name: 'Birth place' })).toHaveValue('Udupi');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Address' })).toBeInTheDocument();
  });

  it('saves a person typed in the wizard to the family, with the relation chosen', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await openWizard(puja, 1);
    const asha = person({ name: 'Asha Rao', gothra: 'Kaundinya' });
    await fillPerson(user, 0, 1, asha);
    const group = personGroup(0, 1);
    await user.selectOptions(
      group.getByRole('combobox', { name: 'Save this person to my family as' }),
      'mother',
    );
    await user.click(group.getByRole('button', { name: 'Save to my family' }));
    expect(await group.findByText('Asha Rao is saved in your family.')).toBeInTheDocument();
    const { birthTimeNotKnown: _t, birthPlaceNotKnown: _p, nakshatraNotKnown: _n, ...fields } = asha;
    expect(await familyOf(customer)).toEqual([
      expect.objectContaining({ ...fields, relation: 'mother', gothraNotKnown: false }),
    ]);
  });
});

describe('gift a puja', () => {
  const recipient = {
    'Recipient name': 'Kamala Narayanan',
    'Mobile number': '9443012345',
    'House no. and street': '12 Sannidhi Street',
    'Area / locality': 'Simmakkal',
    City: 'Madurai',
    'PIN code': '625001',
    'Message on the prasad card (optional)': 'Happy 60th birthday, Amma!',
  };

  it('keeps the recipient’s own address and the card message, through Back, into the booking', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer, 'MG Road 100');
    await openWizard(puja, 1);
    await fillPerson(user, 0, 1, person({ name: 'Kamala Narayanan' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('radio', { name: /MG Road 100/ }, PAGE)).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: /^Gift this puja/ }));
    const form = within(screen.getByRole('group', { name: 'Who receives the prasad' }));
    // The giver's address book is not the gift's address.
    expect(screen.queryByRole('radio', { name: /MG Road 100/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await form.findByText('Recipient name is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Address' })).toBeInTheDocument();

    // The address form's order and kinds of field: a phone keypad for the mobile, lines for the card.
    expect(
      Array.from(
        screen.getByRole('group', { name: 'Who receives the prasad' }).querySelectorAll('label'),
      ).map((l) => l.textContent),
    ).toEqual([
      ...GIFT_FIELDS,
      // Unticked; named for the recipient once their name is typed (docs/product-rules.md, Consent).
      "The recipient agreed to get the puja's updates on WhatsApp",
    ]);
    expect(form.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel');
    expect(form.getByLabelText('Mobile number')).toHaveAttribute('inputmode', 'tel');
    expect(form.getByLabelText('Message on the prasad card (optional)').tagName).toBe('TEXTAREA');
    for (const [label, value] of Object.entries(recipient))
      fireEvent.change(form.getByLabelText(label), { target: { value } });
    await user.selectOptions(form.getByRole('combobox', { name: 'State' }), 'Tamil Nadu');
    expect(form.getByText('26 / 200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    // Written as every address is: with the recipient's mobile, the PIN after the state, the country.
    const giftTo =
      'Kamala Narayanan, +91 94430 12345, 12 Sannidhi Street, Simmakkal, Madurai, Tamil Nadu 625001, India';
    expect(summary('Gift to')).toBe(giftTo);
    expect(summary('Prasad card')).toBe('“Happy 60th birthday, Amma!”');

    // Back to the address: the gift and everything typed in it are kept.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Address' });
    expect(screen.getByRole('checkbox', { name: /^Gift this puja/ })).toBeChecked();
    const again = within(screen.getByRole('group', { name: 'Who receives the prasad' }));
    for (const [label, value] of Object.entries(recipient))
      expect(again.getByLabelText(label)).toHaveValue(value);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(summary('Gift to')).toBe(giftTo);

    await pay(user, puja.packages[1]!.offerPrice);
    expect(summary('Prasad card')).toBe('“Happy 60th birthday, Amma!”');
    expect(summary('Gift to')).toContain('12 Sannidhi Street');
    const booking = await theBooking(customer);
    expect(booking.gift).toEqual({ message: 'Happy 60th birthday, Amma!' });
    expect(booking.address).toMatchObject({
      recipientName: 'Kamala Narayanan',
      street: '12 Sannidhi Street',
      area: 'Simmakkal',
      city: 'Madurai',
      state: 'Tamil Nadu',
      postalCode: '625001',
    });
    // Not added to the giver's address book.
    const book = await call(shop.app, 'GET', '/api/addresses', { token: customer.token });
    expect((book.body as AddressListResponse).addresses.map((a) => a.street)).toEqual(['MG Road 100']);

    await user.click(screen.getByRole('button', { name: 'View My Bookings' }));
    const list = await screen.findByRole('list', { name: 'My bookings' }, PAGE);
    expect(within(list).getByText(/Gift for Kamala Narayanan/)).toBeInTheDocument();
  });

  /** Each field of a form in order: its label and what kind of field and hint it is. */
  const fieldsOf = (container: HTMLElement) =>
    Array.from(container.querySelectorAll('label'))
      .map((label) => ({ label, control: label.control }))
      .filter(({ control }) => control !== null && control.getAttribute('type') !== 'checkbox')
      .map(({ label, control }) => ({
        label: label.textContent,
        tag: control!.tagName,
        type: control!.getAttribute('type'),
        inputMode: control!.getAttribute('inputmode'),
        autoComplete: control!.getAttribute('autocomplete'),
        maxLength: control!.getAttribute('maxlength'),
        required: control!.hasAttribute('required'),
        hint: control!.getAttribute('aria-describedby')
          ? document.getElementById(control!.getAttribute('aria-describedby')!)?.textContent
          : null,
      }));

  it('is the address book’s form: the same fields, labels and hints, and a PIN fills in the city and state', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(puja, 1);
    await fillPerson(user, 0, 1, person({ name: 'Kamala Narayanan' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // No saved address yet: the address book's own form, for comparison.
    await user.click(await screen.findByRole('button', { name: /Add new address/ }, PAGE));
    const addressForm = fieldsOf(screen.getByRole('form', { name: 'Add new address' }));

    await user.click(screen.getByRole('checkbox', { name: /^Gift this puja/ }));
    const group = screen.getByRole('group', { name: 'Who receives the prasad' });
    const form = within(group);
    const giftForm = fieldsOf(group);
    expect(giftForm.map((f) => f.label)).toEqual(GIFT_FIELDS);
    // Field for field the same: order, label, keyboard, autofill and hint; then the card's message.
    expect(giftForm.slice(0, -1)).toEqual(addressForm);
    expect(form.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel');
    expect(form.getByLabelText('Mobile number')).toHaveAccessibleDescription('10 digits, for the courier');
    expect(form.getByLabelText('PIN code')).toHaveAccessibleDescription('Fills in the city and state');
    expect(giftForm.at(-1)).toMatchObject({ tag: 'TEXTAREA', maxLength: '200' });

    // A complete PIN fills in the city and state from the shop's PIN directory (the real API's).
    const pin = form.getByLabelText('PIN code');
    const city = form.getByRole('textbox', { name: 'City' });
    const state = form.getByRole('combobox', { name: 'State' });
    await user.type(pin, '625001');
    await waitFor(() => expect(city).toHaveValue('Madurai'));
    expect(state).toHaveValue('Tamil Nadu');
    expect(pin).toHaveAccessibleDescription('Madurai, Tamil Nadu');
    expect(net.calls.map((c) => c.path)).toContain('/api/pincodes/625001');

    // A city typed by hand is kept; a state an earlier PIN filled in is replaced.
    await user.clear(city);
    await user.type(city, 'Thirunagar');
    await user.clear(pin);
    await user.type(pin, '560003');
    await waitFor(() => expect(state).toHaveValue('Karnataka'));
    expect(pin).toHaveAccessibleDescription('Bangalore, Karnataka');
    expect(city).toHaveValue('Thirunagar');
    await user.clear(pin);
    await user.type(pin, '600004');
    await waitFor(() => expect(state).toHaveValue('Tamil Nadu'));
    expect(city).toHaveValue('Thirunagar');
    // An unknown PIN says so and leaves the city and state as they are.
    await user.clear(pin);
    await user.type(pin, '999999');
    expect(
      await form.findByText('We could not find this PIN code. Please enter the city and state.'),
    ).toBeInTheDocument();
    expect(state).toHaveValue('Tamil Nadu');
    await user.clear(pin);
    await user.type(pin, '600004');
    await waitFor(() => expect(pin).toHaveAccessibleDescription('Chennai, Tamil Nadu'));

    // What the PIN filled in is the gift's (the wizard's), not only on the screen.
    fireEvent.change(form.getByLabelText('Recipient name'), { target: { value: 'Kamala Narayanan' } });
    fireEvent.change(form.getByLabelText('Mobile number'), { target: { value: '9443012345' } });
    fireEvent.change(form.getByLabelText('House no. and street'), {
      target: { value: '12 Sannidhi Street' },
    });
    fireEvent.change(form.getByLabelText('Area / locality'), { target: { value: 'Mylapore' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(summary('Gift to')).toBe(
      'Kamala Narayanan, +91 94430 12345, 12 Sannidhi Street, Mylapore, Thirunagar, Tamil Nadu 600004, India',
    );
  });
});

describe('chadhava offerings on the payment step', () => {
  it('none chosen at first; the amount follows the steppers; a price raised meanwhile is shown and paid only when Pay is pressed again', async () => {
    const { user, customer } = await onOfferingsPayment();

    const price = offeringPuja.packages[1]!.offerPrice;
    const offerings = within(screen.getByRole('region', { name: 'Add offerings (chadhava)' }));
    const lamp = within(offerings.getByRole('group', { name: 'Ghee lamp' }));
    const vastra = within(offerings.getByRole('group', { name: 'Vastra' }));
    expect(lamp.getByRole('status')).toHaveTextContent('0');
    expect(vastra.getByRole('status')).toHaveTextContent('0');
    expect(lamp.getByRole('button', { name: 'One lamp less of Ghee lamp' })).toBeDisabled();
    expect(offerings.getByText('₹51 a lamp · Offered at the temple')).toBeInTheDocument();
    expect(offerings.getByText('₹501 a vastra · Sent with your prasad')).toBeInTheDocument();
    expect(screen.queryByText('Offerings', { selector: 'dt' })).not.toBeInTheDocument();
    expect(summary('Amount')).toBe(formatRupees(price));

    const more = lamp.getByRole('button', { name: 'One lamp more of Ghee lamp' });
    await user.click(more);
    await user.click(more);
    await user.click(more);
    await user.click(lamp.getByRole('button', { name: 'One lamp less of Ghee lamp' }));
    await user.click(vastra.getByRole('button', { name: 'One vastra more of Vastra' }));
    expect(lamp.getByRole('status')).toHaveTextContent('2');
    expect(summary('Offerings')).toBe(formatRupees(2 * 51 + 501));
    expect(summary('Amount')).toBe(formatRupees(price + 603));
    await user.click(vastra.getByRole('button', { name: 'One vastra less of Vastra' }));
    expect(summary('Offerings')).toBe(formatRupees(102));
    expect(summary('Amount')).toBe(formatRupees(price + 102));
    expect(screen.getByRole('button', { name: `Pay ${formatRupees(price + 102)}` })).toBeInTheDocument();

    // Staff raise the lamp to ₹61 while the devotee is on Payment: the server prices the booking,
    // and nothing is taken at a price the devotee was not shown (docs/product-rules.md, Payments).
    await shop.db.updateTable('pujaOffering').set({ price: 61 }).where('id', '=', lampId).execute();
    await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
    await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
    await user.click(screen.getByRole('button', { name: `Pay ${formatRupees(price + 102)}` }));
    const now = formatRupees(price + 122);
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent(
      `The price has changed since you opened this page: the amount is now ${now} ` +
        `(it was ${formatRupees(price + 102)}). Check it and pay ${now}, or go back.`,
    );
    expect(summary('Amount')).toBe(now);
    expect(
      screen.queryByRole('button', { name: `Pay ${formatRupees(price + 102)}` }),
    ).not.toBeInTheDocument();
    const payments = net.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/payments'));
    expect(payments.map((c) => c.path)).toEqual(['/api/payments']);
    const bookings = await call(shop.app, 'GET', '/api/bookings', { token: customer.token });
    expect((bookings.body as BookingListResponse).bookings).toEqual([]);

    // Pay again, at the amount now shown: the same payment is captured for it.
    await user.click(screen.getByRole('button', { name: `Pay ${now}` }));
    await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);
    const paid = net.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/payments'));
    expect(paid).toHaveLength(2);
    expect(paid[1]?.path).toMatch(/^\/api\/payments\/pay_[^/]+\/capture$/);
    expect(summary('Offerings')).toBe(`Ghee lamp × 2 (offered at the temple): ${formatRupees(122)}`);
    expect(summary('Amount paid')).toBe(formatRupees(price + 122));
    const booking = await theBooking(customer);
    expect(booking.amount).toBe(price + 122);
    expect(booking.offerings).toEqual([
      expect.objectContaining({ name: 'Ghee lamp', quantity: 2, price: 61, amount: 122 }),
    ]);
  });
});

describe('a reload on Payment', () => {
  it('keeps the chosen offerings: the amount and Pay are what they were before the reload', async () => {
    const user = userEvent.setup();
    const customer = await signIn();
    await addAddress(shop.app, customer, 'MG Road 100');
    const path = `/puja-booking/${offeringPuja.id}?package=${offeringPuja.packages[2]!.id}&step=details`;
    const first = renderAppAt(path);
    await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
    await fillPerson(user, 0, 2, person({ name: 'Asha Rao' }));
    await fillPerson(user, 1, 2, person({ name: 'Ravi Rao' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('radio', { name: /MG Road 100/ }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });

    const price = offeringPuja.packages[2]!.offerPrice;
    const lamp = within(screen.getByRole('group', { name: 'Ghee lamp' }));
    const vastra = within(screen.getByRole('group', { name: 'Vastra' }));
    await user.click(lamp.getByRole('button', { name: 'One lamp more of Ghee lamp' }));
    await user.click(lamp.getByRole('button', { name: 'One lamp more of Ghee lamp' }));
    await user.click(vastra.getByRole('button', { name: 'One vastra more of Vastra' }));
    const lampPrice = (
      await shop.db
        .selectFrom('pujaOffering')
        .select('price')
        .where('id', '=', lampId)
        .executeTakeFirstOrThrow()
    ).price;
    const total = price + 2 * lampPrice + 501;
    expect(screen.getByRole('button', { name: `Pay ${formatRupees(total)}` })).toBeInTheDocument();

    // The same tab reloads (the draft is in session storage): Payment again, with the offerings.
    first.unmount();
    renderAppAt(path.replace('step=details', 'step=payment'));
    await screen.findByRole('heading', { level: 2, name: 'Payment' }, PAGE);
    expect(within(screen.getByRole('group', { name: 'Ghee lamp' })).getByRole('status')).toHaveTextContent(
      '2',
    );
    expect(within(screen.getByRole('group', { name: 'Vastra' })).getByRole('status')).toHaveTextContent('1');
    expect(summary('Offerings')).toBe(formatRupees(2 * lampPrice + 501));
    expect(summary('Amount')).toBe(formatRupees(total));
    expect(screen.getByRole('button', { name: `Pay ${formatRupees(total)}` })).toBeInTheDocument();
  });
});

/** The first minute from `from` (IST) at which the server's answer is near a nakshatra boundary only. */
function nearNakshatraBoundary(from: string) {
  const start = Date.parse(`${from}T00:00:00+05:30`);
  for (let minute = 0; minute < 3 * 24 * 60; minute += 1) {
    const ist = new Date(start + minute * 60_000 + 5.5 * 3_600_000).toISOString();
    const birth = { dateOfBirth: ist.slice(0, 10), birthTime: ist.slice(11, 16), timeZone: 'Asia/Kolkata' };
    const star = birthStar(birth);
    if (star.nearBoundary.nakshatra && !star.nearBoundary.raashi) return { birth, star };
  }
  throw new Error(`no nakshatra boundary within three days of ${from}`);
}

describe('the birth-star suggestion', () => {
  it('suggests the raashi and nakshatra from the date and time of birth; "Use these" fills both', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(puja, 1);
    const group = personGroup(0, 1);
    expect(
      group.getByText('Enter the date and time of birth and we will suggest the raashi and nakshatra.'),
    ).toBeInTheDocument();
    const birth = { dateOfBirth: '2015-06-23', birthTime: '04:15', timeZone: 'Asia/Kolkata' };
    const star = birthStar(birth);
    expect(star.nearBoundary).toEqual({});
    fireEvent.change(group.getByLabelText('Date of birth'), { target: { value: birth.dateOfBirth } });
    fireEvent.change(group.getByLabelText('Birth time'), { target: { value: birth.birthTime } });
    const text = await group.findByText(/^Suggested from the birth details/, {}, PAGE);
    expect(text).toHaveTextContent(
      `Suggested from the birth details: ${raashiLabel(star.raashi)} raashi, ${nakshatraLabel(star.nakshatra)} nakshatra.`,
    );
    expect(group.queryByText(/boundary/)).not.toBeInTheDocument();
    await user.click(group.getByRole('button', { name: 'Use these' }));
    expect(group.getByRole('combobox', { name: 'Raashi' })).toHaveValue(raashiLabel(star.raashi));
    expect(group.getByRole('combobox', { name: 'Nakshatra' })).toHaveValue(nakshatraLabel(star.nakshatra));
  });

  it('with "Birth time not known" ticked, does not ask for the time and suggests from the date alone; "Use" fills the raashi', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(puja, 1);
    const group = personGroup(0, 1);
    await user.click(group.getByRole('checkbox', { name: 'Birth time not known' }));
    expect(
      group.queryByText('Enter the date and time of birth and we will suggest the raashi and nakshatra.'),
    ).not.toBeInTheDocument();
    expect(
      group.getByText(
        'Enter the date of birth and we will suggest what it tells of the raashi and nakshatra.',
      ),
    ).toBeInTheDocument();
    expect(group.getByRole('combobox', { name: 'Birth date is on the clock of' })).toHaveValue(
      'Asia/Kolkata',
    );

    // On 4 Aug 1988 (India's clock) the Moon stayed in Mesh all day and went from Ashwini into
    // Bharani (tests/server/birth-star.test.ts checks the day against a second library).
    const day = birthDayStar({ dateOfBirth: '1988-08-04', timeZone: 'Asia/Kolkata' });
    expect(day).toMatchObject({ raashis: ['Mesh (Aries)'], nakshatras: ['Ashwini', 'Bharani'] });
    fireEvent.change(group.getByLabelText('Date of birth'), { target: { value: '1988-08-04' } });
    const raashi = await group.findByText(/raashi: the Moon stayed in it all that day\.$/, {}, PAGE);
    expect(raashi).toHaveTextContent(
      `${raashiLabel('Mesh (Aries)')} raashi: the Moon stayed in it all that day.`,
    );
    expect(
      group.getByText(/nakshatra: the Moon changed nakshatra that day; ask the family or choose\./),
    ).toHaveTextContent(
      `${nakshatraLabel('Ashwini')} or ${nakshatraLabel('Bharani')} nakshatra: the Moon changed nakshatra that day; ` +
        'ask the family or choose. If no one knows, tick “Nakshatra not known”: the priest recites the name and gothra without it.',
    );
    // One tap for the raashi the date settles; a choice between the nakshatras it does not.
    expect(group.queryByRole('button', { name: /^Use .* nakshatra$/ })).not.toBeInTheDocument();
    await user.click(group.getByRole('button', { name: `Use ${raashiLabel('Mesh (Aries)')} raashi` }));
    expect(group.getByRole('combobox', { name: 'Raashi' })).toHaveValue(raashiLabel('Mesh (Aries)'));
    expect(group.getByRole('combobox', { name: 'Nakshatra' })).toHaveValue('');
    await user.click(group.getByRole('button', { name: `Nakshatra ${nakshatraLabel('Bharani')}` }));
    expect(group.getByRole('combobox', { name: 'Nakshatra' })).toHaveValue(nakshatraLabel('Bharani'));
    expect(group.getByRole('checkbox', { name: 'Nakshatra not known' })).toBeInTheDocument();
  });

  it('from the date alone, names both raashis when the Moon changed sign that day, and the devotee chooses', async () => {
    const user = userEvent.setup();
    await signIn();
    await openWizard(puja, 1);
    const group = personGroup(0, 1);
    const day = birthDayStar({ dateOfBirth: '1990-03-09', timeZone: 'Asia/Kolkata' });
    expect(day.raashis).toEqual(['Kark (Cancer)', 'Simha (Leo)']);
    fireEvent.change(group.getByLabelText('Date of birth'), { target: { value: '1990-03-09' } });
    await user.click(group.getByRole('checkbox', { name: 'Birth time not known' }));
    const message = await group.findByText(/raashi: the Moon changed sign that day/, {}, PAGE);
    expect(message).toHaveTextContent(
      `${raashiLabel('Kark (Cancer)')} or ${raashiLabel('Simha (Leo)')} raashi: the Moon changed sign that day; ask the family or choose.`,
    );
    expect(group.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
    await user.click(group.getByRole('button', { name: `Raashi ${raashiLabel('Simha (Leo)')}` }));
    expect(group.getByRole('combobox', { name: 'Raashi' })).toHaveValue(raashiLabel('Simha (Leo)'));
  });

  it('near a boundary, says both neighbours are possible, names them, and the devotee chooses', async () => {
    const user = userEvent.setup();
    await signIn();
    const { birth, star } = nearNakshatraBoundary('1990-08-01');
    const [before, after] = star.nearBoundary.nakshatra!;
    await openWizard(puja, 1);
    const group = personGroup(0, 1);
    fireEvent.change(group.getByLabelText('Date of birth'), { target: { value: birth.dateOfBirth } });
    fireEvent.change(group.getByLabelText('Birth time'), { target: { value: birth.birthTime } });

    const message = await group.findByText(/^The Moon was at a boundary then/, {}, PAGE);
    expect(message).toHaveTextContent(
      `both neighbours are possible: ${nakshatraLabel(before)} or ${nakshatraLabel(after)} nakshatra.`,
    );
    // No one-tap "Use these": one button per neighbour, and the raashi (not near its boundary).
    expect(group.queryByRole('button', { name: 'Use these' })).not.toBeInTheDocument();
    expect(group.getByRole('button', { name: `Nakshatra ${nakshatraLabel(before)}` })).toBeInTheDocument();
    await user.click(group.getByRole('button', { name: `Raashi ${raashiLabel(star.raashi)}` }));
    await user.click(group.getByRole('button', { name: `Nakshatra ${nakshatraLabel(after)}` }));
    expect(group.getByRole('combobox', { name: 'Raashi' })).toHaveValue(raashiLabel(star.raashi));
    expect(group.getByRole('combobox', { name: 'Nakshatra' })).toHaveValue(nakshatraLabel(after));
  });
});

describe('the confirmation', () => {
  it('shows what was paid with the offerings, links to the booking’s page, says what happens next and offers Add to calendar', async () => {
    const { user, customer } = await onOfferingsPayment();
    const vastra = within(screen.getByRole('group', { name: 'Vastra' }));
    await user.click(vastra.getByRole('button', { name: 'One vastra more of Vastra' }));
    const price = offeringPuja.packages[1]!.offerPrice;
    await pay(user, price + 501);

    const booking = await theBooking(customer);
    expect(booking.amount).toBe(price + 501);
    // The header says what was paid, offerings included, not the package's price.
    const header = screen.getByRole('heading', { level: 1, name: offeringPuja.pujaName }).parentElement!;
    expect(header).toHaveTextContent(`1 person · Paid ${formatRupees(price + 501)}`);
    expect(header).not.toHaveTextContent(`· ${formatRupees(price)}`);

    const link = screen.getByRole('link', { name: 'View this booking' });
    expect(link).toHaveAttribute('href', `#/account/bookings/${booking.id}`);

    const next = within(screen.getByRole('region', { name: 'What happens next' }));
    const steps = next.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toHaveLength(4);
    expect(steps[0]).toMatch(/^Until .+ \(12 hours before the puja\) you can correct the names/);
    expect(steps[1]).toContain(`the priests perform the puja at ${offeringPuja.place}`);
    expect(steps[2]).toBe(
      'Photos and a video of the puja appear on your booking’s page within 1–3 days of the puja.',
    );
    expect(steps[3]).toBe('The prasad is shipped to your address and arrives within 7–10 days of the puja.');

    const calendar = net.calls.length;
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:calendar');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(
      await screen.findByText('The calendar file is downloaded: open it to add the puja to your calendar.'),
    ).toBeInTheDocument();
    expect(net.calls.slice(calendar).map((c) => c.path)).toContain(
      `/api/bookings/${booking.id}/calendar.ics`,
    );

    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: offeringPuja.pujaName }, PAGE);
    await waitFor(() => expect(window.location.hash).toBe(`#/account/bookings/${booking.id}`));
    expect(screen.getByText(booking.bookingNumber)).toBeInTheDocument();
  });
});
