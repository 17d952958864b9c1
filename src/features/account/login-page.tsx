import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { returnToFrom, signInReason, validateLogin } from '../../../machines/session/auth-forms.ts';
import {
  selectError,
  selectIsRestoring,
  selectIsSignedIn,
  selectIsUnverified,
  selectIsSigningIn,
  selectNotice,
} from '../../../machines/session/session.selectors.ts';
import { SessionCheckFailed, SessionContext } from '../../app/session.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
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
  const signingIn = SessionContext.useSelector(selectIsSigningIn);
  const serverError = SessionContext.useSelector(selectError);
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

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [invalid, setInvalid] = useState<string>();
  const id = useId();

  if (signedIn) return <Redirect to={returnToFrom(search, '/account')} replace />;
  if (restoring) {
    return (
      <div className="container page">
        <Spinner label="Checking your session..." />
      </div>
    );
  }
  if (unverified) return <SessionCheckFailed />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateLogin({ email, password });
    if (!result.ok) {
      setInvalid(result.message);
      return;
    }
    setInvalid(undefined);
    session.send({ type: 'session.login', ...result.request, remember, returnTo });
  };

  const error = invalid ?? serverError;
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;

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
          <div className="field">
            <label htmlFor={`${id}-email`}>Email address</label>
            <input
              id={`${id}-email`}
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={invalid !== undefined && email.trim() === '' ? true : undefined}
              aria-describedby={described}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              id={`${id}-password`}
              className="input"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={invalid !== undefined && password.trim() === '' ? true : undefined}
              aria-describedby={described}
            />
          </div>
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
