import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { loginPathFor } from '../../../machines/session/session.machine.ts';
import { selectIsSessionUnknown, selectUser } from '../../../machines/session/session.selectors.ts';
import { shellMessages } from '../../../contract/shell-messages.ts';
import { site } from '../../lib/config.ts';
import { useLocale } from '../../live/locale.tsx';
import { SessionContext } from '../../live/session.tsx';
import { CartLink } from './cart-link.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SocialLinks } from './social-links.tsx';

const SCROLL_THRESHOLD = 80;

/**
 * The signed-in customer's menus come in their own chunk: a visitor who is not signed in (most
 * first visits) never downloads them, and a kept sign-in fetches them while its token is checked
 * (docs/decisions/0032-the-entry-loads-what-the-first-paint-needs.md). Should that download fail
 * (offline), a plain link to the account page stands in, where the customer can also log out.
 */
const loadUserMenu = () => import('./user-menu.tsx');
function AccountLink() {
  const { t } = useLocale();
  return (
    <Link className="button" href="/account">
      {t(shellMessages.myAccount)}
    </Link>
  );
}
const UserMenu = lazy(() =>
  loadUserMenu().then(
    (menu) => ({ default: menu.UserMenu }),
    () => ({ default: AccountLink }),
  ),
);
const MobileAccountLinks = lazy(() =>
  loadUserMenu().then(
    (menu) => ({ default: menu.MobileAccountLinks }),
    () => ({ default: AccountLink }),
  ),
);

export const navItems = [
  { href: '/', label: shellMessages.navHome },
  { href: '/about', label: shellMessages.navAbout },
  { href: '/pujas', label: shellMessages.navPujas },
  { href: '/products', label: shellMessages.navProducts },
  { href: '/contact', label: shellMessages.navContact },
] as const;

function isCurrent(location: string, href: string) {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}

function Logo() {
  const { t } = useLocale();
  return (
    <Link href="/" className="logo" aria-label={t(shellMessages.logoHome, { brand: site.brand })}>
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#7a1f1f" />
        <path d="M32 12c6 10 10 16 10 24a10 10 0 0 1-20 0c0-8 4-14 10-24z" fill="#f59e0b" />
        <path d="M32 26c3 5 5 8 5 12a5 5 0 0 1-10 0c0-4 2-7 5-12z" fill="#fde68a" />
      </svg>
      <span className="logo__text">{site.brand}</span>
    </Link>
  );
}

function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

/** Login from any page comes back to it; from the sign-in screens themselves it is plain /login. */
function useLoginHref() {
  const [location] = useLocation();
  const search = useSearch();
  if (/^\/(login|register|forgot-password|reset-password)(?:\/|$)/.test(location)) return '/login';
  return loginPathFor(search ? `${location}?${search}` : location);
}

export function Header() {
  const { t } = useLocale();
  const [location] = useLocation();
  const loginHref = useLoginHref();
  // The menu is open for the page it was opened on, so following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location : null);
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const user = SessionContext.useSelector(selectUser);
  // While a stored token is checked (or kept through an outage until it can be), neither Login nor
  // the user menu shows (no flash of either, and no "Login" for a customer who is signed in).
  const restoring = SessionContext.useSelector(selectIsSessionUnknown);
  useEffect(() => {
    if (restoring) void loadUserMenu().catch(() => {});
  }, [restoring]);

  useEffect(() => {
    if (!menuOpen) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpenOn(null);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const links = (
    <ul className="nav__list">
      {navItems.map((item) => (
        <li key={item.href}>
          <Link
            href={item.href}
            className="nav__link"
            aria-current={isCurrent(location, item.href) ? 'page' : undefined}
          >
            {t(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}`}>
      <div className="top-bar">
        <div className="container top-bar__inner">
          <a href={`mailto:${site.supportEmail}`} className="top-bar__email">
            {site.supportEmail}
          </a>
          <SocialLinks />
        </div>
      </div>
      <div className="container site-header__inner">
        <Logo />
        <nav aria-label={t(shellMessages.mainNav)} className="nav nav--desktop">
          {links}
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher variant="header" />
          <CartLink />
          {restoring ? null : user ? (
            <Suspense fallback={null}>
              <UserMenu name={user.name} />
            </Suspense>
          ) : (
            // The shop's main actions stay on the web (docs/product-rules.md, Routes and pages);
            // signing in returns to this page (docs/product-rules.md, Sign-in, registration and tokens).
            <Link className="button button--primary" href={loginHref}>
              {t(shellMessages.login)}
            </Link>
          )}
          <button
            ref={menuButton}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <span className="visually-hidden">{t(shellMessages.openMenu)}</span>
            <MenuIcon d="M3 6h18M3 12h18M3 18h18" />
          </button>
        </div>
      </div>
      <div
        className={`mobile-menu__backdrop${menuOpen ? ' is-open' : ''}`}
        aria-hidden="true"
        onClick={() => setMenuOpen(false)}
      />
      <div
        id="mobile-menu"
        className={`mobile-menu${menuOpen ? ' is-open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={t(shellMessages.menu)}
        hidden={!menuOpen}
      >
        <div className="mobile-menu__head">
          <Logo />
          <button
            ref={closeButton}
            type="button"
            className="menu-toggle menu-toggle--close"
            onClick={() => {
              setMenuOpen(false);
              menuButton.current?.focus();
            }}
          >
            <span className="visually-hidden">{t(shellMessages.closeMenu)}</span>
            <MenuIcon d="M6 6l12 12M18 6L6 18" />
          </button>
        </div>
        <nav aria-label={t(shellMessages.mobileNav)} className="nav nav--mobile">
          {links}
        </nav>
        <LanguageSwitcher variant="menu" />
        {user && (
          <Suspense fallback={null}>
            <MobileAccountLinks name={user.name} location={location} />
          </Suspense>
        )}
        <div className="mobile-menu__contact">
          <a href={`tel:${site.supportPhone.replace(/\s/g, '')}`}>{site.supportPhone}</a>
          <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
          <SocialLinks />
        </div>
      </div>
    </header>
  );
}

/** The menu button's drawing: three bars to open, a cross to close. */
function MenuIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
