import { useId, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { authMessages } from '../../../contract/auth.ts';
import { accountCalls } from '../../live/account.ts';
import { ErrorBanner } from '../../ui/status.tsx';
import { useAccountForm } from './use-account-form.ts';
import './auth.css';

/**
 * /reset-password?token=… (docs/product-rules.md, Sign-in, registration and tokens): the page the
 * e-mailed link opens. A new password twice; the server refuses a used, expired or unknown link.
 */
export function ResetPasswordPage() {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const form = useAccountForm(accountCalls.resetPassword);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The one check the contract cannot make: both boxes say the same.
    setMismatch(password !== confirm);
    if (password === confirm) form.submit({ token, password });
  };
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setMismatch(false);
    form.edited();
  };
  return (
    <div className="container page auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Choose a new password</h1>
        {(mismatch || form.error) && (
          <ErrorBanner message={mismatch ? authMessages.passwordMismatch : form.error!} />
        )}
        {form.result ? (
          <>
            <p className="auth-card__notice" role="status">
              {form.result}
            </p>
            <Link href="/login" className="button button--primary">
              Sign in
            </Link>
          </>
        ) : (
          <form className="auth-form" noValidate onSubmit={submit}>
            <div className="field">
              <label htmlFor={`${id}-password`}>New password</label>
              <input
                id={`${id}-password`}
                className="input"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => edited(setPassword)(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-confirm`}>Confirm new password</label>
              <input
                id={`${id}-confirm`}
                className="input"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => edited(setConfirm)(e.target.value)}
              />
            </div>
            <button type="submit" className="button button--primary" disabled={form.sending}>
              {form.sending ? 'Saving...' : 'Set new password'}
            </button>
          </form>
        )}
        <p className="auth-card__footer">
          Link not working? <Link href="/forgot-password">Ask for a new one</Link>
        </p>
      </section>
    </div>
  );
}
