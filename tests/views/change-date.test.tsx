/**
 * "Change date" on the customer's booking page (docs/product-rules.md, Rescheduling): offered only
 * while the booking chart allows it, listing the other open dates of the puja with their places,
 * naming the price difference the server gives before the customer confirms, then the booking on
 * its new date; and the server's refusal said in the dialog. The real API app over a fresh database.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { AdminPujaResponse } from '../../contract/admin/pujas.ts';
import { book, DAY, pujaOn } from '../support/lifecycle.ts';
import { send } from '../support/orders.ts';
import { renderAppAs, renderAppAt } from '../support/render-app.tsx';
import { lifecycleScreens } from '../support/prelude.ts';
import { axeViolations } from '../support/screens.ts';
import { formatDateTime } from '../../src/lib/format.ts';

const PAGE = { timeout: 5000 };

const { shop } = lifecycleScreens({ signedInAs: (sold) => sold.me.token });

/** A puja in 10 days and its repeat in 20 (the back office's "repeat on a new date"). */
async function series() {
  const first = await pujaOn(shop, 10 * DAY);
  const pujaDate = new Date(Date.now() + 20 * DAY).toISOString();
  const res = await send(shop.app, 'POST', `/api/admin/pujas/${first.id}/repeat`, {
    token: shop.staff.token,
    json: { pujaDate },
  });
  const repeat = v.parse(AdminPujaResponse, res.body).puja;
  return { first, repeat };
}

const dialog = () => screen.getByRole('dialog');

/** Staff price the date's package for one person at `offerPrice`. */
const priceOfSingle = (pujaId: number, offerPrice: number) =>
  shop.db
    .updateTable('pujaPackage')
    .set({ offerPrice })
    .where('pujaId', '=', pujaId)
    .where('noPersons', '=', 1)
    .execute();

describe('changing the date of a booking', () => {
  it('lists the other dates with their places, names a cheaper date’s refund, and moves the booking', async () => {
    const user = userEvent.setup();
    const { first, repeat } = await series();
    await shop.db.updateTable('puja').set({ capacity: 30 }).where('id', '=', repeat.id).execute();
    await priceOfSingle(repeat.id, 901);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    renderAppAt(`/account/bookings/${booking.id}`);
    await screen.findByRole('heading', { level: 1, name: first.pujaName }, PAGE);

    await user.click(screen.getByRole('button', { name: 'Change date' }));
    const choice = await within(dialog()).findByRole('radio', {
      name: `${formatDateTime(repeat.pujaDate)} · 30 places left`,
    });
    expect(choice).toBeChecked();
    expect(await within(dialog()).findByText(/This date costs ₹200 less/)).toBeInTheDocument();
    expect(await axeViolations({ andOpen: 'dialog' })).toEqual([]);

    await user.click(within(dialog()).getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), PAGE);
    expect(screen.getByRole('status')).toHaveTextContent('Your puja has been moved to the new date.');
    expect(
      within(screen.getByRole('list', { name: 'Timeline' })).getByText('Moved to another date'),
    ).toBeInTheDocument();
    // Once for the customer: the action is gone.
    expect(screen.queryByRole('button', { name: 'Change date' })).not.toBeInTheDocument();
  });

  it('names a dearer date’s difference and leads to paying it, as the wizard pays; the booking moves once it is paid', async () => {
    const user = userEvent.setup();
    const { first, repeat } = await series();
    await priceOfSingle(repeat.id, 1601);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    renderAppAt(`/account/bookings/${booking.id}`);
    await screen.findByRole('heading', { level: 1, name: first.pujaName }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    expect(
      await within(dialog()).findByText(
        'This date costs ₹500 more: pay the difference to move your booking.',
      ),
    ).toBeInTheDocument();
    // No move without the payment: the dialog's own button gives way to paying.
    expect(within(dialog()).queryByRole('button', { name: 'Move my booking' })).not.toBeInTheDocument();
    // The payment options load with the first dearer date.
    const upiId = await within(dialog()).findByLabelText('UPI ID', {}, PAGE);
    expect(await axeViolations({ andOpen: 'dialog' })).toEqual([]);
    await user.type(upiId, 'asha@okicici');
    await user.click(within(dialog()).getByRole('button', { name: 'Pay ₹500 and move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10000 });
    expect(screen.getByRole('status')).toHaveTextContent('Your puja has been moved to the new date.');
    expect(screen.getByText('₹1,601')).toBeInTheDocument();
    const row = await shop.db
      .selectFrom('bookings')
      .select(['pujaId', 'amount', 'dateChangePaymentId'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pujaId: repeat.id, amount: booking.amount + 500 });
    expect(row.dateChangePaymentId).not.toBeNull();
  });

  it('never chooses a date without places for the booking’s persons; with none, it says so and offers no move', async () => {
    const user = userEvent.setup();
    const { first, repeat } = await series();
    const later = await send(shop.app, 'POST', `/api/admin/pujas/${first.id}/repeat`, {
      token: shop.staff.token,
      json: { pujaDate: new Date(Date.now() + 25 * DAY).toISOString() },
    });
    const third = v.parse(AdminPujaResponse, later.body).puja;
    // The nearer date has 1 place, too few for 2 persons; the later one 30.
    await shop.db.updateTable('puja').set({ capacity: 1 }).where('id', '=', repeat.id).execute();
    await shop.db.updateTable('puja').set({ capacity: 30 }).where('id', '=', third.id).execute();
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 2 });
    renderAppAt(`/account/bookings/${booking.id}`);
    await screen.findByRole('heading', { level: 1, name: first.pujaName }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    const tooFew = await within(dialog()).findByRole('radio', {
      name: `${formatDateTime(repeat.pujaDate)} · 1 place left`,
    });
    expect(tooFew).toBeDisabled();
    expect(tooFew).not.toBeChecked();
    expect(
      within(dialog()).getByRole('radio', { name: `${formatDateTime(third.pujaDate)} · 30 places left` }),
    ).toBeChecked();
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));

    // Both full for it: nothing is chosen, the dialog says why, and there is no move to send.
    await shop.db.updateTable('puja').set({ capacity: 0 }).where('id', '=', third.id).execute();
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    const full = await within(dialog()).findByRole('radio', {
      name: `${formatDateTime(third.pujaDate)} · fully booked`,
    });
    expect(full).not.toBeChecked();
    expect(
      within(dialog())
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toEqual([]);
    expect(within(dialog()).getByText('Every other date is fully booked for 2 persons.')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Move my booking' })).not.toBeInTheDocument();
  });

  it('says so in the dialog when the puja has no other open date', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 10 * DAY) });
    renderAppAt(`/account/bookings/${booking.id}`);
    await screen.findByRole('heading', { level: 1, name: booking.puja.pujaName }, PAGE);
    // The chart allows a move; with no other date the dialog says so rather than offering none.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change date' }));
    expect(
      await within(dialog()).findByText('There is no other date of this puja open for booking now.'),
    ).toBeInTheDocument();
  });
});

describe('changing the date of a booking in the back office', () => {
  it('staff move a booking to another date, a dearer one with its difference waived, and may move it again', async () => {
    const user = userEvent.setup();
    const { first, repeat } = await series();
    await priceOfSingle(repeat.id, 1601);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: first, noPersons: 1 });
    renderAppAs(shop.staff.token, `/admin/bookings/${booking.id}`);
    await screen.findByRole('heading', { level: 1, name: `Booking ${booking.bookingNumber}` }, PAGE);
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    const staffDialog = await screen.findByRole('dialog', { name: 'Change date' });
    expect(within(staffDialog).getByText(/a dearer date’s is waived/)).toBeInTheDocument();
    const choice = await within(staffDialog).findByRole('radio', {
      name: new RegExp(`^${formatDateTime(repeat.pujaDate)} · from ₹1,601`),
    });
    expect(choice).toBeChecked();
    expect(await axeViolations({ andOpen: 'dialog' })).toEqual([]);
    await user.click(within(staffDialog).getByRole('button', { name: 'Change date' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), PAGE);
    expect(await screen.findByText('The booking is moved to the new date.')).toBeInTheDocument();
    const row = await shop.db
      .selectFrom('bookings')
      .select(['pujaId', 'amount', 'dateChanges'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pujaId: repeat.id, amount: booking.amount, dateChanges: 0 });
    // Staff may move it again: the action stays.
    expect(screen.getByRole('button', { name: 'Change date' })).toBeInTheDocument();
  });
});
