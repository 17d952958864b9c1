import { Router } from 'wouter';
import { CartProvider } from '../live/cart.tsx';
import { hrefsIn, useHashLocation, useHashSearch } from '../live/hash-location.ts';
import { LocaleProvider, useRouteLocale } from '../live/locale.tsx';
import { AppRoutes } from './routes.tsx';
import { SessionProvider } from '../live/session.tsx';
import { Shell } from './shell/shell.tsx';

/**
 * Hash routing (/#/pujas) keeps the SPA's routes apart from the API's paths. A language other
 * than English leads the route (/#/kn/pujas); links carry the route's language
 * (docs/decisions/0079-interface-text-through-lingui.md).
 */
export function App() {
  const { wanted, shown } = useRouteLocale();
  return (
    <LocaleProvider locale={shown}>
      <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hrefsIn(wanted)}>
        <SessionProvider>
          <CartProvider>
            <Shell>
              <AppRoutes />
            </Shell>
          </CartProvider>
        </SessionProvider>
      </Router>
    </LocaleProvider>
  );
}
