import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import {
  selectIsRestoring,
  selectIsSignedIn,
  selectIsUnverified,
  selectUser,
} from '../../../machines/session/session.selectors.ts';
import { isStaffRole } from '../../../contract/lifecycle.ts';
import { SessionCheckFailed, SessionContext } from '../../live/session.tsx';
import { site } from '../../lib/config.ts';
import { Spinner } from '../../ui/status.tsx';
import { StaffSignIn } from './staff-sign-in.tsx';
import { TodayPage } from './today-page.tsx';
import './admin.css';

const OrdersQueue = lazy(() => import('./queue-pages.tsx').then((m) => ({ default: m.OrdersQueue })));
const BookingsQueue = lazy(() => import('./queue-pages.tsx').then((m) => ({ default: m.BookingsQueue })));
const OrderPage = lazy(() => import('./record-pages.tsx').then((m) => ({ default: m.OrderPage })));
const BookingPage = lazy(() => import('./record-pages.tsx').then((m) => ({ default: m.BookingPage })));
const SankalpPage = lazy(() => import('./sankalp-page.tsx').then((m) => ({ default: m.SankalpPage })));
const PujasPage = lazy(() => import('./catalogue-lists.tsx').then((m) => ({ default: m.PujasPage })));
const ProductsPage = lazy(() => import('./catalogue-lists.tsx').then((m) => ({ default: m.ProductsPage })));
const CategoriesPage = lazy(() =>
  import('./catalogue-lists.tsx').then((m) => ({ default: m.CategoriesPage })),
);
const AstrologersPage = lazy(() =>
  import('./catalogue-lists.tsx').then((m) => ({ default: m.AstrologersPage })),
);
const CouponsPage = lazy(() => import('./catalogue-lists.tsx').then((m) => ({ default: m.CouponsPage })));
const PujaEditPage = lazy(() => import('./edit-pages.tsx').then((m) => ({ default: m.PujaEditPage })));
const ProductEditPage = lazy(() => import('./edit-pages.tsx').then((m) => ({ default: m.ProductEditPage })));
const CategoryEditPage = lazy(() =>
  import('./edit-pages.tsx').then((m) => ({ default: m.CategoryEditPage })),
);
const AstrologerEditPage = lazy(() =>
  import('./edit-pages.tsx').then((m) => ({ default: m.AstrologerEditPage })),
);
const CouponEditPage = lazy(() => import('./edit-pages.tsx').then((m) => ({ default: m.CouponEditPage })));
const AuditPage = lazy(() => import('./office-pages.tsx').then((m) => ({ default: m.AuditPage })));
const StaffPage = lazy(() => import('./office-pages.tsx').then((m) => ({ default: m.StaffPage })));

export const gateMessages = {
  noAccess: 'You don\u2019t have access to the back office',
} as const;

/**
 * The back office at /admin (docs/product-rules.md, Roles and the back office): staff and admins
 * only. A visitor signs in on the staff sign-in in place; a signed-in customer is told it is not for them.
 */
export function AdminApp() {
  const restoring = SessionContext.useSelector(selectIsRestoring);
  const unverified = SessionContext.useSelector(selectIsUnverified);
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const user = SessionContext.useSelector(selectUser);
  const [location] = useLocation();
  const search = useSearch();
  if (restoring) return <Spinner label="Checking your session..." />;
  if (unverified) return <SessionCheckFailed />;
  // A visitor signs in here, in the back office's own form, and stays at the address asked for.
  if (!signedIn || !user) return <StaffSignIn returnTo={search ? `${location}?${search}` : location} />;
  if (!isStaffRole(user.role))
    return (
      <main id="main" className="bo-gate" tabIndex={-1}>
        <h1>{gateMessages.noAccess}</h1>
        <p>The back office is for the shop&rsquo;s staff. Your orders and bookings are in your account.</p>
        <p>
          <Link href="/" className="button button--primary">
            Go to the shop
          </Link>
        </p>
      </main>
    );
  return (
    <BackOffice userName={user.name} isAdmin={user.role === 'admin'}>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path="/admin" component={TodayPage} />
          <Route path="/admin/orders" component={OrdersQueue} />
          <Route path="/admin/orders/:id">{(p) => <OrderPage key={p.id} id={Number(p.id)} />}</Route>
          <Route path="/admin/bookings" component={BookingsQueue} />
          <Route path="/admin/bookings/:id">{(p) => <BookingPage key={p.id} id={Number(p.id)} />}</Route>
          <Route path="/admin/sankalp" component={SankalpPage} />
          <Route path="/admin/pujas" component={PujasPage} />
          <Route path="/admin/pujas/new">{() => <PujaEditPage key="new" id={null} />}</Route>
          <Route path="/admin/pujas/:id">{(p) => <PujaEditPage key={p.id} id={Number(p.id)} />}</Route>
          <Route path="/admin/products" component={ProductsPage} />
          <Route path="/admin/products/new">{() => <ProductEditPage key="new" id={null} />}</Route>
          <Route path="/admin/products/:id">{(p) => <ProductEditPage key={p.id} id={Number(p.id)} />}</Route>
          <Route path="/admin/categories" component={CategoriesPage} />
          <Route path="/admin/categories/new">{() => <CategoryEditPage key="new" id={null} />}</Route>
          <Route path="/admin/categories/:id">
            {(p) => <CategoryEditPage key={p.id} id={Number(p.id)} />}
          </Route>
          <Route path="/admin/astrologers" component={AstrologersPage} />
          <Route path="/admin/astrologers/new">{() => <AstrologerEditPage key="new" id={null} />}</Route>
          <Route path="/admin/astrologers/:id">
            {(p) => <AstrologerEditPage key={p.id} id={Number(p.id)} />}
          </Route>
          <Route path="/admin/coupons" component={CouponsPage} />
          <Route path="/admin/coupons/new">{() => <CouponEditPage key="new" id={null} />}</Route>
          <Route path="/admin/coupons/:id">{(p) => <CouponEditPage key={p.id} id={Number(p.id)} />}</Route>
          <Route path="/admin/audit" component={AuditPage} />
          <Route path="/admin/staff">{() => <StaffPage isAdmin={user.role === 'admin'} />}</Route>
          {/* The placeholders' old addresses lead where their work is now. */}
          <Route path="/admin/users">{() => <Redirect to="/admin/staff" replace />}</Route>
          <Route path="/admin/packages">{() => <Redirect to="/admin/pujas" replace />}</Route>
          <Route>
            <div className="bo-empty">
              <h1>Page not found</h1>
              <p>
                <Link href="/admin">Back to Today</Link>
              </p>
            </div>
          </Route>
        </Switch>
      </Suspense>
    </BackOffice>
  );
}

const NAV: readonly (readonly [string, readonly (readonly [string, string])[]])[] = [
  [
    'Work',
    [
      ['/admin', 'Today'],
      ['/admin/orders', 'Orders'],
      ['/admin/bookings', 'Bookings'],
      ['/admin/sankalp', 'Sankalp sheet'],
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
function BackOffice({
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
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
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
