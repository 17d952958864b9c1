/**
 * The account's Messages tab and the signed link's preferences page on screen (docs/product-rules.md,
 * Messages to customers, Consent), against the real API: the channels as switches, WhatsApp on only
 * with the unticked box ticked beside the mobile, off in one tap; the messages sent, in India's time.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessagesMessages, WHATSAPP_CONSENT_WORDS } from '../../contract/account-messages.ts';
import { addressMessages } from '../../contract/address.ts';
import { createApp } from '../../server/app.ts';
import { listConsents } from '../../server/db/repositories/message-preferences.ts';
import { signPreferencesToken } from '../../server/messages/preferences-token.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { axeViolations } from '../support/screens.ts';
import { signInNewCustomer } from '../support/session.ts';
import { createTestShop } from '../support/test-db.ts';
import { fetchRoutedTo, shopPerFile } from '../support/prelude.ts';
import { SECRET } from '../security/security-shop.ts';

const PAGE = { timeout: 5000 };

const shop = shopPerFile(() => createTestShop({ seed: false }));
const net = fetchRoutedTo(shop);

async function addSentMessage(userId: number, email: string) {
  await shop.db
    .insertInto('outbox')
    .values({
      messageKey: `view:${userId}:shipped`,
      channel: 'email',
      template: 'order.shipped',
      params: '{}',
      recipient: email,
      userId,
      recordKind: 'order',
      recordId: 1,
      status: 'sent',
      // 04:00 UTC is 9:30 am in India.
      nextAttemptAt: '2026-12-01T04:00:00.000Z',
      createdAt: '2026-12-01T04:00:00.000Z',
      sentAt: '2026-12-01T04:00:00.000Z',
      claimedUntil: null,
      lastError: null,
    })
    .execute();
}

describe('the account’s Messages tab', () => {
  it('shows the channels and the messages sent; switches WhatsApp on with the ticked box and off in one tap', async () => {
    const user = userEvent.setup();
    const me = await signInNewCustomer(shop.app, { name: 'Asha Rao', phone: '+91 98450 12345' });
    await addSentMessage(me.user.id, me.email);
    renderAppAt('/account/messages');

    expect(await screen.findByRole('tab', { name: 'Messages', selected: true }, PAGE)).toBeInTheDocument();
    const email = await screen.findByRole('switch', { name: 'E-mail' }, PAGE);
    const whatsapp = screen.getByRole('switch', { name: 'WhatsApp' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    expect(whatsapp).toHaveAttribute('aria-checked', 'false');

    const list = screen.getByRole('list', { name: 'Messages sent to you' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Order shipped');
    expect(row).toHaveTextContent('E-mail');
    expect(row).toHaveTextContent('Sent');
    expect(row).toHaveTextContent(/1 Dec 2026, 9:30\s?am/i);

    // On: the unticked box and the account's phone; Save waits for the tick.
    await user.click(whatsapp);
    const box = screen.getByRole('checkbox', { name: WHATSAPP_CONSENT_WORDS });
    expect(box).not.toBeChecked();
    expect(screen.getByLabelText('Mobile number for WhatsApp')).toHaveValue('+91 98450 12345');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'WhatsApp' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(screen.getByRole('status')).toHaveTextContent(accountMessagesMessages.saved);
    expect(screen.getByText('Updates go to •••••12345.')).toBeInTheDocument();
    expect((await listConsents(shop.db, me.user.id))[0]).toMatchObject({
      channel: 'whatsapp',
      granted: 1,
      words: WHATSAPP_CONSENT_WORDS,
      source: 'account',
      mobile: '+919845012345',
    });

    // Off: one tap.
    await user.click(screen.getByRole('switch', { name: 'WhatsApp' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'WhatsApp' })).toHaveAttribute('aria-checked', 'false'),
    );
    expect((await listConsents(shop.db, me.user.id))[0]).toMatchObject({ channel: 'whatsapp', granted: 0 });

    // E-mail off, by keyboard.
    screen.getByRole('switch', { name: 'E-mail' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'E-mail' })).toHaveAttribute('aria-checked', 'false'),
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('marks a mobile that is not an Indian one without asking the server, and says when nothing was sent yet', async () => {
    const user = userEvent.setup();
    await signInNewCustomer(shop.app, { name: 'Ravi' });
    renderAppAt('/account/messages');
    expect(await screen.findByText(/No messages yet/, {}, PAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'WhatsApp' }));
    expect(screen.getByLabelText('Mobile number for WhatsApp')).toHaveValue('');
    await user.type(screen.getByLabelText('Mobile number for WhatsApp'), '12345');
    await user.click(screen.getByRole('checkbox', { name: WHATSAPP_CONSENT_WORDS }));
    const before = net.requests.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(addressMessages.mobileInvalid);
    expect(net.requests.slice(before)).not.toContain('/api/account/messages/preferences');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('checkbox', { name: WHATSAPP_CONSENT_WORDS })).not.toBeInTheDocument();
  });
});

describe('the preferences page the e-mail links to', () => {
  it('shows the link’s customer’s switches without a sign-in and changes them', async () => {
    const user = userEvent.setup();
    const app = createApp({ db: shop.db, authSecret: SECRET });
    net.rerouteTo(app);
    const { registerAndLogin } = await import('../support/accounts.ts');
    const customer = await registerAndLogin(app, { name: 'Meena Iyer' });
    renderAppAt(`/messages/preferences?token=${signPreferencesToken(SECRET, customer.user.id)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your messages' }, PAGE)).toBeInTheDocument();
    expect(await screen.findByText(/Namaste Meena\./, {}, PAGE)).toBeInTheDocument();
    const email = screen.getByRole('switch', { name: 'E-mail' });
    await user.click(email);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'E-mail' })).toHaveAttribute('aria-checked', 'false'),
    );
    expect((await listConsents(shop.db, customer.user.id))[0]).toMatchObject({
      channel: 'email',
      granted: 0,
      source: 'preferences-link',
    });
    expect(await axeViolations()).toEqual([]);
  });

  it('says clearly when the link is not valid', async () => {
    renderAppAt('/messages/preferences?token=42.not-a-real-signature');
    expect(await screen.findByRole('alert', {}, PAGE)).toHaveTextContent(accountMessagesMessages.linkInvalid);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Account, Messages' })).toHaveAttribute(
      'href',
      '#/account/messages',
    );
  });
});
