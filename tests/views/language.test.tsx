import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '../../src/lib/config.ts';
import { renderAppAt } from '../support/render-app.tsx';

/**
 * The shop in the devotee's language (docs/product-rules.md, Languages;
 * docs/decisions/0079-interface-text-through-lingui.md): the route's first segment names the
 * language, the device remembers the choice, English stays as it is.
 */
describe('the language of the shop', () => {
  it('switches to Kannada from the mobile menu: the header speaks Kannada, <html lang="kn">, the same page', async () => {
    const user = userEvent.setup();
    renderAppAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: `About ${site.brand}` })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-IN');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const languages = within(menu).getByRole('navigation', { name: 'Language' });
    const kannada = within(languages).getByRole('link', { name: 'ಕನ್ನಡ' });
    // Each language is named in its own script and marked as such; the current one is marked current.
    expect(kannada).toHaveAttribute('lang', 'kn');
    expect(kannada).toHaveAttribute('href', '#/kn/about');
    expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await user.click(kannada);

    const nav = await screen.findByRole('navigation', { name: 'ಮುಖ್ಯ' });
    expect(within(nav).getByRole('link', { name: 'ಮುಖಪುಟ' })).toHaveAttribute('href', '#/kn');
    expect(within(nav).getByRole('link', { name: 'ಪೂಜೆಗಳು' })).toHaveAttribute('href', '#/kn/pujas');
    expect(within(nav).getByRole('link', { name: 'ನಮ್ಮ ಬಗ್ಗೆ' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'ಲಾಗಿನ್' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('heading', { name: 'ತ್ವರಿತ ಕೊಂಡಿಗಳು' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('kn');
    expect(window.location.hash).toBe('#/kn/about');
    // The page itself is not translated yet, and still renders.
    expect(screen.getByRole('heading', { level: 1, name: `About ${site.brand}` })).toBeInTheDocument();
    expect(localStorage.getItem('shop.locale')).toBe('kn');
  });

  it('opens a /#/ta/ link in Tamil, its links staying in Tamil', async () => {
    renderAppAt('/ta/');
    expect(await screen.findByRole('heading', { level: 2, name: 'பிரபலமான பூஜைகள்' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'எங்கிருந்தும் பூஜைகளை முன்பதிவு செய்யுங்கள், ஜோதிடர்களுடன் பேசுங்கள்',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /அனைத்து பூஜைகளையும் காண்க/ })).toHaveAttribute(
      'href',
      '#/ta/pujas',
    );
    const nav = screen.getByRole('navigation', { name: 'முதன்மை' });
    expect(within(nav).getByRole('link', { name: 'முகப்பு' })).toHaveAttribute('aria-current', 'page');
    expect(document.documentElement.lang).toBe('ta');
    // The page opened in a language is the device's choice from then on.
    expect(localStorage.getItem('shop.locale')).toBe('ta');
  });

  it('keeps a link without a language in the remembered one, and /en/ in English', async () => {
    localStorage.setItem('shop.locale', 'hi');
    const view = renderAppAt('/pujas');
    const nav = await screen.findByRole('navigation', { name: 'मुख्य' });
    expect(within(nav).getByRole('link', { name: 'पूजाएँ' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'संपर्क' })).toHaveAttribute('href', '#/hi/contact');
    expect(document.documentElement.lang).toBe('hi');
    view.unmount();

    renderAppAt('/en/pujas');
    const english = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(english).getByRole('link', { name: 'Pujas' })).toHaveAttribute('aria-current', 'page');
    expect(within(english).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#/contact');
    expect(document.documentElement.lang).toBe('en-IN');
    expect(localStorage.getItem('shop.locale')).toBe('en-IN');
  });

  it('goes back to English from the header, with the page and its query kept', async () => {
    const user = userEvent.setup();
    renderAppAt('/te/login?redirect=%2Fabout');
    const banner = screen.getByRole('banner');
    await within(banner).findByRole('navigation', { name: 'ప్రధాన' });
    // The header's switcher is a disclosure whose button names the current language.
    const summary = banner.querySelector('summary')!;
    expect(summary).toHaveTextContent('భాష: తెలుగు');
    // Escape folds it back onto its button (opening by keyboard is the browser's own <summary>).
    await user.click(summary);
    expect(summary.parentElement).toHaveAttribute('open');
    await user.keyboard('{Escape}');
    expect(summary.parentElement).not.toHaveAttribute('open');
    expect(summary).toHaveFocus();
    await user.click(summary);
    const english = within(banner).getByRole('link', { name: 'English' });
    expect(english).toHaveAttribute('href', '#/login?redirect=%2Fabout');
    await user.click(english);
    expect(await within(banner).findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login?redirect=%2Fabout');
    expect(document.documentElement.lang).toBe('en-IN');
    expect(localStorage.getItem('shop.locale')).toBe('en-IN');
  });
});
