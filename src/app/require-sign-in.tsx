import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { selectIsRestoring, selectIsSignedIn } from '../../machines/session/session.selectors.ts';
import { Spinner } from '../ui/status.tsx';
import { SessionContext } from './session.tsx';

/** Customer-only routes: wait for a stored token to be checked, then send visitors to /login and back. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const restoring = SessionContext.useSelector(selectIsRestoring);
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const [location] = useLocation();
  const search = useSearch();
  if (restoring) {
    return (
      <div className="container page">
        <Spinner label="Checking your session..." />
      </div>
    );
  }
  if (!signedIn) {
    const from = search ? `${location}?${search}` : location;
    return <Redirect to={`/login?redirect=${encodeURIComponent(from)}`} replace />;
  }
  return <>{children}</>;
}
