import { Router } from 'wouter';
import { CartProvider } from '../live/cart.tsx';
import { useHashLocation, useHashSearch } from '../live/hash-location.ts';
import { AppRoutes } from './routes.tsx';
import { SessionProvider } from '../live/session.tsx';
import { Shell } from './shell/shell.tsx';

/** Hash routing (/#/pujas) keeps the SPA's routes apart from the API's paths. */
export function App() {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      <SessionProvider>
        <CartProvider>
          <Shell>
            <AppRoutes />
          </Shell>
        </CartProvider>
      </SessionProvider>
    </Router>
  );
}
