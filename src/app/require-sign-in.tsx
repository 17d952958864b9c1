import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import {
  selectIsRestoring,
  selectIsSignedIn,
  selectIsUnverified,
} from '../../machines/session/session.selectors.ts';
import { CheckingSession } from '../ui/status.tsx';
import { SessionCheckFailed, SessionContext } from '../live/session.tsx';

/**
 * Customer-only routes: wait for a stored token to be checked, then send visitors to /login and
 * back. While the API is unreachable the kept token is neither trusted nor dropped: Retry shows.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const restoring = SessionContext.useSelector(selectIsRestoring);
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const unverified = SessionContext.useSelector(selectIsUnverified);
  const [location] = useLocation();
  const search = useSearch();
  if (restoring) return <CheckingSession />;
  // The API could not be asked about a kept token: offer Retry, never /login (nor a blank page).
  if (unverified) return <SessionCheckFailed />;
  if (!signedIn) {
    const from = search ? `${location}?${search}` : location;
    return <Redirect to={`/login?redirect=${encodeURIComponent(from)}`} replace />;
  }
  return <>{children}</>;
}
