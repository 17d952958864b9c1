import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { accountMessagesMessages, WHATSAPP_CONSENT_WORDS } from '../../contract/account-messages.ts';
import { authMessages } from '../../contract/auth.ts';
import { listConsents } from '../../server/db/repositories/message-preferences.ts';
import { createApp } from '../../server/app.ts';
import { site } from '../../src/lib/config.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { TOKEN_KEY } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

const PASSWORD = 'secret123';

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop);
let counter = 0;
const uniqueEmail = () => `visitor${++counter}-${Date.now()}@example.com`;
/** A customer registered (and signed in) over the API with a fresh e-mail; the app is not told. */
const registered = (name?: string) => registerAndLogin(shop.app, { name, email: uniqueEmail() });

beforeEach(() => {
  // A fresh limiter per test: failed logins in one test never lock out the next.
  net.rerouteTo(createApp({ db: shop.db }));
});

/** Holds every request to `path` until the returned release() is called (after routeFetchToApp). */
function holdRequests(path: string) {
  const routed = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test');
    if (url.pathname === path) await gate;
    return routed(input, init);
  };
  return release;
}

const authCalls = () => net.requests.filter((path) => path.startsWith('/api/auth/'));
const main = () => screen.getByRole('main');
const hashRoute = () => window.location.hash;

async function openLogin(path = '/login') {
  renderAppAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
}

async function fillLogin(user: UserEvent, email: string, password: string, { remember = false } = {}) {
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
}

async function openRegister() {
  renderAppAt('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
}

interface RegisterFields {
  name?: string;
  email?: string;
  phone?: string;
  password?: string;
  confirmPassword?: string;
  acceptTerms?: boolean;
}

async function fillRegister(user: UserEvent, fields: RegisterFields) {
  const typed: Array<[string, string | undefined]> = [
    ['Full name', fields.name],
    ['Email address', fields.email],
    ['Phone (optional)', fields.phone],
    ['Password', fields.password],
    ['Confirm password', fields.confirmPassword],
  ];
  for (const [label, value] of typed) if (value) await user.type(screen.getByLabelText(label), value);
  if (fields.acceptTerms)
    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
}

const validRegistration = (): Required<RegisterFields> => ({
  name: 'Meenakshi Sundaram',
  email: uniqueEmail(),
  phone: '',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
});

async function expectAlert(message: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
}

describe('Login page', () => {
  it('has the spec fields, links and inert social buttons', async () => {
    const user = userEvent.setup();
    await openLogin();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(within(main()).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '#/forgot-password',
    );
    expect(within(main()).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '#/register',
    );
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('type', 'button');
    expect(google).toHaveAttribute('aria-disabled', 'true');
    expect(google).toHaveAttribute('title', expect.stringMatching(/not available yet/));
    expect(google).toHaveAccessibleDescription('Social sign-in is coming soon.');
    await user.click(google);
    await user.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(hashRoute()).toBe('#/login');
    expect(authCalls()).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['both fields blank', '', ''],
    ['the password blank', 'asha@example.com', ''],
    ['the email blank', '', PASSWORD],
  ])('asks for both email and password with %s and sends nothing', async (_, email, password) => {
    const user = userEvent.setup();
    await openLogin();
    await fillLogin(user, email, password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAlert('Please enter both email and password');
    expect(authCalls()).toEqual([]);
  });

  it('shows "Invalid email or password" from the API and resets the button', async () => {
    const user = userEvent.setup();
    const { email } = await registered();
    await openLogin();
    await fillLogin(user, email, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAlert('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Invalid email or password');
    expect(hashRoute()).toBe('#/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('reads "Signing in..." and is disabled while the request runs, then resets on error', async () => {
    const user = userEvent.setup();
    await openLogin();
    const release = holdRequests('/api/auth/login');
    await fillLogin(user, 'nobody@example.com', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    release();
    await expectAlert('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(authCalls()).toEqual(['/api/auth/login']);
  });

  it('shows the rate-limit message the API sends after repeated failures', async () => {
    net.rerouteTo(
      createApp({
        db: shop.db,
        limits: { signInPerAccountAndAddress: { points: 1, windowSeconds: 900, blockSeconds: 900 } },
      }),
    );
    const user = userEvent.setup();
    await openLogin();
    await fillLogin(user, 'limited-nobody@example.com', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAlert('Invalid email or password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/,
      ),
    );
  });

  it('falls back to "Failed to log in" when the API cannot be reached', async () => {
    const user = userEvent.setup();
    await openLogin();
    net.failNetwork(/^\/api\/auth\/login$/);
    await fillLogin(user, 'asha@example.com', PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAlert('Failed to log in');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('with "Remember me" keeps the token in local storage and returns to ?redirect=, replacing the login entry', async () => {
    const user = userEvent.setup();
    const { email, user: customer } = await registered('Lakshmi Iyer');
    await openLogin('/login?redirect=%2Fabout');
    const entries = window.history.length;
    await fillLogin(user, email, PASSWORD, { remember: true });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: `About ${site.brand}` })).toBeInTheDocument();
    expect(hashRoute()).toBe('#/about');
    expect(window.history.length).toBe(entries);
    expect(localStorage.getItem(TOKEN_KEY)).toEqual(expect.any(String));
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: customer.name })).toBeInTheDocument();
  });

  it('without "Remember me" keeps the token for this tab only and goes to / by default', async () => {
    const user = userEvent.setup();
    const { email } = await registered();
    await openLogin();
    await fillLogin(user, email.toUpperCase(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(hashRoute()).toBe('#/'));
    expect(sessionStorage.getItem(TOKEN_KEY)).toEqual(expect.any(String));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('ignores a redirect to another site', async () => {
    const user = userEvent.setup();
    const { email } = await registered();
    await openLogin('/login?redirect=%2F%2Fevil.example');
    await fillLogin(user, email, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(hashRoute()).toBe('#/'));
  });

  it('sends a visitor who is already signed in on to the redirect target, or /account', async () => {
    const { token } = await registered();
    localStorage.setItem(TOKEN_KEY, token);
    const first = renderAppAt('/login?redirect=%2Fcontact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(hashRoute()).toBe('#/contact');
    first.unmount();
    renderAppAt('/login');
    await waitFor(() => expect(hashRoute()).toBe('#/account'));
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
  });
});

describe('Register page', () => {
  it('has the spec fields and links', async () => {
    await openRegister();
    for (const label of ['Full name', 'Email address', 'Phone (optional)', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    const terms = screen.getByRole('checkbox', {
      name: 'I agree to the Terms of Service and Privacy Policy',
    });
    expect(terms).not.toBeChecked();
    expect(terms).not.toBeRequired();
    expect(within(main()).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '#/terms');
    expect(within(main()).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '#/privacy');
    expect(within(main()).getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute(
      'href',
      '#/login',
    );
  });

  it.each<[string, (v: Required<RegisterFields>) => RegisterFields, string]>([
    ['a required field is blank', (v) => ({ ...v, name: '' }), 'Please fill in all required fields'],
    [
      'the confirmation is blank',
      (v) => ({ ...v, confirmPassword: '' }),
      'Please fill in all required fields',
    ],
    ['the passwords differ', (v) => ({ ...v, confirmPassword: 'secret124' }), 'Passwords do not match'],
    [
      'the password is short',
      (v) => ({ ...v, password: '12345', confirmPassword: '12345' }),
      'Password must be at least 6 characters long',
    ],
    [
      'the terms are not accepted',
      (v) => ({ ...v, acceptTerms: false }),
      'Please accept the Terms of Service and Privacy Policy',
    ],
    ['the e-mail is malformed', (v) => ({ ...v, email: 'asha-at-example' }), authMessages.emailInvalid],
    ['the phone is not a phone number', (v) => ({ ...v, phone: 'call me' }), authMessages.phoneInvalid],
  ])('refuses when %s, without a request', async (_, change, message) => {
    const user = userEvent.setup();
    await openRegister();
    await fillRegister(user, change(validRegistration()));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectAlert(message);
    expect(authCalls()).toEqual([]);
  });

  it('offers the unticked WhatsApp box; ticked, the consent is given with the phone as the customer registers', async () => {
    const user = userEvent.setup();
    await openRegister();
    const box = screen.getByRole('checkbox', { name: WHATSAPP_CONSENT_WORDS });
    expect(box).not.toBeChecked();
    const fields = { ...validRegistration(), phone: '98450 77777' };
    await fillRegister(user, fields);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const { id } = await vi.waitFor(
      () =>
        shop.db.selectFrom('users').select('id').where('email', '=', fields.email).executeTakeFirstOrThrow(),
      { timeout: 5000, interval: 50 },
    );
    expect(await listConsents(shop.db, id)).toMatchObject([
      {
        channel: 'whatsapp',
        granted: 1,
        source: 'sign-up',
        mobile: '+919845077777',
        words: WHATSAPP_CONSENT_WORDS,
      },
    ]);
  });

  it('ticked without a mobile, asks for one beside the phone, without a request', async () => {
    const user = userEvent.setup();
    await openRegister();
    await fillRegister(user, validRegistration());
    await user.click(screen.getByRole('checkbox', { name: WHATSAPP_CONSENT_WORDS }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectAlert(accountMessagesMessages.whatsappNeedsMobile);
    expect(screen.getByLabelText('Phone (optional)')).toHaveFocus();
    expect(authCalls()).toEqual([]);
  });

  it('shows the 409 duplicate message from the API and resets the button', async () => {
    const user = userEvent.setup();
    const { email } = await registered();
    await openRegister();
    await fillRegister(user, { ...validRegistration(), email: email.toUpperCase() });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectAlert('An account with this email already exists');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(hashRoute()).toBe('#/register');
  });

  it('falls back to "Failed to register" when the API cannot be reached', async () => {
    const user = userEvent.setup();
    await openRegister();
    net.failNetwork(/^\/api\/auth\/register$/);
    await fillRegister(user, validRegistration());
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectAlert('Failed to register');
  });

  it('reads "Creating account..." while pending, then signs the new customer in (no "Welcome back"); the phone is stored', async () => {
    const user = userEvent.setup();
    await openRegister();
    const release = holdRequests('/api/auth/register');
    const details = { ...validRegistration(), phone: '+91 98450 12345' };
    await fillRegister(user, details);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: details.name })).toBeInTheDocument();
    await waitFor(() => expect(hashRoute()).toBe('#/'));
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    expect(screen.queryByText('Registration successful! Please log in.')).not.toBeInTheDocument();
    // No "Remember me" on the form: the new session is kept for this tab.
    expect(sessionStorage.getItem(TOKEN_KEY)).toEqual(expect.any(String));
    // One register call, and no sign-in asking for the password again.
    expect(authCalls()).toEqual(['/api/auth/register']);
    const row = await shop.db
      .selectFrom('users')
      .select(['name', 'phone'])
      .where('email', '=', details.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: details.name, phone: details.phone });
  });

  it('continues to the redirect it was given (the booking in progress)', async () => {
    const user = userEvent.setup();
    renderAppAt('/register?redirect=%2Fabout');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await fillRegister(user, validRegistration());
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: `About ${site.brand}` })).toBeInTheDocument();
    expect(hashRoute()).toBe('#/about');
  });

  it('marks every blank field of an empty form, with its message beside it, and focuses the first', async () => {
    const user = userEvent.setup();
    await openRegister();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectAlert('Please fill in all required fields');
    const marked: Array<[string, string]> = [
      ['Full name', 'Please enter your name'],
      ['Email address', 'Please enter your email address'],
      ['Password', 'Please choose a password'],
      ['Confirm password', 'Please type the password again'],
    ];
    for (const [label, message] of marked) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getByLabelText('Phone (optional)')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());

    // Filled in, the remaining refusal marks only its own field: the terms.
    await fillRegister(user, { ...validRegistration(), acceptTerms: false });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const terms = screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    await waitFor(() => expect(terms).toHaveFocus());
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('Please accept the Terms of Service and Privacy Policy');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(authCalls()).toEqual([]);
  });

  it('starts a new address with the phone given at sign-up as its mobile', async () => {
    const user = userEvent.setup();
    renderAppAt('/register?redirect=%2Faccount%2Faddresses');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await fillRegister(user, { ...validRegistration(), phone: '+91 98450 12345' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(hashRoute()).toBe('#/account/addresses'));
    await user.click(await screen.findByRole('button', { name: /Add new address/ }));
    expect(await screen.findByRole('textbox', { name: /Mobile/ })).toHaveValue('9845012345');
  });
});

describe('session in the shell', () => {
  it("the header's Login carries the page as redirect, and signing in returns there", async () => {
    const user = userEvent.setup();
    const { email } = await registered();
    renderAppAt('/pujas');
    const login = await screen.findByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', '#/login?redirect=%2Fpujas');
    await user.click(login);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    await fillLogin(user, email, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(hashRoute()).toBe('#/pujas'));
  });

  it.each([
    ['/puja-booking/1?package=2&step=details', 'Sign in to book your puja'],
    ['/checkout', 'Sign in to place your order'],
    ['/account/bookings/4', 'Sign in to see your booking'],
    ['/pujas', 'Sign in to manage your bookings, orders and addresses.'],
  ])('says why the visitor is asked to sign in, returning to %s', async (target, reason) => {
    await openLogin(`/login?redirect=${encodeURIComponent(target)}`);
    expect(within(main()).getByText(reason)).toHaveClass('auth-card__lead');
  });

  it('sends a signed-out visitor from /account to /login with a redirect back, and returns after login', async () => {
    const user = userEvent.setup();
    const { email } = await registered();
    renderAppAt('/account');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(hashRoute()).toBe('#/login?redirect=%2Faccount');
    await fillLogin(user, email, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(hashRoute()).toBe('#/account'));
  });

  it('shows the user menu after login, works from the keyboard and logs out to /login', async () => {
    const user = userEvent.setup();
    const { email, user: customer } = await registered('Ravi Shankar');
    await openLogin('/login?redirect=%2Fcontact');
    await fillLogin(user, email, PASSWORD, { remember: true });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const menuButton = within(banner).getByRole('button', { name: customer.name });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    // Enter opens on the first item; arrows move; Escape closes and returns focus.
    menuButton.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['My Account', '#/account'],
      ['My Orders', '#/account/orders'],
      ['My Bookings', '#/account/bookings'],
      ['My Addresses', '#/account/addresses'],
      ['My family', '#/account/family'],
      ['Logout', null],
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[5]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    // Space opens too; a click outside closes.
    await user.keyboard(' ');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Contact Us' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // Following a link closes it.
    await user.click(menuButton);
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'My Orders' }));
    await waitFor(() => expect(hashRoute()).toBe('#/account/orders'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // "My family" opens the account's My family tab.
    await user.click(menuButton);
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'My family' }));
    await waitFor(() => expect(hashRoute()).toBe('#/account/family'));
    expect(
      await screen.findByRole('tab', { name: 'My family', selected: true }, { timeout: 5000 }),
    ).toBeInTheDocument();

    // Logout: back to /login, the Login button returns and the token is gone.
    await user.click(within(banner).getByRole('button', { name: customer.name }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(hashRoute()).toBe('#/login');
    expect(await within(banner).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '#/login');
    expect(within(banner).queryByRole('button', { name: customer.name })).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(net.requests).toContain('/api/auth/logout');
  });

  it('lists the account links and Logout in the mobile menu when signed in', async () => {
    const user = userEvent.setup();
    const { token, user: customer } = await registered();
    sessionStorage.setItem(TOKEN_KEY, token);
    renderAppAt('/about');
    await screen.findByRole('button', { name: customer.name });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('navigation', {
      name: 'My account',
    });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '#/account',
      '#/account/orders',
      '#/account/bookings',
      '#/account/addresses',
      '#/account/family',
    ]);
    await user.click(within(mobile).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('restores a stored token on start-up, showing neither Login nor the menu while it is checked', async () => {
    const { token, user: customer } = await registered('Priya Venkatesh');
    localStorage.setItem(TOKEN_KEY, token);
    const release = holdRequests('/api/auth/me');
    renderAppAt('/about');
    await screen.findByRole('heading', { level: 1, name: `About ${site.brand}` });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: customer.name })).not.toBeInTheDocument();
    release();
    expect(await within(banner).findByRole('button', { name: customer.name })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it.each([
    ['revoked (logged out elsewhere)', true],
    ['invalid', false],
  ])('leaves the visitor signed out and clears storage for a %s stored token', async (_, revoked) => {
    let token = 'not.a.token';
    if (revoked) {
      const customer = await registered();
      expect((await call(shop.app, 'POST', '/api/auth/logout', { token: customer.token })).status).toBe(200);
      token = customer.token;
    }
    localStorage.setItem(TOKEN_KEY, token);
    renderAppAt('/about');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
    expect(net.requests).toContain('/api/auth/me');
  });
});

describe('Forgot password page', () => {
  it('asks for the e-mail, offers support as a fallback and links back to sign in', async () => {
    renderAppAt('/forgot-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    const page = main();
    expect(within(page).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: site.supportEmail })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^mailto:${site.supportEmail}`)),
    );
    expect(within(page).getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '#/login');
  });
});
