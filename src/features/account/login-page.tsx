import { useEffect, useState } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { returnToFrom, signInReason } from '../../../machines/session/auth-forms.ts';
import {
  selectIsRestoring,
  selectIsSignedIn,
  selectIsUnverified,
  selectNotice,
} from '../../../machines/session/session.selectors.ts';
import { SessionCheckFailed, SessionContext } from '../../live/session.tsx';
import { SignInFields, useSignInForm } from '../../live/sign-in-form.tsx';
import { CheckingSession, ErrorBanner } from '../../ui/status.tsx';
import './auth.css';

const socialProviders = ['Google', 'Facebook'] as const;
const SOCIAL_UNAVAILABLE =
  'Social sign-in is not available yet. Please sign in with your email and password.';

/**
 * Login (docs/product-rules.md, Sign-in, registration and tokens). The session machine signs in, stores the token (local storage
 * with "Remember me") and returns the visitor to `?redirect=`, replacing the login entry.
 */
export function LoginPage() {
  const session = SessionContext.useActorRef();
  const restoring = SessionContext.useSelector(selectIsRestoring);
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const unverified = SessionContext.useSelector(selectIsUnverified);
  const notice = SessionContext.useSelector(selectNotice);
  const search = useSearch();
  const returnTo = returnToFrom(search);

  // The notice ("Registration successful! ...") belongs to the visit that follows registering:
  // it is read once as the page opens, kept while the page is open and forgotten when it closes.
  const [openingNotice] = useState(() => session.getSnapshot().context.notice);
  useEffect(() => {
    session.send({ type: 'session.formOpened', notice: openingNotice });
    return () => session.send({ type: 'session.formOpened' });
  }, [session, openingNotice]);

  const [remember, setRemember] = useState(false);
  const form = useSignInForm({ remember, returnTo });
  const { id, signingIn, submit, error, errorId } = form;

  if (signedIn) return <Redirect to={returnToFrom(search, '/account')} replace />;
  if (restoring) return <CheckingSession />;
  if (unverified) return <SessionCheckFailed />;

  return (
    <div className="container page auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Welcome back</h1>
        <p className="auth-card__lead">{signInReason(returnTo)}</p>
        {notice && !error && (
          <p className="success-banner" role="status">
            {notice}
          </p>
        )}
        {error && (
          <div id={errorId}>
            <ErrorBanner message={error} />
          </div>
        )}
        <form className="auth-form" onSubmit={submit} noValidate>
          <SignInFields form={form} emailAutoComplete="email" />
          <div className="auth-form__row">
            <label className="checkbox">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              <span>Remember me</span>
            </label>
            <Link href="/forgot-password">Forgot password?</Link>
          </div>
          <button type="submit" className="button button--primary auth-form__submit" disabled={signingIn}>
            {signingIn ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        <p className="auth-divider">or</p>
        <div className="social-sign-in">
          {socialProviders.map((provider) => (
            // Inert until social sign-in exists: focusable (so the note is discoverable), does nothing.
            <button
              key={provider}
              type="button"
              className="button"
              aria-disabled="true"
              title={SOCIAL_UNAVAILABLE}
              aria-describedby={`${id}-social-note`}
            >
              Continue with {provider}
            </button>
          ))}
          <p id={`${id}-social-note`} className="social-sign-in__note">
            Social sign-in is coming soon.
          </p>
        </div>
        <p className="auth-card__footer">
          Don&apos;t have an account?{' '}
          <Link href={returnTo === '/' ? '/register' : `/register?redirect=${encodeURIComponent(returnTo)}`}>
            Create an account
          </Link>
        </p>
      </section>
    </div>
  );
}
