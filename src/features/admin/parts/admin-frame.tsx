import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { SessionContext } from '../../../live/session.tsx';
import { site } from '../../../lib/config.ts';
import { SkipLink } from '../../../ui/skip-link.tsx';

const NAV: readonly (readonly [string, readonly (readonly [string, string])[]])[] = [
  [
    'Work',
    [
      ['/admin', 'Today'],
      ['/admin/orders', 'Orders'],
      ['/admin/bookings', 'Bookings'],
      ['/admin/sankalp', 'Sankalp sheet'],
      ['/admin/messages', 'Messages'],
    ],
  ],
  [
    'Catalogue',
    [
      ['/admin/pujas', 'Pujas'],
      ['/admin/products', 'Products'],
      ['/admin/categories', 'Categories'],
      ['/admin/astrologers', 'Astrologers'],
      ['/admin/coupons', 'Coupons'],
    ],
  ],
  [
    'Shop',
    [
      ['/admin/audit', 'Audit log'],
      ['/admin/staff', 'Staff'],
    ],
  ],
];

const isCurrent = (location: string, href: string) =>
  href === '/admin' ? location === '/admin' : location === href || location.startsWith(`${href}/`);

/** The frame: a navigation column and the page; the skip link leads past the navigation. */
export function BackOffice({
  userName,
  isAdmin,
  children,
}: {
  userName: string;
  isAdmin: boolean;
  children: ReactNode;
}) {
  const [location] = useLocation();
  const session = SessionContext.useActorRef();
  return (
    <div className="bo">
      <SkipLink />
      <aside className="bo-side">
        <Link href="/admin" className="bo-brand">
          <strong>{site.brand}</strong>
          <span>Back office</span>
        </Link>
        <nav className="bo-nav" aria-label="Back office">
          {NAV.map(([group, links]) => (
            <div key={group} role="group" aria-labelledby={`bo-nav-${group}`}>
              <div className="bo-nav__group" id={`bo-nav-${group}`}>
                {group}
              </div>
              {links
                // Only admins manage the staff (docs/product-rules.md, Roles and the back office).
                .filter(([href]) => isAdmin || href !== '/admin/staff')
                .map(([href, label]) => (
                  <Link key={href} href={href} aria-current={isCurrent(location, href) ? 'page' : undefined}>
                    {label}
                  </Link>
                ))}
            </div>
          ))}
        </nav>
        <div className="bo-side__foot">
          <span>
            {userName} · {isAdmin ? 'Admin' : 'Staff'}
          </span>
          <Link href="/">View the shop</Link>
          <button type="button" onClick={() => session.send({ type: 'session.logout' })}>
            Log out
          </button>
        </div>
      </aside>
      <main id="main" className="bo-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
