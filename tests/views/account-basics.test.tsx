/**
 * Account basics on screen (docs/product-rules.md, Sign-in, registration and tokens): forgot
 * password -> the e-mailed link (read from the outbox's .eml) -> the reset page -> sign in; Edit
 * Profile; Change Password, which signs the customer out elsewhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '../../contract/auth.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { TOKEN_KEY } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

const PAGE = { timeout: 5000 };

const shop = shopPerFile(() => createTestShop({ seed: false }));
const net = fetchRoutedTo(shop);

beforeEach(() => {
  fs.rmSync(shop.outboxDir, { recursive: true, force: true });
});

const login = (email: string, password: string) =>
  call(shop.app, 'POST', '/api/auth/login', { json: { email, password } });

/** The reset link's path from the one e-mail, once sent (it goes out after the answer). */
async function resetPathFromOutbox(): Promise<string> {
  const files = await vi.waitFor(
    () => {
      const names = fs.existsSync(shop.outboxDir) ? fs.readdirSync(shop.outboxDir) : [];
      expect(names).toHaveLength(1);
      // written whole
      expect(fs.readFileSync(path.join(shop.outboxDir, names[0]!), 'utf8').replace(/=\r?\n/g, '')).toMatch(
        /stays as it is/,
      );
      return names;
    },
    { timeout: 5000, interval: 20 },
  );
  expect(files[0]).toMatch(/\.eml$/);
  const text = fs
    .readFileSync(path.join(shop.outboxDir, files[0]!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = /\/#(\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

describe('forgot password, by e-mail', () => {
  it('sends the link; the reset page sets the new password once; the customer signs in with it', async () => {
    const user = userEvent.setup();
    const me = await registerAndLogin(shop.app, { name: 'Meena Pillai' });
    renderAppAt('/forgot-password');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }, PAGE), me.email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(authMessages.resetRequested);
    const resetPath = await resetPathFromOutbox();

    window.location.hash = `#${resetPath}`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }, PAGE);
    expect(document.title).toMatch(/^Reset Password \| /);
    // Two different boxes: refused on the page, nothing sent.
    await user.type(screen.getByLabelText('New password'), 'fresh-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh-pass-2');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.passwordMismatch);
    expect(net.requests).not.toContain('/api/auth/reset-password');

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(authMessages.passwordReset);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '#/login');
    expect((await login(me.email, 'fresh-pass-1')).status).toBe(200);
    expect((await login(me.email, me.password)).status).toBe(401);
  });

  it('says so when the link was already used, and offers a new one', async () => {
    const user = userEvent.setup();
    const me = await registerAndLogin(shop.app);
    await call(shop.app, 'POST', '/api/auth/forgot-password', { json: { email: me.email } });
    const resetPath = await resetPathFromOutbox();
    const token = resetPath.split('token=')[1]!;
    await call(shop.app, 'POST', '/api/auth/reset-password', { json: { token, password: 'used-once-1' } });

    renderAppAt(resetPath);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }, PAGE);
    await user.type(screen.getByLabelText('New password'), 'second-try-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'second-try-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.resetLinkUsed);
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute(
      'href',
      '#/forgot-password',
    );
  });
});

describe('Edit Profile and Change Password', () => {
  async function openProfile(details: { name?: string; phone?: string } = {}): Promise<Customer> {
    const me = await registerAndLogin(shop.app, details);
    localStorage.setItem(TOKEN_KEY, me.token);
    renderAppAt('/account');
    await screen.findByText(`Welcome, ${me.user.name}`, {}, PAGE);
    return me;
  }

  it('edits name and phone: the profile and the header show the new name', async () => {
    const user = userEvent.setup();
    await openProfile({ name: 'Lakshmi' });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const form = within(screen.getByRole('form', { name: 'Edit Profile' }));
    // Bad input is refused before anything is sent.
    await user.clear(form.getByLabelText('Full Name'));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByRole('alert')).toHaveTextContent(authMessages.nameRequired);
    expect(net.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(form.getByLabelText('Full Name'), 'Lakshmi Narayanan');
    await user.type(form.getByLabelText('Phone (optional)'), '+91 98450 12345');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(authMessages.profileUpdated);
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByText('Lakshmi Narayanan')).toBeInTheDocument();
    expect(within(panel).getByText('+91 98450 12345')).toBeInTheDocument();
    expect(screen.getByText('Welcome, Lakshmi Narayanan')).toBeInTheDocument();
  });

  it('changes the password with the current one; a wrong current one is refused and keeps the customer signed in', async () => {
    const user = userEvent.setup();
    const me = await openProfile();
    const elsewhere = (await login(me.email, me.password)).body as { token: string };
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const form = within(screen.getByRole('form', { name: 'Change Password' }));
    await user.type(form.getByLabelText('Current password'), 'not-my-password');
    await user.type(form.getByLabelText('New password'), 'brand-new-1');
    await user.type(form.getByLabelText('Confirm new password'), 'brand-new-1');
    await user.click(form.getByRole('button', { name: 'Change Password' }));
    expect(await form.findByRole('alert')).toHaveTextContent(authMessages.currentPasswordWrong);
    expect(window.location.hash).toBe('#/account');

    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), me.password);
    await user.click(form.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(authMessages.passwordChanged);
    await waitFor(async () => {
      expect((await call(shop.app, 'GET', '/api/auth/me', { token: elsewhere.token })).status).toBe(401);
    });
    expect((await call(shop.app, 'GET', '/api/auth/me', { token: me.token })).status).toBe(200);
    expect((await login(me.email, 'brand-new-1')).status).toBe(200);
  });
});
