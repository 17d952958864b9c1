/**
 * The customer's side after the sale (docs/product-rules.md, Orders and bookings after the
 * sale): the order and booking pages read their timeline from the server, offer Cancel only
 * while the lifecycle chart allows it (asking for a reason in a dialog, then showing the
 * refund), take a damage report with a photo, correct the persons until the sankalp lock (and
 * say why not after), show the proof of a performed puja and the prasad's tracking, and offer
 * another date or a refund for a puja that could not be performed. The real API app over a
 * fresh database.
 */
import { formatAddress } from '../../machines/address-book/address-book.selectors.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { nakshatraLabel, raashiLabel } from '../../contract/raashi-nakshatra.ts';
import { bookingStateLabels } from '../../contract/lifecycle.ts';
import { formatRupees } from '../../contract/money.ts';
import type { Customer } from '../support/accounts.ts';
import { person } from '../support/bookings.ts';
import {
  book,
  bookingEvent,
  DAY,
  HOUR,
  orderEvent,
  PHOTOS,
  placeOrder,
  moveBookingTo,
  pujaOn,
  uploadPhoto,
} from '../support/lifecycle.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { TOKEN_KEY } from '../support/session.ts';
import { lifecycleScreens } from '../support/prelude.ts';
import { axeViolations as axeOnMainAnd } from '../support/screens.ts';

const PAGE = { timeout: 5000 };

const { shop, net } = lifecycleScreens({ signedInAs: (sold) => sold.me.token });

/**
 * A booking whose puja is `inMs` away: booked while the puja was open, then moved, since bookings
 * close at the sankalp lock (docs/product-rules.md, Booking window and countdowns).
 */
async function bookMovedTo(inMs: number) {
  const booking = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 2 * DAY) });
  await moveBookingTo(shop, booking.id, inMs);
  return booking;
}

const staffOrder = (id: number, event: object) => orderEvent(shop, shop.staff.token, id, event, true);
const staffBooking = (id: number, event: object) => bookingEvent(shop, shop.staff.token, id, event, true);
const timeline = () => screen.getByRole('list', { name: 'Timeline' });
const dialog = () => screen.getByRole('dialog');

/** axe on the page and its open dialog. */
const axeViolations = () => axeOnMainAnd({ andOpen: 'dialog' });

/** Moves a record's payment time back (the SPA and the server read the same real clock). */
const placedAgo = (table: 'orders' | 'bookings', id: number, ms: number) =>
  shop.db
    .updateTable(table)
    .set({ createdAt: new Date(Date.now() - ms).toISOString() })
    .where('id', '=', id)
    .execute();

describe('the order page', () => {
  it('cancels within the hour after asking for a reason, then shows the refund and the timeline', async () => {
    const user = userEvent.setup();
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'online');
    renderAppAt(`/account/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
    expect(screen.getByText('Processing')).toBeInTheDocument();
    expect(within(timeline()).getByText('Order placed')).toBeInTheDocument();
    expect(screen.getByText(/You can cancel until/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(dialog()).toHaveTextContent('Cancel this order?');
    expect(dialog()).toHaveTextContent(
      `${formatRupees(order.total)} goes back to your original payment method`,
    );
    expect(await axeViolations()).toEqual([]);
    // Sent without a reason, the server's message shows in the dialog.
    screen.getByRole('textbox', { name: 'Why are you cancelling?' }).removeAttribute('required');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Please give a reason');

    await user.type(screen.getByRole('textbox', { name: 'Why are you cancelling?' }), 'Ordered twice');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Your order has been cancelled.');
    expect(screen.getByText('Refunded', { selector: '.status-pill' })).toBeInTheDocument();
    const refund = screen.getByRole('region', { name: 'Refund' });
    expect(refund).toHaveTextContent(`Refunded ${formatRupees(order.total)}`);
    expect(refund).toHaveTextContent('within 7-10 working days');
    expect(within(timeline()).getByText('Cancelled')).toBeInTheDocument();
    expect(within(timeline()).getByText('Ordered twice')).toBeInTheDocument();
    expect(within(timeline()).getByText('Refund issued')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('no longer says "Order Confirmed!" on the confirmation once the order is cancelled', async () => {
    const user = userEvent.setup();
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    renderAppAt(`/order-confirmation/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, PAGE);
    cleanup();

    await orderEvent(shop, shop.me.token, order.id, { type: 'order.cancel', reason: 'Ordered twice' });
    renderAppAt(`/order-confirmation/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Order Cancelled' }, PAGE);
    expect(screen.queryByText('Order Confirmed!')).not.toBeInTheDocument();
    expect(screen.getByText(/is cancelled/)).toHaveTextContent(
      `Your order ${order.orderNumber} is cancelled.`,
    );
    await user.click(screen.getByRole('link', { name: 'See its timeline' }));
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
  });

  it('offers no Cancel once the hour has passed', async () => {
    const late = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await placedAgo('orders', late.id, 2 * HOUR);
    renderAppAt(`/account/orders/${late.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${late.orderNumber}` }, PAGE);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('takes a damage report with a photo within 24 hours of delivery', async () => {
    const user = userEvent.setup();
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await staffOrder(order.id, { type: 'order.pack' });
    await staffOrder(order.id, {
      type: 'order.ship',
      carrier: 'India Post',
      trackingNumber: 'EK123456789IN',
    });
    await staffOrder(order.id, { type: 'order.deliver' });
    renderAppAt(`/account/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
    expect(screen.getByRole('region', { name: 'Shipment' })).toHaveTextContent('EK123456789IN');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Report damage' }));
    await user.upload(
      screen.getByLabelText('Photo (JPEG, PNG or WebP)'),
      new File([PHOTOS.png], 'broken.png', { type: 'image/png' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'What is damaged?' }), 'The lamp is bent');
    // jsdom's validity does not see files chosen through user-event (a browser does).
    screen.getByLabelText('Photo (JPEG, PNG or WebP)').removeAttribute('required');
    await user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Damage claimed', { selector: '.status-pill' })).toBeInTheDocument();
    const report = screen.getByRole('region', { name: 'Your damage report' });
    expect(report).toHaveTextContent('The lamp is bent');
    expect(within(report).getByRole('img', { name: 'The photo you sent of the damage' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/uploads\/upl_/) as string,
    );
  });

  it('links "Track your parcel" to the listed courier’s page with the tracking number; a courier typed under Other gets its name only', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await staffOrder(order.id, { type: 'order.pack' });
    // Staff's spelling varies; the shop keeps the listed courier's own.
    const shipped = await staffOrder(order.id, {
      type: 'order.ship',
      carrier: 'blue  dart',
      trackingNumber: '81234567890',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    renderAppAt(`/account/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
    const shipment = screen.getByRole('region', { name: 'Shipment' });
    expect(shipment).toHaveTextContent('Blue Dart');
    const track = within(shipment).getByRole('link', { name: /^Track your parcel/ });
    expect(track).toHaveAttribute(
      'href',
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=81234567890',
    );
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAccessibleName('Track your parcel on Blue Dart’s site (opens in a new tab)');
    cleanup();

    const other = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    await staffOrder(other.id, { type: 'order.pack' });
    await staffOrder(other.id, { type: 'order.ship', carrier: 'Anjani Courier', trackingNumber: 'AC-5521' });
    renderAppAt(`/account/orders/${other.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${other.orderNumber}` }, PAGE);
    const otherShipment = screen.getByRole('region', { name: 'Shipment' });
    expect(otherShipment).toHaveTextContent('Anjani Courier');
    expect(otherShipment).toHaveTextContent('AC-5521');
    expect(within(otherShipment).queryByRole('link', { name: /Track your parcel/ })).not.toBeInTheDocument();
  });

  it('says the order was not found for another customer’s order, without Retry', async () => {
    const theirs = await placeOrder(shop, shop.other, shop.otherAddressId, 'cod');
    renderAppAt(`/account/orders/${theirs.id}`);
    await screen.findByRole('heading', { name: 'Order not found' }, PAGE);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('the booking page', () => {
  async function openBooking(customer: Customer, id: number, name: string) {
    localStorage.setItem(TOKEN_KEY, customer.token);
    renderAppAt(`/account/bookings/${id}`);
    await screen.findByRole('heading', { level: 1, name }, PAGE);
  }

  it('is linked from the bookings tab; corrects the persons until the lock, then shows them read-only with the reason', async () => {
    const user = userEvent.setup();
    const booking = await book(shop, shop.me, shop.myAddressId);
    renderAppAt('/account/bookings');
    // Newest first: the booking just made.
    const [link] = await screen.findAllByRole('link', { name: booking.puja.pujaName }, PAGE);
    expect(link).toHaveAttribute('href', `#/account/bookings/${booking.id}`);
    await user.click(link!);
    await screen.findByRole('heading', { level: 1, name: booking.puja.pujaName });
    expect(screen.getByText(/Names and details can be corrected until/)).toBeInTheDocument();
    // Where the prasad goes, written as every address is.
    expect(screen.getByText('Prasad to').nextElementSibling).toHaveTextContent(
      formatAddress(booking.address),
    );
    expect(booking.address.street).toBe('12, 4th Cross, Jayanagar');

    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    const name = within(dialog()).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Asha Ramesh Rao');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog()).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('The person details are corrected.');
    expect(screen.getByRole('region', { name: 'Persons' })).toHaveTextContent('Asha Ramesh Rao');
    expect(within(timeline()).getByText('Person details corrected')).toBeInTheDocument();
  });

  it('prints each person’s date of birth and birth time in the shop’s en-IN style, and says "not known" for what was marked so', async () => {
    const persons = [
      person({ name: 'Asha Rao', dateOfBirth: '1990-07-21', birthTime: '05:30', birthPlace: 'Udupi' }),
      person({ name: 'Ravi Rao', birthTimeNotKnown: true, birthPlaceNotKnown: true }),
    ];
    const booking = await book(shop, shop.me, shop.myAddressId, { noPersons: 2, extra: { persons } });
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    const [asha, ravi] = within(screen.getByRole('region', { name: 'Persons' })).getAllByRole('listitem');
    expect(asha).toHaveTextContent('Asha Rao · born 21 Jul 1990 at 5:30 am, Udupi ·');
    expect(asha).not.toHaveTextContent('1990-07-21');
    expect(asha).not.toHaveTextContent('05:30');
    expect(ravi).toHaveTextContent('Ravi Rao · born 14 Mar 1988, time not known, place not known ·');
  });

  it('the correction finds the raashi and nakshatra by either name and sends the list’s names', async () => {
    const user = userEvent.setup();
    const booking = await book(shop, shop.me, shop.myAddressId);
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    const raashi = within(dialog()).getByRole('combobox', { name: 'Raashi' });
    const nakshatra = within(dialog()).getByRole('combobox', { name: 'Nakshatra' });
    expect(nakshatra).toHaveValue('Magam / Magha');
    await user.clear(raashi);
    await user.type(raashi, 'Kark');
    await user.clear(nakshatra);
    await user.type(nakshatra, 'Karthigai');
    await user.click(within(dialog()).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = net.calls.find((c) => c.method === 'POST' && c.path.endsWith('/events'))?.body;
    expect(JSON.parse(sent ?? '{}')).toMatchObject({
      persons: [expect.objectContaining({ raashi: 'Kark (Cancer)', nakshatra: 'Krittika' })],
    });
    expect(screen.getByRole('region', { name: 'Persons' })).toHaveTextContent(
      'Karka / Kark (Cancer) · Karthigai / Krittika',
    );
  });

  it('"Correct details" reads the sankalp back in the temple’s script; a spelling edited there is sent with the person', async () => {
    const user = userEvent.setup();
    const booking = await book(shop, shop.me, shop.myAddressId, { extra: { persons: [person()] } });
    await shop.db.updateTable('puja').set({ script: 'kannada' }).where('id', '=', booking.puja.id).execute();
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    const readBack = within(dialog()).getByRole('region', { name: 'The sankalp as the priest will read it' });
    expect(await within(readBack).findByText('ಆಶಾ ರಾವ್', {}, PAGE)).toBeInTheDocument();
    // The read-back follows the name as it is typed.
    const name = within(dialog()).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Asha Shetty');
    expect(within(readBack).getByText('ಆಶಾ ಶೆಟ್ಟಿ')).toBeInTheDocument();

    await user.click(within(readBack).getByRole('button', { name: /Edit spelling/ }));
    const spelling = within(readBack).getByRole('textbox', { name: 'Name in Kannada' });
    expect(spelling).toHaveValue('ಆಶಾ ಶೆಟ್ಟಿ');
    await user.clear(spelling);
    await user.type(spelling, 'ಆಶಾ ಶೆಟ್ಟಿಯವರು');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog()).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = net.calls.find((c) => c.method === 'POST' && c.path.endsWith('/events'))?.body;
    expect(JSON.parse(sent ?? '{}')).toMatchObject({
      persons: [expect.objectContaining({ name: 'Asha Shetty', nameInScript: 'ಆಶಾ ಶೆಟ್ಟಿಯವರು' })],
    });
    const stored = await shop.db
      .selectFrom('bookingPersons')
      .select('nameInScript')
      .where('bookingId', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(stored.nameInScript).toBe('ಆಶಾ ಶೆಟ್ಟಿಯವರು');
  });

  it('the read-back also shows the devotee’s own script when chosen, and remembers the choice on the device', async () => {
    const user = userEvent.setup();
    localStorage.removeItem('shop.sankalp.alsoShowIn');
    const booking = await book(shop, shop.me, shop.myAddressId, { extra: { persons: [person()] } });
    await shop.db.updateTable('puja').set({ script: 'kannada' }).where('id', '=', booking.puja.id).execute();
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    const readBack = within(dialog()).getByRole('region', { name: 'The sankalp as the priest will read it' });
    await within(readBack).findByText('ಆಶಾ ರಾವ್', {}, PAGE);
    const also = within(readBack).getByRole('combobox', { name: 'Also show in' });
    expect(also).toHaveValue('');
    expect(within(readBack).queryByRole('columnheader', { name: 'In Tamil' })).not.toBeInTheDocument();
    await user.selectOptions(also, 'Tamil');
    expect(within(readBack).getByRole('columnheader', { name: 'In Tamil' })).toBeInTheDocument();
    expect(within(readBack).getByText('ஆஷா ராவ்').closest('td')).toHaveAttribute('lang', 'ta');
    // The temple's own script is not shown twice.
    await user.selectOptions(also, 'Kannada');
    expect(within(readBack).getAllByRole('columnheader')).toHaveLength(2);
    await user.selectOptions(also, 'Tamil');
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    cleanup();

    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    expect(within(dialog()).getByRole('combobox', { name: 'Also show in' })).toHaveValue('tamil');
    expect(within(dialog()).getByRole('columnheader', { name: 'In Tamil' })).toBeInTheDocument();
    localStorage.removeItem('shop.sankalp.alsoShowIn');
  });

  it('"Correct details" suggests the raashi and nakshatra from the birth details, and its checkboxes are 44 px targets', async () => {
    const user = userEvent.setup();
    const booking = await book(shop, shop.me, shop.myAddressId, { extra: { persons: [person()] } });
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    expect(
      within(dialog()).getByRole('combobox', { name: 'Birth time is on the clock of' }),
    ).toBeInTheDocument();
    const use = await within(dialog()).findByRole('button', { name: /^Use / }, PAGE);
    await user.click(use);
    expect(within(dialog()).getByRole('combobox', { name: 'Nakshatra' })).not.toHaveValue('');

    // Each checkbox sits in a label that is at least 44 px high (src/ui/after-sale/after-sale.css).
    const css = readFileSync('src/ui/after-sale/after-sale.css', 'utf8');
    const rule = /\.person-fields__check \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(Number(/min-height:\s*(\d+)px/.exec(rule)?.[1])).toBeGreaterThanOrEqual(44);
    const boxes = within(dialog()).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (const box of boxes) expect(box.closest('label')).toHaveClass('person-fields__check');
  });

  it('"Correct details" with "Birth time not known" ticked suggests from the date alone, and "Use" fills the raashi', async () => {
    const user = userEvent.setup();
    // On 27 Jan 1985 (India's clock) the Moon stayed in Meen and in Revati all day
    // (tests/server/birth-star.test.ts checks the day against a second library).
    const persons = [person({ dateOfBirth: '1985-01-27', raashi: 'Simha (Leo)', nakshatra: 'Magha' })];
    const booking = await book(shop, shop.me, shop.myAddressId, { extra: { persons } });
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Birth time not known' }));
    expect(
      within(dialog()).getByRole('combobox', { name: 'Birth date is on the clock of' }),
    ).toBeInTheDocument();
    const raashi = await within(dialog()).findByText(
      /raashi: the Moon stayed in it all that day\.$/,
      {},
      PAGE,
    );
    expect(raashi).toHaveTextContent(
      `${raashiLabel('Meen (Pisces)')} raashi: the Moon stayed in it all that day.`,
    );
    await user.click(
      within(dialog()).getByRole('button', { name: `Use ${raashiLabel('Meen (Pisces)')} raashi` }),
    );
    await user.click(
      within(dialog()).getByRole('button', { name: `Use ${nakshatraLabel('Revati')} nakshatra` }),
    );
    expect(within(dialog()).getByRole('combobox', { name: 'Raashi' })).toHaveValue(
      raashiLabel('Meen (Pisces)'),
    );
    expect(within(dialog()).getByRole('combobox', { name: 'Nakshatra' })).toHaveValue(
      nakshatraLabel('Revati'),
    );
  });

  it('shows the details read-only once the sankalp is locked, and says why', async () => {
    const booking = await bookMovedTo(6 * HOUR);
    await placedAgo('bookings', booking.id, DAY); // made before the lock
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    expect(
      screen.getByText(bookingStateLabels.sankalpLocked, { selector: '.status-pill' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The sankalp was locked on .*12 hours before the puja/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(within(timeline()).getByText('Sankalp locked')).toBeInTheDocument();
  });

  it('cancels within the hour and shows the refund', async () => {
    const user = userEvent.setup();
    const booking = await book(shop, shop.me, shop.myAddressId);
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.type(screen.getByRole('textbox', { name: 'Why are you cancelling?' }), 'Travelling');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Refund' })).toHaveTextContent(
      `Refunded ${formatRupees(booking.amount)}`,
    );
    // The puja will not take place: no Add to calendar.
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('the cancel dialog says "Please give a reason" by the empty field, not the browser’s bubble, and focuses it', async () => {
    const user = userEvent.setup();
    const booking = await book(shop, shop.me, shop.myAddressId);
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const reason = screen.getByRole('textbox', { name: 'Why are you cancelling?' });
    expect(reason.closest('form')).toHaveAttribute('novalidate');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel booking' }));
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Please give a reason');
    expect(net.requests.filter((path) => path.endsWith('/events'))).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.type(reason, 'Travelling');
    expect(reason).not.toHaveAttribute('aria-invalid');
    expect(within(dialog()).queryByText('Please give a reason')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Your booking has been cancelled.');
  });

  it('offers no Cancel after the hour, but corrections until the lock', async () => {
    const late = await book(shop, shop.me, shop.myAddressId);
    await placedAgo('bookings', late.id, 2 * HOUR);
    await openBooking(shop.me, late.id, late.puja.pujaName);
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Correct details' })).toBeInTheDocument();
  });

  it('shows the proof of a performed puja (a link, a sandboxed player on request, photos) and the prasad tracking', async () => {
    const user = userEvent.setup();
    const booking = await bookMovedTo(5 * 60 * 1000);
    const photo = await uploadPhoto(shop, shop.staff.token);
    // The lock is due: staff's step takes it first.
    expect(
      (
        await staffBooking(booking.id, {
          type: 'booking.perform',
          videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          photoIds: [photo],
        })
      ).status,
    ).toBe(200);
    await staffBooking(booking.id, {
      type: 'booking.shipPrasad',
      carrier: 'DTDC',
      trackingNumber: 'D7654321',
    });
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    const proof = screen.getByRole('region', { name: 'Your puja was performed' });
    expect(within(proof).getByRole('link', { name: 'Watch the puja video on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(within(proof).queryByTitle('Video of your puja')).not.toBeInTheDocument();
    await user.click(within(proof).getByRole('button', { name: 'Play the video here' }));
    const player = within(proof).getByTitle('Video of your puja');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(player).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
    expect(within(proof).getByRole('img', { name: 'Photo 1 of your puja' })).toHaveAttribute(
      'src',
      `/uploads/${photo}`,
    );
    expect(screen.getByRole('region', { name: 'Prasad' })).toHaveTextContent('D7654321');
  });

  it('offers another date or a refund after a puja could not be performed', async () => {
    const user = userEvent.setup();
    const booking = await bookMovedTo(6 * HOUR);
    const offered = new Date(Date.now() + 10 * DAY).toISOString();
    const res = await staffBooking(booking.id, {
      type: 'booking.markNotPerformed',
      reason: 'The temple was closed for a festival',
      offeredDates: [offered],
    });
    expect(res.status).toBe(200);
    await openBooking(shop.me, booking.id, booking.puja.pujaName);
    const section = screen.getByRole('region', { name: 'The puja could not be performed' });
    expect(section).toHaveTextContent('The temple was closed for a festival');
    expect(within(section).getByRole('button', { name: 'Ask for a refund' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Choose another date' }));
    expect(within(dialog()).getByRole('radio')).toBeChecked();
    await user.click(within(dialog()).getByRole('button', { name: 'Move my puja' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Confirmed', { selector: '.status-pill' })).toBeInTheDocument();
    expect(within(timeline()).getByText('Moved to a new date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Correct details' })).toBeInTheDocument();
  });
});
