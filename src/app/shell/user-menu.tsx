import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { SessionContext } from '../../live/session.tsx';
import './user-menu.css';

/** The signed-in customer's links (docs/product-rules.md, Shell and account). */
export const accountLinks = [
  { href: '/account', label: 'My Account' },
  { href: '/account/orders', label: 'My Orders' },
  { href: '/account/bookings', label: 'My Bookings' },
  { href: '/account/addresses', label: 'My Addresses' },
  { href: '/account/family', label: 'My family' },
] as const;

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The header's user menu (WAI-ARIA menu button): Enter, Space or Arrow Down opens it on the
 * first item, Arrow Up on the last; arrows, Home and End move; Escape closes and returns focus;
 * Tab, a click outside or following a link closes it.
 */
export function UserMenu({ name }: { name: string }) {
  const session = SessionContext.useActorRef();
  const [location] = useLocation();
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const open = openOn === location;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menu.current);
    (focusOnOpen === 'last' ? items.at(-1) : items[0])?.focus();
    const closeOnOutside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open, focusOnOpen]);

  const openMenu = (focus: 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpenOn(location);
  };
  const close = ({ returnFocus }: { returnFocus: boolean }) => {
    setOpenOn(null);
    if (returnFocus) button.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
    } else if (e.key === 'Escape' && open) {
      close({ returnFocus: true });
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const items = menuItems(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      e.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(items.length - 1);
      case 'Escape':
        e.preventDefault();
        return close({ returnFocus: true });
      case 'Tab':
        // Focus goes back to the button first, so Tab continues from there once the menu is gone.
        return close({ returnFocus: true });
    }
  };

  return (
    <div className="user-menu">
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close({ returnFocus: false }) : openMenu('first'))}
        onKeyDown={onButtonKey}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__name">{name}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <ul
          ref={menu}
          id={`${id}-menu`}
          className="user-menu__list"
          role="menu"
          aria-label={name}
          onKeyDown={onMenuKey}
        >
          {accountLinks.map((link) => (
            <li key={link.href} role="none">
              <Link
                href={link.href}
                role="menuitem"
                tabIndex={-1}
                className="user-menu__item"
                onClick={() => close({ returnFocus: false })}
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li role="separator" className="user-menu__separator" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="user-menu__item"
              onClick={() => {
                close({ returnFocus: false });
                session.send({ type: 'session.logout' });
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** The same links inside the mobile slide-in menu. */
export function MobileAccountLinks({ name, location }: { name: string; location: string }) {
  const session = SessionContext.useActorRef();
  return (
    <nav aria-label="My account" className="nav nav--mobile mobile-account">
      <p className="mobile-account__name">Signed in as {name}</p>
      <ul className="nav__list">
        {accountLinks.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="nav__link"
              aria-current={location === link.href ? 'page' : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="nav__link mobile-account__logout"
            onClick={() => session.send({ type: 'session.logout' })}
          >
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
