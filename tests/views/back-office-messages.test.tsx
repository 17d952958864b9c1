/**
 * The customers' messages in the back office (docs/product-rules.md, Messages to customers),
 * through what staff see, over the real API app and a fresh database: an order's and a
 * booking's messages on their pages with "Send again" for a failed one, Today's count of the
 * failed ones opening their list, the list's status filter, and the preview of every template.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessageMessages } from '../../contract/admin/messages.ts';
import { MESSAGE_MAX_ATTEMPTS } from '../../contract/messages.ts';
import { call } from '../support/accounts.ts';
import { book, placeOrder } from '../support/lifecycle.ts';
import { lifecycleScreens } from '../support/prelude.ts';
import { renderAppAt } from '../support/render-app.tsx';

const PAGE = { timeout: 8000 };

const { shop, net } = lifecycleScreens({ signedInAs: (staffed) => staffed.staff.token });

const route = () => window.location.hash.slice(1);
const SMTP_REFUSAL = '451 4.3.0 Mailbox temporarily unavailable';

/** Places an order whose "placed" message used up its tries, as six refusals leave it: its ids. */
async function orderWithFailedMessage() {
  const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
  const message = await shop.db
    .selectFrom('outbox')
    .select('id')
    .where('recordKind', '=', 'order')
    .where('recordId', '=', order.id)
    .executeTakeFirstOrThrow();
  await shop.db
    .updateTable('outbox')
    .set({ status: 'failed', attempts: MESSAGE_MAX_ATTEMPTS, lastError: SMTP_REFUSAL })
    .where('id', '=', message.id)
    .execute();
  return { order, messageId: message.id };
}

const statusOf = async (id: number) =>
  await shop.db
    .selectFrom('outbox')
    .select(['status', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('an order’s page', () => {
  it('lists its messages, and sends a failed one again: busy, then the row says it is queued', async () => {
    const user = userEvent.setup();
    const { order, messageId } = await orderWithFailedMessage();
    renderAppAt(`/admin/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
    expect(screen.getByRole('heading', { level: 2, name: 'Messages' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Messages about this order' }, PAGE);
    const row = within(table).getByRole('row', { name: /Order placed/ });
    expect(row).toHaveTextContent('E-mail');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent(SMTP_REFUSAL);
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(String(MESSAGE_MAX_ATTEMPTS));
    // When it was written, in India's time, readable by machines too.
    expect(row.querySelector('time')).toHaveAttribute('datetime', expect.stringMatching(/^\d{4}-/));

    const release = net.hold(/\/resend$/);
    await user.click(within(row).getByRole('button', { name: 'Send again: Order placed' }));
    const busy = await within(row).findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(row).toHaveTextContent('Queued'), PAGE);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^0$/);
    expect(await statusOf(messageId)).toEqual({ status: 'queued', attempts: 0 });
  });

  it('says why a message could not be sent again, and offers it again', async () => {
    const user = userEvent.setup();
    const { order, messageId } = await orderWithFailedMessage();
    renderAppAt(`/admin/orders/${order.id}`);
    const table = await screen.findByRole('table', { name: 'Messages about this order' }, PAGE);
    const row = within(table).getByRole('row', { name: /Order placed/ });

    // No answer: the row says so, and the button is there to try again.
    net.failNetwork(/\/resend$/);
    await user.click(within(row).getByRole('button', { name: 'Send again: Order placed' }));
    expect(await within(row).findByRole('alert', {}, PAGE)).toHaveTextContent(
      adminMessageMessages.resendFailed,
    );
    net.failNetwork(null);
    expect(await statusOf(messageId)).toMatchObject({ status: 'failed' });

    // Someone else sent it again meanwhile: the server's refusal, in the row.
    const other = await call(shop.app, 'POST', `/api/admin/messages/${messageId}/resend`, {
      token: shop.admin.token,
      json: {},
    });
    expect(other.status).toBe(200);
    await user.click(within(row).getByRole('button', { name: 'Send again: Order placed' }));
    await waitFor(
      () => expect(within(row).getByRole('alert')).toHaveTextContent(adminMessageMessages.notFailed),
      PAGE,
    );
  });

  it('a booking’s page lists its messages too', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId);
    renderAppAt(`/admin/bookings/${booking.id}`);
    const table = await screen.findByRole('table', { name: 'Messages about this booking' }, PAGE);
    const row = within(table).getByRole('row', { name: /Booking confirmed/ });
    expect(row).toHaveTextContent('Queued');
    expect(within(row).queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument();
  });

  it('an error loading the messages is said in their section, with Retry', async () => {
    const user = userEvent.setup();
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    net.failWith(/\/messages$/, 503);
    renderAppAt(`/admin/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
    const section = screen.getByRole('region', { name: 'Messages' });
    await within(section).findByRole('alert', {}, PAGE);
    net.failWith(null);
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('table', {}, PAGE)).toHaveTextContent('Order placed');
  });
});

describe('the failed messages', () => {
  it('Today counts them, and the count opens their list, where one is sent again', async () => {
    const user = userEvent.setup();
    const { order, messageId } = await orderWithFailedMessage();
    const failed = await shop.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    renderAppAt('/admin');
    const link = await screen.findByRole('link', { name: /Failed messages/ }, PAGE);
    expect(within(link).getByText(/^\d+$/)).toHaveTextContent(String(Number(failed.n)));
    expect(link).toHaveAttribute('href', '#/admin/messages?status=failed');
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Messages' }, PAGE);
    expect(route()).toBe('/admin/messages?status=failed');
    const table = await screen.findByRole('table', { name: 'Messages' }, PAGE);
    const row = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByRole('link', { name: `Order #${order.id}` }))!;
    expect(row).toHaveTextContent('Order placed');
    // The address masked: enough to tell it apart, not to copy.
    expect(row).toHaveTextContent(`${shop.me.email[0]}•••${shop.me.email.slice(shop.me.email.indexOf('@'))}`);
    expect(row).not.toHaveTextContent(shop.me.email);
    await user.click(within(row).getByRole('button', { name: 'Send again: Order placed' }));
    await waitFor(() => expect(row).toHaveTextContent('Queued'), PAGE);
    expect(await statusOf(messageId)).toEqual({ status: 'queued', attempts: 0 });
    // It fails again: the list read again shows it as it is now, not as it was sent again.
    await shop.db
      .updateTable('outbox')
      .set({ status: 'failed', attempts: MESSAGE_MAX_ATTEMPTS })
      .where('id', '=', messageId)
      .execute();
    const tabs = screen.getByRole('list', { name: 'Filter by status' });
    await user.click(within(tabs).getByRole('button', { name: /^Queued/ }));
    await waitFor(() => expect(route()).toBe('/admin/messages?status=queued'), PAGE);
    await user.click(within(tabs).getByRole('button', { name: /^Failed/ }));
    await waitFor(() => expect(route()).toBe('/admin/messages?status=failed'), PAGE);
    const again = await waitFor(() => {
      const found = within(screen.getByRole('table', { name: 'Messages' }))
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('link', { name: `Order #${order.id}` }));
      expect(found).toBeDefined();
      return found!;
    }, PAGE);
    expect(again).toHaveTextContent('Failed');
    expect(within(again).getByRole('button', { name: 'Send again: Order placed' })).toBeEnabled();
    // The record's link leads to its page.
    await user.click(within(again).getByRole('link', { name: `Order #${order.id}` }));
    await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }, PAGE);
  });

  it('the list shows the failed ones by default, and filters by status', async () => {
    const user = userEvent.setup();
    const { order } = await orderWithFailedMessage();
    await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    renderAppAt('/admin/messages');
    const tabs = await screen.findByRole('list', { name: 'Filter by status' }, PAGE);
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\d+$/, '')),
    ).toEqual(['Failed', 'Queued', 'Sent']);
    expect(within(tabs).getByRole('button', { name: /^Failed/ })).toHaveAttribute('aria-pressed', 'true');
    const statuses = async () => {
      const table = await screen.findByRole('table', { name: 'Messages' }, PAGE);
      return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[3]!.textContent);
    };
    await waitFor(async () => expect(await statuses()).toContain('Failed'), PAGE);
    expect(new Set(await statuses())).toEqual(new Set(['Failed']));

    await user.click(within(tabs).getByRole('button', { name: /^Queued/ }));
    await waitFor(() => expect(route()).toBe('/admin/messages?status=queued'), PAGE);
    await waitFor(async () => expect(new Set(await statuses())).toEqual(new Set(['Queued'])), PAGE);
    expect(within(tabs).getByRole('button', { name: /^Queued/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('link', { name: `Order #${order.id}` })).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('button', { name: /^Sent/ }));
    await waitFor(() => expect(route()).toBe('/admin/messages?status=sent'), PAGE);
    expect(await screen.findByText('No sent messages.', {}, PAGE)).toBeInTheDocument();
  });
});

describe('the preview of the templates', () => {
  it('shows every template in its own section: the subject, the plain text and the HTML sandboxed', async () => {
    const user = userEvent.setup();
    renderAppAt('/admin/messages');
    await user.click(await screen.findByRole('link', { name: 'Preview the templates' }, PAGE));
    await screen.findByRole('heading', { level: 1, name: 'Message templates' }, PAGE);
    expect(route()).toBe('/admin/messages/templates');
    const section = await screen.findByRole('region', { name: 'Order shipped' }, PAGE);
    expect(within(section).getByRole('heading', { level: 3, name: 'E-mail' })).toBeInTheDocument();
    expect(section).toHaveTextContent(/Subject\s*Order DPS-\d{8}-\d{6} shipped/);
    const text = section.querySelector('pre');
    expect(text).toHaveTextContent('Carrier: India Post. Tracking number: EK123456789IN.');
    expect(text?.textContent).toContain('\n\n');
    const html = within(section).getByTitle('Order shipped: E-mail HTML');
    expect(html.tagName).toBe('IFRAME');
    // Sandboxed with nothing allowed: no scripts, no same origin.
    expect(html.getAttribute('sandbox')).toBe('');
    expect(html.getAttribute('srcdoc')).toContain(
      '<p>Carrier: India Post. Tracking number: EK123456789IN.</p>',
    );
    // WhatsApp beside the e-mail: the template's registered name and its parameters in order.
    expect(within(section).getByRole('heading', { level: 3, name: 'WhatsApp' })).toBeInTheDocument();
    expect(section).toHaveTextContent(/Template name\s*order_shipped/);
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('EK123456789IN');
    // Every template: orders', bookings', a waitlist's, a gift's recipient's, staff's and the account's.
    for (const name of [
      'Order placed',
      'Damage claim not approved',
      'Check the names',
      'Prasad shipped',
      'Booking refund sent',
      'Waitlist: a place has opened',
      'Waitlist: closed without a place',
      'Gift: puja performed (to the recipient)',
      'New order (to staff)',
      'Password reset link',
    ])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('region').filter((r) => r.classList.contains('bo-template'))).toHaveLength(27);
  });
});
