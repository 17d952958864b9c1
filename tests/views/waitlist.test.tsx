/**
 * The waitlist of a full puja date, as the devotee meets it (docs/product-rules.md, Waitlist): the
 * wizard's Payment step offers the waitlist instead of a payment, joining says the place in line,
 * My Bookings lists it and lets them leave, and the offer's link resumes at Payment with what they
 * chose and the pay-by time, and books the held place. Against the real API over a real database.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'kysely';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BookingResponse, type BookingListResponse } from '../../contract/booking.ts';
import { formatRupees } from '../../contract/money.ts';
import { waitlistMessages, WaitlistEntryResponse, type WaitlistEntry } from '../../contract/waitlist.ts';
import type { Customer } from '../support/accounts.ts';
import { addPuja, bookingBody, person, type TestPuja } from '../support/bookings.ts';
import { addAddress, send } from '../support/orders.ts';
import { paid } from '../support/payments.ts';
import { lifecycleScreens } from '../support/prelude.ts';
import { renderAppAs, renderAppAt } from '../support/render-app.tsx';
import { axeViolations, fillPerson, summary } from '../support/screens.ts';
import { signInNewCustomer } from '../support/session.ts';
import { registerAndLogin } from '../support/accounts.ts';

const PAGE = { timeout: 5000 };
/** The simulated payment takes 2 s, then the booking is created. */
const PAYMENT = { timeout: 6000 };

const { shop } = lifecycleScreens();

/** An open date of `capacity` places, as staff set them, `days` ahead. */
async function dateOf(capacity: number, days = 30): Promise<TestPuja> {
  const puja = await addPuja(shop.db, { closesInDays: days });
  await sql`update puja set capacity = ${capacity} where id = ${puja.id}`.execute(shop.db);
  return puja;
}

/** Another devotee books `noPersons` of the date's places (paid); their booking's id. */
async function someoneBooks(puja: TestPuja, noPersons: number): Promise<{ devotee: Customer; id: number }> {
  const devotee = await registerAndLogin(shop.app, { name: 'Ravi Rao' });
  const address = await addAddress(shop.app, devotee);
  const res = await send(shop.app, 'POST', '/api/bookings', {
    token: devotee.token,
    json: await paid(shop.app, devotee.token, bookingBody(puja, address.id, noPersons)),
  });
  expect(res.status).toBe(201);
  return { devotee, id: v.parse(BookingResponse, res.body).booking.id };
}

const entryOf = async (customer: Customer, id: number): Promise<WaitlistEntry> =>
  v.parse(
    WaitlistEntryResponse,
    (await send(shop.app, 'GET', `/api/waitlist/${id}`, { token: customer.token })).body,
  ).entry;

describe('a full date in the wizard', () => {
  it('offers the waitlist on Payment instead of paying; joining says the place in line, and My Bookings lists it', async () => {
    const user = userEvent.setup();
    const puja = await dateOf(1);
    const customer = await signInNewCustomer(shop.app, { name: 'Asha Rao' });
    await addAddress(shop.app, customer);
    // Two persons for a date with one place left.
    renderAppAt(`/puja-booking/${puja.id}?package=${puja.packages[2]!.id}&step=details`);
    await screen.findByRole('heading', { level: 2, name: 'Person Details' }, PAGE);
    await fillPerson(user, 0, 2, person({ name: 'Asha Rao' }));
    await fillPerson(user, 1, 2, person({ name: 'Ravi Rao' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: /MG Road/ }, PAGE));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });

    const offer = screen.getByRole('region', { name: 'Only 1 place is left on this date of the puja' });
    expect(within(offer).getByText(waitlistMessages.fewerPersons)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(offer).getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(`You are number 1 in line for ${puja.pujaName}.`)).toBeInTheDocument();
    const entries = (await send(shop.app, 'GET', '/api/waitlist', { token: customer.token })).body as {
      entries: WaitlistEntry[];
    };
    expect(entries.entries.map((e) => [e.status, e.draft.persons.map((p) => p.name)])).toEqual([
      ['waiting', ['Asha Rao', 'Ravi Rao']],
    ]);

    await user.click(screen.getByRole('link', { name: 'See your waitlists' }));
    const list = await screen.findByRole('region', { name: 'Waitlists' }, PAGE);
    expect(within(list).getByRole('link', { name: puja.pujaName })).toBeInTheDocument();
    expect(within(list).getByText('You are number 1 in line')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Leave the waitlist' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, leave' }));
    expect(await within(list).findByText('You left the waitlist')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
  });
});

describe("a full date's page", () => {
  it('joins the waitlist from each package', async () => {
    const far = await dateOf(1);
    await someoneBooks(far, 1);
    await signInNewCustomer(shop.app, { name: 'Asha Rao' });
    renderAppAt(`/pujas/${far.id}`);
    const full = await screen.findByRole('region', { name: 'This date is fully booked' }, PAGE);
    expect(within(full).getByText(waitlistMessages.joinHint)).toBeInTheDocument();
    const join = await screen.findByRole(
      'button',
      { name: `Join the waitlist ${far.packages[1]!.title}` },
      PAGE,
    );
    expect(join).toBeEnabled();
  });

  it("within the line's last hours, says the line closed and joins nothing", async () => {
    // Booking closes 12 hours before the puja: 13 hours ahead leaves 1, too few to offer a place.
    const near = await dateOf(1, 13 / 24);
    await someoneBooks(near, 1);
    await signInNewCustomer(shop.app, { name: 'Asha Rao' });
    renderAppAt(`/pujas/${near.id}`);
    const full = await screen.findByRole('region', { name: 'This date is fully booked' }, PAGE);
    expect(within(full).getByText(waitlistMessages.closedToJoin)).toBeInTheDocument();
    const closed = await screen.findByRole(
      'button',
      { name: `This date is fully booked ${near.packages[1]!.title}` },
      PAGE,
    );
    expect(closed).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Join the waitlist/ })).toBeNull();
  });
});

describe('My Bookings', () => {
  it('says a line closed before a place freed, not that an offer went unpaid', async () => {
    const puja = await dateOf(1);
    await someoneBooks(puja, 1);
    const customer = await signInNewCustomer(shop.app, { name: 'Asha Rao' });
    const address = await addAddress(shop.app, customer);
    const { paymentMethod: _m, paymentId: _p, ...draft } = bookingBody(puja, address.id, 1);
    const joined = await send(shop.app, 'POST', '/api/waitlist', { token: customer.token, json: draft });
    expect(joined.status).toBe(201);
    const { id } = v.parse(WaitlistEntryResponse, joined.body).entry;
    // Two hours before booking closes (the sankalp lock, 12 hours before the puja) the line closes.
    shop.clock.set(new Date(Date.parse(puja.pujaDate!) - 14 * 60 * 60 * 1000));
    expect(await entryOf(customer, id)).toMatchObject({ status: 'lapsed', offerExpiresAt: null });
    renderAppAt('/account/bookings');
    const list = await screen.findByRole('region', { name: 'Waitlists' }, PAGE);
    expect(
      within(list).getByText(
        'The waitlist closed before a place freed: booking this date closes soon. Nothing was charged.',
      ),
    ).toBeInTheDocument();
    expect(within(list).queryByText(/The offer lapsed/)).toBeNull();
  });
});

describe('an offer held for the devotee', () => {
  // The offer's link names the entry; the same booking page opened any other way (the puja's page,
  // a bookmark) finds the devotee's offer by itself: the held place is theirs to pay for either way.
  it.each([
    ["from the offer's link", true],
    ['without the link', false],
  ])(
    '%s, resumes at Payment with what was chosen and the pay-by time, and paying books the held place',
    async (_, withLink) => {
      const user = userEvent.setup();
      const puja = await dateOf(1);
      const taken = await someoneBooks(puja, 1);
      const customer = await signInNewCustomer(shop.app, { name: 'Asha Rao' });
      const address = await addAddress(shop.app, customer);
      const pkg = puja.packages[1]!;
      const joined = await send(shop.app, 'POST', '/api/waitlist', {
        token: customer.token,
        json: {
          pujaId: puja.id,
          packageId: pkg.id,
          persons: [person({ name: 'Meera Rao' })],
          addressId: address.id,
        },
      });
      expect(joined.status).toBe(201);
      const { id } = v.parse(WaitlistEntryResponse, joined.body).entry;
      // The place frees: the first in line is offered it.
      const cancelled = await send(shop.app, 'POST', `/api/bookings/${taken.id}/events`, {
        token: taken.devotee.token,
        json: { type: 'booking.cancel', reason: 'We are travelling that week' },
      });
      expect(cancelled.status).toBe(200);
      const offered = await entryOf(customer, id);
      expect(offered.status).toBe('offered');

      renderAppAt(
        `/puja-booking/${puja.id}?package=${pkg.id}&step=payment${withLink ? `&waitlist=${id}` : ''}`,
      );
      await screen.findByRole('heading', { level: 2, name: 'Payment' }, PAGE);
      expect(screen.getByText(/^A place is held for you: pay by /)).toBeInTheDocument();
      expect(summary('Persons')).toBe('Meera Rao');
      expect(summary('Address')).toContain('MG Road 100');
      await user.click(screen.getByRole('checkbox', { name: 'The names are right' }));
      await user.type(screen.getByLabelText('UPI ID'), 'asha@okbank');
      await user.click(screen.getByRole('button', { name: `Pay ${formatRupees(pkg.offerPrice)}` }));
      await screen.findByRole('heading', { level: 2, name: 'Booking Confirmed!' }, PAYMENT);

      const bookings = (await send(shop.app, 'GET', '/api/bookings', { token: customer.token }))
        .body as BookingListResponse;
      expect(bookings.bookings.map((b) => [b.pujaName, b.personCount])).toEqual([[puja.pujaName, 1]]);
      await waitFor(async () => expect((await entryOf(customer, id)).status).toBe('booked'));
    },
  );
});

describe("a date's waitlist in the back office", () => {
  it('lists who waits in line order, with their persons and how each entry stands', async () => {
    const user = userEvent.setup();
    const puja = await dateOf(1);
    await someoneBooks(puja, 1);
    const join = async (name: string, persons: number) => {
      const devotee = await registerAndLogin(shop.app, { name });
      const address = await addAddress(shop.app, devotee);
      const res = await send(shop.app, 'POST', '/api/waitlist', {
        token: devotee.token,
        json: bookingBody(puja, address.id, persons),
      });
      expect(res.status).toBe(201);
    };
    await join('Meera Rao', 2);
    await join('Kiran Shetty', 1);

    renderAppAs(shop.staff.token, `/admin/pujas/${puja.id}?tab=waitlist`);
    const tab = await screen.findByRole('tab', { name: 'Waitlist' }, PAGE);
    await user.click(tab);
    const table = await screen.findByRole('table', { name: 'Waitlist, in line order' }, PAGE);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.map(([place, who, persons, state]) => [place, who, persons, state])).toEqual([
      ['1', expect.stringContaining('Meera Rao'), '2', 'Waiting'],
      ['2', expect.stringContaining('Kiran Shetty'), '1', 'Waiting'],
    ]);
  });
});
