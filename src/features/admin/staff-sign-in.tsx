import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { validateLogin } from '../../../machines/session/auth-forms.ts';
import { selectError, selectIsSigningIn } from '../../../machines/session/session.selectors.ts';
import { SessionContext } from '../../app/session.tsx';
import { site } from '../../lib/config.ts';

/**
 * The back office's own sign-in (docs/product-rules.md, Roles and the back office): a visitor at
 * any /admin address signs in here, in the back office's look, and stays at that address. No
 * registration and no social buttons: staff accounts are made by an admin, never by signing up.
 * It signs in through the same session machine as the shop's /login.
 */
export function StaffSignIn({ returnTo }: { returnTo: string }) {
  const session = SessionContext.useActorRef();
  const signingIn = SessionContext.useSelector(selectIsSigningIn);
  const serverError = SessionContext.useSelector(selectError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const id = useId();

  // A failure from an earlier form (the shop's /login) is not this form's to show.
  useEffect(() => {
    session.send({ type: 'session.formOpened' });
  }, [session]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateLogin({ email, password });
    if (!result.ok) {
      setInvalid(result.message);
      return;
    }
    setInvalid(undefined);
    session.send({ type: 'session.login', ...result.request, remember: false, returnTo });
  };

  const error = invalid ?? serverError;
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;

  return (
    <main id="main" className="bo-signin" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <div className="bo-signin__card">
        <p className="bo-signin__brand">
          <strong>{site.brand}</strong>
          <span>Back office</span>
        </p>
        <h1 id={`${id}-title`}>Staff sign-in</h1>
        {error && (
          <p id={errorId} className="bo-signin__error" role="alert">
            {error}
          </p>
        )}
        <form className="bo-signin__form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email address</label>
            <input
              id={`${id}-email`}
              className="input"
              type="email"
              name="email"
              autoComplete="username"
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
          <button type="submit" className="button button--primary" disabled={signingIn}>
            {signingIn ? 'Signing in...' : 'Sign in'}
          </button>
          <Link href="/forgot-password" className="bo-signin__forgot">
            Forgot password?
          </Link>
        </form>
      </div>
    </main>
  );
}
