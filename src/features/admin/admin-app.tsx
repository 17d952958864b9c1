import { lazy, Suspense } from 'react';
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import {
  selectIsRestoring,
  selectIsSignedIn,
  selectIsUnverified,
  selectUser,
} from '../../../machines/session/session.selectors.ts';
import { isStaffRole } from '../../../contract/lifecycle.ts';
import { SessionCheckFailed, SessionContext } from '../../live/session.tsx';
import { Spinner } from '../../ui/status.tsx';
import { BackOffice } from './parts/admin-frame.tsx';
import { StaffSignIn } from './parts/staff-sign-in.tsx';
import { TodayPage } from './today/today-page.tsx';
import './admin.css';

// Each resource's pages are their own lazy chunks of the back office (docs/decisions/0035).
const OrdersQueue = lazy(() => import('./orders/orders-queue.tsx').then((m) => ({ default: m.OrdersQueue })));
const OrderPage = lazy(() => import('./orders/order-page.tsx').then((m) => ({ default: m.OrderPage })));
const BookingsQueue = lazy(() =>
  import('./bookings/bookings-queue.tsx').then((m) => ({ default: m.BookingsQueue })),
);
const BookingPage = lazy(() =>
  import('./bookings/booking-page.tsx').then((m) => ({ default: m.BookingPage })),
);
const SankalpPage = lazy(() =>
  import('./sankalp/sankalp-page.tsx').then((m) => ({ default: m.SankalpPage })),
);
const PujasPage = lazy(() => import('./pujas/pujas-page.tsx').then((m) => ({ default: m.PujasPage })));
const PujaEditPage = lazy(() =>
  import('./pujas/puja-edit-page.tsx').then((m) => ({ default: m.PujaEditPage })),
);
const ProductsPage = lazy(() =>
  import('./products/products-page.tsx').then((m) => ({ default: m.ProductsPage })),
);
const ProductEditPage = lazy(() =>
  import('./products/product-edit-page.tsx').then((m) => ({ default: m.ProductEditPage })),
);
const CategoriesPage = lazy(() =>
  import('./categories/categories-page.tsx').then((m) => ({ default: m.CategoriesPage })),
);
const CategoryEditPage = lazy(() =>
  import('./categories/category-edit-page.tsx').then((m) => ({ default: m.CategoryEditPage })),
);
const AstrologersPage = lazy(() =>
  import('./astrologers/astrologers-page.tsx').then((m) => ({ default: m.AstrologersPage })),
);
const AstrologerEditPage = lazy(() =>
  import('./astrologers/astrologer-edit-page.tsx').then((m) => ({ default: m.AstrologerEditPage })),
);
const CouponsPage = lazy(() =>
  import('./coupons/coupons-page.tsx').then((m) => ({ default: m.CouponsPage })),
);
const CouponEditPage = lazy(() =>
  import('./coupons/coupon-edit-page.tsx').then((m) => ({ default: m.CouponEditPage })),
);
const MessagesPage = lazy(() =>
  import('./messages/messages-page.tsx').then((m) => ({ default: m.MessagesPage })),
);
const TemplatesPage = lazy(() =>
  import('./messages/templates-page.tsx').then((m) => ({ default: m.TemplatesPage })),
);
const AuditPage = lazy(() => import('./audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })));
const StaffPage = lazy(() => import('./staff/staff-page.tsx').then((m) => ({ default: m.StaffPage })));

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
          <Route path="/admin/messages" component={MessagesPage} />
          <Route path="/admin/messages/templates" component={TemplatesPage} />
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
