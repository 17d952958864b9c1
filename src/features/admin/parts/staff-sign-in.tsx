import { useEffect } from 'react';
import { Link } from 'wouter';
import { SessionContext } from '../../../live/session.tsx';
import { SignInFields, useSignInForm } from '../../../live/sign-in-form.tsx';
import { site } from '../../../lib/config.ts';

/**
 * The back office's own sign-in (docs/product-rules.md, Roles and the back office): a visitor at
 * any /admin address signs in here, in the back office's look, and stays at that address. No
 * registration and no social buttons: staff accounts are made by an admin, never by signing up.
 * It signs in through the same session machine as the shop's /login.
 */
export function StaffSignIn({ returnTo }: { returnTo: string }) {
  const session = SessionContext.useActorRef();
  const form = useSignInForm({ remember: false, returnTo });
  const { id, signingIn, submit, error, errorId } = form;

  // A failure from an earlier form (the shop's /login) is not this form's to show.
  useEffect(() => {
    session.send({ type: 'session.formOpened' });
  }, [session]);

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
          <SignInFields form={form} emailAutoComplete="username" />
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
