import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { AppRoutes } from './routes.tsx';
import { Shell } from './shell/shell.tsx';

/** Hash routing (/#/pujas) keeps the SPA's routes apart from the API's paths. */
export function App() {
  return (
    <Router hook={useHashLocation}>
      <Shell>
        <AppRoutes />
      </Shell>
    </Router>
  );
}
