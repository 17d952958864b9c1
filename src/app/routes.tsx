import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter';
import { legalPaths } from '../../contract/routes.ts';
import { RequireSignIn } from './require-sign-in.tsx';
import { RouteBoundary } from './route-boundary.tsx';

/** Forgets the failed downloads of every page, so they are tried again (see `page`). */
const forgetFailedDownloads = new Set<() => void>();

function retryFailedPages() {
  for (const forget of forgetFailedDownloads) forget();
}

/** A code-split page: the component, and `preload()` to fetch its chunk before it is opened. */
type Page = ComponentType & { preload: () => void };

/**
 * Code-split pages: each route downloads its own chunk the first time it is opened, or earlier,
 * when a link to it is pointed at or focused (`preload`, see `usePreloadOnIntent`). React.lazy
 * keeps a failed download failed for good, so a page whose chunk could not be fetched (offline,
 * a dropped connection) gets a new lazy component when its route's Retry is pressed or the
 * visitor navigates: the chunk is fetched again without reloading the app.
 */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K): Page {
  const attempt = () => {
    const state: { failed: boolean; Component: LazyExoticComponent<ComponentType> } = {
      failed: false,
      Component: lazy(async () => {
        try {
          return { default: (await load())[name] as ComponentType };
        } catch (error) {
          state.failed = true;
          throw error;
        }
      }),
    };
    return state;
  };
  let current = attempt();
  forgetFailedDownloads.add(() => {
    if (current.failed) current = attempt();
  });
  function Page() {
    const { Component } = current;
    return <Component />;
  }
  // The browser keeps a fetched module: the page's own load later finds it there. A failed
  // preload is forgotten (opening the page tries again and shows its own error).
  Page.preload = () => void load().catch(() => {});
  return Page;
}

const HomePage = page(() => import('../features/home/home-page.tsx'), 'HomePage');
const PujaListPage = page(() => import('../features/pujas/puja-list-page.tsx'), 'PujaListPage');
const PujaDetailPage = page(() => import('../features/pujas/puja-detail-page.tsx'), 'PujaDetailPage');
const PujaBookingPage = page(() => import('../features/booking/puja-booking-page.tsx'), 'PujaBookingPage');
const ProductListPage = page(() => import('../features/products/product-list-page.tsx'), 'ProductListPage');
const ProductDetailPage = page(
  () => import('../features/products/product-detail-page.tsx'),
  'ProductDetailPage',
);
const CategoryPage = page(() => import('../features/products/category-page.tsx'), 'CategoryPage');
const CartPage = page(() => import('../features/cart/cart-page.tsx'), 'CartPage');
const CheckoutPage = page(() => import('../features/checkout/checkout-page.tsx'), 'CheckoutPage');
const OrderConfirmationPage = page(
  () => import('../features/checkout/order-confirmation-page.tsx'),
  'OrderConfirmationPage',
);
const AboutPage = page(() => import('../features/pages/about-page.tsx'), 'AboutPage');
const ContactPage = page(() => import('../features/pages/contact-page.tsx'), 'ContactPage');
const LegalPage = page(() => import('../features/pages/legal-page.tsx'), 'LegalPage');
/** The back office: its own code and CSS, downloaded only under /admin (tests/budget/). */
const AdminApp = page(() => import('../features/admin/admin-app.tsx'), 'AdminApp');
const StaffInvitationPage = page(
  () => import('../features/account/staff-invitation-page.tsx'),
  'StaffInvitationPage',
);
const LoginPage = page(() => import('../features/account/login-page.tsx'), 'LoginPage');
const RegisterPage = page(() => import('../features/account/register-page.tsx'), 'RegisterPage');
const ForgotPasswordPage = page(
  () => import('../features/account/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/account/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const AccountPage = page(() => import('../features/account/account-page.tsx'), 'AccountPage');
const OrderDetailPage = page(() => import('../features/account/order-detail-page.tsx'), 'OrderDetailPage');
const BookingDetailPage = page(
  () => import('../features/account/booking-detail-page.tsx'),
  'BookingDetailPage',
);
const MessagePreferencesPage = page(
  () => import('../features/account/message-preferences-page.tsx'),
  'MessagePreferencesPage',
);
const NotFoundPage = page(() => import('../features/pages/not-found-page.tsx'), 'NotFoundPage');

/** Where each page's links lead, for preloading (the Switch below is the routing itself). */
const preloads: ReadonlyArray<[pattern: string, page: Page]> = [
  ['/', HomePage],
  ['/pujas', PujaListPage],
  ['/pujas/:id', PujaDetailPage],
  ['/puja-booking/:id', PujaBookingPage],
  ['/products/:id?', ProductListPage],
  ['/productDetails/:id', ProductDetailPage],
  ['/productCategory', CategoryPage],
  ['/cart', CartPage],
  ['/checkout', CheckoutPage],
  ['/order-confirmation/:id', OrderConfirmationPage],
  ['/about', AboutPage],
  ['/contact', ContactPage],
  ...legalPaths.map((path): [string, Page] => [path, LegalPage]),
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
  ['/account/:tab?', AccountPage],
];

/**
 * Fetches a page's chunk as soon as a link to it is pointed at (mouse hover, or a finger's first
 * touch) or focused with the keyboard, so the click finds it ready. One listener on the document
 * serves every in-app link: the header's, the cards', the breadcrumbs'.
 */
function usePreloadOnIntent() {
  const { parser } = useRouter();
  useEffect(() => {
    const started = new Set<Page>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
      if (!link) return;
      const path = (link.getAttribute('href') ?? '').slice(1).split('?')[0] ?? '/';
      const found = preloads.find(([pattern]) => matchRoute(parser, pattern, path)[0]);
      if (!found || started.has(found[1])) return;
      started.add(found[1]);
      found[1].preload();
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [parser]);
}

/** The Switch below routes the paths of contract/routes.ts, in its order (tests/contract/routes.test.ts). */
export function AppRoutes() {
  const [location] = useLocation();
  usePreloadOnIntent();
  return (
    <RouteBoundary resetKey={location} onReset={retryFailedPages}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/pujas" component={PujaListPage} />
        <Route path="/pujas/:id" component={PujaDetailPage} />
        <Route path="/puja-booking/:id">
          <RequireSignIn>
            <PujaBookingPage />
          </RequireSignIn>
        </Route>
        <Route path="/products/:id?" component={ProductListPage} />
        <Route path="/productDetails/:id" component={ProductDetailPage} />
        <Route path="/productCategory" component={CategoryPage} />
        <Route path="/cart" component={CartPage} />
        {/* Checkout applies its own sign-in guard (the checkout machine), as docs/product-rules.md, Orders describes. */}
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/order-confirmation/:id">
          <RequireSignIn>
            <OrderConfirmationPage />
          </RequireSignIn>
        </Route>
        <Route path="/about" component={AboutPage} />
        <Route path="/contact" component={ContactPage} />
        {legalPaths.map((path) => (
          <Route key={path} path={path} component={LegalPage} />
        ))}
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/account/orders/:id">
          <RequireSignIn>
            <OrderDetailPage />
          </RequireSignIn>
        </Route>
        <Route path="/account/bookings/:id">
          <RequireSignIn>
            <BookingDetailPage />
          </RequireSignIn>
        </Route>
        <Route path="/account/:tab?">
          <RequireSignIn>
            <AccountPage />
          </RequireSignIn>
        </Route>
        <Route path="/staff-invitation" component={StaffInvitationPage} />
        <Route path="/messages/preferences" component={MessagePreferencesPage} />
        <Route path="/admin/*?" component={AdminApp} />
        <Route component={NotFoundPage} />
      </Switch>
    </RouteBoundary>
  );
}
