import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '../../src/lib/config.ts';
import { renderAppAt } from '../support/render-app.tsx';

/** Where each link in `region` goes, in order. */
const hrefsIn = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('shared shell', () => {
  it('has banner, main, footer landmarks and the main navigation', async () => {
    renderAppAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: `About ${site.brand}` })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Home', '#/'],
      ['About', '#/about'],
      ['Pujas', '#/pujas'],
      ['Products', '#/products'],
      ['Contact', '#/contact'],
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the signed-out Login button to /login, and promotes the app in the footer', async () => {
    renderAppAt('/about');
    await screen.findByRole('heading', { level: 1 });
    const login = within(screen.getByRole('banner')).getByRole('link', { name: 'Login' });
    // Signing in returns the customer to the page they came from (docs/decisions/0061-registering-signs-in.md).
    expect(login).toHaveAttribute('href', '#/login?redirect=%2Fabout');
    expect(login).not.toHaveAttribute('target');
    const app = within(screen.getByRole('contentinfo')).getByRole('link', { name: /^Get the app/ });
    expect(app).toHaveAttribute('href', site.appStoreUrl);
    expect(app).toHaveAttribute('target', '_blank');
  });

  it('names every route in the document title', async () => {
    for (const [path, title] of [
      ['/about', 'About Us'],
      ['/contact', 'Contact Us'],
      ['/refund-policy', 'Refund Policy'],
      ['/login', 'Login'],
      ['/no-such-page', 'Page Not Found'],
    ] as const) {
      const view = renderAppAt(path);
      await screen.findByRole('heading', { level: 1 });
      expect(document.title).toBe(`${title} | ${site.brand}`);
      view.unmount();
    }
  });

  it('shows the current year, quick links and customer service links in the footer', async () => {
    renderAppAt('/about');
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
    expect(footer).toHaveTextContent(site.supportEmail);
    const service = within(footer).getByRole('navigation', { name: 'Customer Service' });
    expect(hrefsIn(service)).toEqual([
      '#/disclaimer',
      '#/refundpolicy',
      '#/termsconditions',
      '#/privacypolicy',
      '#/pricingpolicy',
    ]);
    const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
    expect(hrefsIn(quick)).toEqual(['#/', '#/products', '#/pujas', '#/about', '#/contact']);
  });

  it('opens the mobile menu with its contact links and closes it with Escape, returning focus', async () => {
    const user = userEvent.setup();
    renderAppAt('/about');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: site.supportPhone })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes the mobile menu when a link in it is followed', async () => {
    const user = userEvent.setup();
    renderAppAt('/about');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});

describe('static pages', () => {
  it.each([
    ['/termsconditions', 'Terms & Conditions'],
    ['/terms-and-conditions', 'Terms & Conditions'],
    ['/terms', 'Terms & Conditions'],
    ['/privacypolicy', 'Privacy Policy'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/privacy', 'Privacy Policy'],
    ['/refundpolicy', 'Refund Policy'],
    ['/refund-policy', 'Refund Policy'],
    ['/pricingpolicy', 'Pricing Policy'],
    ['/disclaimer', 'Disclaimer'],
  ])('%s shows the %s dated 23-06-2025', async (path, title) => {
    renderAppAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: 23-06-2025')).toBeInTheDocument();
    const others = screen.getByRole('navigation', { name: 'Other policies' });
    expect(within(others).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '#/refund-policy',
    );
    expect(within(others).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '#/terms-and-conditions',
    );
  });

  it('states the policy figures of the product rules', async () => {
    const facts: Array<[string, RegExp[]]> = [
      [
        '/terms',
        [
          /at least 18 years old/,
          /under 13 are not allowed/,
          /start at INR 100/,
          /new users only/,
          /Full advance payment is required/,
          /within 24 hours/,
        ],
      ],
      [
        '/refundpolicy',
        [
          /within 1 hour of payment or booking may be considered/,
          /7-10 working days/,
          /within 24 hours of delivery/,
          /double charge within 24 hours/,
          /the sankalp is locked 12 hours before the puja/,
          /another date for the same puja or a full refund/,
        ],
      ],
      ['/pricingpolicy', [/include taxes unless stated otherwise/, /Full advance payment is required/]],
    ];
    for (const [path, patterns] of facts) {
      const view = renderAppAt(path);
      const main = await screen.findByRole('main');
      await screen.findByText('Last updated: 23-06-2025');
      for (const pattern of patterns) expect(main.textContent).toMatch(pattern);
      view.unmount();
    }
  });

  it('thanks the visitor on contact and clears the form without any request', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderAppAt('/contact');
    await user.type(await screen.findByLabelText('Name'), 'Lakshmi Narayanan');
    await user.type(screen.getByLabelText('Email'), 'lakshmi@example.in');
    await user.type(screen.getByLabelText('Message'), 'Is prasad shipped abroad?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(alertSpy).toHaveBeenCalledWith('Thank you for your message! We will get back to you soon.');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(fetchSpy).not.toHaveBeenCalled();
    alertSpy.mockRestore();
    fetchSpy.mockRestore();
  });

  it('does not submit the contact form with required fields empty', async () => {
    const user = userEvent.setup();
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderAppAt('/contact');
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(alertSpy).not.toHaveBeenCalled();
    alertSpy.mockRestore();
  });

  // The back office replaced the "Coming Soon" placeholders (tests/views/back-office.test.tsx):
  // their addresses now ask a visitor to sign in on the staff sign-in, in place.
  it.each(['/admin', '/admin/orders', '/admin/packages'])(
    '%s asks a visitor to sign in first, staying at the address',
    async (path) => {
      renderAppAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
      expect(window.location.hash).toBe(`#${path}`);
    },
  );

  it('shows a not-found page with a way home for unknown routes', async () => {
    renderAppAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '#/');
  });
});
